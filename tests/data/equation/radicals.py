#!/usr/bin/env python3
# Oracle corpus for radicals of cubic and quartic roots: irreducible
# polynomials with SymPy's CRootOf values (40 digits) in root_of order.
#
#   /var/tmp/venv-bench/bin/python tests/data/equation/radicals.py
#
# (SymPy 1.14.0.) Deterministic: random.Random(35) drives the choices.
# Fixed cases cover every Galois group of a quartic (S4, A4, D4, C4, V4),
# biquadratics, a zero and a rational root of the resolvent, and both
# signs of the cubic discriminant; the random ones are mostly S4.
import json, random, sys
from sympy import Poly, Symbol, CRootOf, factor_list, re, im

x = Symbol("x")
FIXED = [
    "x^4 - 2", "x^4 + 1", "x^4 - 10*x^2 + 1", "x^4 - 4*x^2 + 2", "x^4 + 5*x^2 + 5",
    "x^4 + 4*x^2 + 2", "x^4 - x - 1", "x^4 + x + 1", "x^4 - 4*x^2 + x + 1",
    "x^4 + 8*x + 12", "x^4 + 2*x^3 + 3*x^2 + 4*x + 5", "3*x^4 - 2*x^3 + x - 7",
    "x^4 - x^3 + x^2 - x + 1", "x^4 + 3*x^3 - 5*x + 11", "2*x^4 - 3",
    "x^3 - 2", "x^3 - 3*x + 1", "x^3 - x - 1", "x^3 + x^2 - 2*x - 1", "4*x^3 - 7*x + 2",
]

def irreducible(text):
    p = Poly(text.replace("^", "**"), x)
    _, fs = factor_list(p.as_expr())
    return len(fs) == 1 and fs[0][1] == 1

def main():
    rng = random.Random(35)
    cases = [t for t in FIXED if irreducible(t)]
    while len(cases) < 60:
        deg = 4 if rng.random() < 0.8 else 3
        coeffs = [rng.randint(1, 4)] + [rng.randint(-9, 9) for _ in range(deg)]
        if coeffs[-1] == 0:
            continue
        terms = [f"{c}*x^{deg - k}" for k, c in enumerate(coeffs[:-1]) if c]
        text = " + ".join(terms + [str(coeffs[-1])]).replace("x^1 ", "x ").replace("+ -", "- ")
        if text not in cases and irreducible(text):
            cases.append(text)
    out = []
    for text in cases:
        p = Poly(text.replace("^", "**"), x)
        roots = []
        for k in range(p.degree()):
            v = CRootOf(p, k).evalf(40)
            roots.append([str(re(v)), str(im(v))])
        out.append({"polynomial": text, "roots": roots})
    json.dump({"generator": "radicals.py (SymPy 1.14.0, random.Random(35))", "cases": out}, sys.stdout, indent=1)
    sys.stdout.write("\n")

main()
