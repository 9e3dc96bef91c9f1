#!/usr/bin/env python3
"""Oracle answers for the numeric (floating point) side of the statistics
family: the normal, Student t and chi-square distributions (pdf, cdf, sf,
quantile), t tests, chi-square tests, z tests and confidence intervals.

Every expected value is computed with mpmath at 50 significant digits and
stored as the Python float of that value (the correctly rounded double).
Every case is computed a second time at 70 digits and the two doubles must
be identical, so a value that mpmath could not get right shows up as a
failure here rather than as a wrong oracle. Quantiles are the roots of
cdf(x) = p (of sf(x) = 1 - p above the median) by a bracketed Newton
iteration on the logarithm of the tail; SciPy's ppf is only its starting
point. Where it was easy, SciPy's answer to the same question is recorded
beside the expected one as "scipy" (same keys); it is never the source of an
expected value. Run with a Python that has mpmath, numpy and scipy:

    python3 tests/data/statistics/numeric_generate.py > tests/data/statistics/numeric.json

A summary (case counts, largest relative difference from SciPy per
operation) goes to stderr.

Layout: {"generator", "versions", "cases": {operation: [case, ...]}}, each
case {"input": {...}, "expected": {...}} and optionally "scipy": {...}.
- normal {"mean", "sd", "x"} -> {"pdf", "cdf", "sf"}; {"mean", "sd", "p"} ->
  {"quantile"}. Likewise t {"df", "x" | "p"} and chi_square {"df", "x" | "p"}.
  Distribution inputs are JSON numbers. sf is the upper tail computed
  directly (erfc, the complementary incomplete beta / gamma), not 1 - cdf.
  A case is kept only when each expected value is 0 or at least 1e-300 in
  magnitude (no subnormals).
- t_test: one sample {"x", "mu", "alternative"}; two sample {"x", "y",
  "equal_variances": false | true, "alternative"}; paired {"x", "y",
  "paired": true, "alternative"} -> {"t", "df", "p_value"}. Sample
  variances use n - 1; Welch df is Welch-Satterthwaite; pooled df is
  nx + ny - 2; paired is the one-sample test of x - y against 0.
  two_sided = 2 sf(|t|), greater = sf(t), less = cdf(t).
- chi_square_test: goodness of fit {"observed", "expected"?} (expected
  probabilities, uniform when absent); independence {"table"} ->
  {"chi_square": exact rational, "df", "p_value"}. No continuity correction.
- z_test {"x", "mu", "sigma", "alternative"} -> {"z", "p_value"} with
  z = (mean - mu) sqrt(n) / sigma.
- confidence_interval: mean {"x", "level"} -> {"low", "high"} = mean -/+
  t_{(1+level)/2, n-1} s / sqrt(n); proportion {"successes", "trials",
  "level", "method": "wilson" | "clopper_pearson"} -> {"low", "high"}.
  Wilson: (k + z^2/2 -/+ z sqrt(k(n-k)/n + z^2/4)) / (n + z^2) with
  z = Phi^-1((1+level)/2). Clopper-Pearson: low = 0 if k = 0 else the
  alpha/2 quantile of Beta(k, n-k+1), high = 1 if k = n else the 1-alpha/2
  quantile of Beta(k+1, n-k), alpha = 1 - level.
Data, mu, sigma, level and probabilities are strings holding exact decimals,
integers or "p/q"; exact rationals in answers are strings "p/q" or "n".
"""
import json
import math
import random
import sys
from fractions import Fraction

import mpmath
import numpy as np
import scipy
from mpmath import mp, mpf
from scipy import stats

ALTERNATIVES = ["two_sided", "greater", "less"]
SCIPY_ALT = {"two_sided": "two-sided", "greater": "greater", "less": "less"}
TINY = 1e-300

rng = random.Random(37)


# ---------------------------------------------------------------- helpers

def text(q):
    q = Fraction(q)
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def dec(q):
    """An exact decimal string for a Fraction whose denominator divides 10^k."""
    q = Fraction(q)
    if q.denominator == 1:
        return str(q.numerator)
    places = 0
    while (q * 10 ** places).denominator != 1:
        places += 1
        assert places < 20
    n = q * 10 ** places
    sign = "-" if n < 0 else ""
    digits = str(abs(n.numerator)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def decimal(q):
    d = Fraction(q).denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    return d == 1


def parse(s):
    return Fraction(s)


def mpq(q):
    q = Fraction(q)
    return mpf(q.numerator) / q.denominator


def mpnum(v):
    """An input number (int, float or Fraction) exactly as an mpf."""
    if isinstance(v, Fraction):
        return mpq(v)
    return mpf(v)


def invert(cdf, sf, pdf, p, x0, domain):
    """The x with cdf(x) = p: bracketed Newton on log cdf (log sf above 1/2).

    domain is "real", "positive" or "unit"; x0 is only a starting point."""
    p = mpf(p)
    upper = p > mpf(1) / 2
    if upper:
        target = mp.log(1 - p)
        g = lambda x: target - mp.log(sf(x))
        dg = lambda x: pdf(x) / sf(x)
    else:
        target = mp.log(p)
        g = lambda x: mp.log(cdf(x)) - target
        dg = lambda x: pdf(x) / cdf(x)

    def inside(x):
        return (domain == "real" or x > 0) and (domain != "unit" or x < 1)

    x = mpf(x0)
    if not mp.isfinite(x) or not inside(x):
        x = {"real": mpf(0), "positive": mpf(1), "unit": mpf(1) / 2}[domain]
    gx = g(x)
    if gx == 0:
        return x
    a = b = None
    if gx < 0:
        a = x
    else:
        b = x
    step = max(abs(x), mpf(1)) / 16
    while a is None or b is None:
        if a is None:  # go lower
            if domain == "real":
                y = b - step
                step *= 2
            else:
                y = b / 4
        else:  # go higher
            if domain == "unit":
                y = 1 - (1 - a) / 4
            elif domain == "positive":
                y = a * 4
            else:
                y = a + step
                step *= 2
        gy = g(y)
        if gy == 0:
            return y
        if gy < 0:
            a = y
        else:
            b = y
    tol = mpf(10) ** (-(mp.dps - 4))
    for _ in range(2000):
        gx = g(x)
        if gx == 0:
            return x
        if gx < 0:
            a = max(a, x)
        else:
            b = min(b, x)
        d = dg(x)
        y = x - gx / d if d != 0 else None
        if y is None or not (a < y < b):
            if domain != "real" and b / a > 4:
                y = mp.sqrt(a * b)
            else:
                y = (a + b) / 2
        if abs(y - x) <= tol * abs(y) or b - a <= tol * max(abs(a), abs(b)):
            return y
        x = y
    raise RuntimeError("quantile did not converge")


def twice(fn, *args):
    """fn at 50 digits as doubles; it must give the same doubles at 70."""
    with mp.workdps(50):
        first = fn(*args)
    with mp.workdps(70):
        second = fn(*args)
    assert first == second, (fn.__name__, args, first, second)
    return first


def floats(d):
    out = {}
    for k, v in d.items():
        if isinstance(v, mpf):
            out[k] = float(v)
        else:
            out[k] = v
    return out


def representable(expected):
    for v in expected.values():
        if isinstance(v, float) and v != 0 and abs(v) < TINY:
            return False
    return True


# ---------------------------------------------------------- distributions

def normal_pdf(m, s, x):
    z = (x - m) / s
    return mp.exp(-z * z / 2) / (s * mp.sqrt(2 * mp.pi))


def normal_cdf(m, s, x):
    return mp.erfc(-(x - m) / (s * mp.sqrt(2))) / 2


def normal_sf(m, s, x):
    return mp.erfc((x - m) / (s * mp.sqrt(2))) / 2


def normal_quantile(m, s, p, x0):
    if mpf(p) == mpf(1) / 2:
        return m
    z = invert(lambda z: normal_cdf(0, 1, z), lambda z: normal_sf(0, 1, z),
               lambda z: normal_pdf(0, 1, z), p, (x0 - float(m)) / float(s), "real")
    return m + s * z


def t_pdf(v, x):
    logc = mp.loggamma((v + 1) / 2) - mp.loggamma(v / 2) - mp.log(v * mp.pi) / 2
    return mp.exp(logc - (v + 1) / 2 * mp.log1p(x * x / v))


def t_tails(v, x, t2=None):
    """(cdf, sf); t2 may be given as an exact Fraction for t^2."""
    if x == 0:
        return mpf(1) / 2, mpf(1) / 2
    if t2 is not None and isinstance(v, Fraction):
        w = v / (v + t2)  # exact
        u = t2 / (v + t2)
        w, u, vv = mpq(w), mpq(u), mpq(v)
    else:
        vv = mpnum(v)
        w = vv / (vv + x * x)
        u = x * x / (vv + x * x)
    a, b = vv / 2, mpf(1) / 2
    # tail = P(T > |x|) = I_w(v/2, 1/2) / 2; body = 1 - tail = 1 - I_w/2
    if w < a / (a + b):  # below the mean of Beta(a, b): I_w is at most about 1/2
        small = mp.betainc(a, b, 0, w, regularized=True) / 2
        big = 1 - small
    else:
        # I_w(a, b) = 1 - I_u(b, a)
        comp = mp.betainc(b, a, 0, u, regularized=True)
        small = (1 - comp) / 2
        big = (1 + comp) / 2
    return (big, small) if x > 0 else (small, big)


def t_quantile(v, p, x0):
    if mpf(p) == mpf(1) / 2:
        return mpf(0)
    return invert(lambda x: t_tails(v, x)[0], lambda x: t_tails(v, x)[1],
                  lambda x: t_pdf(v, x), p, x0, "real")


def chi2_pdf(k, x):
    h = k / 2
    return mp.exp((h - 1) * mp.log(x) - x / 2 - h * mp.log(2) - mp.loggamma(h))


def chi2_cdf(k, x):
    return mp.gammainc(k / 2, 0, x / 2, regularized=True)


def chi2_sf(k, x):
    return mp.gammainc(k / 2, x / 2, mp.inf, regularized=True)


def chi2_quantile(k, p, x0):
    return invert(lambda x: chi2_cdf(k, x), lambda x: chi2_sf(k, x),
                  lambda x: chi2_pdf(k, x), p, x0, "positive")


def beta_quantile(a, b, p, x0):
    a, b = mpf(a), mpf(b)
    logB = mp.loggamma(a) + mp.loggamma(b) - mp.loggamma(a + b)
    return invert(lambda x: mp.betainc(a, b, 0, x, regularized=True),
                  lambda x: mp.betainc(a, b, x, 1, regularized=True),
                  lambda x: mp.exp((a - 1) * mp.log(x) + (b - 1) * mp.log1p(-x) - logB),
                  p, x0, "unit")


# ------------------------------------------------------------ computations

def normal_point(m, s, x):
    m, s, x = mpnum(m), mpnum(s), mpnum(x)
    return floats({"pdf": normal_pdf(m, s, x), "cdf": normal_cdf(m, s, x),
                   "sf": normal_sf(m, s, x)})


def normal_q(m, s, p, x0):
    return floats({"quantile": normal_quantile(mpnum(m), mpnum(s), mpnum(p), x0)})


def t_point(v, x):
    vv, xx = mpnum(v), mpnum(x)
    cdf, sf = t_tails(v, xx)
    return floats({"pdf": t_pdf(vv, xx), "cdf": cdf, "sf": sf})


def t_q(v, p, x0):
    return floats({"quantile": t_quantile(mpnum(v), mpnum(p), x0)})


def chi2_point(k, x):
    k, x = mpnum(k), mpnum(x)
    return floats({"pdf": chi2_pdf(k, x), "cdf": chi2_cdf(k, x), "sf": chi2_sf(k, x)})


def chi2_q(k, p, x0):
    return floats({"quantile": chi2_quantile(mpnum(k), mpnum(p), x0)})


def t_pvalue(df, t2, sign, alternative):
    """p-value for a t statistic given exactly by t^2 (Fraction) and its sign."""
    t = sign * mp.sqrt(mpq(t2))
    cdf, sf = t_tails(df, t, t2)
    if alternative == "two_sided":
        p = 2 * min(cdf, sf) if t != 0 else mpf(1)
    elif alternative == "greater":
        p = sf
    else:
        p = cdf
    return floats({"t": t, "df": float(df), "p_value": p})


def normal_pvalue(z2, sign, alternative):
    z = sign * mp.sqrt(mpq(z2))
    if alternative == "two_sided":
        p = mp.erfc(abs(z) / mp.sqrt(2))
    elif alternative == "greater":
        p = normal_sf(0, 1, z)
    else:
        p = normal_cdf(0, 1, z)
    return floats({"z": z, "p_value": p})


def chi2_pvalue(k, stat):
    return float(chi2_sf(mpf(k), mpq(stat)))


# ------------------------------------------------------------------ sample

def number():
    kind = rng.randrange(4)
    if kind == 0:
        return Fraction(rng.randrange(-999, 1000), 100)
    if kind == 1:
        return Fraction(rng.randrange(-200, 201), 10)
    if kind == 2:
        return Fraction(rng.randrange(-30, 31))
    return Fraction(rng.randrange(0, 100000), 1000)


def sample(n, shift=Fraction(0), scale=1):
    return [number() * scale + shift for _ in range(n)]


def mean(xs):
    return sum(xs, Fraction(0)) / len(xs)


def var(xs):
    m = mean(xs)
    return sum(((x - m) ** 2 for x in xs), Fraction(0)) / (len(xs) - 1)


def sgn(q):
    return (q > 0) - (q < 0)


# ------------------------------------------------------------------- cases

out = {}
scipy_diff = {}


def note(op, expected, sc):
    worst = scipy_diff.setdefault(op, 0.0)
    for k, v in sc.items():
        e = expected[k]
        if isinstance(e, str):
            e = float(Fraction(e))
        if not isinstance(e, (int, float)) or isinstance(e, bool):
            continue
        if math.isinf(v) and v == e:
            continue
        d = abs(v - e) / abs(e) if e != 0 else abs(v)
        worst = max(worst, d)
    scipy_diff[op] = worst


def add(op, inp, expected, sc=None):
    case = {"input": inp, "expected": expected}
    if sc is not None:
        sc = {k: float(v) for k, v in sc.items()}
        case["scipy"] = sc
        note(op, expected, sc)
    out.setdefault(op, []).append(case)


P_LIST = [0.5, 0.975, 0.025, 1e-10, 1 - 1e-10]

# normal
for x in [0, 1, -1, 1.96, -1.96, 5, -5, 10, -10, 37, -37, 38.5, -38.5]:
    e = twice(normal_point, 0, 1, x)
    if representable(e):
        add("normal", {"mean": 0, "sd": 1, "x": x}, e,
            {"pdf": stats.norm.pdf(x), "cdf": stats.norm.cdf(x), "sf": stats.norm.sf(x)})
for p in P_LIST + [1e-300]:
    e = twice(normal_q, 0, 1, p, stats.norm.ppf(p))
    add("normal", {"mean": 0, "sd": 1, "p": p}, e, {"quantile": stats.norm.ppf(p)})
for i in range(60):
    m = round(rng.uniform(-100, 100), rng.choice([0, 1, 2, 3]))
    s = round(10 ** rng.uniform(-2, 2), 4)
    if i < 45:
        x = round(m + s * rng.uniform(-8, 8), 4)
        e = twice(normal_point, m, s, x)
        if not representable(e):
            continue
        d = stats.norm(loc=m, scale=s)
        add("normal", {"mean": m, "sd": s, "x": x}, e, {"pdf": d.pdf(x), "cdf": d.cdf(x), "sf": d.sf(x)})
    else:
        p = rng.choice([rng.random(), 10 ** rng.uniform(-20, 0), 1 - 10 ** rng.uniform(-12, -1)])
        x0 = stats.norm.ppf(p, loc=m, scale=s)
        add("normal", {"mean": m, "sd": s, "p": p}, twice(normal_q, m, s, p, x0), {"quantile": x0})

# t
T_DFS = [1, 2, 3, 5, 10, 30, 100, 1000, 100000, 2.5, 7.3, 15.75]
T_P = P_LIST + [1e-100]
for i, v in enumerate(T_DFS):
    xs = [2.0, -12.7, round(rng.uniform(-50, 50), 3)]
    if i % 3 == 0:
        xs.append(0)
    if i % 2 == 0:
        xs.append(-2.0)
    else:
        xs.append(12.7)
    xs.append([50, -50, 35.5, -44.25][i % 4])
    for x in xs:
        e = twice(t_point, v, x)
        if representable(e):
            add("t", {"df": v, "x": x}, e,
                {"pdf": stats.t.pdf(x, v), "cdf": stats.t.cdf(x, v), "sf": stats.t.sf(x, v)})
    for j in range(3):
        p = T_P[(5 + i + 2 * j) % len(T_P)]
        x0 = stats.t.ppf(p, v)
        add("t", {"df": v, "p": p}, twice(t_q, v, p, x0), {"quantile": x0})

# chi-square
K_LIST = [1, 2, 3, 4, 10, 50, 100, 1000, 10000, 2.5]
for i, k in enumerate(K_LIST):
    top = 10 * k + 100
    xs = [1e-6, float(k), round(rng.uniform(0, top), 3), round(10 ** rng.uniform(-6, math.log10(top)), 6),
          round(max(k - 2, 0) + 0.5, 1)]
    xs.append(top if i % 2 == 0 else round(k + 12 * math.sqrt(2 * k) + 30, 2))
    xs.append(round(max(1e-3, k - 6 * math.sqrt(2 * k)), 3))
    seen = set()
    for x in xs:
        if x in seen or x <= 0:
            continue
        seen.add(x)
        e = twice(chi2_point, k, x)
        if representable(e):
            add("chi_square", {"df": k, "x": x}, e,
                {"pdf": stats.chi2.pdf(x, k), "cdf": stats.chi2.cdf(x, k), "sf": stats.chi2.sf(x, k)})
    for j in range(3):
        p = T_P[(5 + i + 2 * j) % len(T_P)]
        x0 = stats.chi2.ppf(p, k)
        add("chi_square", {"df": k, "p": p}, twice(chi2_q, k, p, x0), {"quantile": x0})

# t tests
for i in range(64):
    kind = ["one_sample", "welch", "pooled", "paired"][i % 4]
    alternative = ALTERNATIVES[(i // 4) % 3]
    nx = rng.randrange(2, 31)
    if kind == "one_sample":
        x = sample(nx)
        if var(x) == 0:
            continue
        m = mean(x)
        mu = rng.choice([Fraction(0), Fraction(0), Fraction(rng.randrange(-50, 51), 10),
                         m if decimal(m) else Fraction(1)])
        n = len(x)
        diff = mean(x) - mu
        t2 = diff ** 2 * n / var(x)
        e = twice(t_pvalue, Fraction(n - 1), t2, sgn(diff), alternative)
        r = stats.ttest_1samp([float(v) for v in x], float(mu), alternative=SCIPY_ALT[alternative])
        add("t_test", {"x": [dec(v) for v in x], "mu": dec(mu), "alternative": alternative}, e,
            {"t": r.statistic, "df": r.df, "p_value": r.pvalue})
    elif kind == "paired":
        x = sample(nx)
        y = [v + number() / rng.choice([1, 4, 10]) + rng.choice([0, 0, 1, -2]) for v in x]
        d = [a - b for a, b in zip(x, y)]
        if var(d) == 0:
            continue
        n = len(d)
        diff = mean(d)
        t2 = diff ** 2 * n / var(d)
        e = twice(t_pvalue, Fraction(n - 1), t2, sgn(diff), alternative)
        r = stats.ttest_rel([float(v) for v in x], [float(v) for v in y], alternative=SCIPY_ALT[alternative])
        add("t_test", {"x": [dec(v) for v in x], "y": [dec(v) for v in y], "paired": True,
                       "alternative": alternative}, e,
            {"t": r.statistic, "df": r.df, "p_value": r.pvalue})
    else:
        ny = rng.randrange(2, 31)
        x = sample(nx)
        y = sample(ny, shift=Fraction(rng.randrange(-20, 21)), scale=rng.choice([1, 1, 2, 5]))
        vx, vy = var(x), var(y)
        diff = mean(x) - mean(y)
        if kind == "welch":
            if vx == 0 or vy == 0:
                continue
            se2 = vx / nx + vy / ny
            df = se2 ** 2 / ((vx / nx) ** 2 / (nx - 1) + (vy / ny) ** 2 / (ny - 1))
        else:
            df = Fraction(nx + ny - 2)
            sp2 = ((nx - 1) * vx + (ny - 1) * vy) / df
            if sp2 == 0:
                continue
            se2 = sp2 * (Fraction(1, nx) + Fraction(1, ny))
        t2 = diff ** 2 / se2
        e = twice(t_pvalue, df, t2, sgn(diff), alternative)
        r = stats.ttest_ind([float(v) for v in x], [float(v) for v in y], equal_var=(kind == "pooled"),
                            alternative=SCIPY_ALT[alternative])
        add("t_test", {"x": [dec(v) for v in x], "y": [dec(v) for v in y],
                       "equal_variances": kind == "pooled", "alternative": alternative}, e,
            {"t": r.statistic, "df": r.df, "p_value": r.pvalue})

# chi-square tests
PROBS = [
    ["1/6"] * 6,
    ["0.25", "0.25", "0.5"],
    ["0.1", "0.2", "0.3", "0.4"],
    ["1/3", "1/3", "1/3"],
    ["9/16", "3/16", "3/16", "1/16"],
    ["0.5", "0.5"],
    ["0.75", "0.25"],
    ["1/2", "1/4", "1/8", "1/8"],
    ["0.05", "0.15", "0.3", "0.3", "0.15", "0.05"],
    ["2/7", "2/7", "3/7"],
]
for i in range(32):
    if i % 2 == 0:
        k = rng.randrange(2, 11)
        probs = None
        ps = [Fraction(1, k)] * k
    else:
        probs = PROBS[(i // 2) % len(PROBS)]
        ps = [parse(s) for s in probs]
        k = len(ps)
    assert sum(ps) == 1
    scale = rng.choice([5, 20, 100, 1000])
    obs = [max(0, round(float(p) * scale * k + rng.gauss(0, math.sqrt(scale)))) for p in ps]
    if i % 11 == 5:
        obs = [round(float(p) * scale * k) for p in ps]  # a near-perfect fit
    n = sum(obs)
    if n == 0:
        continue
    stat = sum((Fraction(o) - n * p) ** 2 / (n * p) for o, p in zip(obs, ps))
    e = {"chi_square": text(stat), "df": k - 1, "p_value": twice(chi2_pvalue, k - 1, stat)}
    r = stats.chisquare(obs, f_exp=[float(n * p) for p in ps])
    inp = {"observed": obs}
    if probs is not None:
        inp["expected"] = probs
    add("chi_square_test", inp, e, {"chi_square": r.statistic, "p_value": r.pvalue})
for i in range(30):
    r_, c_ = rng.choice([(2, 2), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 5), (5, 3)])
    scale = rng.choice([3, 10, 40, 200])
    dependent = rng.random() < 0.5
    table = [[max(0, round(scale * (1 + (0.8 * (a == b) if dependent else 0)) + rng.gauss(0, math.sqrt(scale))))
              for b in range(c_)] for a in range(r_)]
    rows = [sum(row) for row in table]
    cols = [sum(col) for col in zip(*table)]
    if 0 in rows or 0 in cols:
        continue
    n = sum(rows)
    stat = sum((Fraction(table[a][b]) - Fraction(rows[a] * cols[b], n)) ** 2 / Fraction(rows[a] * cols[b], n)
               for a in range(r_) for b in range(c_))
    df = (r_ - 1) * (c_ - 1)
    e = {"chi_square": text(stat), "df": df, "p_value": twice(chi2_pvalue, df, stat)}
    res = stats.chi2_contingency(table, correction=False)
    add("chi_square_test", {"table": table}, e,
        {"chi_square": res.statistic, "df": res.dof, "p_value": res.pvalue})

# z tests
for i in range(30):
    n = rng.randrange(1, 41)
    sigma = rng.choice([Fraction(2), Fraction(1, 2), Fraction(3, 2), Fraction(3), Fraction(10), Fraction(1)])
    mu = rng.choice([Fraction(0), Fraction(0), Fraction(rng.randrange(-30, 31), 10)])
    x = [mu + Fraction(round(rng.gauss(0, float(sigma)) * 100) + rng.choice([0, 0, 50, -80]), 100)
         for _ in range(n)]
    alternative = ALTERNATIVES[i % 3]
    diff = mean(x) - mu
    z2 = diff ** 2 * n / sigma ** 2
    e = twice(normal_pvalue, z2, sgn(diff), alternative)
    z = float(diff) * math.sqrt(n) / float(sigma)
    sp = {"two_sided": 2 * stats.norm.sf(abs(z)), "greater": stats.norm.sf(z), "less": stats.norm.cdf(z)}[alternative]
    add("z_test", {"x": [dec(v) for v in x], "mu": dec(mu), "sigma": dec(sigma), "alternative": alternative}, e,
        {"z": z, "p_value": sp})


# confidence intervals
def mean_ci(x, level):
    n = len(x)
    m, s2 = mean(x), var(x)
    q = (1 + level) / 2
    tq = t_quantile(mpf(n - 1), mpq(q), stats.t.ppf(float(q), n - 1))
    half = tq * mp.sqrt(mpq(s2) / n)
    return floats({"low": mpq(m) - half, "high": mpq(m) + half})


def proportion_ci(k, n, level, method):
    alpha = 1 - level
    if method == "wilson":
        q = (1 + level) / 2
        z = normal_quantile(mpf(0), mpf(1), mpq(q), stats.norm.ppf(float(q)))
        z2 = z * z
        centre = (k + z2 / 2) / (n + z2)
        half = z / (n + z2) * mp.sqrt(mpf(k) * (n - k) / n + z2 / 4)
        low = mpf(0) if k == 0 else centre - half
        high = mpf(1) if k == n else centre + half
    else:
        low = mpf(0) if k == 0 else beta_quantile(k, n - k + 1, mpq(alpha / 2),
                                                  stats.beta.ppf(float(alpha / 2), k, n - k + 1))
        high = mpf(1) if k == n else beta_quantile(k + 1, n - k, mpq(1 - alpha / 2),
                                                   stats.beta.ppf(float(1 - alpha / 2), k + 1, n - k))
    return floats({"low": low, "high": high})


LEVELS = ["0.95", "0.95", "0.9", "0.99", "0.999", "0.8", "0.5"]
for i in range(20):
    n = rng.randrange(2, 31)
    x = sample(n, shift=Fraction(rng.randrange(-50, 51)))
    if var(x) == 0:
        continue
    level = LEVELS[i % len(LEVELS)]
    e = twice(mean_ci, x, parse(level))
    fx = np.array([float(v) for v in x])
    lo, hi = stats.t.interval(float(level), n - 1, loc=fx.mean(), scale=stats.sem(fx))
    add("confidence_interval", {"x": [dec(v) for v in x], "level": level}, e, {"low": lo, "high": hi})
for i in range(32):
    method = ["wilson", "clopper_pearson"][i % 2]
    n = rng.choice([1, 5, 10, 20, 50, 100, 1000, rng.randrange(1, 200)])
    k = rng.choice([0, n, rng.randrange(0, n + 1), rng.randrange(0, n + 1), rng.randrange(0, n + 1)])
    if i < 4:
        k = 0 if i < 2 else n
    level = LEVELS[(i // 2) % len(LEVELS)]
    e = twice(proportion_ci, k, n, parse(level), method)
    r = stats.binomtest(k, n).proportion_ci(confidence_level=float(level),
                                            method="wilson" if method == "wilson" else "exact")
    add("confidence_interval", {"successes": k, "trials": n, "level": level, "method": method}, e,
        {"low": r.low, "high": r.high})

for op, cases in out.items():
    print(f"{op}: {len(cases)} cases, largest relative difference from SciPy {scipy_diff.get(op, 0.0):.3g}",
          file=sys.stderr)

print(json.dumps({
    "generator": "tests/data/statistics/numeric_generate.py",
    "versions": {"mpmath": mpmath.__version__, "numpy": np.__version__, "scipy": scipy.__version__},
    "cases": out,
}, indent=1))
