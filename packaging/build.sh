#!/usr/bin/env bash
# Builds every distribution of one hessian binary, without compiling it:
#   packaging/build.sh BINARY OUT_DIR
# BINARY is a built `hessian` (`hessian.exe` on Windows; CI passes the debug
# binary, a release the `dist` one). OUT_DIR receives
#   hessian-<version>-<target>.tar.gz     the binary, README and licences
#   hessian-mcp-<version>.tgz             npm launcher (npx hessian-mcp serve)
#   hessian-mcp-<platform>-<version>.tgz  npm package holding the binary
#   hessian_mcp-<version>-py3-none-<tag>.whl   wheel (uvx / pipx / pip)
#   hessian-<version>-<platform>.mcpb     bundle for Claude Desktop, with icon
#   server.json                           registry entry, one bundle entry per
#                                         .mcpb in OUT_DIR, with its sha256
#   SHA256SUMS                            of every file above in OUT_DIR
# This is the one script every release job runs (.github/workflows/release.yml)
# and the one packaging/test.sh runs here; it works on Linux, macOS and
# Windows (Git Bash) runners. It refuses, naming the file, when anything it
# packs is missing.
# Environment: TARGET (Rust target triple, default the host's),
# NPM_PLATFORMS (the platform packages the launcher lists, default all
# published ones; tests set just the one they build), PYTHON (default
# python3, else python).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
log() { printf 'build.sh: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }
[ "$#" -eq 2 ] || die "usage: packaging/build.sh BINARY OUT_DIR"
python="${PYTHON:-$(command -v python3 || command -v python || true)}"
[ -n "$python" ] || die "python3 is missing (it assembles the wheel, the bundle and server.json)"
command -v npm >/dev/null || die "npm is missing (it packs the npm packages)"

# Everything packed, checked before anything is written.
need() { [ -s "$1" ] || die "missing $1 (${2:-packed into every distribution}); refusing to build without it"; }
need "$1" "the binary to package"
need "$root/Cargo.toml" "the workspace version"
need "$root/README.md"
need "$root/LICENSE-MIT"
need "$root/LICENSE-APACHE"
need "$root/server.json" "the registry entry"
need "$here/npm/hessian-mcp/package.json" "the npm launcher"
need "$here/npm/hessian-mcp/bin/hessian.js" "the npm launcher"
need "$here/mcpb/manifest.json" "the bundle manifest"
need "$here/mcpb/icon.png" "the bundle icon; python3 packaging/mcpb/icon.py packaging/mcpb/icon.png draws it"
need "$here/wheel.py" "the wheel builder"
need "$here/server_json.py" "the registry entry builder"

binary="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
mkdir -p "$2"
out="$(cd "$2" && pwd)"

version="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -1)"
repository="$(sed -n 's/^repository = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -1)"
if [ -z "$version" ] || [ -z "$repository" ]; then die "no version or repository in $root/Cargo.toml"; fi
mcp_name="$("$python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["name"])' "$root/server.json")"
target="${TARGET:-$(rustc -vV 2>/dev/null | sed -n 's/^host: //p')}"
[ -n "$target" ] || die "TARGET is not set and rustc is not on PATH to tell the host's"
case "$target" in
  x86_64-unknown-linux-gnu*) platform=linux-x64 ;;
  aarch64-unknown-linux-gnu*) platform=linux-arm64 ;;
  x86_64-apple-darwin) platform=darwin-x64 ;;
  aarch64-apple-darwin) platform=darwin-arm64 ;;
  x86_64-pc-windows-msvc) platform=win32-x64 ;;
  *) die "no npm platform for target $target" ;;
esac
# cargo-zigbuild's glibc suffix (x86_64-unknown-linux-gnu.2.28) is not part
# of the target's name in file names.
target="${target%%.*}"
exe=hessian
[ "$platform" = win32-x64 ] && exe=hessian.exe
read -ra npm_platforms <<<"${NPM_PLATFORMS:-linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# fill TEMPLATE DEST KEY=VALUE...: DEST is TEMPLATE with each KEY replaced,
# refused unless it is JSON.
fill() {
  "$python" - "$@" <<'PY'
import json, sys
template, dest, *pairs = sys.argv[1:]
text = open(template, encoding="utf-8").read()
for pair in pairs:
    key, value = pair.split("=", 1)
    text = text.replace(key, value)
json.loads(text)
open(dest, "w", encoding="utf-8").write(text)
PY
}

# 1. The archive (cargo-binstall reads it through [package.metadata.binstall]).
stem="hessian-$version-$target"
mkdir -p "$work/$stem"
cp "$binary" "$work/$stem/$exe"
cp "$root/README.md" "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$work/$stem/"
"$python" - "$work" "$stem" "$exe" "$out/$stem.tar.gz" <<'PY'
import gzip, os, sys, tarfile
work, stem, exe, dst = sys.argv[1:]
with open(dst, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz, tarfile.open(fileobj=gz, mode="w") as t:
    for name in [stem, *sorted(os.path.join(stem, n) for n in os.listdir(os.path.join(work, stem)))]:
        info = t.gettarinfo(os.path.join(work, name), arcname=name)
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        info.mtime = 1767225600
        info.mode = 0o755 if info.isdir() or name.endswith("/" + exe) else 0o644
        if info.isdir():
            t.addfile(info)
        else:
            with open(os.path.join(work, name), "rb") as f:
                t.addfile(info, f)
PY
log "archive $stem.tar.gz"

# 2. npm: one package per platform holding the binary, and the launcher.
platform_dir="$work/npm-$platform"
mkdir -p "$platform_dir/bin"
cp "$binary" "$platform_dir/bin/$exe"
chmod 0755 "$platform_dir/bin/$exe"
os="${platform%-*}"; cpu="${platform#*-}"
cat >"$platform_dir/package.json" <<JSON
{
  "name": "hessian-mcp-$platform",
  "version": "$version",
  "description": "The hessian binary for $platform, installed by the hessian-mcp package.",
  "license": "MIT OR Apache-2.0",
  "repository": { "type": "git", "url": "git+$repository.git" },
  "os": ["$os"],
  "cpu": ["$cpu"],
  "files": ["bin/$exe"],
  "preferUnplugged": true
}
JSON
launcher="$work/npm-launcher"
cp -r "$here/npm/hessian-mcp" "$launcher"
cp "$root/README.md" "$launcher/README.md"
optional="$("$python" -c 'import json, sys; v, *ps = sys.argv[1:]; print(json.dumps({f"hessian-mcp-{p}": v for p in ps}))' "$version" "${npm_platforms[@]}")"
fill "$launcher/package.json" "$launcher/package.json" @VERSION@="$version" @REPOSITORY@="$repository" @MCP_NAME@="$mcp_name" @OPTIONAL@="$optional"
(cd "$platform_dir" && npm pack --silent --pack-destination "$out" >/dev/null)
(cd "$launcher" && npm pack --silent --pack-destination "$out" >/dev/null)
need "$out/hessian-mcp-$platform-$version.tgz" "npm pack's output"
need "$out/hessian-mcp-$version.tgz" "npm pack's output"
log "npm hessian-mcp-$version.tgz, hessian-mcp-$platform-$version.tgz"

# 3. The wheel: what maturin's bindings = "bin" makes, assembled from the binary.
wheel="$("$python" "$here/wheel.py" "$binary" "$version" "$target" "$root/README.md" "$out")"
log "wheel $wheel"

# 4. The MCP bundle: manifest + icon + binary, zipped (the .mcpb format is a zip).
bundle="$work/mcpb"
mkdir -p "$bundle/server"
cp "$binary" "$bundle/server/$exe"
chmod 0755 "$bundle/server/$exe"
cp "$here/mcpb/icon.png" "$bundle/icon.png"
mcpb_file="hessian-$version-$platform.mcpb"
fill "$here/mcpb/manifest.json" "$bundle/manifest.json" @VERSION@="$version" @REPOSITORY@="$repository" @PLATFORM@="$os" @EXE@="$exe"
"$python" - "$bundle" "$out/$mcpb_file" "$exe" <<'PY'
import json, os, sys, zipfile
src, dst, exe = sys.argv[1:]
icon = json.load(open(os.path.join(src, "manifest.json"), encoding="utf-8"))["icon"]
if not os.path.isfile(os.path.join(src, icon)):
    sys.exit(f"build.sh: the manifest's icon {icon} is not in the bundle")
with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as z:
    for base, _, files in sorted(os.walk(src)):
        for name in sorted(files):
            path = os.path.join(base, name)
            arcname = os.path.relpath(path, src).replace(os.sep, "/")
            info = zipfile.ZipInfo(arcname, date_time=(2026, 1, 1, 0, 0, 0))
            mode = 0o755 if arcname == f"server/{exe}" else 0o644
            info.external_attr = (mode | 0o100000) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as f:
                z.writestr(info, f.read())
PY
log "bundle $mcpb_file"

# 5. The registry entry, with this version and every bundle's digest.
"$python" "$here/server_json.py" "$root/server.json" "$out" "$version"

# 6. Checksums of everything in OUT_DIR (a release job merges several).
"$python" "$here/server_json.py" --sums "$out"
log "wrote $(wc -l <"$out/SHA256SUMS" | tr -d ' ') files and SHA256SUMS to $out"
