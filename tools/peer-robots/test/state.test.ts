// The adapter's view -> GameState mapping, on views calypso-director wrote itself:
// docs/api.md's worked example, and whole boards played by the move log's replay
// (`cargo run --example peer_fixtures -- standard|all-fours`, one line a view).

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getSuit, makeCard } from "../peer/game/card";
import { GameState } from "../peer/game/gamestate";
import { choose, Pacer } from "../src/choose";
import {
  buildState,
  DEFAULT_TRUMPS,
  FACE_DOWN,
  lastTrickPlace,
  parseTrumps,
  peerLegal,
  peerSideScores,
  Rule,
  seatIndex,
  Seen,
  ViewGameState,
} from "../src/state";
import { readView, Seat, SEATS, SeatView } from "../src/view";

const here = new URL("./fixtures/", import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, here), "utf8");
const board = (name: string): SeatView[] =>
  fixture(name)
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => readView(JSON.parse(l)));

const sorted = (a: string[]) => [...new Set(a)].sort();

function hiddenHandsAreFaceDown(state: GameState, me: Seat) {
  for (const s of SEATS) {
    if (s === me) continue;
    for (const c of state.players[seatIndex(s)].hand) expect(c).toBe(FACE_DOWN);
  }
}

describe("docs/api.md's worked example (East to play to trick 2)", () => {
  const v = readView(JSON.parse(fixture("docs-example.json")));
  const seen = new Seen();
  seen.record(v);
  const { state, complete } = buildState(v, seen, DEFAULT_TRUMPS, "standard");

  it("knows the first trick from last_trick and North as its leader (West dealt)", () => {
    expect(complete).toBe(true);
    expect(sorted(state.playedCards.map((c) => c.toStringShort()))).toEqual(sorted(["9S", "3S", "2S", "5S", "2H"]));
    expect(state.dealerIndex).toBe(seatIndex("W"));
    expect(state.handNumber).toBe(1);
    expect(state.trickNumber).toBe(2);
    expect(state.currentPlayer.name).toBe("comp1");
  });

  it("holds East's hand and only face-down cards, of the right number, for the others", () => {
    expect(state.players[1].hand.map((c) => c.toStringShort())).toEqual(v.hand);
    hiddenHandsAreFaceDown(state, "E");
    expect(state.players.map((p) => p.hand.length)).toEqual([11, 12, 12, 12]);
  });

  it("has the peer allow exactly the view's legal cards (East must follow hearts)", () => {
    expect(sorted(peerLegal(state))).toEqual(sorted(v.legal!));
  });

  it("scores as the view does: North's four spades in progress, 80", () => {
    expect([...state.players[0].calypsoInProgress].sort()).toEqual(["2S", "3S", "5S", "9S"]);
    expect(peerSideScores(state)).toEqual([80, 0]);
  });

  it("trumps are N S, E D, S H, W C by default", () => {
    expect(state.players.map((p) => p.trumpSuit.toStringShort())).toEqual(["S", "D", "H", "C"]);
  });
});

function wholeBoard(file: string, rule: Rule) {
  const views = board(file);
  const seen: Record<Seat, Seen> = { N: new Seen(), E: new Seen(), S: new Seen(), W: new Seen() };
  // Every card each seat was shown, in any of its views: nothing else may reach its state.
  const shown: Record<Seat, Set<string>> = { N: new Set(), E: new Set(), S: new Set(), W: new Set() };
  const turns = views.filter((v) => !v.over);
  const finals = views.filter((v) => v.over);

  it("is a whole board: 208 cards, then the four seats' final views", () => {
    expect(turns.length).toBe(208);
    expect(finals.map((v) => v.seat)).toEqual(["N", "E", "S", "W"]);
  });

  it("maps every view: the peer's legal cards and side scores are the view's, hidden hands face down", () => {
    for (const v of turns) {
      const s = v.seat;
      seen[s].record(v);
      for (const c of [...v.hand, ...v.trick_so_far.map((p) => p.card), ...v.last_trick.map((p) => p.card)]) {
        shown[s].add(c);
      }
      const { state, complete } = buildState(v, seen[s], DEFAULT_TRUMPS, rule);
      const where = `seq ${v.seq} (${s}, deal ${v.deal} trick ${v.trick})`;
      expect(complete, where).toBe(true);
      expect(sorted(peerLegal(state)), where).toEqual(sorted(v.legal!));
      expect(peerSideScores(state), where).toEqual([v.score.sides.NS.points, v.score.sides.EW.points]);
      hiddenHandsAreFaceDown(state, s);
      // Cards played so far in the board: 52 a deal before this one, 4 a trick, this trick's.
      expect(state.playedCards.length, where).toBe((v.deal - 1) * 52 + (v.trick - 1) * 4 + v.trick_so_far.length);
      // Nothing in the state that the seat was not shown.
      for (const c of [...state.playedCards, ...state.players[seatIndex(s)].hand]) {
        expect(shown[s].has(c.toStringShort()), `${where}: ${c.toStringShort()}`).toBe(true);
      }
      // The dealer is the seat before the deal's first leader.
      const first = turns.find((w) => w.deal === v.deal)!;
      expect(state.dealerIndex, where).toBe((seatIndex(first.seat) + 3) % 4);
    }
  });

  it("the peer's trick rule picks the same winner as the engine on every trick of the board", () => {
    // The engine's winner leads the next trick: the first view of each trick shows who.
    const leaders = new Map<string, Seat>();
    for (const v of turns) {
      const k = `${v.deal}:${v.trick}`;
      if (!leaders.has(k)) leaders.set(k, v.trick_so_far.length ? v.trick_so_far[0].seat : v.to_play!);
    }
    let checked = 0;
    const tricks = new Map<string, SeatView>();
    for (const v of views) {
      const place = lastTrickPlace(v);
      if (place && v.last_trick.length === 4) tricks.set(`${place[0]}:${place[1]}`, v);
    }
    for (const [k, v] of tricks) {
      const [deal, trick] = k.split(":").map(Number);
      const t = v.last_trick;
      const trumps = t.map((p) => getSuit(DEFAULT_TRUMPS[p.seat]));
      const cards = t.map((p) => makeCard(p.card));
      const w = GameState.trickWinnerIndex(cards, trumps, rule === "all-fours" ? "allfours" : "standard");
      const next = trick < 13 ? leaders.get(`${deal}:${trick + 1}`) : undefined;
      if (next !== undefined) {
        expect(t[w].seat, `deal ${deal} trick ${trick}: ${t.map((p) => p.seat + p.card).join(" ")}`).toBe(next);
        checked++;
      }
    }
    expect(checked).toBe(4 * 12);
  });

  it("the trick under way is the view's, seat by seat: the fourth card played in the peer's state wins as in the engine", async () => {
    const full = new Map<string, SeatView["last_trick"]>();
    for (const v of views) {
      const place = lastTrickPlace(v);
      if (place && v.last_trick.length === 4) full.set(`${place[0]}:${place[1]}`, v.last_trick);
    }
    const leaders = new Map<string, Seat>();
    for (const v of turns) {
      const k = `${v.deal}:${v.trick}`;
      if (!leaders.has(k)) leaders.set(k, v.trick_so_far.length ? v.trick_so_far[0].seat : v.to_play!);
    }
    let checked = 0;
    const notes: Record<Seat, Seen> = { N: new Seen(), E: new Seen(), S: new Seen(), W: new Seen() };
    for (const v of turns) {
      notes[v.seat].record(v);
      if (v.trick_so_far.length !== 3 || v.trick === 13) continue;
      const { state } = buildState(v, notes[v.seat], DEFAULT_TRUMPS, rule);
      const world = state.clone();
      const card = full.get(`${v.deal}:${v.trick}`)!.find((p) => p.seat === v.seat)!.card;
      world.moveFromIndex(world.currentPlayerHand.find((c) => c.toStringShort() === card)!.index);
      expect(world.currentState).toBe("trick_complete");
      await world.increment();
      expect(SEATS[world.currentPlayerIndex], `deal ${v.deal} trick ${v.trick}`).toBe(leaders.get(`${v.deal}:${v.trick + 1}`));
      checked++;
    }
    expect(checked).toBe(4 * 12);
  });

  it("the final views' scores are what the peer counts for the same calypsos and piles", () => {
    for (const v of finals) {
      const state = new GameState(["random", "random", "random", "random"], { trickplay: "standard" });
      SEATS.forEach((s, i) => {
        state.players[i].completedCalypsoes = v.calypsos[s].completed;
        state.players[i].calypsoInProgress = new Set(v.calypsos[s].ranks.map((r) => r + DEFAULT_TRUMPS[s]));
        state.players[i].trickpile = [];
      });
      state.players[0].trickpile = Array(v.piles.NS).fill(FACE_DOWN);
      state.players[1].trickpile = Array(v.piles.EW).fill(FACE_DOWN);
      expect(peerSideScores(state)).toEqual([v.score.sides.NS.points, v.score.sides.EW.points]);
    }
  });

  it("a playout from mid-board deals every later deal from the cards not yet played", async () => {
    const v = turns.find((w) => w.deal === 2 && w.trick === 7)!;
    const s = new Seen();
    for (const w of turns) if (w.seat === v.seat && w.seq <= v.seq) s.record(w);
    const { state } = buildState(v, s, DEFAULT_TRUMPS, rule);
    // The peer's determinisation, as its ISMCTS does it (determiniseNaive), then play out.
    const world = state.clone() as ViewGameState;
    expect(world).toBeInstanceOf(ViewGameState);
    const unknown = state.fullPack.filter(
      (c) => !state.currentPlayerHand.some((h) => h.index === c.index) && !state.playedCards.some((p) => p.index === c.index),
    );
    expect(unknown.length).toBe(208 - 52 - 6 * 4 - v.trick_so_far.length - v.hand.length);
    world.players.forEach((p, i) => {
      if (i === seatIndex(v.seat)) return;
      const n = p.hand.length;
      p.hand = unknown.splice(0, n);
    });
    const dealt: number[] = [];
    while (world.currentState !== "game_complete") {
      if (world.currentState === "new_hand") {
        await world.increment();
        dealt.push(...world.players.map((p) => p.hand.length));
        const all = world.players.flatMap((p) => p.hand).map((c) => c.index);
        expect(all.every((i) => i >= 0)).toBe(true);
        expect(new Set([...all, ...world.playedCards.map((c) => c.index)]).size).toBe(all.length + world.playedCards.length);
        continue;
      }
      await world.increment();
    }
    expect(dealt).toEqual(Array(8).fill(13));
    expect(world.playedCards.length).toBe(208);
  });

  it("the peer's ISMCTS agent picks one of the view's legal cards", async () => {
    for (const v of [turns[0], turns[77], turns[150], turns[207]]) {
      const s = new Seen();
      for (const w of turns) if (w.seat === v.seat && w.seq <= v.seq) s.record(w);
      const { state } = buildState(v, s, DEFAULT_TRUMPS, rule);
      const c = await choose(state, new Pacer({ iterations: 30 }));
      expect(v.legal).toContain(c.card);
    }
  });
}

describe("a whole board, standard trick rule", () => wholeBoard("standard.ndjson", "standard"));
describe("a whole board, all-fours", () => wholeBoard("all-fours.ndjson", "all-fours"));

describe("reading views", () => {
  const good = () => JSON.parse(fixture("docs-example.json"));
  it("refuses Calypso Duet's open dummies", () => {
    expect(() => readView({ ...good(), dummies: { S: [] } })).toThrow(/Duet/);
  });
  it("refuses a game that is not a four-seat partnership", () => {
    const v = good();
    v.score.split_totals = { N: 0 };
    expect(() => readView(v)).toThrow(/partnership/);
    const w = good();
    delete w.calypsos.W;
    expect(() => readView(w)).toThrow(/four seats/);
  });
  it("refuses a card that is not one", () => {
    const v = good();
    v.hand[0] = "1S";
    expect(() => readView(v)).toThrow(/hand\[0\] is not a card/);
  });
  it("refuses a fifth copy of a card", () => {
    const v = readView(good());
    v.hand[1] = "9S"; // 9S is also the first trick's lead: with the hand, five would be too many
    const s = new Seen();
    const w = readView(good());
    w.last_trick = [
      { seat: "N", card: "9S" },
      { seat: "E", card: "9S" },
      { seat: "S", card: "9S" },
      { seat: "W", card: "9S" },
    ];
    s.record(w);
    v.hand[0] = "9S";
    expect(() => buildState(v, s, DEFAULT_TRUMPS, "standard")).toThrow(/fifth 9S/);
  });
  it("reads a trump seating, and refuses one that is not four different suits", () => {
    expect(parseTrumps("hsdc")).toEqual({ N: "H", E: "S", S: "D", W: "C" });
    expect(() => parseTrumps("SSDC")).toThrow(/each once/);
  });
});
