#!/usr/bin/env bash
# Load benchmark of answer checks (POST /api/attempts/{id}/moves), side by side with an empty
# actix-web handler in the same run, on loopback with wrk. Prints requests/s, the ratio, p99 and
# the count of non-2xx answers; then kills the server with SIGKILL and checks that every move it
# acknowledged is in the database.
#
#   bash benches/load.sh            # 10 s per phase
#   DURATION=30s CONNECTIONS=32 bash benches/load.sh
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${DURATION:-10s}"
CONNECTIONS="${CONNECTIONS:-16}"
THREADS="${THREADS:-2}"
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk"; exit 1; }

cargo build --release --quiet --bin sente --example empty_server
work="$(mktemp -d)"
trap 'kill -9 ${SENTE_PID:-} ${EMPTY_PID:-} 2>/dev/null || true; rm -rf "$work"' EXIT
db="$work/load.db"
SENTE_PORT=18180
EMPTY_PORT=18181

RUST_LOG=warn ./target/release/sente serve --addr "127.0.0.1:$SENTE_PORT" --database "sqlite:$db" &
SENTE_PID=$!
./target/release/examples/empty_server "127.0.0.1:$EMPTY_PORT" &
EMPTY_PID=$!
for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$SENTE_PORT/healthz" >/dev/null && break; sleep 0.2; done

# A capture-in-one problem of the shipped bank: its answer is solved in one move.
problem=$(curl -s "http://127.0.0.1:$SENTE_PORT/api/problems?kind=capture&limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
answer=$(curl -s "http://127.0.0.1:$SENTE_PORT/api/problems/$problem/solution" | python3 -c 'import json,sys; print(json.load(sys.stdin)["steps"][0]["move"])')

# Phase 1: enough fresh attempts for phase 2 (each attempt takes one answer).
cat > "$work/attempts.lua" <<LUA
wrk.method = "POST"
wrk.path = "/api/problems/$problem/attempts"
LUA
# Twice the answer phase's length, so that answers never run out of open attempts.
for _ in 1 2; do
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" -s "$work/attempts.lua" "http://127.0.0.1:$SENTE_PORT" >> "$work/attempts.txt"
done
attempts=$(python3 -c "import sqlite3; print(sqlite3.connect('$db').execute('select max(id) from attempts').fetchone()[0])")

# Phase 2: answer checks, each thread walking its own share of the attempts.
cat > "$work/moves.lua" <<LUA
local counter = 0
local threads = {}
function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end
function init(args)
  ok, bad = 0, 0
end
function request()
  counter = counter + 1
  local attempt = counter * $THREADS + id
  if attempt > $attempts then attempt = 1 end
  return wrk.format("POST", "/api/attempts/" .. attempt .. "/moves", {["content-type"] = "application/json"}, '{"move": "$answer"}')
end
function response(status, headers, body)
  if status == 200 then ok = ok + 1 else bad = bad + 1 end
end
function done(summary, latency, requests)
  local oks, bads = 0, 0
  for _, t in ipairs(threads) do oks = oks + t:get("ok"); bads = bads + t:get("bad") end
  io.write(string.format("STATUS ok=%d bad=%d\n", oks, bads))
  io.write(string.format("P99 %.3f\n", latency:percentile(99) / 1000))
end
LUA
# The empty handler gets the same requests.
cp "$work/moves.lua" "$work/empty.lua"

wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$work/empty.lua" "http://127.0.0.1:$EMPTY_PORT" > "$work/empty.txt"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$work/moves.lua" "http://127.0.0.1:$SENTE_PORT" > "$work/moves.txt"

# Durability: SIGKILL, then count the stored learner moves against the acknowledged answers.
kill -9 "$SENTE_PID"
wait "$SENTE_PID" 2>/dev/null || true
stored=$(python3 -c "import sqlite3; print(sqlite3.connect('$db').execute('select count(*) from attempt_moves where by_learner').fetchone()[0])")

python3 - "$work" "$stored" "$attempts" <<'PY'
import re, sys
work, stored, attempts = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def read(name):
    t = open(f"{work}/{name}").read()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", t).group(1))
    p99 = float(re.search(r"P99 ([\d.]+)", t).group(1))
    ok, bad = map(int, re.search(r"STATUS ok=(\d+) bad=(\d+)", t).groups())
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", t)
    return rps, p99, ok, bad
e_rps, e_p99, _, _ = read("empty.txt")
s_rps, s_p99, s_ok, s_bad = read("moves.txt")
print("== answer checks vs an empty actix-web handler (loopback, wrk) ==")
print(f"{'server':<28}{'requests/s':>12}{'p99 ms':>10}")
print(f"{'empty actix-web handler':<28}{e_rps:>12.0f}{e_p99:>10.2f}")
print(f"{'sente answer check':<28}{s_rps:>12.0f}{s_p99:>10.2f}")
print(f"ratio: {s_rps / e_rps:.1%} of the empty handler (goal >= 50%), p99 {s_p99:.2f} ms (goal < 5 ms)")
print(f"answers: {s_ok} acknowledged (200), {s_bad} other (goal: 0 non-2xx); attempts available: {attempts}")
print(f"durability after kill -9: {stored} learner moves stored, {s_ok} acknowledged -> {'OK' if stored >= s_ok else 'LOST MOVES'}")
sys.exit(0 if stored >= s_ok else 1)
PY
