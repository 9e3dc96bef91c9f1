#!/usr/bin/env bash
# The released Linux binary's glibc floor, checked here as the release
# workflow makes it: links the hessian binary with cargo-zigbuild against
# glibc 2.28 (the workflow's GLIBC_FLOOR) and fails when it needs a newer
# GLIBC symbol, or when the wheel built from it is tagged otherwise.
#   packaging/glibc_floor.sh TOOLS_DIR
# Compiled at opt-level 0 without debug info (about 2 minutes cold on two
# cores): which glibc symbols a binary needs does not depend on how much it
# is optimised, and the workflow's optimised build runs the same check.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
tools="$(realpath -m "$1")"
workflow="$root/.github/workflows/release.yml"
setting() { sed -n "s/^  $1: \"\(.*\)\"$/\1/p" "$workflow"; }
floor="$(setting GLIBC_FLOOR)" zig="$(setting ZIGLANG)" zigbuild="$(setting CARGO_ZIGBUILD)"
venv="$tools/zig-$zig-$zigbuild"
[ -x "$venv/bin/cargo-zigbuild" ] || {
  echo "installing ziglang $zig and cargo-zigbuild $zigbuild (PyPI) into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "ziglang==$zig" "cargo-zigbuild==$zigbuild"
}
target=x86_64-unknown-linux-gnu
(cd "$root" && PATH="$venv/bin:$PATH" CARGO_TARGET_DIR="$tools/zig-target" \
  CARGO_PROFILE_DEV_OPT_LEVEL=0 CARGO_PROFILE_DEV_DEBUG=false \
  cargo zigbuild --quiet --locked --bin hessian --target "$target.$floor" \
  --config 'profile.dev.package."*".opt-level=0')
binary="$tools/zig-target/$target/debug/hessian"
needs="$(python3 "$here/wheel.py" --glibc "$binary")"
echo "the release link (zig, glibc $floor) needs glibc $needs"
[ "$(printf '%s\n' "$needs" "$floor" | sort -V | tail -1)" = "$floor" ] \
  || { echo "the binary needs glibc $needs, newer than $floor" >&2; exit 1; }
"$binary" run integer.prime.decide '{"n": "2^61-1"}' --json | grep -q '"prime": true' \
  || { echo "the glibc $floor binary does not run" >&2; exit 1; }
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
wheel="$(python3 "$here/wheel.py" "$binary" 0.0.0 "$target" "$root/README.md" "$out")"
echo "its wheel: $wheel"
case "$wheel" in *"manylinux_${floor/./_}_x86_64.whl") ;; *) echo "the wheel is not tagged manylinux_${floor/./_}" >&2; exit 1 ;; esac
