"""Assembles the hessian-mcp wheel around a built binary:

    python3 packaging/wheel.py BINARY VERSION TARGET README OUT_DIR

The wheel is what maturin makes with `bindings = "bin"` (see
packaging/pyproject.toml): no Python code, the binary under
`<name>.data/scripts/`, so pip, pipx and `uvx hessian-mcp` put `hessian` on
PATH. It is assembled here so that packaging does not compile Hessian a
second time. The platform tag states the newest glibc symbol version the
binary needs, so the tag never claims more portability than the binary has.
Prints the wheel's file name.
"""

import base64
import hashlib
import os
import re
import sys
import zipfile

NAME = "hessian_mcp"
SUMMARY = "Hessian: an MCP server of exact, checked mathematics (math_find, math_run), as a native binary."
DATE = (2026, 1, 1, 0, 0, 0)

# `uvx hessian-mcp serve` runs the script named like the package; it replaces
# itself with the binary installed beside it, so the MCP stream is the binary's.
SHIM = '''"""Runs the hessian binary installed with this package (`hessian-mcp serve`)."""
import os
import subprocess
import sys
import sysconfig


def main() -> None:
    exe = "hessian.exe" if os.name == "nt" else "hessian"
    binary = os.path.join(sysconfig.get_path("scripts"), exe)
    if not os.path.exists(binary):
        binary = os.path.join(os.path.dirname(sys.argv[0]), exe)
    if os.name == "nt":
        sys.exit(subprocess.call([binary, *sys.argv[1:]]))
    os.execv(binary, [binary, *sys.argv[1:]])
'''


def platform_tag(binary: bytes, target: str) -> str:
    arch = target.split("-")[0]
    if "linux" in target:
        minors = [int(m.group(1)) for m in re.finditer(rb"GLIBC_2\.([0-9]+)", binary)]
        minor = max([17, *minors])
        return f"manylinux_2_{minor}_{arch}"
    if "apple" in target:
        return "macosx_11_0_arm64" if arch == "aarch64" else "macosx_10_12_x86_64"
    if "windows" in target:
        return "win_amd64"
    raise SystemExit(f"wheel.py: no wheel tag for {target}")


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def main() -> None:
    binary_path, version, target, readme_path, out = sys.argv[1:]
    binary = open(binary_path, "rb").read()
    tag = f"py3-none-{platform_tag(binary, target)}"
    readme = open(readme_path, encoding="utf-8").read()
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: hessian-mcp\nVersion: {version}\nSummary: {SUMMARY}\n"
        "License: MIT OR Apache-2.0\nRequires-Python: >=3.8\n"
        "Description-Content-Type: text/markdown\n\n" + readme
    )
    wheel = f"Wheel-Version: 1.0\nGenerator: hessian packaging/wheel.py\nRoot-Is-Purelib: false\nTag: {tag}\n"
    info = f"{NAME}-{version}.dist-info"
    exe = "hessian.exe" if "windows" in target else "hessian"
    files = [
        (f"{NAME}-{version}.data/scripts/{exe}", binary, 0o755),
        (f"{NAME}/__init__.py", SHIM.encode(), 0o644),
        (f"{NAME}/__main__.py", b"from hessian_mcp import main\n\nmain()\n", 0o644),
        (f"{info}/entry_points.txt", b"[console_scripts]\nhessian-mcp = hessian_mcp:main\n", 0o644),
        (f"{info}/METADATA", metadata.encode(), 0o644),
        (f"{info}/WHEEL", wheel.encode(), 0o644),
    ]
    record = [record_line(n, d) for n, d, _ in files] + [f"{info}/RECORD,,"]
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode(), 0o644))
    name = f"{NAME}-{version}-{tag}.whl"
    with zipfile.ZipFile(os.path.join(out, name), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data, mode in files:
            entry = zipfile.ZipInfo(path, date_time=DATE)
            entry.external_attr = (mode | 0o100000) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(entry, data)
    print(name)


if __name__ == "__main__":
    main()
