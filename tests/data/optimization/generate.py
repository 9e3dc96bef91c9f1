#!/usr/bin/env python3
"""Writes lp.json: random linear programs with HiGHS's verdict (through
scipy.optimize.linprog, method "highs"), for optimization.linear_program.solve.

Programs of 2 to 12 variables and 1 to 12 constraints with small integer
coefficients, a mix of <=, >= and = rows, variables non-negative or free,
maximised or minimised; a share are degenerate (repeated rows, rows through
one point) and a share have fractional data. Regenerate:

    /var/tmp/venv-bench/bin/python tests/data/optimization/generate.py
"""

import json
import os
import random
from fractions import Fraction

from scipy.optimize import linprog

HERE = os.path.dirname(os.path.abspath(__file__))


def term_text(coefs, names):
    parts = []
    for c, v in zip(coefs, names):
        if c == 0:
            continue
        sign = "-" if c < 0 else "+"
        a = abs(c)
        body = v if a == 1 else f"{a}*{v}"
        parts.append((sign, body))
    if not parts:
        return "0"
    out = ("-" if parts[0][0] == "-" else "") + parts[0][1]
    for s, b in parts[1:]:
        out += f" {s} {b}"
    return out


def case(rng, k):
    n = rng.randint(2, 12)
    m = rng.randint(1, 12)
    names = [f"x{j + 1}" for j in range(n)]
    frac = rng.random() < 0.25
    num = lambda lo, hi: Fraction(rng.randint(lo, hi), rng.randint(1, 4) if frac else 1)  # noqa: E731
    rows = []
    for _ in range(m):
        coefs = [num(-5, 5) if rng.random() < 0.7 else Fraction(0) for _ in range(n)]
        rel = rng.choice(["<=", "<=", "<=", ">=", "="])
        rows.append((coefs, rel, num(-3, 20)))
    if rng.random() < 0.2 and rows:
        rows.append(rows[0])  # a repeated row: degenerate
    if rng.random() < 0.6:
        # A box, so that most programs have an optimum.
        for j in range(n):
            e = [Fraction(int(i == j)) for i in range(n)]
            rows.append((e, "<=", Fraction(rng.randint(1, 9))))
            rows.append((e, ">=", Fraction(-rng.randint(0, 9))))
    cost = [num(-6, 6) for _ in range(n)]
    sense = rng.choice(["maximize", "minimize"])
    nonneg = rng.random() < 0.7
    a_ub, b_ub, a_eq, b_eq = [], [], [], []
    for coefs, rel, rhs in rows:
        if rel == "<=":
            a_ub.append([float(c) for c in coefs]); b_ub.append(float(rhs))
        elif rel == ">=":
            a_ub.append([-float(c) for c in coefs]); b_ub.append(-float(rhs))
        else:
            a_eq.append([float(c) for c in coefs]); b_eq.append(float(rhs))
    c = [float(x) * (-1 if sense == "maximize" else 1) for x in cost]
    res = linprog(c, A_ub=a_ub or None, b_ub=b_ub or None, A_eq=a_eq or None, b_eq=b_eq or None,
                  bounds=[(0, None) if nonneg else (None, None)] * n, method="highs")
    status = {0: "optimal", 2: "infeasible", 3: "unbounded"}.get(res.status)
    if status is None:
        return None
    value = None
    if status == "optimal":
        value = res.fun * (-1 if sense == "maximize" else 1)
    return {
        "input": {
            "objective": term_text(cost, names),
            "sense": sense,
            "constraints": [f"{term_text(cf, names)} {rel} {rhs}" for cf, rel, rhs in rows],
            "variables": names,
            "nonnegative": nonneg,
        },
        "status": status,
        "value": value,
    }


def main():
    rng = random.Random(20261207)
    cases = []
    while len(cases) < 300:
        c = case(rng, len(cases))
        if c is not None:
            cases.append(c)
    with open(os.path.join(HERE, "lp.json"), "w") as f:
        json.dump({"oracle": "scipy.optimize.linprog(method='highs')", "cases": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
