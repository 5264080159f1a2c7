// The seat client's loop against a stand-in seat API on this machine: four clients play a
// whole game (four deals, 208 cards), one seat each, reading views and posting cards as
// docs/api.md says (201 with the new view, 409 when the table moved on). The stand-in referees
// with the peer's own rules (its GameState), so this tests the client's protocol, not our
// server: that is the match's part.

import { createServer, IncomingMessage, ServerResponse } from "node:http";
import { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Card, getSuit } from "../peer/game/card";
import { GameState } from "../peer/game/gamestate";
import { playSeat } from "../src/client";
import { DEFAULT_TRUMPS } from "../src/state";
import { Seat, SEATS } from "../src/view";

class StandIn {
  readonly game = new GameState(["human", "human", "human", "human"], { trickplay: "standard" });
  seq = 1;
  last: { seat: Seat; card: string }[] = [];
  stale = new Set<Seat>(["E"]); // the first post of each of these seats is answered 409
  refused: string[] = [];
  posts = 0;

  async start() {
    this.game.players.forEach((p, i) => (p.trumpSuit = getSuit(DEFAULT_TRUMPS[SEATS[i]])));
    this.game.dealerIndex = 3;
    await this.settle();
  }

  private async settle() {
    for (;;) {
      const s = this.game.currentState;
      if (s === "play_card" || s === "game_complete") return;
      if (s === "trick_complete") {
        this.last = this.game.trickInProgress.map(([c, p]) => ({ seat: SEATS[p.positionIndex], card: c.toStringShort() }));
      }
      await this.game.increment();
    }
  }

  get over() {
    return this.game.currentState === "game_complete";
  }

  view(seat: Seat) {
    const g = this.game;
    const i = SEATS.indexOf(seat);
    const toPlay = this.over ? null : SEATS[g.currentPlayerIndex];
    const pile = (side: number) => g.players.filter((_, k) => k % 2 === side).reduce((a, p) => a + p.trickpile.length, 0);
    const points = (k: number) => g.players[k].thisHandScore - g.players[k].trickpile.length * 10;
    const players = Object.fromEntries(
      SEATS.map((s, k) => [s, { calypsos: g.players[k].completedCalypsoes, in_progress: g.players[k].calypsoInProgress.size, points: points(k) }]),
    );
    const side = (n: number) => ({
      trick_pile: pile(n),
      revoke_bonus: 0,
      points: points(n) + points(n + 2) + pile(n) * 10,
    });
    const v: Record<string, unknown> = {
      event: 1, round: 1, table: 1, board: 1, seat,
      deal: g.handNumber,
      trick: this.over ? 13 : g.trickNumber,
      to_play: toPlay,
      hand: g.players[i].hand.map((c) => c.toStringShort()),
      trick_so_far: g.trickInProgress.map(([c, p]) => ({ seat: SEATS[p.positionIndex], card: c.toStringShort() })),
      last_trick: this.last,
      calypsos: Object.fromEntries(
        SEATS.map((s, k) => [s, { completed: g.players[k].completedCalypsoes, ranks: [...g.players[k].calypsoInProgress].map((c) => c[0]) }]),
      ),
      piles: { NS: pile(0), EW: pile(1) },
      renounced: { N: [], E: [], S: [], W: [] },
      score: { players, sides: { NS: side(0), EW: side(1) } },
      seq: this.seq,
      over: this.over,
    };
    if (toPlay === seat) v.legal = [...new Set(g.legalMoveIndices.map((k) => Card.cardFromIndex(k, g.fullPack).toStringShort()))];
    return v;
  }

  async post(seat: Seat, body: { card: string; seq: number }): Promise<[number, unknown]> {
    this.posts++;
    if (this.over) return [409, { error: "The game is over: no more cards are played" }];
    if (body.seq !== this.seq) return [409, { error: `the table is at card ${this.seq}` }];
    if (SEATS[this.game.currentPlayerIndex] !== seat) return [409, { error: "not your turn" }];
    if (this.stale.delete(seat)) return [409, { error: "card already played" }];
    const legal = this.game.legalMoveIndices.map((k) => Card.cardFromIndex(k, this.game.fullPack));
    const card = legal.find((c) => c.toStringShort() === body.card);
    if (!card) {
      this.refused.push(`${seat} ${body.card}`);
      return [422, { error: `You may not play ${body.card}` }];
    }
    this.game.playCard(card);
    this.seq++;
    await this.settle();
    return [201, this.view(seat)];
  }
}

const table = new StandIn();
let base = "";
const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
  const m = req.url?.match(/^\/api\/v1\/seats\/t([NESW])(\/cards)?$/);
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (!m) return send(404, { error: "no such seat" });
  const seat = m[1] as Seat;
  if (!m[2] && req.method === "GET") return send(200, table.view(seat));
  if (m[2] && req.method === "POST") {
    let text = "";
    for await (const chunk of req) text += chunk;
    const [status, body] = await table.post(seat, JSON.parse(text));
    return send(status, body);
  }
  send(405, { error: "method" });
});

beforeAll(async () => {
  await table.start();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("four seat clients play a whole game through the seat API", () => {
  it("plays all 208 cards, each seat its own, with a 409 read again and no card refused", async () => {
    const results = await Promise.all(
      SEATS.map((s) =>
        playSeat({ server: base, token: `t${s}`, trumps: DEFAULT_TRUMPS, rule: "standard", budget: { iterations: 3 }, pollMs: 1 }),
      ),
    );
    expect(table.over).toBe(true);
    expect(table.seq).toBe(209);
    expect(table.refused).toEqual([]);
    expect(results.map((r) => r.cards)).toEqual([52, 52, 52, 52]);
    expect(results.map((r) => r.chosen)).toEqual([52, 53, 52, 52]);
    // East's first post was answered 409: it read the table again and played once more.
    expect(table.posts).toBe(209);
    expect(results.map((r) => r.blind)).toEqual([0, 0, 0, 0]);
    for (const r of results) {
      expect(r.view.over).toBe(true);
      expect(r.view.score.sides).toEqual(results[0].view.score.sides);
    }
    const [ns, ew] = [0, 1].map((side) => table.game.players.filter((_, k) => k % 2 === side).reduce((a, p) => a + p.thisHandScore, 0));
    expect([results[0].view.score.sides.NS.points, results[0].view.score.sides.EW.points]).toEqual([ns, ew]);
  }, 120_000);
});
