// From the seat's view (and what this seat saw in its earlier views) to the peer's GameState.
//
// The peer (ADBond/calypso, src/game/gamestate.ts) keeps every hand in its GameState; its
// ISMCTS agent redeals the other hands at every iteration (determiniseNaive: the cards that
// are neither in the seat's own hand nor among `playedCards`, shuffled, each other hand its
// current size). So the state built here holds the seat's own hand and, for the other three
// seats, face-down cards (FACE_DOWN, index -1, which is no card of the pack) of the right
// number only: the adapter never needs, and never has, a hidden card.
//
// One thing the peer's own state knows that a seat does not: the undealt pack of the later
// deals (the peer's `pack`, which its own ISMCTS leaves as it is). ViewGameState deals every
// later deal of a playout from the cards not yet played in that playout instead, shuffled:
// the pack a seat cannot see, guessed the way the other hands are.

import { Card, getFullPack, getSuit, makeCard, shuffle, Suit } from "../peer/game/card";
import { GameLog } from "../peer/game/log";
import { GameState, TrickPlayOption } from "../peer/game/gamestate";
import { Player, playerNameArr } from "../peer/game/player";
import { randomAgent } from "../peer/game/agent/random";
import { Played, Seat, SEATS, SeatView, SuitLetter } from "./view";

/** The seats' personal trump suits, N E S W (calypso-director's default is S D H C). */
export type Trumps = Record<Seat, SuitLetter>;
export const DEFAULT_TRUMPS: Trumps = { N: "S", E: "D", S: "H", W: "C" };

/** The peer's trick rules: "standard" (a led personal trump wins unless anyone trumps in)
 *  and "all-fours". calypso-director's "beat-the-leader" has no counterpart in the peer. */
export type Rule = "standard" | "all-fours";

export function parseTrumps(text: string): Trumps {
  const t = text.toUpperCase();
  if (!/^[SHDC]{4}$/.test(t) || new Set(t).size !== 4) {
    throw new Error(`trumps are the four suits for N, E, S, W in order, each once (SDHC), not "${text}"`);
  }
  return { N: t[0], E: t[1], S: t[2], W: t[3] } as Trumps;
}

export function seatIndex(s: Seat): number {
  return SEATS.indexOf(s);
}

const CARDS_PER_HAND = 13;
const DEALS = 4;

function trickKey(deal: number, trick: number): string {
  return `${deal}:${trick}`;
}

/** What one seat has seen of its board: every card of every trick it was shown, and the
 *  leader of each deal's first trick. Kept per seat: a client holding two seats keeps two,
 *  and neither sees the other's hand. */
export class Seen {
  readonly tricks = new Map<string, Map<Seat, string>>();
  readonly firstLeaders = new Map<number, Seat>();
  board: string | null = null;

  /** Adds what `v` shows. A view of another board starts afresh. A card the view shows
   *  differently from an earlier view is an error (the table's log cannot change). */
  record(v: SeatView): void {
    const board = `${v.event}/${v.round}/${v.table}/${v.board}/${v.seat}`;
    if (this.board !== board) {
      this.tricks.clear();
      this.firstLeaders.clear();
      this.board = board;
    }
    this.add(v.deal, v.trick, v.trick_so_far);
    if (v.trick === 1 && v.to_play !== null) {
      this.firstLeaders.set(v.deal, v.trick_so_far.length > 0 ? v.trick_so_far[0].seat : v.to_play);
    }
    const last = lastTrickPlace(v);
    if (last !== null && v.last_trick.length > 0) {
      this.add(last[0], last[1], v.last_trick);
      if (last[1] === 1) this.firstLeaders.set(last[0], v.last_trick[0].seat);
    }
  }

  private add(deal: number, trick: number, cards: Played[]): void {
    if (cards.length === 0) return;
    const key = trickKey(deal, trick);
    let t = this.tricks.get(key);
    if (!t) {
      t = new Map();
      this.tricks.set(key, t);
    }
    for (const p of cards) {
      const before = t.get(p.seat);
      if (before !== undefined && before !== p.card) {
        throw new Error(`deal ${deal} trick ${trick}: ${p.seat} was shown playing ${before}, now ${p.card}`);
      }
      t.set(p.seat, p.card);
    }
  }

  /** Every card seen played in this board (all deals so far), trick by trick. */
  playedCards(): string[] {
    const out: string[] = [];
    for (const t of this.tricks.values()) out.push(...t.values());
    return out;
  }

  /** Cards of deals 1..deal, tricks before `trick` of `deal`: how many of them were seen. */
  complete(deal: number, trick: number): boolean {
    for (let d = 1; d <= deal; d++) {
      const last = d < deal ? CARDS_PER_HAND : trick - 1;
      for (let t = 1; t <= last; t++) {
        if ((this.tricks.get(trickKey(d, t))?.size ?? 0) !== 4) return false;
      }
    }
    return true;
  }
}

/** Which trick `last_trick` is: the one before the trick under way (the previous deal's
 *  last at a deal's first trick), or the last one once the game is over. */
export function lastTrickPlace(v: SeatView): [number, number] | null {
  if (v.over) return [v.deal, v.trick];
  if (v.trick > 1) return [v.deal, v.trick - 1];
  if (v.deal > 1) return [v.deal - 1, CARDS_PER_HAND];
  return null;
}

/** A card of a hidden hand: no card of the pack (its index is -1). The peer's ISMCTS
 *  replaces every one of them before it plays a playout. */
export const FACE_DOWN = new Card(getSuit("S"), makeCard("2S").rank, -1);

/** The peer's GameState, dealing later deals of a playout from the cards not played yet. */
export class ViewGameState extends GameState {
  clone(): GameState {
    const s = super.clone();
    Object.setPrototypeOf(s, ViewGameState.prototype);
    return s;
  }

  dealCards(log: GameLog | null): void {
    const played = new Set(this.playedCards.map((c) => c.index));
    const pack = this.fullPack.filter((c) => !played.has(c.index));
    shuffle(pack);
    this.pack = pack;
    super.dealCards(log);
  }
}

export interface Built {
  state: ViewGameState;
  /** Every card the seat has seen played was found in its notes (no trick was missed). */
  complete: boolean;
}

/** Takes copies of each card from the peer's four-deck pack, each copy once. */
class Copies {
  private readonly free = new Map<string, Card[]>();
  constructor(pack: Card[]) {
    for (const c of pack) {
      const k = c.toStringShort();
      const l = this.free.get(k) ?? [];
      l.push(c);
      this.free.set(k, l);
    }
  }
  take(card: string, what: string): Card {
    const c = this.free.get(card)?.shift();
    if (!c) throw new Error(`${what}: a fifth ${card}, the pack has four`);
    return c;
  }
}

/** The peer's state of the game for `v`'s seat, which must be the seat to play. `seen`
 *  must already hold `v` (Seen.record). */
export function buildState(v: SeatView, seen: Seen, trumps: Trumps, rule: Rule): Built {
  if (v.over || v.to_play !== v.seat) throw new Error("the peer is asked for a card only when its seat is to play");
  if (v.deal < 1 || v.deal > DEALS || v.trick < 1) throw new Error(`deal ${v.deal} trick ${v.trick} is not a deal in play`);
  const trickplay: TrickPlayOption = rule === "all-fours" ? "allfours" : "standard";
  const state = new ViewGameState(["random", "random", "random", "random"], { trickplay });
  state.fullPack = getFullPack();
  const copies = new Copies(state.fullPack);
  const me = seatIndex(v.seat);

  state.players = SEATS.map((s, i) => {
    const p = new Player(s, playerNameArr[i], randomAgent, i, getSuit(trumps[s]));
    p.completedCalypsoes = v.calypsos[s].completed;
    p.calypsoInProgress = new Set(v.calypsos[s].ranks.map((r) => `${r}${trumps[s]}`));
    return p;
  });
  // The trick piles: the peer keeps one per player and adds them by side; only their size
  // counts (the peer scores 10 a card), and its clone() does not copy them.
  state.players[0].trickpile = Array(v.piles.NS).fill(FACE_DOWN);
  state.players[1].trickpile = Array(v.piles.EW).fill(FACE_DOWN);

  state.players[me].hand = v.hand.map((c) => copies.take(c, "the hand"));

  const inTrick = new Set(v.trick_so_far.map((p) => p.seat));
  for (const s of SEATS) {
    if (s === v.seat) continue;
    const left = CARDS_PER_HAND - (v.trick - 1) - (inTrick.has(s) ? 1 : 0);
    state.players[seatIndex(s)].hand = Array(left).fill(FACE_DOWN);
  }
  const mine = CARDS_PER_HAND - (v.trick - 1);
  if (v.hand.length !== mine) {
    throw new Error(`deal ${v.deal} trick ${v.trick}: the hand has ${v.hand.length} cards, not ${mine}`);
  }

  // The cards seen played, this trick's as the same copies the trick holds.
  const current = new Map<Seat, Card>();
  const played: Card[] = [];
  const thisTrick = trickKey(v.deal, v.trick);
  for (const [key, t] of seen.tricks) {
    for (const [s, c] of t) {
      const copy = copies.take(c, "the cards played");
      played.push(copy);
      if (key === thisTrick) current.set(s, copy);
    }
  }
  state.playedCards = played;
  state.trickInProgress = v.trick_so_far.map((p) => {
    const c = current.get(p.seat);
    if (!c) throw new Error("the view was not recorded before the state was built");
    return [c, state.players[seatIndex(p.seat)]];
  });
  state.previousTrick = [];

  const leader = seen.firstLeaders.get(v.deal);
  if (leader === undefined) throw new Error(`deal ${v.deal}: its first leader was not seen`);
  state.dealerIndex = (seatIndex(leader) + 3) % 4;
  state.currentPlayerIndex = me;
  state.handNumber = v.deal;
  state.trickIndex = v.trick - 1;
  state.currentState = "play_card";
  state.pack = [];
  return { state, complete: seen.complete(v.deal, v.trick) };
}

/** The peer's side scores (N-S, E-W) of `state` as it stands: what the peer adds up when
 *  a round ends (GameState.updateScores), before it is added. */
export function peerSideScores(state: GameState): [number, number] {
  const s = [0, 0];
  state.players.forEach((p, i) => (s[i % 2] += p.thisHandScore));
  return [s[0], s[1]];
}

/** The cards the peer would let the seat to play play, in our notation. */
export function peerLegal(state: GameState): string[] {
  return state.legalMoveIndices.map((i) => Card.cardFromIndex(i, state.fullPack).toStringShort());
}

export type { Suit };
