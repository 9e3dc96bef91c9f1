#!/usr/bin/env python3
"""Writes assignment.json, games.json and ilp.json: oracle answers from
scipy 1.18 (linear_sum_assignment; linprog with HiGHS for the value of a
zero-sum game; milp with HiGHS for integer programs), for the operations
optimization.assignment.solve, .zero_sum_game.solve and
.integer_program.solve. Regenerate:

    /var/tmp/venv-bench/bin/python tests/data/optimization/generate_more.py
"""

import json
import os
import random

import numpy as np
from scipy.optimize import LinearConstraint, Bounds, linear_sum_assignment, linprog, milp

HERE = os.path.dirname(os.path.abspath(__file__))


def assignment(rng):
    cases = []
    for k in range(120):
        n, m = rng.randint(1, 12), rng.randint(1, 12)
        c = [[rng.randint(-20, 60) for _ in range(m)] for _ in range(n)]
        maximize = k % 3 == 0
        r, col = linear_sum_assignment(np.array(c), maximize=maximize)
        cases.append({"input": {"costs": c, "sense": "maximize" if maximize else "minimize"},
                      "total": int(sum(c[i][j] for i, j in zip(r, col)))})
    return cases


def games(rng):
    cases = []
    for _ in range(120):
        m, n = rng.randint(1, 8), rng.randint(1, 8)
        a = [[rng.randint(-9, 9) for _ in range(n)] for _ in range(m)]
        # max v: A^T p >= v, sum p = 1, p >= 0.
        c = [0] * m + [-1]
        a_ub = [[-a[i][j] for i in range(m)] + [1] for j in range(n)]
        res = linprog(c, A_ub=a_ub, b_ub=[0] * n, A_eq=[[1] * m + [0]], b_eq=[1],
                      bounds=[(0, None)] * m + [(None, None)], method="highs")
        cases.append({"input": {"payoff": a}, "value": -res.fun})
    return cases


def ilps(rng):
    cases = []
    while len(cases) < 80:
        n, m = rng.randint(2, 7), rng.randint(1, 6)
        a = [[rng.randint(-3, 9) for _ in range(n)] for _ in range(m)]
        b = [rng.randint(5, 40) for _ in range(m)]
        cost = [rng.randint(-3, 12) for _ in range(n)]
        ub = rng.randint(3, 9)
        lo = [-np.inf] * m
        if rng.random() < 0.3:
            # An even combination equal to an odd number: feasible over Q
            # (when it meets the box), a parity argument over Z.
            a.append([2 * rng.randint(0, 2) for _ in range(n)])
            a[-1][0] = 2
            b.append(2 * rng.randint(1, 6) + 1)
            lo.append(b[-1])
        res = milp(c=-np.array(cost), constraints=LinearConstraint(np.array(a), np.array(lo), np.array(b)),
                   integrality=np.ones(n), bounds=Bounds(0, ub))
        status = {0: "optimal", 2: "infeasible"}.get(res.status)
        if status is None:
            continue
        names = [f"x{j + 1}" for j in range(n)]
        cases.append({
            "input": {
                "objective": cost,
                "constraints": [{"coefficients": row, "relation": "<=" if lb == -np.inf else "=", "rhs": bi}
                                for row, bi, lb in zip(a, b, lo)],
                "bounds": [{"variable": v, "upper": ub} for v in names],
            },
            "status": status,
            "value": None if status != "optimal" else -res.fun,
        })
    return cases


def main():
    rng = random.Random(20261207)
    for name, make in [("assignment", assignment), ("games", games), ("ilp", ilps)]:
        with open(os.path.join(HERE, f"{name}.json"), "w") as f:
            json.dump({"oracle": "scipy 1.18 (HiGHS)", "cases": make(rng)}, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
