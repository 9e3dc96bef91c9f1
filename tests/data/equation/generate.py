#!/usr/bin/env python3
# Oracle corpus for the `equation` capability family.
#
#   /var/tmp/venv-sympy/bin/python tests/data/equation/generate.py
#
# (SymPy 1.14.0 and mpmath 1.3.0, as for tests/data/expression.)
# Deterministic: a fixed seed; PYTHONHASHSEED=0 is set by re-executing.
#
# roots.json: polynomial equations in x with rational coefficients. For
# each: SymPy's factor_list over Q, every root of every factor by
# mpmath.polyroots at 60 digits (residuals checked) written to 40 digits,
# with multiplicities, the exact roots of factors of degree <= 2 from
# sympy.roots, and for irreducible factors of degree 5 and 6 whether
# SymPy's galois_group is solvable.
#
# inequalities.json: systems of polynomial and rational inequalities in x,
# with the truth at rational points (including the rational roots of every
# numerator and denominator) by exact evaluation, and the number of pieces
# of SymPy's reduce_inequalities answer.

import os
import sys

if os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable] + sys.argv)

import json
import random

import mpmath
import sympy
from sympy import Poly, Rational, symbols

x = symbols("x")
HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20261206


def text(e):
    s = sympy.sstr(sympy.expand(e), order="lex").replace("**", "^")
    return s


def rand_poly(rng, deg, coef=6):
    cs = [rng.randint(-coef, coef) for _ in range(deg + 1)]
    if cs[-1] == 0:
        cs[-1] = rng.choice([1, -1, 2, 3])
    return sum(c * x ** i for i, c in enumerate(cs))


def specs(rng):
    out = [x ** 2 - 2, x ** 3 - 2 * x + 1, x ** 5 - x - 1, x ** 4 + 1, x ** 2 + x + 1, x ** 5 - 2,
           x ** 6 + x + 1, x ** 7 - x - 1, (x - 1) ** 3 * (x + 2), x ** 4 - 10 * x ** 2 + 1,
           x ** 3 - x, 2 * x ** 2 - 3 * x - 2, x ** 8 - 1, x ** 12 - 1, (x ** 2 + 1) ** 2 * (x ** 3 - 3),
           x ** 6 - 2 * x ** 3 - 1, x ** 2 + 4, 3 * x + 5, x ** 4 - 4 * x ** 2 + 4]
    for _ in range(40):
        out.append(rand_poly(rng, rng.randint(1, 8)))
    for _ in range(20):
        f = 1
        for _ in range(rng.randint(2, 3)):
            f *= rand_poly(rng, rng.randint(1, 3), coef=4) ** rng.choice([1, 1, 2])
        out.append(f)
    for d in (5, 5, 5, 6, 6, 7, 7):
        out.append(rand_poly(rng, d, coef=3))
    for d in (15, 20, 30):
        out.append(rand_poly(rng, d, coef=9))
    return out


def fmt(v):
    return sympy.Float(v, 40).__format__("") if False else sympy.sstr(sympy.N(v, 40))


def case(f):
    p = Poly(f, x)
    _, factors = sympy.factor_list(p)
    rows = []
    for g, m in factors:
        g = Poly(g, x)
        entry = {"polynomial": text(g.as_expr()), "multiplicity": m, "degree": g.degree(), "roots": []}
        with mpmath.workdps(60):
            coeffs = [mpmath.mpf(int(c)) for c in g.all_coeffs()]
            found = mpmath.polyroots(coeffs, maxsteps=500, extraprec=400) if g.degree() > 1 else \
                [-coeffs[1] / coeffs[0]]
            for r in found:
                r = mpmath.mpc(r)
                # Certified by the residual: |g(r)| tiny relative to g's size.
                assert abs(mpmath.polyval(coeffs, r)) < mpmath.mpf(10) ** -40 * sum(abs(c) for c in coeffs) * \
                    max(1, abs(r)) ** g.degree()
                entry["roots"].append({"re": mpmath.nstr(r.real, 40, min_fixed=-5, max_fixed=5),
                                       "im": mpmath.nstr(r.imag, 40, min_fixed=-5, max_fixed=5)})
        if g.degree() <= 2:
            entry["exact"] = [text(r).replace("I", "i") for r in g.all_roots()]
        if g.degree() in (5, 6):
            G, _ = sympy.polys.numberfields.galoisgroups.galois_group(g, by_name=False)
            entry["solvable"] = bool(G.is_solvable)
        rows.append(entry)
    return {"equation": text(f) + " = 0", "factors": rows}


def inequality_specs(rng):
    rels = ["<", "<=", ">", ">=", "!="]
    out = [("x^2 - 2 > 0",), ("(x - 1)/(x + 2) <= 0",), ("x^3 >= x",), ("x^2*(x - 1) >= 0",),
           ("x^5 - x - 1 < 0",), ("1/x > 1",), ("(x^2 - 1)/(x - 1) >= 0",), ("x^2 + 1 < 0",),
           ("x^4 - 10*x^2 + 1 <= 0",), ("x != 3",), ("x > 1", "x^2 < 4"), ("x^2 >= 1", "x^3 - 2*x < 1")]
    for _ in range(40):
        n = rand_poly(rng, rng.randint(1, 5), coef=5)
        d = rand_poly(rng, rng.randint(0, 3), coef=4) if rng.random() < 0.5 else 1
        e = n / d
        out.append((text_frac(e) + " " + rng.choice(rels) + " " + str(rng.randint(-2, 2)),))
    for _ in range(8):
        out.append(tuple(text_frac(rand_poly(rng, rng.randint(1, 3), coef=4)) + " " + rng.choice(rels) + " 0"
                         for _ in range(rng.randint(2, 3))))
    return out


def text_frac(e):
    n, d = sympy.fraction(sympy.together(e))
    if d == 1:
        return "(" + text(n) + ")"
    return "(" + text(n) + ")/(" + text(d) + ")"


def ineq_case(rng, system):
    parsed = []
    for s in system:
        for tok in ["<=", ">=", "!=", "<", ">"]:
            if tok in s:
                l, r = s.split(tok)
                parsed.append((sympy.sympify(l.replace("^", "**")), tok, sympy.sympify(r.replace("^", "**"))))
                break
    def holds(v):
        for l, tok, r in parsed:
            try:
                a, b = l.subs(x, v), r.subs(x, v)
            except Exception:
                return False
            if a.has(sympy.zoo, sympy.nan, sympy.oo) or b.has(sympy.zoo, sympy.nan, sympy.oo):
                return False
            if not (a.is_Rational and b.is_Rational):
                return False
            ok = {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "!=": a != b}[tok]
            if not ok:
                return False
        return True
    points = set()
    for l, tok, r in parsed:
        num, den = sympy.fraction(sympy.together(l - r))
        for p in (num, den):
            if sympy.Poly(p, x).degree() > 0:
                points.update(v for v in sympy.Poly(p, x).ground_roots().keys() if v.is_Rational)
    for _ in range(60):
        points.add(Rational(rng.randint(-600, 600), rng.choice([1, 2, 3, 7, 10, 100])))
    points = sorted(points)
    # SymPy's own answer, for the count of intervals.
    try:
        sol = sympy.reduce_inequalities([sympy.sympify(s.replace("^", "**").replace("!=", "<>"))
                                         if False else rel(l, tok, r) for l, tok, r in parsed], x)
        sset = sol.as_set() if hasattr(sol, "as_set") else None
        count = len(sset.args) if isinstance(sset, sympy.Union) else (0 if sset == sympy.EmptySet else 1)
    except Exception:
        count = None
    return {"inequalities": list(system), "points": [{"x": qstr(v), "holds": holds(v)} for v in points],
            "sympy_pieces": count}


def rel(l, tok, r):
    return {"<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge, "!=": sympy.Ne}[tok](l, r)


def qstr(q):
    q = Rational(q)
    return str(q.p) if q.q == 1 else f"{q.p}/{q.q}"


def main():
    rng = random.Random(SEED)
    cases = [case(f) for f in specs(rng)]
    doc = {"source": "Polynomial roots: SymPy 1.14 factor_list, mpmath 1.3 polyroots to 40 digits, "
                     "roots of degree <= 2 exactly, galois_group solvability for degree 5 and 6. "
                     f"Generated by tests/data/equation/generate.py, seed {SEED}.",
           "cases": cases}
    with open(os.path.join(HERE, "roots.json"), "w") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")
    print(len(cases), "cases")
    rng = random.Random(SEED + 1)
    cases = [ineq_case(rng, system) for system in inequality_specs(rng)]
    doc = {"source": "Inequalities in x: membership of each listed rational point decided by SymPy 1.14 by exact "
                     "evaluation of every inequality there (false where a side is undefined); points include the "
                     "rational roots of every numerator and denominator; sympy_pieces is the number of sets in "
                     "reduce_inequalities' answer (null when it fails). "
                     f"Generated by tests/data/equation/generate.py, seed {SEED + 1}.",
           "cases": cases}
    with open(os.path.join(HERE, "inequalities.json"), "w") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")
    print(len(cases), "inequality systems")


main()
