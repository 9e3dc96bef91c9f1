#!/usr/bin/env python3
# Oracle corpus for polynomial systems (Gröbner bases, dimension, solutions).
#
#   /var/tmp/venv-sympy/bin/python tests/data/equation/systems/generate.py [-v] [case names]
#
# (-v prints every case; with names only those run, and nothing is written.)
#
# (SymPy 1.14.0 and mpmath 1.3.0, pure-Python ground types, as for the other
# corpora.) Deterministic: a fixed seed; PYTHONHASHSEED=0 is set by
# re-executing. Only the benchmark timing fields differ between runs.
#
# systems.json is a list of cases. For each system (equations as text in the
# project's polynomial syntax, variables listed largest first):
#
# * groebner_lex / groebner_grevlex: sympy.groebner(polys, *vars, order=...),
#   every element made primitive over Z with a positive leading coefficient
#   and printed expanded, terms in the basis' own order. Every SymPy call runs
#   under a 20 s signal.alarm, and every case in a forked child (a computation
#   cut off by the alarm cannot leave SymPy's caches half-built for the next
#   case); a non-benchmark case with a timeout is dropped and counted. For the
#   benchmark systems a lex timeout leaves sympy_seconds_lex null and
#   groebner_lex is SymPy's FGLM conversion of the grevlex basis
#   (groebner_lex_source says which; the reduced basis is unique, so both
#   routes give the same answer). Cyclic-5 lex takes about 17 s here, close to
#   the limit: on a slower machine it may come from FGLM instead.
# * Checks: both bases are reduced (monic over Q, no term of an element
#   divisible by another leading monomial); every original polynomial reduces
#   to 0 modulo each basis (sympy.reduced); the two bases generate the same
#   ideal (zero-dimensional: every lex element is 0 in Q[x]/I evaluated with
#   the multiplication matrices of the grevlex basis, and both bases have the
#   same number of standard monomials; otherwise each basis reduces to 0
#   modulo the other); the printed texts parse back to SymPy's elements up to
#   a rational factor.
# * dimension: -1 when the basis is [1] (then solution_count 0,
#   quotient_dimension 0, real_solutions []); otherwise the Krull dimension,
#   the largest set of variables containing no leading monomial's support
#   (from both bases, which must agree, and agreeing with
#   GroebnerBasis.is_zero_dimensional). Positive dimension: the three
#   solution fields are null.
# * Zero-dimensional: quotient_dimension is the number of standard monomials
#   of the grevlex basis (solutions counted with multiplicity).
#   solution_count (distinct complex solutions) is the number of standard
#   monomials of the radical I + (squarefree part of charpoly(M_k)(x_k) for
#   every k), by Seidenberg's lemma, M_k the matrix of multiplication by x_k
#   on Q[x]/I (I itself when those polynomials already lie in I). It must
#   equal the number of distinct eigenvalues of M_u for a random linear form u
#   (the larger of two tries, seeded by the case name) and the number of
#   solutions found numerically.
# * real_solutions: every complex solution is found from the lex basis of the
#   radical, one variable at a time from the last: the candidates for x_k are
#   the roots of the irreducible factors of that squarefree charpoly (exact
#   for linear factors, mpmath.polyroots at 80 digits otherwise), kept when
#   all lex elements whose largest variable is x_k vanish (relative residual
#   < 1e-40, every rejected candidate > 1e-15, else the case fails). A root is
#   real when it is one of the count_roots() real roots of its factor (the
#   nearest the real axis, which must be within 1e-40 of it). The original
#   equations are checked at every solution. Real solutions are printed to 30
#   significant digits, sorted lexicographically.
# * Cross-check: for non-benchmark systems in <= 3 variables with <= 8
#   solutions, sympy.solve_poly_system (10 s alarm): everything it finds must
#   be among the solutions here; when it finds them all, the real ones must
#   agree to 1e-25. It returns too few when a univariate factor is not
#   solvable by radicals; such cases, and its timeouts, are only counted.
# * Benchmarks (Cyclic-4/5 in x1..xn, Katsura-3/4/5 in x0..xn):
#   sympy_seconds_grevlex and sympy_seconds_lex are the wall time of one
#   sympy.groebner call (null on timeout), sympy_seconds_fglm that of the
#   FGLM conversion when it was needed. These timings are the only fields
#   that differ between runs.

import os
import sys

if os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable] + sys.argv)

import itertools
import json
import random
import signal
import time
from contextlib import contextmanager

import mpmath
import sympy
from sympy import Poly, QQ, Rational, Symbol
from sympy.parsing.sympy_parser import parse_expr, standard_transformations
from sympy.polys.matrices import DomainMatrix
from sympy.polys.orderings import grevlex as GREVLEX, lex as LEX
from sympy.polys.rings import ring

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20261207
TIMEOUT = 20
CROSS_CHECK_TIMEOUT = 10  # solve_poly_system is only a cross-check
DPS = 80
VERBOSE = "-v" in sys.argv


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout()


signal.signal(signal.SIGALRM, _alarm)


@contextmanager
def limit(seconds=TIMEOUT):
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)


class Drop(Exception):
    pass


# ---------------------------------------------------------------- text ----

def qstr(q):
    q = Rational(q)
    return str(q.p) if q.q == 1 else f"{q.p}/{q.q}"


def mono_text(names, exps):
    parts = []
    for n, e in zip(names, exps):
        if e == 1:
            parts.append(n)
        elif e > 1:
            parts.append(f"{n}^{e}")
    return "*".join(parts)


def poly_text(p, names, order="grevlex"):
    """Expanded text of a Poly, terms in the given monomial order."""
    terms = p.terms(order=order)
    if not terms:
        return "0"
    out = ""
    for i, (m, c) in enumerate(terms):
        c = Rational(c)
        neg = c < 0
        a = -c if neg else c
        mt = mono_text(names, m)
        if not mt:
            body = qstr(a)
        elif a == 1:
            body = mt
        else:
            body = qstr(a) + "*" + mt
        if i == 0:
            out = ("-" if neg else "") + body
        else:
            out += (" - " if neg else " + ") + body
    return out


def parse_side(s, syms):
    local = {str(v): v for v in syms}
    assert "**" not in s
    return parse_expr(s.replace("^", "**"), local_dict=local, transformations=standard_transformations,
                      evaluate=True)


def parse_equation(s, syms):
    if "=" in s:
        l, r = s.split("=")
        e = parse_side(l, syms) - parse_side(r, syms)
    else:
        e = parse_side(s, syms)
    assert e.free_symbols <= set(syms), s
    return Poly(e, *syms, domain=QQ)


def primitive(p, order):
    """Primitive integer polynomial, positive leading coefficient in `order`."""
    p = Poly(p.as_expr(), *p.gens, domain=QQ)
    _, p = p.clear_denoms(convert=True)
    _, p = p.primitive()
    if p.LC(order=order) < 0:
        p = -p
    return p


def numstr(v):
    return mpmath.nstr(v, 30, min_fixed=-5, max_fixed=5)


# -------------------------------------------------------- ideal checks ----

def leading_monomials(G, order):
    return [Poly(g, *G.gens).monoms(order=order)[0] for g in G.exprs]


def is_one(G):
    return len(G.exprs) == 1 and G.exprs[0].is_number and G.exprs[0] != 0


def check_reduced(G, order):
    lms = leading_monomials(G, order)
    for i, g in enumerate(G.exprs):
        p = Poly(g, *G.gens, domain=QQ).monic()
        for m in p.monoms():
            for j, lm in enumerate(lms):
                if i == j and m == lm:
                    continue
                if all(a >= b for a, b in zip(m, lm)):
                    raise AssertionError(f"{order} basis not reduced")


def krull_dimension(lms, n):
    if any(sum(m) == 0 for m in lms):
        return -1
    best = 0
    for k in range(n, 0, -1):
        for S in itertools.combinations(range(n), k):
            if all(any(m[i] > 0 for i in range(n) if i not in S) for m in lms):
                return k
    return best


def standard_monomials(lms, n):
    seen = {(0,) * n}
    todo = [(0,) * n]
    while todo:
        m = todo.pop()
        for i in range(n):
            u = list(m)
            u[i] += 1
            u = tuple(u)
            if u in seen or any(all(a >= b for a, b in zip(u, lm)) for lm in lms):
                continue
            seen.add(u)
            todo.append(u)
            if len(seen) > 5000:
                raise AssertionError("too many standard monomials")
    return sorted(seen)


# ------------------------------------------------------- zero-dim part ----

def to_ring(exprs, gens, names, order):
    R, *_ = ring(",".join(names), QQ, order)
    return [R.from_dict({m: QQ(int(Rational(c).p), int(Rational(c).q)) for m, c in
                         Poly(g, *gens).as_dict().items()}) for g in exprs]


def multiplication_matrices(G, names):
    """Standard monomials of the grevlex basis G and the matrices of x_k."""
    n = len(names)
    Gr = to_ring(G.exprs, G.gens, names, GREVLEX)
    R = Gr[0].ring
    lms = leading_monomials(G, "grevlex")
    B = standard_monomials(lms, n)
    index = {m: i for i, m in enumerate(B)}
    D = len(B)
    mats, sparse = [], []
    for k in range(n):
        cols = []
        for b in B:
            u = list(b)
            u[k] += 1
            u = tuple(u)
            if u in index:
                cols.append({index[u]: QQ(1)})
            else:
                r = R.from_dict({u: QQ(1)}).rem(Gr)
                cols.append({index[m]: c for m, c in r.items() if c})
        rows = [[QQ(0)] * D for _ in range(D)]
        for j, col in enumerate(cols):
            for i, c in col.items():
                rows[i][j] = c
        mats.append(DomainMatrix(rows, (D, D), QQ))
        sparse.append(cols)
    return B, mats, sparse


def in_ideal(p, sparse, B):
    """Whether p (a Poly) is 0 in Q[x]/I: p(M_1, ..., M_n) applied to 1."""
    memo = {(0,) * len(B[0]): {B.index((0,) * len(B[0])): QQ(1)}}

    def vec(m):
        if m not in memo:
            k = max(i for i in range(len(m)) if m[i] > 0)
            u = list(m)
            u[k] -= 1
            out = {}
            for j, vj in vec(tuple(u)).items():
                for i, c in sparse[k][j].items():
                    out[i] = out.get(i, QQ(0)) + vj * c
            memo[m] = {i: c for i, c in out.items() if c}
        return memo[m]

    total = {}
    for m, c in p.terms():
        c = QQ(int(Rational(c).p), int(Rational(c).q))
        for i, v in vec(m).items():
            total[i] = total.get(i, QQ(0)) + c * v
    return all(v == 0 for v in total.values())


def sqf_charpoly(M, t):
    cp = M.charpoly()
    return Poly([Rational(int(c.numerator), int(c.denominator)) for c in cp], t).sqf_part()


def roots_of(p):
    """Roots of a squarefree rational Poly: list of (mpc value, is_real)."""
    out = []
    _, factors = p.factor_list()
    for f, _m in factors:
        f = Poly(f, p.gens[0])
        if f.degree() == 1:
            a, b = f.all_coeffs()
            out.append((mpmath.mpc(mpmath.mpf(Rational(-b, a).p) / Rational(-b, a).q), True))
            continue
        nreal = f.count_roots()
        coeffs = [mpmath.mpf(int(c)) for c in f.clear_denoms(convert=True)[1].all_coeffs()]
        rs = mpmath.polyroots(coeffs, maxsteps=2000, extraprec=200 + 10 * f.degree())
        rs = sorted((mpmath.mpc(r) for r in rs), key=lambda r: abs(r.imag))
        for i, r in enumerate(rs):
            if i < nreal:
                assert abs(r.imag) < mpmath.mpf(10) ** -40, "real root not on the axis"
                out.append((mpmath.mpc(r.real, 0), True))
            else:
                assert abs(r.imag) > mpmath.mpf(10) ** -20, "complex root too near the axis"
                out.append((r, False))
    return out


def rel_residual(terms, point):
    """terms: list of (mpf coeff, exps); point: dict var index -> mpc."""
    s = mpmath.mpc(0)
    a = mpmath.mpf(0)
    for c, m in terms:
        v = c
        for i, e in enumerate(m):
            if e:
                v *= point[i] ** e
        s += v
        a += abs(v)
    return mpmath.mpf(0) if a == 0 else abs(s) / a


def numeric_solutions(lexG, candidates, n):
    """All solutions from the lex basis of a radical zero-dim ideal."""
    by_level = {k: [] for k in range(n)}
    for g in lexG.exprs:
        p = Poly(g, *lexG.gens, domain=QQ)
        top = min(i for m in p.monoms() for i in range(n) if m[i] > 0)
        by_level[top].append([(mpmath.mpf(Rational(c).p) / Rational(c).q, m) for m, c in p.terms()])
    partial = [({}, True)]
    accept, reject = mpmath.mpf(10) ** -40, mpmath.mpf(10) ** -15
    for k in range(n - 1, -1, -1):
        nxt = []
        for pt, real in partial:
            for v, vreal in candidates[k]:
                q = dict(pt)
                q[k] = v
                worst = max((rel_residual(t, q) for t in by_level[k]), default=mpmath.mpf(0))
                if worst < accept:
                    nxt.append((q, real and vreal))
                elif worst < reject:
                    raise AssertionError(f"ambiguous residual {mpmath.nstr(worst, 5)}")
        partial = nxt
    return [([pt[i] for i in range(n)], real) for pt, real in partial]


def zero_dim(polys, syms, names, G, lexG, mult, rng):
    n = len(names)
    t = Symbol("t")
    B, mats, sparse = mult
    D = len(B)
    with limit():
        sq = [sqf_charpoly(M, t) for M in mats]
    extra = [Poly(s.as_expr().subs(t, syms[k]), *syms, domain=QQ) for k, s in enumerate(sq)]
    with limit():
        radical = all(in_ideal(e, sparse, B) for e in extra)
    if radical:  # Seidenberg: I contains a squarefree univariate polynomial in every variable
        Grad = G
    else:
        with limit():
            Grad = sympy.groebner(G.exprs + [e.as_expr() for e in extra], *syms, order="grevlex")
    count = len(standard_monomials(leading_monomials(Grad, "grevlex"), n))
    if radical:
        assert count == D
    # distinct eigenvalues of a generic linear form
    seen = 0
    for _ in range(2):
        cs = [rng.randint(1, 997) for _ in range(n)]
        Mu = mats[0] * QQ(cs[0])
        for c, M in zip(cs[1:], mats[1:]):
            Mu = Mu + M * QQ(c)
        with limit():
            seen = max(seen, sqf_charpoly(Mu, t).degree())
    if seen != count:
        raise AssertionError(f"linear form sees {seen} solutions, radical {count}")
    # numerical solutions from the lex basis of the radical
    if radical and lexG is not None:
        lexR = lexG
    else:
        with limit():
            lexR = Grad.fglm("lex")
    with mpmath.workdps(DPS):
        with limit():
            candidates = [roots_of(s) for s in sq]
        with limit():
            sols = numeric_solutions(lexR, candidates, n)
        if len(sols) != count:
            raise AssertionError(f"found {len(sols)} numerical solutions, expected {count}")
        for p in polys:
            terms = [(mpmath.mpf(Rational(c).p) / Rational(c).q, m) for m, c in p.terms()]
            for s, _ in sols:
                assert rel_residual(terms, dict(enumerate(s))) < mpmath.mpf(10) ** -40, "residual"
        real = sorted([[v.real for v in s] for s, r in sols if r])
        real_text = [[numstr(v) for v in s] for s in real]
    return D, count, real, real_text, sols


def cross_check_solve(polys, syms, count, real, sols, stats):
    """SymPy's solve_poly_system against the computed solutions (small systems)."""
    try:
        with limit(CROSS_CHECK_TIMEOUT):
            sol = sympy.solve_poly_system([p.as_expr() for p in polys], *syms)
            vals = [[sympy.N(v, 50) for v in s] for s in sol]
    except Timeout:
        stats["solve_timeout"] += 1
        return
    except Exception:
        stats["solve_failed"] += 1
        return
    with mpmath.workdps(50):
        pts = []
        for s in vals:
            z = [mpmath.mpc(*[mpmath.mpf(str(u)) for u in sympy.Expr.as_real_imag(v)]) for v in s]
            if not any(all(abs(a - b) < mpmath.mpf(10) ** -25 for a, b in zip(z, q)) for q in pts):
                pts.append(z)
        tol = mpmath.mpf(10) ** -25
        for z in pts:  # everything SymPy finds is one of ours
            if not any(all(abs(a - b) < tol for a, b in zip(z, s)) for s, _ in sols):
                raise AssertionError("solve_poly_system found a solution not found here")
        if len(pts) < count:
            # SymPy drops the roots of univariate factors it cannot solve by radicals
            stats["solve_incomplete"] += 1
            return
        sreal = sorted([[v.real for v in z] for z in pts if all(abs(v.imag) < tol for v in z)])
        ok = len(pts) == count and len(sreal) == len(real) and all(
            abs(a - b) < tol for s1, s2 in zip(sreal, real) for a, b in zip(s1, s2))
    if not ok:
        raise AssertionError(f"solve_poly_system disagrees: {len(pts)} solutions, {len(sreal)} real")
    stats["solve_agree"] += 1


# ----------------------------------------------------------- one case ----

def run_case(spec, rng, stats):
    name, eqs, names = spec["name"], spec["equations"], spec["variables"]
    bench = spec.get("benchmark", False)
    syms = [Symbol(v) for v in names]
    polys = [parse_equation(e, syms) for e in eqs]
    exprs = [p.as_expr() for p in polys]
    out = {"name": name, "benchmark": bench, "equations": eqs, "variables": names}
    times = {}
    bases = {}
    for order in ("lex", "grevlex"):
        try:
            t0 = time.perf_counter()
            with limit():
                bases[order] = sympy.groebner(exprs, *syms, order=order)
            times[order] = round(time.perf_counter() - t0, 3)
        except Timeout:
            times[order] = None
            if not bench:
                raise Drop(f"groebner {order} timed out")
    if "grevlex" not in bases:
        raise Drop("groebner grevlex timed out")
    G = bases["grevlex"]
    lex_source = "groebner"
    if "lex" not in bases:
        try:
            t0 = time.perf_counter()
            with limit():
                bases["lex"] = G.fglm("lex")
            out_fglm = round(time.perf_counter() - t0, 3)
            times["fglm"] = out_fglm
            lex_source = "fglm"
        except Timeout:
            times["fglm"] = None
            lex_source = None
        except NotImplementedError:  # positive dimension
            lex_source = None
    L = bases.get("lex")
    # checks
    for order, B in bases.items():
        check_reduced(B, order)
        for e in exprs:
            with limit():
                _, r = sympy.reduced(e, B.exprs, *syms, order=order)
            assert r == 0, f"{name}: original does not reduce to 0 mod {order}"
    n = len(names)
    dim = -1 if is_one(G) else krull_dimension(leading_monomials(G, "grevlex"), n)
    if L is not None:
        dim_l = -1 if is_one(L) else krull_dimension(leading_monomials(L, "lex"), n)
        assert dim == dim_l, f"{name}: dimension {dim} (grevlex) vs {dim_l} (lex)"
    if dim >= 0:
        assert (dim == 0) == G.is_zero_dimensional, name
    mult = None
    if dim == 0:
        with limit():
            mult = multiplication_matrices(G, names)
    # same ideal for both bases
    with limit():
        if L is not None and dim == 0:
            # lex elements vanish in Q[x]/I(grevlex), and both quotients have the same dimension
            for g in L.exprs:
                assert in_ideal(Poly(g, *syms, domain=QQ), mult[2], mult[0]), f"{name}: lex not in ideal"
            assert len(standard_monomials(leading_monomials(L, "lex"), n)) == len(mult[0]), name
        elif L is not None and dim > 0:  # each basis reduces to 0 modulo the other
            Gr, Lr = to_ring(G.exprs, syms, names, GREVLEX), to_ring(L.exprs, syms, names, LEX)
            for g in to_ring(L.exprs, syms, names, GREVLEX):
                assert g.rem(Gr) == 0, f"{name}: lex element not in grevlex ideal"
            for g in to_ring(G.exprs, syms, names, LEX):
                assert g.rem(Lr) == 0, f"{name}: grevlex element not in lex ideal"
    texts = {}
    for order, B in bases.items():
        texts[order] = []
        for g in B.exprs:
            p = primitive(Poly(g, *syms, domain=QQ), order)
            s = poly_text(p, names, order)
            back = parse_equation(s, syms)
            assert back.monic() == Poly(g, *syms, domain=QQ).monic(), (s, g)
            texts[order].append(s)
    out["groebner_lex"] = texts.get("lex")
    if bench:
        out["groebner_lex_source"] = lex_source
    out["groebner_grevlex"] = texts["grevlex"]
    out["dimension"] = dim
    out["solution_count"] = None
    out["quotient_dimension"] = None
    out["real_solutions"] = None
    if dim == -1:
        out["solution_count"] = 0
        out["quotient_dimension"] = 0
        out["real_solutions"] = []
    elif dim == 0:
        try:
            D, count, real, real_text, sols = zero_dim(polys, syms, names, G, L, mult, rng)
        except Timeout:
            if not bench:
                raise Drop("zero-dimensional analysis timed out")
            stats["bench_partial"].append(name)
        else:
            out["solution_count"] = count
            out["quotient_dimension"] = D
            out["real_solutions"] = real_text
            if not bench and count <= 8 and n <= 3:
                cross_check_solve(polys, syms, count, real, sols, stats)
    if bench:
        out["sympy_seconds_grevlex"] = times["grevlex"]
        out["sympy_seconds_lex"] = times["lex"]
        out["sympy_seconds_fglm"] = times.get("fglm")
    return out


# -------------------------------------------------------------- specs ----

def cyclic(n):
    names = [f"x{i}" for i in range(1, n + 1)]
    xs = [Symbol(v) for v in names]
    eqs = []
    for k in range(1, n):
        eqs.append(sum(sympy.Mul(*[xs[(i + j) % n] for j in range(k)]) for i in range(n)))
    eqs.append(sympy.Mul(*xs) - 1)
    return [poly_text(Poly(e, *xs), names) for e in eqs], names


def katsura(n):
    names = [f"x{i}" for i in range(n + 1)]
    xs = [Symbol(v) for v in names]

    def X(k):
        return xs[abs(k)] if abs(k) <= n else 0

    eqs = [xs[0] + 2 * sum(xs[1:]) - 1]
    for m in range(n):
        eqs.append(sympy.expand(sum(X(l) * X(m - l) for l in range(-n, n + 1)) - xs[m]))
    return [poly_text(Poly(e, *xs), names) for e in eqs], names


def rand_poly(rng, syms, deg, coef=5, nterms=None):
    n = len(syms)
    monos = [m for d in range(deg + 1) for m in itertools.product(range(d + 1), repeat=n) if sum(m) == d]
    top = [m for m in monos if sum(m) == deg]
    k = nterms or rng.randint(2, 5)
    chosen = {rng.choice(top)}
    while len(chosen) < min(k, len(monos)):
        chosen.add(rng.choice(monos))
    d = {}
    for m in chosen:
        c = 0
        while c == 0:
            c = rng.randint(-coef, coef)
        d[m] = c
    return Poly.from_dict(d, *syms)


def good_system(ps, nvars):
    used = [sum(1 for i in range(nvars) if p.degree(p.gens[i]) > 0) for p in ps]
    allv = all(any(p.degree(p.gens[i]) > 0 for p in ps) for i in range(nvars))
    return allv and sum(1 for u in used if u <= 1) <= 1


def eq_text(rng, p, names):
    """Either 'p = 0' style ('p'), or the constant moved to the right."""
    c = p.as_dict().get((0,) * len(names), 0)
    if c != 0 and rng.random() < 0.5:
        return poly_text(p - c, names) + " = " + qstr(-c)
    if rng.random() < 0.3:
        return poly_text(p, names) + " = 0"
    return poly_text(p, names)


def specs(rng):
    S = []

    def add(name, eqs, names, **kw):
        S.append(dict(name=name, equations=eqs, variables=names, **kw))

    xy, xyz = ["x", "y"], ["x", "y", "z"]
    # textbook
    add("circle_line", ["x^2 + y^2 = 1", "x = y"], xy)
    add("circle_hyperbola", ["x^2 + y^2 - 4", "x*y - 1"], xy)
    add("circle_parabola", ["x^2 + y^2 = 1", "y = x^2"], xy)
    add("circle_parabola_tangent", ["x^2 + y^2 = 4", "y = x^2 - 2"], xy)
    add("three_spheres", ["x^2 + y^2 + z^2 = 4", "x^2 - 2*x + y^2 + z^2 = 3", "x^2 + y^2 - 2*y + z^2 = 3"], xyz)
    add("three_spheres_offset", ["x^2 + y^2 + z^2 = 9", "x^2 + y^2 + z^2 - 4*x = 5",
                                 "x^2 + y^2 + z^2 - 2*y - 6*z = -1"], xyz)
    add("ellipse_ellipse", ["x^2 + 4*y^2 = 4", "4*x^2 + y^2 = 4"], xy)
    add("cubic_line", ["y = x^3 - x", "y = x"], xy)
    add("sum_of_cubes", ["x^3 + y^3 = 1", "x + y = 1"], xy)
    add("two_square_roots", ["x^2 - 2 = 0", "y^2 - 3 = 0"], xy)
    add("cube_of_square_roots", ["x^2 = 2", "y^2 = 2", "z^2 = 2"], xyz)
    add("pairwise_products", ["x*y = 1", "y*z = 1", "z*x = 1"], xyz)
    add("lagrange_circle", ["1 = 2*w*x", "1 = 2*w*y", "x^2 + y^2 = 1"], ["x", "y", "w"])
    add("lagrange_sphere_product", ["y*z = 2*w*x", "x*z = 2*w*y", "x*y = 2*w*z", "x^2 + y^2 + z^2 = 3"],
        ["x", "y", "z", "w"])
    add("sphere_plane_planes", ["x^2 + y^2 + z^2 = 1", "x + y + z = 1", "x*y*z = 0"], xyz)
    add("complex_only", ["x^2 + y^2 = -1", "x = y"], xy)
    add("no_real_circles", ["x^2 + y^2 = 1", "x^2 + y^2 - 6*x = -4"], xy)
    add("rational_coefficients", ["1/2*x^2 + 1/3*y^2 = 1", "x - y = 1/4"], xy)
    add("four_variables_chain", ["x*y = 2", "y*z = 3", "z*w = 4", "w + x = 5"], ["w", "x", "y", "z"])
    # linear
    add("linear_2x2", ["x + y = 3", "x - y = 1"], xy)
    add("linear_3x3", ["2*x + 3*y - z = 1", "x - y + 2*z = 3", "3*x + y + z = 0"], xyz)
    add("linear_3x3_b", ["x + 2*y + 3*z = 6", "4*x + 5*y + 6*z = 15", "7*x + 8*y + 10*z = 25"], xyz)
    add("linear_rational", ["1/2*x + 1/3*y = 1", "x - y = 1/4"], xy)
    add("linear_4x4", ["w + x + y + z = 10", "w - x = -1", "x - y = -1", "y - z = -1"], ["w", "x", "y", "z"])
    add("linear_underdetermined", ["x + y + z = 0", "2*x + 2*y + 2*z = 0"], xyz)
    add("linear_inconsistent", ["x + y = 1", "x + y = 2"], xy)
    # inconsistent
    add("inconsistent_square", ["x^2 + 1 = 0", "x = 0"], ["x"])
    add("inconsistent_hyperbola_axis", ["x*y = 1", "x = 0"], xy)
    add("inconsistent_circles", ["x^2 + y^2 = 1", "x^2 + y^2 = 4"], xy)
    add("inconsistent_chain", ["x = y", "y = z", "x - z = 1"], xyz)
    add("inconsistent_products", ["x*y - 1", "x*z - 1", "y - z - 1"], xyz)
    add("inconsistent_coprime", ["x^2 - 2", "x^3 - 3"], ["x"])
    add("inconsistent_overdetermined", ["x^2 + y^2 = 2", "x = y", "x + y = 3"], xy)
    # positive-dimensional
    add("union_of_axes", ["x*y = 0"], xy)
    add("hyperbola_alone", ["x*y - 1"], xy)
    add("redundant_line", ["x - y", "x^2 - x*y"], xy)
    add("cone", ["x^2 - y*z = 0"], xyz)
    add("line_in_space", ["x + y + z = 1", "x - y = 2"], xyz)
    add("plane_and_line", ["x*y = 0", "x*z = 0"], xyz)
    add("twisted_cubic", ["y = x^2", "z = x^3"], xyz)
    add("sphere_alone", ["x^2 + y^2 + z^2 = 1"], xyz)
    add("isotropic_lines", ["x^2 + y^2 = 0"], xy)
    add("three_lines", ["x*y - z", "x*z - y"], xyz)
    add("coordinate_planes_cut", ["x*y*z = 0", "x + y + z = 0"], xyz)
    add("twisted_cubic_cone", ["w*x - y*z", "w*z - x*y", "x*z - y^2"], ["w", "x", "y", "z"])
    add("sphere_cylinder_curve", ["x^2 + y^2 + z^2 = 4", "x^2 + y^2 = 2*x"], xyz)
    # multiple roots
    add("double_origin", ["x^2 = 0", "y = 0"], xy)
    add("circle_tangent_line", ["x^2 + y^2 = 2", "x + y = 2"], xy)
    add("parabola_tangent_axis", ["y = x^2", "y = 0"], xy)
    add("cubic_inflection", ["y = x^3", "y = 0"], xy)
    add("tangent_circles", ["x^2 + y^2 - 2*y = 0", "x^2 + y^2 + 2*y = 0"], xy)
    add("double_factor", ["x^3 - x^2 - x + 1 = 0", "y^2 = x"], xy)
    add("square_of_line", ["x^2 - 2*x*y + y^2 = 0", "x^2 + y^2 = 2"], xy)
    add("fat_point", ["x^2", "y^2", "z^2"], xyz)
    add("folium_diagonal", ["x^3 + y^3 - 3*x*y = 0", "x = y"], xy)
    add("cusp_diagonal", ["y^2 = x^3", "x = y"], xy)
    # benchmarks
    for n in (4, 5):
        e, v = cyclic(n)
        add(f"cyclic_{n}", e, v, benchmark=True)
    for n in (3, 4, 5):
        e, v = katsura(n)
        add(f"katsura_{n}", e, v, benchmark=True)
    # random
    X, Y, Z = sympy.symbols("x y z")
    for i in range(13):
        ps = []
        while not good_system(ps, 2):
            ps = [rand_poly(rng, [X, Y], rng.randint(1, 3)) for _ in range(2)]
        add(f"random_2var_{i:02d}", [eq_text(rng, p, xy) for p in ps], xy)
    for i in range(11):
        degs = sorted(rng.randint(1, 3) for _ in range(3))
        if degs == [3, 3, 3]:
            degs = [2, 3, 3]
        ps = []
        while not good_system(ps, 3):
            ps = [rand_poly(rng, [X, Y, Z], d, nterms=rng.randint(2, 4)) for d in degs]
        rng.shuffle(ps)
        add(f"random_3var_{i:02d}", [eq_text(rng, p, xyz) for p in ps], xyz)
    for i in range(5):  # overdetermined but consistent: third equation in the ideal of the first two
        f, g = rand_poly(rng, [X, Y], 2), rand_poly(rng, [X, Y], rng.randint(1, 2))
        h = f * Poly(rng.randint(-3, 3) * X + rng.randint(1, 3), X, Y) + g * rng.randint(1, 4)
        add(f"random_overdetermined_{i:02d}", [eq_text(rng, p, xy) for p in (f, g, h)], xy)
    for i in range(6):  # triangular with rational roots
        a, b = rng.sample(range(-4, 5), 2)
        c = Rational(rng.randint(-5, 5), rng.choice([1, 2, 3]))
        f = Poly((Y - a) * (Y - b) * (2 * Y - 1 + i % 2), X, Y)
        g = Poly(X ** rng.randint(1, 2) - rng.randint(-2, 2) * Y ** 2 - c * Y + rng.randint(-3, 3), X, Y)
        add(f"random_triangular_{i:02d}", [eq_text(rng, g, xy), eq_text(rng, f, xy)], xy)
    for i in range(3):  # curves in space
        ps = []
        while not good_system(ps, 3):
            ps = [rand_poly(rng, [X, Y, Z], rng.randint(1, 2)) for _ in range(2)]
        add(f"random_curve_{i:02d}", [eq_text(rng, p, xyz) for p in ps], xyz)
    return S


def isolated(spec):
    """run_case in a forked child, so that a computation cut off by the alarm
    cannot leave SymPy's caches half-built for the cases after it."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        stats = {"solve_agree": 0, "solve_timeout": 0, "solve_failed": 0, "solve_incomplete": 0,
                 "bench_partial": []}
        try:
            res = {"case": run_case(spec, random.Random(f"{SEED}:{spec['name']}"), stats), "stats": stats}
        except Timeout:
            res = {"drop": "timeout in the checks"}
        except Drop as e:
            res = {"drop": str(e)}
        except BaseException:
            import traceback
            res = {"error": traceback.format_exc()}
        with os.fdopen(w, "w") as fh:
            json.dump(res, fh)
        sys.stdout.flush()
        os._exit(0)
    os.close(w)
    with os.fdopen(r) as fh:
        data = fh.read()
    os.waitpid(pid, 0)
    res = json.loads(data)
    if "error" in res:
        raise RuntimeError(f"case {spec['name']} failed:\n{res['error']}")
    return res


def main():
    only = [a for a in sys.argv[1:] if not a.startswith("-")]
    rng = random.Random(SEED)
    stats = {"solve_agree": 0, "solve_timeout": 0, "solve_failed": 0, "solve_incomplete": 0,
                 "bench_partial": []}
    cases, drops = [], []
    names = set()
    t_all = time.perf_counter()
    for spec in specs(rng):
        assert spec["name"] not in names
        names.add(spec["name"])
        if only and spec["name"] not in only:
            continue
        t0 = time.perf_counter()
        res = isolated(spec)
        if "drop" in res:
            drops.append((spec["name"], res["drop"]))
            print("DROP", spec["name"], res["drop"], flush=True)
            continue
        c = res["case"]
        for k, v in res["stats"].items():
            stats[k] += v
        cases.append(c)
        if VERBOSE or c["benchmark"]:
            print(f"{c['name']:32s} {time.perf_counter() - t0:7.2f}s dim={c['dimension']} "
                  f"sols={c['solution_count']} mult={c['quotient_dimension']} "
                  f"real={None if c['real_solutions'] is None else len(c['real_solutions'])}", flush=True)
            if c["benchmark"]:
                print(f"    grevlex {c['sympy_seconds_grevlex']}s lex {c['sympy_seconds_lex']}s "
                      f"fglm {c['sympy_seconds_fglm']}s lex from {c['groebner_lex_source']}", flush=True)
    if only:
        print("(a selection of cases: systems.json left as it was)")
    else:
        with open(os.path.join(HERE, "systems.json"), "w") as fh:
            json.dump(cases, fh, indent=1)
            fh.write("\n")
    kinds = {}
    for c in cases:
        kinds[c["dimension"]] = kinds.get(c["dimension"], 0) + 1
    print(f"{len(cases)} cases written, {len(drops)} dropped; by dimension {dict(sorted(kinds.items()))}")
    for name, why in drops:
        print(f"  dropped {name}: {why}")
    print(f"solve_poly_system cross-check: {stats['solve_agree']} agree, {stats['solve_timeout']} timed out, "
          f"{stats['solve_failed']} failed, {stats['solve_incomplete']} incomplete (no radicals); benchmarks without solution data: {stats['bench_partial']}")
    print(f"total {time.perf_counter() - t_all:.1f}s")


main()
