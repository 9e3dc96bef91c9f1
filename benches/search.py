#!/usr/bin/env python3
"""Search start-up and latency over MCP stdio, two binaries interleaved.

    python3 benches/search.py BEFORE_BINARY AFTER_BINARY

For each binary, in alternating rounds: spawn → initialize → tools/list
(cold start), then the first math_find (it builds the index and, after
issue 38, reads the semantic table), then every held-out and dev query once
through math_find (median and worst). Prints one table; ratios, not
absolute times, are what to compare.
"""
import json, os, statistics, subprocess, sys, time

ROOT = os.path.join(os.path.dirname(__file__), "..")


def queries():
    out = []
    for name in ("held_out.json", "queries.json"):
        d = json.load(open(os.path.join(ROOT, "evals/search", name)))
        for c in d["cases"]:
            out += c.get("queries", []) + [c[k] for k in ("problem", "typo", "student") if k in c]
        out += d["negatives"]
    return out


class Server:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.n = 0

    def call(self, method, params=None):
        self.n += 1
        msg = {"jsonrpc": "2.0", "id": self.n, "method": method}
        if params is not None:
            msg["params"] = params
        self.p.stdin.write(json.dumps(msg) + "\n")
        while True:
            line = json.loads(self.p.stdout.readline())
            if line.get("id") == self.n:
                return line

    def notify(self, method):
        self.p.stdin.write(json.dumps({"jsonrpc": "2.0", "method": method}) + "\n")

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def round_(binary, qs):
    t0 = time.perf_counter()
    s = Server(binary)
    s.call("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}})
    s.notify("notifications/initialized")
    s.call("tools/list")
    cold = time.perf_counter() - t0
    times = []
    for q in qs:
        t = time.perf_counter()
        s.call("tools/call", {"name": "math_find", "arguments": {"query": q}})
        times.append(time.perf_counter() - t)
    s.close()
    return cold, times[0], times[1:]


def main():
    bins = sys.argv[1:]
    qs = queries()
    res = {b: {"cold": [], "first": [], "each": []} for b in bins}
    for _ in range(5):
        for b in bins:
            cold, first, each = round_(b, qs)
            res[b]["cold"].append(cold)
            res[b]["first"].append(first)
            res[b]["each"] += each
    print(f"{len(qs)} queries, 5 interleaved rounds")
    print("| binary | size MB | spawn → tools/list ms (median) | first math_find ms | math_find median ms | worst ms |")
    print("|---|---|---|---|---|---|")
    for b in bins:
        r = res[b]
        print(f"| {b} | {os.path.getsize(b) / 1e6:.1f} | {1e3 * statistics.median(r['cold']):.1f} | {1e3 * statistics.median(r['first']):.1f} | {1e3 * statistics.median(r['each']):.2f} | {1e3 * max(r['each']):.1f} |")


if __name__ == "__main__":
    main()
