#!/usr/bin/env bash
# Our robot against the only other Calypso robot (issue #39): ADBond/calypso's ISMCTS agent
# (MIT, TypeScript) plays through the seat API, as a program nobody here wrote, by the adapter
# in tools/peer-robots/. See docs/robots.md, "Against the peer's robot".
#
#   scripts/peer-robots.sh                      # fetch, install, test the adapter, play the match
#   BOARDS=20 EVENTS=4 MS=200 ROBOT_MS=300 scripts/peer-robots.sh
#   ITERATIONS=300 ROBOT_MS=50 CALYPSO_ROBOT_PLAYOUTS_PER_MS=20 scripts/peer-robots.sh
#                                               # both sides' work counted, not timed
#   scripts/peer-robots.sh --prepare-only       # fetch, install and test; no match
#
# Steps:
# 1. The peer at the pinned commit into $PEER_CACHE (default ~/.cache/calypso-director/peer):
#    cloned from GitHub when it answers, else from $PEER_MIRROR (a local clone or bare copy);
#    its dependencies by `npm ci`.
# 2. The adapter's dependencies (`npm ci` in tools/peer-robots, pinned by its lock file), its
#    link `tools/peer-robots/peer` to the peer's src/, and its tests (vitest).
# 3. The match (tools/peer-robots/src/match.ts): our server built and started on a fresh
#    SQLite file, a club and a director's API token, EVENTS team matches of BOARDS boards
#    played online, our robots in team A's seats (the event's robot budget ROBOT_MS, which
#    the server counts in playouts, 100 a ms) and the peer's in team B's (MS milliseconds a
#    card, timed); the summary printed (mean net per board, 95% interval). For equal time a
#    card, set MS to the time our robot's card takes at ROBOT_MS.
#
# Needs git, Node.js 20 with npm, cargo. Not run in CI (CI reaches no GitHub): run by hand.
set -euo pipefail
PEER_COMMIT=feb5275129338860616ee019e7fbd1128fa949f3
PEER_REPO=${PEER_REPO:-https://github.com/ADBond/calypso}
PEER_MIRROR=${PEER_MIRROR:-/work/.mirror/ADBond+calypso/repo}
PEER_CACHE=${PEER_CACHE:-$HOME/.cache/calypso-director/peer}
here=$(cd "$(dirname "$0")/.." && pwd)
tools="$here/tools/peer-robots"
peer="$PEER_CACHE/calypso"

mkdir -p "$PEER_CACHE"
if [ ! -d "$peer/.git" ]; then
  rm -rf "$peer"
  if ! GIT_TERMINAL_PROMPT=0 timeout 120 git clone --quiet "$PEER_REPO" "$peer" 2>/dev/null; then
    echo "GitHub did not answer: cloning the peer from $PEER_MIRROR" >&2
    rm -rf "$peer"
    git clone --quiet "$PEER_MIRROR" "$peer"
  fi
fi
if ! git -C "$peer" cat-file -e "$PEER_COMMIT^{commit}" 2>/dev/null; then
  GIT_TERMINAL_PROMPT=0 timeout 120 git -C "$peer" fetch --quiet origin ||
    git -C "$peer" fetch --quiet "$PEER_MIRROR"
fi
git -C "$peer" checkout --quiet --detach "$PEER_COMMIT"
echo "peer ADBond/calypso at $(git -C "$peer" log -1 --format='%h %cs')"
(cd "$peer" && npm ci --no-audit --no-fund --loglevel=error)
(cd "$tools" && npm ci --no-audit --no-fund --loglevel=error)
ln -sfn "$peer/src" "$tools/peer"
(cd "$tools" && npx vitest run)

if [ "${1:-}" = "--prepare-only" ]; then
  exit 0
fi

(cd "$here" && cargo build --release --quiet)
(cd "$tools" && npx tsx src/match.ts \
  --bin "$here/target/release/calypso-director" \
  --events "${EVENTS:-2}" --boards "${BOARDS:-100}" --ms "${MS:-200}" --robot-ms "${ROBOT_MS:-${MS:-200}}" \
  ${ITERATIONS:+--iterations "$ITERATIONS"})
