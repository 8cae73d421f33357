#!/usr/bin/env bash
# The abuse benchmark of issue 15 (SECURITY.md), end to end, in one command:
#
#   bench/abuse.sh
#
# 1. builds the release binaries (dugout-server, dugout);
# 2. starts a fresh dugout-server with its default limits on a fresh SQLite data dir (the
#    README's zero-setup server), and plays one public match to the end for the replay flood;
# 3. for each attack (and once with none, the baseline): starts `dugout load` (LEGIT_MATCHES
#    legitimate matches between bots, think time THINK_MS, from 127.0.0.1), waits for its
#    warm-up, runs `dugout abuse ATTACK` from another loopback address (ATTACKER, 127.0.0.2)
#    while the load plays, and samples the server's RSS and open files every 100 ms;
# 4. prints each attack's figures against the targets and writes every report to
#    $OUT/abuse.json.
#
# Targets (issue 15): the server's RSS stays under 300 MB during every attack (the login
# flood above all); the legitimate matches keep a steady-state p99 command-to-ack under
# 50 ms during each attack, with no error; every legitimate login during the login flood
# succeeds.
#
# Settings (environment): LEGIT_MATCHES (10), THINK_MS (50), LOAD_SECONDS (25),
# ATTACK_SECONDS (18), ATTACKER (127.0.0.2), PORT (18091), OUT (a temp dir), ATTACKS (all:
# "none logins idle-tcp silent-ws rooms messages spectators replays"), and the sizes
# LOGINS (1000), IDLE_TCP (1100), SILENT_WS (1021), ROOMS (1000), MESSAGES (1000),
# SPECTATORS (100), REPLAYS (64).
# Needs: cargo, curl, python3, Linux (/proc). Exit status: 0 if every target is met.
set -euo pipefail

LEGIT_MATCHES=${LEGIT_MATCHES:-10}
THINK_MS=${THINK_MS:-50}
LOAD_SECONDS=${LOAD_SECONDS:-25}
ATTACK_SECONDS=${ATTACK_SECONDS:-18}
ATTACKER=${ATTACKER:-127.0.0.2}
PORT=${PORT:-18091}
OUT=${OUT:-$(mktemp -d /tmp/dugout-abuse.XXXXXX)}
ATTACKS=${ATTACKS:-"none logins idle-tcp silent-ws rooms messages spectators replays"}
declare -A SIZE=(
    [none]=0 [logins]=${LOGINS:-1000} [idle-tcp]=${IDLE_TCP:-1100} [silent-ws]=${SILENT_WS:-1021}
    [rooms]=${ROOMS:-1000} [messages]=${MESSAGES:-1000} [spectators]=${SPECTATORS:-100}
    [replays]=${REPLAYS:-64}
)

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
target=${CARGO_TARGET_DIR:-$root/target}
mkdir -p "$OUT"
data=$(mktemp -d /tmp/dugout-abuse-data.XXXXXX)
server_pid=""
sampler_pid=""

cleanup() {
    [[ -n "$sampler_pid" ]] && kill "$sampler_pid" 2>/dev/null || true
    if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$data"
}
trap cleanup EXIT

echo "== build"
(cd "$root" && cargo build --release -p dugout-server -p dugout-client 2>&1 | tail -n 1)
server_bin="$target/release/dugout-server"
dugout_bin="$target/release/dugout"
url="http://127.0.0.1:$PORT"

echo "== machine"
echo "date: $(date -u +%FT%TZ)"
echo "commit: $(cd "$root" && git rev-parse --short HEAD)$(cd "$root" && git diff --quiet HEAD -- . || echo ' (with local changes)')"
echo "nproc: $(nproc); cpu: $(lscpu | sed -n 's/^Model name: *//p'); memory: $(free -h | awk '/^Mem:/ {print $2}')"
echo "uptime: $(uptime)"

echo "== server: default limits, SQLite in $data"
"$server_bin" --listen "127.0.0.1:$PORT" --data-dir "$data" --log warn >"$OUT/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
    curl -fsS "$url/health" >/dev/null 2>&1 && break
    sleep 0.1
done
curl -fsS "$url/health" >/dev/null

echo "== one public match to the end (the replay flood's target)"
"$dugout_bin" load --server "$url" --matches 1 --games 1 --public --think-ms 25 --json \
    --progress-seconds 0 --prefix "replayed" >"$OUT/replay-match.json" || true
replay_target=$(curl -fsS "$url/api/matches?status=finished&limit=1" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["matches"][0]["id"])')
echo "match $replay_target"

# Sample the server's RSS (KiB) and open files every 100 ms into $1 until killed.
sample() {
    local file=$1
    : >"$file"
    while kill -0 "$server_pid" 2>/dev/null; do
        local rss fds
        rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$server_pid/status" 2>/dev/null || echo 0)
        fds=$(ls "/proc/$server_pid/fd" 2>/dev/null | wc -l)
        echo "$rss $fds" >>"$file"
        sleep 0.1
    done
}

results="$OUT/abuse.json"
: >"$results"
for attack in $ATTACKS; do
    size=${SIZE[$attack]}
    echo "== $attack (size $size)"
    sample "$OUT/sample-$attack.txt" &
    sampler_pid=$!
    "$dugout_bin" load --server "$url" --matches "$LEGIT_MATCHES" --seconds "$LOAD_SECONDS" \
        --think-ms "$THINK_MS" --json --progress-seconds 0 --prefix "legit-$attack" \
        >"$OUT/load-$attack.json" 2>"$OUT/load-$attack.log" &
    load_pid=$!
    # The load's steady state starts after its 5 s warm-up; the attack covers it.
    sleep 4
    if [[ "$attack" == none ]]; then
        echo '{"attack":"none"}' >"$OUT/attack-$attack.json"
    else
        "$dugout_bin" abuse "$attack" --server "$url" --size "$size" --seconds "$ATTACK_SECONDS" \
            --from "$ATTACKER" --target "$replay_target" >"$OUT/attack-$attack.json" \
            2>"$OUT/attack-$attack.log" || echo '{"failed":true}' >"$OUT/attack-$attack.json"
    fi
    wait "$load_pid" || true
    kill "$sampler_pid" 2>/dev/null || true
    wait "$sampler_pid" 2>/dev/null || true
    sampler_pid=""
    python3 - "$attack" "$size" "$OUT" >>"$results" <<'EOF'
import json, sys
attack, size, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
load = json.load(open(f"{out}/load-{attack}.json"))
hit = json.load(open(f"{out}/attack-{attack}.json"))
samples = [tuple(map(int, l.split())) for l in open(f"{out}/sample-{attack}.txt") if l.strip()]
print(json.dumps({
    "attack": attack, "size": size,
    "rss_start_mb": round((samples[0][0] if samples else 0) / 1024, 1),
    "rss_max_mb": round(max((s[0] for s in samples), default=0) / 1024, 1),
    "fds_max": max((s[1] for s in samples), default=0),
    "legit_p99_ms": load["steady"]["ack_latency_ms"].get("p99"),
    "legit_p50_ms": load["steady"]["ack_latency_ms"].get("p50"),
    "legit_commands": load["steady"]["ack_latency_ms"].get("count"),
    "legit_errors": load["errors"]["total"],
    "legit_error_kinds": load["errors"].get("by_kind", {}),
    "attack_report": hit,
}))
EOF
    tail -n 1 "$results" | python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
print("   rss %s MB at the start, max %s MB; fds max %s, legit p50/p99 %s/%s ms over %s commands, legit errors %s" % (r["rss_start_mb"], r["rss_max_mb"], r["fds_max"], r["legit_p50_ms"], r["legit_p99_ms"], r["legit_commands"], r["legit_errors"]))
a = r["attack_report"]
for k in ("answers", "outcomes", "legit_logins", "closed_after_ms", "sent"):
    if k in a:
        print(f"   {k}: {json.dumps(a[k])}")
'
done

echo "== against the targets"
python3 - "$results" <<'EOF'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
ok = True
print(f"| attack | size | RSS at start, max (MB) | open files max | legit p99 (ms) | legit errors | verdict |")
print(f"| --- | --- | --- | --- | --- | --- | --- |")
for r in rows:
    checks = []
    if r["rss_max_mb"] >= 300: checks.append("RSS >= 300 MB")
    p99 = r["legit_p99_ms"]
    if p99 is None or p99 >= 50: checks.append(f"p99 {p99} ms >= 50")
    if r["legit_errors"]: checks.append(f"{r['legit_errors']} legit errors")
    a = r["attack_report"]
    if a.get("failed"): checks.append("the attack did not run")
    if r["attack"] == "logins":
        answers = a.get("legit_logins", {}).get("answers", {})
        bad = sum(v for k, v in answers.items() if k != "200")
        if bad or not answers: checks.append(f"legit logins failed: {answers}")
    verdict = "met" if not checks else "MISSED: " + "; ".join(checks)
    ok = ok and not checks
    print(f"| {r['attack']} | {r['size']} | {r['rss_start_mb']}, {r['rss_max_mb']} | {r['fds_max']} | {p99} | {r['legit_errors']} | {verdict} |")
print("all targets met" if ok else "some targets missed")
sys.exit(0 if ok else 1)
EOF
