#!/usr/bin/env python3
"""math_run matrix.determinant.compute end to end over stdio: Hessian against
the reference server (PyPI `jacobian`), same integer matrices, requests built
once, responses parsed, calls interleaved; the first call of each server is a
warm-up and not counted.

    python3.12 -m venv .venv-ref && .venv-ref/bin/pip install jacobian
    .venv-ref/bin/python benches/e2e_det.py --hessian target/release/hessian --reference .venv-ref/bin/jacobian-mcp
"""

import argparse
import json
import random
import statistics
import subprocess
import time


class Server:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next = 1
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, msg):
        self.p.stdin.write((json.dumps(msg) + "\n").encode())
        self.p.stdin.flush()

    def request(self, method, params):
        i = self.next
        self.next += 1
        self.send({"jsonrpc": "2.0", "id": i, "method": method, "params": params})
        while True:
            msg = json.loads(self.p.stdout.readline())
            if msg.get("id") == i:
                return msg

    def timed_call(self, payload):
        t = time.perf_counter()
        self.p.stdin.write(payload)
        self.p.stdin.flush()
        while True:
            msg = json.loads(self.p.stdout.readline())
            if "id" in msg:
                break
        return time.perf_counter() - t, msg

    def close(self):
        self.p.kill()
        self.p.wait()


def payload(server, tool_args):
    msg = {"jsonrpc": "2.0", "id": server.next, "method": "tools/call", "params": {"name": "math_run", "arguments": tool_args}}
    server.next += 1
    return (json.dumps(msg) + "\n").encode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hessian", default="target/release/hessian")
    ap.add_argument("--reference", required=True)
    ap.add_argument("--sizes", default="32,64,128,200")
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    ours, ref = Server([args.hessian, "serve"]), Server([args.reference])
    print(f"math_run matrix.determinant.compute over stdio, integer entries in [-100, 100], {args.repeat} interleaved calls")
    print("| n | reference (jacobian) | hessian | ratio reference / hessian |")
    print("|---|---|---|---|")
    for n in [int(s) for s in args.sizes.split(",")]:
        rng = random.Random(n)
        m = [[rng.randint(-100, 100) for _ in range(n)] for _ in range(n)]
        our_args = {"operation_id": "matrix.determinant.compute", "input": {"matrix": [[str(x) for x in row] for row in m]}}
        # The reference server names the input object `payload`.
        ref_args = {"operation_id": "matrix.determinant.compute",
                    "payload": {"matrix": {"entries": [[{"num": str(x), "den": "1"} for x in row] for row in m]}}}
        t_ours, t_ref = [], []
        ref_ok = n <= 128
        for k in range(args.repeat + 1):
            dt, msg = ours.timed_call(payload(ours, our_args))
            out = msg["result"]["structuredContent"]["output"]
            if k:
                t_ours.append(dt)
            if ref_ok:
                dt, msg = ref.timed_call(payload(ref, ref_args))
                if k:
                    t_ref.append(dt)
                if k == 0:
                    ref_text = json.dumps(msg.get("result", msg))
                    assert out.lstrip("-") in ref_text, f"n={n}: the servers disagree: {out[:30]} vs {ref_text[:300]}"
        ours_ms = statistics.median(t_ours) * 1e3
        if ref_ok:
            ref_ms = statistics.median(t_ref) * 1e3
            print(f"| {n} | {ref_ms:.1f} ms | {ours_ms:.1f} ms | {ref_ms / ours_ms:.0f}× |")
        else:
            print(f"| {n} | (refused: order > 128) | {ours_ms:.1f} ms | — |")
    ours.close()
    ref.close()


if __name__ == "__main__":
    main()
