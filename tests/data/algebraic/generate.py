#!/usr/bin/env python3
# Oracle corpus for algebraic numbers written as radical expressions.
#
#   /var/tmp/venv-sympy/bin/python tests/data/algebraic/generate.py
#
# (SymPy 1.14.0, mpmath 1.3.0.) Deterministic: random.Random(SEED) drives
# every random choice, PYTHONHASHSEED=0 is set by re-executing, and cases
# are emitted in a fixed order. Every SymPy call runs under signal.alarm;
# a case whose call times out is DROPPED and counted (the summary lists
# them), never emitted with a guessed answer.
#
# Expressions are built as small trees. From one tree we print the text
# (the project grammar: integers, (p/q), + - * / ^, parentheses, sqrt(x),
# root(x, n), x^(p/q), the constant i; unary minus only at the start of an
# expression, group or argument) and build the SymPy expression
# (Pow(x, Rational(1, n)) for root, principal branches as in SymPy). The
# text is read back by a strict parser of that grammar; the SymPy expression
# built from the parsed tree must equal (==) the one built from the original
# tree, and the parsed tree is evaluated independently with mpmath
# (principal branches: x^(p/q) = exp((p/q) log x), log principal).
#
# numbers.json: list of {name, expression, minimal_polynomial, degree, real,
#   value_re, value_im, radical_exists}.
#   minimal_polynomial  sympy.minimal_polynomial(expr, x, polys=True),
#                       integer coefficient strings, lowest degree first,
#                       primitive, positive leading coefficient. SymPy 1.14
#                       returns the reducible x^3 + 8 for root(-8, 3) (and
#                       alike for root(-27, 3), (-8)^(2/3)); then the single
#                       factor of it that vanishes at the value is kept (the
#                       others must be clearly nonzero there); the summary
#                       lists these repairs.
#   Checks: |p(v)| <= 1e-45 * sum |c_k||v|^k at 60 digits; factor_list gives
#   one factor of multiplicity 1 and unit content; degree <= 16; every
#   coefficient below 10^12 in absolute value.
#   value_re/value_im   N(expr, 60) rounded to 40 significant digits
#                       (plain decimal, never exponent notation), cross-checked
#                       against the mpmath tree evaluation at 60 and 90 digits
#                       (same string required) and against the parsed text.
#                       A part that is exactly zero is written "0". A part
#                       within 1e-40 of 0 is proved zero exactly: the value
#                       (or i*value, for the real part) is a root of its
#                       minimal polynomial p, and p has exactly one complex
#                       root in the square of half-side 1e-30 around it and
#                       that root is real (Poly.count_roots, exact). A part
#                       that is not proved either way drops the case.
#   real                value_im is exactly zero (as above; a tree that uses
#                       only real operations on positive radicands is real
#                       by construction).
#   radical_exists      true for every case (placeholder: all are radicals).
#
# comparisons.json: list of {name, a, b, relation, kind, difference}, a and b
#   REAL radical expressions (every radicand positive, no i), relation is
#   "less" | "equal" | "greater" for a versus b.
#   Equality is decided exactly by one of:
#     * sympy.minimal_polynomial(a - b) == x (a - b = 0 iff its minimal
#       polynomial is x);
#     * for expressions built from rationals, +, -, *, /, integer powers and
#       real roots/rational powers of positive rationals: exact arithmetic in
#       the basis of prime-power radicals prod p^(e_p), 0 <= e_p < 1, which is
#       linearly independent over Q (Besicovitch 1940); a/b is kept as a
#       fraction N/D and a = b iff Na*Db - Nb*Da = 0.
#   Both are run when the radical-basis field degree is <= 16 (minimal
#   polynomial limited to 4 s there, 10 s when it is the only exact method);
#   they must agree, and a minimal polynomial must vanish at a - b.
#   Inequality is also certified numerically: |a - b| > 1e-50 at 100 digits
#   (mpmath error ~1e-95). The sign comes from mpmath at 100 digits and must
#   agree with the parsed text at 130 digits and with SymPy's N(a - b, 30).
#   A pair with |a - b| < 1e-50 and no exact equality proof is dropped.
#   kind: "equal", "near_tie" (0 < |a - b| < 1e-6) or "unequal".
#   difference: a - b to 6 significant digits ("0" when equal).
#   Sources: hand-written equal pairs (denestings, Cardano and Ramanujan
#   identities, rewritten radicals) and close unequal pairs (Pell/Fibonacci
#   convergents); concavity ties sqrt(n-1) + sqrt(n+1) vs 2*sqrt(n) (and
#   alike) for n up to 10^12; continued-fraction convergents within 1e-12 of
#   radicals; a float search over sums of k = 2..6 square roots of distinct
#   squarefree integers, sums of two cube roots and ratios
#   (sqrt(p) + sqrt(q))/(sqrt(r) + sqrt(s)), keeping neighbours closer than
#   1e-6 (orientation alternated); random pairs of real radical expressions.

import os
import sys

if os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable] + sys.argv)

import itertools
import json
import math
import random
import signal
import time
from collections import Counter
from fractions import Fraction

import mpmath
import sympy
from sympy import I, Integer, Poly, Rational, factor_list, factorint, minimal_polynomial, symbols

x = symbols("x")
HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20260807
MAX_DEGREE = 16
MAX_COEFF = 10 ** 12
T_MINPOLY = 10       # seconds, hand-written numbers and equality proofs
T_RANDOM = 4         # seconds, random numbers
T_CROSS = 4          # seconds, optional minimal-polynomial cross-checks
T_OTHER = 10         # seconds, N / factor_list / count_roots

START = time.time()
DROPS = []           # (file, name, reason)
STATS = Counter()


# ---------------------------------------------------------------------------
# Timeouts
# ---------------------------------------------------------------------------
class Timeout(BaseException):
    """BaseException so that SymPy's `except Exception` cannot swallow it."""


def _alarm(signum, frame):
    raise Timeout()


signal.signal(signal.SIGALRM, _alarm)


def timed(fn, seconds):
    """fn() under signal.alarm(seconds); raises Timeout."""
    signal.alarm(seconds)
    try:
        return fn()
    finally:
        signal.alarm(0)


class Drop(Exception):
    pass


# ---------------------------------------------------------------------------
# Expression trees
#   ('int', n>=0) ('rat', p>0, q>1) ('i',) ('neg', a) ('add', a, b)
#   ('sub', a, b) ('mul', a, b) ('div', a, b) ('pow', a, p, q)  a^(p/q)
#   ('sqrt', a) ('root', a, n)
# ---------------------------------------------------------------------------
IU = ("i",)


def E(v):
    if isinstance(v, tuple):
        return v
    if isinstance(v, int):
        return ("int", v) if v >= 0 else ("neg", ("int", -v))
    if isinstance(v, Fraction):
        if v.denominator == 1:
            return E(v.numerator)
        if v < 0:
            return ("neg", ("rat", -v.numerator, v.denominator))
        return ("rat", v.numerator, v.denominator)
    raise TypeError(v)


def Q(p, q):
    return E(Fraction(p, q))


def add(*a):
    """a0 + a1 + ...; a negative term is written as a subtraction."""
    t = E(a[0])
    for b in a[1:]:
        b = E(b)
        t = ("sub", t, b[1]) if b[0] == "neg" else ("add", t, b)
    return t


def sub(a, b):
    b = E(b)
    return ("add", E(a), b[1]) if b[0] == "neg" else ("sub", E(a), b)


def mul(*a):
    """a0*a1*...; a factor 1 is left out, a factor -1 becomes a minus."""
    fs = [E(f) for f in a if E(f) != ("int", 1)]
    sign = 1
    if fs and fs[0] == ("neg", ("int", 1)):
        sign, fs = -1, fs[1:]
    if not fs:
        return E(sign)
    t = fs[0]
    for b in fs[1:]:
        t = ("mul", t, b)
    return neg(t) if sign < 0 else t


def div(a, b):
    return ("div", E(a), E(b))


def neg(a):
    return ("neg", E(a))


def sq(a):
    return ("sqrt", E(a))


def rt(a, n):
    return ("root", E(a), n)


def pw(a, p, q=1):
    g = math.gcd(p, q)
    return ("pow", E(a), p // g, q // g)


# ---- printer --------------------------------------------------------------
def level(t):
    k = t[0]
    if k in ("add", "sub", "neg"):
        return 1
    if k in ("mul", "div", "rat"):
        return 2
    if k == "pow":
        return 4
    return 5  # int, i, sqrt, root


def show(t, need):
    s = text(t)
    return "(" + s + ")" if level(t) < need else s


def text(t):
    k = t[0]
    if k == "int":
        return str(t[1])
    if k == "rat":
        return "%d/%d" % (t[1], t[2])
    if k == "i":
        return "i"
    if k == "neg":
        return "-" + show(t[1], 2)
    if k == "add":
        return show(t[1], 1) + " + " + show(t[2], 2)
    if k == "sub":
        return show(t[1], 1) + " - " + show(t[2], 2)
    if k in ("mul", "div"):
        op = "*" if k == "mul" else "/"
        left = "(" + text(t[1]) + ")" if t[1][0] == "rat" else show(t[1], 2)
        right = "(" + text(t[2]) + ")" if t[2][0] == "rat" else show(t[2], 3)
        return left + op + right
    if k == "pow":
        base = show(t[1], 5)
        p, q = t[2], t[3]
        if q == 1:
            return base + ("^%d" % p if p > 0 else "^(%d)" % p)
        return base + "^(%d/%d)" % (p, q)
    if k == "sqrt":
        return "sqrt(" + text(t[1]) + ")"
    if k == "root":
        return "root(" + text(t[1]) + ", %d)" % t[2]
    raise ValueError(t)


# ---- SymPy builder ----------------------------------------------------------
def to_sympy(t):
    k = t[0]
    if k == "int":
        return Integer(t[1])
    if k == "rat":
        return Rational(t[1], t[2])
    if k == "i":
        return I
    if k == "neg":
        return sympy.Mul(-1, to_sympy(t[1]))
    if k == "add":
        return sympy.Add(to_sympy(t[1]), to_sympy(t[2]))
    if k == "sub":
        return sympy.Add(to_sympy(t[1]), sympy.Mul(-1, to_sympy(t[2])))
    if k == "mul":
        return sympy.Mul(to_sympy(t[1]), to_sympy(t[2]))
    if k == "div":
        return sympy.Mul(to_sympy(t[1]), sympy.Pow(to_sympy(t[2]), -1))
    if k == "pow":
        return sympy.Pow(to_sympy(t[1]), Rational(t[2], t[3]))
    if k == "sqrt":
        return sympy.Pow(to_sympy(t[1]), Rational(1, 2))
    if k == "root":
        return sympy.Pow(to_sympy(t[1]), Rational(1, t[2]))
    raise ValueError(t)


# ---- independent mpmath evaluation (principal branches) -------------------
def _fracpow(a, e):
    """a^e for a rational e (Fraction) with the principal branch."""
    if e.denominator == 1:
        return a ** e.numerator  # exact repeated multiplication semantics
    if a == 0:
        return mpmath.mpf(0)
    ef = mpmath.mpf(e.numerator) / e.denominator
    if isinstance(a, mpmath.mpf) and a > 0:
        return mpmath.exp(ef * mpmath.log(a))
    return mpmath.exp(ef * mpmath.log(mpmath.mpc(a)))  # principal log


def ev(t):
    k = t[0]
    if k == "int":
        return mpmath.mpf(t[1])
    if k == "rat":
        return mpmath.mpf(t[1]) / t[2]
    if k == "i":
        return mpmath.mpc(0, 1)
    if k == "neg":
        return -ev(t[1])
    if k == "add":
        return ev(t[1]) + ev(t[2])
    if k == "sub":
        return ev(t[1]) - ev(t[2])
    if k == "mul":
        return ev(t[1]) * ev(t[2])
    if k == "div":
        return ev(t[1]) / ev(t[2])
    if k == "pow":
        return _fracpow(ev(t[1]), Fraction(t[2], t[3]))
    if k == "sqrt":
        return _fracpow(ev(t[1]), Fraction(1, 2))
    if k == "root":
        return _fracpow(ev(t[1]), Fraction(1, t[2]))
    raise ValueError(t)


def ev_at(t, dps):
    with mpmath.workdps(dps):
        v = ev(t)
        return +v


# ---- strict parser of the grammar ------------------------------------------
def tokenize(s):
    out, j = [], 0
    while j < len(s):
        c = s[j]
        if c == " ":
            j += 1
        elif c.isdigit():
            k = j
            while k < len(s) and s[k].isdigit():
                k += 1
            out.append(("num", int(s[j:k])))
            j = k
        elif c.isalpha():
            k = j
            while k < len(s) and s[k].isalnum():
                k += 1
            out.append(("name", s[j:k]))
            j = k
        elif c in "+-*/^(),":
            out.append(("op", c))
            j += 1
        else:
            raise ValueError("bad character %r in %r" % (c, s))
    return out


class Parser:
    def __init__(self, s):
        self.toks = tokenize(s)
        self.k = 0

    def peek(self):
        return self.toks[self.k] if self.k < len(self.toks) else (None, None)

    def take(self, op=None):
        tok = self.peek()
        if op is not None and tok != ("op", op):
            raise ValueError("expected %r at token %d" % (op, self.k))
        self.k += 1
        return tok

    def parse(self):
        t = self.expr()
        if self.k != len(self.toks):
            raise ValueError("trailing tokens")
        return t

    def expr(self):
        t = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            op = self.take()[1]
            t = ("add" if op == "+" else "sub", t, self.term())
        return t

    def term(self):
        t = self.unary()
        while self.peek() in (("op", "*"), ("op", "/")):
            op = self.take()[1]
            t = ("mul" if op == "*" else "div", t, self.unary())
        return t

    def unary(self):
        if self.peek() == ("op", "-"):
            self.take()
            return ("neg", self.unary())
        return self.power()

    def power(self):
        base = self.atom()
        if self.peek() == ("op", "^"):
            self.take()
            e = exponent_value(self.unary())
            return ("pow", base, e.numerator, e.denominator)
        return base

    def atom(self):
        kind, val = self.peek()
        if kind == "num":
            self.take()
            return ("int", val)
        if kind == "name":
            self.take()
            if val == "i":
                return IU
            if val in ("sqrt", "root"):
                self.take("(")
                a = self.expr()
                if val == "root":
                    self.take(",")
                    n = self.expr()
                    if n[0] != "int" or n[1] < 2:
                        raise ValueError("root index")
                    self.take(")")
                    return ("root", a, n[1])
                self.take(")")
                return ("sqrt", a)
            raise ValueError("unknown name " + val)
        if (kind, val) == ("op", "("):
            self.take()
            t = self.expr()
            self.take(")")
            return t
        raise ValueError("unexpected token %r" % ((kind, val),))


def exponent_value(t):
    k = t[0]
    if k == "int":
        return Fraction(t[1])
    if k == "rat":
        return Fraction(t[1], t[2])
    if k == "neg":
        return -exponent_value(t[1])
    if k == "div":
        return exponent_value(t[1]) / exponent_value(t[2])
    raise ValueError("exponent is not a rational number")


def round_trip(t):
    """Parse text(t); the SymPy expressions must be identical and the
    parsed tree is returned for independent evaluation."""
    s = text(t)
    u = Parser(s).parse()
    if to_sympy(u) != to_sympy(t):
        raise Drop("round trip: %s" % s)
    return s, u


# ---------------------------------------------------------------------------
# Exact arithmetic in the radical basis (Besicovitch): a number is a dict
#   monomial -> Fraction, a monomial a sorted tuple of (prime, Fraction e),
#   0 < e < 1, standing for prod prime^e (real positive roots).
# ---------------------------------------------------------------------------
class NotBasis(Exception):
    pass


def rb_const(c):
    c = Fraction(c)
    return {(): c} if c else {}


def rb_monomial_mul(m1, m2):
    exps = dict(m1)
    coef = Fraction(1)
    for p, e in m2:
        exps[p] = exps.get(p, Fraction(0)) + e
    mono = []
    for p in sorted(exps):
        e = exps[p]
        fl = e.numerator // e.denominator
        coef *= Fraction(p) ** fl
        e -= fl
        if e:
            mono.append((p, e))
    return tuple(mono), coef


def rb_add(a, b, sign=1):
    out = dict(a)
    for m, c in b.items():
        out[m] = out.get(m, Fraction(0)) + sign * c
        if not out[m]:
            del out[m]
    return out


def rb_mul(a, b):
    out = {}
    for m1, c1 in a.items():
        for m2, c2 in b.items():
            m, c = rb_monomial_mul(m1, m2)
            out[m] = out.get(m, Fraction(0)) + c * c1 * c2
            if not out[m]:
                del out[m]
    return out


def rb_pow(a, n):
    out = rb_const(1)
    for _ in range(n):
        out = rb_mul(out, a)
    return out


def rb_radical(r, e):
    """r^e for a positive rational r and rational e (real positive root)."""
    if r <= 0:
        raise NotBasis("radicand not positive")
    coef = Fraction(1)
    mono = []
    fac = Counter()
    for p, v in factorint(r.numerator).items():
        fac[p] += v
    for p, v in factorint(r.denominator).items():
        fac[p] -= v
    for p in sorted(fac):
        t = fac[p] * e
        fl = t.numerator // t.denominator
        coef *= Fraction(p) ** fl
        t -= fl
        if t:
            mono.append((p, t))
    return {tuple(mono): coef}


def rb_rational(a):
    """The rational value of a basis number, or None."""
    if not a:
        return Fraction(0)
    if list(a) == [()]:
        return a[()]
    return None


def rb_tree(t):
    """(N, D) with value N/D, D != 0; raises NotBasis outside the class."""
    k = t[0]
    if k == "int":
        return rb_const(t[1]), rb_const(1)
    if k == "rat":
        return rb_const(Fraction(t[1], t[2])), rb_const(1)
    if k == "i":
        raise NotBasis("i")
    if k == "neg":
        n, d = rb_tree(t[1])
        return rb_add({}, n, -1), d
    if k in ("add", "sub"):
        n1, d1 = rb_tree(t[1])
        n2, d2 = rb_tree(t[2])
        return rb_add(rb_mul(n1, d2), rb_mul(n2, d1), 1 if k == "add" else -1), rb_mul(d1, d2)
    if k == "mul":
        n1, d1 = rb_tree(t[1])
        n2, d2 = rb_tree(t[2])
        return rb_mul(n1, n2), rb_mul(d1, d2)
    if k == "div":
        n1, d1 = rb_tree(t[1])
        n2, d2 = rb_tree(t[2])
        if not n2:
            raise NotBasis("division by zero")
        return rb_mul(n1, d2), rb_mul(d1, n2)
    if k in ("pow", "sqrt", "root"):
        e = {"pow": lambda: Fraction(t[2], t[3]), "sqrt": lambda: Fraction(1, 2),
             "root": lambda: Fraction(1, t[2])}[k]()
        n, d = rb_tree(t[1])
        if e.denominator == 1:
            m = e.numerator
            return (rb_pow(n, m), rb_pow(d, m)) if m >= 0 else (rb_pow(d, -m), rb_pow(n, -m))
        rn, rd = rb_rational(n), rb_rational(d)
        if rn is None or rd is None:
            raise NotBasis("radicand not rational")
        return rb_radical(rn / rd, e), rb_const(1)
    raise ValueError(t)


def rb_eval(a):
    s = mpmath.mpf(0)
    for m, c in a.items():
        v = mpmath.mpf(c.numerator) / c.denominator
        for p, e in m:
            v *= mpmath.exp(mpmath.mpf(e.numerator) / e.denominator * mpmath.log(p))
        s += v
    return s


def rb_degree_bound(a):
    """prod over primes of the lcm of exponent denominators: the degree of
    the field the number lies in (a bound on its degree)."""
    den = {}
    for m in a:
        for p, e in m:
            den[p] = math.lcm(den.get(p, 1), e.denominator)
    return math.prod(den.values()) if den else 1


# ---------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------
def fmt(v, sig=40):
    if v == 0:
        return "0"
    return mpmath.nstr(v, sig, strip_zeros=False, min_fixed=-mpmath.inf, max_fixed=mpmath.inf)


def to_mpc(v_sympy, dps):
    with mpmath.workdps(dps):
        re_, im_ = v_sympy.as_real_imag()
        return mpmath.mpc(mpmath.mpf(str(sympy.Float(re_, dps))), mpmath.mpf(str(sympy.Float(im_, dps))))


def close(a, b, rel):
    return abs(a - b) <= rel * max(1, abs(a), abs(b))


# ---------------------------------------------------------------------------
# numbers.json
# ---------------------------------------------------------------------------
def rel_residual(coeffs, z):
    """|p(z)| / sum |c_k| max(1, |z|)^k, coefficients lowest degree first."""
    res = sum(mpmath.mpf(c) * z ** k for k, c in enumerate(coeffs))
    scale = sum(abs(mpmath.mpf(c)) * max(1, abs(z)) ** k for k, c in enumerate(coeffs))
    return abs(res) / scale


REPAIRED = []
NUMERIC_ONLY = []   # comparisons decided unequal by |a - b| > 1e-50 alone


def minpoly(expr, seconds, value, dps):
    """sympy.minimal_polynomial(expr, x, polys=True) as (Poly, integer
    coefficients lowest first, primitive, leading coefficient > 0). If SymPy
    returns a reducible polynomial (it does for root(-8, 3) = 2*(-1)^(1/3):
    x^3 + 8), the one irreducible factor that vanishes at `value` (relative
    residual < 1e-40 at `dps` digits, every other factor > 1e-20) is kept and
    the repair is counted."""
    p = Poly(timed(lambda: minimal_polynomial(expr, x, polys=True), seconds), x)
    content, facs = timed(lambda: factor_list(p), T_OTHER)
    if not (len(facs) == 1 and facs[0][1] == 1):
        with mpmath.workdps(dps):
            rs = [(rel_residual([int(c) for c in Poly(f, x).all_coeffs()[::-1]], value), f) for f, _ in facs]
        small = [f for r, f in rs if r < mpmath.mpf(10) ** -40]
        if len(small) != 1 or sum(1 for r, _ in rs if r > mpmath.mpf(10) ** -20) != len(rs) - 1:
            raise Drop("SymPy minimal polynomial reducible and no unique vanishing factor")
        REPAIRED.append((str(expr), str(p.as_expr()), str(small[0].as_expr())))
        STATS["sympy_minpoly_reducible_repaired"] += 1
        p = Poly(small[0], x)
    coeffs = [int(c) for c in p.all_coeffs()][::-1]
    g = math.gcd(*coeffs)
    if coeffs[-1] < 0:
        g = -g
    coeffs = [c // g for c in coeffs]
    return Poly(coeffs[::-1], x), coeffs


def proved_real(expr, w, seconds):
    """Is w (the value of expr, mpc at >= 90 digits) real? Exact: w is a root
    of p = minpoly(expr); p has one root in the square of half-side 1e-30
    around Re(w) and it is real. None when undecided."""
    p, _ = minpoly(expr, seconds, w, 90)
    c = Rational(mpmath.nstr(mpmath.re(w), 60, min_fixed=-mpmath.inf, max_fixed=mpmath.inf))
    d = Rational(1, 10 ** 30)
    n_box = timed(lambda: p.count_roots(c - d - d * I, c + d + d * I), T_OTHER)
    n_real = timed(lambda: p.count_roots(c - d, c + d), T_OTHER)
    if n_box == 1 and n_real == 1:
        return True
    if n_box == 1 and n_real == 0:
        return False
    return None


def number_case(name, t, seconds=T_MINPOLY, random_case=False):
    s, parsed = round_trip(t)
    expr = to_sympy(t)
    # values: SymPy N at 60 digits, mpmath tree at 60 and 90, parsed text at 90
    v_sym = to_mpc(timed(lambda: sympy.N(expr, 60), T_OTHER), 60)
    v60 = ev_at(t, 60)
    v90 = ev_at(t, 90)
    vtext = ev_at(parsed, 90)
    with mpmath.workdps(90):
        if not (close(v_sym, v90, mpmath.mpf(10) ** -50) and close(v60, v90, mpmath.mpf(10) ** -50)
                and close(vtext, v90, mpmath.mpf(10) ** -80)):
            raise Drop("value disagreement (SymPy N vs mpmath tree vs parsed text)")
        z = mpmath.mpc(v90)
    p, coeffs = minpoly(expr, seconds, z, 90)
    deg = len(coeffs) - 1
    if deg > MAX_DEGREE:
        raise Drop("degree %d > %d" % (deg, MAX_DEGREE))
    if max(abs(c) for c in coeffs) >= MAX_COEFF:
        raise Drop("coefficient >= 10^12")
    if math.gcd(*coeffs) != 1 or coeffs[-1] <= 0:
        raise Drop("minimal polynomial not primitive/positive")
    # irreducible
    content, facs = timed(lambda: factor_list(p), T_OTHER)
    if len(facs) != 1 or facs[0][1] != 1 or abs(content) != 1 or facs[0][0].degree() != deg:
        raise Drop("minimal polynomial not irreducible: %s" % (facs,))
    STATS["irreducible_checked"] += 1
    # residual at 60 digits, relative to the coefficient size
    with mpmath.workdps(60):
        if rel_residual(coeffs, mpmath.mpc(v60)) > mpmath.mpf(10) ** -45:
            raise Drop("residual of minimal polynomial too large")
    STATS["residual_checked"] += 1
    tiny = mpmath.mpf(10) ** -40
    structurally_real = isinstance(v90, mpmath.mpf)
    # imaginary part
    if structurally_real:
        im_zero = True
    elif abs(z.imag) > tiny:
        im_zero = False
    else:
        r = proved_real(expr, z, seconds)
        if r is None:
            raise Drop("could not decide whether the value is real")
        im_zero = r
        STATS["real_proved_by_root_count"] += 1
    # real part
    if abs(z.real) > tiny:
        re_zero = False
    elif structurally_real:
        re_zero = coeffs == [0, 1]
        if not re_zero:
            raise Drop("real value within 1e-40 of 0 but not 0")
    else:
        with mpmath.workdps(90):
            r = proved_real(sympy.Mul(I, expr), mpmath.mpc(0, 1) * z, seconds)
        if r is None:
            raise Drop("could not decide whether the real part is 0")
        re_zero = r
        STATS["re_zero_proved_by_root_count"] += 1
    out_re = "0" if re_zero else None
    out_im = "0" if im_zero else None
    with mpmath.workdps(60):
        s_re_sym, s_im_sym = fmt(v_sym.real), fmt(v_sym.imag)
    with mpmath.workdps(90):
        s_re_90, s_im_90 = fmt(z.real), fmt(z.imag)
    if out_re is None:
        if s_re_sym != s_re_90:
            raise Drop("40-digit rounding of the real part unstable")
        out_re = s_re_90
    if out_im is None:
        if s_im_sym != s_im_90:
            raise Drop("40-digit rounding of the imaginary part unstable")
        out_im = s_im_90
    return {
        "name": name,
        "expression": s,
        "minimal_polynomial": [str(c) for c in coeffs],
        "degree": deg,
        "real": bool(im_zero),
        "value_re": out_re,
        "value_im": out_im,
        "radical_exists": True,
    }


def gauss17():
    """cos(2 pi/17) by Gauss's formula."""
    s17 = sq(17)
    r1 = sq(sub(34, mul(2, s17)))
    r2 = sq(add(34, mul(2, s17)))
    inner = sub(sub(add(17, mul(3, s17)), r1), mul(2, r2))
    return div(add(-1, s17, r1, mul(2, sq(inner))), 16)


def hand_numbers():
    L = []
    a = L.append
    # rationals, some in disguise (degree 1)
    a(("zero", E(0)))
    a(("integer_2", E(2)))
    a(("integer_minus_3", E(-3)))
    a(("rational_1_3", Q(1, 3)))
    a(("rational_minus_7_5", Q(-7, 5)))
    a(("rational_22_7", Q(22, 7)))
    a(("sqrt_4", sq(4)))
    a(("cube_root_27", rt(27, 3)))
    a(("rational_squared", pw(Q(2, 3), 2)))
    a(("eight_to_2_3", pw(8, 2, 3)))
    a(("sqrt_4_9", pw(Q(4, 9), 1, 2)))
    a(("sixteen_to_3_4", pw(16, 3, 4)))
    a(("silver_times_conjugate", mul(add(1, sq(2)), sub(sq(2), 1))))
    a(("sqrt2_squared", pw(sq(2), 2)))
    a(("difference_of_squares_3", mul(add(sq(3), 1), sub(sq(3), 1))))
    a(("cube_roots_12_18", mul(rt(12, 3), rt(18, 3))))
    a(("sum_minus_rational", sub(add(Q(1, 2), Q(1, 3)), Q(5, 6))))
    # square roots
    for n in (2, 3, 5, 6, 7, 8, 12, 50):
        a(("sqrt_%d" % n, sq(n)))
    a(("sqrt_1_2", sq(Q(1, 2))))
    a(("sqrt_2_3", sq(Q(2, 3))))
    a(("three_sqrt_7", mul(3, sq(7))))
    a(("minus_sqrt_11", neg(sq(11))))
    a(("sqrt_1000003", sq(1000003)))
    # sums of square roots
    a(("sqrt2_plus_sqrt3", add(sq(2), sq(3))))
    a(("sqrt2_plus_sqrt5", add(sq(2), sq(5))))
    a(("sqrt3_minus_sqrt2", sub(sq(3), sq(2))))
    a(("sqrt6_plus_sqrt10", add(sq(6), sq(10))))
    a(("sqrt2_plus_sqrt8", add(sq(2), sq(8))))
    a(("sqrt12_plus_sqrt27", add(sq(12), sq(27))))
    a(("sqrt2_sqrt3_sqrt5", add(sq(2), sq(3), sq(5))))
    a(("sqrt2_sqrt3_sqrt6", add(sq(2), sq(3), sq(6))))
    a(("sqrt2_sqrt3_sqrt5_sqrt7", add(sq(2), sq(3), sq(5), sq(7))))
    a(("sqrt2_sqrt3_sqrt5_minus_sqrt30", sub(add(sq(2), sq(3), sq(5)), sq(30))))
    a(("one_plus_sqrt2_plus_sqrt3", add(1, sq(2), sq(3))))
    a(("sqrt5_sqrt6_minus_sqrt2_sqrt11", sub(sub(add(sq(5), sq(6)), sq(2)), sq(11))))
    a(("sqrt2_plus_sqrt3_minus_sqrt10", sub(add(sq(2), sq(3)), sq(10))))
    # nested square roots
    a(("sqrt_2_plus_sqrt3", sq(add(2, sq(3)))))
    a(("sqrt_2_minus_sqrt3", sq(sub(2, sq(3)))))
    a(("sqrt_3_plus_sqrt2", sq(add(3, sq(2)))))
    a(("sqrt_1_plus_sqrt2", sq(add(1, sq(2)))))
    a(("denest_3_plus_2sqrt2", sq(add(3, mul(2, sq(2))))))
    a(("denest_5_plus_2sqrt6", sq(add(5, mul(2, sq(6))))))
    a(("denest_7_minus_4sqrt3", sq(sub(7, mul(4, sq(3))))))
    a(("denest_11_plus_6sqrt2", sq(add(11, mul(6, sq(2))))))
    a(("denest_6_plus_2sqrt5", sq(add(6, mul(2, sq(5))))))
    a(("sqrt_2_sqrt_2_sqrt2", sq(add(2, sq(add(2, sq(2)))))))
    a(("sqrt_1_sqrt_1_sqrt2", sq(add(1, sq(add(1, sq(2)))))))
    a(("sqrt_sqrt2", sq(sq(2))))
    # cube roots and other roots
    a(("cbrt_2", rt(2, 3)))
    a(("cbrt_3", rt(3, 3)))
    a(("cbrt_4", rt(4, 3)))
    a(("cbrt2_plus_cbrt3", add(rt(2, 3), rt(3, 3))))
    a(("cbrt2_plus_cbrt4", add(rt(2, 3), rt(4, 3))))
    a(("two_pow_1_3_plus_sqrt2", add(pw(2, 1, 3), sq(2))))
    a(("one_cbrt2_cbrt4", add(1, rt(2, 3), rt(4, 3))))
    a(("cbrt10_minus_cbrt2", sub(rt(10, 3), rt(2, 3))))
    a(("cbrt2_times_sqrt3", mul(rt(2, 3), sq(3))))
    a(("fourth_root_2", rt(2, 4)))
    a(("fourth_roots_2_8", add(rt(2, 4), rt(8, 4))))
    a(("fourth_root3_plus_sqrt2", add(rt(3, 4), sq(2))))
    a(("fifth_root3_plus_1", add(rt(3, 5), 1)))
    a(("fifth_root_2", rt(2, 5)))
    a(("fifth_roots_2_4", add(rt(2, 5), rt(4, 5))))
    a(("sixth_root_2", rt(2, 6)))
    a(("seventh_root_2", rt(2, 7)))
    a(("eighth_root_5", rt(5, 8)))
    a(("sixteenth_root_2", rt(2, 16)))
    a(("cbrt2_plus_fifth_root2", add(rt(2, 3), rt(2, 5))))
    # products, quotients
    a(("quotient_1_sqrt2_3_sqrt5", div(add(1, sq(2)), sub(3, sq(5)))))
    a(("inverse_sqrt2_minus_1", div(1, sub(sq(2), 1))))
    a(("quotient_sqrt3_pm_1", div(add(sq(3), 1), sub(sq(3), 1))))
    a(("sqrt2_times_sqrt3", mul(sq(2), sq(3))))
    a(("quotient_2_pm_sqrt3", div(add(2, sq(3)), sub(2, sq(3)))))
    a(("inverse_1_plus_cbrt2", div(1, add(1, rt(2, 3)))))
    a(("quotient_sqrt2_sqrt3_over_sqrt5_minus_1", div(add(sq(2), sq(3)), sub(sq(5), 1))))
    a(("inverse_sqrt2_sqrt3_sqrt5", div(1, add(sq(2), sq(3), sq(5)))))
    a(("quotient_1_pm_cbrt2", div(add(1, rt(2, 3)), sub(1, rt(2, 3)))))
    a(("sqrt2_over_cbrt2", div(sq(2), rt(2, 3))))
    # powers
    a(("silver_to_5", pw(add(1, sq(2)), 5)))
    a(("silver_to_10", pw(add(1, sq(2)), 10)))
    a(("sqrt2_plus_sqrt3_squared", pw(add(sq(2), sq(3)), 2)))
    a(("one_plus_cbrt2_cubed", pw(add(1, rt(2, 3)), 3)))
    a(("two_to_2_3", pw(2, 2, 3)))
    a(("three_to_3_4", pw(3, 3, 4)))
    a(("five_to_2_5", pw(5, 2, 5)))
    a(("half_to_1_3", pw(Q(1, 2), 1, 3)))
    a(("two_thirds_to_3_2", pw(Q(2, 3), 3, 2)))
    a(("two_to_minus_1_2", pw(2, -1, 2)))
    a(("sqrt2_minus_1_cubed", pw(sub(sq(2), 1), 3)))
    a(("two_plus_sqrt3_to_1_2", pw(add(2, sq(3)), 1, 2)))
    # complex
    a(("i", IU))
    a(("minus_i", neg(IU)))
    a(("two_i", mul(2, IU)))
    a(("one_plus_2i", add(1, mul(2, IU))))
    a(("sqrt_minus_3", sq(-3)))
    a(("sqrt_minus_4", sq(-4)))
    a(("eighth_root_of_unity", div(add(1, IU), sq(2))))
    a(("cbrt_minus_8", rt(-8, 3)))
    a(("cbrt_minus_1", rt(-1, 3)))
    a(("cbrt_minus_27", rt(-27, 3)))
    a(("i_plus_sqrt2", add(IU, sq(2))))
    a(("sqrt_i", sq(IU)))
    a(("cbrt_i", rt(IU, 3)))
    a(("one_plus_i_to_1_3", pw(add(1, IU), 1, 3)))
    a(("fifth_root_minus_1", rt(-1, 5)))
    a(("fourth_root_minus_2", rt(-2, 4)))
    a(("cube_root_of_unity", div(add(-1, sq(-3)), 2)))
    a(("cube_root_of_unity_cubed", pw(div(add(-1, sq(-3)), 2), 3)))
    a(("i_squared", pw(IU, 2)))
    a(("one_plus_i_to_4", pw(add(1, IU), 4)))
    a(("sqrt_minus2_times_sqrt_minus3", mul(sq(-2), sq(-3))))
    a(("sqrt_minus2_plus_sqrt_minus3", add(sq(-2), sq(-3))))
    a(("minus_4_to_3_2", pw(-4, 3, 2)))
    a(("minus_8_to_2_3", pw(-8, 2, 3)))
    a(("inverse_1_plus_i", div(1, add(1, IU))))
    a(("quotient_2_plus_i_1_minus_i", div(add(2, IU), sub(1, IU))))
    a(("sqrt_1_plus_i", sq(add(1, IU))))
    a(("sqrt_3_plus_4i", sq(add(3, mul(4, IU)))))
    a(("sqrt_minus3_minus_4i", sq(sub(-3, mul(4, IU)))))
    a(("i_times_sqrt3_plus_1", add(mul(IU, sq(3)), 1)))
    a(("cardano_principal_branch", add(rt(add(2, sq(5)), 3), rt(sub(2, sq(5)), 3))))
    # golden ratio, cos-like numbers
    a(("golden_ratio", div(add(1, sq(5)), 2)))
    a(("cos_2pi_5", div(sub(sq(5), 1), 4)))
    a(("cos_pi_5", div(add(1, sq(5)), 4)))
    a(("cos_pi_12", div(add(sq(6), sq(2)), 4)))
    a(("cos_pi_8", div(sq(add(2, sq(2))), 2)))
    a(("sin_pi_5", div(sq(sub(10, mul(2, sq(5)))), 4)))
    a(("sin_pi_3", div(sq(3), 2)))
    a(("cos_2pi_17_gauss", gauss17()))
    a(("plastic_number", add(rt(div(add(9, sq(69)), 18), 3), rt(div(sub(9, sq(69)), 18), 3))))
    a(("tribonacci_constant", div(add(1, rt(add(19, mul(3, sq(33))), 3), rt(sub(19, mul(3, sq(33))), 3)), 3)))
    return L


# ---- random numbers ---------------------------------------------------------
NONSQUARE = [n for n in range(2, 31) if int(math.isqrt(n)) ** 2 != n]
NONCUBE = [n for n in range(2, 21) if round(n ** (1 / 3)) ** 3 != n]


def random_real_atom(rng):
    r = rng.random()
    if r < 0.45:
        return sq(rng.choice(NONSQUARE))
    if r < 0.7:
        return rt(rng.choice(NONCUBE), 3)
    if r < 0.8:
        return rt(rng.choice([2, 3, 5, 6]), 4)
    if r < 0.85:
        return rt(rng.choice([2, 3]), 5)
    if r < 0.93:
        return pw(rng.choice([2, 3, 5]), rng.choice([2, 3]), rng.choice([3, 5]) if rng.random() < 0.5 else 4)
    f = Fraction(rng.randint(1, 9), rng.randint(2, 9))
    return sq(f if f.denominator > 1 else f + Fraction(1, 2))


def random_complex_atom(rng):
    r = rng.random()
    if r < 0.3:
        return IU
    if r < 0.6:
        return sq(-rng.choice([1, 2, 3, 5, 7]))
    if r < 0.8:
        return rt(-rng.choice([2, 3, 4, 5]), 3)
    return add(rng.randint(1, 3), mul(rng.randint(1, 3), IU))


def scaled(rng, t):
    c = rng.choice([1, 1, 1, 2, 3, -1, -2, Fraction(1, 2), Fraction(2, 3)])
    if c == 1:
        return t
    if c == -1:
        return neg(t)
    return mul(c, t)


def random_number_tree(rng):
    kind = rng.randrange(8)
    A = lambda: random_real_atom(rng)
    if kind == 0:
        return add(scaled(rng, A()), scaled(rng, A())) if rng.random() < 0.5 else sub(A(), scaled(rng, A()))
    if kind == 1:
        return add(mul(A(), A()), rng.randint(-3, 3) or 1)
    if kind == 2:
        return div(add(A(), rng.randint(1, 4)), sub(A(), rng.randint(1, 4)))
    if kind == 3:
        return pw(add(A(), rng.randint(-2, 2) or 1), rng.randint(2, 4))
    if kind == 4:
        n = rng.choice(NONSQUARE)
        b = rng.randint(1, 3)
        c0 = rng.randint(1, 6)
        return sq(add(c0, mul(b, sq(n)))) if rng.random() < 0.5 else rt(add(c0, sq(n)), 3)
    if kind == 5:
        ns = rng.sample(NONSQUARE[:12], 3)
        return add(sq(ns[0]), scaled(rng, sq(ns[1])), sq(ns[2])) if rng.random() < 0.5 else \
            sub(add(sq(ns[0]), sq(ns[1])), sq(ns[2]))
    if kind == 6:
        return add(A(), random_complex_atom(rng))
    return mul(add(rng.randint(1, 3), random_complex_atom(rng)), A()) if rng.random() < 0.5 else \
        div(A(), add(rng.randint(1, 3), random_complex_atom(rng)))


def build_numbers(rng, target=155):
    out, seen_text, seen_val = [], set(), set()

    def try_case(name, t, seconds, random_case=False):
        try:
            s = text(t)
            if s in seen_text:
                raise Drop("duplicate text")
            c = number_case(name, t, seconds, random_case)
            key = (c["value_re"], c["value_im"])
            if key in seen_val and random_case:
                raise Drop("duplicate value")
            seen_text.add(s)
            seen_val.add(key)
            out.append(c)
            return True
        except Timeout:
            DROPS.append(("numbers", name, "timeout"))
            STATS["numbers_dropped_timeout"] += 1
        except (Drop, ZeroDivisionError, sympy.polys.polyerrors.PolynomialError, NotImplementedError) as d:
            if random_case and str(d).startswith(("duplicate", "degree", "coefficient")):
                STATS["random_numbers_rejected[%s]" % str(d).split()[0]] += 1
            else:
                DROPS.append(("numbers", name, str(d)))
        return False

    for name, t in hand_numbers():
        try_case(name, t, T_MINPOLY)
    STATS["numbers_hand"] = len(out)
    k = 0
    attempts = 0
    while len(out) < target and attempts < 600:
        attempts += 1
        t = random_number_tree(rng)
        if try_case("random_%03d" % (k + 1), t, T_RANDOM, random_case=True):
            k += 1
    STATS["numbers_random"] = k
    STATS["numbers_random_attempts"] = attempts
    return out


# ---------------------------------------------------------------------------
# comparisons.json
# ---------------------------------------------------------------------------
def real_value(t, dps):
    v = ev_at(t, dps)
    if not isinstance(v, mpmath.mpf):
        raise Drop("not real by construction")
    return v


def compare_case(name, ta, tb):
    sa, pa = round_trip(ta)
    sb, pb = round_trip(tb)
    with mpmath.workdps(100):
        d = real_value(ta, 100) - real_value(tb, 100)
    with mpmath.workdps(130):
        d_text = real_value(pa, 130) - real_value(pb, 130)
        if abs(d - d_text) > mpmath.mpf(10) ** -90 * max(1, abs(real_value(pa, 130))):
            raise Drop("difference disagreement between tree and parsed text")
    numerically_unequal = abs(d) > mpmath.mpf(10) ** -50
    ea, eb = to_sympy(ta), to_sympy(tb)
    # exact decision 1: radical basis
    rb_equal = None
    try:
        na, da = rb_tree(ta)
        nb, db = rb_tree(tb)
        diff = rb_add(rb_mul(na, db), rb_mul(nb, da), -1)
        rb_equal = not diff
        with mpmath.workdps(100):
            # sanity: the basis arithmetic reproduces the values
            if not close(rb_eval(na) / rb_eval(da), real_value(ta, 100), mpmath.mpf(10) ** -80) or \
                    not close(rb_eval(nb) / rb_eval(db), real_value(tb, 100), mpmath.mpf(10) ** -80):
                raise Drop("radical basis value mismatch")
        bound = rb_degree_bound({**na, **da, **nb, **db})
    except NotBasis:
        bound = None
    # exact decision 2: minimal polynomial of a - b
    mp_equal = None
    want_mp = rb_equal is None or (bound is not None and bound <= 16)
    if want_mp:
        seconds = T_MINPOLY if rb_equal is None else T_CROSS
        try:
            p, coeffs = minpoly(sympy.Add(ea, -eb), seconds, d, 100)
            mp_equal = coeffs == [0, 1]
            with mpmath.workdps(100):
                if rel_residual(coeffs, d) > mpmath.mpf(10) ** -60:
                    raise Drop("minimal polynomial of a - b does not vanish at a - b")
        except Timeout:
            STATS["comparison_minpoly_timeouts"] += 1
            if rb_equal is None and not numerically_unequal:
                raise
    if rb_equal is not None and mp_equal is not None and rb_equal != mp_equal:
        raise Drop("radical basis and minimal polynomial disagree")
    equal = rb_equal if rb_equal is not None else mp_equal
    if equal is None:
        if not numerically_unequal:
            raise Drop("no exact equality decision")
        equal = False
        NUMERIC_ONLY.append(name)
    if equal and numerically_unequal:
        raise Drop("exactly equal but numerically different")
    if not equal and not numerically_unequal:
        raise Drop("exactly unequal but |a-b| < 1e-50")
    STATS["comparison_method[%s]" % ("+".join(
        m for m, v in (("radical_basis", rb_equal), ("minimal_polynomial", mp_equal)) if v is not None)
        or "numeric_separation_only")] += 1
    if equal:
        relation, kind, dstr = "equal", "equal", "0"
    else:
        relation = "less" if d < 0 else "greater"
        if (d < 0) != (d_text < 0):
            raise Drop("sign disagreement")
        nd = timed(lambda: sympy.N(sympy.Add(ea, -eb), 30), T_OTHER)
        if not nd.is_real or (nd < 0) != (d < 0) or nd == 0:
            raise Drop("SymPy N(a - b) sign disagreement: %s" % nd)
        kind = "near_tie" if abs(d) < mpmath.mpf(10) ** -6 else "unequal"
        with mpmath.workdps(100):
            dstr = fmt(d, 6)
    return {"name": name, "a": sa, "b": sb, "relation": relation, "kind": kind, "difference": dstr}


def hand_equal_pairs():
    phi = div(add(1, sq(5)), 2)
    return [
        ("denest_3_plus_2sqrt2", sq(add(3, mul(2, sq(2)))), add(1, sq(2))),
        ("sqrt8_vs_2sqrt2", sq(8), mul(2, sq(2))),
        ("fourth_root_16", rt(16, 4), E(2)),
        ("sqrt2_squared", pw(sq(2), 2), E(2)),
        ("inverse_sqrt2_minus_1", div(1, sub(sq(2), 1)), add(sq(2), 1)),
        ("sqrt12_vs_2sqrt3", sq(12), mul(2, sq(3))),
        ("denest_5_plus_2sqrt6", sq(add(5, mul(2, sq(6)))), add(sq(2), sq(3))),
        ("cube_root_8", rt(8, 3), E(2)),
        ("silver_squared", pw(add(1, sq(2)), 2), add(3, mul(2, sq(2)))),
        ("inverse_sqrt3_minus_sqrt2", div(1, sub(sq(3), sq(2))), add(sq(3), sq(2))),
        ("sqrt2_times_sqrt3", mul(sq(2), sq(3)), sq(6)),
        ("cbrt4_vs_2_to_2_3", rt(4, 3), pw(2, 2, 3)),
        ("cbrt2_cubed", pw(rt(2, 3), 3), E(2)),
        ("sqrt_2_plus_sqrt3_denested", sq(add(2, sq(3))), div(add(sq(6), sq(2)), 2)),
        ("cos_pi_5_two_ways", div(add(1, sq(5)), 4), sq(div(add(3, sq(5)), 8))),
        ("golden_ratio_squared", pw(phi, 2), div(add(3, sq(5)), 2)),
        ("sixth_root_2_squared", pw(rt(2, 6), 2), rt(2, 3)),
        ("fourth_root_4", pw(4, 1, 4), sq(2)),
        ("cbrt_2_plus_sqrt5", rt(add(2, sq(5)), 3), phi),
        ("cbrt_7_plus_5sqrt2", rt(add(7, mul(5, sq(2))), 3), add(1, sq(2))),
        ("cardano_real_form", sub(rt(add(2, sq(5)), 3), rt(sub(sq(5), 2), 3)), E(1)),
        ("cardano_20_14sqrt2", add(rt(add(20, mul(14, sq(2))), 3), rt(sub(20, mul(14, sq(2))), 3)), E(4)),
        ("denest_difference_6_2sqrt5", sub(sq(add(6, mul(2, sq(5)))), sq(sub(6, mul(2, sq(5))))), E(2)),
        ("ramanujan_cbrt_cbrt2_minus_1", rt(sub(rt(2, 3), 1), 3),
         add(sub(rt(Q(1, 9), 3), rt(Q(2, 9), 3)), rt(Q(4, 9), 3))),
        ("ramanujan_sqrt_cbrt5_minus_cbrt4", sq(sub(rt(5, 3), rt(4, 3))),
         div(sub(add(rt(2, 3), rt(20, 3)), rt(25, 3)), 3)),
        ("denest_7_minus_4sqrt3", sq(sub(7, mul(4, sq(3)))), sub(2, sq(3))),
        ("sqrt2_plus_sqrt18", add(sq(2), sq(18)), sq(32)),
        ("sqrt2_sqrt32_vs_sqrt8_sqrt18", add(sq(2), sq(32)), add(sq(8), sq(18))),
        ("quotient_sqrt3_pm_1", div(add(sq(3), 1), sub(sq(3), 1)), add(2, sq(3))),
        ("cube_roots_12_18", mul(rt(12, 3), rt(18, 3)), E(6)),
        ("inverse_1_cbrt2_cbrt4", div(1, add(1, rt(2, 3), rt(4, 3))), sub(rt(2, 3), 1)),
        ("sqrt2_cubed", pw(sq(2), 3), sq(8)),
        ("two_to_1_2_times_1_3", mul(pw(2, 1, 2), pw(2, 1, 3)), pw(2, 5, 6)),
        ("denest_9_plus_4sqrt5", sq(add(9, mul(4, sq(5)))), add(2, sq(5))),
        ("cos_pi_5_double_angle", div(add(1, sq(5)), 4), sub(1, mul(2, pw(div(sub(sq(5), 1), 4), 2)))),
        ("sqrt_1_2", sq(Q(1, 2)), div(sq(2), 2)),
        ("two_thirds_to_1_2", pw(Q(2, 3), 1, 2), div(sq(6), 3)),
        ("cbrt3_over_cbrt9", div(rt(3, 3), rt(9, 3)), div(rt(9, 3), 3)),
        ("ratio_of_sums_sqrt2", div(add(sq(2), sq(6)), add(1, sq(3))),
         div(add(sq(10), sq(30)), add(sq(5), sq(15)))),
    ]


def hand_unequal_pairs():
    return [
        ("sqrt2_sqrt3_vs_sqrt10", add(sq(2), sq(3)), sq(10)),
        ("sqrt5_sqrt6_vs_sqrt2_sqrt11", add(sq(5), sq(6)), add(sq(2), sq(11))),
        ("cbrt3_vs_sqrt2", rt(3, 3), sq(2)),
        ("cbrt2_vs_fourth_root3", rt(2, 3), rt(3, 4)),
        ("22_7_vs_sqrt2_sqrt3", Q(22, 7), add(sq(2), sq(3))),
        ("99_70_vs_sqrt2", Q(99, 70), sq(2)),
        ("577_408_vs_sqrt2", Q(577, 408), sq(2)),
        ("3363_2378_vs_sqrt2", Q(3363, 2378), sq(2)),
        ("665857_470832_vs_sqrt2", Q(665857, 470832), sq(2)),
        ("fib_987_610_vs_golden", Q(987, 610), div(add(1, sq(5)), 2)),
        ("fib_10946_6765_vs_golden", Q(10946, 6765), div(add(1, sq(5)), 2)),
        ("fib_832040_514229_vs_golden", Q(832040, 514229), div(add(1, sq(5)), 2)),
        ("635_504_vs_cbrt2", Q(635, 504), rt(2, 3)),
        ("1351_780_vs_sqrt3", Q(1351, 780), sq(3)),
        ("18817_10864_vs_sqrt3", Q(18817, 10864), sq(3)),
        ("262087_151316_vs_sqrt3", Q(262087, 151316), sq(3)),
        ("sqrt_2_plus_sqrt3_vs_sqrt_3_plus_sqrt2", sq(add(2, sq(3))), sq(add(3, sq(2)))),
        ("golden_vs_cbrt_4", div(add(1, sq(5)), 2), rt(4, 3)),
        ("plastic_vs_fourth_root2", add(rt(div(add(9, sq(69)), 18), 3), rt(div(sub(9, sq(69)), 18), 3)), rt(2, 4)),
        ("cos_2pi_17_vs_cos_pi_12", gauss17(), div(add(sq(6), sq(2)), 4)),
    ]


def concavity_pairs():
    out = []
    for e in (4, 6, 8, 10, 12):
        n = 10 ** e
        out.append(("concavity_sqrt_1e%d" % e, add(sq(n - 1), sq(n + 1)), mul(2, sq(n))))
    for e in (5, 7, 9):
        n = 10 ** e
        out.append(("concavity_sqrt4_1e%d" % e, add(sq(n), sq(n + 3)), add(sq(n + 1), sq(n + 2))))
    for e in (4, 6, 8):
        n = 10 ** e + 1
        out.append(("concavity_cbrt_1e%d" % e, add(rt(n - 1, 3), rt(n + 1, 3)), mul(2, rt(n, 3))))
    return out


def squarefree(n):
    return all(v == 1 for v in factorint(n).values())


def cubefree_noncube(n):
    return all(v < 3 for v in factorint(n).values()) and n > 1


def root_atom(n, k):
    if n == 1:
        return E(1)
    return sq(n) if k == 2 else rt(n, k)


def sum_tree(ns, k=2):
    return add(*[root_atom(n, k) for n in ns])


def neighbour_pairs(vals, limit, take=None, disjoint=True):
    """Pairs of neighbours (sorted by float value) closer than `limit`."""
    vals.sort()
    cands = []
    for j in range(len(vals) - 1):
        v1, c1 = vals[j]
        for h in range(j + 1, min(j + 4, len(vals))):
            v2, c2 = vals[h]
            if v2 - v1 > limit:
                break
            if disjoint and set(c1) & set(c2):
                continue
            cands.append((v2 - v1, c1, c2))
    cands.sort()
    return cands if take is None else cands[:take]


def brute_force_pairs():
    out = []
    # sums of k square roots of distinct squarefree integers
    for k, N, take in ((2, 200, 3), (3, 60, 2), (3, 120, 3), (4, 60, 3), (5, 45, 2), (6, 36, 2)):
        S = [n for n in range(1, N + 1) if squarefree(n)]
        r = {n: math.sqrt(n) for n in S}
        vals = [(math.fsum(r[n] for n in c), c) for c in itertools.combinations(S, k)]
        STATS["near_tie_search_values"] += len(vals)
        for dd, c1, c2 in neighbour_pairs(vals, 1e-6, take):
            out.append(("near_sqrt_sum%d" % k, c2, c1, sum_tree(c2), sum_tree(c1)))
    # sums of two cube roots
    S = [n for n in range(2, 301) if cubefree_noncube(n)]
    r = {n: n ** (1.0 / 3) for n in S}
    vals = [(r[a] + r[b], (a, b)) for a, b in itertools.combinations(S, 2)]
    STATS["near_tie_search_values"] += len(vals)
    for dd, c1, c2 in neighbour_pairs(vals, 1e-6, 3):
        out.append(("near_cbrt_sum", c1, c2, sum_tree(c1, 3), sum_tree(c2, 3)))
    # ratios (sqrt(p) + sqrt(q)) / (sqrt(r) + sqrt(s))
    S = [n for n in range(1, 31) if squarefree(n)]
    pairs = list(itertools.combinations(S, 2))
    vals = []
    for num in pairs:
        for den in pairs:
            if set(num) & set(den):
                continue
            vals.append(((math.sqrt(num[0]) + math.sqrt(num[1])) / (math.sqrt(den[0]) + math.sqrt(den[1])),
                         (num, den)))
    STATS["near_tie_search_values"] += len(vals)
    found = 0
    for dd, c1, c2 in neighbour_pairs(vals, 1e-6, disjoint=False):
        t1 = div(sum_tree(c1[0]), sum_tree(c1[1]))
        t2 = div(sum_tree(c2[0]), sum_tree(c2[1]))
        n1, d1 = rb_tree(t1)
        n2, d2 = rb_tree(t2)
        if not rb_add(rb_mul(n1, d2), rb_mul(n2, d1), -1):
            continue  # exactly equal ratio; the hand list has one such pair
        out.append(("near_ratio", c1[0] + ("over",) + c1[1], c2[0] + ("over",) + c2[1], t1, t2))
        found += 1
        if found == 4:
            break
    # alternate the orientation so that both "less" and "greater" occur
    named = []
    for j, (prefix, ia, ib, ta, tb) in enumerate(out):
        if j % 2:
            ia, ib, ta, tb = ib, ia, tb, ta
        named.append(("%s_%s_vs_%s" % (prefix, "_".join(map(str, ia)), "_".join(map(str, ib))), ta, tb))
    return named


def continued_fraction_convergents(v, count):
    """The first `count` convergents p/q of the real number v (mpf)."""
    out = []
    h0, h1, k0, k1 = 0, 1, 1, 0
    for _ in range(count):
        a = int(mpmath.floor(v))
        h0, h1 = h1, a * h1 + h0
        k0, k1 = k1, a * k1 + k0
        out.append(Fraction(h1, k1))
        v = 1 / (v - a)
    return out


def convergent_pairs():
    """A rational continued-fraction convergent within 1e-12 of a radical."""
    targets = [
        ("sqrt2_plus_sqrt3", add(sq(2), sq(3))),
        ("cbrt2", rt(2, 3)),
        ("fifth_root3_plus_1", add(rt(3, 5), 1)),
        ("cbrt2_plus_cbrt3", add(rt(2, 3), rt(3, 3))),
        ("sqrt_2_plus_sqrt3", sq(add(2, sq(3)))),
        ("sqrt2_sqrt3_sqrt5", add(sq(2), sq(3), sq(5))),
        ("golden_ratio", div(add(1, sq(5)), 2)),
    ]
    out = []
    for j, (name, t) in enumerate(targets):
        with mpmath.workdps(120):
            v = real_value(t, 120)
            conv = continued_fraction_convergents(v, 60)
            r = next(c for c in conv if abs(mpmath.mpf(c.numerator) / c.denominator - v) < mpmath.mpf(10) ** -12)
        pair = (E(r), t) if j % 2 == 0 else (t, E(r))
        out.append(("convergent_%s" % name,) + pair)
    return out


def random_real_pair(rng):
    for _ in range(100):
        a = random_number_tree(rng)
        b = random_number_tree(rng)
        try:
            va, vb = real_value(a, 30), real_value(b, 30)
        except (Drop, ZeroDivisionError):
            continue
        if abs(va - vb) < 2 and va != vb:
            return a, b
    raise RuntimeError("no random pair")


def build_comparisons(rng, n_random=36):
    out, seen = [], set()

    def try_pair(name, ta, tb):
        key = frozenset((text(ta), text(tb)))
        if key in seen:
            STATS["comparisons_duplicate_skipped"] += 1
            return False
        try:
            c = compare_case(name, ta, tb)
            seen.add(key)
            out.append(c)
            return True
        except Timeout:
            DROPS.append(("comparisons", name, "timeout"))
            STATS["comparisons_dropped_timeout"] += 1
        except (Drop, ZeroDivisionError, sympy.polys.polyerrors.PolynomialError, NotImplementedError) as d:
            DROPS.append(("comparisons", name, "%s: %s" % (type(d).__name__, d)))
        return False

    for group in (hand_equal_pairs(), hand_unequal_pairs(), concavity_pairs(), convergent_pairs(),
                  brute_force_pairs()):
        for name, ta, tb in group:
            try_pair(name, ta, tb)
    k = 0
    attempts = 0
    while k < n_random and attempts < 200:
        attempts += 1
        ta, tb = random_real_pair(rng)
        if try_pair("random_%03d" % (k + 1), ta, tb):
            k += 1
    return out


# ---------------------------------------------------------------------------
def main():
    rng = random.Random(SEED)
    numbers = build_numbers(rng)
    t_numbers = time.time() - START
    comparisons = build_comparisons(rng)
    names = [c["name"] for c in numbers]
    assert len(names) == len(set(names)), "duplicate number names"
    names = [c["name"] for c in comparisons]
    assert len(names) == len(set(names)), "duplicate comparison names"
    for fname, data in (("numbers.json", numbers), ("comparisons.json", comparisons)):
        with open(os.path.join(HERE, fname), "w") as f:
            json.dump(data, f, indent=1, ensure_ascii=True)
            f.write("\n")
    # summary
    print("numbers.json: %d cases (%d hand-written, %d random from %d attempts)"
          % (len(numbers), STATS["numbers_hand"], STATS["numbers_random"], STATS["numbers_random_attempts"]))
    print("  by degree:", dict(sorted(Counter(c["degree"] for c in numbers).items())))
    print("  real: %d, non-real: %d" % (sum(c["real"] for c in numbers), sum(not c["real"] for c in numbers)))
    print("comparisons.json: %d pairs" % len(comparisons))
    print("  by relation:", dict(sorted(Counter(c["relation"] for c in comparisons).items())))
    print("  by kind:", dict(sorted(Counter(c["kind"] for c in comparisons).items())))
    print("  near ties below 1e-12:", sum(1 for c in comparisons if c["kind"] == "near_tie"
                                           and abs(float(c["difference"])) < 1e-12))
    print("stats:")
    for k in sorted(STATS):
        print("  %s: %d" % (k, STATS[k]))
    print("SymPy minimal_polynomial answers repaired (reducible; vanishing factor kept): %d" % len(REPAIRED))
    for e, p, q in REPAIRED:
        print("  %s: %s -> %s" % (e, p, q))
    print("comparisons with no exact method (minimal polynomial timed out, outside the radical basis), "
          "inequality certified by |a - b| > 1e-50 at 100 digits: %s" % (NUMERIC_ONLY or "none"))
    print("drops: %d" % len(DROPS))
    for f, n, why in DROPS:
        print("  %s %s: %s" % (f, n, why))
    print("time: numbers %.1f s, total %.1f s" % (t_numbers, time.time() - START))


if __name__ == "__main__":
    main()
