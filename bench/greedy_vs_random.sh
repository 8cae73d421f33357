#!/usr/bin/env bash
# Greedy vs random over the network (BENCHMARKS.md, "Bots: greedy vs random"):
#
#   bench/greedy_vs_random.sh                     # 200 games of Blitz Bowl
#   GAME=blood_bowl bench/greedy_vs_random.sh     # 200 games of Blood Bowl
#
# Starts a fresh dugout-server on a fresh Postgres database, registers the bots with
# `dugout register-bot`, and plays GAMES games of `dugout bot --strategy greedy` against
# `dugout bot --strategy random` through it: PAIRS pairs of processes at once, in two
# halves so that greedy coaches Home (it creates the rooms) in one and Away (it joins) in
# the other, and (Blitz Bowl) the editions alternate by pair (2024, 2018); Blood Bowl rooms
# get a random pair of the six rosters per game. Prints the greedy bot's wins, draws and
# losses from the bots' own summaries.
#
# Settings (environment): GAME (blitz, or blood_bowl), GAMES (200), PAIRS (4),
# PG (postgres://postgres@127.0.0.1:5432),
# PORT (18091), OUT (a temp dir: every bot's output and the server log).
set -euo pipefail

GAME=${GAME:-blitz}
GAMES=${GAMES:-200}
PAIRS=${PAIRS:-4}
PG=${PG:-postgres://postgres@127.0.0.1:5432}
PORT=${PORT:-18091}
OUT=${OUT:-$(mktemp -d /tmp/dugout-duel.XXXXXX)}

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
target=${CARGO_TARGET_DIR:-$root/target}
mkdir -p "$OUT"
db="dugout_duel_$(date -u +%Y%m%d%H%M%S)"
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" 2>/dev/null || true
}
trap cleanup EXIT

(cd "$root" && cargo build --release -p dugout-server -p dugout-client 2>&1 | tail -n 1)
server_bin="$target/release/dugout-server"
dugout="$target/release/dugout"
url="http://127.0.0.1:$PORT"

psql "$PG/postgres" -qc "CREATE DATABASE $db"
# The bots pace themselves below --rate; the server's per-connection limit is raised to match.
"$server_bin" --listen "127.0.0.1:$PORT" --database-url "$PG/$db" --messages-per-second 1000 \
    --message-burst 1000 --log warn >"$OUT/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
    curl -fsS "$url/health" >/dev/null 2>&1 && break
    sleep 0.1
done

token() {
    "$dugout" register-bot --server "$url" --name "$1" --owner duel-owner \
        --password "correct horse battery" --register 2>/dev/null
}

per_half=$(( GAMES / 2 ))
per_pair=$(( (per_half + PAIRS - 1) / PAIRS ))
start=$(date +%s)
for half in home away; do
    pids=()
    for p in $(seq 1 "$PAIRS"); do
        n=$(( per_pair < per_half - (p - 1) * per_pair ? per_pair : per_half - (p - 1) * per_pair ))
        (( n > 0 )) || continue
        if [[ $GAME == blitz ]]; then
            room=(--edition "$(( p % 2 == 1 ? 2024 : 2018 ))")
        else
            room=()
        fi
        g=$(token "greedy-$half-$p")
        r=$(token "random-$half-$p")
        if [[ $half == home ]]; then
            creator=("$g" greedy) joiner=("$r" random)
        else
            creator=("$r" random) joiner=("$g" greedy)
        fi
        "$dugout" bot --server "$url" --token "${creator[0]}" --strategy "${creator[1]}" --create \
            --game "$GAME" "${room[@]}" --games "$n" --seed "$p" --rate 0 \
            >"$OUT/$half-$p-${creator[1]}.out" 2>"$OUT/$half-$p-${creator[1]}.err" &
        pids+=($!)
        sleep 0.5
        "$dugout" bot --server "$url" --token "${joiner[0]}" --strategy "${joiner[1]}" --join \
            --game "$GAME" --games "$n" --seed "$((p + 100))" --rate 0 \
            >"$OUT/$half-$p-${joiner[1]}.out" 2>"$OUT/$half-$p-${joiner[1]}.err" &
        pids+=($!)
        # Each pair's creator waits for its joiner before the next pair starts, so the
        # joiners pick their own pair's rooms (all creators of a half play the same side).
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
done
secs=$(( $(date +%s) - start ))

cat "$OUT"/*-greedy.out | python3 -c '
import re, sys
w = d = l = g = 0
pf = pa = 0
for line in sys.stdin:
    m = re.search(r"summary: (\d+) games, (\d+) won, (\d+) drawn, (\d+) lost; points (\d+)-(\d+)", line)
    if m:
        g += int(m[1]); w += int(m[2]); d += int(m[3]); l += int(m[4]); pf += int(m[5]); pa += int(m[6])
print(f"{sys.argv[1]}: greedy vs random over the network: {g} games, W/D/L {w}/{d}/{l}, "
      f"greedy win rate {100.0 * w / max(g, 1):.1f}%, mean score {pf / max(g, 1):.1f} - {pa / max(g, 1):.1f}")
' "$GAME"
echo "time: ${secs}s; outputs in $OUT"
