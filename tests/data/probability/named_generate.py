#!/usr/bin/env python3
"""Oracle answers for the named distributions from sympy.stats:
Hypergeometric, NegativeBinomial (SymPy 1.14's pmf is
C(k + r − 1, k)·pʳ·(1 − p)ᵏ: failures before the r-th success, as ours),
Geometric (trials) and Multinomial. Run with a Python that has sympy:

    python3 tests/data/probability/named_generate.py > tests/data/probability/named.json
"""
import json
import random

import sympy
from sympy import Rational
from sympy.stats import Geometric, Hypergeometric, Multinomial, NegativeBinomial, density

rng = random.Random(38)


def prob():
    d = rng.choice([2, 3, 5, 6, 7, 10])
    return Rational(rng.randrange(1, d), d)


cases = {"hypergeometric": [], "negative_binomial": [], "geometric": [], "multinomial": []}
for i in range(60):
    n_all = rng.randrange(1, 60)
    k = rng.randrange(0, n_all + 1)
    n = rng.randrange(0, n_all + 1)
    X = Hypergeometric(f"H{i}", n_all, k, n)
    lo = rng.randrange(0, n + 1)
    hi = rng.randrange(lo, n + 1)
    pmf = density(X).dict
    p = sum((v for x, v in pmf.items() if lo <= x <= hi), Rational(0))
    cases["hypergeometric"].append({"population": n_all, "successes": k, "draws": n,
                                     "at_least": lo, "at_most": hi, "probability": str(p)})

    r = rng.randrange(1, 6)
    q = prob()
    Y = NegativeBinomial(f"N{i}", r, q)
    lo = rng.randrange(0, 15)
    hi = lo + rng.randrange(0, 10)
    p = sum((density(Y)(f) for f in range(lo, hi + 1)), Rational(0))
    if r == 1 and lo == hi:
        assert p == q * (1 - q) ** lo  # the convention, by hand
    cases["negative_binomial"].append({"successes": r, "p": str(q), "failures": [lo, hi], "probability": str(sympy.Rational(sympy.simplify(p)))})

    G = Geometric(f"G{i}", q)
    k = rng.randrange(1, 30)
    cases["geometric"].append({"p": str(q), "trial": k, "probability": str(density(G)(k)),
                               "tail": str(sympy.simplify(1 - sum(density(G)(j) for j in range(1, k))))})

    m = rng.randrange(2, 5)
    weights = [rng.randrange(1, 6) for _ in range(m)]
    ps = [Rational(w, sum(weights)) for w in weights]
    counts = [rng.randrange(0, 5) for _ in range(m)]
    counts[0] += 1
    M = Multinomial(f"M{i}", sum(counts), *ps)
    cases["multinomial"].append({"counts": counts, "p": [str(x) for x in ps],
                                 "probability": str(sympy.simplify(density(M)(*counts)))})

print(json.dumps({"generator": "tests/data/probability/named_generate.py", "sympy": sympy.__version__, "cases": [cases]}, indent=1))
