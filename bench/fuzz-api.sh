#!/usr/bin/env bash
# Fuzz the HTTP API against its own OpenAPI document: schemathesis (pinned in
# bench/fuzz-api/requirements.txt) with every check (`--checks all`) against a live
# dugout-server (debug build) on a free port with a throwaway SQLite database. Any failure
# (a 500, a status or content type the document does not list, a body that does not match
# its schema, a valid request refused or an invalid one accepted, ...) fails the script.
#
#   bench/fuzz-api.sh                          # what CI runs (fixed seed, 100 examples per operation)
#   DUGOUT_FUZZ_SEED=random bench/fuzz-api.sh  # a new seed each time
#   DUGOUT_FUZZ_EXAMPLES=300 bench/fuzz-api.sh
#   DUGOUT_FUZZ_DATABASE_URL=postgres://postgres@127.0.0.1:5432/fuzz bench/fuzz-api.sh
#                                              # the same against Postgres (the database must exist)
#
# Needs: cargo, python3 (3.11 or newer, as Debian 12 has) with venv or pip. The venv is made
# once and cached in ${XDG_CACHE_HOME:-~/.cache}/dugout/, keyed by the requirements' hash.
#
# The server is seeded first through its API (bench/fuzz-api/seed.py: a finished, a live and an
# open match, a league), and schemathesis draws most ids from what was seeded, so the archive
# and league operations are fuzzed on real matches, not only answered 404.
# Two runs, both with a bearer token of a fresh account (so the operations that need one are
# fuzzed past 401): every operation but POST /api/logout, then POST /api/logout alone with a
# token of its own (its first success ends that session, which would turn every later
# authenticated request of the main run into a 401). bench/fuzz-api/hooks.py drops the
# generated requests that only a fuzzer limitation or a rule JSON Schema cannot state makes
# wrong (see its docstring); no check is excluded.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$(pwd)"
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

examples="${DUGOUT_FUZZ_EXAMPLES:-100}"
seed="${DUGOUT_FUZZ_SEED:-1}"
requirements="$root/bench/fuzz-api/requirements.txt"

# ----- schemathesis in a cached venv ------------------------------------------------------

py_version="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
req_hash="$(python3 -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest()[:16])' "$requirements")"
venv="${XDG_CACHE_HOME:-$HOME/.cache}/dugout/fuzz-api-py$py_version-$req_hash"
if [ ! -x "$venv/bin/st" ]; then
    echo "== installing schemathesis into $venv"
    rm -rf "$venv"
    mkdir -p "$(dirname "$venv")"
    if python3 -m venv "$venv" 2>/dev/null; then
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
    else
        # Debian without python3-venv has no ensurepip: a venv without pip of its own that
        # sees the system's pip (the pinned packages it installs into the venv come first).
        rm -rf "$venv"
        python3 -m venv --without-pip --system-site-packages "$venv"
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
    fi
fi
echo "== $("$venv/bin/st" --version)"

# ----- a live server -----------------------------------------------------------------------

echo "== building dugout-server"
cargo build --quiet -p dugout-server
target_dir="$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
server_bin="$target_dir/debug/dugout-server"

work="$(mktemp -d "${TMPDIR:-/tmp}/dugout-fuzz-api.XXXXXX")"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

database=()
if [ -n "${DUGOUT_FUZZ_DATABASE_URL:-}" ]; then
    database=(--database-url "$DUGOUT_FUZZ_DATABASE_URL")
fi
# Port 0: the system picks a free port, and the server's log says which.
"$server_bin" --listen 127.0.0.1:0 --data-dir "$work/data" "${database[@]}" --log info \
    >"$work/server.log" 2>&1 &
server_pid=$!
base=""
for _ in $(seq 1 150); do
    base="$(sed -n 's#.*listening on \(http://[0-9.]*:[0-9]*\).*#\1#p' "$work/server.log" | head -n 1)"
    [ -n "$base" ] && break
    if ! kill -0 "$server_pid" 2>/dev/null; then
        cat "$work/server.log" >&2
        echo "FAIL: dugout-server did not start" >&2
        exit 1
    fi
    sleep 0.2
done
if [ -z "$base" ]; then
    cat "$work/server.log" >&2
    echo "FAIL: dugout-server did not say where it listens" >&2
    exit 1
fi
echo "== dugout-server at $base (data in $work/data)"

# A session token of a new account (python3: no curl needed).
token() {
    python3 - "$base" "$1" <<'PY'
import json, sys, urllib.request
base, name = sys.argv[1], sys.argv[2]
body = json.dumps({"name": name, "password": "a long fuzzing secret"}).encode()
request = urllib.request.Request(base + "/api/register", data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
with urllib.request.urlopen(request, timeout=30) as response:
    print(json.load(response)["token"])
PY
}

# ----- schemathesis ------------------------------------------------------------------------

st_run() {
    local token="$1"
    shift
    # From the temp dir: schemathesis and hypothesis write nothing into the repository.
    (cd "$work" && SCHEMATHESIS_HOOKS="$root/bench/fuzz-api/hooks.py" "$venv/bin/st" \
        --config-file "$work/schemathesis.toml" run \
        "$base/api/openapi.json" \
        --checks all \
        --header "Authorization: Bearer $token" \
        --max-examples "$examples" \
        --workers 2 \
        --request-timeout 30 \
        --generation-database none \
        --no-color \
        "${seed_args[@]}" \
        "$@")
}
seed_args=()
if [ "$seed" != random ]; then
    seed_args=(--seed "$seed")
fi

started=$SECONDS
main_token="$(token fuzzer)"
echo "== seeding: matches (finished, live, open) and a league (bench/fuzz-api/seed.py)"
"$venv/bin/python" "$root/bench/fuzz-api/seed.py" "$base" "$main_token" >"$work/schemathesis.toml"
status=0
echo "== schemathesis: every operation but POST /api/logout ($examples examples each, seed $seed)"
st_run "$main_token" --exclude-path /api/logout || status=1
echo "== schemathesis: POST /api/logout"
st_run "$(token fuzzer-logout)" --include-path /api/logout || status=1

if grep -q "internal error" "$work/server.log"; then
    echo "== the server logged internal errors:" >&2
    grep "internal error" "$work/server.log" >&2
    status=1
fi
echo "== fuzzing took $((SECONDS - started)) s"
if [ "$status" -ne 0 ]; then
    echo "FAIL: schemathesis found failures (above)" >&2
fi
exit "$status"
