#!/usr/bin/env python3
"""Oracle answers for hitting times, n-step matrices and limiting
distributions of random irreducible chains from SymPy: h = 1 + P·h solved
with sympy.linsolve, Pⁿ as a SymPy matrix power, and for regular chains
(some power all positive, by Wielandt's bound (n − 1)² + 1) every row of the limit equal to
stationary_distribution(). Run with a Python that has sympy:

    python3 tests/data/probability/markov_more_generate.py > tests/data/probability/markov_more.json
"""
import json
import random

import sympy
from sympy import Matrix, Rational
from sympy.stats import DiscreteMarkovChain

rng = random.Random(39)


def chain(n):
    # A cycle through all states keeps the chain irreducible; extra arrows
    # at random, weights small integers.
    rows = []
    for i in range(n):
        w = [0] * n
        w[(i + 1) % n] = rng.randrange(1, 4)
        for _ in range(rng.randrange(0, 3)):
            w[rng.randrange(n)] += rng.randrange(1, 4)
        s = sum(w)
        rows.append([Rational(x, s) for x in w])
    return Matrix(rows)


def regular(P):
    n = P.rows
    pattern = P.applyfunc(lambda x: 1 if x != 0 else 0)
    power = pattern
    for _ in range((n - 1) ** 2):
        power = (power * pattern).applyfunc(lambda x: 1 if x != 0 else 0)
    return all(x != 0 for x in power)


cases = []
for k in range(40):
    n = rng.randrange(2, 8)
    P = chain(n)
    target = sorted(rng.sample(range(n), rng.randrange(1, n)))
    free = [i for i in range(n) if i not in target]
    hs = sympy.symbols(f"h0:{n}")
    eqs = [hs[i] for i in target] + [hs[i] - 1 - sum(P[i, j] * hs[j] for j in range(n)) for i in free]
    (sol,) = sympy.linsolve(eqs, hs)
    steps = rng.randrange(0, 9)
    case = {
        "transition": [[str(x) for x in P.row(i)] for i in range(n)],
        "target": [str(t) for t in target],
        "hitting": [str(x) for x in sol],
        "steps": steps,
        "power": [[str(x) for x in (P ** steps).row(i)] for i in range(n)],
    }
    mc = DiscreteMarkovChain(f"C{k}", list(range(n)), P)
    if regular(P):
        pi = mc.stationary_distribution()
        case["limit_row"] = [str(x) for x in pi]
    cases.append(case)

print(json.dumps({"generator": "tests/data/probability/markov_more_generate.py", "sympy": sympy.__version__, "cases": cases}, indent=1))
