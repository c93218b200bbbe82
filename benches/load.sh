#!/usr/bin/env bash
# Load benchmark of the answer path, side by side with an empty actix-web handler in the same run
# (loopback, wrk), on SQLite and on PostgreSQL:
#   1. answer checks (POST /api/attempts/{id}/moves on fresh guest attempts): requests/s against
#      the empty handler, p99, non-2xx; then kill -9 and count stored vs acknowledged moves;
#   2. a mixed workload of LEARNERS signed-in children for MIXED seconds (examples/mixed.rs:
#      next problem, start, hints, wrong answers, every move of the solution); kill -9, then
#      acknowledged vs stored moves and the ratings: each learner's rating must be the end of an
#      unbroken chain of rated games (every game starts where the previous one ended);
#   3. PostgreSQL only: the mixed workload against two servers on one database, alternating.
#
#   bash benches/load.sh                       # both backends, 10 s phases, 200 learners for 60 s
#   BACKENDS=sqlite DURATION=5s MIXED=20 LEARNERS=50 bash benches/load.sh
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${DURATION:-10s}"
CONNECTIONS="${CONNECTIONS:-16}"
THREADS="${THREADS:-2}"
BACKENDS="${BACKENDS:-sqlite postgres}"
LEARNERS="${LEARNERS:-200}"
MIXED="${MIXED:-60}"
# Open attempts the servers hold in memory: more than the creation phase starts, so that the
# answer phase measures answers to attempts in memory (children answer the attempts they just
# started); at the default 100,000, a fast answer phase runs past the newest 100,000 and
# measures reads from the database instead (the path of the first answer after a restart).
LIVE="${LIVE:-1000000}"
PG="${SENTE_BENCH_POSTGRES:-postgres://postgres@127.0.0.1:5432/test}"
[[ "$DURATION" =~ ^[0-9]+s$ ]] || { echo "DURATION is in seconds, as in 10s"; exit 1; }
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk"; exit 1; }

cargo build --release --quiet --bin sente --example empty_server --example mixed
work="$(mktemp -d)"
pids=()
pg_dbs=()
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  for d in "${pg_dbs[@]}"; do psql -q "$PG" -c "DROP DATABASE IF EXISTS $d WITH (FORCE)" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT
export SENTE_LIMITS=1000000,1000000,1000000,1000000 RUST_LOG=warn

./target/release/examples/empty_server "127.0.0.1:18181" &
pids+=($!)

# A fresh database URL for the backend.
new_db() {
  if [ "$1" = sqlite ]; then
    echo "sqlite:$work/$2.db"
  else
    local name="sente_load_$$_$2"
    psql -q "$PG" -c "CREATE DATABASE $name" >/dev/null
    pg_dbs+=("$name")
    echo "${PG%/*}/$name"
  fi
}

# One number from the database (SQL written once for both backends).
sql() {
  if [[ "$1" == sqlite:* ]]; then
    python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])" "${1#sqlite:}" "$2"
  else
    psql -tA "$1" -c "$2"
  fi
}

# Starts a server; its pid in SERVER_PID.
serve() {
  ./target/release/sente serve --addr "127.0.0.1:$2" --database "$1" --live-attempts "$LIVE" &
  SERVER_PID=$!
  pids+=("$SERVER_PID")
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$2/healthz" >/dev/null && return; sleep 0.2; done
  echo "the server on port $2 did not start"; exit 1
}

stop_hard() { kill -9 "$1"; wait "$1" 2>/dev/null || true; }

summary="$work/summary.txt"
for backend in $BACKENDS; do
  url=$(new_db "$backend" answers)
  port=18180
  serve "$url" $port
  base="http://127.0.0.1:$port"
  # A capture-in-one problem of the shipped bank: its answer is solved in one move.
  problem=$(curl -s "$base/api/problems?kind=capture&limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
  answer=$(curl -s "$base/api/problems/$problem/solution" | python3 -c 'import json,sys; print(json.load(sys.stdin)["steps"][0]["move"])')
  printf 'wrk.method = "POST"\nwrk.path = "/api/problems/%s/attempts"\n' "$problem" > "$work/attempts.lua"
  # Enough open attempts that answers at 60,000 /s would not run out of them (an answer is
  # about ten times faster than starting an attempt); running out would show as non-2xx.
  seconds=${DURATION%s}
  while [ "$(sql "$url" "select count(*) from attempts")" -lt $((seconds * 60000)) ]; do
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" -s "$work/attempts.lua" "$base" >> "$work/attempts-$backend.txt"
  done
  first=$(sql "$url" "select min(id) from attempts")
  last=$(sql "$url" "select max(id) from attempts")
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
  -- Newest first, as children answer the attempts they just started (the oldest of a long
  -- creation phase may have left the server's memory, which holds the newest 100,000).
  local attempt = $last - counter * $THREADS - id
  if attempt < $first then attempt = $last end
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
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$work/moves.lua" "http://127.0.0.1:18181" > "$work/empty-$backend.txt"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$work/moves.lua" "$base" > "$work/moves-$backend.txt"
  rss=$(ps -o rss= -p "$SERVER_PID")
  stop_hard "$SERVER_PID"
  stored=$(sql "$url" "select count(*) from attempt_moves where by_learner")
  echo "MEMORY $backend rss_kb=$rss attempts=$((last - first + 1))" >> "$summary"
  echo "ANSWERS $backend stored=$stored" >> "$summary"

  # The mixed workload on a restarted server (same database).
  serve "$url" $port
  ./target/release/examples/mixed "$LEARNERS" "$MIXED" "$base" | tee "$work/mixed-$backend.txt"
  stop_hard "$SERVER_PID"
  mstored=$(sql "$url" "select count(*) from attempt_moves m join attempts a on a.id = m.attempt_id where m.by_learner and a.learner_id is not null")
  # Each learner's rating is where their last rated game ended, and every game starts where the
  # previous one ended.
  off_end=$(sql "$url" "select count(*) from users u where u.role = 'learner' and exists (select 1 from ratings_history h where h.user_id = u.id) and abs(u.rating - (select h.rating_after from ratings_history h where h.user_id = u.id order by h.id desc limit 1)) > 1e-9")
  breaks=$(sql "$url" "select count(*) from ratings_history h join ratings_history p on p.user_id = h.user_id and p.id = (select max(q.id) from ratings_history q where q.user_id = h.user_id and q.id < h.id) where abs(h.rating_before - p.rating_after) > 1e-9")
  games=$(sql "$url" "select count(*) from ratings_history")
  echo "MIXEDCHECK $backend stored=$mstored off_end=$off_end breaks=$breaks games=$games" >> "$summary"

  if [ "$backend" = postgres ]; then
    url2=$(new_db postgres two)
    serve "$url2" 18182
    a_pid=$SERVER_PID
    serve "$url2" 18183
    b_pid=$SERVER_PID
    ./target/release/examples/mixed "$LEARNERS" "$MIXED" "http://127.0.0.1:18182" "http://127.0.0.1:18183" | tee "$work/mixed-two.txt"
    stop_hard "$a_pid"
    stop_hard "$b_pid"
    tstored=$(sql "$url2" "select count(*) from attempt_moves m join attempts a on a.id = m.attempt_id where m.by_learner and a.learner_id is not null")
    echo "TWOCHECK stored=$tstored" >> "$summary"
  fi
done

python3 - "$work" "$BACKENDS" <<'PY'
import re, sys
work, backends = sys.argv[1], sys.argv[2].split()
summary = open(f"{work}/summary.txt").read()
def wrk(name):
    t = open(f"{work}/{name}").read()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", t).group(1))
    p99 = float(re.search(r"P99 ([\d.]+)", t).group(1))
    ok, bad = map(int, re.search(r"STATUS ok=(\d+) bad=(\d+)", t).groups())
    return rps, p99, ok, bad
def mixed(name):
    t = open(f"{work}/{name}").read()
    return dict(re.findall(r"(\w+)=([\d.]+)", t.split("MIXED", 1)[1].splitlines()[0]))
failed = False
print("\n== answer checks vs an empty actix-web handler (loopback, wrk, same run) ==")
print(f"{'backend':<10}{'empty rps':>11}{'sente rps':>11}{'ratio':>8}{'p99 ms':>8}{'non-2xx':>9}{'acked':>9}{'stored':>9}")
for b in backends:
    e, _, _, _ = wrk(f"empty-{b}.txt")
    s, p99, ok, bad = wrk(f"moves-{b}.txt")
    stored = int(re.search(rf"ANSWERS {b} stored=(\d+)", summary).group(1))
    lost = stored < ok
    failed |= lost
    print(f"{b:<10}{e:>11.0f}{s:>11.0f}{s / e:>8.1%}{p99:>8.2f}{bad:>9}{ok:>9}{stored:>9}{'  LOST' if lost else ''}")
print("goal: >= 50% of the empty handler, p99 < 5 ms, 0 non-2xx; after kill -9 stored >= acked")
for b in backends:
    rss, n = re.search(rf"MEMORY {b} rss_kb=(\d+) attempts=(\d+)", summary).groups()
    print(f"{b}: server resident memory {int(rss) / 1024:.0f} MB after answering, {int(n):,} attempts started")
print("\n== mixed workload: simulated children practising (examples/mixed.rs) ==")
print(f"{'run':<22}{'requests/s':>11}{'p50 ms':>8}{'p99 ms':>8}{'move p99':>9}{'non-2xx':>9}{'acked':>8}{'stored':>8}{'ratings':>10}")
rows = [(f"{b}, 1 server", f"mixed-{b}.txt", re.search(rf"MIXEDCHECK {b} stored=(\d+) off_end=(\d+) breaks=(\d+) games=(\d+)", summary)) for b in backends]
if "postgres" in backends:
    rows.append(("postgres, 2 servers", "mixed-two.txt", re.search(r"TWOCHECK stored=(\d+)()()()", summary)))
for name, f, check in rows:
    m = mixed(f)
    stored = int(check.group(1))
    acked = int(m["moves_acked"])
    ratings = "-" if check.group(2) == "" else ("ok" if check.group(2) == "0" and check.group(3) == "0" else f"{check.group(2)}/{check.group(3)} bad")
    lost = stored < acked
    failed |= lost or ratings.endswith("bad")
    print(f"{name:<22}{float(m['rps']):>11.0f}{float(m['p50']):>8.2f}{float(m['p99']):>8.2f}{float(m['move_p99']):>9.2f}{int(m['non2xx']):>9}{acked:>8}{stored:>8}{ratings:>10}")
print("ratings: each learner's rating ends an unbroken chain of rated games (after kill -9)")
sys.exit(1 if failed else 0)
PY
