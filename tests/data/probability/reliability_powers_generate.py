#!/usr/bin/env python3
"""Oracle answers for graph reliability polynomials and closed forms of Pⁿ.

Reliability: every subset of edges enumerated, connectivity decided by
networkx (all vertices, or the two terminals), counted by size; R(p) at a
rational p summed exactly with Fractions. Cycles beyond enumeration by
their known counts (all-terminal: N_n = 1, N_(n−1) = n; two-terminal at
distance d: R = 1 − (1 − p^d)(1 − p^(n−d))).

Closed forms: chains whose spectrum SymPy finds rational (roots of the
characteristic polynomial over Q) with Pᵏ at several k by exact Fraction
products; chains with an irrational eigenvalue must be refused. Run with a
Python that has sympy and networkx:

    python3 tests/data/probability/reliability_powers_generate.py > tests/data/probability/reliability_powers.json
"""
import itertools
import json
import random
import sys
from fractions import Fraction

import networkx as nx
import sympy

rng = random.Random(2040)


def text(q):
    q = Fraction(q)
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def works(vertices, edges, terminals):
    g = nx.MultiGraph()
    g.add_nodes_from(vertices)
    g.add_edges_from(edges)
    if terminals is None:
        return nx.is_connected(g)
    return nx.has_path(g, terminals[0], terminals[1])


def expand(counts):
    """Σ N_k p^k (1 − p)^(m − k) as integer coefficients, lowest first."""
    p = sympy.Symbol("p")
    m = len(counts) - 1
    poly = sympy.Poly(sum(c * p**k * (1 - p) ** (m - k) for k, c in enumerate(counts)), p)
    coeffs = list(reversed(poly.all_coeffs())) if poly.degree() >= 0 else []
    while coeffs and coeffs[-1] == 0:
        coeffs.pop()
    return [str(c) for c in coeffs]


def value(counts, p):
    m = len(counts) - 1
    return sum(c * p**k * (1 - p) ** (m - k) for k, c in enumerate(counts))


def brute_case(edges, terminals=None, p=None):
    vertices = sorted({v for e in edges for v in e}, key=str)
    m = len(edges)
    counts = [0] * (m + 1)
    for k in range(m + 1):
        for sub in itertools.combinations(range(m), k):
            if works(vertices, [edges[i] for i in sub], terminals):
                counts[k] += 1
    return case(edges, terminals, p, counts)


def case(edges, terminals, p, counts):
    inp = {"edges": [list(e) for e in edges]}
    if terminals is not None:
        inp["terminals"] = list(terminals)
    expected = {"working_subsets": [str(c) for c in counts], "coefficients": expand(counts)}
    if p is not None:
        inp["p"] = text(p)
        expected["value"] = text(value(counts, p))
    return {"input": inp, "expected": expected}


def random_edges(n, m):
    out = []
    while len(out) < m:
        u, v = rng.sample(range(n), 2)
        out.append((u, v))
    return out


def probability():
    return rng.choice([Fraction(1, 2), Fraction(9, 10), Fraction(1, 3), Fraction(99, 100), Fraction(0), Fraction(1)])


reliability = []
named = {
    "triangle": [(0, 1), (1, 2), (2, 0)],
    "k4": [(u, v) for u in range(4) for v in range(u + 1, 4)],
    "bridge": [("a", "b"), ("a", "c"), ("b", "c"), ("b", "d"), ("c", "d")],
    "parallel": [(0, 1), (0, 1), (1, 2), (1, 2), (0, 2)],
    "k33": [(u, v) for u in range(3) for v in range(3, 6)],
}
for edges in named.values():
    reliability.append(brute_case(edges, None, probability()))
    ends = sorted({v for e in edges for v in e}, key=str)
    reliability.append(brute_case(edges, (ends[0], ends[-1]), probability()))
while len(reliability) < 50:
    n = rng.randrange(2, 8)
    m = rng.randrange(1, 14)
    edges = random_edges(n, m)
    if rng.randrange(2):
        reliability.append(brute_case(edges, None, probability() if rng.randrange(2) else None))
    else:
        ends = sorted({v for e in edges for v in e})
        s, t = rng.sample(ends, 2) if len(ends) > 1 else (ends[0], ends[0])
        reliability.append(brute_case(edges, (s, t), probability() if rng.randrange(2) else None))
# Cycles beyond enumeration.
for n in [20, 40, 60, 100, 120]:
    edges = [(i, (i + 1) % n) for i in range(n)]
    counts = [0] * (n + 1)
    counts[n], counts[n - 1] = 1, n
    reliability.append(case(edges, None, Fraction(9, 10), counts))
    d = rng.randrange(1, n)
    # Paths of lengths d and n − d in parallel.
    pw = [sympy.Symbol("p")]
    x = pw[0]
    poly = sympy.Poly(1 - (1 - x**d) * (1 - x ** (n - d)), x)
    # Counts from R(p) = Σ N_k p^k (1 − p)^(n − k): N_k = Σ_j≤k C(n − j, k − j)·a_j.
    a = list(reversed(poly.all_coeffs())) + [0] * (n + 1)
    counts = [int(sum(sympy.binomial(n - j, k - j) * a[j] for j in range(k + 1))) for k in range(n + 1)]
    reliability.append(case(edges, (0, d), Fraction(1, 2), counts))
refusals = [
    {"edges": [[0, 0], [0, 1]]},
    {"edges": [[0, 1], [1, 2]], "terminals": [0, 7]},
    {"edges": [[0, 1], [1, 2]], "p": "3/2"},
    {"edges": [[0, 1], [1, 2]], "p": "-1/2"},
    {"edges": [[i, i + 1] for i in range(121)]},
    {"edges": [[u, v] for u in range(13) for v in range(u + 1, 13)]},
]
reliability += [{"input": r, "refuse": True} for r in refusals]


def rational_spectrum(P):
    lam = sympy.Symbol("lam")
    poly = sympy.Poly(P.charpoly(lam).as_expr(), lam)
    roots = sympy.roots(poly, filter="Q")
    return sum(roots.values()) == P.rows


def powers(P, ks):
    n = len(P)
    out = {}
    cur = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    for k in range(max(ks) + 1):
        if k in ks:
            out[str(k)] = [[text(x) for x in row] for row in cur]
        cur = [[sum(cur[i][l] * P[l][j] for l in range(n)) for j in range(n)] for i in range(n)]
    return out


def stochastic(rows):
    return [[Fraction(x, sum(r)) for x in r] for r in rows]


families = []
# Two states: always rational.
for _ in range(6):
    a, b = Fraction(rng.randrange(0, 5), 4), Fraction(rng.randrange(0, 7), 6)
    families.append([[1 - a, a], [b, 1 - b]])
# Random walks on complete graphs, lazy or not.
for n in [3, 4, 5, 7]:
    families.append(stochastic([[int(i != j) for j in range(n)] for i in range(n)]))
    families.append(stochastic([[2 if i == j else 1 for j in range(n)] for i in range(n)]))
# Ehrenfest urns with N balls: eigenvalues 1 − 2k/N.
for N in [2, 3, 4, 6, 10]:
    families.append([[Fraction(i, N) if j == i - 1 else Fraction(N - i, N) if j == i + 1 else Fraction(0)
                      for j in range(N + 1)] for i in range(N + 1)])
# Cycles of length 4 and the hypercube walk of dimension 3.
families.append(stochastic([[int(abs(i - j) in (1, 3)) for j in range(4)] for i in range(4)]))
families.append(stochastic([[int(bin(i ^ j).count("1") == 1) for j in range(8)] for i in range(8)]))
# Upper triangular (absorbing) chains: eigenvalues on the diagonal, repeated ones give Jordan blocks.
for n in [3, 4, 5, 6]:
    for _ in range(2):
        rows = []
        for i in range(n):
            w = [0] * n
            for j in range(i, n):
                w[j] = rng.randrange(0, 3)
            if i < n - 1 and sum(w[i + 1:]) == 0:
                w[i + 1] = 1
            if sum(w) == 0:
                w[i] = 1
            rows.append(w)
        families.append(stochastic(rows))
families.append([[Fraction(1, 2), Fraction(1, 2), 0], [0, Fraction(1, 2), Fraction(1, 2)], [0, 0, 1]])
families.append([[0, 1, 0], [0, 0, 1], [0, 0, 1]])
families.append([[0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [0, 0, 0, 1]])
families.append([[0, 1, 0], [0, 0, 1], [1, 0, 0]])
# Random chains: usually irrational, refused.
while len(families) < 60:
    n = rng.randrange(2, 6)
    families.append(stochastic([[rng.randrange(0, 4) or (1 if j == (i + 1) % n else 0) for j in range(n)] for i in range(n)]))

closed = []
for P in families:
    P = [[Fraction(x) for x in row] for row in P]
    S = sympy.Matrix([[sympy.Rational(x.numerator, x.denominator) for x in row] for row in P])
    inp = {"transition": [[text(x) for x in row] for row in P]}
    if rational_spectrum(S):
        closed.append({"input": inp, "expected": powers(P, {0, 1, 2, 3, 5, 8, 13, 30})})
    else:
        closed.append({"input": inp, "refuse": True})

print(json.dumps({
    "generator": "tests/data/probability/reliability_powers_generate.py",
    "versions": {"python": sys.version.split()[0], "sympy": sympy.__version__, "networkx": nx.__version__},
    "cases": {"graph_reliability": reliability, "n_step_closed_form": closed},
}, indent=1))
