// The match: our robots against the peer's, duplicate-fashion, through the seat API.
//
//   npx tsx src/match.ts --bin ../../target/release/calypso-director [--events 2] [--boards 100]
//       [--ms 200 | --iterations N] [--robot-ms R] [--rule standard|all-fours] [--trumps SDHC]
//       [--out results.ndjson]
//
// Our server is started on a fresh SQLite file (director.ts). Each event is a team match
// played online: team A (pairs 1 and 2) our robots, team B (pairs 3 and 4) the peer's. At
// table 1 pair 1 (A) sits N-S against pair 4 (B) E-W; at table 2 pair 3 (B) N-S against
// pair 2 (A) E-W; both tables play every board (docs/movement.md, "team-match"). The peer
// thinks `--ms` a card (the adapter's --ms), or `--iterations` a card (counted, as our
// robots' playouts are, so the match does not depend on the machine's load); our robots' budget is the event's robot_ms
// (`--robot-ms`, default the same figure), which the server counts in playouts (100 a ms),
// not in time: for equal time a card, pass the time our robot's card takes at that budget. Round by round,
// the peer's seats (from the director's seat list) are played by the adapter while our
// robots play team A's. Each board's final view gives its score at both tables; the summary
// is the mean over boards of ours less theirs, averaged over the two tables, with its 95%
// interval.

import { appendFileSync, rmSync } from "node:fs";
import { playSeat, SeatResult } from "./client";
import { api, directorToken, Server, startServer } from "./director";
import { DEFAULT_TRUMPS, parseTrumps, Rule, Trumps } from "./state";
import { BoardPair, meanInterval, perBoard } from "./stats";

interface SeatRow {
  round: number;
  table: number;
  board: number | null;
  seat: string;
  entry: number | null;
  name: string | null;
  token: string;
  url: string;
  robot: boolean;
}

function usage(why: string): never {
  console.error(`error: ${why}`);
  console.error(
    "usage: tsx src/match.ts --bin PATH [--events N] [--boards B] [--ms M | --iterations N] [--robot-ms R] [--rule standard|all-fours] [--trumps SDHC] [--out FILE]",
  );
  process.exit(2);
}

function whole(v: string, what: string, min: number, max: number): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) usage(`${what} is a whole number from ${min} to ${max}, not ${v}`);
  return n;
}

interface Options {
  bin: string;
  events: number;
  boards: number;
  ms: number;
  /** ISMCTS iterations a card (0: think `ms` a card instead). */
  iterations: number;
  /** The event's robot budget (event_play.robot_ms), counted in playouts (100 a ms), not timed. */
  robotMs: number;
  rule: Rule;
  trumps: Trumps;
  out: string | null;
}

function options(): Options {
  const o: Options = { bin: "", events: 2, boards: 100, ms: 200, iterations: 0, robotMs: 0, rule: "standard", trumps: DEFAULT_TRUMPS, out: null };
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => (i + 1 < args.length ? args[++i] : usage(`${a} needs a value`));
    if (a === "--bin") o.bin = value();
    else if (a === "--events") o.events = whole(value(), "--events", 1, 50);
    else if (a === "--boards") o.boards = whole(value(), "--boards", 2, 200);
    else if (a === "--ms") o.ms = whole(value(), "--ms", 1, 60_000);
    else if (a === "--iterations") o.iterations = whole(value(), "--iterations", 1, 100_000);
    else if (a === "--robot-ms") o.robotMs = whole(value(), "--robot-ms", 1, 1_000);
    else if (a === "--rule") {
      const r = value();
      if (r !== "standard" && r !== "all-fours") usage(`the peer plays the standard and all-fours trick rules, not ${r}`);
      o.rule = r;
    } else if (a === "--trumps") {
      try {
        o.trumps = parseTrumps(value());
      } catch (e) {
        usage((e as Error).message);
      }
    } else if (a === "--out") o.out = value();
    else usage(`unknown option ${a}`);
  }
  if (!o.bin) usage("--bin (the calypso-director binary) is needed");
  if (o.robotMs === 0) o.robotMs = Math.min(o.ms, 1_000);
  if (o.boards % 2 !== 0) usage("a team match plays an even number of boards");
  return o;
}

const TEAM_PLAYERS = (team: string) =>
  ["majors 1", "majors 2", "minors 1", "minors 2"].map((p) => ({ name: `${team} ${p}` }));

/** One team match set up to be played online, running, round 1 on. */
async function setUp(server: Server, token: string, o: Options, n: number): Promise<number> {
  const trumps = `${o.trumps.N}${o.trumps.E}${o.trumps.S}${o.trumps.W}`;
  const event = (await api(server, token, "POST", "/events", {
    name: `Peer robots ${n}`,
    date: new Date().toISOString().slice(0, 10),
    format: "team-match",
    tables: 2,
    boards: o.boards,
    trick_rule: o.rule,
    trumps,
  })) as { id: number };
  await api(server, token, "PATCH", `/events/${event.id}`, { play: "online", robot_ms: o.robotMs });
  await api(server, token, "POST", `/events/${event.id}/entries`, { kind: "team", name: "Ours", players: TEAM_PLAYERS("Ours") });
  await api(server, token, "POST", `/events/${event.id}/entries`, { kind: "team", name: "Peer", players: TEAM_PLAYERS("Peer") });
  await api(server, token, "PUT", `/events/${event.id}/movement`, {});
  await api(server, token, "POST", `/events/${event.id}/status`, { to: "ready" });
  await api(server, token, "POST", `/events/${event.id}/status`, { to: "running" });
  return event.id;
}

/** The peer's seats of a round: team B's (entries 3 and 4 of the movement: pair 4 E-W at
 *  table 1, pair 3 N-S at table 2). */
function peerSeats(rows: SeatRow[]): SeatRow[] {
  return rows.filter(
    (r) => (r.table === 1 && (r.seat === "E" || r.seat === "W")) || (r.table === 2 && (r.seat === "N" || r.seat === "S")),
  );
}

/** Team A's seats of a round given to our robots. A team names four players, so the seat list
 *  gives every seat of a team match to a person; the director's API seats a robot for each of
 *  team A's (`POST /events/{id}/seats/robot`, docs/api.md): pair 1 N-S at table 1, pair 2 E-W
 *  at table 2. Each answer is the seat as listed, which must say robot. */
async function seatOurRobots(server: Server, token: string, id: number, round: number) {
  const ours: [number, string][] = [
    [1, "N"],
    [1, "S"],
    [2, "E"],
    [2, "W"],
  ];
  for (const [table, seat] of ours) {
    const row = (await api(server, token, "POST", `/events/${id}/seats/robot`, { round, table, seat, robot: true })) as SeatRow;
    if (!row.robot) throw new Error(`event ${id} round ${round}: table ${table} ${seat} was not given to a robot`);
  }
}

interface TableResult {
  event: number;
  board: number;
  table: number;
  ns: number;
  ew: number;
}

async function playEvent(server: Server, token: string, o: Options, id: number, results: TableResult[]) {
  for (let round = 1; round <= o.boards; round++) {
    if (round > 1) await api(server, token, "POST", `/events/${id}/rounds`, { round });
    const rows = (await api(server, token, "GET", `/events/${id}/seats?round=${round}`)) as SeatRow[];
    const mine = peerSeats(rows);
    await seatOurRobots(server, token, id, round);
    if (mine.length !== 4 || mine.some((r) => r.robot)) {
      throw new Error(`event ${id} round ${round}: the peer's four seats are not in the seat list as people's seats`);
    }
    const t0 = Date.now();
    const played: SeatResult[] = await Promise.all(
      mine.map((r) =>
        playSeat({
          server: server.base,
          token: r.token,
          trumps: o.trumps,
          rule: o.rule,
          budget: o.iterations > 0 ? { iterations: o.iterations } : { ms: o.ms },
          pollMs: 50,
          log: (l) => console.error(l),
        }),
      ),
    );
    for (const table of [1, 2]) {
      const p = played.find((s) => s.view.table === table)!;
      const cards = played.filter((s) => s.view.table === table).reduce((a, s) => a + s.cards, 0);
      const think = played.filter((s) => s.view.table === table).reduce((a, s) => a + s.thinkMs, 0);
      const chosen = played.filter((s) => s.view.table === table).reduce((a, s) => a + s.chosen, 0);
      const blind = played.filter((s) => s.view.table === table).reduce((a, s) => a + s.blind, 0);
      const r: TableResult = {
        event: id,
        board: p.view.board,
        table,
        ns: p.view.score.sides.NS.points,
        ew: p.view.score.sides.EW.points,
      };
      results.push(r);
      const line = JSON.stringify({ ...r, peer_cards: cards, peer_ms_per_card: +(think / Math.max(1, chosen)).toFixed(1), blind, seconds: (Date.now() - t0) / 1000 });
      console.log(line);
      if (o.out) appendFileSync(o.out, line + "\n");
    }
  }
}

function summary(results: TableResult[], o: Options): string {
  const byBoard = new Map<string, Partial<BoardPair>>();
  for (const r of results) {
    const key = `${r.event}/${r.board}`;
    const p = byBoard.get(key) ?? { board: r.board };
    if (r.table === 1) p.oursNs = r.ns - r.ew;
    else p.oursEw = r.ew - r.ns;
    byBoard.set(key, p);
  }
  const pairs = [...byBoard.values()].filter((p): p is BoardPair => p.oursNs !== undefined && p.oursEw !== undefined);
  const i = meanInterval(perBoard(pairs));
  return [
    `boards played both ways: ${i.n} (${o.events} team matches of ${o.boards} boards, ${o.rule} trick rule, the peer ${o.iterations > 0 ? `${o.iterations} iterations` : `${o.ms} ms`} a card, our robots' budget robot_ms ${o.robotMs} at ${process.env.CALYPSO_ROBOT_PLAYOUTS_PER_MS ?? 100} playouts a ms)`,
    `our robots less the peer's, per board (averaged over both orientations): ${i.mean.toFixed(1)} ± ${i.half.toFixed(1)} (95% interval; sd ${i.sd.toFixed(1)})`,
  ].join("\n");
}

async function main() {
  const o = options();
  const server = await startServer(o.bin);
  const results: TableResult[] = [];
  try {
    const token = await directorToken(server);
    const ids: number[] = [];
    for (let n = 1; n <= o.events; n++) ids.push(await setUp(server, token, o, n));
    const runs = await Promise.allSettled(ids.map((id) => playEvent(server, token, o, id, results)));
    runs.forEach((r, k) => {
      if (r.status === "rejected") console.error(`event ${ids[k]} stopped: ${(r.reason as Error).message}`);
    });
    console.log(summary(results, o));
  } finally {
    server.process.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    rmSync(server.dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`error: ${(e as Error).message}`);
  process.exit(1);
});
