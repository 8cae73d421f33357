#!/usr/bin/env bash
# The "Server under load" benchmark (BENCHMARKS.md), end to end, in one command:
#
#   bench/load.sh
#
# 1. builds the release binaries (dugout-server, dugout);
# 2. records the machine (nproc, CPU model, memory, load average);
# 3. measures Postgres with pgbench: single-row insert transactions (bench/pgbench_insert.sql)
#    at several client counts, on a scratch database;
# 4. starts a fresh dugout-server on a fresh Postgres database;
# 5. runs `dugout load` against it (MATCHES matches for LOAD_SECONDS seconds, THINK_MS think
#    time, memory sampled from the server's pid): the latency run, with a human's pace;
# 6. then the throughput run on the same server: the same number of matches for
#    THROUGHPUT_SECONDS with THROUGHPUT_THINK_MS (coaches answering almost at once), for
#    the highest durable command rate the server sustains;
# 7. prints the figures against the targets, stops the server and drops the databases.
#    Latency targets use the steady state (after the ramp and a 5 s warm-up); the whole
#    run's figures are printed too.
#
# Settings (environment): MATCHES (1000), LOAD_SECONDS (90), THINK_MS (300), RAMP (10),
# THROUGHPUT_SECONDS (40), THROUGHPUT_THINK_MS (10),
# PGBENCH_CLIENTS ("1 16 64"), PGBENCH_SECONDS (15), PG (postgres://postgres@127.0.0.1:5432),
# PORT (18090), OUT (a temp dir: the JSON report, the server log), EXTRA_SERVER_FLAGS,
# FOLLOW (fold: how each load coach keeps a view of its match; `fold` folds the events into
# the view, as clients do now; `snapshot` asks for one before every answer, as clients did
# before the view reducer; `none` keeps no view).
# NODES (1): with NODES=2, two server nodes on the same database linked by NATS (NATS, default
# nats://127.0.0.1:4222; issue 14): the home coach of every match connects to node 1 (which
# makes and owns the room), the away coach to node 2, so half the coaches play a room owned by
# the node they are not connected to (`dugout load --away-server`). Memory is sampled on node 1.
# Needs: cargo, psql, pgbench, curl, python3 (and a NATS server for NODES=2). Exit status: 0 if
# every target is met, 1 otherwise.
set -euo pipefail

MATCHES=${MATCHES:-1000}
SECONDS_=${LOAD_SECONDS:-90}
THINK_MS=${THINK_MS:-300}
RAMP=${RAMP:-10}
THROUGHPUT_SECONDS=${THROUGHPUT_SECONDS:-40}
FOLLOW=${FOLLOW:-fold}
THROUGHPUT_THINK_MS=${THROUGHPUT_THINK_MS:-10}
PGBENCH_CLIENTS=${PGBENCH_CLIENTS:-"1 16 64"}
PGBENCH_SECONDS=${PGBENCH_SECONDS:-15}
PG=${PG:-postgres://postgres@127.0.0.1:5432}
PORT=${PORT:-18090}
OUT=${OUT:-$(mktemp -d /tmp/dugout-load.XXXXXX)}
EXTRA_SERVER_FLAGS=${EXTRA_SERVER_FLAGS:-}
NODES=${NODES:-1}
NATS=${NATS:-nats://127.0.0.1:4222}

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
target=${CARGO_TARGET_DIR:-$root/target}
mkdir -p "$OUT"
stamp=$(date -u +%Y%m%d%H%M%S)
db="dugout_load_$stamp"
pgb_db="dugout_pgbench_$stamp"
server_pid=""
server2_pid=""

cleanup() {
    for pid in "$server_pid" "$server2_pid"; do
        if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        fi
    done
    psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" 2>/dev/null || true
    psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $pgb_db WITH (FORCE)" 2>/dev/null || true
}
trap cleanup EXIT

echo "== build"
(cd "$root" && cargo build --release -p dugout-server -p dugout-client 2>&1 | tail -n 1)
server_bin="$target/release/dugout-server"
dugout_bin="$target/release/dugout"

echo "== machine"
echo "nodes: $NODES"
echo "date: $(date -u +%FT%TZ)"
echo "commit: $(cd "$root" && git rev-parse --short HEAD)$(cd "$root" && git diff --quiet HEAD -- . || echo ' (with local changes)')"
echo "nproc: $(nproc)"
echo "cpu: $(lscpu | sed -n 's/^Model name: *//p')"
echo "memory: $(free -h | awk '/^Mem:/ {print $2}')"
echo "postgres: $(psql "$PG/postgres" -Atc 'show server_version') (synchronous_commit=$(psql "$PG/postgres" -Atc 'show synchronous_commit'), fsync=$(psql "$PG/postgres" -Atc 'show fsync'))"
echo "uptime: $(uptime)"

echo "== pgbench: single-row insert transactions (bench/pgbench_insert.sql), ${PGBENCH_SECONDS}s each"
psql "$PG/postgres" -qc "CREATE DATABASE $pgb_db"
psql "$PG/$pgb_db" -qc "CREATE TABLE bench_events (id bigserial PRIMARY KEY, client int NOT NULL, at timestamptz NOT NULL, event jsonb NOT NULL)"
best_tps=0
best_clients=0
declare -A tps_at
for c in $PGBENCH_CLIENTS; do
    jobs=$(( c < 2 ? 1 : 2 ))
    load_before=$(cut -d' ' -f1-3 /proc/loadavg)
    tps=$(pgbench -n -f "$here/pgbench_insert.sql" -c "$c" -j "$jobs" -T "$PGBENCH_SECONDS" "$PG/$pgb_db" 2>/dev/null \
        | sed -n 's/^tps = \([0-9.]*\).*/\1/p')
    tps_at[$c]=$tps
    echo "pgbench -n -f bench/pgbench_insert.sql -c $c -j $jobs -T $PGBENCH_SECONDS: tps $tps (load average before: $load_before)"
    if awk -v a="$tps" -v b="$best_tps" 'BEGIN { exit !(a > b) }'; then
        best_tps=$tps
        best_clients=$c
    fi
done
psql "$PG/postgres" -qc "DROP DATABASE $pgb_db WITH (FORCE)"

echo "== server: fresh database $db"
psql "$PG/postgres" -qc "CREATE DATABASE $db"
connections=$(( MATCHES * 2 + 64 ))
rooms=$(( MATCHES * 4 + 64 ))
# The caps are raised for the load (flags, not disabled; every load connection comes from
# one address); the per-connection message rate too, for the throughput run, whose bots
# answer within about 10 ms.
server_flags=(--max-connections "$connections" --max-connections-per-address "$connections"
              --max-rooms "$rooms" --room-linger-seconds 5
              --messages-per-second 200 --message-burst 400
              --account-messages-per-second 400 --account-message-burst 800 --log warn)
node_flags=()
away_flags=()
if [[ "$NODES" == 2 ]]; then
    node_flags=(--nats-url "$NATS" --nats-prefix "dugout_load_$stamp")
    away_flags=(--away-server "http://127.0.0.1:$((PORT + 1))")
fi
wait_health() {
    for _ in $(seq 1 100); do
        curl -fsS "http://127.0.0.1:$1/health" >/dev/null 2>&1 && break
        sleep 0.1
    done
    curl -fsS "http://127.0.0.1:$1/health" >/dev/null
}
# shellcheck disable=SC2086
"$server_bin" --listen "127.0.0.1:$PORT" --database-url "$PG/$db" "${server_flags[@]}" \
    "${node_flags[@]}" --node-id load1 $EXTRA_SERVER_FLAGS >"$OUT/server.log" 2>&1 &
server_pid=$!
wait_health "$PORT"
echo "server pid $server_pid: $server_bin --listen 127.0.0.1:$PORT --database-url $PG/$db ${server_flags[*]} ${node_flags[*]} --node-id load1 $EXTRA_SERVER_FLAGS"
if [[ "$NODES" == 2 ]]; then
    # shellcheck disable=SC2086
    "$server_bin" --listen "127.0.0.1:$((PORT + 1))" --database-url "$PG/$db" "${server_flags[@]}" \
        "${node_flags[@]}" --node-id load2 $EXTRA_SERVER_FLAGS >"$OUT/server2.log" 2>&1 &
    server2_pid=$!
    wait_health "$((PORT + 1))"
    echo "server 2 pid $server2_pid: the same on 127.0.0.1:$((PORT + 1)) --node-id load2 (away coaches connect here)"
fi

echo "== load: latency run"
cmd=("$dugout_bin" load --server "http://127.0.0.1:$PORT" --matches "$MATCHES" --seconds "$SECONDS_"
     --think-ms "$THINK_MS" --ramp-seconds "$RAMP" --pid "$server_pid" --follow "$FOLLOW"
     "${away_flags[@]}" --json)
echo "${cmd[*]}"
echo "uptime before: $(uptime)"
set +e
"${cmd[@]}" >"$OUT/load.json"
load_status=$?
set -e
echo "uptime after: $(uptime)"
echo "report: $OUT/load.json (exit status $load_status)"

echo "== load: throughput run"
sleep 6  # the latency run's rooms retire (--room-linger-seconds 5)
cmd=("$dugout_bin" load --server "http://127.0.0.1:$PORT" --matches "$MATCHES" --seconds "$THROUGHPUT_SECONDS"
     --think-ms "$THROUGHPUT_THINK_MS" --ramp-seconds "$RAMP" --follow "$FOLLOW"
     "${away_flags[@]}" --json)
echo "${cmd[*]}"
echo "uptime before: $(uptime)"
set +e
"${cmd[@]}" >"$OUT/throughput.json"
throughput_status=$?
set -e
echo "uptime after: $(uptime)"
echo "report: $OUT/throughput.json (exit status $throughput_status)"

echo "== figures"
python3 - "$OUT/load.json" "$best_tps" "$best_clients" "$MATCHES" "${tps_at[16]:-}" "$OUT/throughput.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
t = json.load(open(sys.argv[6]))
best, best_c, matches = float(sys.argv[2]), sys.argv[3], int(sys.argv[4])
pg16 = float(sys.argv[5]) if sys.argv[5] else None
ack, ev, mem = r["ack_latency_ms"], r["event_latency_ms"], r["memory"] or {}
sack, sev = r["steady"]["ack_latency_ms"], r["steady"]["event_latency_ms"]
print(f"matches: {r['matches_started']} started, {r['matches_finished']} finished, "
      f"{r['matches_abandoned']} abandoned at the end, {r['peak_live_matches']} live at most, "
      f"{r['elapsed_seconds']} s")
print(f"commands: {r['commands_acked']} acked, {r['commands_per_second']} per second (durable)")
print(f"command-to-ack ms:   p50 {ack['p50']} p90 {ack['p90']} p99 {ack['p99']} max {ack['max']}")
print(f"command-to-event ms: p50 {ev['p50']} p90 {ev['p90']} p99 {ev['p99']} max {ev['max']}")
print(f"steady state (from {r['steady']['from_seconds']} s): {r['steady']['commands_per_second']} commands per second")
print(f"  command-to-ack ms:   p50 {sack['p50']} p90 {sack['p90']} p99 {sack['p99']} max {sack['max']}")
print(f"  command-to-event ms: p50 {sev['p50']} p90 {sev['p90']} p99 {sev['p99']} max {sev['max']}")
print(f"errors: {r['errors']['total']} {r['errors']['by_kind']}; lost events: {r['lost_events']}; resyncs: {r['resyncs']}")
print(f"server memory: baseline {mem.get('baseline_kib')} KiB, peak {mem.get('peak_kib')} KiB, "
      f"{mem.get('per_live_room_kib')} KiB per live room")
print(f"views: {r.get('follow')}; snapshots asked: {r.get('snapshots_asked')}; "
      f"bytes received per command: {r.get('bytes_received_per_command')}")
tack = t["steady"]["ack_latency_ms"]
rate = t["steady"]["commands_per_second"] or 0
print(f"throughput run: {t['matches_started']} matches started, {t['matches_finished']} finished, "
      f"{t['commands_acked']} commands acked in {t['elapsed_seconds']} s; steady {rate} per second "
      f"(ack p50 {tack['p50']} p99 {tack['p99']} ms); errors {t['errors']['total']} {t['errors']['by_kind']}; "
      f"lost events {t['lost_events']}; snapshots asked {t.get('snapshots_asked')}; "
      f"bytes received per command {t.get('bytes_received_per_command')}")
ratio = rate / best if best else 0
print(f"pgbench best: {best} tps at {best_c} clients; durable command rate (throughput run) / pgbench = {ratio:.2f}")
if pg16:
    print(f"pgbench at 16 clients (the server's pool size): {pg16} tps; ratio {rate / pg16:.2f}")
targets = [
    (f"{matches} matches held, zero errors, zero lost events",
     r["peak_live_matches"] >= matches and r["elapsed_seconds"] >= 60
     and r["errors"]["total"] == 0 and r["lost_events"] == 0 and r["resyncs"] == 0),
    ("p99 command-to-ack <= 50 ms (steady state)", sack["p99"] is not None and sack["p99"] <= 50),
    ("durable command rate >= half of pgbench's best", ratio >= 0.5),
    ("server memory per live room <= 64 KiB", mem.get("per_live_room_kib") is not None
     and mem["per_live_room_kib"] <= 64),
]
ok = True
for name, met in targets:
    print(f"target: {name}: {'MET' if met else 'MISSED'}")
    ok &= met
sys.exit(0 if ok else 1)
EOF
