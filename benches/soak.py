"""A bounded soak on loopback: two `hessian serve --http` replicas behind
nginx (deploy/nginx.conf, ports rewritten), driven for a few minutes by
mixed math_run calls at a concurrency that alternates between 4 and 16.

The calls are the frozen evaluation tasks (evals/tasks, each answer checked
against its recorded value), every operation's example call (fuzz/corpus/
math_run, each must succeed) and deterministic mutations of those examples
(a field dropped, a value of the wrong type, an unknown field: each must be
an intended refusal, a tool error whose code is not internal_error). Any
other outcome -- an HTTP status other than 200, a JSON-RPC error, a wrong
answer, internal_error, a timeout -- is an unintended error. Resident
memory of each replica is read from /proc after a warm-up and at the end.

Prints one JSON line of figures and exits non-zero on any unintended error
or when a replica's resident set grew by more than --rss-margin-mib after
warm-up.

Usage: soak.py HESSIAN_BINARY [--minutes 5] [--warmup 30] [--rss-margin-mib 64]
Needs httpx2 (installed with the `mcp` client package) and nginx.
"""

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import httpx2

from http_load import mcp_headers_and_meta

ROOT = Path(__file__).resolve().parent.parent
INTENDED = {"invalid_input", "limit_exceeded", "deadline_exceeded", "domain_error", "unknown_operation",
            "wrong_wrapper", "input_required"}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(port):
    for _ in range(400):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                if s.recv(64).startswith(b"HTTP/1.1 200"):
                    return
        except OSError:
            pass
        time.sleep(0.05)
    raise SystemExit(f"nothing healthy on port {port}")


def rss_kib(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise SystemExit(f"no VmRSS for {pid}")


def pointer(value, path):
    for part in [p for p in path.split("/") if p]:
        value = value[int(part)] if isinstance(value, list) else value.get(part)
        if value is None:
            return None
    return value


def same_every_time():
    """A check that the output of one call is the same on every replica and
    at every moment: the first answer is recorded, later ones must match."""
    seen = {}

    def check(key, output):
        text = json.dumps(output, sort_keys=True)
        first = seen.setdefault(key, text)
        return None if first == text else f"{key}: answered {text[:120]}, earlier {first[:120]}"

    return check


def calls():
    """(kind, arguments, check) triples; check(result) -> None or a complaint."""
    out = []
    consistent = same_every_time()
    for path in sorted((ROOT / "evals/tasks").glob("*.json")):
        task = json.loads(path.read_text())
        careful, answer = task.get("careful"), task.get("answer", {})
        if not careful:
            continue

        def check(result, careful=careful, answer=answer, name=path.stem):
            content = result.get("structuredContent", {})
            if result.get("isError"):
                code = content.get("error", {}).get("code")
                # A task that asks questions gets them over stateless HTTP.
                return None if code == "input_required" else f"{name}: refused {json.dumps(result)[:200]}"
            got = pointer(content, careful.get("answer_at", "/output"))
            if answer.get("kind") == "integer" and str(got) != str(answer.get("value")):
                return f"{name}: answered {got!r}, recorded {answer.get('value')!r}"
            return consistent(name, got)

        out.append(("task", {"operation_id": task["expected_operation"], "input": careful["input"]}, check))
    examples = [json.loads(p.read_bytes()) for p in sorted((ROOT / "fuzz/corpus/math_run").iterdir())]
    for args in examples:
        if not isinstance(args, dict) or "operation_id" not in args:
            continue

        def ok(result, op=args["operation_id"]):
            if result.get("isError"):
                return f"{op}: example refused {json.dumps(result)[:200]}"
            return consistent(op, result.get("structuredContent", {}).get("output"))

        out.append(("example", args, ok))

        def refused(result, op=args["operation_id"]):
            if not result.get("isError"):
                return None  # some mutations are still valid input
            code = result.get("structuredContent", {}).get("error", {}).get("code")
            return None if code in INTENDED else f"{op}: mutation answered {code}"

        inp = args.get("input") or {}
        for key in sorted(inp)[:2]:
            dropped = {k: v for k, v in inp.items() if k != key}
            out.append(("mutation", {**args, "input": dropped}, refused))
            out.append(("mutation", {**args, "input": {**inp, key: [[["deep"]], {"x": True}]}}, refused))
        out.append(("mutation", {**args, "input": {**inp, "no_such_field": 1}}, refused))
    return out


async def drive(url, token, plan, seconds, concurrency_phases):
    headers, meta = mcp_headers_and_meta(token, "soak")
    counts = {"task": 0, "example": 0, "mutation": 0}
    refusals, errors = {}, []
    rng = random.Random(20261204)
    by_kind = [[c for c in plan if c[0] == k] for k in counts]
    next_id = iter(range(1, 1 << 40))
    deadline = time.monotonic() + seconds
    limits = httpx2.Limits(max_connections=16, max_keepalive_connections=16)
    async with httpx2.AsyncClient(headers=headers, limits=limits, timeout=60) as http:

        async def worker(stop_at):
            while time.monotonic() < stop_at:
                # Each kind a third of the calls, whatever their numbers.
                pool = by_kind[rng.randrange(len(by_kind))]
                kind, args, check = pool[rng.randrange(len(pool))]
                i = next(next_id)
                body = {"jsonrpc": "2.0", "id": i, "method": "tools/call",
                        "params": {"name": "math_run", "arguments": args, "_meta": meta}}
                try:
                    r = await http.post(url, content=json.dumps(body))
                except Exception as e:  # a timeout or a dropped connection
                    errors.append(f"{args.get('operation_id')}: {type(e).__name__} {e}")
                    continue
                counts[kind] += 1
                if r.status_code != 200 or "result" not in r.json():
                    errors.append(f"{args.get('operation_id')}: HTTP {r.status_code} {r.text[:200]}")
                    continue
                result = r.json()["result"]
                if result.get("isError"):
                    code = result.get("structuredContent", {}).get("error", {}).get("code")
                    refusals[code] = refusals.get(code, 0) + 1
                complaint = check(result)
                if complaint:
                    errors.append(complaint)

        phase = 0
        while time.monotonic() < deadline:
            concurrency = concurrency_phases[phase % len(concurrency_phases)]
            stop_at = min(deadline, time.monotonic() + 30)
            await asyncio.gather(*(worker(stop_at) for _ in range(concurrency)))
            phase += 1
    return counts, refusals, errors


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary")
    p.add_argument("--minutes", type=float, default=5)
    p.add_argument("--warmup", type=float, default=30, help="seconds before the first RSS reading")
    p.add_argument("--rss-margin-mib", type=float, default=64)
    a = p.parse_args()
    nginx = shutil.which("nginx") or next(x for x in ["/usr/sbin/nginx", "/usr/bin/nginx"] if os.path.exists(x))
    work = Path(tempfile.mkdtemp(prefix="hessian-soak-"))
    issued = subprocess.run([a.binary, "token", "new", "--principal", "soak"], capture_output=True, text=True, check=True).stdout
    token = issued.splitlines()[0].rsplit(" ", 1)[1]
    (work / "tokens").write_text(issued.strip().splitlines()[-1] + "\n")
    front, r1, r2 = free_port(), free_port(), free_port()
    env = {**os.environ, "HESSIAN_STATE_KEY": "soak:AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA", "RUST_LOG": "error"}
    children = []
    try:
        for port, name in [(r1, "r1"), (r2, "r2")]:
            children.append(subprocess.Popen(
                [a.binary, "serve", "--http", f"127.0.0.1:{port}", "--replica", name, "--token-file", str(work / "tokens"),
                 "--deadline-ms", "2000"],
                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            wait_healthy(port)
        conf = (ROOT / "deploy/nginx.conf").read_text()
        for old, new in [("127.0.0.1:8080", front), ("127.0.0.1:8081", r1), ("127.0.0.1:8082", r2)]:
            conf = conf.replace(old, f"127.0.0.1:{new}")
        (work / "nginx.conf").write_text(conf)
        children.append(subprocess.Popen([nginx, "-c", str(work / "nginx.conf"), "-p", str(work), "-g", "daemon off;"],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_healthy(front)
        url = f"http://127.0.0.1:{front}/mcp"
        plan = calls()
        started = time.monotonic()
        warm = asyncio.run(drive(url, token, plan, a.warmup, [16]))
        rss_warm = [rss_kib(c.pid) for c in children[:2]]
        rest = asyncio.run(drive(url, token, plan, a.minutes * 60 - a.warmup, [4, 16]))
        rss_end = [rss_kib(c.pid) for c in children[:2]]
        wall = time.monotonic() - started
    finally:
        # SIGTERM first: a SIGKILLed nginx master leaves its workers running.
        for c in children:
            c.terminate()
        for c in children:
            try:
                c.wait(timeout=3)
            except subprocess.TimeoutExpired:
                c.kill()
                c.wait()
        shutil.rmtree(work, ignore_errors=True)
    counts = {k: warm[0][k] + rest[0][k] for k in warm[0]}
    refusals = {k: warm[1].get(k, 0) + rest[1].get(k, 0) for k in set(warm[1]) | set(rest[1])}
    errors = warm[2] + rest[2]
    growth = max(e - w for e, w in zip(rss_end, rss_warm)) / 1024
    print(json.dumps({
        "seconds": round(wall), "calls": sum(counts.values()), "by_kind": counts, "distinct_calls": len(plan),
        "intended_refusals": dict(sorted(refusals.items())), "unintended_errors": len(errors),
        "rss_after_warmup_mib": [round(x / 1024, 1) for x in rss_warm], "rss_end_mib": [round(x / 1024, 1) for x in rss_end],
        "max_growth_mib": round(growth, 1),
    }))
    if errors:
        kinds = sorted({e.split(":")[0] for e in errors})
        raise SystemExit(f"{len(errors)} unintended errors ({', '.join(kinds[:10])}), first: {errors[:3]}")
    if growth > a.rss_margin_mib:
        raise SystemExit(f"resident memory grew {growth:.1f} MiB after warm-up (margin {a.rss_margin_mib} MiB)")


if __name__ == "__main__":
    main()
