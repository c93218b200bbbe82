#!/usr/bin/env bash
# Scale benchmark: the growth log (JSON and page) and "next problem" on a database of 100,000
# problems, 10,000 learners and 10,000,000 attempts, on SQLite and on PostgreSQL. `sente
# generate` fills each database; a sequential client (examples/latency.rs) signs in as sampled
# learners and reports p50 / p95 / p99 per endpoint. Goal: p95 < 50 ms.
#
#   bash benches/scale.sh                       # both backends, full size
#   ATTEMPTS=1000000 BACKENDS=sqlite bash benches/scale.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PROBLEMS="${PROBLEMS:-100000}"
LEARNERS="${LEARNERS:-10000}"
ATTEMPTS="${ATTEMPTS:-10000000}"
REQUESTS="${REQUESTS:-300}"
BACKENDS="${BACKENDS:-sqlite postgres}"
PG_ADMIN="${SENTE_BENCH_POSTGRES:-postgres://postgres@127.0.0.1:5432/test}"

cargo build --release --quiet --bin sente --example latency
out=target/scale
mkdir -p "$out"
PORT=18190
trap 'kill ${SERVER_PID:-} 2>/dev/null || true' EXIT

measure() { # database-url label
  RUST_LOG=warn ./target/release/sente serve --addr "127.0.0.1:$PORT" --database "$1" &
  SERVER_PID=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done
  echo "## $2: $PROBLEMS problems, $LEARNERS learners, $ATTEMPTS attempts"
  ./target/release/examples/latency "http://127.0.0.1:$PORT" "$out/$2.sessions" "$REQUESTS"
  kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true
}

for backend in $BACKENDS; do
  case "$backend" in
    sqlite)
      rm -f "$out"/scale.db*
      url="sqlite:$out/scale.db"
      ;;
    postgres)
      base="${PG_ADMIN%/*}"
      psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS sente_scale WITH (FORCE)" -c "CREATE DATABASE sente_scale"
      url="$base/sente_scale"
      ;;
  esac
  # Migrate (serve creates the schema and the shipped bank), then generate.
  RUST_LOG=warn ./target/release/sente serve --addr "127.0.0.1:$PORT" --database "$url" &
  SERVER_PID=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done
  kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true
  ./target/release/sente generate --database "$url" --problems "$PROBLEMS" --learners "$LEARNERS" \
    --attempts "$ATTEMPTS" --sessions 300 --sessions-file "$out/$backend.sessions"
  measure "$url" "$backend"
done
