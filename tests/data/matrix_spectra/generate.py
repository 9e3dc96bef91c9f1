#!/usr/bin/env python3
# Oracle corpus for exact matrix spectra and definiteness.
#
#   /var/tmp/venv-sympy/bin/python tests/data/matrix_spectra/generate.py
#
# (SymPy 1.14.0 and mpmath 1.3.0.) Deterministic: fixed seed
# random.Random(2026); PYTHONHASHSEED=0 is set by re-executing.
#
# spectra.json -- square matrices with rational entries. Per case:
#   charpoly            det(xI - A) by Matrix.charpoly (Berkowitz), lowest first.
#   invariant_factors   sympy.matrices.normalforms.invariant_factors of xI - A
#                       over QQ[x] (Smith normal form), units dropped, made monic.
#   minimal_polynomial  computed separately by a Krylov search for the first
#                       linear dependency among vec(I), vec(A), vec(A^2), ...
#                       (Fraction arithmetic); checked equal to the last
#                       invariant factor.
#   elementary_divisors PRIMARY METHOD: Matrix.jordan_form(calc_transform=False);
#                       the block sizes are read off the Jordan matrix and each
#                       eigenvalue is mapped to its irreducible factor over Q
#                       with sympy.minimal_polynomial. It is run when every
#                       irreducible factor of the charpoly has degree <= 2 or
#                       is a binomial c x^d + a (a fixed rule, not a timer:
#                       other cubics/quartics make jordan_form take minutes and
#                       degree >= 5 gives CRootOf, which jordan_form rejects).
#                       OTHERWISE: a squarefree charpoly means every factor has
#                       sizes [1]; else factor_list of each Smith invariant
#                       factor. The Smith-derived divisors are always computed
#                       and must agree with the jordan_form ones. Cases built
#                       from a known Jordan / companion structure are also
#                       checked against that structure. No rank formula
#                       (rank of p(A)^k) is used.
#   diagonalizable      Matrix.is_diagonalizable() (60 s limit, 2 s when the
#                       jordan_form rule above does not apply); if it does not
#                       finish, the exact criterion "minimal polynomial
#                       squarefree" is used instead. When both are available
#                       they must agree, so the value does not depend on timing.
#   eigenvalues         Matrix.eigenvects() (10 s limit), sorted by the string of
#                       the value; null when it times out, involves CRootOf, or
#                       (never seen so far) fails the check below.
#                       Checked against the elementary divisors (algebraic =
#                       sum of sizes, geometric = number of blocks), the value
#                       being assigned to its factor by minimal_polynomial, or
#                       for cubic/quartic radicals by evaluating the factors
#                       at 60 digits (unique match required).
#   jordan_sizes_rational  {eigenvalue: sizes desc} when every eigenvalue is
#                       rational, else null.
#
# `-v` prints the time of each case on stderr.
#
# definiteness.json -- symmetric rational matrices. Inertia [pos, neg, zero]
# from the exact characteristic polynomial (all roots are real, so
# Descartes' rule of signs is exact), checked against sympy.real_roots (with
# multiplicity) and against a congruence diagonalisation with 1x1/2x2
# pivoting in Fraction arithmetic (Sylvester's law of inertia).

import os
import sys

if os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable] + sys.argv)

import json
import random
import signal
import time
from fractions import Fraction

import sympy
from sympy import (CRootOf, Matrix, Poly, QQ, Rational, eye, factor_list,
                   minimal_polynomial, symbols, zeros)
from sympy.matrices.normalforms import invariant_factors

x = symbols("x")
HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 2026
ENTRY_LIMIT = 10 ** 6
VERBOSE = "-v" in sys.argv

STATS = {"expected_checked": 0, "def_expected_checked": 0, "ed_method": {}, "fallback_cases": [], "diag_fallback": [], "eigenvalues_null": 0,
         "eig_null_reasons": [], "slowest": []}


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout()


signal.signal(signal.SIGALRM, _alarm)


def timed(fn, seconds):
    """Run fn() with a wall-clock limit; return (ok, value)."""
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return True, fn()
    except Timeout:
        return False, "timeout"
    except Exception as e:  # noqa: BLE001 -- SymPy failures mean "not available"
        return False, "error: %s: %s" % (type(e).__name__, e)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


# ---------------------------------------------------------------- helpers

def rstr(q):
    return str(Rational(q))


def mat_strings(A):
    return [[rstr(A[i, j]) for j in range(A.cols)] for i in range(A.rows)]


def poly_coeffs_low(p):
    """Poly -> list of Rationals, lowest degree first."""
    return list(reversed(p.all_coeffs()))


def monic_q(expr):
    p = Poly(expr, x, domain=QQ)
    return p.monic()


def primitive_z(p):
    """Primitive integer polynomial with positive leading coefficient."""
    p = Poly(p, x, domain=QQ)
    _, q = p.clear_denoms(convert=True)
    q = q.primitive()[1]
    if q.LC() < 0:
        q = -q
    return Poly(q, x, domain=sympy.ZZ)


def key_of(p):
    return tuple(int(c) for c in poly_coeffs_low(p))


def fr_mat(A):
    return [[Fraction(int(A[i, j].p), int(A[i, j].q)) for j in range(A.cols)]
            for i in range(A.rows)]


def fr_mul(a, b):
    n, m, k = len(a), len(b[0]), len(b)
    return [[sum(a[i][t] * b[t][j] for t in range(k)) for j in range(m)]
            for i in range(n)]


def krylov_minpoly(A):
    """Monic minimal polynomial (coeffs lowest first, Fractions): the first
    k with vec(A^k) in span(vec(I), ..., vec(A^(k-1)))."""
    n = A.rows
    M = fr_mat(A)
    P = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    basis = []  # list of (pivot_col, row_vector, combo) in echelon form
    for k in range(n + 1):
        v = [P[i][j] for i in range(n) for j in range(n)]
        combo = [Fraction(0)] * (k + 1)
        combo[k] = Fraction(1)
        for piv, row, c in basis:
            f = v[piv]
            if f:
                v = [a - f * b for a, b in zip(v, row)]
                combo = [a - f * (c[i] if i < len(c) else 0) for i, a in enumerate(combo)]
        piv = next((i for i, a in enumerate(v) if a), None)
        if piv is None:
            # combo[0..k] . (I, A, .., A^k) == 0, combo[k] == 1
            return combo
        f = v[piv]
        basis.append((piv, [a / f for a in v], [a / f for a in combo]))
        P = fr_mul(P, M)
    raise AssertionError("no dependency up to degree n")


def poly_from_low(cs):
    return Poly(list(reversed([Rational(c.numerator, c.denominator) if isinstance(c, Fraction) else c
                               for c in cs])), x, domain=QQ)


def is_rational(e):
    return e.is_Rational is True


# ---------------------------------------------------------- generators

def unimodular(rng, n, steps=None):
    """Integer matrix with det +-1 and entries in -3..3 (random elementary
    row operations that keep the bound, then a permutation and signs)."""
    P = [[int(i == j) for j in range(n)] for i in range(n)]
    if n == 1:
        return Matrix([[rng.choice([1, -1])]])
    steps = steps if steps is not None else 4 * n
    done = 0
    tries = 0
    while done < steps and tries < 50 * steps:
        tries += 1
        i, j = rng.sample(range(n), 2)
        c = rng.choice([1, -1, 1, -1, 2, -2])
        new = [P[i][t] + c * P[j][t] for t in range(n)]
        if max(abs(v) for v in new) <= 3:
            P[i] = new
            done += 1
    perm = list(range(n))
    rng.shuffle(perm)
    P = [P[p] for p in perm]
    for i in range(n):
        if rng.random() < 0.3:
            P[i] = [-v for v in P[i]]
    M = Matrix(P)
    assert abs(M.det()) == 1
    return M


def jordan_matrix(blocks):
    """blocks: list of (eigenvalue, size)."""
    n = sum(s for _, s in blocks)
    J = zeros(n, n)
    o = 0
    for lam, s in blocks:
        for i in range(s):
            J[o + i, o + i] = Rational(lam)
            if i + 1 < s:
                J[o + i, o + i + 1] = 1
        o += s
    return J


def companion(p):
    """Companion matrix of monic p (sympy expr in x)."""
    P = Poly(p, x, domain=QQ).monic()
    n = P.degree()
    c = poly_coeffs_low(P)
    C = zeros(n, n)
    for i in range(1, n):
        C[i, i - 1] = 1
    for i in range(n):
        C[i, n - 1] = -c[i]
    return C


def block_diag(mats):
    n = sum(M.rows for M in mats)
    out = zeros(n, n)
    o = 0
    for M in mats:
        out[o:o + M.rows, o:o + M.rows] = M
        o += M.rows
    return out


def conjugate(rng, B, plain=False):
    if plain:
        return B
    for _ in range(50):
        P = unimodular(rng, B.rows)
        A = P * B * P.inv()
        if max(abs(v) for v in A) < ENTRY_LIMIT:
            return A
    raise AssertionError("could not keep entries small")


def random_partition(rng, n):
    parts = []
    while n > 0:
        s = rng.randint(1, n)
        parts.append(s)
        n -= s
    return sorted(parts, reverse=True)


def spectra_specs(rng):
    """Yield (name, matrix)."""
    out = []

    def add(name, A, expected=None):
        # expected: the elementary divisors known from the construction, as
        # (irreducible polynomial, exponent) pairs; checked in spectra_case
        out.append(("%03d_%s" % (len(out), name), Matrix(A), expected))

    def jb(blocks):
        return [(x - Rational(lam), s) for lam, s in blocks]

    # (a) Jordan structures with rational eigenvalues, conjugated.
    fixed = [
        ("zero_2", [(0, 1), (0, 1)], True),
        ("zero_4", [(0, 1)] * 4, True),
        ("scalar_3_eig5", [(5, 1)] * 3, True),
        ("scalar_4_eig-2/3", [(Rational(-2, 3), 1)] * 4, True),
        ("identity_5", [(1, 1)] * 5, True),
        ("nilpotent_single_4", [(0, 4)], False),
        ("nilpotent_2_2_1", [(0, 2), (0, 2), (0, 1)], False),
        ("nilpotent_3_1", [(0, 3), (0, 1)], False),
        ("nilpotent_2_1_1", [(0, 2), (0, 1), (0, 1)], False),
        ("nilpotent_3_3", [(0, 3), (0, 3)], False),
        ("nilpotent_2", [(0, 2)], False),
        ("nilpotent_7", [(0, 7)], False),
        ("eig3_2_2_1", [(3, 2), (3, 2), (3, 1)], False),
        ("eig-1_3_2", [(-1, 3), (-1, 2)], False),
        ("eig2_1_1_1_and_eig-1_2", [(2, 1), (2, 1), (2, 1), (-1, 2)], False),
        ("derogatory_eig1_2_1_eig-1_1", [(1, 2), (1, 1), (-1, 1)], False),
        ("derogatory_eig0_1_1_eig4_2", [(0, 1), (0, 1), (4, 2)], False),
        ("eig1/2_3", [(Rational(1, 2), 3)], False),
        ("eig1/2_2_eig-3/2_2", [(Rational(1, 2), 2), (Rational(-3, 2), 2)], False),
        ("eig1/3_1_1_eig2_1", [(Rational(1, 3), 1), (Rational(1, 3), 1), (2, 1)], False),
        ("distinct_4", [(1, 1), (2, 1), (-3, 1), (0, 1)], False),
        ("scalar_conjugated_stays_scalar_3", [(7, 1)] * 3, False),
        ("eig2_4_2_1", [(2, 4), (2, 2), (2, 1)], False),
        ("eig0_2_eig1_2_eig-1_2", [(0, 2), (1, 2), (-1, 2)], False),
        ("eig-2_2_2_2", [(-2, 2), (-2, 2), (-2, 2)], False),
        ("eig1_5_1", [(1, 5), (1, 1)], False),
    ]
    for name, blocks, plain in fixed:
        add("jordan_" + name, conjugate(rng, jordan_matrix(blocks), plain), jb(blocks))
    eig_pool = [-4, -3, -2, -1, 0, 1, 2, 3, 4, 5, Rational(1, 2), Rational(-3, 2), Rational(2, 3)]
    for _ in range(22):
        n = rng.randint(2, 7)
        k = rng.randint(1, min(3, n))
        eigs = rng.sample(eig_pool, k)
        # split n among k eigenvalues, each >= 1
        cuts = sorted(rng.sample(range(1, n), k - 1)) if k > 1 else []
        mults = [b - a for a, b in zip([0] + cuts, cuts + [n])]
        blocks = []
        for lam, m in zip(eigs, mults):
            for s in random_partition(rng, m):
                blocks.append((lam, s))
        rng.shuffle(blocks)
        desc = "_".join("%s:%d" % (rstr(l), s) for l, s in blocks)
        add("jordan_rand_n%d_%s" % (n, desc), conjugate(rng, jordan_matrix(blocks)), jb(blocks))

    # (b) companion matrices of irreducible polynomials (and powers).
    p = {
        "x2-2": x ** 2 - 2, "x2+1": x ** 2 + 1, "x3-2": x ** 3 - 2, "x2+x+1": x ** 2 + x + 1,
        "x4+1": x ** 4 + 1, "x3-x-1": x ** 3 - x - 1, "x2-x-1": x ** 2 - x - 1,
        "x2+3": x ** 2 + 3, "x3-3x+1": x ** 3 - 3 * x + 1, "x-3": x - 3, "x+1": x + 1,
        "x-1/2": x - Rational(1, 2), "2x2-3": x ** 2 - Rational(3, 2),
    }
    comp_specs = [
        ["x2-2"], ["x2+1"], ["x3-2"], ["x2+x+1"], ["x4+1"], ["x3-x-1"], ["x3-3x+1"],
        ["x2-2", "x2-2"], ["x2+1", "x2+1"], ["x2+1", "x2+1", "x2+1"],
        [("x2-2", 2)], [("x2+1", 2)], [("x2+x+1", 2)], [("x2+1", 3)],
        [("x2-2", 2), "x2-2"], [("x2+1", 2), "x2+1", "x-3"],
        ["x2-2", "x2+1"], ["x3-2", "x-3"], ["x2-x-1", "x+1", "x+1"],
        ["x2+3", ("x-1/2", 2)], ["2x2-3", "2x2-3"], ["x4+1", "x2+1"],
        [("x2-2", 2), ("x2-2", 2)], ["x3-x-1", "x3-x-1"], [("x3-2", 2)],
        ["x2+x+1", "x2-2", "x-3"],
    ]
    for spec in comp_specs:
        mats = []
        names = []
        exp = []
        for item in spec:
            if isinstance(item, tuple):
                key, e = item
                mats.append(companion(p[key] ** e))
                names.append("(%s)^%d" % (key, e))
                exp.append((p[key], e))
            else:
                mats.append(companion(p[item]))
                names.append(item)
                exp.append((p[item], 1))
        B = block_diag(mats)
        add("companion_%s" % "+".join(names), conjugate(rng, B), exp)
    # companion of p plus a rational Jordan block
    add("companion_x2-2+jordan_eig1_2",
        conjugate(rng, block_diag([companion(p["x2-2"]), jordan_matrix([(1, 2)])])),
        [(p["x2-2"], 1)] + jb([(1, 2)]))
    add("companion_x2+1+jordan_eig0_2_1",
        conjugate(rng, block_diag([companion(p["x2+1"]), jordan_matrix([(0, 2), (0, 1)])])),
        [(p["x2+1"], 1)] + jb([(0, 2), (0, 1)]))

    # (c) random matrices.
    for i in range(26):
        n = rng.randint(2, 6)
        add("random_int_n%d_%02d" % (n, i),
            [[rng.randint(-5, 5) for _ in range(n)] for _ in range(n)])
    for i in range(6):
        n = rng.randint(2, 5)
        vals = [Rational(v, d) for v in range(-3, 4) for d in (1, 2, 3)]
        add("random_rat_n%d_%02d" % (n, i),
            [[rng.choice(vals) for _ in range(n)] for _ in range(n)])
    for i in range(6):  # sparse: repeated/rational eigenvalues are likely
        n = rng.randint(3, 6)
        add("random_sparse_n%d_%02d" % (n, i),
            [[rng.choice([0, 0, 0, 0, 1, -1, 2]) for _ in range(n)] for _ in range(n)])
    for i in range(6):  # upper triangular with repeated diagonal, conjugated
        n = rng.randint(3, 6)
        d = [rng.choice([1, 1, 2, -1]) for _ in range(n)]
        T = Matrix(n, n, lambda r, c: d[r] if r == c else (rng.choice([0, 0, 1, -1, 2]) if c > r else 0))
        add("random_triangular_n%d_%02d" % (n, i), conjugate(rng, T))
    for i in range(3):  # rank one u v^T
        n = rng.randint(2, 5)
        u = [rng.randint(-3, 3) or 1 for _ in range(n)]
        v = [rng.randint(-3, 3) or 1 for _ in range(n)]
        if i == 0:  # force v.u == 0: nilpotent rank one
            v[-1] = 0
            s = sum(a * b for a, b in zip(u, v))
            v[-1] = Rational(-s, u[-1])
        add("rank_one_n%d_%02d" % (n, i), Matrix(n, n, lambda r, c: u[r] * v[c]))

    # (d) 1x1 and 8x8.
    add("one_by_one_5", [[5]], jb([(5, 1)]))
    add("one_by_one_-1/2", [[Rational(-1, 2)]], jb([(Rational(-1, 2), 1)]))
    add("one_by_one_0", [[0]], jb([(0, 1)]))
    add("one_by_one_-7", [[-7]], jb([(-7, 1)]))
    b8 = [(1, 3), (1, 2), (-2, 2), (-2, 1)]
    add("big8_jordan_eig1_3_2_eig-2_2_1", conjugate(rng, jordan_matrix(b8)), jb(b8))
    b8 = [(0, 4), (0, 2), (0, 2)]
    add("big8_nilpotent_4_2_2", conjugate(rng, jordan_matrix(b8)), jb(b8))
    add("big8_companion_(x2+1)^2+x2-2+x-1+x-1",
        conjugate(rng, block_diag([companion((x ** 2 + 1) ** 2), companion(x ** 2 - 2),
                                    jordan_matrix([(1, 1), (1, 1)])])),
        [(x ** 2 + 1, 2), (x ** 2 - 2, 1)] + jb([(1, 1), (1, 1)]))
    add("big8_companion_x4+1+x4+1", conjugate(rng, block_diag([companion(x ** 4 + 1)] * 2)),
        [(x ** 4 + 1, 1), (x ** 4 + 1, 1)])
    add("big8_scalar_-3", jordan_matrix([(-3, 1)] * 8), jb([(-3, 1)] * 8))
    add("big8_random_int", [[rng.randint(-3, 3) for _ in range(8)] for _ in range(8)])
    b8 = [(Rational(1, 2), 2), (Rational(1, 2), 2), (3, 2), (3, 1), (3, 1)]
    add("big8_jordan_eig1/2_2_2_eig3_2_1_1", conjugate(rng, jordan_matrix(b8)), jb(b8))
    return out


# ------------------------------------------------------------- spectra

def ed_from_smith(invs):
    """{factor_key: (Poly, [sizes])} from the invariant factors."""
    acc = {}
    for f in invs:
        _, fl = factor_list(f.as_expr(), x)
        for g, e in fl:
            g = primitive_z(g)
            k = key_of(g)
            acc.setdefault(k, (g, []))[1].append(e)
    return acc


def is_tractable(g):
    """Irreducible factors whose roots SymPy writes as short radicals:
    degree <= 2, or a binomial c x^d + a. Other factors of degree 3/4 give
    Cardano/Ferrari expressions (jordan_form and is_diagonalizable become very
    slow on them), degree >= 5 gives CRootOf (jordan_form unsupported)."""
    return g.degree() <= 2 or len(g.terms()) == 2


def factor_of_value(val, factors):
    """Key of the irreducible factor (among `factors`, (Poly, sizes) pairs)
    that has the exact eigenvalue `val` as a root. Rational and quadratic
    values use sympy.minimal_polynomial; other radicals are matched by
    evaluating every factor at val to 60 digits (the match must be unique)."""
    if val.is_Rational or all(g.degree() <= 2 for g, _ in factors):
        return key_of(primitive_z(minimal_polynomial(val, x)))
    v = sympy.N(val, 60)
    hits = []
    for g, _ in factors:
        r = abs(sympy.N(g.as_expr().subs(x, v), 40))
        if r < sympy.Float("1e-30"):
            hits.append(key_of(g))
    assert len(hits) == 1, (val, hits)
    return hits[0]


def ed_from_jordan(A):
    J = A.jordan_form(calc_transform=False)
    n = J.rows
    blocks = []
    i = 0
    while i < n:
        j = i
        while j + 1 < n and J[j, j + 1] != 0:
            j += 1
        blocks.append((J[i, i], j - i + 1))
        i = j + 1
    acc = {}
    mp_cache = {}
    per_eig = {}
    for lam, s in blocks:
        if lam not in mp_cache:
            mp_cache[lam] = primitive_z(minimal_polynomial(lam, x))
        g = mp_cache[lam]
        per_eig.setdefault(lam, []).append(s)
    # all roots of one irreducible factor carry the same block sizes
    for lam, sizes in per_eig.items():
        g = mp_cache[lam]
        k = key_of(g)
        sizes = sorted(sizes, reverse=True)
        if k in acc:
            assert acc[k][1] == sizes, ("conjugate eigenvalues with different blocks", lam)
        else:
            acc[k] = (g, sizes)
    # every root of g must have shown up
    count = {}
    for lam in per_eig:
        count[key_of(mp_cache[lam])] = count.get(key_of(mp_cache[lam]), 0) + 1
    for k, (g, _) in acc.items():
        assert count[k] == g.degree(), ("missing conjugates", k)
    return acc


def spectra_case(name, A, expected):
    t0 = time.time()
    n = A.rows
    assert max(abs(v) for v in A) < ENTRY_LIMIT
    cp = A.charpoly(x)
    cp = Poly(cp.as_expr(), x, domain=QQ)
    assert cp.is_monic and cp.degree() == n

    # invariant factors (Smith normal form over QQ[x])
    raw = invariant_factors(x * eye(n) - A, domain=QQ[x])
    invs = []
    for f in raw:
        pf = Poly(sympy.sympify(f), x, domain=QQ)
        assert not pf.is_zero
        if pf.degree() > 0:
            invs.append(pf.monic())
    for a, b in zip(invs, invs[1:]):
        assert b.rem(a).is_zero, (name, "invariant factors do not divide")
    prod = Poly(1, x, domain=QQ)
    for f in invs:
        prod *= f
    assert prod == cp, (name, "product of invariant factors != charpoly")

    mp = poly_from_low(krylov_minpoly(A))
    assert invs[-1] == mp, (name, "last invariant factor != Krylov minimal polynomial")

    smith_ed = ed_from_smith(invs)
    smith_ed = {k: (g, sorted(sz, reverse=True)) for k, (g, sz) in smith_ed.items()}
    _, cp_factors = factor_list(cp.as_expr(), x)
    cp_irr = [primitive_z(g) for g, _ in cp_factors]
    tractable = all(is_tractable(g) for g in cp_irr)
    squarefree = all(e == 1 for _, e in cp_factors)
    if tractable:
        ok, jed = timed(lambda: ed_from_jordan(A), 60)
    else:
        ok, jed = False, "skipped: an irreducible factor of degree >= 3 is not a binomial"
    if ok:
        method = "jordan_form"
        assert {k: v[1] for k, v in jed.items()} == {k: v[1] for k, v in smith_ed.items()}, \
            (name, "jordan_form and Smith form disagree", jed, smith_ed)
        ed = jed
    elif squarefree:
        # squarefree charpoly: every elementary divisor is a factor with exponent 1
        method = "squarefree_charpoly"
        ed = {key_of(g): (g, [1]) for g in cp_irr}
        assert {k: v[1] for k, v in ed.items()} == {k: v[1] for k, v in smith_ed.items()}, \
            (name, "squarefree charpoly but Smith form has repeated factors")
    else:
        method = "smith_invariant_factors"
        ed = smith_ed
    STATS["ed_method"][method] = STATS["ed_method"].get(method, 0) + 1
    if method != "jordan_form":
        STATS["fallback_cases"].append((name, method, jed))

    # charpoly == prod factor^size (up to the leading coefficient)
    prod = Poly(1, x, domain=QQ)
    for g, sizes in ed.values():
        for s in sizes:
            prod *= Poly(g, x, domain=QQ) ** s
    assert prod.monic() == cp, (name, "elementary divisors do not multiply to charpoly")
    lcm = Poly(1, x, domain=QQ)
    for g, sizes in ed.values():
        lcm *= Poly(g, x, domain=QQ) ** max(sizes)
    assert lcm.monic() == mp, (name, "lcm of elementary divisors != minimal polynomial")

    if expected is not None:
        STATS["expected_checked"] += 1
        want = {}
        for f, e in expected:
            g = primitive_z(f)
            want.setdefault(key_of(g), []).append(e)
        assert {k: v[1] for k, v in ed.items()} == {k: sorted(v, reverse=True) for k, v in want.items()}, \
            (name, "elementary divisors differ from the construction")

    ed_list = sorted(ed.values(), key=lambda t: (t[0].degree(), key_of(t[0])))
    ed_json = [{"factor": [str(int(c)) for c in poly_coeffs_low(g)], "sizes": sizes}
               for g, sizes in ed_list]

    sqf_mp = sympy.gcd(mp, mp.diff(x)).degree() == 0
    all_ones = all(s == 1 for _, sizes in ed.values() for s in sizes)
    assert sqf_mp == all_ones, (name, "minimal polynomial vs block sizes")
    ok, diag = timed(lambda: bool(A.is_diagonalizable()), 60 if tractable else 2)
    if ok:
        assert diag == sqf_mp, (name, "is_diagonalizable disagrees with the minimal polynomial")
    else:
        # exact criterion: diagonalizable over C iff the minimal polynomial is squarefree
        STATS["diag_fallback"].append((name, diag))
        diag = sqf_mp

    # eigenvalues
    eig_json = None
    ok, ev = timed(lambda: A.eigenvects(), 10)
    reason = None
    if not ok:
        reason = ev
    elif any(val.has(CRootOf) for val, _, _ in ev):
        reason = "CRootOf"
    else:
        rows = []
        for val, alg, vecs in ev:
            rows.append({"value": str(val), "algebraic": int(alg), "geometric": len(vecs)})
        # cross-check against the elementary divisors
        okx, mps = timed(lambda: [factor_of_value(val, list(ed.values())) for val, _, _ in ev], 20)
        if not okx:
            reason = "minimal_polynomial of eigenvalue: " + mps
        else:
            good = sum(r["algebraic"] for r in rows) == n
            for r, k in zip(rows, mps):
                if k not in ed or (sum(ed[k][1]) != r["algebraic"]
                                   or len(ed[k][1]) != r["geometric"]):
                    good = False
            per_factor = {}
            for k in mps:
                per_factor[k] = per_factor.get(k, 0) + 1
            for k, (g, _) in ed.items():
                if per_factor.get(k) != g.degree():
                    good = False
            if good:
                eig_json = sorted(rows, key=lambda r: r["value"])
            else:
                reason = "eigenvects disagrees with elementary divisors"
    if reason is not None:
        STATS["eigenvalues_null"] += 1
        STATS["eig_null_reasons"].append((name, reason))

    jsr = None
    if all(g.degree() == 1 for g, _ in ed.values()):
        jsr = {}
        for g, sizes in ed_list:
            c0, c1 = poly_coeffs_low(g)
            jsr[rstr(-Rational(c0) / Rational(c1))] = sizes

    dt = time.time() - t0
    STATS["slowest"].append((dt, name))
    if VERBOSE:
        print("%6.2fs %s" % (dt, name), file=sys.stderr)
    return {
        "name": name,
        "matrix": mat_strings(A),
        "charpoly": [rstr(c) for c in poly_coeffs_low(cp)],
        "elementary_divisors": ed_json,
        "invariant_factors": [[rstr(c) for c in poly_coeffs_low(f)] for f in invs],
        "minimal_polynomial": [rstr(c) for c in poly_coeffs_low(mp)],
        "diagonalizable": diag,
        "eigenvalues": eig_json,
        "jordan_sizes_rational": jsr,
    }


# ---------------------------------------------------------- definiteness

def congruence_inertia(A):
    """Inertia by symmetric elimination (Fractions), 2x2 trick for zero
    diagonals: if all remaining diagonal entries vanish but a[i][j] != 0,
    add row/col j to row/col i, giving a[i][i] = 2 a[i][j] != 0."""
    a = fr_mat(A)
    n = len(a)
    pos = neg = 0
    idx = list(range(n))
    while idx:
        piv = next((i for i in idx if a[i][i] != 0), None)
        if piv is None:
            pair = next(((i, j) for i in idx for j in idx if i != j and a[i][j] != 0), None)
            if pair is None:
                break
            i, j = pair
            for t in range(n):
                a[i][t] += a[j][t]
            for t in range(n):
                a[t][i] += a[t][j]
            piv = i
            assert a[i][i] != 0
        d = a[piv][piv]
        if d > 0:
            pos += 1
        else:
            neg += 1
        idx.remove(piv)
        for r in idx:
            f = a[r][piv] / d
            if f:
                for t in idx:
                    a[r][t] -= f * a[piv][t]
        for r in idx:
            a[r][piv] = a[piv][r] = Fraction(0)
    return [pos, neg, n - pos - neg]


def descartes_inertia(cp, n):
    cs = poly_coeffs_low(cp)
    z = 0
    while z < len(cs) and cs[z] == 0:
        z += 1
    rest = cs[z:]

    def changes(seq):
        s = [c for c in seq if c != 0]
        return sum(1 for u, v in zip(s, s[1:]) if (u > 0) != (v > 0))
    pos = changes(rest)
    neg = changes([c * (-1) ** i for i, c in enumerate(rest)])
    assert pos + neg + z == n, "charpoly of a symmetric matrix must have only real roots"
    return [pos, neg, z]


def classify(inertia, n):
    p, m, z = inertia
    if z == n:
        return "zero"
    if p == n:
        return "positive_definite"
    if m == n:
        return "negative_definite"
    if m == 0:
        return "positive_semidefinite"
    if p == 0:
        return "negative_semidefinite"
    return "indefinite"


def definiteness_specs(rng):
    out = []

    def add(name, A, expect=None):
        # expect: a predicate on the inertia known from the construction
        A = Matrix(A)
        assert A == A.T
        out.append(("%03d_%s" % (len(out), name), A, expect))

    def inertia_of_diag(ds):
        return lambda ine: ine == [sum(1 for d in ds if d > 0), sum(1 for d in ds if d < 0),
                                   sum(1 for d in ds if d == 0)]

    def rint_mat(r, c, lo=-3, hi=3):
        return Matrix(r, c, lambda i, j: rng.randint(lo, hi))

    # Gram matrices B^T B (PSD; singular when rank B < n) and negatives
    for i in range(12):
        n = rng.randint(1, 7)
        k = rng.choice([n, n, n + 1, max(1, n - 1), max(1, n - 2)])
        B = rint_mat(k, n)
        G = B.T * B
        r = B.rank()
        add("gram_n%d_k%d_%02d" % (n, k, i), G, lambda ine, r=r, n=n: ine == [r, 0, n - r])
        if i % 2 == 0:
            add("neg_gram_n%d_k%d_%02d" % (n, k, i), -G, lambda ine, r=r, n=n: ine == [0, r, n - r])
    # Hilbert matrices and negatives
    for n in range(1, 8):
        H = Matrix(n, n, lambda i, j: Rational(1, i + j + 1))
        add("hilbert_%d" % n, H, lambda ine, n=n: ine == [n, 0, 0])
        if n in (2, 5, 7):
            add("neg_hilbert_%d" % n, -H, lambda ine, n=n: ine == [0, n, 0])
    add("hilbert_4_minus_identity_over_2",
        Matrix(4, 4, lambda i, j: Rational(1, i + j + 1)) - eye(4) / 2)
    # zero diagonal (need 2x2 pivots)
    add("swap_2", [[0, 1], [1, 0]])
    add("zero_diag_3", [[0, 1, 2], [1, 0, 3], [2, 3, 0]])
    add("zero_diag_4_two_pairs", [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0]])
    add("zero_diag_cycle_5", Matrix(5, 5, lambda i, j: 1 if (i - j) % 5 in (1, 4) else 0))
    add("zero_diag_with_zero_row_4", [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    add("zero_corner_psd_no", [[0, 0, 1], [0, 1, 0], [1, 0, 0]])
    add("zero_first_pivot_pd_no", [[0, 1], [1, 1]])
    add("zero_first_pivot_psd", [[0, 0], [0, 3]])
    # diagonal
    for nm, ds in [("diag_pos_3", [2, Rational(1, 3), 5]), ("diag_neg_2", [-1, Rational(-7, 2)]),
                   ("diag_mixed_4", [3, -1, 0, 2]), ("diag_psd_5", [1, 0, 4, 0, Rational(1, 2)]),
                   ("diag_nsd_3", [-1, 0, -2])]:
        add(nm, Matrix.diag(*ds), inertia_of_diag(ds))
    # zero matrices and 1x1
    for n in (1, 2, 3, 6):
        add("zero_%d" % n, zeros(n, n))
    add("one_pos", [[Rational(3, 4)]])
    add("one_neg", [[-2]])
    # graph Laplacians (PSD, singular) and signed variants
    add("laplacian_path_4", [[1, -1, 0, 0], [-1, 2, -1, 0], [0, -1, 2, -1], [0, 0, -1, 1]])
    add("laplacian_two_components_5",
        [[1, -1, 0, 0, 0], [-1, 1, 0, 0, 0], [0, 0, 2, -1, -1], [0, 0, -1, 2, -1], [0, 0, -1, -1, 2]])
    add("tridiag_2_-1_6", Matrix(6, 6, lambda i, j: 2 if i == j else (-1 if abs(i - j) == 1 else 0)))
    add("all_ones_4", Matrix.ones(4, 4))
    add("neg_all_ones_3", -Matrix.ones(3, 3))
    add("identity_minus_all_ones_3", eye(3) - Matrix.ones(3, 3))
    # P^T D P with unimodular P: inertia of D by Sylvester
    for i in range(10):
        n = rng.randint(2, 7)
        ds = [rng.choice([1, 2, -1, -3, 0, Rational(1, 2)]) for _ in range(n)]
        P = unimodular(rng, n, steps=2 * n)
        add("congruent_diag_n%d_%02d" % (n, i), P.T * Matrix.diag(*ds) * P, inertia_of_diag(ds))
    # nearly singular / borderline
    add("borderline_psd_2", [[1, 2], [2, 4]])
    add("borderline_indef_2", [[1, 2], [2, 3]])
    add("borderline_pd_2", [[1, 2], [2, 5]])
    add("borderline_rational_3", [[1, Rational(1, 2), Rational(1, 3)],
                                  [Rational(1, 2), Rational(1, 4), Rational(1, 6)],
                                  [Rational(1, 3), Rational(1, 6), 1]])
    # random symmetric
    for i in range(12):
        n = rng.randint(1, 7)
        S = Matrix(n, n, lambda r, c: 0)
        for r in range(n):
            for c in range(r, n):
                S[r, c] = S[c, r] = rng.randint(-5, 5)
        add("random_sym_n%d_%02d" % (n, i), S)
    for i in range(4):
        n = rng.randint(2, 5)
        vals = [Rational(v, d) for v in range(-3, 4) for d in (1, 2, 3)]
        S = zeros(n, n)
        for r in range(n):
            for c in range(r, n):
                S[r, c] = S[c, r] = rng.choice(vals)
        add("random_sym_rat_n%d_%02d" % (n, i), S)
    for i in range(4):  # diagonally dominant -> PD (or ND)
        n = rng.randint(2, 6)
        S = zeros(n, n)
        for r in range(n):
            for c in range(r + 1, n):
                S[r, c] = S[c, r] = rng.randint(-2, 2)
        for r in range(n):
            S[r, r] = sum(abs(S[r, c]) for c in range(n)) + 1
        add("diag_dominant_n%d_%02d" % (n, i), S if i % 2 == 0 else -S,
            lambda ine, n=n, i=i: ine == ([n, 0, 0] if i % 2 == 0 else [0, n, 0]))
    return out


def definiteness_case(name, A, expect):
    n = A.rows
    cp = Poly(A.charpoly(x).as_expr(), x, domain=QQ)
    ine = descartes_inertia(cp, n)
    rr = sympy.real_roots(cp)
    assert len(rr) == n
    alt = [sum(1 for r in rr if r > 0), sum(1 for r in rr if r < 0), sum(1 for r in rr if r == 0)]
    assert alt == ine, (name, "real_roots vs Descartes", alt, ine)
    cg = congruence_inertia(A)
    assert cg == ine, (name, "congruence vs Descartes", cg, ine)
    if expect is not None:
        assert expect(ine), (name, "inertia differs from the construction", ine)
        STATS["def_expected_checked"] += 1
    return {"name": name, "matrix": mat_strings(A), "definiteness": classify(ine, n), "inertia": ine}


def dump(path, data):
    with open(path, "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


def main():
    t0 = time.time()
    rng = random.Random(SEED)
    spectra = [spectra_case(name, A, exp) for name, A, exp in spectra_specs(rng)]
    names = [c["name"] for c in spectra]
    assert len(set(names)) == len(names)
    dump(os.path.join(HERE, "spectra.json"), spectra)
    t1 = time.time()
    defs = [definiteness_case(name, A, e) for name, A, e in definiteness_specs(rng)]
    dump(os.path.join(HERE, "definiteness.json"), defs)
    t2 = time.time()

    print("spectra.json: %d cases in %.1f s" % (len(spectra), t1 - t0))
    print("  elementary divisors equal to the known construction: %d cases" % STATS["expected_checked"])
    print("  elementary divisors by method: %s" % STATS["ed_method"])
    for nm, method, why in STATS["fallback_cases"]:
        print("    %s: %s (jordan_form: %s)" % (nm, method, why))
    print("  is_diagonalizable timed out (squarefree-minpoly criterion used): %d" % len(STATS["diag_fallback"]))
    for nm, why in STATS["diag_fallback"]:
        print("    %s: %s" % (nm, why))
    print("  eigenvalues null: %d" % STATS["eigenvalues_null"])
    for nm, why in STATS["eig_null_reasons"]:
        print("    %s: %s" % (nm, why))
    print("  diagonalizable: %d, all-rational: %d"
          % (sum(c["diagonalizable"] for c in spectra),
             sum(c["jordan_sizes_rational"] is not None for c in spectra)))
    print("  slowest:", ", ".join("%s %.1fs" % (nm, dt) for dt, nm in sorted(STATS["slowest"], reverse=True)[:5]))
    kinds = {}
    for c in defs:
        kinds[c["definiteness"]] = kinds.get(c["definiteness"], 0) + 1
    print("definiteness.json: %d cases in %.1f s: %s" % (len(defs), t2 - t1, kinds))
    print("  inertia equal to the known construction: %d cases" % STATS["def_expected_checked"])
    print("total %.1f s" % (t2 - t0))


if __name__ == "__main__":
    main()
