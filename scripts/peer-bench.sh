#!/usr/bin/env bash
# Random legal Calypso games per second: ours (`bench engine`, standard) beside the only public
# Calypso engine, ADBond/calypso (TypeScript), four random agents in its lean loop: its
# `GameState.increment` called until the round is complete, no UI state and no log. Its
# "round" is one pack of four shuffled and dealt in four hands, our "game" (four deals); its
# "game" is several rounds. Both play the same number of games, one after the other, RUNS
# times; each line is one run's figure.
#
#   scripts/peer-bench.sh            # 2000 games, 3 runs, the peer cloned from GitHub
#   GAMES=1000 RUNS=5 PEER_REPO=/path/to/calypso scripts/peer-bench.sh
#
# Needs git, Node.js 20 with npm (the peer's dependencies install with `npm ci`) and cargo.
set -euo pipefail
GAMES=${GAMES:-2000}
RUNS=${RUNS:-3}
PEER_REPO=${PEER_REPO:-https://github.com/ADBond/calypso}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone --quiet "$PEER_REPO" "$work/calypso"
(cd "$work/calypso" && git log -1 --format='peer commit %h %cs' && npm ci --silent --no-audit --no-fund)
cat > "$work/calypso/src/simulate/peer_bench.ts" <<'TS'
import { GameState } from '../game/gamestate';
import { AgentName } from '../game/agent/agent';
const n = Number(process.argv[2] ?? 2000);
const agents: AgentName[] = ['random', 'random', 'random', 'random'];
// One round: shuffle, four hands dealt and played out by random agents, scored.
async function round() {
  const state = new GameState(agents, { trickplay: 'standard' });
  while (state.currentState !== 'round_complete') await state.increment(null);
}
async function main() {
  for (let i = 0; i < 100; i++) await round(); // warm-up, not timed
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await round();
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(`peer ADBond/calypso: ${Math.round(n / s)} games/s (${n} rounds of four hands in ${s.toFixed(2)} s)`);
}
main();
TS
(cd "$here" && cargo build --release --quiet)
for run in $(seq 1 "$RUNS"); do
  echo "run $run"
  (cd "$work/calypso" && npx tsx src/simulate/peer_bench.ts "$GAMES")
  "$here/target/release/calypso-director" bench engine --games "$GAMES" --repetitions 1 | grep 'engine standard'
done
