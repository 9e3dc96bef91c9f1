#!/usr/bin/env bash
# Builds every distribution of one hessian binary, without compiling it:
#   packaging/build.sh BINARY OUT_DIR
# BINARY is a built `hessian` (CI passes the debug binary; a release uses
# `cargo build --profile dist`). OUT_DIR receives
#   hessian-<version>-<target>.tar.gz     the binary, README and licences
#   hessian-mcp-<version>.tgz             npm launcher (npx hessian-mcp serve)
#   hessian-mcp-<platform>-<version>.tgz  npm package holding the binary
#   hessian_mcp-<version>-py3-none-<tag>.whl   wheel (uvx / pipx / pip)
#   hessian-<version>-<platform>.mcpb     bundle for Claude Desktop
#   server.json                           registry entry with the sha256s
#   SHA256SUMS
# Environment: TARGET (Rust target triple, default the host's),
# NPM_PLATFORMS (the platform packages the launcher lists, default all
# published ones; tests set just the one they build).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
binary="$(realpath "$1")"
out="$(mkdir -p "$2" && realpath "$2")"

version="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -1)"
repository="$(sed -n 's/^repository = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -1)"
mcp_name="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["name"])' "$root/server.json")"
target="${TARGET:-$(rustc -vV 2>/dev/null | sed -n 's/^host: //p')}"
target="${target:-x86_64-unknown-linux-gnu}"
case "$target" in
  x86_64-unknown-linux-*) platform=linux-x64 ;;
  aarch64-unknown-linux-*) platform=linux-arm64 ;;
  x86_64-apple-darwin) platform=darwin-x64 ;;
  aarch64-apple-darwin) platform=darwin-arm64 ;;
  x86_64-pc-windows-*) platform=win32-x64 ;;
  *) echo "build.sh: no npm platform for target $target" >&2; exit 2 ;;
esac
npm_platforms="${NPM_PLATFORMS:-linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
log() { printf 'build.sh: %s\n' "$*" >&2; }

# 1. The archive (cargo-binstall reads it through [package.metadata.binstall]).
stem="hessian-$version-$target"
mkdir -p "$work/$stem"
install -m 0755 "$binary" "$work/$stem/hessian"
cp "$root/README.md" "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$work/$stem/"
tar -C "$work" --owner=0 --group=0 --numeric-owner -czf "$out/$stem.tar.gz" "$stem"
log "archive $stem.tar.gz"

# 2. npm: one package per platform holding the binary, and the launcher.
platform_dir="$work/npm-$platform"
mkdir -p "$platform_dir/bin"
install -m 0755 "$binary" "$platform_dir/bin/hessian"
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
  "files": ["bin/hessian"],
  "preferUnplugged": true
}
JSON
optional="{"
sep=""
for p in $npm_platforms; do optional="$optional$sep \"hessian-mcp-$p\": \"$version\""; sep=","; done
optional="$optional }"
launcher="$work/npm-launcher"
cp -r "$here/npm/hessian-mcp" "$launcher"
cp "$root/README.md" "$launcher/README.md"
sed -i "s|@VERSION@|$version|; s|@REPOSITORY@|$repository|g; s|@MCP_NAME@|$mcp_name|; s|@OPTIONAL@|$optional|" "$launcher/package.json"
(cd "$platform_dir" && npm pack --silent --pack-destination "$out" >/dev/null)
(cd "$launcher" && npm pack --silent --pack-destination "$out" >/dev/null)
log "npm hessian-mcp-$version.tgz, hessian-mcp-$platform-$version.tgz"

# 3. The wheel: what maturin's bindings = "bin" makes, assembled from the binary.
wheel="$(python3 "$here/wheel.py" "$binary" "$version" "$target" "$root/README.md" "$out")"
log "wheel $wheel"

# 4. The MCP bundle: manifest + binary, zipped (the .mcpb format is a zip).
bundle="$work/mcpb"
mkdir -p "$bundle/server"
install -m 0755 "$binary" "$bundle/server/hessian"
cp "$here/mcpb/icon.png" "$bundle/icon.png" 2>/dev/null || true
sed "s|@VERSION@|$version|; s|@REPOSITORY@|$repository|g" "$here/mcpb/manifest.json" >"$bundle/manifest.json"
mcpb_file="hessian-$version-$platform.mcpb"
python3 - "$bundle" "$out/$mcpb_file" <<'PY'
import os, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as z:
    for base, _, files in sorted(os.walk(src)):
        for name in sorted(files):
            path = os.path.join(base, name)
            info = zipfile.ZipInfo(os.path.relpath(path, src), date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = (os.stat(path).st_mode & 0o777 | 0o100000) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as f:
                z.writestr(info, f.read())
PY
log "bundle $mcpb_file"

# 5. The registry entry, with this build's version and the bundle's digest.
python3 - "$root/server.json" "$out/server.json" "$version" "$out/$mcpb_file" "$mcpb_file" <<'PY'
import hashlib, json, sys
src, dst, version, bundle, name = sys.argv[1:]
entry = json.load(open(src))
entry["version"] = version
for p in entry.get("packages", []):
    p["version"] = version
    if p["registryType"] == "mcpb":
        p["identifier"] = p["identifier"].rsplit("/", 2)[0] + f"/v{version}/{name}"
        p["fileSha256"] = hashlib.sha256(open(bundle, "rb").read()).hexdigest()
json.dump(entry, open(dst, "w"), indent=2)
PY

(cd "$out" && sha256sum -- *.tar.gz *.tgz *.whl *.mcpb >SHA256SUMS)
log "wrote $(wc -l <"$out/SHA256SUMS") files and SHA256SUMS to $out"
