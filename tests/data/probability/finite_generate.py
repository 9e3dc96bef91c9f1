#!/usr/bin/env python3
"""Oracle answers for the finite-distribution operations from SymPy's
sympy.stats (FiniteRV: E, variance, skewness, kurtosis, cdf, density of
sums of independent variables, conditional densities) and mpmath (entropy
at 50 digits). Run with a Python that has sympy and mpmath:

    python3 tests/data/probability/finite_generate.py > tests/data/probability/finite.json
"""
import json
import random

import mpmath
import sympy
from sympy import Rational
from sympy.stats import E, FiniteRV, cdf, density, kurtosis, skewness, variance

rng = random.Random(2026)
mpmath.mp.dps = 50


def table():
    n = rng.randrange(1, 7)
    values = rng.sample(range(-6, 10), n)
    weights = [rng.randrange(1, 9) for _ in values]
    total = sum(weights)
    d = {}
    for v, w in zip(values, weights):
        key = Rational(v, rng.choice([1, 1, 2]))
        d[key] = d.get(key, 0) + Rational(w, total)
    return d


def text(q):
    q = sympy.simplify(q)
    assert q.is_Rational, q
    return str(q)


def pairs(d):
    return [[text(v), text(p)] for v, p in sorted(d.items())]


cases = []
for i in range(80):
    a, b = table(), table()
    X = FiniteRV(f"X{i}", a)
    Y = FiniteRV(f"Y{i}", b)
    case = {"x": pairs(a), "y": pairs(b), "mean": text(E(X)), "variance": text(variance(X))}
    if variance(X) != 0:
        case["skewness_squared"] = text(sympy.simplify(skewness(X) ** 2))
        case["kurtosis"] = text(sympy.simplify(kurtosis(X)))
    case["cdf"] = [[text(v), text(p)] for v, p in sorted(cdf(X).items())]
    case["sum"] = [[text(v), text(p)] for v, p in sorted(density(X + Y).dict.items())]
    case["sum3"] = [[text(v), text(p)] for v, p in sorted(density(X + X.subs(X, FiniteRV(f"Z{i}", a)) + FiniteRV(f"W{i}", a)).dict.items())]
    cut = sorted(a)[len(a) // 2]
    case["given_at_least"] = text(cut)
    case["conditional"] = [[text(v), text(p)] for v, p in sorted(density(X, X >= cut).dict.items())]
    case["entropy_bits"] = str(mpmath.nstr(-sum(mpmath.mpf(p.p) / p.q * mpmath.log(mpmath.mpf(p.p) / p.q, 2) for p in a.values()), 30))
    cases.append(case)

print(json.dumps({"generator": "tests/data/probability/finite_generate.py", "sympy": sympy.__version__, "cases": cases}, indent=1))
