// The peer's time a card at a number of ISMCTS iterations, on the positions of the standard
// fixture board (every 13th card: 16 positions across the four deals).
//
//   npx tsx src/speed.ts 100 1000

import { readFileSync } from "node:fs";
import { choose, Pacer } from "./choose";
import { buildState, DEFAULT_TRUMPS, Seen } from "./state";
import { readView } from "./view";

const file = new URL("../test/fixtures/standard.ndjson", import.meta.url);
const views = readFileSync(file, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => readView(JSON.parse(l)))
  .filter((v) => !v.over);

async function main() {
  const counts = process.argv.slice(2).map(Number);
  for (const n of counts.length ? counts : [100, 1000]) {
    if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new Error(`iterations 1 to 100000, not ${n}`);
    let ms = 0;
    let positions = 0;
    for (let k = 0; k < views.length; k += 13) {
      const v = views[k];
      const seen = new Seen();
      for (const w of views) if (w.seat === v.seat && w.seq <= v.seq) seen.record(w);
      const { state } = buildState(v, seen, DEFAULT_TRUMPS, "standard");
      ms += (await choose(state, new Pacer({ iterations: n }))).ms;
      positions++;
    }
    console.log(`peer ISMCTS, ${n} iterations: ${(ms / positions).toFixed(1)} ms a card (mean of ${positions} positions)`);
  }
}

main();
