// A seat API client: plays one seat (a seat link token) with the peer's robot until the
// board is over. GET /api/v1/seats/{token} for the view, POST /api/v1/seats/{token}/cards
// {"card","seq"} to play (201: the new view; 409: the table moved on, read it again; 422: the
// card was refused, which is a fault of the adapter and stops the seat).

import { Budget, choose, Pacer } from "./choose";
import { buildState, Rule, Seen, Trumps } from "./state";
import { readView, SeatView } from "./view";

export interface SeatOptions {
  server: string;
  token: string;
  trumps: Trumps;
  rule: Rule;
  budget: Budget;
  /** Wait between reads while another seat is to play. */
  pollMs?: number;
  /** Give up after this long without the table moving. */
  stallMs?: number;
  log?: (line: string) => void;
}

export interface SeatResult {
  view: SeatView;
  /** Cards played (answered 201). */
  cards: number;
  /** Cards the peer chose (a card answered 409 is chosen again). */
  chosen: number;
  iterations: number;
  thinkMs: number;
  /** Cards chosen while some earlier trick of the board had not been seen whole. */
  blind: number;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text.length > 1_000_000) throw new Error(`an answer of ${text.length} bytes`);
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`an answer that is not JSON (status ${res.status}): ${text.slice(0, 200)}`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function playSeat(o: SeatOptions): Promise<SeatResult> {
  const url = `${o.server.replace(/\/$/, "")}/api/v1/seats/${encodeURIComponent(o.token)}`;
  const seen = new Seen();
  const pacer = new Pacer(o.budget);
  const result = { cards: 0, chosen: 0, iterations: 0, thinkMs: 0, blind: 0 };
  let lastSeq = -1;
  let stillSince = Date.now();
  let next: SeatView | null = null;
  for (;;) {
    let v: SeatView;
    if (next) {
      v = next;
      next = null;
    } else {
      const res = await fetch(url);
      if (res.status !== 200) throw new Error(`GET seat view: status ${res.status}: ${(await res.text()).slice(0, 300)}`);
      v = readView(await readJson(res));
    }
    seen.record(v);
    if (v.seq !== lastSeq) {
      lastSeq = v.seq;
      stillSince = Date.now();
    } else if (Date.now() - stillSince > (o.stallMs ?? 600_000)) {
      throw new Error(`the table has not moved for ${o.stallMs ?? 600_000} ms (card ${v.seq})`);
    }
    if (v.over) return { view: v, ...result };
    if (v.to_play !== v.seat) {
      await sleep(o.pollMs ?? 20);
      continue;
    }
    const built = buildState(v, seen, o.trumps, o.rule);
    if (!built.complete) result.blind++;
    const choice = await choose(built.state, pacer);
    if (!v.legal?.includes(choice.card)) {
      throw new Error(`the peer chose ${choice.card}, the view's legal cards are ${v.legal?.join(" ")}`);
    }
    result.chosen++;
    result.iterations += choice.iterations;
    result.thinkMs += choice.ms;
    const res = await fetch(`${url}/cards`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ card: choice.card, seq: v.seq }),
    });
    if (res.status === 201) {
      result.cards++;
      next = readView(await readJson(res));
    } else if (res.status === 409) {
      o.log?.(`seat ${v.seat}: card ${v.seq} refused as stale (409), reading again`);
    } else {
      throw new Error(`POST ${choice.card} as card ${v.seq}: status ${res.status}: ${(await res.text()).slice(0, 300)}`);
    }
  }
}
