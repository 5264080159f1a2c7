#!/usr/bin/env bash
# The whole test suite: the README's second command, and what .ci/run calls.
# Installs the system packages the tests need (Debian), then runs format and lint checks,
# every test on SQLite, and the integration tests again on a throwaway PostgreSQL database.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
# zbarimg reads the table cards' QR codes back
command -v zbarimg >/dev/null 2>&1 || need+=(zbar-tools)
# PostgreSQL server and libpq (the `postgres` feature links it), Chromium for the browser test.
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
[ -e /usr/include/postgresql/libpq-fe.h ] || need+=(libpq-dev)
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "scripts/test.sh: missing packages ${need[*]}; run as root or install them" >&2
    exit 1
  fi
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}"
fi

cargo fmt --check
# The default build (SQLite only) must be lint-clean too; the rest compiles once, with PostgreSQL.
cargo clippy --all-targets -- -D warnings
cargo clippy --all-targets --features postgres -- -D warnings
cargo test --features postgres

# The same integration tests against a real PostgreSQL.
PG_VERSION=$(ls /usr/lib/postgresql | sort -n | tail -1)
started_pg=0
stop_pg() {
  if [ "$started_pg" -eq 1 ]; then pg_ctlcluster "$PG_VERSION" main stop || true; fi
}
trap stop_pg EXIT
if ! pg_lsclusters -h | awk -v v="$PG_VERSION" '$1==v && $2=="main"' | grep -q .; then
  pg_createcluster "$PG_VERSION" main
fi
if ! pg_lsclusters -h | awk -v v="$PG_VERSION" '$1==v && $2=="main" && $4=="online"' | grep -q .; then
  pg_ctlcluster "$PG_VERSION" main start
  started_pg=1
fi
as_postgres() { if [ "$(id -u)" -eq 0 ]; then su postgres -c "$1"; else sh -c "$1"; fi; }
if ! as_postgres "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'calypso_test'\"" | grep -q 1; then
  as_postgres "psql -q -c \"CREATE ROLE calypso_test LOGIN PASSWORD 'calypso_test' CREATEDB\""
fi
# Each test creates and drops its own database through this admin URL; clean_start starts
# the real binary on a fresh PostgreSQL database and reads its log; web_processes runs it
# beside the test's server on one database; event_versions checks the version triggers. Without TLS on loopback:
# a test binary exits with server threads still holding libpq connections, and with
# OpenSSL in them that exit once ended in SIGSEGV after every test had passed.
CALYPSO_TEST_POSTGRES_URL="postgres://calypso_test:calypso_test@localhost/postgres?sslmode=disable" \
  cargo test --features postgres --test 'web_*' --test clean_start --test export_import \
  --test event_versions \
  --test import_mutations --test golden
