// Plays seats of calypso-director's seat API with ADBond/calypso's ISMCTS robot.
//
//   npx tsx src/main.ts --server http://127.0.0.1:8080 [--trumps SDHC] [--rule standard|all-fours]
//       (--iterations N | --ms M) TOKEN... | --tokens-file FILE
//
// Each token is one seat (a seat link token); all are played at once, each with its own
// notes (a seat never sees another's hand). When every seat's board is over, one JSON line a
// seat is printed: its final view's scores and the peer's thinking (cards, iterations, ms).

import { readFileSync } from "node:fs";
import { Budget } from "./choose";
import { playSeat } from "./client";
import { DEFAULT_TRUMPS, parseTrumps, Rule, Trumps } from "./state";

function usage(why: string): never {
  console.error(`error: ${why}`);
  console.error(
    "usage: tsx src/main.ts --server URL [--trumps SDHC] [--rule standard|all-fours] (--iterations N | --ms M) TOKEN... | --tokens-file FILE",
  );
  process.exit(2);
}

function positive(v: string | undefined, what: string, most: number): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > most) usage(`${what} is a whole number from 1 to ${most}, not ${v}`);
  return n;
}

async function main() {
  const args = process.argv.slice(2);
  let server = "";
  let trumps: Trumps = DEFAULT_TRUMPS;
  let rule: Rule = "standard";
  let budget: Budget | null = null;
  const tokens: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => (i + 1 < args.length ? args[++i] : usage(`${a} needs a value`));
    if (a === "--server") server = value();
    else if (a === "--trumps") {
      try {
        trumps = parseTrumps(value());
      } catch (e) {
        usage((e as Error).message);
      }
    } else if (a === "--rule") {
      const r = value();
      if (r === "beat-the-leader") usage("the peer has no beat-the-leader trick rule (only standard and all-fours)");
      if (r !== "standard" && r !== "all-fours") usage(`the rule is standard or all-fours, not ${r}`);
      rule = r;
    } else if (a === "--iterations") budget = { iterations: positive(value(), "--iterations", 1_000_000) };
    else if (a === "--ms") budget = { ms: positive(value(), "--ms", 600_000) };
    else if (a === "--tokens-file") {
      tokens.push(...readFileSync(value(), "utf8").split(/\s+/).filter((t) => t !== ""));
    } else if (a.startsWith("--")) usage(`unknown option ${a}`);
    else tokens.push(a);
  }
  if (!server) usage("--server is needed");
  if (!budget) usage("--iterations or --ms is needed");
  if (tokens.length === 0) usage("no seat token given");
  if (tokens.length > 10_000) usage("at most 10,000 seats at once");
  for (const t of tokens) if (!/^[A-Za-z0-9_-]{1,200}$/.test(t)) usage(`"${t.slice(0, 20)}..." is not a seat token`);

  const results = await Promise.allSettled(
    tokens.map((token) =>
      playSeat({ server, token, trumps, rule, budget: budget!, log: (l) => console.error(l) }),
    ),
  );
  let failed = 0;
  results.forEach((r, i) => {
    if (r.status === "fulfilled") {
      const { view: v, cards, chosen, iterations, thinkMs, blind } = r.value;
      console.log(
        JSON.stringify({
          event: v.event,
          round: v.round,
          table: v.table,
          board: v.board,
          seat: v.seat,
          ns: v.score.sides.NS.points,
          ew: v.score.sides.EW.points,
          cards,
          chosen,
          iterations,
          think_ms: Math.round(thinkMs),
          blind,
        }),
      );
    } else {
      failed++;
      console.error(`seat ${tokens[i].slice(0, 8)}...: ${(r.reason as Error).message}`);
    }
  });
  if (failed > 0) process.exit(1);
}

main();
