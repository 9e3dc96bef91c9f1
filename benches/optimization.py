#!/usr/bin/env python3
"""optimization.linear_program.solve against HiGHS (floating point, through
scipy.optimize.linprog method "highs") and against SymPy's exact simplex
(sympy.solvers.simplex.lpmax, rational arithmetic), on the same programs,
in one run, as ratios hessian / reference.

Programs: dense "production" programs max c·x, A·x <= b, x >= 0 with
integer A in [1, 99] (bounded, feasible) and "mixed" ones with entries in
[-50, 50], a box 0 <= x <= 100, and equality rows (degenerate vertices),
at n = m = 25, 50, 100, 200. Hessian is driven over stdio (`hessian serve`);
its time is the envelope's elapsed_ms (parse, float proposal, exact
simplex and the certificate's check). HiGHS's and SymPy's times are their
calls in-process. Then integer programs (max c·x, A·x ≤ b, 0 ≤ x ≤ 3
integer, A in [1, 30], b a third of the row sums) against OR-Tools CP-SAT
with one worker, model building included. SymPy runs only where it finishes within --sympy-limit
programs' sizes. Optimal values are compared (HiGHS's to 1e-6).

    /var/tmp/venv-bench/bin/pip install scipy highspy sympy ortools
    cargo build --release --bin hessian
    /var/tmp/venv-bench/bin/python benches/optimization.py --hessian target/release/hessian
"""

import argparse
import os
import random
import statistics
import sys
import time
from fractions import Fraction

from scipy.optimize import linprog

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_det import Server, payload  # noqa: E402


def production(n, rng):
    a = [[rng.randint(1, 99) for _ in range(n)] for _ in range(n)]
    b = [rng.randint(100 * n, 1000 * n) for _ in range(n)]
    c = [rng.randint(1, 99) for _ in range(n)]
    return c, [(row, "<=", bi) for row, bi in zip(a, b)], (0, None)


def mixed(n, rng):
    rows = []
    for i in range(n):
        row = [rng.randint(-50, 50) for _ in range(n)]
        rel = "=" if i % 10 == 0 else "<="
        # Through the point x = 1: feasible, and degenerate at it.
        rhs = sum(row) + (0 if rel == "=" else rng.randint(0, 200))
        rows.append((row, rel, rhs))
    c = [rng.randint(-20, 20) for _ in range(n)]
    return c, rows, (0, 100)


def solve(server, program):
    """(elapsed ms, the exact optimum or the status) of one linear_program.solve call."""
    _, msg = server.timed_call(payload(server, {"operation_id": "optimization.linear_program.solve", "input": program}))
    env = msg.get("result", {}).get("structuredContent", {})
    out = env.get("output") or {}
    value = out.get("value", {}).get("exact")
    return env.get("elapsed_ms"), (Fraction(value) if value else out.get("status", msg))


def ours(server, c, rows, bounds):
    constraints = [{"coefficients": r, "relation": rel, "rhs": b} for r, rel, b in rows]
    box = [{"variable": f"x{j + 1}", "upper": bounds[1]} for j in range(len(c))] if bounds[1] is not None else []
    program = {"objective": c, "sense": "maximize", "constraints": constraints}
    if box:
        program["bounds"] = box
    return solve(server, program)


def highs(c, rows, bounds):
    a_ub = [r for r, rel, _ in rows if rel == "<="]
    b_ub = [b for _, rel, b in rows if rel == "<="]
    a_eq = [r for r, rel, _ in rows if rel == "="]
    b_eq = [b for _, rel, b in rows if rel == "="]
    t = time.perf_counter()
    res = linprog([-x for x in c], A_ub=a_ub or None, b_ub=b_ub or None, A_eq=a_eq or None,
                  b_eq=b_eq or None, bounds=[bounds] * len(c), method="highs")
    return 1000 * (time.perf_counter() - t), -res.fun


def sympy_exact(c, rows, bounds):
    from sympy import Rational, symbols
    from sympy.solvers.simplex import lpmax
    xs = symbols(f"x0:{len(c)}")
    cons = []
    for r, rel, b in rows:
        e = sum(Rational(a) * x for a, x in zip(r, xs))
        cons.append(e <= b if rel == "<=" else e >= b if rel == ">=" else None)
        if rel == "=":
            cons[-1] = e <= b
            cons.append(e >= b)
    for x in xs:
        cons.append(x >= 0)
        if bounds[1] is not None:
            cons.append(x <= bounds[1])
    t = time.perf_counter()
    value, _ = lpmax(sum(Rational(a) * x for a, x in zip(c, xs)), cons)
    return 1000 * (time.perf_counter() - t), Fraction(int(value.p), int(value.q))


def sparse(n, m, density, upper, rng):
    """max c·x, A·x ≤ b, 0 ≤ x ≤ upper (or x ≥ 0), A sparse in [1, 99]."""
    rows = []
    for _ in range(m):
        terms = {j: rng.randint(1, 99) for j in range(n) if rng.random() < density} or {rng.randrange(n): 1}
        rows.append((terms, rng.randint(100, 1000) * max(1, int(n * density))))
    return [rng.randint(1, 99) for _ in range(n)], rows, upper


def ours_sparse(server, c, rows, upper):
    names = [f"x{j + 1}" for j in range(len(c))]
    program = {
        "objective": " + ".join(f"{cj}*{v}" for cj, v in zip(c, names)),
        "constraints": [" + ".join(f"{a}*x{j + 1}" for j, a in t.items()) + f" <= {b}" for t, b in rows],
        "variables": names,
    }
    if upper is not None:
        program["bounds"] = [{"variable": v, "upper": upper} for v in names]
    return solve(server, program)


def highs_sparse(c, rows, upper):
    from scipy.sparse import csr_matrix
    data, ind, ptr = [], [], [0]
    for t, _ in rows:
        for j, a in sorted(t.items()):
            ind.append(j)
            data.append(a)
        ptr.append(len(ind))
    t = time.perf_counter()
    a = csr_matrix((data, ind, ptr), shape=(len(rows), len(c)))
    res = linprog([-x for x in c], A_ub=a, b_ub=[b for _, b in rows], bounds=[(0, upper)] * len(c), method="highs")
    return 1000 * (time.perf_counter() - t), -res.fun


def race(repeat, ours_call, highs_call):
    """Medians of interleaved runs, and the last values: (ours ms, HiGHS ms, ours, HiGHS's)."""
    h, f = [], []
    for _ in range(repeat):
        t, ov = ours_call()
        h.append(t)
        t, fv = highs_call()
        f.append(t)
    return statistics.median(h), statistics.median(f), ov, fv


def agree(ov, fv):
    """Our exact optimum equals HiGHS's float one to 1e-6."""
    return isinstance(ov, Fraction) and abs(float(ov) - fv) <= 1e-6 * (1 + abs(fv))


def large_table(server, rng, repeat):
    """Thousands of variables and constraints, given as sparse text."""
    print("\n| sparse program | n × m | density | bounds | HiGHS (float) | Hessian (exact, checked) | ratio / HiGHS |")
    print("|---|---|---|---|---|---|---|")
    disagreements = 0
    for n, m, density, upper in [(2000, 300, 0.2, None), (2000, 300, 0.2, 10), (5000, 500, 0.02, 10),
                                 (1000, 1000, 0.05, 10), (2000, 2000, 0.02, 10)]:
        c, rows, upper = sparse(n, m, density, upper, rng)
        hm, fm, ov, fv = race(repeat, lambda: ours_sparse(server, c, rows, upper), lambda: highs_sparse(c, rows, upper))
        if not agree(ov, fv):
            disagreements += 1
            print(f"DISAGREE sparse {n} × {m}: {ov} vs {fv}")
        box = "x ≥ 0" if upper is None else f"0 ≤ x ≤ {upper}"
        print(f"| production | {n} × {m} | {density:.0%} | {box} | {fm:.1f} ms | {hm:.1f} ms | {hm / fm:.2g} |")
    return disagreements


def ilp_case(n, rng):
    m = max(2, n // 2)
    a = [[rng.randint(1, 30) for _ in range(n)] for _ in range(m)]
    b = [sum(row) // 3 for row in a]
    c = [rng.randint(1, 40) for _ in range(n)]
    return c, a, b


def ours_ilp(server, c, a, b):
    program = {"objective": c, "constraints": [{"coefficients": r, "relation": "<=", "rhs": bi} for r, bi in zip(a, b)],
               "bounds": [{"variable": f"x{j + 1}", "upper": 3} for j in range(len(c))]}
    _, msg = server.timed_call(payload(server, {"operation_id": "optimization.integer_program.solve", "input": program}))
    env = msg.get("result", {}).get("structuredContent", {})
    out = env.get("output") or {}
    value = out.get("value", {}).get("exact")
    return env.get("elapsed_ms"), (Fraction(value) if value else out.get("status", msg)), out.get("nodes")


def cpsat(c, a, b):
    from ortools.sat.python import cp_model
    t = time.perf_counter()
    model = cp_model.CpModel()
    xs = [model.NewIntVar(0, 3, f"x{j}") for j in range(len(c))]
    for row, bi in zip(a, b):
        model.Add(sum(r * x for r, x in zip(row, xs)) <= bi)
    model.Maximize(sum(ci * x for ci, x in zip(c, xs)))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.Solve(model)
    return 1000 * (time.perf_counter() - t), Fraction(int(solver.ObjectiveValue()))


def ilp_table(server, rng, repeat):
    print("\n| integer program | n | CP-SAT (1 worker) | Hessian (exact B&B, checked) | nodes | ratio / CP-SAT |")
    print("|---|---|---|---|---|---|")
    disagreements = 0
    for n in [5, 10, 15, 20]:
        c, a, b = ilp_case(n, rng)
        h, s = [], []
        for _ in range(repeat):
            t, ov, nodes = ours_ilp(server, c, a, b)
            h.append(t)
            t, sv = cpsat(c, a, b)
            s.append(t)
        if ov != sv:
            disagreements += 1
            print(f"DISAGREE ilp {n}: {ov} vs {sv}")
        hm, sm = statistics.median(h), statistics.median(s)
        print(f"| bounded 0..3, {max(2, n // 2)} rows | {n} | {sm:.1f} ms | {hm:.1f} ms | {nodes} | {hm / sm:.2g} |")
    return disagreements


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hessian", default="target/release/hessian")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sizes", default="25,50,100,200")
    ap.add_argument("--sympy-limit", type=int, default=50)
    ap.add_argument("--large", action="store_true", help="also thousands of variables and constraints")
    args = ap.parse_args()
    server = Server([args.hessian, "serve", "--max-output-bytes", "8000000", "--deadline-ms", "120000"])
    rng = random.Random(20261207)
    print("| program | n = m | HiGHS (float) | SymPy (exact) | Hessian (exact, checked) | ratio / HiGHS | SymPy / Hessian |")
    print("|---|---|---|---|---|---|---|")
    disagreements = 0
    for family, make in [("production", production), ("mixed", mixed)]:
        for n in [int(s) for s in args.sizes.split(",")]:
            c, rows, bounds = make(n, rng)
            s = []
            hm, fm, ov, fv = race(args.repeat, lambda: ours(server, c, rows, bounds), lambda: highs(c, rows, bounds))
            if not agree(ov, fv):
                disagreements += 1
                print(f"DISAGREE {family} {n}: {ov} vs {fv}")
            sv = None
            if n <= args.sympy_limit:
                t, sv = sympy_exact(c, rows, bounds)
                s.append(t)
                if sv != ov:
                    disagreements += 1
                    print(f"DISAGREE sympy {family} {n}: {ov} vs {sv}")
            sm = f"{statistics.median(s):.0f} ms" if s else "–"
            sr = f"{statistics.median(s) / hm:.0f}" if s else "–"
            print(f"| {family} | {n} | {fm:.1f} ms | {sm} | {hm:.1f} ms | {hm / fm:.2g} | {sr} |")
    disagreements += ilp_table(server, rng, args.repeat)
    if args.large:
        disagreements += large_table(server, rng, 1)
    print(f"\nDisagreements: {disagreements}")
    server.close()
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
