#!/usr/bin/env python3
"""Writes cnf.json: clause sets with python-sat's verdict (CaDiCaL 1.5.3,
cross-checked by MiniSat 2.2 and Glucose 4), for logic.cnf.satisfiable.decide.

Random 3-SAT (fixed seeds) at the phase transition (ratio 4.26, 20 to 200
variables) and off it (3.5 and 5.5), pigeonhole n+1 -> n (n = 3..8),
parity chains x1 xor ... xor xn = b over 3-literal pieces (Tseitin), and
graph colouring of random graphs. Regenerate:

    /var/tmp/venv-bench/bin/python tests/data/logic/generate.py
"""

import json
import os
import random

from pysat.solvers import Solver

HERE = os.path.dirname(os.path.abspath(__file__))


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


def parity(n, b, rng):
    """x1 xor ... xor xn = b with fresh variables t_i = t_{i-1} xor x_i."""
    cls = []
    nxt = n + 1
    prev = 1
    for x in range(2, n + 1):
        t = nxt
        nxt += 1
        # t <-> prev xor x
        cls += [[-t, prev, x], [-t, -prev, -x], [t, -prev, x], [t, prev, -x]]
        prev = t
    cls.append([prev] if b else [-prev])
    # A second chain over a shuffled order with the other parity: unsatisfiable.
    order = list(range(1, n + 1))
    rng.shuffle(order)
    prev = order[0]
    for x in order[1:]:
        t = nxt
        nxt += 1
        cls += [[-t, prev, x], [-t, -prev, -x], [t, -prev, x], [t, prev, -x]]
        prev = t
    cls.append([-prev] if b else [prev])
    return cls


def colouring(n, p, k, rng):
    var = lambda v, c: v * k + c + 1  # noqa: E731
    cls = [[var(v, c) for c in range(k)] for v in range(n)]
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < p:
                for c in range(k):
                    cls.append([-var(u, c), -var(v, c)])
    return cls


def verdict(cls):
    answers = set()
    for name in ["cadical153", "minisat22", "glucose4"]:
        with Solver(name=name, bootstrap_with=cls) as s:
            answers.add(s.solve())
    assert len(answers) == 1, answers
    return answers.pop()


def main():
    rng = random.Random(20261206)
    cases = []
    for n in [20, 50, 100, 150, 200]:
        for k in range(8 if n < 200 else 12):
            cases.append((f"random 3-SAT n={n} ratio 4.26 #{k}", random_3sat(n, round(4.26 * n), rng)))
    for ratio in [3.5, 5.5]:
        for k in range(5):
            cases.append((f"random 3-SAT n=100 ratio {ratio} #{k}", random_3sat(100, round(ratio * 100), rng)))
    for n in range(3, 9):
        cases.append((f"pigeonhole {n + 1} -> {n}", pigeonhole(n)))
    for n in [8, 12, 16]:
        cases.append((f"two parity chains over {n} variables", parity(n, n % 2 == 0, rng)))
    for n, p, k in [(20, 0.3, 3), (30, 0.2, 3), (25, 0.5, 4), (40, 0.15, 3)]:
        cases.append((f"{k}-colouring of G({n}, {p})", colouring(n, p, k, rng)))
    out = []
    for name, cls in cases:
        out.append({"name": name, "clauses": cls, "satisfiable": verdict(cls)})
    with open(os.path.join(HERE, "cnf.json"), "w") as f:
        json.dump({"description": __doc__.strip().splitlines()[0], "cases": out}, f, separators=(",", ":"))
    sat = sum(c["satisfiable"] for c in out)
    print(f"{len(out)} cases: {sat} satisfiable, {len(out) - sat} not")


if __name__ == "__main__":
    main()
