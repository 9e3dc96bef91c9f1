"""Oracle corpus for sums of real radicals r + sum c_i * a_i^(p_i/n_i).

Writes radical_sums.json: for each sum, SymPy's minimal_polynomial (integer
coefficients, lowest degree first), the value to 40 digits (mpmath) and the
root_of index (the number of real roots of the polynomial below the value,
SymPy's real_roots count). Fixed seed; some sums have dependent radicals
(sqrt(8), 4^(1/4)) on purpose, which take the general path. Run with
SymPy 1.14 + mpmath (python-flint makes it fast):
    /var/tmp/venv-bench/bin/python tests/data/algebraic/radical_sums.py
"""
import json
import random
import signal
from fractions import Fraction
from pathlib import Path

import mpmath
import sympy
from sympy import Rational, Symbol, minimal_polynomial, Poly

mpmath.mp.dps = 60
x = Symbol("x")
rng = random.Random(35)


def text_q(q):
    q = Fraction(q)
    return str(q.numerator) if q.denominator == 1 else "(%d/%d)" % (q.numerator, q.denominator)


def term(rng):
    n = rng.choice([2, 2, 2, 3, 3, 4, 5, 6])
    p = rng.choice([1, 1, 1, 2]) if n > 2 else 1
    if p % n == 0 or Fraction(p, n).denominator == 1:
        p = 1
    a = Fraction(rng.choice([2, 3, 5, 6, 7, 10, 11, 12, 13, 15, 18, 20, 8, 4]), rng.choice([1, 1, 1, 2, 3, 5]))
    c = Fraction(rng.choice([1, 1, 1, -1, 2, -3]), rng.choice([1, 1, 2, 7]))
    return c, a, p, n


def build(terms, r):
    parts = []
    expr = Rational(r.numerator, r.denominator)
    value = mpmath.mpf(r.numerator) / r.denominator
    if r != 0:
        parts.append(text_q(r))
    for c, a, p, n in terms:
        base = text_q(a)
        power = "%s^(%d/%d)" % (base, p, n) if p != 1 else ("sqrt(%s)" % base if n == 2 else "root(%s, %d)" % (base, n))
        parts.append("%s*%s" % (text_q(c), power) if c != 1 else power)
        expr += Rational(c.numerator, c.denominator) * Rational(a.numerator, a.denominator) ** Rational(p, n)
        value += mpmath.mpf(c.numerator) / c.denominator * (mpmath.mpf(a.numerator) / a.denominator) ** (mpmath.mpf(p) / n)
    return " + ".join(parts), expr, value


class Timeout(Exception):
    pass


def alarm(*_):
    raise Timeout()


signal.signal(signal.SIGALRM, alarm)
cases, dropped = [], 0
while len(cases) < 60:
    k = rng.choice([2, 2, 3, 3, 4])
    terms = [term(rng) for _ in range(k)]
    degree = 1
    for t in terms:
        degree *= t[3]
    if degree > 128:
        continue
    r = Fraction(rng.choice([0, 0, 1, -2]), rng.choice([1, 3]))
    text, expr, value = build(terms, r)
    signal.alarm(20)
    try:
        mp = minimal_polynomial(expr, x)
        poly = Poly(mp, x)
        coefficients = [int(c) for c in reversed(poly.all_coeffs())]
        if coefficients[-1] < 0:
            coefficients = [-c for c in coefficients]
        below = sum(1 for rt in poly.real_roots() if rt.evalf(50) < value - mpmath.mpf(10) ** -40)
    except Timeout:
        dropped += 1
        continue
    finally:
        signal.alarm(0)
    cases.append({
        "name": "sum %d" % len(cases),
        "expression": text,
        "minimal_polynomial": [str(c) for c in coefficients],
        "index": below,
        "value": mpmath.nstr(value, 40, min_fixed=-100, max_fixed=100),
    })

out = Path(__file__).with_name("radical_sums.json")
out.write_text(json.dumps(cases, indent=1) + "\n")
print(len(cases), "sums written,", dropped, "dropped past 20 s;",
      "degrees", sorted(len(c["minimal_polynomial"]) - 1 for c in cases))
