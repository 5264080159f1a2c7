#!/usr/bin/env bash
# The whole test suite: the README's second command, and what .ci/run calls.
# Installs the system packages the tests need (Debian), then runs format and lint checks
# and every test.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "scripts/test.sh: missing packages ${need[*]}; run as root or install them" >&2
    exit 1
  fi
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}"
fi

cargo fmt --check
cargo clippy --all-targets -- -D warnings
cargo test
