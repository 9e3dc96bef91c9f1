"""Checks server.json, the MCP registry entry, against the registry's rules
and against the packages it points at:

    python3 packaging/check_server_json.py SERVER_JSON BUILT_SERVER_JSON DIST_DIR

The registry's JSON Schema is not vendored (it is not published in a package
this build can install); these are the rules its documentation states for
publishing: a reverse-DNS name under the repository's owner, a description
of at most 100 characters, one version everywhere, known package types with
a transport, and the ownership proofs each registry checks (`mcpName` in the
npm package.json, an `mcp-name:` line in the PyPI description, the bundle's
sha256). Exits 1 listing every problem.
"""

import hashlib
import io
import json
import re
import sys
import tarfile
import zipfile
from pathlib import Path

TOP = {"$schema", "name", "title", "description", "repository", "version", "websiteUrl", "icons", "packages", "remotes", "_meta"}
PACKAGE = {"registryType", "registryBaseUrl", "identifier", "version", "fileSha256", "runtimeHint", "transport",
           "runtimeArguments", "packageArguments", "environmentVariables"}
TYPES = {"npm", "pypi", "nuget", "oci", "mcpb"}


def main() -> None:
    source, built, dist = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    problems: list[str] = []
    root = source.resolve().parent
    cargo = (root / "Cargo.toml").read_text()
    version = re.search(r'^version = "(.*)"$', cargo, re.M).group(1)
    repository = re.search(r'^repository = "(.*)"$', cargo, re.M).group(1)
    entry = json.loads(source.read_text())
    built_entry = json.loads(built.read_text())

    if not str(entry.get("$schema", "")).startswith("https://static.modelcontextprotocol.io/schemas/"):
        problems.append("$schema is not a registry schema URL")
    problems += [f"unknown top-level field {k}" for k in entry if k not in TOP]
    name = entry.get("name", "")
    owner_repo = repository.removeprefix("https://github.com/")
    if not re.fullmatch(r"[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+", name):
        problems.append(f"name {name!r} is not namespace/name")
    if not name.startswith(f"io.github.{owner_repo.split('/')[0]}/"):
        problems.append(f"name {name!r} is not under io.github.{owner_repo.split('/')[0]}, the repository's owner")
    if not 1 <= len(entry.get("description", "")) <= 100:
        problems.append("description must have 1 to 100 characters")
    if entry.get("repository", {}).get("url") != repository:
        problems.append(f"repository.url is not {repository}")
    if entry.get("version") != version:
        problems.append(f"version {entry.get('version')} is not the workspace version {version}")

    readme = (root / "README.md").read_text()
    if f"mcp-name: {name}" not in readme:
        problems.append(f"README.md (the PyPI description) lacks the line `mcp-name: {name}`")

    for p in entry.get("packages", []):
        kind = p.get("registryType")
        problems += [f"{kind}: unknown field {k}" for k in p if k not in PACKAGE]
        if kind not in TYPES:
            problems.append(f"unknown registryType {kind}")
        if p.get("transport", {}).get("type") != "stdio":
            problems.append(f"{kind}: transport must be stdio")
        if p.get("version") != version:
            problems.append(f"{kind}: version {p.get('version')} is not {version}")
        if kind == "npm":
            tgz = dist / f"{p['identifier']}-{version}.tgz"
            with tarfile.open(tgz) as t:
                manifest = json.load(t.extractfile("package/package.json"))
            if manifest.get("name") != p["identifier"] or manifest.get("mcpName") != name:
                problems.append(f"npm: package.json has name {manifest.get('name')}, mcpName {manifest.get('mcpName')}")
        if kind == "pypi":
            wheels = list(dist.glob(f"{p['identifier'].replace('-', '_')}-{version}-*.whl"))
            if not wheels:
                problems.append(f"pypi: no wheel for {p['identifier']} {version}")
            for w in wheels:
                with zipfile.ZipFile(w) as z:
                    meta = z.read(f"{p['identifier'].replace('-', '_')}-{version}.dist-info/METADATA").decode()
                if f"Name: {p['identifier']}" not in meta or f"mcp-name: {name}" not in meta:
                    problems.append(f"pypi: {w.name} lacks its name or the mcp-name line")
        if kind == "mcpb":
            if not re.fullmatch(rf"https://github\.com/{re.escape(owner_repo)}/releases/download/v{re.escape(version)}/[^/]+\.mcpb", p["identifier"]):
                problems.append(f"mcpb: identifier {p['identifier']} is not this version's release asset")
            built_p = next(b for b in built_entry["packages"] if b["registryType"] == "mcpb")
            bundle = dist / built_p["identifier"].rsplit("/", 1)[1]
            if built_p.get("fileSha256") != hashlib.sha256(bundle.read_bytes()).hexdigest():
                problems.append("mcpb: the built entry's fileSha256 is not the bundle's")
            if not re.fullmatch(r"[0-9a-f]{64}", p.get("fileSha256", "")):
                problems.append("mcpb: fileSha256 must be 64 hex digits")
    if problems:
        print("server.json:\n  " + "\n  ".join(problems), file=sys.stderr)
        sys.exit(1)
    print(f"server.json: {name} {version}, {len(entry['packages'])} packages, ownership proofs present")


if __name__ == "__main__":
    main()
