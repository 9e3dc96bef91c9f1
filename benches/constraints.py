#!/usr/bin/env python3
"""The constraint operations against the libraries people would call
instead, on the same inputs, in one run, as ratios hessian / reference:

- logic.cnf.maxsat.solve against python-sat's RC2 (core-guided MaxSAT)
  on random weighted max-2-SAT (most soft clauses binary, some unit);
- logic.csp.count against OR-Tools CP-SAT enumerating every solution
  (one worker) on n queens (all_different over q_i, q_i + i, q_i − i);
- logic.pseudo_boolean.satisfiable.decide against RC2's underlying SAT
  solver fed python-sat's cardinality encoding (seqcounter), pigeonhole
  n + 1 → n written as "at least one hole" / "at most one pigeon";
- optimization.bimatrix_game.equilibria.enumerate against nashpy's
  vertex enumeration (floating point) on random integer games.

Hessian is driven over stdio (`hessian serve`); its time is the envelope's
elapsed_ms, which includes every check (the final refutation's LRAT
replay, the replayed count, the best-response check). The references run
in-process. Answers are compared; medians of --repeat interleaved rounds.

    /var/tmp/venv-bench/bin/pip install python-sat ortools nashpy
    cargo build --release --bin hessian
    /var/tmp/venv-bench/bin/python benches/constraints.py --hessian target/release/hessian
"""

import argparse
import os
import random
import statistics
import sys
import time

import nashpy
import numpy as np
from ortools.sat.python import cp_model
from pysat.card import CardEnc, EncType
from pysat.examples.rc2 import RC2
from pysat.formula import WCNF
from pysat.solvers import Solver

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_det import Server, payload  # noqa: E402


def call(server, op, inp):
    _, msg = server.timed_call(payload(server, {"operation_id": op, "input": inp}))
    env = msg.get("result", {}).get("structuredContent", {})
    return env.get("elapsed_ms"), env.get("output") or {}


def timed(f):
    t = time.perf_counter()
    r = f()
    return 1000 * (time.perf_counter() - t), r


def measurer(repeat, rows):
    """measure(name, ours, theirs, same): medians of `repeat` interleaved
    rounds (ours: (elapsed_ms, output); theirs timed in-process), appended
    to rows with whether every round's answers agreed."""
    def measure(name, ours_call, theirs_call, same):
        o, t, agree = [], [], True
        for _ in range(repeat):
            ms, out = ours_call()
            o.append(ms)
            tm, ref = timed(theirs_call)
            t.append(tm)
            agree = agree and same(out, ref)
        om, tm = statistics.median(o), statistics.median(t)
        rows.append((name, om, tm, om / tm if tm else float("nan"), agree))
        print(name, f"{om:.2f} ms", f"{tm:.2f} ms", agree, file=sys.stderr, flush=True)
    return measure


def print_table(rows):
    print("| case | Hessian | reference | ratio | answers agree |")
    print("|---|---|---|---|---|")
    for name, om, tm, ratio, agree in rows:
        print(f"| {name} | {om:.2f} ms | {tm:.2f} ms | {ratio:.2g} | {'yes' if agree else 'NO'} |")


def maxsat_case(n, m, rng):
    soft = []
    for i in range(m):
        k = 1 if i % 5 == 0 else 2
        soft.append([rng.choice([1, -1]) * v for v in rng.sample(range(1, n + 1), k)])
    weights = [rng.randint(1, 5) for _ in soft]
    return soft, weights


def rc2(soft, weights):
    w = WCNF()
    for c, wt in zip(soft, weights):
        w.append(c, weight=wt)
    with RC2(w) as r:
        r.compute()
        return r.cost


def queens_input(n):
    domains = {f"q{i}": f"1..{n}" for i in range(n)}
    parts = lambda s: ", ".join(f"q{i} + {s * i}" for i in range(n))  # noqa: E731
    return {"domains": domains, "constraints": [f"all_different({parts(k)})" for k in (0, 1, -1)]}


def cpsat_queens(n):
    model = cp_model.CpModel()
    q = [model.NewIntVar(1, n, f"q{i}") for i in range(n)]
    model.AddAllDifferent(q)
    model.AddAllDifferent([q[i] + i for i in range(n)])
    model.AddAllDifferent([q[i] - i for i in range(n)])

    class Count(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.n = 0

        def on_solution_callback(self):
            self.n += 1

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    c = Count()
    solver.Solve(model, c)
    return c.n


def pigeonhole_pb(n):
    v = lambda p, h: f"p{p}h{h}"  # noqa: E731
    cs = [" + ".join(v(p, h) for h in range(n)) + " >= 1" for p in range(n + 1)]
    cs += [" + ".join(v(p, h) for p in range(n + 1)) + " <= 1" for h in range(n)]
    return {"constraints": cs}


def pysat_pigeonhole(n):
    var = lambda p, h: p * n + h + 1  # noqa: E731
    top = (n + 1) * n
    clauses = [[var(p, h) for h in range(n)] for p in range(n + 1)]
    for h in range(n):
        enc = CardEnc.atmost([var(p, h) for p in range(n + 1)], bound=1, top_id=top, encoding=EncType.seqcounter)
        top = max(top, enc.nv)
        clauses += enc.clauses
    with Solver(name="cadical153", bootstrap_with=clauses) as s:
        return s.solve()


def bimatrix_case(n, rng):
    a = [[rng.randint(-20, 20) for _ in range(n)] for _ in range(n)]
    b = [[rng.randint(-20, 20) for _ in range(n)] for _ in range(n)]
    return a, b


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hessian", default="target/release/hessian")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    server = Server([args.hessian, "serve"])
    rng = random.Random(2026)
    rows = []
    measure = measurer(args.repeat, rows)

    for n, m in [(20, 80), (30, 120), (40, 160)]:
        soft, weights = maxsat_case(n, m, rng)
        measure(
            f"MaxSAT n={n} m={m} vs RC2",
            lambda: call(server, "logic.cnf.maxsat.solve", {"soft": soft, "weights": weights}),
            lambda: rc2(soft, weights),
            lambda out, ref: out.get("status") == "exact" and out.get("cost") == ref,
        )
    for n in [8, 9, 10, 11]:
        measure(
            f"CSP count {n} queens vs CP-SAT",
            lambda: call(server, "logic.csp.count", queens_input(n)),
            lambda: cpsat_queens(n),
            lambda out, ref: out.get("count") == ref,
        )
    for n in [6, 7, 8]:
        measure(
            f"PB pigeonhole {n + 1}->{n} vs CaDiCaL+seqcounter",
            lambda: call(server, "logic.pseudo_boolean.satisfiable.decide", pigeonhole_pb(n)),
            lambda: pysat_pigeonhole(n),
            lambda out, ref: out.get("satisfiable") is False and ref is False,
        )
    for n in [3, 4, 5, 6]:
        a, b = bimatrix_case(n, rng)
        measure(
            f"bimatrix {n}x{n} vs nashpy",
            lambda: call(server, "optimization.bimatrix_game.equilibria.enumerate", {"row_payoffs": a, "column_payoffs": b}),
            lambda: list(nashpy.Game(np.array(a), np.array(b)).vertex_enumeration()),
            lambda out, ref: out.get("count") == len(ref) or out.get("degenerate"),
        )
    server.close()
    print_table(rows)


if __name__ == "__main__":
    main()
