#!/usr/bin/env python3
"""Oracle answers for the statistics family: Python's `statistics` module on
Fractions (exact mean, median, modes, variances), NumPy's nine quantile
methods, SciPy's pearsonr / spearmanr / kendalltau, and SymPy's exact least
squares. Run with a Python that has numpy, scipy and sympy:

    python3 tests/data/statistics/generate.py > tests/data/statistics/oracle.json
"""
import json
import random
import statistics
from fractions import Fraction

import numpy as np
import scipy
import sympy
from scipy import stats

METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation",
           "interpolated_inverted_cdf", "hazen", "weibull", "linear",
           "median_unbiased", "normal_unbiased"]

rng = random.Random(37)


def number():
    """An integer, a decimal with one or two places, or a small fraction."""
    kind = rng.randrange(4)
    if kind == 0:
        return Fraction(rng.randrange(-30, 31), rng.choice([2, 3, 4, 7]))
    if kind == 1:
        return Fraction(rng.randrange(-999, 1000), 100)
    return Fraction(rng.randrange(-20, 21))


def text(q):
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def sample(n):
    # Repeats on purpose: ties for modes, ranks and quantile steps.
    pool = [number() for _ in range(max(1, n // 2 + rng.randrange(3)))]
    return [rng.choice(pool) for _ in range(n)]


cases = []
for i in range(120):
    n = rng.randrange(2, 40)
    data = sample(n)
    ps = sorted({Fraction(rng.randrange(0, 21), 20) for _ in range(4)})
    floats = np.array([float(x) for x in data])
    case = {
        "data": [text(x) for x in data],
        "mean": text(statistics.mean(data)),
        "median": text(statistics.median(data)),
        "modes": sorted(text(m) for m in statistics.multimode(data)),
        "population_variance": text(statistics.pvariance(data)),
        "sample_variance": text(statistics.variance(data)),
        "p": [text(p) for p in ps],
        "quantiles": {m: [float(np.quantile(floats, float(p), method=m)) for p in ps] for m in METHODS},
    }
    y = sample(n)
    fy = np.array([float(v) for v in y])
    case["y"] = [text(v) for v in y]
    if np.ptp(floats) > 0 and np.ptp(fy) > 0:
        case["pearson"] = float(stats.pearsonr(floats, fy).statistic)
        case["spearman"] = float(stats.spearmanr(floats, fy).statistic)
        case["kendall"] = float(stats.kendalltau(floats, fy).statistic)
    X = sympy.Matrix([[1, sympy.Rational(x.numerator, x.denominator)] for x in data])
    if X.rank() == 2:
        beta = X.solve_least_squares(sympy.Matrix([sympy.Rational(v.numerator, v.denominator) for v in y]))
        case["line"] = [str(b) for b in beta]
    cases.append(case)

print(json.dumps({
    "generator": "tests/data/statistics/generate.py",
    "versions": {"numpy": np.__version__, "scipy": scipy.__version__, "sympy": sympy.__version__},
    "cases": cases,
}, indent=1))
