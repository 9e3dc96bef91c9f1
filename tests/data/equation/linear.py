#!/usr/bin/env python3
# Oracle corpus for equation.linear.solve: SymPy's linsolve on fixed-seed
# linear systems written as text.
#
#   /var/tmp/venv-bench/bin/python tests/data/equation/linear.py > tests/data/equation/linear.json
#
# (SymPy 1.14.0.) random.Random(36). Parameter-free systems: square,
# rank-deficient and inconsistent, 2-5 unknowns. One-parameter square
# systems (entries a*k + l): SymPy's generic solution, and at every rational
# root of det A its answer with that value substituted.
import json, random, sys
from sympy import Matrix, symbols, linsolve, Rational, S, roots, Poly, EmptySet, sstr

NAMES = ["x", "y", "z", "u", "v"]
a = symbols("a")

def text(row, rhs, xs):
    terms = " + ".join(f"({sstr(c)})*{x}" for c, x in zip(row, xs) if c != 0) or "0"
    return f"{terms} = {sstr(rhs)}"

def answer(A, b, xs):
    sol = linsolve((A, b), *xs)
    if sol == EmptySet or len(sol) == 0:
        return {"count": "none"}
    (tup,) = list(sol)
    free = sorted({str(s) for e in tup for s in e.free_symbols if str(s) in NAMES})
    return {"count": "infinite" if free else "one", "solution": {str(x): sstr(e) for x, e in zip(xs, tup)}, "free": free}

def main():
    rng = random.Random(36)
    cases = []
    for k in range(60):
        n = rng.randint(2, 5)
        m = n + rng.choice([-1, 0, 0, 1])
        xs = symbols(NAMES[:n])
        A = Matrix(m, n, lambda i, j: rng.randint(-5, 5))
        if k % 4 == 1 and m >= 2:  # a dependent row
            A[m - 1, :] = A[0, :] * 2 - A[1, :]
        b = Matrix(m, 1, lambda i, j: rng.randint(-9, 9))
        if k % 4 == 2 and m >= 2:  # consistent dependent row
            A[m - 1, :] = A[0, :] + A[1, :]
            b[m - 1] = b[0] + b[1]
        cases.append({
            "equations": [text(A.row(i), b[i], xs) for i in range(m)],
            "unknowns": [str(x) for x in xs],
            "generic": answer(A, b, xs),
        })
    for k in range(30):
        n = rng.randint(2, 3)
        xs = symbols(NAMES[:n])
        A = Matrix(n, n, lambda i, j: rng.randint(-2, 2) * a + rng.randint(-3, 3) if rng.random() < 0.5 else S(rng.randint(-3, 3)))
        b = Matrix(n, 1, lambda i, j: rng.randint(-3, 3) + (a if rng.random() < 0.3 else 0))
        det = A.det()
        if det == 0:
            continue
        special = {}
        for r in roots(Poly(det, a), filter="Q"):
            special[sstr(r)] = answer(A.subs(a, r), b.subs(a, r), xs)
        cases.append({
            "equations": [text(A.row(i), b[i], xs) for i in range(n)],
            "unknowns": [str(x) for x in xs],
            "generic": answer(A, b, xs),
            "special": special,
        })
    json.dump({"generator": "linear.py (SymPy 1.14.0, random.Random(36))", "cases": cases}, sys.stdout, indent=1)
    sys.stdout.write("\n")

main()
