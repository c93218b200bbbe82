#!/usr/bin/env bash
# Property-based API testing with schemathesis (PyPI) against /api/openapi.json of a running
# sente on a fresh SQLite database: no 5xx and no response that breaks the documented schema.
# Usage: bash tests/schemathesis.sh [MAX_EXAMPLES]   (default 100 per operation)
# Installs schemathesis into target/schemathesis-venv on first use (pip, from PyPI).
set -euo pipefail
cd "$(dirname "$0")/.."
examples="${1:-100}"
venv=target/schemathesis-venv
if [ ! -x "$venv/bin/schemathesis" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q schemathesis
fi
cargo build --release --quiet
dir=$(mktemp -d)
port=18089
./target/release/sente serve --addr "127.0.0.1:$port" --database "sqlite:$dir/st.db" \
  > "$dir/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
  sleep 0.2
done
# A signed-in parent's cookie, so that the operations behind sign-in are reached too.
curl -sf -c "$dir/jar" -H 'content-type: application/json' \
  -d '{"role":"parent","username":"schema_parent","password":"violet harbor tadpole 19","display_name":"x"}' \
  "http://127.0.0.1:$port/api/auth/signup" >/dev/null
cookie=$(awk '$6 == "sente_session" {print $7}' "$dir/jar")
"$venv/bin/schemathesis" run "http://127.0.0.1:$port/api/openapi.json" \
  --checks not_a_server_error,response_schema_conformance,content_type_conformance \
  --max-examples "$examples" \
  --phases examples,coverage,fuzzing \
  --header "Cookie: sente_session=$cookie" \
  --suppress-health-check all \
  --workers 2 | tee "$dir/report.txt"
status=${PIPESTATUS[0]}
grep -E "[0-9]+ (generated|test cases)|passed|failed" "$dir/report.txt" | tail -5 || true
if grep -q " 5[0-9][0-9] " "$dir/server.log"; then echo "the server logged a 5xx"; exit 1; fi
exit "$status"
