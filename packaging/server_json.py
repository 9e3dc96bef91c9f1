"""Writes the registry entry and the checksums of a folder of built packages:

    python3 packaging/server_json.py SERVER_JSON DIST_DIR VERSION
    python3 packaging/server_json.py --sums DIST_DIR

The first writes DIST_DIR/server.json from the repository's server.json: this
version everywhere, and one `mcpb` package per `hessian-VERSION-<platform>.mcpb`
in DIST_DIR (the repository's single mcpb entry is the model), each with the
bundle's release URL and sha256. packaging/build.sh runs it for one platform;
the release workflow runs it again over the bundles of every platform.
The second writes DIST_DIR/SHA256SUMS (the format of `sha256sum`) over every
archive, npm package, wheel and bundle in DIST_DIR.
"""

import copy
import hashlib
import json
import sys
from pathlib import Path

PATTERNS = ("*.tar.gz", "*.tgz", "*.whl", "*.mcpb")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def sums(dist: Path) -> None:
    files = sorted({p for pattern in PATTERNS for p in dist.glob(pattern)})
    if not files:
        sys.exit(f"server_json.py: nothing to checksum in {dist}")
    (dist / "SHA256SUMS").write_text("".join(f"{sha256(p)}  {p.name}\n" for p in files))


def entry(source: Path, dist: Path, version: str) -> None:
    entry = json.loads(source.read_text())
    entry["version"] = version
    bundles = sorted(dist.glob(f"hessian-{version}-*.mcpb"))
    packages = []
    for p in entry.get("packages", []):
        p["version"] = version
        if p["registryType"] != "mcpb":
            packages.append(p)
            continue
        if not bundles:
            sys.exit(f"server_json.py: no hessian-{version}-*.mcpb in {dist}")
        for bundle in bundles:
            b = copy.deepcopy(p)
            b["identifier"] = p["identifier"].rsplit("/", 2)[0] + f"/v{version}/{bundle.name}"
            b["fileSha256"] = sha256(bundle)
            packages.append(b)
    entry["packages"] = packages
    (dist / "server.json").write_text(json.dumps(entry, indent=2) + "\n")


def main() -> None:
    if sys.argv[1:2] == ["--sums"]:
        sums(Path(sys.argv[2]))
    else:
        entry(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3])


if __name__ == "__main__":
    main()
