#!/usr/bin/env python3
"""Oracle answers for five more probability operations, every one computed
exactly over Fractions by brute force, independently of the code under test:

  transform            Y = f(X) for a finite X: f evaluated exactly by SymPy
                       at each value, equal results merged.
  inclusion_exclusion  union / exactly-k / at-least-k from a table of
                       intersection probabilities: the table is generated
                       from a random distribution over the 2^n atoms, and
                       the answers are read off those atoms directly (no
                       inclusion-exclusion formula); exchangeable tables
                       from a distribution on the number of events
                       occurring, derangements by enumerating permutations.
  order_statistics     the k-th smallest of n draws, by enumerating every
                       one of the support^n outcome tuples.
  pattern_race         which of several patterns appears first, by the
                       prefix automaton's absorption and expected-time
                       equations solved by Gaussian elimination over
                       Fractions, cross-checked with Conway / Li
                       correlations.
  random_walk          hitting, return and commute times by the hitting-time
                       equations, effective resistance by the grounded
                       Laplacian, both by Gaussian elimination over
                       Fractions; commute = 2·W·R asserted, NetworkX's
                       resistance_distance as a float cross-check.

Run with a Python that has sympy and networkx:

    python3 tests/data/probability/more_generate.py > tests/data/probability/more.json
"""
import itertools
import json
import math
import random
import sys
from fractions import Fraction

import networkx as nx
import sympy
from sympy.parsing.sympy_parser import parse_expr, standard_transformations

rng = random.Random(37)


def text(q):
    q = Fraction(q)
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def frac(s):
    return Fraction(s)


def solve(A, b):
    """Plain Gaussian elimination with exact Fractions; A square, nonsingular."""
    n = len(A)
    M = [[Fraction(x) for x in row] + [Fraction(y)] for row, y in zip(A, b)]
    for c in range(n):
        p = next(r for r in range(c, n) if M[r][c] != 0)
        M[c], M[p] = M[p], M[c]
        piv = M[c][c]
        M[c] = [x / piv for x in M[c]]
        for r in range(n):
            if r != c and M[r][c] != 0:
                f = M[r][c]
                M[r] = [x - f * y for x, y in zip(M[r], M[c])]
    return [M[r][n] for r in range(n)]


def probabilities(k, zeros=False):
    """k random rationals summing to 1, positive unless zeros."""
    lo = 0 if zeros else 1
    w = [rng.randrange(lo, 10) for _ in range(k)]
    if sum(w) == 0:
        w[rng.randrange(k)] = 1
    s = sum(w)
    return [Fraction(x, s) for x in w]


def number():
    kind = rng.randrange(4)
    if kind == 0:
        return Fraction(rng.randrange(-30, 31), rng.choice([2, 3, 4, 7]))
    if kind == 1:
        return Fraction(rng.randrange(-40, 41), 10)
    return Fraction(rng.randrange(-8, 9))


def values(k):
    out = []
    while len(out) < k:
        v = number()
        if v not in out:
            out.append(v)
    return out


# ---------------------------------------------------------------- transform
# Brute force: sympy evaluates f exactly (Rational arithmetic) at every value
# of X; results equal as rationals are merged, probabilities added as
# Fractions, sorted ascending.

X = sympy.Symbol("x")
LOCALS = {"x": X, "abs": sympy.Abs, "floor": sympy.floor, "ceil": sympy.ceiling,
          "sign": sympy.sign, "sqrt": sympy.sqrt}


def evaluate(function, v):
    expr = parse_expr(function.replace("^", "**"), local_dict=LOCALS,
                      transformations=standard_transformations)
    y = expr.subs(X, sympy.Rational(v.numerator, v.denominator))
    if y.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo) or not y.is_finite:
        return None, "undefined"
    if not y.is_Rational:
        return None, "irrational"
    return Fraction(int(y.p), int(y.q)), None


def transform_case(dist, function):
    out = {}
    for v, p in dist:
        y, why = evaluate(function, v)
        if why:
            return {"input": {"distribution": [[text(v), text(p)] for v, p in dist], "function": function},
                    "refuse": f"{function} is {why} at x = {text(v)}"}
        out[y] = out.get(y, 0) + p
    assert sum(out.values()) == 1
    return {"input": {"distribution": [[text(v), text(p)] for v, p in dist], "function": function},
            "expected": {"distribution": [[text(y), text(out[y])] for y in sorted(out)]}}


FUNCTIONS = ["x^2", "abs(x - 3)", "floor(x/2)", "2*x + 1", "(x - 1)^3", "1/(x + 5)",
             "x^2 - 4*x", "x", "-x", "3", "x^3 - x", "abs(x)", "sign(x)", "ceil(x)",
             "floor(x)", "ceil(x/3) - 1", "(2*x - 1)/(x^2 + 1)", "x^4", "abs(floor(x))",
             "sign(x - 1)*x^2", "x - floor(x)", "x*(x - 1)*(x + 1)", "-x^2", "(x + 1)^2/4",
             "floor(abs(x))", "ceil(x)^2 - floor(x)^2", "2^3*x - 7/2", "(x^2 + 1)/(x^2 + 2)",
             "abs(x^2 - 4)", "sign(floor(x))"]

transform = []
# The examples of the brief and hand-picked edge cases first.
die = [(Fraction(i), Fraction(1, 6)) for i in range(1, 7)]
sym = [(Fraction(i), Fraction(1, 5)) for i in range(-2, 3)]
transform.append(transform_case(die, "abs(x - 3)"))
transform.append(transform_case(sym, "x^2"))                       # symmetric: merges to 3 values
transform.append(transform_case(sym, "abs(x)"))
transform.append(transform_case(sym, "sign(x)"))                   # sign(0) = 0
transform.append(transform_case(die, "floor(x/2)"))
transform.append(transform_case([(Fraction(7, 3), Fraction(1))], "x^2"))   # one value
transform.append(transform_case(die, "3"))                         # constant: everything merges
transform.append(transform_case(die, "x"))                         # identity
transform.append(transform_case([(Fraction(-3, 2), Fraction(1, 2)), (Fraction(3, 2), Fraction(1, 2))], "floor(x)"))   # floor(-3/2) = -2
transform.append(transform_case([(Fraction(-3, 2), Fraction(1, 3)), (Fraction(3, 2), Fraction(2, 3))], "ceil(x)"))    # ceil(-3/2) = -1
transform.append(transform_case(sym, "-x^2"))                      # unary minus binds looser than ^
transform.append(transform_case(sym, "1/(x + 5)"))
transform.append(transform_case([(Fraction(1, 2), Fraction(1, 4)), (Fraction(-1, 2), Fraction(3, 4))], "x^2"))       # (±1/2)^2 merge
transform.append(transform_case([(Fraction(-4), Fraction(1, 10)), (Fraction(0), Fraction(3, 10)), (Fraction(4), Fraction(3, 5))], "x^2 - 4*x"))  # 32, 0, 0 merge
# Refusals.
transform.append(transform_case(sym, "1/x"))                       # 1/0
transform.append(transform_case([(Fraction(2), Fraction(1, 2)), (Fraction(4), Fraction(1, 2))], "sqrt(x)"))   # sqrt(2)
transform.append(transform_case(die, "1/(x - 1)"))
transform.append(transform_case([(Fraction(-2), Fraction(1, 3)), (Fraction(1), Fraction(2, 3))], "1/(x^2 - 4)"))
transform.append(transform_case([(Fraction(1, 2), Fraction(1, 2)), (Fraction(3, 2), Fraction(1, 2))], "1/floor(x)"))  # floor(1/2) = 0
transform.append(transform_case([(Fraction(2), Fraction(1))], "x^(1/2)"))
# Random ones.
while len(transform) < 52:
    k = rng.randrange(1, 13)
    vs = values(k)
    ps = probabilities(k)
    f = rng.choice(FUNCTIONS)
    c = transform_case(list(zip(vs, ps)), f)
    if "refuse" in c:          # random draws hit 1/(x + 5) at -5 etc.; keep the hand-picked refusals only
        continue
    transform.append(c)


# ------------------------------------------------------- inclusion_exclusion
# Brute force: P(S) for each nonempty S is the sum of the atoms (the exact set
# of events that occur) containing S; union, exactly-k and at-least-k are sums
# of atoms by their size. Exchangeable: q_j = P(exactly j) drawn first, the
# s_k derived from it; derangements by enumerating all n! permutations
# (n ≤ 8) and by C(n, k)·D(n − k)/n! with D from its recursion (asserted equal
# where both are available).

NAMES = ["A", "B", "C", "D", "E", "F"]
WORDS = ["rain", "wind", "snow", "fog", "hail", "heat"]


def atoms_to_answer(n, atom):
    exactly = [Fraction(0)] * (n + 1)
    for mask, p in atom.items():
        exactly[bin(mask).count("1")] += p
    at_least = [sum(exactly[k:], Fraction(0)) for k in range(n + 1)]
    return {"union": text(1 - exactly[0]), "exactly": [text(x) for x in exactly],
            "at_least": [text(x) for x in at_least]}


def table(names, atom):
    n = len(names)
    rows = []
    for mask in range(1, 1 << n):
        p = sum((q for a, q in atom.items() if a & mask == mask), Fraction(0))
        ev = [names[i] for i in range(n) if mask >> i & 1]
        rng.shuffle(ev)
        rows.append({"events": ev, "probability": text(p)})
    rng.shuffle(rows)
    return rows


def mobius(n, rows, names):
    """Atoms from a complete table by Möbius inversion (used only to confirm refusals)."""
    s = {0: Fraction(1)}
    for r in rows:
        s[sum(1 << names.index(e) for e in r["events"])] = frac(r["probability"])
    atom = {}
    full = (1 << n) - 1
    for a in range(1 << n):
        rest = full & ~a
        tot = Fraction(0)
        sub = rest
        while True:
            tot += (-1) ** bin(sub).count("1") * s[a | sub]
            if sub == 0:
                break
            sub = (sub - 1) & rest
        atom[a] = tot
    return atom


inclusion = []


def ie_case(names, atom):
    n = len(names)
    assert sum(atom.values()) == 1 and all(p >= 0 for p in atom.values())
    rows = table(names, atom)
    assert mobius(n, rows, names) == {a: atom.get(a, Fraction(0)) for a in range(1 << n)}
    inclusion.append({"input": {"events": list(names), "intersections": rows},
                      "expected": atoms_to_answer(n, atom)})


# Edge cases: one event; disjoint events; identical events; independent events; certain event.
ie_case(["A"], {0: Fraction(2, 3), 1: Fraction(1, 3)})
ie_case(["A"], {1: Fraction(1)})
ie_case(["A", "B", "C"], {0: Fraction(1, 4), 1: Fraction(1, 4), 2: Fraction(1, 3), 4: Fraction(1, 6)})  # disjoint
ie_case(["A", "B", "C", "D"], {0: Fraction(3, 5), 15: Fraction(2, 5)})                                 # identical
pa = [Fraction(1, 2), Fraction(1, 3), Fraction(1, 4)]                                                  # independent
indep = {}
for m in range(8):
    p = Fraction(1)
    for i in range(3):
        p *= pa[i] if m >> i & 1 else 1 - pa[i]
    indep[m] = p
ie_case(["A", "B", "C"], indep)
ie_case(["A", "B"], {1: Fraction(1, 2), 3: Fraction(1, 2)})                                            # A certain, B ⊂ A
ie_case(["rain", "wind"], {0: Fraction(1, 2), 1: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 6)})
while len(inclusion) < 28:
    n = rng.randrange(1, 7)
    names = rng.sample(WORDS if rng.randrange(5) == 0 else NAMES, n)
    ps = probabilities(1 << n, zeros=rng.randrange(2) == 0)
    ie_case(names, {m: p for m, p in enumerate(ps) if p})


def ex_case(n, q, note=None):
    assert len(q) == n + 1 and sum(q) == 1 and all(x >= 0 for x in q)
    s = [sum((q[j] * math.comb(j, k) for j in range(k, n + 1)), Fraction(0)) / math.comb(n, k)
         for k in range(1, n + 1)]
    at_least = [sum(q[k:], Fraction(0)) for k in range(n + 1)]
    inclusion.append({"input": {"exchangeable": {"events": n, "intersection": [text(x) for x in s]}},
                      "expected": {"union": text(1 - q[0]), "exactly": [text(x) for x in q],
                                   "at_least": [text(x) for x in at_least]}})
    return s


def fixed_points(n):
    """P(exactly k fixed points) of a uniform random permutation of n."""
    if n <= 8:
        count = [0] * (n + 1)
        for perm in itertools.permutations(range(n)):
            count[sum(1 for i, j in enumerate(perm) if i == j)] += 1
    D = [1, 0]
    for m in range(2, n + 1):
        D.append((m - 1) * (D[m - 1] + D[m - 2]))
    closed = [math.comb(n, k) * D[n - k] for k in range(n + 1)]
    if n <= 8:
        assert count == closed
    return [Fraction(c, math.factorial(n)) for c in closed]


# Derangements: s_k = (n − k)!/n!, union = P(at least one fixed point).
for n in range(1, 13):
    s = ex_case(n, fixed_points(n))
    assert s == [Fraction(math.factorial(n - k), math.factorial(n)) for k in range(1, n + 1)]
# Exchangeable edge cases: none ever occur; all always occur; exactly one occurs.
ex_case(3, [Fraction(1), 0, 0, 0])
ex_case(4, [0, 0, 0, 0, Fraction(1)])
ex_case(5, [0, Fraction(1), 0, 0, 0, 0])
# Independent p = 1/3 (binomial counts) for n = 6.
ex_case(6, [Fraction(math.comb(6, j) * 2 ** (6 - j), 3 ** 6) for j in range(7)])
while len(inclusion) < 51:
    n = rng.randrange(1, 13)
    ex_case(n, probabilities(n + 1, zeros=rng.randrange(2) == 0))

# Refusals: each checked to be what it says.
refusals = []
# P(A ∩ B) > P(A).
rows = [{"events": ["A"], "probability": "1/3"}, {"events": ["B"], "probability": "1/2"},
        {"events": ["B", "A"], "probability": "1/2"}]
assert min(mobius(2, rows, ["A", "B"]).values()) < 0
refusals.append(({"events": ["A", "B"], "intersections": rows}, "P(A ∩ B) = 1/2 exceeds P(A) = 1/3"))
# Pairwise fine, but the union would be 3/2 (atom 'none of them' negative).
rows = [{"events": [e], "probability": "1/2"} for e in "ABC"] + \
       [{"events": list(p), "probability": "0"} for p in ["AB", "AC", "BC", "ABC"]]
assert min(mobius(3, rows, ["A", "B", "C"]).values()) < 0
refusals.append(({"events": ["A", "B", "C"], "intersections": rows},
                 "inconsistent: three pairwise-disjoint events of probability 1/2 each"))
# P(A ∩ B ∩ C) > P(A ∩ B) in an otherwise fine table.
rows = table(["A", "B", "C"], {0: Fraction(1, 2), 7: Fraction(1, 4), 3: Fraction(1, 4)})
for r in rows:
    if len(r["events"]) == 3:
        r["probability"] = "5/8"
assert min(mobius(3, rows, ["A", "B", "C"]).values()) < 0
refusals.append(({"events": ["A", "B", "C"], "intersections": rows}, "P(A ∩ B ∩ C) exceeds P(A ∩ B)"))
# A missing subset.
rows = table(["A", "B", "C"], {0: Fraction(1, 4), 1: Fraction(1, 4), 6: Fraction(1, 4), 7: Fraction(1, 4)})
rows = [r for r in rows if sorted(r["events"]) != ["A", "C"]]
refusals.append(({"events": ["A", "B", "C"], "intersections": rows}, "no entry for A ∩ C"))
# An event not in the list.
rows = [{"events": ["A"], "probability": "1/2"}, {"events": ["B"], "probability": "1/2"},
        {"events": ["A", "Z"], "probability": "1/4"}]
refusals.append(({"events": ["A", "B"], "intersections": rows}, "Z is not one of the events (and A ∩ B is missing)"))
# A probability above 1.
rows = [{"events": ["A"], "probability": "3/2"}]
refusals.append(({"events": ["A"], "intersections": rows}, "P(A) = 3/2 is above 1"))
# Exchangeable: s_2 > s_1.
refusals.append(({"exchangeable": {"events": 2, "intersection": ["1/3", "1/2"]}}, "s_2 = 1/2 exceeds s_1 = 1/3"))
# Exchangeable: P(none) = 1 − 3·(1/2) + 0 − 0 < 0.
refusals.append(({"exchangeable": {"events": 3, "intersection": ["1/2", "0", "0"]}},
                 "inconsistent: P(none occur) = -1/2"))
# Exchangeable: wrong number of intersections.
refusals.append(({"exchangeable": {"events": 4, "intersection": ["1/2", "1/4", "1/8"]}},
                 "4 events need 4 intersection probabilities s_1..s_4"))
for inp, why in refusals:
    inclusion.append({"input": inp, "refuse": why})


# --------------------------------------------------------- order_statistics
# Brute force: every one of the support^n outcome tuples, its probability the
# product of the draws', sorted, the k-th smallest recorded.

def order_case(dist, n, k):
    inp = {"distribution": [[text(v), text(p)] for v, p in dist], "draws": n, "k": k}
    if not 1 <= k <= n:
        return {"input": inp, "refuse": f"k = {k} is not between 1 and the number of draws {n}"}
    out = {}
    for t in itertools.product(range(len(dist)), repeat=n):
        p = Fraction(1)
        for i in t:
            p *= dist[i][1]
        v = sorted(dist[i][0] for i in t)[k - 1]
        out[v] = out.get(v, 0) + p
    assert sum(out.values()) == 1
    mean = sum((v * p for v, p in out.items()), Fraction(0))
    return {"input": inp, "expected": {"distribution": [[text(v), text(out[v])] for v in sorted(out) if out[v]],
                                       "mean": text(mean)}}


order = []
coin = [(Fraction(0), Fraction(1, 2)), (Fraction(1), Fraction(1, 2))]
biased = [(Fraction(0), Fraction(1, 3)), (Fraction(1), Fraction(2, 3))]
order.append(order_case(die, 3, 3))          # maximum of 3 fair dice: mean 119/24
order.append(order_case(die, 2, 1))          # minimum of 2 dice: mean 91/36
order.append(order_case(die, 2, 2))
order.append(order_case(die, 3, 2))          # median of 3 dice: 7/2 by symmetry
order.append(order_case(die, 1, 1))          # one draw: the distribution itself
order.append(order_case(die, 6, 1))
order.append(order_case(die, 6, 6))
order.append(order_case(die, 5, 3))
order.append(order_case(coin, 4, 1))
order.append(order_case(coin, 4, 4))
order.append(order_case(biased, 5, 3))
order.append(order_case(biased, 6, 2))
order.append(order_case([(Fraction(5), Fraction(1))], 4, 2))      # a point mass
order.append(order_case([(Fraction(-1), Fraction(1, 4)), (Fraction(-3, 2), Fraction(1, 4)), (Fraction(2), Fraction(1, 2))], 3, 2))  # unsorted input, negatives
order.append(order_case([(Fraction(-2), Fraction(1, 10)), (Fraction(0), Fraction(9, 10))], 6, 6))
order.append(order_case(die, 2, 3))          # refusals: k > n
order.append(order_case(coin, 1, 2))
order.append(order_case(die, 3, 0))          # k = 0
while len(order) < 52:
    s = rng.randrange(1, 7)
    n = rng.randrange(1, 7)
    while s ** n > 6 ** 5 and rng.randrange(3):
        n = rng.randrange(1, 7)
    dist = list(zip(values(s), probabilities(s)))
    order.append(order_case(dist, n, rng.randrange(1, n + 1)))


# ------------------------------------------------------------- pattern_race
# Brute force: states are the prefixes of the patterns; from state u on
# symbol a go to the longest suffix of u + a that is a prefix; full patterns
# absorb. win_i and the expected time are solved by Gaussian elimination over
# Fractions. Cross-check (independent): Li's correlation equations
# Σ_i win_i · (A_i ∗ A_j) = E for every j, Σ win_i = 1, with
# (A ∗ B) = Σ over k where A's last k symbols equal B's first k of 1/P(B[:k]).

def race(patterns, prob):
    prefixes = sorted({p[:i] for p in patterns for i in range(len(p) + 1)}, key=lambda s: (len(s), s))
    pset = set(prefixes)
    free = [u for u in prefixes if u not in patterns]
    index = {u: i for i, u in enumerate(free)}

    def step(u, a):
        w = u + a
        for i in range(len(w) + 1):
            if w[i:] in pset:
                return w[i:]

    m = len(free)
    A = [[Fraction(0)] * m for _ in range(m)]
    for u in free:
        A[index[u]][index[u]] += 1
        for a, p in prob.items():
            v = step(u, a)
            if v in index:
                A[index[u]][index[v]] -= p
    rhs_time = [Fraction(1)] * m
    time = solve(A, rhs_time)[index[""]]
    win = []
    for pat in patterns:
        b = [sum((p for a, p in prob.items() if step(u, a) == pat), Fraction(0)) for u in free]
        win.append(solve(A, b)[index[""]])
    assert sum(win) == 1

    def corr(x, y):
        tot = Fraction(0)
        for k in range(1, min(len(x), len(y)) + 1):
            if x[-k:] == y[:k]:
                q = Fraction(1)
                for c in y[:k]:
                    q *= prob[c]
                tot += 1 / q
        return tot
    n = len(patterns)
    M = [[corr(patterns[i], patterns[j]) for i in range(n)] + [Fraction(-1)] for j in range(n)]
    M.append([Fraction(1)] * n + [Fraction(0)])
    li = solve(M, [Fraction(0)] * n + [Fraction(1)])
    assert li[:n] == win and li[n] == time, (patterns, li, win, time)
    return win, time


def race_case(patterns, prob=None, why=None):
    inp = {"patterns": patterns}
    if prob is not None:
        inp["probabilities"] = {a: text(p) for a, p in prob.items()}
    if why:
        return {"input": inp, "refuse": why}
    win, time = race(patterns, prob or {"H": Fraction(1, 2), "T": Fraction(1, 2)})
    return {"input": inp, "expected": {"win": [text(w) for w in win], "expected_time": text(time)}}


half = {"H": Fraction(1, 2), "T": Fraction(1, 2)}
pr = []
pr.append(race_case(["HHT", "THH"]))                    # Penney: THH wins 3/4
assert pr[-1]["expected"]["win"] == ["1/4", "3/4"]
pr.append(race_case(["HTH", "HHT"]))                    # HHT wins 2/3
pr.append(race_case(["HTH", "HHT"], half))              # same, probabilities given explicitly
pr.append(race_case(["HH", "TT"]))
pr.append(race_case(["HT", "TT"]))
pr.append(race_case(["H", "T"]))                        # one flip decides
pr.append(race_case(["H", "TT"]))
pr.append(race_case(["HHH", "TTT"]))
pr.append(race_case(["HHH", "HTH", "THT"]))
pr.append(race_case(["HHHHH", "TTTTT"]))
pr.append(race_case(["HHTT", "HTHT", "TTHH", "THTH"]))
pr.append(race_case(["HH", "TT"], {"H": Fraction(2, 3), "T": Fraction(1, 3)}))
pr.append(race_case(["HHT", "THH"], {"H": Fraction(2, 3), "T": Fraction(1, 3)}))
pr.append(race_case(["HTH", "HHT"], {"H": Fraction(1, 3), "T": Fraction(2, 3)}))
pr.append(race_case(["AB", "BA"], {"A": Fraction(1, 3), "B": Fraction(1, 3), "C": Fraction(1, 3)}))
pr.append(race_case(["ABC", "CBA"], {"A": Fraction(1, 3), "B": Fraction(1, 3), "C": Fraction(1, 3)}))
pr.append(race_case(["AA", "BB", "CC"], {"A": Fraction(1, 2), "B": Fraction(1, 3), "C": Fraction(1, 6)}))
pr.append(race_case(["HH", "HT"], {"H": Fraction(1, 2), "T": Fraction(1, 4), "X": Fraction(1, 4)}))  # a third symbol no pattern uses
# Refusals.
pr.append(race_case(["HT", "HTH"], why="HT is a substring of HTH"))
pr.append(race_case(["TH", "HTHH"], why="TH is a substring of HTHH"))
pr.append(race_case(["HTH", "HTH"], why="the pattern HTH is given twice"))
pr.append(race_case(["AB", "BA"], why="no probabilities and the symbols are not just H and T"))
pr.append(race_case(["HH", "TT"], {"H": Fraction(1, 2), "T": Fraction(1, 3)}, why="probabilities sum to 5/6, not 1"))
pr.append(race_case(["HH", "TC"], {"H": Fraction(1, 2), "T": Fraction(1, 2)}, why="C in TC has no probability"))


def substring_free(ps):
    return len(set(ps)) == len(ps) and not any(a != b and a in b for a in ps for b in ps)


while len(pr) < 54:
    letters = rng.choice(["HT", "HT", "ABC", "HT"])
    m = rng.randrange(2, 5)
    ps = ["".join(rng.choice(letters) for _ in range(rng.randrange(1, 6))) for _ in range(m)]
    if not substring_free(ps):
        continue
    if letters == "HT" and rng.randrange(2) == 0:
        pr.append(race_case(ps))
    else:
        w = [rng.randrange(1, 6) for _ in letters]
        pr.append(race_case(ps, {a: Fraction(x, sum(w)) for a, x in zip(letters, w)}))


# -------------------------------------------------------------- random_walk
# Brute force: h(t) = 0, h(v) = 1 + Σ_u P(v, u) h(u) solved over Fractions on
# the component of s; return time to s = 1 + Σ_u P(s, u) h_s(u) (asserted
# equal to 2·W/deg_w(s)); R_eff from the Laplacian with conductances w,
# grounded at t, L·φ = e_s, R = φ(s). Asserted commute = 2·W·R with W the total
# weight of the component holding s and t; NetworkX resistance_distance agrees
# as a float.

def walk(edges, weights, s, t):
    wt = weights or [Fraction(1)] * len(edges)
    adj = {}
    for (u, v), w in zip(edges, wt):
        adj.setdefault(u, {})
        adj.setdefault(v, {})
        adj[u][v] = adj[u].get(v, 0) + w
        adj[v][u] = adj[v].get(u, 0) + w
    comp = {s}
    stack = [s]
    while stack:
        u = stack.pop()
        for v in adj[u]:
            if v not in comp:
                comp.add(v)
                stack.append(v)
    deg = {u: sum(adj[u].values()) for u in adj}
    W = sum((w for (u, v), w in zip(edges, wt) if u in comp), Fraction(0))

    def hitting(target):
        others = [v for v in sorted(comp, key=str) if v != target]
        idx = {v: i for i, v in enumerate(others)}
        A = [[Fraction(0)] * len(others) for _ in others]
        for v in others:
            A[idx[v]][idx[v]] += 1
            for u, w in adj[v].items():
                if u != target:
                    A[idx[v]][idx[u]] -= w / deg[v]
        h = solve(A, [Fraction(1)] * len(others)) if others else []
        out = {v: h[idx[v]] for v in others}
        out[target] = Fraction(0)
        return out

    hs = hitting(s)
    ret = 1 + sum((w / deg[s] * hs[u] for u, w in adj[s].items()), Fraction(0))
    assert ret == 2 * W / deg[s]
    if t not in comp:
        return {"hitting_time": "inf", "return_time_check": text(ret), "commute_time": "inf",
                "effective_resistance": "inf"}
    h_st = hitting(t)[s]
    h_ts = hs[t]
    # Laplacian grounded at t.
    others = [v for v in sorted(comp, key=str) if v != t]
    idx = {v: i for i, v in enumerate(others)}
    if s == t:
        R = Fraction(0)
    else:
        L = [[Fraction(0)] * len(others) for _ in others]
        for v in others:
            L[idx[v]][idx[v]] = deg[v]
            for u, w in adj[v].items():
                if u != t:
                    L[idx[v]][idx[u]] -= w
        e = [Fraction(1) if v == s else Fraction(0) for v in others]
        R = solve(L, e)[idx[s]]
        G = nx.Graph()
        for (u, v), w in zip(edges, wt):
            if u in comp:
                G.add_edge(u, v, w=float(w))
        assert abs(nx.resistance_distance(G, s, t, weight="w", invert_weight=False) - float(R)) < 1e-9 * max(1, float(R))
    assert h_st + h_ts == 2 * W * R
    return {"hitting_time": text(h_st), "return_time_check": text(ret),
            "commute_time": text(h_st + h_ts), "effective_resistance": text(R)}


def walk_case(edges, s, t, weights=None, why=None):
    inp = {"edges": [list(e) for e in edges], "from": s, "to": t}
    if weights is not None:
        inp["weights"] = [text(w) for w in weights]
    if why:
        return {"input": inp, "refuse": why}
    return {"input": inp, "expected": walk(edges, weights, s, t)}


def path(n):
    return [(i, i + 1) for i in range(n - 1)]


def cycle(n):
    return [(i, (i + 1) % n) for i in range(n)]


def complete(n):
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


def star(n):
    return [(0, i) for i in range(1, n)]


def lollipop(k, tail):
    return complete(k) + [(k - 1 + i, k + i) for i in range(tail)]


def random_graph(n):
    order_ = list(range(n))
    rng.shuffle(order_)
    edges = set()
    for i in range(1, n):
        a, b = order_[i], order_[rng.randrange(i)]
        edges.add((min(a, b), max(a, b)))
    for _ in range(rng.randrange(0, n + 2)):
        a, b = rng.sample(range(n), 2)
        edges.add((min(a, b), max(a, b)))
    edges = sorted(edges)
    rng.shuffle(edges)
    return edges


rw = []
rw.append(walk_case(path(2), 0, 1))                       # one edge: 1 step
rw.append(walk_case(path(5), 0, 4))                       # path end to end: (n-1)^2 = 16
rw.append(walk_case(path(5), 4, 0))
rw.append(walk_case(path(7), 3, 6))
rw.append(walk_case(cycle(6), 0, 3))                      # k(n-k) = 9
rw.append(walk_case(cycle(5), 0, 1))
rw.append(walk_case(complete(6), 0, 5))                   # n - 1 = 5
rw.append(walk_case(star(7), 1, 0))                       # leaf to centre: 1
rw.append(walk_case(star(7), 0, 1))                       # centre to leaf: 2(n-1) - 1 = 11
rw.append(walk_case(star(7), 1, 2))
rw.append(walk_case(lollipop(6, 6), 0, 11))               # clique to end of stick (the slow direction)
rw.append(walk_case(lollipop(6, 6), 11, 0))
rw.append(walk_case(lollipop(4, 3), 6, 3))
rw.append(walk_case(complete(4), 2, 2))                   # s = t: 0
rw.append(walk_case([["a", "b"], ["b", "c"], ["c", "a"], ["c", "d"]], "a", "d"))            # string names
rw.append(walk_case([["x", "y"]], "y", "x", weights=[Fraction(7, 2)]))
rw.append(walk_case(path(3), 0, 2, weights=[Fraction(1), Fraction(3)]))
rw.append(walk_case(cycle(4), 0, 2, weights=[Fraction(1), Fraction(2), Fraction(3), Fraction(4)]))
rw.append(walk_case(star(5), 0, 4, weights=[Fraction(1, 2), Fraction(1, 3), Fraction(1, 4), Fraction(1, 5)]))
rw.append(walk_case([(10, 20), (20, 30), (30, 10), (30, 40), (40, 50)], 50, 10))          # non-contiguous integer labels
# Disconnected: unreachable target is "inf"; a reachable one only sees its own component.
rw.append(walk_case([(0, 1), (1, 2), (3, 4)], 0, 4))
rw.append(walk_case([["a", "b"], ["c", "d"], ["d", "e"]], "d", "a"))
rw.append(walk_case([(0, 1), (1, 2), (3, 4), (4, 5), (5, 3)], 0, 2))
# Refusals.
rw.append(walk_case(path(4), 0, 9, why="9 is not a vertex of the edges"))
rw.append(walk_case([["a", "b"], ["b", "c"]], "z", "a", why="z is not a vertex of the edges"))
rw.append(walk_case(path(3), 0, 2, weights=[Fraction(1)], why="2 edges but 1 weight"))
rw.append(walk_case(path(3), 0, 2, weights=[Fraction(1), Fraction(0)], why="weights must be positive"))
rw.append(walk_case(path(3), 0, 2, weights=[Fraction(1), Fraction(-2)], why="weights must be positive"))
while len(rw) < 56:
    n = rng.randrange(2, 13)
    kind = rng.randrange(6)
    edges = [path, cycle, complete, star, random_graph, random_graph][kind](n) if (kind != 1 or n >= 3) else path(n)
    if kind == 2 and n > 8:
        edges = complete(8)
        n = 8
    s, t = rng.sample(range(n), 2)
    weights = None
    if rng.randrange(3) == 0:
        weights = [Fraction(rng.randrange(1, 7), rng.choice([1, 1, 2, 3])) for _ in edges]
    if rng.randrange(4) == 0:
        label = {i: WORDS[i] if i < len(WORDS) else f"v{i}" for i in range(n)}
        edges = [[label[a], label[b]] for a, b in edges]
        s, t = label[s], label[t]
    rw.append(walk_case(edges, s, t, weights))


print(json.dumps({
    "generator": "tests/data/probability/more_generate.py",
    "versions": {"python": sys.version.split()[0], "sympy": sympy.__version__, "networkx": nx.__version__},
    "cases": {"transform": transform, "inclusion_exclusion": inclusion, "order_statistics": order,
              "pattern_race": pr, "random_walk": rw},
}, indent=1))
