"""Assembles the hessian-mcp wheel around a built binary:

    python3 packaging/wheel.py BINARY VERSION TARGET README OUT_DIR

The wheel is what maturin makes with `bindings = "bin"` (see
packaging/pyproject.toml): no Python code, the binary under
`<name>.data/scripts/`, so pip, pipx and `uvx hessian-mcp` put `hessian` on
PATH. It is assembled here so that packaging does not compile Hessian a
second time. The Linux platform tag is read from the binary: the newest
GLIBC_2.x version its version-needs section names (`manylinux_2_28` for the
release build, linked by zig against glibc 2.28), so the tag never claims
more portability than the binary has, and never less.
Prints the wheel's file name; `--glibc BINARY` prints only that floor.
"""

import base64
import hashlib
import os
import re
import struct
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
    binary = os.environ.get("HESSIAN_BINARY") or os.path.join(sysconfig.get_path("scripts"), exe)
    if not os.path.exists(binary):
        binary = os.path.join(os.path.dirname(sys.argv[0]), exe)
    # Run by uvx, the binary lives in uv's cache and its path goes stale: tell
    # it so that `hessian config <host>` prints the `uvx hessian-mcp serve` form.
    if "HESSIAN_LAUNCHER" not in os.environ and ("UV" in os.environ or os.sep + "archive-v" in sys.prefix):
        os.environ["HESSIAN_LAUNCHER"] = "uvx"
    if os.name == "nt":
        sys.exit(subprocess.call([binary, *sys.argv[1:]]))
    os.execv(binary, [binary, *sys.argv[1:]])
'''


def glibc_floor(elf: bytes) -> tuple:
    """The newest GLIBC_2.x symbol version an ELF file needs, read from its
    version-needs section (.gnu.version_r, what `readelf -V` and `objdump -T`
    show); (2, 17) when it needs none newer."""
    if elf[:4] != b"\x7fELF":
        raise SystemExit("wheel.py: the Linux binary is not an ELF file")
    wide = elf[4] == 2
    end = "<" if elf[5] == 1 else ">"
    half, word, addr = end + "H", end + "I", end + ("Q" if wide else "I")

    def get(fmt: str, at: int) -> int:
        return struct.unpack_from(fmt, elf, at)[0]

    shoff = get(addr, 0x28 if wide else 0x20)
    shentsize = get(half, 0x3A if wide else 0x2E)
    shnum = get(half, 0x3C if wide else 0x30)
    sections = []
    for i in range(shnum):
        at = shoff + i * shentsize
        kind = get(word, at + 4)
        offset = get(addr, at + (0x18 if wide else 0x10))
        link = get(word, at + (0x28 if wide else 0x18))
        sections.append((kind, offset, link))
    floor = (2, 17)
    for kind, offset, link in sections:
        if kind != 0x6FFFFFFE:  # SHT_GNU_verneed
            continue
        strtab = sections[link][1]
        need = offset
        while True:
            count, aux, next_need = get(half, need + 2), get(word, need + 8), get(word, need + 12)
            at = need + aux
            for _ in range(count):
                name_at = strtab + get(word, at + 8)
                name = elf[name_at : elf.index(b"\0", name_at)].decode()
                m = re.fullmatch(r"GLIBC_(\d+)\.(\d+)(?:\.\d+)?", name)
                if m:
                    floor = max(floor, (int(m.group(1)), int(m.group(2))))
                at += get(word, at + 12)
            if not next_need:
                break
            need += next_need
    return floor


def platform_tag(binary: bytes, target: str) -> str:
    arch = target.split("-")[0]
    if "linux" in target:
        major, minor = glibc_floor(binary)
        return f"manylinux_{major}_{minor}_{arch}"
    if "apple" in target:
        return "macosx_11_0_arm64" if arch == "aarch64" else "macosx_10_12_x86_64"
    if "windows" in target:
        return "win_amd64"
    raise SystemExit(f"wheel.py: no wheel tag for {target}")


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def main() -> None:
    if sys.argv[1:2] == ["--glibc"]:
        print("%d.%d" % glibc_floor(open(sys.argv[2], "rb").read()))
        return
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
