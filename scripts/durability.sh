#!/usr/bin/env bash
# The durability test at 100 cycles (cargo test runs it at 20): the real server on a SQLite
# file, SIGKILLed at random moments while a client submits results, restarted on the same
# file and checked after every kill. Debug build (the one `cargo test` makes); the figures
# come from the test's own summary line.
#   scripts/durability.sh            100 cycles
#   scripts/durability.sh 250        another number of cycles
# CALYPSO_DURABILITY_SEED=<n> repeats a run's random choices (printed at its start).
set -euo pipefail
cd "$(dirname "$0")/.."
cycles="${1:-100}"
case "$cycles" in
  '' | *[!0-9]*) echo "scripts/durability.sh: cycles must be a whole number, not '$cycles'" >&2; exit 2 ;;
esac
out=$(mktemp)
trap 'rm -f "$out"' EXIT
if CALYPSO_DURABILITY_CYCLES="$cycles" \
  cargo test --test durability -- --nocapture --test-threads 1 >"$out" 2>&1; then
  grep -E '^(durability:|test result:)' "$out"
else
  cat "$out"
  exit 1
fi
