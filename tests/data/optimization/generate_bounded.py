#!/usr/bin/env python3
"""Writes lp_bounded.json: linear programs whose variables carry bounds
given as `bounds` (two-sided, one-sided, free, fixed), kept by the bounded
simplex rather than as rows, with HiGHS's verdict (scipy.optimize.linprog,
method "highs"), for optimization.linear_program.solve.

200 programs of 5 to 40 variables and 3 to 40 rows (a mix of <=, >= and =,
a share degenerate, a share with fractional data, infeasible and
unbounded ones among them), and 4 sparse programs of 300 to 1,500
variables and 100 to 1,000 rows. Regenerate:

    /var/tmp/venv-bench/bin/python tests/data/optimization/generate_bounded.py
"""

import json
import os
import random
from fractions import Fraction

from scipy.optimize import linprog
from scipy.sparse import lil_matrix

from generate import term_text

HERE = os.path.dirname(os.path.abspath(__file__))


def bound(rng, num):
    kind = rng.choice(["box", "box", "upper", "lower", "free", "fixed", "default"])
    lo, hi = num(-6, 0), num(1, 9)
    return {
        "box": (lo, hi),
        "upper": (None, hi),
        "lower": (lo, None),
        "free": (None, None),
        "fixed": (lo, lo),
        "default": (Fraction(0), None),
    }[kind]


def verdict(cost, sense, rows, bounds, n):
    a_ub, b_ub, a_eq, b_eq = lil_matrix((len(rows), n)), [], lil_matrix((len(rows), n)), []
    iu = ie = 0
    for coefs, rel, rhs in rows:
        sign = -1 if rel == ">=" else 1
        if rel == "=":
            for j, c in coefs.items():
                a_eq[ie, j] = float(c)
            b_eq.append(float(rhs)); ie += 1
        else:
            for j, c in coefs.items():
                a_ub[iu, j] = sign * float(c)
            b_ub.append(sign * float(rhs)); iu += 1
    c = [float(x) * (-1 if sense == "maximize" else 1) for x in cost]
    res = linprog(c, A_ub=a_ub[:iu].tocsr() if iu else None, b_ub=b_ub or None,
                  A_eq=a_eq[:ie].tocsr() if ie else None, b_eq=b_eq or None,
                  bounds=[(None if l is None else float(l), None if u is None else float(u)) for l, u in bounds],
                  method="highs")
    status = {0: "optimal", 2: "infeasible", 3: "unbounded"}.get(res.status)
    value = res.fun * (-1 if sense == "maximize" else 1) if status == "optimal" else None
    return status, value


def program(cost, sense, rows, bounds, names):
    dense = lambda coefs: [coefs.get(j, 0) for j in range(len(names))]  # noqa: E731
    box = []
    for v, (l, u) in zip(names, bounds):
        if (l, u) == (Fraction(0), None):
            continue
        b = {"variable": v, "lower": "-inf" if l is None else str(l)}
        if u is not None:
            b["upper"] = str(u)
        box.append(b)
    return {
        "objective": term_text(cost, names),
        "sense": sense,
        "constraints": [f"{term_text(dense(cf), names)} {rel} {rhs}" for cf, rel, rhs in rows],
        "variables": names,
        "bounds": box,
    }


def small(rng):
    n, m = rng.randint(5, 40), rng.randint(3, 40)
    frac = rng.random() < 0.25
    num = lambda lo, hi: Fraction(rng.randint(lo, hi), rng.randint(1, 4) if frac else 1)  # noqa: E731
    density = rng.choice([0.2, 0.4, 0.7])
    bounds = [bound(rng, num) for _ in range(n)]
    # Most programs have their rows around a point of the box (feasible,
    # and degenerate where a row passes through it); the rest are random.
    point = [l if l is not None else (u if u is not None else Fraction(rng.randint(-3, 3))) for l, u in bounds]
    around = rng.random() < 0.75
    rows = []
    for _ in range(m):
        coefs = {j: num(-5, 5) for j in range(n) if rng.random() < density}
        coefs = {j: c for j, c in coefs.items() if c != 0} or {rng.randrange(n): Fraction(1)}
        rel = rng.choice(["<=", "<=", "<=", ">=", "="])
        if around:
            at = sum(c * point[j] for j, c in coefs.items())
            slack = Fraction(rng.choice([0, 0, rng.randint(1, 9)]))
            rhs = at if rel == "=" else at + slack if rel == "<=" else at - slack
        else:
            rhs = num(-3, 25)
        rows.append((coefs, rel, rhs))
    if rng.random() < 0.2:
        rows.append(rows[0])  # a repeated row: degenerate
    cost = [num(-6, 6) for _ in range(n)]
    return cost, rng.choice(["maximize", "minimize"]), rows, bounds


def large(rng, n, m, density, equations):
    rows = []
    for i in range(m):
        coefs = {j: Fraction(rng.randint(1, 99)) for j in range(n) if rng.random() < density}
        coefs = coefs or {rng.randrange(n): Fraction(1)}
        rel = "=" if i < equations else "<="
        # Through the box's middle for equations, so the program is feasible.
        rhs = sum(c * 2 for c in coefs.values()) if rel == "=" else Fraction(rng.randint(100, 1000) * max(1, int(n * density)))
        rows.append((coefs, rel, rhs))
    bounds = [(Fraction(0), Fraction(rng.randint(4, 10))) if rng.random() < 0.8 else (Fraction(0), None) for _ in range(n)]
    cost = [Fraction(rng.randint(1, 99)) for _ in range(n)]
    return cost, "maximize", rows, bounds


def main():
    rng = random.Random(20261208)
    cases, seen = [], {}
    shapes = [small(rng) for _ in range(400)]
    for n, m, d, e in [(1000, 300, 0.02, 0), (600, 600, 0.02, 60), (1500, 100, 0.05, 0), (300, 1000, 0.03, 0)]:
        shapes.append(large(rng, n, m, d, e))
    for cost, sense, rows, bounds in shapes:
        n = len(cost)
        status, value = verdict(cost, sense, rows, bounds, n)
        if status is None or (n <= 40 and len(cases) >= 200):
            continue
        seen[status] = seen.get(status, 0) + 1
        names = [f"x{j + 1}" for j in range(n)]
        cases.append({"input": program(cost, sense, rows, bounds, names), "status": status, "value": value})
    print(seen, len(cases))
    with open(os.path.join(HERE, "lp_bounded.json"), "w") as f:
        json.dump({"oracle": "scipy.optimize.linprog(method='highs')", "cases": cases}, f)
        f.write("\n")


if __name__ == "__main__":
    main()
