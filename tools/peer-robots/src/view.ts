// The seat's view as calypso-director's seat API serves it (docs/api.md, "The seat's view";
// src/event/online/view.rs SeatView). Read strictly: the adapter trusts nothing it is sent.

export type Seat = "N" | "E" | "S" | "W";
export const SEATS: readonly Seat[] = ["N", "E", "S", "W"];
export type SuitLetter = "S" | "H" | "D" | "C";
const SUIT_LETTERS: readonly string[] = ["S", "H", "D", "C"];
export const RANK_LETTERS: readonly string[] = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"];

export interface Played {
  seat: Seat;
  card: string;
}

export interface CalypsoView {
  completed: number;
  ranks: string[];
}

export interface SeatView {
  event: number;
  round: number;
  table: number;
  board: number;
  seat: Seat;
  deal: number;
  trick: number;
  to_play: Seat | null;
  hand: string[];
  legal?: string[];
  trick_so_far: Played[];
  last_trick: Played[];
  calypsos: Record<Seat, CalypsoView>;
  piles: { NS: number; EW: number };
  renounced: Record<Seat, SuitLetter[]>;
  score: {
    players: Record<Seat, { calypsos: number; in_progress: number; points: number }>;
    sides: { NS: SidePoints; EW: SidePoints };
  };
  seq: number;
  over: boolean;
}

export interface SidePoints {
  trick_pile: number;
  revoke_bonus: number;
  points: number;
}

export class ViewError extends Error {}

function fail(what: string): never {
  throw new ViewError(`the seat's view does not read: ${what}`);
}

function obj(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) fail(`${what} is not an object`);
  return v as Record<string, unknown>;
}

function int(v: unknown, what: string, min: number, max: number): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    fail(`${what} is not a whole number from ${min} to ${max}`);
  }
  return v;
}

function arr(v: unknown, what: string, most: number): unknown[] {
  if (!Array.isArray(v)) fail(`${what} is not a list`);
  if (v.length > most) fail(`${what} has more than ${most} entries`);
  return v;
}

export function isCard(v: unknown): v is string {
  return (
    typeof v === "string" &&
    v.length === 2 &&
    RANK_LETTERS.includes(v[0]) &&
    SUIT_LETTERS.includes(v[1])
  );
}

function card(v: unknown, what: string): string {
  if (!isCard(v)) fail(`${what} is not a card (${JSON.stringify(v)})`);
  return v;
}

function seat(v: unknown, what: string): Seat {
  if (typeof v !== "string" || !(SEATS as readonly string[]).includes(v)) fail(`${what} is not a seat`);
  return v as Seat;
}

function played(v: unknown, what: string): Played[] {
  return arr(v, what, 4).map((p, i) => {
    const o = obj(p, `${what}[${i}]`);
    return { seat: seat(o.seat, `${what}[${i}].seat`), card: card(o.card, `${what}[${i}].card`) };
  });
}

function perSeat<T>(v: unknown, what: string, each: (x: unknown, w: string) => T): Record<Seat, T> {
  const o = obj(v, what);
  const keys = Object.keys(o);
  if (keys.length !== 4 || !SEATS.every((s) => keys.includes(s))) {
    fail(`${what} is not keyed by the four seats N, E, S, W (the adapter plays four-seat partnership Calypso only)`);
  }
  const out = {} as Record<Seat, T>;
  for (const s of SEATS) out[s] = each(o[s], `${what}.${s}`);
  return out;
}

function side(v: unknown, what: string): SidePoints {
  const o = obj(v, what);
  return {
    trick_pile: int(o.trick_pile, `${what}.trick_pile`, 0, 208),
    revoke_bonus: int(o.revoke_bonus, `${what}.revoke_bonus`, 0, 1_000_000),
    points: int(o.points, `${what}.points`, 0, 10_000_000),
  };
}

/** Reads one view (the parsed JSON of `GET /api/v1/seats/{token}`), checking every key the
 *  adapter uses. A view of a game the peer cannot play (Calypso Duet's dummies, a game
 *  scored each for themselves, a split partnership or a cooperative table) is refused. */
export function readView(json: unknown): SeatView {
  const o = obj(json, "the view");
  if ("dummies" in o) fail("Calypso Duet (open dummies) is not a game the peer plays");
  const score = obj(o.score, "score");
  if ("split_totals" in score || "table_total" in score) {
    fail("only the standard partnership game is played by the peer (not a split partnership or the cooperative game)");
  }
  const sides = obj(score.sides, "score.sides");
  if (!("NS" in sides) || !("EW" in sides)) fail("score.sides is not N-S and E-W: the peer plays partnerships");
  const piles = obj(o.piles, "piles");
  const hand = arr(o.hand, "hand", 13).map((c, i) => card(c, `hand[${i}]`));
  const v: SeatView = {
    event: int(o.event, "event", 0, 2 ** 31),
    round: int(o.round, "round", 0, 2 ** 31),
    table: int(o.table, "table", 0, 2 ** 31),
    board: int(o.board, "board", 0, 2 ** 31),
    seat: seat(o.seat, "seat"),
    deal: int(o.deal, "deal", 0, 4),
    trick: int(o.trick, "trick", 0, 13),
    to_play: o.to_play === null ? null : seat(o.to_play, "to_play"),
    hand,
    trick_so_far: played(o.trick_so_far, "trick_so_far"),
    last_trick: played(o.last_trick, "last_trick"),
    calypsos: perSeat(o.calypsos, "calypsos", (x, w) => {
      const c = obj(x, w);
      return {
        completed: int(c.completed, `${w}.completed`, 0, 4),
        ranks: arr(c.ranks, `${w}.ranks`, 13).map((r, i) => {
          if (typeof r !== "string" || !RANK_LETTERS.includes(r)) fail(`${w}.ranks[${i}] is not a rank`);
          return r;
        }),
      };
    }),
    piles: { NS: int(piles.NS, "piles.NS", 0, 208), EW: int(piles.EW, "piles.EW", 0, 208) },
    renounced: perSeat(o.renounced, "renounced", (x, w) =>
      arr(x, w, 4).map((s, i) => {
        if (typeof s !== "string" || !SUIT_LETTERS.includes(s)) fail(`${w}[${i}] is not a suit`);
        return s as SuitLetter;
      }),
    ),
    score: {
      players: perSeat(score.players, "score.players", (x, w) => {
        const p = obj(x, w);
        return {
          calypsos: int(p.calypsos, `${w}.calypsos`, 0, 4),
          in_progress: int(p.in_progress, `${w}.in_progress`, 0, 13),
          points: int(p.points, `${w}.points`, 0, 10_000_000),
        };
      }),
      sides: { NS: side(sides.NS, "score.sides.NS"), EW: side(sides.EW, "score.sides.EW") },
    },
    seq: int(o.seq, "seq", 1, 209),
    over: o.over === true ? true : o.over === false ? false : fail("over is not true or false"),
  };
  if (o.legal !== undefined) v.legal = arr(o.legal, "legal", 13).map((c, i) => card(c, `legal[${i}]`));
  return v;
}
