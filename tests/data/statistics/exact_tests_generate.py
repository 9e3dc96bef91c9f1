#!/usr/bin/env python3
"""Oracle answers for the exact tests of the statistics family: binomial and
Fisher tests, Mann-Whitney U, Wilcoxon signed rank, two-sample permutation
tests, multiple-testing corrections, contingency tables and joint tables.

Every expected answer is computed here with `fractions.Fraction` by brute
force: every outcome of the binomial or hypergeometric law, every one of the
C(N, nx) splits of the pooled sample, every one of the 2^n sign patterns.
SciPy's (and for corrections statsmodels') float answers are recorded beside
them as a second, independent oracle; they are never the source of an
expected value. Where SciPy's convention legitimately differs (ties it will
not handle exactly, a relative tolerance when selecting the two-sided set,
inputs it refuses) a boolean flag says so. Run with a Python that has numpy,
scipy and statsmodels:

    python3 tests/data/statistics/exact_tests_generate.py > tests/data/statistics/exact_tests.json

A summary of the agreement with SciPy / statsmodels (relative 1e-9) goes to
stderr.

Definitions (alternatives "two_sided", "greater", "less"):
- greater is P(T >= t), less is P(T <= t) under the null.
- binomial_test / fisher_exact_test two_sided: the sum of P(X = i) over every
  i with P(X = i) <= P(X = observed), compared exactly.
- mann_whitney / wilcoxon_signed_rank / permutation_test two_sided:
  min(1, 2 * min(less, greater)).
- mann_whitney: U = (sum of x's mid-ranks in the pooled sample) - nx(nx+1)/2,
  null over all C(N, nx) choices of which pooled items are x.
- wilcoxon_signed_rank: zeros of d = x - y dropped, mid-ranks of |d|, T+ the
  sum of ranks of positive d, null over all 2^n sign patterns; no nonzero d
  gives expected null and "no_nonzero": true.
- permutation_test: statistic mean(x) - mean(y) over all C(N, nx) splits, or
  (paired) mean(x - y) over all 2^n sign flips of the differences.
- multiple_testing: Bonferroni, Holm step-down, Benjamini-Hochberg step-up,
  Benjamini-Yekutieli (BH times H_m, then min with 1); reject = adjusted <= alpha.
- joint: in "x_given_y" column j is P(X = . | Y = y_j) and every entry of the
  column is null when P(Y = y_j) = 0; in "y_given_x" row i is
  P(Y = . | X = x_i) and the row itself is null when P(X = x_i) = 0.
Rationals are strings "p/q" or "n"; "odds_ratio" may be "inf" or null.
"""
import itertools
import json
import random
import sys
from collections import Counter
from fractions import Fraction
from math import comb, lcm

import numpy as np
import scipy
import statsmodels
from scipy import stats
from statsmodels.stats.multitest import multipletests

ALTERNATIVES = ["two_sided", "greater", "less"]
SCIPY_ALT = {"two_sided": "two-sided", "greater": "greater", "less": "less"}

rng = random.Random(37)


def text(q):
    q = Fraction(q)
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def opt_text(q):
    return None if q is None else text(q)


def decimal_text(q):
    """q as a terminating decimal string ("2.25", "-0.05"), if it is one."""
    q = Fraction(q)
    for places in range(1, 5):
        scaled = q * 10**places
        if scaled.denominator == 1:
            n = abs(scaled.numerator)
            whole, frac = divmod(n, 10**places)
            s = f"{whole}.{frac:0{places}d}".rstrip("0").rstrip(".")
            return ("-" if q < 0 else "") + s
    return None


def render(q):
    """A value as the input string: integer, "p/q", or sometimes a decimal."""
    q = Fraction(q)
    if q.denominator != 1 and rng.random() < 0.5:
        d = decimal_text(q)
        if d is not None:
            assert Fraction(d) == q
            return d
    return text(q)


def number():
    """An integer, a decimal with one or two places, or a small fraction."""
    kind = rng.randrange(4)
    if kind == 0:
        return Fraction(rng.randrange(-30, 31), rng.choice([2, 3, 4, 7]))
    if kind == 1:
        return Fraction(rng.randrange(-999, 1000), 100)
    return Fraction(rng.randrange(-20, 21))


def sample(n, ties):
    if ties:
        pool = [number() for _ in range(max(1, n // 2 + rng.randrange(3)))]
        return [rng.choice(pool) for _ in range(n)]
    values = set()
    while len(values) < n:
        values.add(number())
    values = list(values)
    rng.shuffle(values)
    return values


def two_sided(less, greater):
    return min(Fraction(1), 2 * min(less, greater))


def pick(less, greater, alternative):
    if alternative == "less":
        return less
    if alternative == "greater":
        return greater
    return two_sided(less, greater)


def mid_ranks_doubled(values):
    """Twice the mid-rank of each value (an integer) in the list's own order."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        # positions i..j (0-based) share ranks i+1..j+1; twice the mean is i+j+2
        for t in range(i, j + 1):
            ranks[order[t]] = i + j + 2
        i = j + 1
    return ranks


def has_ties(values):
    return len(set(values)) != len(values)


# ---------------------------------------------------------------- agreement

tally = {}


def agree(op, label, got, exact, case_input):
    """Record whether a float oracle matches the exact value within 1e-9."""
    entry = tally.setdefault(op, {"compared": 0, "agree": 0, "disagree": []})
    entry["compared"] += 1
    exact = Fraction(exact)
    if got is None or got != got:
        ok = False
    elif exact == 0:
        ok = abs(got) <= 1e-12
    else:
        ok = abs(Fraction(got) - exact) <= abs(exact) / 10**9
    if ok:
        entry["agree"] += 1
    else:
        entry["disagree"].append((label, case_input, got, float(exact)))
    return ok


def agree_bool(op, label, got, exact, case_input):
    entry = tally.setdefault(op, {"compared": 0, "agree": 0, "disagree": []})
    entry["compared"] += 1
    if bool(got) == bool(exact):
        entry["agree"] += 1
        return True
    entry["disagree"].append((label, case_input, got, exact))
    return False


# ---------------------------------------------------------- 1. binomial test

SCIPY_BINOM_RERR = 1 + Fraction(1, 10**7)


def binomial_case(k, n, p, alternative):
    p = Fraction(p)
    inp = {"successes": k, "trials": n, "p": text(p), "alternative": alternative}
    pmf = [comb(n, i) * p**i * (1 - p)**(n - i) for i in range(n + 1)]
    assert sum(pmf) == 1
    less = sum(pmf[:k + 1], Fraction(0))
    greater = sum(pmf[k:], Fraction(0))
    if alternative == "two_sided":
        value = sum((q for q in pmf if q <= pmf[k]), Fraction(0))
        loose = {i for i in range(n + 1) if pmf[i] <= pmf[k] * SCIPY_BINOM_RERR}
        tight = {i for i in range(n + 1) if pmf[i] <= pmf[k]}
        differs = loose != tight
    else:
        value = less if alternative == "less" else greater
        differs = False
    case = {"input": inp, "expected": {"p_value": text(value)}, "scipy": None,
            "scipy_tolerance_differs": differs}
    if n >= 1:
        case["scipy"] = float(stats.binomtest(k, n, float(p), alternative=SCIPY_ALT[alternative]).pvalue)
        if not differs:
            agree("binomial_test", "pvalue", case["scipy"], value, inp)
    else:
        case["scipy_refuses"] = True
    return case


binomial = []
edge = [(0, 10, "1/2"), (10, 10, "1/2"), (5, 10, "1/2"), (0, 5, "0"), (2, 5, "0"),
        (5, 5, "1"), (3, 5, "1"), (0, 5, "1"), (0, 1, "1/3"), (1, 1, "1/3"),
        (0, 9, "1/7"), (2, 9, "1/7"), (9, 9, "6/7"), (1, 26, "1/11"), (3, 26, "1/11"),
        (2, 51, "1/15"), (4, 51, "1/15"), (0, 2, "1/3"), (1, 3, "1/4"), (20, 60, "1/3"),
        (60, 60, "99/100"), (0, 60, "1/100"), (7, 60, "1/100"), (0, 0, "1/2")]
for k, n, p in edge:
    for alternative in ALTERNATIVES:
        binomial.append(binomial_case(k, n, p, alternative))
for _ in range(54):
    n = rng.randrange(1, 61)
    b = rng.choice([2, 3, 4, 5, 6, 7, 8, 10, 12, 20, 100])
    p = Fraction(rng.randrange(0, b + 1), b)
    k = rng.randrange(0, n + 1) if rng.random() < 0.6 else rng.choice([0, n, rng.randrange(0, max(1, n // 4) + 1)])
    binomial.append(binomial_case(k, n, p, rng.choice(ALTERNATIVES)))


# ------------------------------------------------------ 2. Fisher exact test

SCIPY_FISHER_GAMMA = 1 + Fraction(1, 10**14)


def fisher_case(table, alternative):
    (a, b), (c, d) = table
    inp = {"table": [[a, b], [c, d]], "alternative": alternative}
    r1, r2, c1 = a + b, c + d, a + c
    N = r1 + r2
    support = range(max(0, c1 - r2), min(r1, c1) + 1)
    pmf = {x: Fraction(comb(r1, x) * comb(r2, c1 - x), comb(N, c1)) for x in support}
    assert sum(pmf.values()) == 1
    less = sum((q for x, q in pmf.items() if x <= a), Fraction(0))
    greater = sum((q for x, q in pmf.items() if x >= a), Fraction(0))
    differs = False
    if alternative == "two_sided":
        value = sum((q for q in pmf.values() if q <= pmf[a]), Fraction(0))
        loose = {x for x in support if pmf[x] <= pmf[a] * SCIPY_FISHER_GAMMA}
        tight = {x for x in support if pmf[x] <= pmf[a]}
        top = max(pmf.values())
        differs = loose != tight or (pmf[a] != top and (top - pmf[a]) <= top / 10**14)
    else:
        value = less if alternative == "less" else greater
    if a * d == 0 and b * c == 0:
        odds = None
    elif b * c == 0:
        odds = "inf"
    else:
        odds = text(Fraction(a * d, b * c))
    res = stats.fisher_exact([[a, b], [c, d]], alternative=SCIPY_ALT[alternative])
    s_odds = float(res.statistic)
    s_odds = None if s_odds != s_odds else ("inf" if s_odds == float("inf") else s_odds)
    case = {"input": inp, "expected": {"p_value": text(value), "odds_ratio": odds},
            "scipy": float(res.pvalue), "scipy_odds_ratio": s_odds,
            "scipy_tolerance_differs": differs}
    if not differs:
        agree("fisher_exact_test", "pvalue", case["scipy"], value, inp)
    if odds is None:
        agree_bool("fisher_exact_test", "odds_ratio null", s_odds is None, True, inp)
    elif odds == "inf":
        agree_bool("fisher_exact_test", "odds_ratio inf", s_odds == "inf", True, inp)
    else:
        agree("fisher_exact_test", "odds_ratio", s_odds, Fraction(odds), inp)
    return case


fisher = []
edge = [[[0, 0], [0, 0]], [[0, 0], [1, 2]], [[0, 3], [0, 5]], [[3, 0], [1, 2]], [[0, 3], [1, 2]],
        [[8, 2], [1, 5]], [[1, 9], [11, 3]], [[0, 2], [4, 2]], [[2, 0], [2, 4]], [[0, 2], [3, 3]],
        [[3, 0], [1, 4]], [[1, 0], [0, 1]], [[5, 0], [0, 5]], [[0, 5], [5, 0]], [[2, 2], [2, 2]],
        [[1, 0], [0, 0]], [[0, 0], [0, 7]], [[40, 0], [0, 40]], [[20, 20], [20, 20]],
        [[3, 12], [30, 5]], [[1, 1], [1, 0]], [[7, 0], [0, 0]], [[0, 1], [1, 0]]]
for t in edge:
    for alternative in ALTERNATIVES:
        fisher.append(fisher_case(t, alternative))
for _ in range(56):
    total = rng.randrange(1, 81)
    cuts = sorted(rng.randrange(0, total + 1) for _ in range(3))
    cells = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], total - cuts[2]]
    if rng.random() < 0.2:
        cells[rng.randrange(4)] = 0
    rng.shuffle(cells)
    fisher.append(fisher_case([cells[:2], cells[2:]], rng.choice(ALTERNATIVES)))


# -------------------------------------------------------- 3. Mann-Whitney U

def u_stat(x, y, axis):
    nx = x.shape[axis]
    r = stats.rankdata(np.concatenate([x, y], axis=axis), axis=axis)
    return np.sum(np.take(r, np.arange(nx), axis=axis), axis=axis) - nx * (nx + 1) / 2


def mann_whitney_case(x_str, y_str, alternative):
    inp = {"x": list(x_str), "y": list(y_str), "alternative": alternative}
    x = [Fraction(s) for s in x_str]
    y = [Fraction(s) for s in y_str]
    nx, ny = len(x), len(y)
    assert nx >= 1 and ny >= 1 and comb(nx + ny, nx) <= 20000
    r2 = mid_ranks_doubled(x + y)
    shift = nx * (nx + 1)
    u2_obs = sum(r2[:nx]) - shift
    counts = Counter(sum(r2[i] for i in chosen) - shift
                     for chosen in itertools.combinations(range(nx + ny), nx))
    total = sum(counts.values())
    assert total == comb(nx + ny, nx)
    less = Fraction(sum(c for u2, c in counts.items() if u2 <= u2_obs), total)
    greater = Fraction(sum(c for u2, c in counts.items() if u2 >= u2_obs), total)
    value = pick(less, greater, alternative)
    u = Fraction(u2_obs, 2)
    ties = has_ties(x + y)
    case = {"input": inp, "expected": {"u": text(u), "p_value": text(value)},
            "scipy": None, "scipy_permutation": None, "ties": ties}
    fx = np.array([float(v) for v in x])
    fy = np.array([float(v) for v in y])
    if not ties:
        res = stats.mannwhitneyu(fx, fy, alternative=SCIPY_ALT[alternative], method="exact")
        case["scipy"] = float(res.pvalue)
        agree("mann_whitney", "pvalue", case["scipy"], value, inp)
        agree("mann_whitney", "u", float(res.statistic), u, inp)
    if nx >= 2 and ny >= 2:  # permutation_test wants two observations per sample
        res = stats.permutation_test((fx, fy), u_stat, permutation_type="independent",
                                     vectorized=True, n_resamples=np.inf,
                                     alternative=SCIPY_ALT[alternative])
        case["scipy_permutation"] = float(res.pvalue)
        agree("mann_whitney", "permutation pvalue", case["scipy_permutation"], value, inp)
    return case


mann_whitney = []
edge = [(["1"], ["2"]), (["2"], ["1"]), (["1"], ["1"]), (["3", "3", "3"], ["3", "3"]),
        (["1", "2", "3"], ["4", "5", "6"]), (["4", "5", "6"], ["1", "2", "3"]),
        (["1", "2", "2", "3"], ["2", "2", "4"]), (["-3/2", "2.25", "0"], ["-1.5", "9/4", "7"]),
        (["0.5"], ["1/2", "1", "-1", "1/2"]), (["5"], [str(i) for i in range(12)]),
        ([str(i) for i in range(7)], [str(i) for i in range(3, 12)]),
        (["1", "1", "1", "1", "2"], ["2", "2", "2", "2", "1"]), (["-2.5", "-2.5"], ["-5/2"])]
for xs, ys in edge:
    for alternative in ALTERNATIVES:
        mann_whitney.append(mann_whitney_case(xs, ys, alternative))
for i in range(54):
    while True:
        nx, ny = rng.randrange(1, 16), rng.randrange(1, 16)
        if comb(nx + ny, nx) <= 20000:
            break
    data = sample(nx + ny, ties=(i % 2 == 1))
    strs = [render(v) for v in data]
    mann_whitney.append(mann_whitney_case(strs[:nx], strs[nx:], rng.choice(ALTERNATIVES)))


# ------------------------------------------------- 4. Wilcoxon signed rank

def t_plus_stat(d, axis):
    r = stats.rankdata(np.abs(d), axis=axis)
    return np.sum(r * (d > 0), axis=axis)


def all_subset_sums(weights):
    """The sum over every one of the 2^n subsets (one entry per subset)."""
    sums = [0]
    for w in weights:
        sums = sums + [s + w for s in sums]
    return sums


def wilcoxon_case(x_str, y_str, alternative):
    inp = {"x": list(x_str)}
    if y_str is not None:
        inp["y"] = list(y_str)
    inp["alternative"] = alternative
    x = [Fraction(s) for s in x_str]
    d = x if y_str is None else [a - Fraction(b) for a, b in zip(x, y_str, strict=True)]
    nonzero = [v for v in d if v != 0]
    n = len(nonzero)
    assert n <= 16
    if n == 0:
        return {"input": inp, "expected": None, "scipy": None, "scipy_permutation": None,
                "no_nonzero": True}
    r2 = mid_ranks_doubled([abs(v) for v in nonzero])
    tp2 = sum(r for r, v in zip(r2, nonzero) if v > 0)
    tm2 = sum(r for r, v in zip(r2, nonzero) if v < 0)
    assert tp2 + tm2 == n * (n + 1)
    sums = all_subset_sums(r2)  # T+ (doubled) under every sign pattern
    assert len(sums) == 2**n
    less = Fraction(sum(1 for s in sums if s <= tp2), 2**n)
    greater = Fraction(sum(1 for s in sums if s >= tp2), 2**n)
    value = pick(less, greater, alternative)
    ties_or_zeros = n != len(d) or has_ties([abs(v) for v in nonzero])
    case = {"input": inp,
            "expected": {"t_plus": text(Fraction(tp2, 2)), "t_minus": text(Fraction(tm2, 2)),
                         "p_value": text(value)},
            "scipy": None, "scipy_permutation": None, "ties_or_zeros": ties_or_zeros}
    fd = np.array([float(v) for v in d])
    if not ties_or_zeros:
        res = stats.wilcoxon(fd, alternative=SCIPY_ALT[alternative], method="exact")
        case["scipy"] = float(res.pvalue)
        agree("wilcoxon_signed_rank", "pvalue", case["scipy"], value, inp)
    fnz = np.array([float(v) for v in nonzero])
    if n >= 2:  # permutation_test wants two observations
        res = stats.permutation_test((fnz,), t_plus_stat, permutation_type="samples",
                                     vectorized=True, n_resamples=np.inf,
                                     alternative=SCIPY_ALT[alternative])
        case["scipy_permutation"] = float(res.pvalue)
        agree("wilcoxon_signed_rank", "permutation pvalue", case["scipy_permutation"], value, inp)
    return case


wilcoxon = []
edge = [(["0", "0", "0"], None), (["1", "2"], ["1", "2"]), (["1"], None), (["-1"], None),
        (["1", "-1", "2"], None), (["1", "2", "3", "4", "5"], None),
        (["-1", "-2", "-3", "-4", "-5", "-6"], None), (["0", "1", "-2", "3", "0", "4"], None),
        (["2.25", "-3/2", "1.5", "-9/4", "0.5"], None),
        (["3", "5", "7", "7"], ["1", "5", "8", "4.5"]),
        (["1", "1", "1", "1", "-1"], None),
        ([str(i) for i in range(1, 17)], None), ([str((-1)**i * i) for i in range(1, 17)], None),
        (["0.1", "0.2", "0.3"], ["0.3", "0.2", "0.1"])]
for xs, ys in edge:
    for alternative in ALTERNATIVES:
        wilcoxon.append(wilcoxon_case(xs, ys, alternative))
for i in range(54):
    n = rng.randrange(1, 17)
    if rng.random() < 0.5:
        xs = [render(v) for v in sample(n, ties=(i % 2 == 1))]
        ys = None
        if i % 4 == 1:
            xs[rng.randrange(n)] = "0"
    else:
        x = sample(n, ties=False)
        if i % 2 == 1:
            y = [v - rng.choice([-2, -1, 0, 1, 2, Fraction(1, 2)]) for v in x]
        else:
            y = sample(n, ties=False)
        xs, ys = [render(v) for v in x], [render(v) for v in y]
    wilcoxon.append(wilcoxon_case(xs, ys, rng.choice(ALTERNATIVES)))


# --------------------------------------------------------- 5. permutation test

def mean_diff(x, y, axis):
    return np.mean(x, axis=axis) - np.mean(y, axis=axis)


def mean_paired(x, y, axis):
    return np.mean(x - y, axis=axis)


def permutation_case(x_str, y_str, paired, alternative):
    inp = {"x": list(x_str), "y": list(y_str), "paired": paired, "alternative": alternative}
    x = [Fraction(s) for s in x_str]
    y = [Fraction(s) for s in y_str]
    L = lcm(*(v.denominator for v in x + y))
    if paired:
        n = len(x)
        assert n == len(y) and 1 <= n <= 16
        d = [a - b for a, b in zip(x, y)]
        ints = [int(v * L) for v in d]
        # T = (sum of signed d) / n; enumerate every sign pattern s: sum_i s_i d_i
        sums = [0]
        for w in ints:
            sums = [s + w for s in sums] + [s - w for s in sums]
        assert len(sums) == 2**n
        statistic = Fraction(sum(ints), L * n)
        null = Counter(Fraction(s, L * n) for s in sums)
    else:
        nx, ny = len(x), len(y)
        assert nx >= 1 and ny >= 1 and comb(nx + ny, nx) <= 20000
        pooled = [int(v * L) for v in x + y]
        grand = sum(pooled)
        statistic = Fraction(sum(pooled[:nx]), L * nx) - Fraction(grand - sum(pooled[:nx]), L * ny)
        sx = Counter(sum(pooled[i] for i in chosen)
                     for chosen in itertools.combinations(range(nx + ny), nx))
        null = Counter()
        for s, c in sx.items():
            null[Fraction(s, L * nx) - Fraction(grand - s, L * ny)] += c
    total = sum(null.values())
    less = Fraction(sum(c for t, c in null.items() if t <= statistic), total)
    greater = Fraction(sum(c for t, c in null.items() if t >= statistic), total)
    value = pick(less, greater, alternative)
    case = {"input": inp,
            "expected": {"statistic": text(statistic), "p_value": text(value),
                         "p_less": text(less), "p_greater": text(greater)},
            "scipy": None}
    fx = np.array([float(v) for v in x])
    fy = np.array([float(v) for v in y])
    if min(len(x), len(y)) < 2:  # permutation_test wants two observations per sample
        case["scipy_refuses"] = True
    else:
        res = stats.permutation_test((fx, fy), mean_paired if paired else mean_diff,
                                     permutation_type="samples" if paired else "independent",
                                     vectorized=True, n_resamples=np.inf,
                                     alternative=SCIPY_ALT[alternative])
        case["scipy"] = float(res.pvalue)
        agree("permutation_test", "pvalue", case["scipy"], value, inp)
    return case


permutation = []
edge = [(["1"], ["2"], False), (["1"], ["2"], True), (["3"], ["3"], True), (["3"], ["3"], False),
        (["1", "1", "1"], ["1", "1"], False), (["2", "2"], ["2", "2"], True),
        (["1", "2", "3"], ["4", "5", "6"], False), (["-3/2", "2.25", "0"], ["1", "-2.5", "7/4"], True),
        (["0.5", "1.5"], ["-1/2", "-1.5", "2"], False), (["1", "2", "3", "4"], ["0", "0", "0", "0"], True),
        (["1", "2", "3", "4"], ["1", "2", "3", "4"], True), (["5"], [str(i) for i in range(10)], False),
        ([str(i) for i in range(16)], [str(i % 3) for i in range(16)], True)]
for xs, ys, paired in edge:
    for alternative in ALTERNATIVES:
        permutation.append(permutation_case(xs, ys, paired, alternative))
for i in range(56):
    paired = i % 2 == 0
    if paired:
        n = rng.randrange(1, 17)
        x = sample(n, ties=(i % 4 == 2))
        y = [v - rng.choice([-3, -1, 0, 1, 2, Fraction(1, 2), Fraction(-5, 4)]) for v in x] \
            if rng.random() < 0.5 else sample(n, ties=(i % 4 == 2))
    else:
        while True:
            nx, ny = rng.randrange(1, 16), rng.randrange(1, 16)
            if comb(nx + ny, nx) <= 20000:
                break
        data = sample(nx + ny, ties=(i % 4 == 3))
        x, y = data[:nx], data[nx:]
    permutation.append(permutation_case([render(v) for v in x], [render(v) for v in y],
                                        paired, rng.choice(ALTERNATIVES)))


# --------------------------------------------------------- 6. multiple testing

SM_METHOD = {"bonferroni": "bonferroni", "holm": "holm",
             "benjamini_hochberg": "fdr_bh", "benjamini_yekutieli": "fdr_by"}
SCIPY_FDR = {"benjamini_hochberg": "bh", "benjamini_yekutieli": "by"}


def adjust(ps, method):
    m = len(ps)
    one = Fraction(1)
    if method == "bonferroni":
        return [min(one, m * p) for p in ps]
    order = sorted(range(m), key=lambda i: ps[i])
    s = [ps[i] for i in order]
    adj_sorted = [None] * m
    if method == "holm":
        for i in range(m):  # 0-based i is 1-based i+1; factor m - j + 1 = m - j0
            adj_sorted[i] = max(min(one, (m - j) * s[j]) for j in range(i + 1))
    else:
        for i in range(m):
            adj_sorted[i] = min(min(one, m * s[j] / (j + 1)) for j in range(i, m))
        if method == "benjamini_yekutieli":
            cm = sum(Fraction(1, k) for k in range(1, m + 1))
            adj_sorted = [min(one, a * cm) for a in adj_sorted]
    out = [None] * m
    for pos, i in enumerate(order):
        out[i] = adj_sorted[pos]
    return out


def multiple_case(p_strs, method, alpha_str):
    inp = {"p_values": list(p_strs), "method": method, "alpha": alpha_str}
    ps = [Fraction(s) for s in p_strs]
    assert all(0 <= p <= 1 for p in ps) and 1 <= len(ps) <= 30
    alpha = Fraction(alpha_str)
    adj = adjust(ps, method)
    reject = [a <= alpha for a in adj]
    fp = np.array([float(p) for p in ps])
    sm_reject, sm_adj, _, _ = multipletests(fp, alpha=float(alpha), method=SM_METHOD[method])
    sm_adj = [float(v) for v in sm_adj]
    sm_reject = [bool(v) for v in sm_reject]
    case = {"input": inp, "expected": {"adjusted": [text(a) for a in adj], "reject": reject},
            "scipy": None, "statsmodels": {"adjusted": sm_adj, "reject": sm_reject}}
    if method in SCIPY_FDR:
        case["scipy"] = [float(v) for v in stats.false_discovery_control(fp, method=SCIPY_FDR[method])]
    ok = all([agree("multiple_testing", "statsmodels adjusted", f, a, inp) for f, a in zip(sm_adj, adj)])
    differs = sm_reject != reject
    agree_bool("multiple_testing", "statsmodels reject", not differs, True, inp)
    if differs:
        case["statsmodels_reject_differs"] = True
    if case["scipy"] is not None:
        for f, a in zip(case["scipy"], adj):
            agree("multiple_testing", "scipy false_discovery_control", f, a, inp)
    return case


multiple = []
METHODS = list(SM_METHOD)
edge = [(["0.01"], "0.05"), (["0"], "0.05"), (["1"], "0.05"), (["0.05"], "0.05"),
        (["0.01", "0.01", "0.01", "0.01", "0.01"], "0.05"),
        (["0.01", "0.02", "0.03", "0.04", "0.05"], "0.05"),
        (["0", "1", "0", "1"], "0.05"), (["1/30", "0.5", "1/30", "0.001", "1"], "0.05"),
        (["0.04", "0.01", "0.03", "0.02"], "0.1"), (["0.0125", "0.025", "0.0375", "0.05"], "0.05"),
        (["0.9", "0.8", "0.95", "0.99"], "0.05"), (["1/3", "1/3", "1/3"], "1/2"),
        ([f"{i}/30" for i in range(30)], "0.05"), (["0.001"] * 30, "0.05")]
for ps, alpha in edge:
    for method in METHODS:
        multiple.append(multiple_case(ps, method, alpha))
POOL = ["0", "1", "0.01", "0.05", "0.001", "1/30", "0.2", "3/7", "0.049", "1/2", "0.0001"]
for i in range(52):
    m = rng.randrange(1, 31)
    ps = []
    for _ in range(m):
        kind = rng.randrange(5)
        if kind == 0:
            ps.append(rng.choice(POOL))
        elif kind == 1:
            b = rng.choice([3, 7, 9, 11, 30, 40])
            ps.append(text(Fraction(rng.randrange(0, b + 1), b)))
        elif kind == 2 and ps:
            ps.append(rng.choice(ps))  # a tie
        elif kind == 3:
            ps.append(decimal_text(Fraction(rng.randrange(0, 1000), 1000)) or "0")
        else:  # small p-values, so that some hypotheses are rejected
            ps.append(decimal_text(Fraction(rng.randrange(0, 500), 10000)) or "0")
    ps = [("0" if s in ("0", "0.0") else s) for s in ps]
    alpha = rng.choice(["0.05", "0.05", "0.1", "0.01", "1/4"])
    multiple.append(multiple_case(ps, METHODS[i % 4], alpha))


# -------------------------------------------------------- 7. contingency table

def contingency_case(table):
    inp = {"table": [list(r) for r in table]}
    r, c = len(table), len(table[0])
    rows = [sum(row) for row in table]
    cols = [sum(table[i][j] for i in range(r)) for j in range(c)]
    N = sum(rows)
    assert r >= 2 and c >= 2 and all(rows) and all(cols)
    E = [[Fraction(rows[i] * cols[j], N) for j in range(c)] for i in range(r)]
    chi2 = sum((table[i][j] - E[i][j])**2 / E[i][j] for i in range(r) for j in range(c))
    dof = (r - 1) * (c - 1)
    v2 = chi2 / (N * (min(r, c) - 1))
    res = stats.chi2_contingency(np.array(table), correction=False)
    case = {"input": inp,
            "expected": {"row_totals": rows, "column_totals": cols,
                         "expected": [[text(e) for e in row] for row in E],
                         "chi_square": text(chi2), "degrees_of_freedom": dof,
                         "cramers_v_squared": text(v2)},
            "scipy": float(res.statistic), "scipy_dof": int(res.dof)}
    agree("contingency_table", "chi2", case["scipy"], chi2, inp)
    agree_bool("contingency_table", "dof", case["scipy_dof"] == dof, True, inp)
    return case


contingency = []
edge = [[[1, 0], [0, 1]], [[1, 2], [2, 4]], [[5, 0], [0, 5]], [[1, 1], [1, 1]], [[0, 3], [4, 0]],
        [[10, 20, 30], [1, 2, 3]], [[0, 1, 2], [3, 0, 4], [5, 6, 0]], [[1, 0, 0, 1], [0, 1, 1, 0]],
        [[7, 1], [1, 7], [4, 4]], [[100, 1], [1, 100]]]
for t in edge:
    contingency.append(contingency_case(t))
while len(contingency) < 60:
    r, c = rng.randrange(2, 6), rng.randrange(2, 6)
    top = rng.choice([3, 10, 30])
    t = [[rng.randrange(0, top + 1) if rng.random() > 0.15 else 0 for _ in range(c)] for _ in range(r)]
    if all(sum(row) for row in t) and all(sum(t[i][j] for i in range(r)) for j in range(c)):
        contingency.append(contingency_case(t))


# ------------------------------------------------------------- 8. joint tables

def joint_case(xs, ys, probs):
    inp = {"x_values": [render(v) for v in xs], "y_values": [render(v) for v in ys],
           "probabilities": [[text(p) for p in row] for row in probs]}
    xv = [Fraction(s) for s in inp["x_values"]]
    yv = [Fraction(s) for s in inp["y_values"]]
    P = [[Fraction(s) for s in row] for row in inp["probabilities"]]
    r, c = len(xv), len(yv)
    assert len(set(xv)) == r and len(set(yv)) == c
    assert sum(sum(row) for row in P) == 1 and all(p >= 0 for row in P for p in row)
    px = [sum(row) for row in P]
    py = [sum(P[i][j] for i in range(r)) for j in range(c)]
    x_given_y = [[(P[i][j] / py[j] if py[j] else None) for j in range(c)] for i in range(r)]
    y_given_x = [([P[i][j] / px[i] for j in range(c)] if px[i] else None) for i in range(r)]
    independent = all(P[i][j] == px[i] * py[j] for i in range(r) for j in range(c))
    mx = sum(p * x for p, x in zip(px, xv))
    my = sum(p * y for p, y in zip(py, yv))
    exy = sum(P[i][j] * xv[i] * yv[j] for i in range(r) for j in range(c))
    cov = exy - mx * my
    vx = sum(p * (x - mx)**2 for p, x in zip(px, xv))
    vy = sum(p * (y - my)**2 for p, y in zip(py, yv))
    corr2 = cov * cov / (vx * vy) if vx and vy else None
    if independent:
        assert cov == 0
    return {"input": inp,
            "expected": {"x_marginal": [text(p) for p in px], "y_marginal": [text(p) for p in py],
                         "x_given_y": [[opt_text(v) for v in row] for row in x_given_y],
                         "y_given_x": [(None if row is None else [text(v) for v in row]) for row in y_given_x],
                         "independent": independent, "mean_x": text(mx), "mean_y": text(my),
                         "e_xy": text(exy), "covariance": text(cov),
                         "correlation_squared": opt_text(corr2)},
            "scipy": None}


def distinct(n):
    values = set()
    while len(values) < n:
        values.add(number())
    return sorted(values)


def weights_to_probs(w):
    total = sum(sum(row) for row in w)
    return [[Fraction(v, total) for v in row] for row in w]


joint = []
F = Fraction
joint.append(joint_case([F(1)], [F(2)], [[F(1)]]))
joint.append(joint_case([F(0), F(1)], [F(0), F(1)], [[F(1, 4)] * 2] * 2))
joint.append(joint_case([F(0), F(1)], [F(0), F(1)], [[F(1, 2), F(0)], [F(0), F(1, 2)]]))
joint.append(joint_case([F(0), F(1)], [F(0), F(1)], [[F(0), F(1, 2)], [F(1, 2), F(0)]]))
joint.append(joint_case([F(-3, 2), F(9, 4), F(5)], [F(-1), F(1, 3)],
                        [[F(0), F(0)], [F(1, 3), F(1, 6)], [F(1, 6), F(1, 3)]]))
joint.append(joint_case([F(1), F(2), F(3)], [F(10), F(20), F(30)],
                        [[F(0), F(1, 5), F(0)], [F(0), F(3, 5), F(0)], [F(0), F(1, 5), F(0)]]))
joint.append(joint_case([F(7)], [F(-1), F(0), F(1)], [[F(1, 3), F(1, 3), F(1, 3)]]))
joint.append(joint_case([F(-1), F(0), F(1)], [F(0), F(1)],
                        [[F(1, 3), F(0)], [F(0), F(1, 3)], [F(1, 3), F(0)]]))
for i in range(52):
    # mostly 2..5 values a side; now and then a single value (a zero variance)
    r, c = (1 if rng.random() < 0.1 else rng.randrange(2, 6) for _ in range(2))
    if r * c == 1:
        r = 2
    xs, ys = distinct(r), distinct(c)
    rng.shuffle(xs)
    kind = i % 4
    if kind == 0:  # exactly independent: an outer product of two marginals
        a = [rng.randrange(0, 6) for _ in range(r)]
        b = [rng.randrange(0, 6) for _ in range(c)]
        a[rng.randrange(r)] += 1
        b[rng.randrange(c)] += 1
        probs = weights_to_probs([[u * v for v in b] for u in a])
    else:
        w = [[rng.randrange(0, 10) if rng.random() > 0.25 else 0 for _ in range(c)] for _ in range(r)]
        if kind == 1 and r > 1:
            w[rng.randrange(r)] = [0] * c  # a zero row
        if kind == 2 and c > 1:
            j = rng.randrange(c)
            for row in w:
                row[j] = 0  # a zero column
        if sum(map(sum, w)) == 0:
            w[0][0] = 1
        probs = weights_to_probs(w)
    joint.append(joint_case(xs, ys, probs))


# -------------------------------------------------------------------- output

cases = {
    "binomial_test": binomial,
    "fisher_exact_test": fisher,
    "mann_whitney": mann_whitney,
    "wilcoxon_signed_rank": wilcoxon,
    "permutation_test": permutation,
    "multiple_testing": multiple,
    "contingency_table": contingency,
    "joint": joint,
}

for op, items in cases.items():
    flags = Counter(k for case in items for k, v in case.items()
                    if k not in ("input", "expected", "scipy") and v is True)
    line = f"{op}: {len(items)} cases"
    if op in tally:
        t = tally[op]
        line += f"; float oracle agrees {t['agree']}/{t['compared']} comparisons"
    if flags:
        line += "; flags " + ", ".join(f"{k}={v}" for k, v in sorted(flags.items()))
    print(line, file=sys.stderr)
    for label, inp, got, want in tally.get(op, {}).get("disagree", []):
        print(f"  DISAGREE {label}: got {got!r}, exact {want!r}, input {json.dumps(inp)}", file=sys.stderr)

print(json.dumps({
    "generator": "tests/data/statistics/exact_tests_generate.py",
    "versions": {"numpy": np.__version__, "scipy": scipy.__version__,
                 "statsmodels": statsmodels.__version__},
    "cases": cases,
}, indent=1, allow_nan=False))
