#!/usr/bin/env python3
"""logic.cnf.satisfiable.decide against python-sat's CaDiCaL 1.5.3 and
MiniSat 2.2 on the same formulas, in one run, as ratios hessian / reference.

Random 3-SAT at the phase transition (ratio 4.26) with 100, 150, 200 and
250 variables (fixed seeds), pigeonhole 8 -> 7 and 9 -> 8. Hessian is
driven as agents drive it (`hessian serve` over stdio); its time is the
envelope's elapsed_ms, which includes replaying the model or the LRAT
proof. python-sat's time is one `Solver(name, bootstrap_with=clauses)`
plus `solve()` in-process (no proof written or checked). Every input is
run --repeat times, interleaved; times are medians. Verdicts are compared.

    /var/tmp/venv-bench/bin/pip install python-sat
    cargo build --release --bin hessian
    /var/tmp/venv-bench/bin/python benches/logic.py --hessian target/release/hessian
"""

import argparse
import os
import random
import statistics
import sys
import time

from pysat.solvers import Solver

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_det import Server, payload  # noqa: E402


def random_3sat(n, m, rng):
    return [[rng.choice([1, -1]) * v for v in rng.sample(range(1, n + 1), 3)] for _ in range(m)]


def pigeonhole(n):
    var = lambda p, h: p * n + h + 1  # noqa: E731
    cls = [[var(p, h) for h in range(n)] for p in range(n + 1)]
    for h in range(n):
        for p in range(n + 1):
            for q in range(p + 1, n + 1):
                cls.append([-var(p, h), -var(q, h)])
    return cls


def ours(server, clauses):
    _, msg = server.timed_call(payload(server, {"operation_id": "logic.cnf.satisfiable.decide", "input": {"cnf": clauses}}))
    env = msg.get("result", {}).get("structuredContent", {})
    out = env.get("output") or {}
    return env.get("elapsed_ms"), out.get("satisfiable"), out


def theirs(name, clauses):
    t = time.perf_counter()
    with Solver(name=name, bootstrap_with=clauses) as s:
        r = s.solve()
    return 1000 * (time.perf_counter() - t), r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hessian", default="target/release/hessian")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--per-size", type=int, default=10)
    args = ap.parse_args()
    server = Server([args.hessian, "serve", "--max-output-bytes", "4000000", "--deadline-ms", "60000"])
    rng = random.Random(20261207)
    cases = []
    for n in [100, 150, 200, 250]:
        for k in range(args.per_size):
            cases.append((f"random 3-SAT n={n} #{k}", n, random_3sat(n, round(4.26 * n), rng)))
    for n in [7, 8]:
        cases.append((f"pigeonhole {n + 1} -> {n}", n, pigeonhole(n)))
    ours(server, [[1, 2], [-1]])
    rows, disagreements = [], 0
    for name, n, cls in cases:
        h, c, m = [], [], []
        verdicts = set()
        for _ in range(args.repeat):
            t, v, out = ours(server, cls)
            h.append(t)
            verdicts.add(v)
            t, v = theirs("cadical153", cls)
            c.append(t)
            verdicts.add(v)
            t, v = theirs("minisat22", cls)
            m.append(t)
            verdicts.add(v)
        if len(verdicts) != 1:
            disagreements += 1
        rows.append((name, n, verdicts.pop() if len(verdicts) == 1 else "DISAGREE", statistics.median(h),
                     statistics.median(c), statistics.median(m), out.get("search", {}).get("conflicts"),
                     (out.get("proof") or {}).get("added")))
    print("| formula | verdict | CaDiCaL | MiniSat | Hessian (solve + replay) | conflicts | proof clauses | ratio / CaDiCaL | ratio / MiniSat |")
    print("|---|---|---|---|---|---|---|---|---|")
    by_size = {}
    for name, n, v, h, c, m, conflicts, added in rows:
        print(f"| {name} | {'sat' if v is True else 'unsat' if v is False else v} | {c:.2f} ms | {m:.2f} ms | {h:.2f} ms | "
              f"{conflicts} | {added or '–'} | {h / c:.2g} | {h / m:.2g} |")
        by_size.setdefault(name.split(" #")[0], []).append((h / c, h / m))
    print("\n| family | formulas | median ratio / CaDiCaL | median ratio / MiniSat |")
    print("|---|---|---|---|")
    for fam, rs in by_size.items():
        print(f"| {fam} | {len(rs)} | {statistics.median(r[0] for r in rs):.2g} | {statistics.median(r[1] for r in rs):.2g} |")
    print(f"\nDisagreements: {disagreements}")
    server.close()
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
