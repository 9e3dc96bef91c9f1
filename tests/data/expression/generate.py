#!/usr/bin/env python3
# Oracle corpus generator for the `expression` capability family.
#
# How to rerun (from the repository root; Python only, no cargo needed):
#
#   PYENV_VERSION=3.12.1 python3.12 -m venv /var/tmp/venv-sympy
#   /var/tmp/venv-sympy/bin/pip install sympy==1.14.0 mpmath==1.3.0
#   /var/tmp/venv-sympy/bin/python tests/data/expression/generate.py
#
# (sympy 1.14.0 declares `mpmath<1.4`, so mpmath 1.3.0 is the newest mpmath
# it installs with.)  Optional arguments: the names of the files to rebuild,
# e.g. `generate.py limit series`, and `--limit N` to build only the first N
# cases of each file (for trying changes; do not commit such output).
#
# Everything is deterministic: fixed seeds, PYTHONHASHSEED=0 (the script
# re-executes itself to set it), one SymPy computation at a time in a forked
# child (one core), with a 20 s alarm around each SymPy call.
#
# Every expression string written to the JSON files is in the grammar of
# docs/DECISIONS.md ("Expressions"), in a deliberately narrow form: no
# implicit multiplication, `^` never `**`, unary minus only at the start of
# a (parenthesised) expression or argument, negative or non-atomic bases and
# exponents in parentheses.  Each string is parsed back by a strict parser of
# that narrow form (below) and by sympy.parse_expr, and must equal the SymPy
# expression it was printed from; numeric values are computed from the
# emitted string itself with mpmath at 60 and 80 digits (they must agree)
# and cross-checked against SymPy's own evalf.

import os
import sys

if os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable] + sys.argv)

import json
import pickle
import random
import re
import select
import signal
import time
from fractions import Fraction

import mpmath
import sympy
from sympy import (
    Abs, Add, Dummy, E, Eq, Function, I, Integer, Integral, Mul, Rational,
    S, Symbol, acos, acosh, acot, acsc, asec, asin, asinh, atan, atanh,
    binomial, ceiling, cos, cosh, cot, coth, csc, csch, diff, exp, factorial,
    factor_terms, floor, gamma, log, oo, pi, root, sec, sech, sign, sin, sinh,
    sqrt, tan, tanh, together, cancel, expand, simplify, count_ops,
)
from sympy.printing.str import StrPrinter

mpmath.mp.dps = 100
HERE = os.path.dirname(os.path.abspath(__file__))
SYMPY_TIMEOUT = 20          # seconds for each SymPy call
CASE_TIMEOUT = 120          # hard limit for one whole case (child is killed)
SEED = 20240611
VERSIONS = f"sympy {sympy.__version__}, mpmath {mpmath.__version__}, Python {sys.version.split()[0]}"

# ---------------------------------------------------------------------------
# Symbols.  Symbols are real (the Rust side's convention); sums use integer
# k and n.
# ---------------------------------------------------------------------------
VARNAMES = ["x", "y", "z", "t", "a", "b", "n", "k"]
R = {v: Symbol(v, real=True) for v in VARNAMES}
R["c1"] = Symbol("c1", real=True)
R["c2"] = Symbol("c2", real=True)
x, y, z, t, a, b = (R[v] for v in "xyztab")
POS = {v: Symbol(v, positive=True) for v in VARNAMES}
KI = Symbol("k", integer=True)
NI = Symbol("n", integer=True, positive=True)
SUMSYMS = dict(R)
SUMSYMS["k"] = KI
SUMSYMS["n"] = NI


class Unrep(Exception):
    """Expression cannot be written in the grammar."""


class Drop(Exception):
    """Drop the case (reason in the message)."""


class SympyTimeout(BaseException):
    pass


# ---------------------------------------------------------------------------
# Printer
# ---------------------------------------------------------------------------
FUNC_NAMES = {
    sin: "sin", cos: "cos", tan: "tan", cot: "cot", sec: "sec", csc: "csc",
    asin: "asin", acos: "acos", atan: "atan", acot: "acot", asec: "asec",
    acsc: "acsc", sinh: "sinh", cosh: "cosh", tanh: "tanh", coth: "coth",
    sech: "sech", csch: "csch", asinh: "asinh", acosh: "acosh",
    atanh: "atanh", exp: "exp", log: "log", Abs: "abs", sign: "sign",
    floor: "floor", ceiling: "ceil", factorial: "factorial", gamma: "gamma",
    binomial: "binomial",
}
RESERVED = {"pi", "e", "i", "inf", "euler_gamma", "sqrt", "root"} | set(FUNC_NAMES.values())
NAME_RE = re.compile(r"^[a-z][a-z0-9_]*$")


def check_representable(e, allow_inf=False):
    for node in sympy.preorder_traversal(e):
        if node.is_Atom:
            if isinstance(node, Dummy):
                raise Unrep("dummy symbol")
            if node.is_Symbol:
                if not NAME_RE.match(node.name) or node.name in RESERVED:
                    raise Unrep(f"symbol name {node.name}")
                continue
            if node.is_Float:
                raise Unrep("Float")
            if node.is_Rational or node in (pi, E, I):
                continue
            if node in (oo, -oo) and allow_inf:
                continue
            raise Unrep(f"atom {node}")
        if node.is_Add or node.is_Mul or node.is_Pow:
            continue
        if type(node) in FUNC_NAMES:
            nargs = 2 if type(node) is binomial else 1
            if len(node.args) != nargs:
                raise Unrep(f"{type(node).__name__} with {len(node.args)} args")
            continue
        raise Unrep(type(node).__name__)


def _atomic(e):
    return (e.is_Symbol or (e.is_Integer and e > 0) or e in (pi, E, I)
            or type(e) in FUNC_NAMES)


class GPrinter(StrPrinter):
    def _print_Float(self, e):
        raise Unrep("Float")

    def _print_Exp1(self, e):
        return "e"

    def _print_ImaginaryUnit(self, e):
        return "i"

    def _print_Pi(self, e):
        return "pi"

    def _print_Infinity(self, e):
        return "inf"

    def _print_NegativeInfinity(self, e):
        return "-inf"

    def _print_ComplexInfinity(self, e):
        raise Unrep("zoo")

    def _print_NaN(self, e):
        raise Unrep("nan")

    def _print_Symbol(self, e):
        if not NAME_RE.match(e.name) or e.name in RESERVED:
            raise Unrep(f"symbol {e.name}")
        return e.name

    def _print_Function(self, e):
        name = FUNC_NAMES.get(type(e))
        if name is None:
            raise Unrep(type(e).__name__)
        return name + "(" + ", ".join(self._print(a) for a in e.args) + ")"

    _print_Abs = _print_Function
    _print_ceiling = _print_Function
    _print_floor = _print_Function
    _print_factorial = _print_Function
    _print_binomial = _print_Function
    _print_gamma = _print_Function
    _print_sign = _print_Function
    _print_exp = _print_Function
    _print_ExpBase = _print_Function
    _print_log = _print_Function

    def _base(self, bse):
        s = self._print(bse)
        return s if _atomic(bse) else "(" + s + ")"

    def _print_Pow(self, expr, rational=False):
        bse, ex = expr.base, expr.exp
        if ex is S.Half:
            return "sqrt(%s)" % self._print(bse)
        if ex == -S.Half:
            return "1/sqrt(%s)" % self._print(bse)
        if ex is S.NegativeOne:
            return "1/" + self._base(bse)
        es = self._print(ex)
        if not (ex.is_Symbol or (ex.is_Integer and ex > 0) or ex in (pi, E)):
            es = "(" + es + ")"
        return self._base(bse) + "^" + es

    def _print_Rational(self, e):
        if e.q == 1:
            return str(e.p)
        return "%d/%d" % (e.p, e.q)

    def _print_Integer(self, e):
        return str(e.p)


_PRINTER = GPrinter({"order": None})


# ---------------------------------------------------------------------------
# Strict parser of the emitted form; converts to SymPy and evaluates with
# mpmath directly from the string.
# ---------------------------------------------------------------------------
TOKEN_RE = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([a-z][a-z0-9_]*)|(\*\*|[-+*/^(),]))")
ARITY = {name: 1 for name in FUNC_NAMES.values()}
ARITY.update({"sqrt": 1, "binomial": 2, "root": 2, "log": (1, 2)})
CONSTS = {"pi", "e", "i", "inf", "euler_gamma"}


class ParseError(Exception):
    pass


def tokenize(s):
    pos, out = 0, []
    s = s.rstrip()
    while pos < len(s):
        m = TOKEN_RE.match(s, pos)
        if not m or m.end() == pos:
            raise ParseError(f"bad character at {pos} in {s!r}")
        if m.group(1):
            out.append(("num", m.group(1)))
        elif m.group(2):
            out.append(("name", m.group(2)))
        else:
            if m.group(3) == "**":
                raise ParseError("** is not emitted")
            out.append(("op", m.group(3)))
        pos = m.end()
    return out


class StrictParser:
    def __init__(self, s, varnames):
        self.toks = tokenize(s)
        self.i = 0
        self.varnames = varnames

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else (None, None)

    def take(self, op=None):
        tok = self.peek()
        if op is not None and tok != ("op", op):
            raise ParseError(f"expected {op} got {tok}")
        self.i += 1
        return tok

    def parse(self):
        node = self.expr()
        if self.i != len(self.toks):
            raise ParseError(f"trailing tokens {self.toks[self.i:]}")
        return node

    def expr(self):
        if self.peek() == ("op", "-"):
            self.take()
            node = ("neg", self.term())
        else:
            node = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            op = self.take()[1]
            node = (op, node, self.term())
        return node

    def term(self):
        node = self.power()
        while self.peek() in (("op", "*"), ("op", "/")):
            op = self.take()[1]
            node = (op, node, self.power())
        return node

    def power(self):
        base = self.atom()
        if self.peek() == ("op", "^"):
            self.take()
            return ("^", base, self.power())
        return base

    def atom(self):
        kind, val = self.peek()
        if kind == "num":
            self.take()
            return ("num", Fraction(val))
        if kind == "op" and val == "(":
            self.take()
            node = self.expr()
            self.take(")")
            return node
        if kind == "name":
            self.take()
            if self.peek() == ("op", "("):
                if val not in ARITY:
                    raise ParseError(f"unknown function {val}")
                self.take()
                args = [self.expr()]
                while self.peek() == ("op", ","):
                    self.take()
                    args.append(self.expr())
                self.take(")")
                ar = ARITY[val]
                if (isinstance(ar, tuple) and len(args) not in ar) or (
                        isinstance(ar, int) and len(args) != ar):
                    raise ParseError(f"{val} with {len(args)} arguments")
                return ("call", val, args)
            if val in CONSTS:
                return ("const", val)
            if val in ARITY:
                raise ParseError(f"function {val} without parentheses")
            if val not in self.varnames:
                raise ParseError(f"unknown name {val}")
            return ("var", val)
        raise ParseError(f"unexpected {kind} {val}")


SYM_FUNCS = {name: f for f, name in FUNC_NAMES.items()}
SYM_FUNCS["sqrt"] = sqrt
SYM_FUNCS["root"] = root


def to_sympy(node, syms):
    k = node[0]
    if k == "num":
        return Rational(node[1].numerator, node[1].denominator)
    if k == "var":
        return syms[node[1]]
    if k == "const":
        return {"pi": pi, "e": E, "i": I, "inf": oo, "euler_gamma": sympy.EulerGamma}[node[1]]
    if k == "neg":
        return -to_sympy(node[1], syms)
    if k in "+-*/^":
        l, r = to_sympy(node[1], syms), to_sympy(node[2], syms)
        return {"+": lambda: l + r, "-": lambda: l - r, "*": lambda: l * r,
                "/": lambda: l / r, "^": lambda: l ** r}[k]()
    if k == "call":
        args = [to_sympy(a, syms) for a in node[2]]
        return SYM_FUNCS[node[1]](*args)
    raise ValueError(node)


class BadPoint(Exception):
    pass


MP_FUNCS = {
    "sin": mpmath.sin, "cos": mpmath.cos, "tan": mpmath.tan, "cot": mpmath.cot,
    "sec": mpmath.sec, "csc": mpmath.csc, "asin": mpmath.asin,
    "acos": mpmath.acos, "atan": mpmath.atan, "acot": mpmath.acot,
    "asec": mpmath.asec, "acsc": mpmath.acsc, "sinh": mpmath.sinh,
    "cosh": mpmath.cosh, "tanh": mpmath.tanh, "coth": mpmath.coth,
    "sech": mpmath.sech, "csch": mpmath.csch, "asinh": mpmath.asinh,
    "acosh": mpmath.acosh, "atanh": mpmath.atanh, "exp": mpmath.exp,
    "sqrt": mpmath.sqrt, "abs": abs, "sign": mpmath.sign,
    "floor": mpmath.floor, "ceil": mpmath.ceil, "factorial": mpmath.factorial,
    "gamma": mpmath.gamma,
}


class Evaluator:
    """Evaluate a parsed expression with mpmath at the current precision.

    strict=True rejects points near singularities, branch points,
    discontinuities and (when real=True) any complex intermediate value."""

    def __init__(self, env, real=True, strict=True, bound=mpmath.mpf(10) ** 12,
                 eps=mpmath.mpf(10) ** -6):
        self.env = env
        self.real = real
        self.strict = strict
        self.bound = bound
        self.eps = eps

    def check(self, v):
        if isinstance(v, mpmath.mpc):
            if v.imag == 0 and not self.real:
                pass
            elif self.real:
                raise BadPoint("complex intermediate")
        if not mpmath.isfinite(v):
            raise BadPoint("not finite")
        if self.strict and abs(v) > self.bound:
            raise BadPoint("too large")
        return v

    def near(self, v, target):
        return self.strict and abs(v - target) < self.eps

    def ev(self, node):
        k = node[0]
        if k == "num":
            return mpmath.mpf(node[1].numerator) / node[1].denominator
        if k == "var":
            return self.env[node[1]]
        if k == "const":
            c = node[1]
            if c == "pi":
                return +mpmath.pi
            if c == "e":
                return +mpmath.e
            if c == "euler_gamma":
                return +mpmath.euler
            if c == "i":
                return mpmath.mpc(0, 1)
            raise BadPoint("inf in a value")
        if k == "neg":
            return -self.ev(node[1])
        if k in "+-*":
            l, r = self.ev(node[1]), self.ev(node[2])
            return self.check(l + r if k == "+" else l - r if k == "-" else l * r)
        if k == "/":
            l, r = self.ev(node[1]), self.ev(node[2])
            if r == 0 or self.near(r, 0):
                raise BadPoint("division near zero")
            return self.check(l / r)
        if k == "^":
            bse, ex = self.ev(node[1]), self.ev(node[2])
            integer_ex = (not isinstance(ex, mpmath.mpc)) and ex == mpmath.floor(ex)
            if bse == 0 and (isinstance(ex, mpmath.mpc) or ex <= 0):
                raise BadPoint("0^nonpositive")
            if not integer_ex and self.near(bse, 0):
                raise BadPoint("branch point of power")
            if integer_ex and ex < 0 and self.near(bse, 0):
                raise BadPoint("pole of power")
            return self.check(mpmath.power(bse, ex))
        if k == "call":
            name = node[1]
            args = [self.ev(a) for a in node[2]]
            a0 = args[0]
            if name == "log":
                if self.near(a0, 0) or a0 == 0:
                    raise BadPoint("log near 0")
                v = mpmath.log(a0)
                if len(args) == 2:
                    lb = mpmath.log(args[1])
                    if lb == 0 or self.near(lb, 0):
                        raise BadPoint("log base 1")
                    v = v / self.check(lb)
                return self.check(v)
            if name == "root":
                if self.near(a0, 0):
                    raise BadPoint("root near 0")
                return self.check(mpmath.power(a0, 1 / args[1]))
            if name == "binomial":
                return self.check(mpmath.binomial(a0, args[1]))
            if name == "sqrt" and self.near(a0, 0):
                raise BadPoint("sqrt near 0")
            if name in ("asin", "acos", "atanh") and (self.near(a0, 1) or self.near(a0, -1)):
                raise BadPoint("branch point")
            if name in ("acosh",) and self.near(a0, 1):
                raise BadPoint("branch point")
            if name in ("asec", "acsc") and (self.near(a0, 1) or self.near(a0, -1) or self.near(a0, 0)):
                raise BadPoint("branch point")
            if name in ("acot", "coth", "csch", "cot", "csc", "abs", "sign") and self.near(a0, 0):
                raise BadPoint("singular/non-smooth at 0")
            if name in ("floor", "ceil") and self.strict and not isinstance(a0, mpmath.mpc):
                if abs(a0 - mpmath.nint(a0)) < self.eps:
                    raise BadPoint("discontinuity")
            if name in ("gamma", "factorial") and not isinstance(a0, mpmath.mpc):
                shift = 1 if name == "factorial" else 0
                if a0 + shift <= 0 and abs(a0 + shift - mpmath.nint(a0 + shift)) < self.eps:
                    raise BadPoint("gamma pole")
            try:
                return self.check(MP_FUNCS[name](a0))
            except (ValueError, ZeroDivisionError) as ex:
                raise BadPoint(str(ex))
        raise ValueError(node)


def parse_strict(s, syms):
    return StrictParser(s, set(syms)).parse()


def has_i(node):
    if node[0] == "const" and node[1] == "i":
        return True
    for part in node[1:]:
        if isinstance(part, tuple) and has_i(part):
            return True
        if isinstance(part, list) and any(has_i(p) for p in part):
            return True
    return False


# ---------------------------------------------------------------------------
# Emitting with self-check
# ---------------------------------------------------------------------------
class time_limit:
    def __init__(self, seconds):
        self.seconds = seconds

    def _handler(self, signum, frame):
        raise SympyTimeout()

    def __enter__(self):
        self.old = signal.signal(signal.SIGALRM, self._handler)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def __exit__(self, *exc):
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self.old)
        return False


def sympy_call(fn, seconds=SYMPY_TIMEOUT):
    """Run fn() with an alarm; returns (result, None) or (None, reason)."""
    try:
        with time_limit(seconds):
            return fn(), None
    except SympyTimeout:
        return None, f"timeout ({seconds} s)"
    except (NotImplementedError, ValueError, TypeError, AttributeError,
            RecursionError, ZeroDivisionError, IndexError, KeyError,
            sympy.PolynomialError, sympy.polys.polyerrors.PolificationFailed) as ex:
        return None, f"{type(ex).__name__}: {str(ex)[:200]}"


def same_expr(a, b, syms):
    if a == b:
        return True
    try:
        with time_limit(10):
            d = expand(a - b)
            if d == 0:
                return True
            return simplify(a - b) == 0
    except SympyTimeout:
        return False
    except Exception:
        return False


def parse_expr_check(s, syms):
    """The brief's check: sympy.parse_expr with ^ -> ** and the names
    translated; no implicit multiplication transformations."""
    from sympy.parsing.sympy_parser import parse_expr, standard_transformations
    local = dict(syms)
    local.update({"e": E, "i": I, "inf": oo, "ceil": ceiling, "abs": Abs,
                  "root": root, "log": log, "sign": sign, "gamma": gamma,
                  "factorial": factorial, "binomial": binomial})
    return parse_expr(s.replace("^", "**"), local_dict=local, global_dict={
        k: v for k, v in sympy.__dict__.items() if not k.startswith("_")
    } | {"Integer": Integer, "Rational": Rational, "Symbol": Symbol},
        transformations=standard_transformations)


def emit(e, syms=R, allow_inf=False):
    """Print e in the grammar and check the round trip; raises Unrep."""
    e = sympy.sympify(e)
    check_representable(e, allow_inf)
    s = _PRINTER.doprint(e)
    try:
        back = to_sympy(parse_strict(s, syms), syms)
    except (ParseError, KeyError) as ex:
        raise Unrep(f"strict parse failed: {ex}: {s}")
    if not same_expr(e, back, syms):
        raise Unrep(f"round trip differs: {s}")
    try:
        back2 = parse_expr_check(s, syms)
    except Exception as ex:  # noqa: BLE001
        raise Unrep(f"parse_expr failed: {ex}: {s}")
    if not same_expr(e, back2, syms):
        raise Unrep(f"parse_expr round trip differs: {s}")
    return s


def src_expr(s, syms=R):
    """A hand-written input string: checked to be in the narrow grammar
    (strict parse) and to mean the same to sympy.parse_expr; returned
    verbatim with its SymPy value."""
    e = to_sympy(parse_strict(s, syms), syms)
    try:
        back2 = parse_expr_check(s, syms)
    except Exception as ex:  # noqa: BLE001
        raise Unrep(f"parse_expr failed: {ex}: {s}")
    if not same_expr(e, back2, syms):
        raise Unrep(f"parse_expr reads {s} differently")
    return s, e


def emit_any(obj, syms=R, allow_inf=False):
    """(string, sympy expr) for a hand string or a SymPy expression."""
    if isinstance(obj, str):
        return src_expr(obj, syms)
    return emit(obj, syms, allow_inf), obj


# ---------------------------------------------------------------------------
# Numbers
# ---------------------------------------------------------------------------
def fmt(v, sig=40):
    return mpmath.nstr(v, sig, strip_zeros=False, min_fixed=-mpmath.inf,
                       max_fixed=mpmath.inf)


def eval_string(s, env_q, syms, dps, strict=True, real=None):
    """Evaluate the emitted string s at rational values env_q (name -> Fraction)."""
    node = parse_strict(s, syms)
    if real is None:
        real = not has_i(node)
    with mpmath.workdps(dps):
        env = {k: mpmath.mpf(v.numerator) / v.denominator for k, v in env_q.items()}
        return Evaluator(env, real=real, strict=strict).ev(node)


def stable_value(s, env_q, syms, strict=True, sig=40, sympy_expr=None):
    """Value of s at env_q to `sig` digits: computed at 60 and 80 digits
    (must agree) and checked against SymPy's evalf of sympy_expr."""
    with mpmath.workdps(100):
        v1 = eval_string(s, env_q, syms, sig + 20, strict)
        v2 = eval_string(s, env_q, syms, sig + 40, strict)
        mag = abs(v2)
        if mag < mpmath.mpf(10) ** -30:
            raise BadPoint("value too close to 0")
        if abs(v1 - v2) > mag * mpmath.mpf(10) ** -(sig + 5):
            raise BadPoint("precision loss")
        if sympy_expr is not None:
            sub = {syms[k]: Rational(v.numerator, v.denominator) for k, v in env_q.items()}
            try:
                with time_limit(15):
                    ref = sympy.N(sympy_expr.subs(sub), sig + 10)
                ref = mpmath.mpc(complex(0)) + mpmath.mpmathify(str(sympy.re(ref))) + \
                    mpmath.mpc(0, 1) * mpmath.mpmathify(str(sympy.im(ref)))
            except SympyTimeout:
                raise BadPoint("evalf timeout")
            except Exception as ex:
                raise BadPoint(f"evalf failed {ex}")
            if abs(ref - v2) > mag * mpmath.mpf(10) ** -(sig - 5):
                raise BadPoint(f"disagrees with SymPy evalf ({ref} vs {v2})")
        return v2


def value_fields(v, sig=40):
    if isinstance(v, mpmath.mpc) and v.imag != 0:
        return {"value_re": fmt(v.real, sig) if v.real != 0 else "0",
                "value_im": fmt(v.imag, sig)}
    if isinstance(v, mpmath.mpc):
        v = v.real
    return {"value": fmt(v, sig)}


def qstr(q):
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def candidate_values(rng, positive=False, integer=False, lo=None):
    dens = [1, 2, 3, 4, 5, 7]
    while True:
        if integer:
            v = Fraction(rng.randint(1 if lo is None else lo, 9))
        else:
            d = rng.choice(dens)
            span = rng.choice([3, 3, 3, 6, 10])
            num = rng.randint(-span * d, span * d)
            v = Fraction(num, d)
            if positive:
                v = abs(v)
            if lo is not None and v < lo:
                continue
        yield v


def choose_points(strs, names, rng, syms=R, count=3, positive=(), integer=(),
                  sympy_exprs=None, value_index=0, tries=300, lo=None, agree=False):
    """Pick `count` rational points where every string in `strs` evaluates
    cleanly (real, finite, away from singularities); return point dicts with
    the value of strs[value_index]."""
    gens = {v: candidate_values(rng, v in positive, v in integer, lo) for v in names}
    pts, seen = [], set()
    for _ in range(tries):
        env = {v: next(gens[v]) for v in names}
        key = tuple(env[v] for v in names)
        if key in seen:
            continue
        seen.add(key)
        try:
            vals = []
            for j, s in enumerate(strs):
                ref = sympy_exprs[j] if sympy_exprs is not None else None
                vals.append(stable_value(s, env, syms,
                                         sympy_expr=ref if (j == value_index or agree) else None))
        except BadPoint:
            continue
        if agree and any(abs(v - vals[0]) > abs(vals[0]) * mpmath.mpf(10) ** -35 for v in vals):
            raise Drop(f"values differ at {env}")
        pt = {v: qstr(env[v]) for v in names}
        pt.update(value_fields(vals[value_index]))
        pts.append(pt)
        if len(pts) == count:
            return pts
    raise Drop("no clean check points")


def const_value(s, syms=R, sig=40, sympy_expr=None):
    """Value of a constant expression string (for limits, numeric)."""
    v = stable_value(s, {}, syms, strict=False, sig=sig, sympy_expr=sympy_expr)
    return value_fields(v, sig)


def var_names(e):
    return sorted(str(s) for s in e.free_symbols)


def lightly_simplified(d):
    cands = [d]
    for f in (factor_terms, together, cancel):
        r, _ = sympy_call(lambda: f(d), 10)
        if r is not None:
            cands.append(r)
    good = []
    for c in cands:
        try:
            check_representable(c)
            good.append(c)
        except Unrep:
            pass
    if not good:
        return d
    return min(good, key=lambda c: (count_ops(c), len(str(c))))


# ---------------------------------------------------------------------------
# Case runner: each case runs in a forked child (one at a time).
# ---------------------------------------------------------------------------
def run_isolated(fn, timeout=CASE_TIMEOUT):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            res = ("ok", fn())
        except Drop as ex:
            res = ("drop", str(ex)[:300])
        except Unrep as ex:
            res = ("drop", "unrepresentable: " + str(ex)[:280])
        except SympyTimeout:
            res = ("drop", "timeout in post-processing")
        except BaseException as ex:  # noqa: BLE001 - report and drop
            res = ("drop", f"error {type(ex).__name__}: {str(ex)[:250]}")
        try:
            data = pickle.dumps(res)
        except Exception as ex:  # noqa: BLE001
            data = pickle.dumps(("drop", f"unpicklable result: {ex}"))
        with os.fdopen(w, "wb") as f:
            f.write(data)
        os._exit(0)
    os.close(w)
    chunks = []
    deadline = time.monotonic() + timeout
    while True:
        rem = deadline - time.monotonic()
        if rem <= 0:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(r)
            return ("drop", f"case exceeded {timeout} s")
        ready, _, _ = select.select([r], [], [], rem)
        if ready:
            chunk = os.read(r, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    os.close(r)
    os.waitpid(pid, 0)
    if not chunks:
        return ("drop", "child died")
    return pickle.loads(b"".join(chunks))


# ---------------------------------------------------------------------------
# Random expression helpers
# ---------------------------------------------------------------------------
def rand_poly(rng, v, deg, coef=5, monic=False, nonzero_lead=True):
    cs = [rng.randint(-coef, coef) for _ in range(deg + 1)]
    if nonzero_lead and cs[-1] == 0:
        cs[-1] = rng.choice([1, -1, 2, 3])
    if monic:
        cs[-1] = 1
    return sum(c * v ** i for i, c in enumerate(cs))


def rand_leaf(rng, vs):
    r = rng.random()
    v = rng.choice(vs)
    if r < 0.45:
        return v
    if r < 0.65:
        return rng.randint(1, 5) * v + rng.randint(-3, 3)
    if r < 0.8:
        return v ** 2 + rng.randint(1, 4)
    if r < 0.9:
        return Rational(rng.randint(1, 5), rng.choice([1, 2, 3]))
    return rng.randint(2, 5) * v


UNARY = [exp, log, sin, cos, tan, sqrt, atan, sinh]


def rand_expr(rng, vs, depth, unary=UNARY):
    if depth <= 0 or rng.random() < 0.2:
        return rand_leaf(rng, vs)
    r = rng.random()
    if r < 0.35:
        f = rng.choice(unary)
        arg = rand_expr(rng, vs, depth - 1, unary)
        if f in (log, sqrt):
            arg = arg ** 2 + rng.randint(1, 3) if rng.random() < 0.5 else arg
        return f(arg)
    if r < 0.55:
        return rand_expr(rng, vs, depth - 1, unary) * rand_expr(rng, vs, depth - 1, unary)
    if r < 0.7:
        return rand_expr(rng, vs, depth - 1, unary) + rand_expr(rng, vs, depth - 1, unary)
    if r < 0.85:
        return rand_expr(rng, vs, depth - 1, unary) / (rand_expr(rng, vs, depth - 1, unary))
    p = rng.choice([2, 3, -1, -2, Rational(1, 2), Rational(3, 2), Rational(1, 3)])
    return rand_expr(rng, vs, depth - 1, unary) ** p


def src(extra=""):
    return f"generate.py (seed {SEED}; {VERSIONS}){extra}"


# ---------------------------------------------------------------------------
# 1. derivative.json
# ---------------------------------------------------------------------------
DERIV_HAND = [
    "x^7", "sin(x)^2", "x*exp(x)", "log(x)/x", "x^x", "exp(sin(x))",
    "sqrt(1-x^2)", "atan(x)/(1+x^2)", "tan(x)", "sec(x)", "asin(x)", "acos(x)",
    "x^2*log(x)", "exp(-x^2)", "1/(1+x^2)", "sin(x)*cos(x)", "log(log(x))",
    "x/(x^2+1)", "sqrt(x)*exp(x)", "cosh(x)^2-sinh(x)^2+x^3", "tanh(x)",
    "asinh(x)", "atanh(x)", "acot(x)", "log(x, 2)", "root(x, 3)", "2^x",
    "x^(2/3)", "(x+1)^10", "exp(x)*sin(x)", "log(sin(x)^2+1)", "cot(x)",
    "csc(x)", "acosh(x)", "x^sin(x)", "abs(x)", "sin(x*y)", "exp(x*y)+x^2*y^3",
    "x/y+y/x", "atan(y/x)",
]


def derivative_tasks(rng):
    tasks = []
    for i, s in enumerate(DERIV_HAND):
        e = to_sympy(parse_strict(s, R), R)
        vs = var_names(e)
        for var in vs[:1] if len(vs) == 1 else vs:
            order = [1, 2, 3][(i + len(var)) % 3] if len(vs) == 1 else [1, 2][i % 2]
            if s in ("abs(x)",):
                order = 1
            tasks.append(("hand", s, R[var], order))
    while len(tasks) < 320:
        vs = [x] if rng.random() < 0.75 else [x, y]
        e = rand_expr(rng, vs, rng.choice([2, 2, 3]))
        if not e.has(x) or count_ops(e) > 22 or count_ops(e) < 3:
            continue
        var = x if len(vs) == 1 else rng.choice([v for v in vs if e.has(v)])
        order = rng.choice([1, 1, 1, 2, 2, 3])
        tasks.append(("random", e, var, order))
    out = []
    for j, (kind, e, var, order) in enumerate(tasks):
        def compute(e=e, var=var, order=order, kind=kind, j=j):
            es, e = emit_any(e)
            d, why = sympy_call(lambda: diff(e, var, order))
            if d is None:
                raise Drop("diff failed " + why)
            if d == 0:
                raise Drop("zero derivative")
            ans = lightly_simplified(d)
            ans_s = emit(ans)
            names = sorted(set(var_names(e)) | set(var_names(ans)))
            prng = random.Random(f"derivative-{j}")
            pts = choose_points([ans_s, es], names, prng, sympy_exprs=[d, e])
            # independent check: numeric differentiation of the emitted expr
            enode = parse_strict(es, R)
            for p in pts:
                with mpmath.workdps(120):
                    envm = {k: mpmath.mpf(Fraction(v).numerator) / Fraction(v).denominator
                            for k, v in p.items() if k in names}
                    dv = mpmath.diff(lambda tt: Evaluator(dict(envm, **{str(var): tt}), real=False,
                                                          strict=False).ev(enode),
                                     envm[str(var)], order)
                    val = mpmath.mpf(p["value"])
                    if abs(dv - val) > mpmath.mpf(10) ** -32 * (1 + abs(val)):
                        raise Drop("numeric derivative disagrees")
            return {"expr": es, "var": str(var), "order": order, "answer": ans_s,
                    "points": pts, "origin": kind}
        out.append(compute)
    return out


# ---------------------------------------------------------------------------
# 2. integral.json
# ---------------------------------------------------------------------------
TABLE_SOURCES = {
    "rat": "Wikipedia, List of integrals of rational functions (standard table, retrieved from memory)",
    "irr": "Wikipedia, List of integrals of irrational functions (standard table, retrieved from memory)",
    "exp": "Wikipedia, List of integrals of exponential functions (standard table, retrieved from memory)",
    "trig": "Wikipedia, List of integrals of trigonometric functions (standard table, retrieved from memory)",
    "itrig": "Wikipedia, List of integrals of inverse trigonometric functions (standard table, retrieved from memory)",
    "hyp": "Wikipedia, List of integrals of hyperbolic functions (standard table, retrieved from memory)",
    "ihyp": "Wikipedia, List of integrals of inverse hyperbolic functions (standard table, retrieved from memory)",
    "log": "Wikipedia, List of integrals of logarithmic functions (standard table, retrieved from memory)",
}
TABLE = [
    ("rat", "1/(x+3)"), ("rat", "1/(2*x+5)"), ("rat", "x/(x^2+4)"), ("rat", "1/(x^2+4)"),
    ("rat", "1/(x^2-9)"), ("rat", "1/(x^2+2*x+5)"), ("rat", "x/(x^2+2*x+5)"),
    ("rat", "1/(x^2+1)^2"), ("rat", "1/(x^3+1)"), ("rat", "1/(x^4+1)"), ("rat", "x^2/(x^2+1)"),
    ("rat", "1/(x*(x+1))"), ("rat", "1/(x^2*(x+1))"), ("rat", "(x+1)/(x^2+1)^2"),
    ("rat", "1/(x^4-1)"), ("rat", "x^3/(x^2+1)"), ("rat", "1/(x*(x^2+1))"), ("rat", "1/x^3"),
    ("rat", "1/(x+1)^3"), ("rat", "1/(3*x^2+2)"), ("rat", "x/(x^4+1)"),
    ("irr", "sqrt(x^2+1)"), ("irr", "1/sqrt(x^2+1)"), ("irr", "1/sqrt(1-x^2)"),
    ("irr", "sqrt(1-x^2)"), ("irr", "x/sqrt(x^2+4)"), ("irr", "1/sqrt(x^2-1)"),
    ("irr", "x*sqrt(x+1)"), ("irr", "1/(x^2*sqrt(x^2+1))"), ("irr", "sqrt(x^2-1)"),
    ("irr", "x*sqrt(1-x^2)"), ("irr", "1/sqrt(2*x+3)"), ("irr", "sqrt(x)"), ("irr", "1/(sqrt(x)+1)"),
    ("exp", "exp(3*x)"), ("exp", "x*exp(x)"), ("exp", "x^2*exp(-x)"), ("exp", "exp(x)*sin(x)"),
    ("exp", "exp(2*x)*cos(3*x)"), ("exp", "1/(1+exp(x))"), ("exp", "exp(x)/(1+exp(x))"),
    ("exp", "2^x"), ("exp", "x*2^x"), ("exp", "exp(x)/(exp(2*x)+1)"), ("exp", "exp(sqrt(x))"),
    ("exp", "x*exp(x^2)"), ("exp", "x^3*exp(x)"), ("exp", "exp(-x)*cos(x)"),
    ("trig", "sin(x)^2"), ("trig", "cos(x)^3"), ("trig", "tan(x)"), ("trig", "sec(x)"),
    ("trig", "csc(x)"), ("trig", "cot(x)"), ("trig", "sec(x)^2"), ("trig", "tan(x)^2"),
    ("trig", "sin(x)*cos(x)"), ("trig", "sin(2*x)*cos(3*x)"), ("trig", "sin(x)^2*cos(x)^2"),
    ("trig", "x*sin(x)"), ("trig", "x^2*cos(x)"), ("trig", "1/(1+cos(x))"),
    ("trig", "1/(2+cos(x))"), ("trig", "sec(x)^3"), ("trig", "tan(x)^3"), ("trig", "sin(x)^4"),
    ("trig", "1/sin(x)^2"), ("trig", "sin(3*x)*sin(5*x)"), ("trig", "sec(x)*tan(x)"),
    ("trig", "cos(x)^2"),
    ("itrig", "asin(x)"), ("itrig", "acos(x)"), ("itrig", "atan(x)"), ("itrig", "x*atan(x)"),
    ("itrig", "acot(x)"), ("itrig", "x*asin(x)"),
    ("hyp", "sinh(x)"), ("hyp", "cosh(x)^2"), ("hyp", "tanh(x)"), ("hyp", "1/cosh(x)"),
    ("hyp", "x*cosh(x)"), ("hyp", "sech(x)^2"), ("hyp", "sinh(x)*cosh(x)"),
    ("ihyp", "asinh(x)"), ("ihyp", "atanh(x)"), ("ihyp", "acosh(x)"),
    ("log", "log(x)"), ("log", "x*log(x)"), ("log", "log(x)^2"), ("log", "log(x)/x"),
    ("log", "1/(x*log(x))"), ("log", "log(x^2+1)"), ("log", "log(x)/x^2"),
    ("log", "x^2*log(x)"), ("log", "log(x+1)"), ("log", "sqrt(x)*log(x)"), ("log", "log(x)^3"),
]
NONELEM = [
    "exp(-x^2)", "exp(x^2)", "sin(x)/x", "cos(x)/x", "exp(x)/x", "1/log(x)",
    "sqrt(1+x^3)", "sin(x^2)", "cos(x^2)", "exp(exp(x))", "x^x", "log(log(x))",
    "sqrt(sin(x))", "1/sqrt(1-x^4)", "sinh(x)/x", "exp(x)*log(x)", "sqrt(1+x^4)",
    "exp(-x)/x", "atan(x)/x", "exp(-x^2)*x^2", "tan(x)/x", "log(x)/(x+1)",
]


def rand_rational(rng):
    """Random P/Q with deg P, deg Q <= 6; Q built from linear factors,
    repeated factors and irreducible quadratics."""
    while True:
        factors = []
        deg = 0
        target = rng.randint(1, 6)
        while deg < target:
            r = rng.random()
            if r < 0.5 and deg + 1 <= 6:
                m = rng.choice([1, 1, 1, 2, 3])
                m = min(m, 6 - deg)
                factors.append((x - rng.randint(-4, 4)) ** m)
                deg += m
            elif r < 0.85 and deg + 2 <= 6:
                p = rng.randint(-3, 3)
                q = rng.randint(p * p // 4 + 1, p * p // 4 + 6)
                m = 2 if (rng.random() < 0.25 and deg + 4 <= 6) else 1
                factors.append((x ** 2 + p * x + q) ** m)
                deg += 2 * m
            elif r < 0.885 and deg + 3 <= 6:
                factors.append(x ** 3 + rng.choice([1, 2]) * x + rng.choice([1, 3]))
                deg += 3
            elif deg + 1 <= 6:
                factors.append(rng.randint(2, 3) * x + rng.choice([1, -1]))
                deg += 1
            else:
                break
        Q = Mul(*factors)
        P = rand_poly(rng, x, rng.randint(0, 6), coef=6)
        if P == 0:
            continue
        if rng.random() < 0.5:
            Q = expand(Q)
        return P / Q


def integral_tasks(rng):
    specs = []   # (family, expr, source, elementary)
    gen = "randomly generated with seed %d" % SEED
    for _ in range(95):
        specs.append(("rational", rand_rational(rng), gen, True))
    for _ in range(45):
        P = rand_poly(rng, x, rng.randint(0, 4))
        aa = rng.choice([1, 2, 3, -1, -2, Rational(1, 2), Rational(-1, 3)])
        bb = rng.randint(-2, 2)
        specs.append(("poly*exp", P * exp(aa * x + bb), gen, True))
    for _ in range(45):
        P = rand_poly(rng, x, rng.randint(0, 4))
        aa = rng.choice([1, 2, 3, -1, Rational(1, 2), 4])
        bb = rng.randint(-2, 2)
        f = rng.choice([sin, cos])
        specs.append(("poly*trig", P * f(aa * x + bb), gen, True))
    for _ in range(30):
        P = rand_poly(rng, x, rng.randint(0, 4))
        L = rng.choice([log(x), log(x), log(x) ** 2, log(2 * x + 1), log(x + 3)])
        specs.append(("poly*log", P * L, gen, True))
    seen = set()
    while len([s for s in specs if s[0] == "trig_power"]) < 40:
        m, nn = rng.randint(0, 6), rng.randint(0, 6)
        if rng.random() < 0.15:
            nn = -rng.randint(1, 3)
        if (m, nn) in seen or (m == 0 and nn == 0):
            continue
        seen.add((m, nn))
        specs.append(("trig_power", sin(x) ** m * cos(x) ** nn, gen, True))
    inner = [x ** 2 + 1, sin(x), exp(x), log(x), x ** 3, sqrt(x), cos(x), x ** 2, 2 * x + 1,
             tan(x), atan(x), exp(2 * x) + 1, x ** 3 + 2 * x]
    outer = [lambda u: sin(u), lambda u: cos(u), lambda u: exp(u), lambda u: u ** 3,
             lambda u: u ** 5, lambda u: 1 / u, lambda u: sqrt(u), lambda u: 1 / (1 + u ** 2),
             lambda u: u * exp(u), lambda u: 1 / u ** 2, lambda u: cosh(u), lambda u: sec(u) ** 2]
    subs_seen = set()
    while len([s for s in specs if s[0] == "substitution"]) < 45:
        gi, fi = rng.randrange(len(inner)), rng.randrange(len(outer))
        if (gi, fi) in subs_seen:
            continue
        subs_seen.add((gi, fi))
        g = inner[gi]
        e = outer[fi](g) * diff(g, x)
        specs.append(("substitution", e, gen + " (f(g(x))*g'(x))", True))
    for sec_, s in TABLE:
        specs.append(("table", s, TABLE_SOURCES[sec_], True))
    for s in NONELEM:
        specs.append(("nonelementary", s,
                      "known non-elementary integrand (Liouville)", False))
    while len([s for s in specs if s[0] == "random"]) < 35:
        e = rand_expr(rng, [x], 2)
        if not e.has(x) or count_ops(e) > 14 or count_ops(e) < 2:
            continue
        specs.append(("random", e, gen, None))
    out = []
    for j, (fam, e, source, elem) in enumerate(specs):
        def compute(e=e, fam=fam, source=source, elem=elem, j=j):
            es, e = emit_any(e)
            F, why = sympy_call(lambda: sympy.integrate(e, x))
            case = {"expr": es, "var": "x", "family": fam, "elementary": elem,
                    "answer": None, "source": source}
            if F is not None and F.has(Integral):
                F, why = None, "SymPy returned an unevaluated Integral"
            if F is not None:
                try:
                    check_representable(F)
                except Unrep as ex:
                    F, why = None, f"SymPy's answer is outside the grammar ({ex})"
            if F is None:
                case["null_reason"] = why
                return case
            if elem is False:
                raise Drop("elementary answer for a non-elementary integrand?")
            Fs = emit(F)
            names = sorted(set(var_names(e)) | set(var_names(F)))
            prng = random.Random(f"integral-{j}")
            pts = choose_points([Fs, es], names, prng, sympy_exprs=[F, e])
            # check F' = e at the points (numeric differentiation of the
            # emitted antiderivative string with mpmath)
            fnode = parse_strict(Fs, R)
            for p in pts:
                q = Fraction(p["x"])
                with mpmath.workdps(90):
                    x0 = mpmath.mpf(q.numerator) / q.denominator
                    dv = mpmath.diff(lambda tt: Evaluator({"x": tt}, real=False, strict=False).ev(fnode), x0)
                    ev_ = eval_string(es, {"x": q}, R, 90, strict=False, real=False)
                    if abs(dv - ev_) > mpmath.mpf(10) ** -30 * (1 + abs(ev_)):
                        raise Drop("antiderivative check failed")
            case["answer"] = Fs
            case["points"] = pts
            if elem is None:
                case["elementary"] = True
            return case
        out.append(compute)
    return out


# ---------------------------------------------------------------------------
# 3. limit.json
# ---------------------------------------------------------------------------
# (expr, point, dir, expected) -- expected is the textbook value (checked
# against SymPy; a disagreement drops the case).  "dne" = two-sided limit
# does not exist.
LIMIT_HAND = [
    ("sin(x)/x", "0", "+-", "1"), ("(1-cos(x))/x^2", "0", "+-", "1/2"),
    ("(1+1/x)^x", "inf", "-", "e"), ("(1+x)^(1/x)", "0", "+-", "e"),
    ("x*log(x)", "0", "+", "0"), ("(exp(x)-1-x)/x^2", "0", "+-", "1/2"),
    ("x^x", "0", "+", "1"), ("log(x)^3/x", "inf", "-", "0"), ("log(x)^5/x", "inf", "-", "0"),
    ("log(x)^10/x", "inf", "-", "0"), ("log(x)^2/sqrt(x)", "inf", "-", "0"),
    ("exp(x)*(exp(1/x-exp(-x))-exp(1/x))", "inf", "-", "-1"),
    ("exp(x)*(exp(1/x+exp(-x))-exp(1/x))", "inf", "-", "1"),
    ("exp(x)*(sin(1/x+exp(-x))-sin(1/x))", "inf", "-", "1"),
    ("(x^2+1)/(2*x^2-3)", "inf", "-", "1/2"), ("sqrt(x^2+x)-x", "inf", "-", "1/2"),
    ("x*sin(1/x)", "inf", "-", "1"), ("tan(x)/x", "0", "+-", "1"),
    ("(tan(x)-sin(x))/x^3", "0", "+-", "1/2"), ("(x-sin(x))/x^3", "0", "+-", "1/6"),
    ("atan(x)", "inf", "-", "pi/2"), ("atan(x)", "-inf", "+", "-pi/2"),
    ("exp(-x)*x^10", "inf", "-", "0"), ("(2^x-1)/x", "0", "+-", "log(2)"),
    ("x^(1/x)", "inf", "-", "1"), ("(1-1/x)^x", "inf", "-", "exp(-1)"),
    ("(1+2/x)^x", "inf", "-", "exp(2)"), ("log(1+x)/x", "0", "+-", "1"),
    ("(sqrt(1+x)-1)/x", "0", "+-", "1/2"), ("(cos(x)-1)/x", "0", "+-", "0"),
    ("1/x", "0", "+", "inf"), ("1/x", "0", "-", "-inf"), ("1/x", "0", "+-", "dne"),
    ("exp(1/x)", "0", "+", "inf"), ("exp(1/x)", "0", "-", "0"), ("exp(1/x)", "0", "+-", "dne"),
    ("atan(1/x)", "0", "+", "pi/2"), ("atan(1/x)", "0", "-", "-pi/2"),
    ("atan(1/x)", "0", "+-", "dne"),
    ("abs(x)/x", "0", "+", "1"), ("abs(x)/x", "0", "-", "-1"), ("abs(x)/x", "0", "+-", "dne"),
    ("sign(x)", "0", "+", "1"), ("floor(x)", "1", "-", "0"), ("floor(x)", "1", "+", "1"),
    ("floor(x)", "1", "+-", "dne"), ("ceil(x)", "2", "-", "2"), ("ceil(x)", "2", "+", "3"),
    ("1/x^2", "0", "+-", "inf"), ("x*exp(x)", "-inf", "+", "0"), ("sin(x)/x", "inf", "-", "0"),
    ("exp(x)/x^100", "inf", "-", "inf"), ("log(log(x))/log(x)", "inf", "-", "0"),
    ("x^(1/log(x))", "inf", "-", "e"), ("(exp(x)-exp(-x))/(exp(x)+exp(-x))", "inf", "-", "1"),
    ("x*(sqrt(x^2+1)-x)", "inf", "-", "1/2"), ("(3*x^3-2)/(x^2+1)", "-inf", "+", "-inf"),
    ("sin(x)^2/x^2", "0", "+-", "1"), ("(exp(2*x)-1)/sin(x)", "0", "+-", "2"),
    ("(x*cos(x)-sin(x))/x^3", "0", "+-", "-1/3"), ("1/sin(x)^2-1/x^2", "0", "+-", "1/3"),
    ("1/x-1/sin(x)", "0", "+-", "0"), ("cot(x)-1/x", "0", "+-", "0"),
    ("log(x)/(x-1)", "1", "+-", "1"), ("(x^3-8)/(x-2)", "2", "+-", "12"),
    ("exp(-1/x^2)/x^10", "0", "+-", "0"), ("log(cos(x))/x^2", "0", "+-", "-1/2"),
    ("(1+sin(x))^(1/x)", "0", "+-", "e"), ("x^sin(x)", "0", "+", "1"), ("sin(x)^x", "0", "+", "1"),
    ("sqrt(x)*log(x)", "0", "+", "0"), ("x*(log(x+1)-log(x))", "inf", "-", "1"),
    ("log(exp(x)+x)-x", "inf", "-", "0"), ("exp(log(x)^2)/x^100", "inf", "-", "inf"),
    ("x^2*(exp(1/x)-1-1/x)", "inf", "-", "1/2"), ("(exp(1/x)-1)*x", "inf", "-", "1"),
    ("x^100*exp(-x)", "inf", "-", "0"), ("sin(1/x)", "0", "+-", "osc"), ("sin(x)", "inf", "-", "osc"),
    ("cos(1/x)*x", "0", "+-", "0"), ("(x^2-1)/(x-1)^2", "1", "+-", "dne"),
    ("(x-1)/(x^2-1)", "1", "+-", "1/2"),
    ("x/abs(x)", "0", "+", "1"), ("sqrt(x^2+1)/x", "-inf", "+", "-1"),
    ("(1+1/x)^(x^2)*exp(-x)", "inf", "-", "exp(-1/2)"), ("gamma(x)*x", "0", "+-", "1"),
    ("factorial(x)", "0", "+-", "1"), ("asin(x)/x", "0", "+-", "1"),
    ("(asin(x)-x)/x^3", "0", "+-", "1/6"), ("sinh(x)/x", "0", "+-", "1"),
    ("tanh(x)", "-inf", "+", "-1"), ("x*(atan(x)-pi/2)", "inf", "-", "-1"),
    ("(x+2)^(1/3)-x^(1/3)", "inf", "-", "0"), ("log(x, 2)/log(x, 4)", "inf", "-", "2"),
    ("root(x, 3)/root(x, 2)", "inf", "-", "0"), ("x^2-exp(x)", "inf", "-", "-inf"),
    ("e^x/x^e", "inf", "-", "inf"), ("(pi-2*atan(x))*x", "inf", "-", "2"),
]


def numeric_limit_check(es, point, dirs, ans_sym):
    """Crude numeric confirmation of a limit (True/False/None=inconclusive):
    the expression is evaluated at 400 and 500 digits at distance 1e-8,
    1e-30, 1e-80 from the point (or at 1e8, 1e30, 1e80)."""
    node = parse_strict(es, R)
    real = not has_i(node)
    results = []
    for d in dirs:
        with mpmath.workdps(500):
            if point in ("inf", "-inf"):
                sgn = 1 if point == "inf" else -1
                xs = [sgn * mpmath.mpf(10) ** j for j in (8, 30, 80)]
            else:
                p0 = mpmath.mpf(Fraction(point).numerator) / Fraction(point).denominator
                sgn = 1 if d == "+" else -1
                xs = [p0 + sgn * mpmath.mpf(10) ** -j for j in (8, 30, 80)]
            vals = []
            for xv in xs:
                try:
                    with mpmath.workdps(400):
                        v1 = Evaluator({"x": xv}, real=real, strict=False).ev(node)
                    v2 = Evaluator({"x": xv}, real=real, strict=False).ev(node)
                except (BadPoint, ZeroDivisionError, ValueError):
                    return None
                if abs(v1 - v2) > 1e-20 * (1 + abs(v2)):
                    return None
                vals.append(v2)
            last = vals[-1]
            if ans_sym in (oo, -oo):
                sgn = 1 if ans_sym == oo else -1
                results.append(bool(abs(last) > 1e6 and sgn * mpmath.re(last) > 0
                                    and abs(vals[-1]) >= abs(vals[0])))
            else:
                L = mpmath.mpmathify(complex(sympy.N(ans_sym, 30)))
                results.append(bool(abs(last - L) < 1e-4 * (1 + abs(L))))
    return all(results)


def limit_tasks(rng):
    specs = []  # (expr, point, dir, expected or None, origin)
    for s, p, d, exp_ in LIMIT_HAND:
        specs.append((s, p, d, exp_, "textbook"))
    # rational functions at +-inf
    for _ in range(40):
        P = rand_poly(rng, x, rng.randint(0, 4))
        Q = rand_poly(rng, x, rng.randint(1, 4))
        p = rng.choice(["inf", "inf", "-inf"])
        specs.append((P / Q, p, "-" if p == "inf" else "+", None, "random rational at infinity"))
    # 0/0 and poles at a finite point
    for _ in range(35):
        r0 = rng.randint(-3, 3)
        A = rand_poly(rng, x, rng.randint(0, 2), coef=4)
        B = rand_poly(rng, x, rng.randint(0, 2), coef=4)
        if B.subs(x, r0) == 0 or A.subs(x, r0) == 0:
            continue
        m = rng.choice([1, 1, 2])
        e = expand((x - r0) * A) / expand((x - r0) ** m * B)
        specs.append((e, str(r0), rng.choice(["+-", "+-", "+", "-"]), None,
                      "random rational at a finite point"))
    # (f - Taylor polynomial)/x^m at 0
    analytic = [exp, sin, cos, atan, sinh, cosh, lambda u: log(1 + u), lambda u: sqrt(1 + u),
                lambda u: 1 / (1 - u), tan, asin]
    while len([s for s in specs if s[4] == "random Taylor remainder at 0"]) < 55:
        f = rng.choice(analytic)
        g = rng.choice(analytic)
        inner = rng.choice([x, 2 * x, x + x ** 2, -x, 3 * x])
        e0 = f(inner) if rng.random() < 0.5 else f(inner) * g(x)
        if rng.random() < 0.3:
            e0 = f(g(x) - g(S.Zero)) if g(S.Zero).is_finite else e0
        ser, _ = sympy_call(lambda: sympy.series(e0, x, 0, 7).removeO(), 10)
        if ser is None or ser.has(sympy.Order):
            continue
        coeffs = [ser.coeff(x, j) for j in range(7)]
        if any(c.has(x) for c in coeffs):
            continue
        cands = [j for j in range(1, 5) if coeffs[j] != 0]
        if not cands:
            continue
        m = rng.choice(cands)
        e = (e0 - sum(coeffs[j] * x ** j for j in range(m))) / x ** m
        specs.append((e, "0", "+-", None, "random Taylor remainder at 0"))
    # exp/log at infinity
    for _ in range(40):
        kind = rng.randrange(6)
        p, q, r_ = rng.randint(1, 4), rng.randint(1, 3), rng.randint(1, 5)
        if kind == 0:
            e = x ** p * exp(-q * x) * log(x) ** r_
        elif kind == 1:
            e = log(x) ** r_ / x ** Rational(q, rng.randint(1, 3))
        elif kind == 2:
            e = (1 + Rational(p, q) / x) ** (r_ * x)
        elif kind == 3:
            e = sqrt(x ** 2 + p * x + q) - x
        elif kind == 4:
            e = x ** Rational(p, q) * exp(-sqrt(x))
        else:
            e = log(x ** p + exp(q * x)) / x
        specs.append((e, "inf", "-", None, "random exp/log at infinity"))
    out = []
    for j, (e, p, d, expected, origin) in enumerate(specs):
        def compute(e=e, p=p, d=d, expected=expected, origin=origin):
            es, e = emit_any(e)
            pt = {"inf": oo, "-inf": -oo}.get(p)
            if pt is None:
                pt = Rational(p)
            case = {"expr": es, "var": "x", "point": p, "dir": d, "answer": None,
                    "origin": origin}
            def lim(dd):
                return sympy_call(lambda: sympy.limit(e, x, pt, dd))
            L, why = lim({"inf": "-", "-inf": "+"}.get(p, d))
            if L is None and d == "+-" and why and "does not exist" in why:
                why = "the two-sided limit does not exist"
            if L is not None and isinstance(L, sympy.AccumBounds):
                why, L = f"SymPy: {L} (oscillates)", None
            if L is not None and L in (sympy.zoo, S.NaN):
                L, why = None, f"SymPy answered {L}" + (
                    " (complex infinity: the one-sided limits are infinite with different signs)"
                    if L == sympy.zoo else "")
            if L is not None and L.has(sympy.Limit):
                why, L = "SymPy returned an unevaluated Limit", None
            if L is not None:
                try:
                    check_representable(L, allow_inf=True)
                except Unrep as ex:
                    L, why = None, f"answer outside the grammar ({ex})"
            if expected is not None:
                if expected in ("dne", "osc"):
                    if L is not None:
                        raise Drop(f"expected no limit, SymPy says {L}")
                else:
                    exp_sym = to_sympy(parse_strict(expected, R), R)
                    if L is None or not same_expr(L, exp_sym, R):
                        raise Drop(f"SymPy {L} ({why}) differs from textbook {expected}")
            if L is None:
                case["null_reason"] = why
                if d == "+-":
                    for side, key in (("+", "right"), ("-", "left")):
                        Ls, why_s = lim(side)
                        if Ls is None or isinstance(Ls, sympy.AccumBounds):
                            case[key] = None
                            continue
                        check_representable(Ls, allow_inf=True)
                        ok = numeric_limit_check(es, p, side, Ls)
                        if ok is False or (ok is None and expected is None):
                            raise Drop("numeric check of one-sided limit failed")
                        case[key] = emit(Ls, allow_inf=True)
                        if Ls.is_finite:
                            if Ls == 0:
                                case[key + "_value"] = "0"
                            else:
                                for kk, vv in const_value(case[key], sympy_expr=Ls).items():
                                    case[key + kk[len("value"):] + "_value" if kk != "value"
                                         else key + "_value"] = vv
                    if case.get("left") is not None and case.get("left") == case.get("right"):
                        raise Drop("one-sided limits agree but two-sided failed")
                elif expected is None:
                    raise Drop("one-sided limit unanswered: " + str(why))
                return case
            if expected is None:
                dirs = ["+", "-"] if d == "+-" else [d]
                if p in ("inf", "-inf"):
                    dirs = ["-"]
                ok = numeric_limit_check(es, p, dirs, L)
                if not ok:
                    raise Drop(f"numeric check {'failed' if ok is False else 'inconclusive'}")
            case["answer"] = emit(L, allow_inf=True)
            if L.is_finite:
                if L == 0:
                    case["value"] = "0"
                else:
                    case.update({k.replace("value", "value"): v for k, v in
                                 const_value(case["answer"], sympy_expr=L).items()})
            return case
        out.append(compute)
    return out


# ---------------------------------------------------------------------------
# 4. series.json
# ---------------------------------------------------------------------------
SERIES_HAND = [
    ("tan(x)", "0", [8, 20]), ("exp(sin(x))", "0", [8, 20]), ("log(1+x)", "0", [6, 12]),
    ("1/cos(x)", "0", [10, 20]), ("sqrt(1+x)", "0", [6]), ("atan(x)", "0", [9, 12]),
    ("sinh(x)", "0", [8]), ("cosh(x)", "0", [8]), ("tanh(x)", "0", [10]), ("asin(x)", "0", [10]),
    ("acos(x)", "0", [7]), ("exp(x)", "0", [6, 12]), ("sin(x)", "0", [10]), ("cos(x)", "0", [10]),
    ("1/(1-x)", "0", [8]), ("1/(1+x^2)", "0", [9]), ("log(cos(x))", "0", [10]),
    ("exp(x)*sin(x)", "0", [8]), ("sin(x)/x", "0", [9]), ("x/(exp(x)-1)", "0", [10, 20]),
    ("1/sin(x)^2", "0", [6, 10]), ("cot(x)", "0", [8, 20]), ("csc(x)", "0", [8]),
    ("1/(exp(x)-1)", "0", [6]), ("1/(x*sin(x))", "0", [6]), ("sqrt(x+x^2)", "0", [5, 8]),
    ("sqrt(x)*exp(x)", "0", [5]), ("x^(3/2)/(1-x)", "0", [6]), ("sqrt(sin(x))", "0", [6]),
    ("(1+x)^(1/3)", "0", [6]), ("atanh(x)", "0", [9]), ("asinh(x)", "0", [9]),
    ("sec(x)", "0", [10]), ("log(1+sin(x))", "0", [7]), ("exp(exp(x))", "0", [5]),
    ("sin(sin(x))", "0", [8]), ("tan(sin(x))-sin(tan(x))", "0", [10]),
    ("exp(x)/(1-x)", "0", [7]), ("1/(1-x-x^2)", "0", [12]), ("(1-sqrt(1-4*x))/(2*x)", "0", [9]),
    ("exp(-x^2/2)", "0", [8]), ("1/x-cot(x)", "0", [9]),
    ("log(x)", "1", [6]), ("exp(x)", "2", [6]), ("sqrt(x)", "4", [5]), ("1/x", "1", [7]),
    ("sin(x)", "1", [5]), ("atan(x)", "1", [5]), ("x^x", "1", [5]), ("log(x)/(x-1)", "1", [5]),
    ("1/(x^2+1)", "1", [5]), ("exp(x)*x", "-1", [5]), ("cos(x)", "3", [4]),
    ("log(x)", "2", [5]), ("1/(x-2)", "1", [6]), ("sqrt(x)", "1/4", [4]),
    ("1/(x-1)^2", "0", [6]), ("log(1+x)/(x-2)", "1/2", [4]),
    ("sqrt(x^2+1)", "inf", [5]), ("exp(1/x)", "inf", [6]), ("atan(x)", "inf", [7]),
    ("log(1+1/x)", "inf", [6]), ("x*sin(1/x)", "inf", [7]), ("(x^3+1)/(x-1)", "inf", [5]),
    ("x^2/(x^2+1)", "inf", [8]), ("sqrt(x+1)-sqrt(x)", "inf", [4]),
]


def series_numeric_check(f_s, S_s, point, n):
    """Error |f - S| must shrink like |h|^n (or faster)."""
    fnode, snode = parse_strict(f_s, R), parse_strict(S_s, R)
    real = not has_i(fnode) and not has_i(snode)
    dps = 25 * (n + 6) + 80
    errs = []
    hs = [mpmath.mpf(10) ** -20, mpmath.mpf(10) ** -25]
    with mpmath.workdps(dps):
        for h in hs:
            if point == "inf":
                xv = 1 / h
            else:
                p0 = Fraction(point)
                xv = mpmath.mpf(p0.numerator) / p0.denominator + h
            try:
                fv = Evaluator({"x": xv}, real=real, strict=False).ev(fnode)
                sv = Evaluator({"x": xv}, real=real, strict=False).ev(snode)
            except BadPoint:
                return None
            errs.append(abs(fv - sv))
        tiny = mpmath.mpf(10) ** (-dps + 60)
        if errs[1] < tiny:
            return True
        if errs[0] < tiny:
            return False
        p_est = mpmath.log10(errs[0] / errs[1]) / 5
        return p_est >= n - 0.05


def series_terms(ans, point):
    """[[exponent, coefficient]] of the truncated series in h = x - point
    (point finite) or in x (point inf)."""
    h = Symbol("h_", positive=True)
    if point == "inf":
        A = expand(ans)
        var = x
    else:
        A = expand(ans.subs(x, h + Rational(point)))
        var = h
    terms = {}
    for term in Add.make_args(A):
        c, ex = term.as_coeff_exponent(var)
        if c.has(var) or c.has(x) or c.has(h):
            raise Drop("coefficient depends on the variable (log terms)")
        terms[ex] = terms.get(ex, 0) + c
    out = []
    for ex in sorted(terms, key=lambda q: float(q)):
        c = terms[ex]
        if c == 0:
            continue
        out.append([emit(ex), emit(c)])
    return out


def series_tasks(rng):
    specs = []
    for s, p, orders in SERIES_HAND:
        for nn in orders:
            specs.append((s, p, nn, "textbook"))
    analytic = [exp, sin, cos, atan, sinh, cosh, tan, lambda u: log(1 + u),
                lambda u: sqrt(1 + u), lambda u: 1 / (1 - u), lambda u: 1 / (1 + u ** 2), asinh]
    while len(specs) < 200:
        f, g = rng.choice(analytic), rng.choice(analytic)
        r = rng.random()
        if r < 0.4:
            inner = g(x) - g(S.Zero)
            e = f(inner)
        elif r < 0.7:
            e = f(x) * g(rng.choice([x, 2 * x, -x, x ** 2]))
        elif r < 0.85:
            e = f(x) / g(x) if g(S.Zero) != 0 else f(x) / (1 + g(x))
        else:
            e = (f(x) - f(S.Zero)) / x ** rng.randint(1, 3)
        specs.append((e, "0", rng.randint(4, 12), "random composition"))
    for _ in range(25):
        P = rand_poly(rng, x, rng.randint(0, 4))
        Q = rand_poly(rng, x, rng.randint(1, 4))
        specs.append((P / Q, "inf", rng.randint(4, 8), "random rational at infinity"))
    for _ in range(25):
        p0 = rng.choice([1, 2, -1, Rational(1, 2), 3])
        f = rng.choice([exp, sin, cos, atan, lambda u: 1 / (1 + u ** 2), lambda u: log(u + 2)])
        e = f(x) * (x + rng.randint(-2, 2)) ** rng.choice([1, 2])
        specs.append((e, str(p0), rng.randint(4, 8), "random at a finite point"))
    out = []
    for j, (e, p, nn, origin) in enumerate(specs):
        def compute(e=e, p=p, nn=nn, origin=origin):
            es, e = emit_any(e)
            pt = oo if p == "inf" else Rational(p)
            ser, why = sympy_call(lambda: sympy.series(e, x, pt, nn))
            if ser is None:
                raise Drop("series failed: " + str(why))
            ans = ser.removeO()
            if ans == 0:
                raise Drop("zero truncation")
            ans_s = emit(ans)
            terms = series_terms(ans, p)
            ok = series_numeric_check(es, ans_s, p, nn)
            if not ok:
                raise Drop(f"numeric check {'failed' if ok is False else 'inconclusive'}")
            return {"expr": es, "var": "x", "point": p, "order": nn, "answer": ans_s,
                    "terms": terms, "origin": origin}
        out.append(compute)
    return out


# ---------------------------------------------------------------------------
# 5. numeric.json / numeric_big.json
# ---------------------------------------------------------------------------
NUMERIC_EXPRS = [
    "pi", "e", "exp(pi)-pi", "e^pi-pi", "sqrt(2)+sqrt(3)", "log(2)", "sin(1)", "atan(1/3)",
    "gamma(1/3)", "pi^e", "e^pi", "2^(1/3)", "cos(pi/7)", "sqrt(2)", "log(10)", "gamma(1/4)",
    "exp(pi*sqrt(163))", "log(pi)", "pi^2/6", "sqrt(pi)", "exp(-1)", "exp(1/3)", "sinh(1)",
    "cosh(1)", "tanh(1/2)", "asinh(1)", "acosh(2)", "atanh(1/3)", "acot(2)", "asec(3)",
    "acsc(3)", "sec(1)", "csc(1)", "cot(1)", "log(3, 2)", "root(5, 7)", "(1+sqrt(5))/2",
    "factorial(30)", "binomial(50, 25)", "gamma(5/2)", "sqrt(2)^sqrt(2)", "2^sqrt(2)",
    "e^(-pi/2)", "tan(1)", "asin(1/3)", "acos(1/3)", "log(1+sqrt(2))", "coth(2)", "sech(1)",
    "csch(1)", "sqrt(1+sqrt(1+sqrt(2)))", "pi-355/113", "exp(pi)-e^pi+1/7", "0.125^(1/3)+3.75",
]


def numeric_tasks(rng):
    out = []
    digit_cycle = [15, 50, 100, 1000]
    j = 0
    for i, s in enumerate(NUMERIC_EXPRS):
        for r in range(3):
            digits = digit_cycle[(i + r) % 4]
            j += 1

            def compute(s=s, digits=digits):
                s, e = src_expr(s)
                sig = digits + 20
                with mpmath.workdps(sig + 40):
                    v1 = eval_string(s, {}, R, sig + 30, strict=False)
                    v2 = eval_string(s, {}, R, sig + 60, strict=False)
                    if abs(v1 - v2) > abs(v2) * mpmath.mpf(10) ** -(sig + 10):
                        raise Drop("precision")
                    with time_limit(30):
                        ref = sympy.N(e, sig + 10)
                    refm = mpmath.mpmathify(str(ref))
                    if abs(refm - v2) > abs(v2) * mpmath.mpf(10) ** -(sig + 5):
                        raise Drop("disagrees with SymPy")
                    a1 = fmt(v2, sig)
                    a2 = fmt(v1, sig)
                    if a1 != a2:
                        raise Drop("rounding boundary")
                return {"expr": s, "digits": digits, "value": a1}
            out.append(compute)
    return out


def numeric_big():
    cases = []
    for s in ["pi", "e", "exp(pi)-pi", "log(2)", "2^(1/3)", "log(1+10^(-20))", "exp(-pi)*log(3)",
              "euler_gamma"]:
        digits = 10000
        sig = digits + 20
        v1 = eval_string(s, {}, R, sig + 30, strict=False)
        v2 = eval_string(s, {}, R, sig + 60, strict=False)
        with mpmath.workdps(sig + 60):
            a1, a2 = fmt(v1, sig), fmt(v2, sig)
        assert a1 == a2
        cases.append({"expr": s, "digits": digits, "value": a2})
    return cases


# ---------------------------------------------------------------------------
# 6. equal.json
# ---------------------------------------------------------------------------
EQUAL_HAND = [
    ("sin(x)^2+cos(x)^2", "1", "trig", None), ("sin(2*x)", "2*sin(x)*cos(x)", "trig", None),
    ("cos(2*x)", "cos(x)^2-sin(x)^2", "trig", None), ("cos(2*x)", "1-2*sin(x)^2", "trig", None),
    ("tan(x)", "sin(x)/cos(x)", "trig", None), ("sec(x)^2-tan(x)^2", "1", "trig", None),
    ("sin(x+y)", "sin(x)*cos(y)+cos(x)*sin(y)", "trig", None),
    ("cos(x+y)", "cos(x)*cos(y)-sin(x)*sin(y)", "trig", None),
    ("sin(3*x)", "3*sin(x)-4*sin(x)^3", "trig", None), ("cos(3*x)", "4*cos(x)^3-3*cos(x)", "trig", None),
    ("1+tan(x)^2", "sec(x)^2", "trig", None), ("1+cot(x)^2", "csc(x)^2", "trig", None),
    ("sin(x)^4-cos(x)^4", "sin(x)^2-cos(x)^2", "trig", None),
    ("sin(x)*cos(y)", "(sin(x+y)+sin(x-y))/2", "trig", None),
    ("cos(x)^2", "(1+cos(2*x))/2", "trig", None), ("sin(pi/2-x)", "cos(x)", "trig", None),
    ("tan(2*x)", "2*tan(x)/(1-tan(x)^2)", "trig", None),
    ("cosh(x)^2-sinh(x)^2", "1", "hyperbolic", None), ("sinh(2*x)", "2*sinh(x)*cosh(x)", "hyperbolic", None),
    ("exp(x)", "cosh(x)+sinh(x)", "hyperbolic", None), ("tanh(x)", "sinh(x)/cosh(x)", "hyperbolic", None),
    ("cosh(2*x)", "2*cosh(x)^2-1", "hyperbolic", None),
    ("log(x*y)", "log(x)+log(y)", "log_exp", "x>0, y>0"), ("log(x^3)", "3*log(x)", "log_exp", "x>0"),
    ("exp(log(x))", "x", "log_exp", "x>0"), ("log(exp(x))", "x", "log_exp", None),
    ("exp(x+y)", "exp(x)*exp(y)", "log_exp", None), ("exp(2*x)", "exp(x)^2", "log_exp", None),
    ("log(x/y)", "log(x)-log(y)", "log_exp", "x>0, y>0"), ("log(sqrt(x))", "log(x)/2", "log_exp", "x>0"),
    ("e^(x*log(2))", "2^x", "log_exp", None), ("log(x, 2)", "log(x)/log(2)", "log_exp", "x>0"),
    ("sqrt(x^2)", "x", "power", "x>0"), ("sqrt(x^2)", "abs(x)", "power", None),
    ("x^a*x^b", "x^(a+b)", "power", "x>0"), ("(x^a)^2", "x^(2*a)", "power", "x>0"),
    ("sqrt(x)*sqrt(y)", "sqrt(x*y)", "power", "x>0, y>0"), ("root(x, 3)^3", "x", "power", "x>0"),
    ("(x^2-1)/(x-1)", "x+1", "rational", None), ("1/(x-1)-1/(x+1)", "2/(x^2-1)", "rational", None),
    ("(x^3-1)/(x-1)", "x^2+x+1", "rational", None), ("x/(x+1)+1/(x+1)", "1", "rational", None),
    ("(x+y)^2", "x^2+2*x*y+y^2", "polynomial", None), ("(x-1)*(x+1)", "x^2-1", "polynomial", None),
    ("(x+1)^5", "x^5+5*x^4+10*x^3+10*x^2+5*x+1", "polynomial", None),
    ("atan(x)+atan(1/x)", "pi/2", "inverse_trig", "x>0"), ("asin(x)+acos(x)", "pi/2", "inverse_trig", None),
    ("sin(asin(x))", "x", "inverse_trig", None), ("cos(atan(x))", "1/sqrt(1+x^2)", "inverse_trig", None),
    ("factorial(n+1)/factorial(n)", "n+1", "combinatorial", None),
    ("binomial(n, 2)", "n*(n-1)/2", "combinatorial", None),
    ("gamma(x+1)", "x*gamma(x)", "combinatorial", None),
]


def assume_syms(assume):
    syms = dict(R)
    if assume:
        for part in assume.split(","):
            v = part.strip().split(">")[0].strip()
            syms[v] = POS[v]
    return syms


def equal_tasks(rng):
    specs = []  # (left, right, kind, assume, expected_equal); str = verbatim hand string
    for l, r, kind, assume in EQUAL_HAND:
        specs.append((l, r, kind, assume, True))
    gens = []
    for _ in range(45):  # polynomial: factored vs expanded
        f = Mul(*[rand_poly(rng, x, rng.randint(1, 2), coef=3) for _ in range(rng.randint(2, 3))])
        if rng.random() < 0.3:
            f = f * (x + rng.randint(1, 3) * y)
        gens.append((f, expand(f), "polynomial", None))
    n_rat = 0
    while n_rat < 40:  # rational: P/Q vs partial fractions
        e = rand_rational(rng)
        if sympy.degree(e.as_numer_denom()[1], x) > 4:
            continue
        ap, _ = sympy_call(lambda: sympy.apart(e, x), 10)
        if ap is None or ap == e:
            continue
        n_rat += 1
        gens.append((e, ap, "rational", None))
    trig_atoms = [sin(x), cos(x), sin(2 * x), cos(2 * x), tan(x), sin(x + y), cos(x - y), sin(3 * x),
                  cos(3 * x), tan(2 * x)]
    n_trig = 0
    while n_trig < 45:  # trig: expression vs expand_trig
        e = Add(*[rng.choice([-3, -2, -1, 1, 2, 3]) * rng.choice(trig_atoms) *
                  rng.choice([1, sin(x), cos(x)]) for _ in range(rng.randint(1, 3))])
        rhs = sympy.expand_trig(e)
        if e == 0 or rhs == e:
            continue
        n_trig += 1
        gens.append((e, rhs, "trig", None))
    for _ in range(30):  # log / exp rules, written as strings
        c, p, q, r_ = rng.randint(2, 6), rng.randint(2, 5), rng.randint(2, 5), rng.randint(1, 5)
        tpl = rng.randrange(6)
        if tpl == 0:
            gens.append((f"log({c}*x^{p}*y^{q})", f"log({c})+{p}*log(x)+{q}*log(y)", "log_exp", "x>0, y>0"))
        elif tpl == 1:
            gens.append((f"exp({p}*x)*exp({q}*x+{r_})", f"exp({p + q}*x+{r_})", "log_exp", None))
        elif tpl == 2:
            gens.append((f"exp({p}*log(x))", f"x^{p}", "log_exp", "x>0"))
        elif tpl == 3:
            gens.append((f"({c}^x)^{p}", f"{c ** p}^x", "log_exp", None))
        elif tpl == 4:
            gens.append((f"log(x^{p}/y^{q})", f"{p}*log(x)-{q}*log(y)", "log_exp", "x>0, y>0"))
        else:
            gens.append((f"log(x, {c})", f"log(x)/log({c})", "log_exp", "x>0"))
    for g in gens:
        specs.append(g + (True,))
    perturb_rng = random.Random(SEED + 6)
    unequal = [(l, r, kind, assume, False) for l, r, kind, assume, _ in list(specs)
               if perturb_rng.random() < 0.55]
    specs += unequal
    out = []
    for j, (l, r, kind, assume, expect) in enumerate(specs):
        def compute(l=l, r=r, kind=kind, assume=assume, expect=expect, j=j):
            syms = assume_syms(assume)
            ls, le = emit_any(l)
            rs, re_ = emit_any(r)
            prng = random.Random(f"equal-{j}")
            if not expect:
                v = sorted(le.free_symbols | re_.free_symbols, key=str) or [x]
                choice = prng.randrange(4)
                vv = prng.choice(v)
                if choice == 0:
                    re_ = re_ + Rational(1, prng.choice([100, 1000, 7]))
                elif choice == 1:
                    re_ = re_ + vv ** prng.randint(2, 5) / 1000
                elif choice == 2:
                    re_ = re_ * Rational(prng.choice([101, 999, 11]), prng.choice([100, 1000, 10]))
                else:
                    re_ = re_.subs(vv, vv + Rational(1, 100))
                rs = emit(re_)
            if ls == rs:
                raise Drop("identical strings")
            # prove with SymPy under the assumptions
            sub = {R[k]: syms[k] for k in syms if k in R and syms[k] is not R[k]}
            diff_ = le.subs(sub) - re_.subs(sub)
            d, why = sympy_call(lambda: simplify(diff_))
            if d is None:
                raise Drop("simplify failed " + str(why))
            if expect and d != 0:
                d2, _ = sympy_call(lambda: simplify(sympy.expand_func(sympy.expand_log(
                    sympy.expand_trig(diff_.rewrite(exp)), force=True))))
                if d2 != 0:
                    raise Drop(f"SymPy does not prove equality: {d}")
            if not expect and d == 0:
                raise Drop("perturbation vanished")
            names = sorted(set(var_names(le)) | set(var_names(re_)))
            pos = set(v.strip().split(">")[0].strip() for v in assume.split(",")) if assume else set()
            case = {"left": ls, "right": rs, "equal": bool(expect), "kind": kind}
            if assume:
                case["assume"] = assume
            if not names:
                return case
            integer = {"n"} if kind == "combinatorial" and "n" in names else set()
            if expect:
                case["points"] = choose_points([ls, rs], names, prng, positive=pos, integer=integer,
                                               sympy_exprs=[le, re_], agree=True)
            else:
                gens_ = {v: candidate_values(prng, v in pos, v in integer) for v in names}
                for _ in range(150):
                    env = {v: next(gens_[v]) for v in names}
                    try:
                        lv = stable_value(ls, env, R, sympy_expr=le)
                        rv = stable_value(rs, env, R, sympy_expr=re_)
                    except BadPoint:
                        continue
                    if abs(lv - rv) > mpmath.mpf(10) ** -6 * (1 + abs(lv)):
                        w = {v: qstr(env[v]) for v in names}
                        w.update({"left_" + k: vv for k, vv in value_fields(lv).items()})
                        w.update({"right_" + k: vv for k, vv in value_fields(rv).items()})
                        case["witness"] = w
                        break
                else:
                    raise Drop("no witness")
            return case
        out.append(compute)
    return out


# ---------------------------------------------------------------------------
# 7. sum.json
# ---------------------------------------------------------------------------
def sum_tasks(rng):
    k, n = KI, NI
    specs = []  # (summand, lower, upper, family)
    for p in range(0, 11):
        specs.append((k ** p, 1, n, "faulhaber"))
    for p in (1, 2, 3, 5):
        specs.append((k ** p, 0, n, "faulhaber"))
    for _ in range(15):
        specs.append((rand_poly(rng, k, rng.randint(1, 4), coef=6), rng.choice([0, 1, 2]), n, "polynomial"))
    for r in [2, 3, Rational(1, 2), Rational(-1, 3), -2, Rational(2, 3), 5, Rational(1, 10)]:
        specs.append((r ** k, 0, n, "geometric"))
        specs.append((r ** k, 1, n, "geometric"))
    for r in [Rational(1, 2), Rational(-1, 3), Rational(2, 3), Rational(1, 10)]:
        specs.append((r ** k, 0, oo, "geometric"))
    for e in [k * factorial(k), binomial(n, k), k * binomial(n, k), k ** 2 * binomial(n, k),
              1 / (k * (k + 1)), 1 / (k * (k + 2)), k / 2 ** k, k ** 2 / 2 ** k, (-1) ** k * binomial(n, k),
              k * 3 ** k, k ** 2 * 2 ** k, binomial(k, 2), 1 / ((2 * k - 1) * (2 * k + 1)),
              (2 * k + 1) / (k ** 2 * (k + 1) ** 2), k / factorial(k + 1), 1 / factorial(k),
              1 / k ** 2, 1 / k, (-1) ** k / k, 2 ** k / factorial(k), 1 / (k * (k + 1) * (k + 2)),
              binomial(n, k) * 2 ** k, (k + 1) * factorial(k), 1 / (4 * k ** 2 - 1),
              1 / (k ** 2 + 3 * k + 2), log(1 + 1 / k), sin(k), k * (-1) ** k]:
        lo = 0 if e.has(binomial) or e in (k / 2 ** k, k ** 2 / 2 ** k, 1 / factorial(k),
                                           2 ** k / factorial(k), k * 3 ** k, k ** 2 * 2 ** k,
                                           binomial(k, 2), k / factorial(k + 1),
                                           (k + 1) * factorial(k), k * factorial(k)) else 1
        specs.append((e, lo, n, "hypergeometric/telescoping"))
        if not e.has(n) and e not in (k * 3 ** k, k ** 2 * 2 ** k, binomial(k, 2), sin(k),
                                      log(1 + 1 / k), 1 / k, k * factorial(k),
                                      (k + 1) * factorial(k), k * (-1) ** k):
            specs.append((e, lo, oo, "infinite series"))
    for _ in range(25):
        r0, r1 = rng.randint(0, 3), rng.randint(4, 7)
        e = Rational(rng.randint(1, 5)) / ((k + r0) * (k + r1))
        specs.append((e, 1, n, "rational telescoping"))
    for _ in range(12):
        e = rand_poly(rng, k, rng.randint(1, 5), coef=9)
        specs.append((e, rng.randint(0, 3), rng.randint(5, 40), "numeric bounds"))
    out = []
    for j, (e, lo, up, fam) in enumerate(specs):
        def compute(e=e, lo=lo, up=up, fam=fam, j=j):
            es = emit(e, SUMSYMS)
            ups = "inf" if up == oo else emit(up, SUMSYMS)
            case = {"summand": es, "var": "k", "lower": str(lo), "upper": ups,
                    "family": fam, "answer": None}
            A, why = sympy_call(lambda: sympy.summation(e, (KI, lo, up)))
            if A is not None and A.has(sympy.Sum):
                A, why = None, "SymPy returned an unevaluated Sum"
            if A is not None:
                A2, _ = sympy_call(lambda: sympy.simplify(A), 10)
                A = A2 if A2 is not None and count_ops(A2) <= count_ops(A) else A
                try:
                    check_representable(A)
                except Unrep as ex:
                    A, why = None, f"SymPy's answer is outside the grammar ({ex})"
            if A is None:
                case["null_reason"] = why
                return case
            As = emit(A, SUMSYMS)
            case["answer"] = As
            if up is NI:
                pts = []
                for nv in [3, 5, 8]:
                    direct = sum(e.subs({KI: kk, NI: nv}) for kk in range(lo, nv + 1))
                    direct = sympy.nsimplify(direct) if direct.is_Float else direct
                    got = A.subs(NI, nv)
                    if not same_expr(sympy.expand_func(direct), sympy.expand_func(got), SUMSYMS):
                        dv = sympy.N(direct - got, 50)
                        if abs(dv) > 1e-35:
                            raise Drop(f"closed form wrong at n={nv}")
                    pt = {"n": str(nv)}
                    vexpr = emit(got, SUMSYMS) if got.free_symbols == set() else None
                    if vexpr is None:
                        raise Drop("value not constant")
                    if got == 0:
                        pt["value"] = "0"
                    else:
                        pt.update(const_value(vexpr, SUMSYMS, sympy_expr=got))
                    pts.append(pt)
                case["points"] = pts
            elif up == oo:
                with mpmath.workdps(60):
                    f = sympy.lambdify(KI, e, "mpmath")
                    try:
                        ref = mpmath.nsum(f, [lo, mpmath.inf])
                    except Exception:
                        ref = None
                if ref is not None and abs(ref - mpmath.mpf(str(sympy.N(A, 50)))) > 1e-20 * (1 + abs(ref)):
                    raise Drop("infinite sum disagrees with mpmath nsum")
                if A.is_finite and A != 0:
                    case.update(const_value(As, SUMSYMS, sympy_expr=A))
            else:
                direct = sum(e.subs(KI, kk) for kk in range(lo, up + 1))
                if not same_expr(direct, A, SUMSYMS):
                    raise Drop("numeric-bounds sum wrong")
                if A != 0:
                    case.update(const_value(As, SUMSYMS, sympy_expr=A))
                else:
                    case["value"] = "0"
            return case
        out.append(compute)
    return out


# ---------------------------------------------------------------------------
# 8. ode.json
# ---------------------------------------------------------------------------
F = Function("f")
FX = F(x)


def ode_string(lhs, rhs):
    yp2, yp1, y0 = Symbol("ypp", real=True), Symbol("yp", real=True), R["y"]
    def sub(e):
        return sympy.sympify(e).subs(FX.diff(x, 2), yp2).subs(FX.diff(x), yp1).subs(FX, y0)
    syms = dict(R)
    syms.update({"ypp": yp2, "yp": yp1})

    def ordered(e):
        # highest derivative first: y'' + 2*y' + 5*y
        e = sub(e)
        if not e.has(y0, yp1, yp2):
            return emit(e, syms)
        terms = sorted(Add.make_args(e), key=lambda term: (
            -2 if term.has(yp2) else -1 if term.has(yp1) else 0 if term.has(y0) else 1))
        out = ""
        for i, term in enumerate(terms):
            if i and term.could_extract_minus_sign():
                out += " - " + emit(-term, syms)
            elif i:
                out += " + " + emit(term, syms)
            else:
                out = emit(term, syms)
        back = to_sympy(parse_strict(out, syms), syms)
        if not same_expr(back, e, syms):
            raise Unrep("ode side does not round-trip: " + out)
        return out

    def fix(s):
        return re.sub(r"\bypp\b", "y''", re.sub(r"\byp\b", "y'", s))
    return fix(ordered(lhs)) + " = " + fix(ordered(rhs))


def ode_residual_check(ode_s, ans_s, points):
    """Independent check: plug the emitted solution string into the emitted
    ODE string, with y' and y'' from mpmath numeric differentiation."""
    syms = dict(R)
    syms.update({"ypp": Symbol("ypp", real=True), "yp": Symbol("yp", real=True)})
    lhs_s, rhs_s = ode_s.replace("y''", "ypp").replace("y'", "yp").split(" = ")
    lnode, rnode = parse_strict(lhs_s, syms), parse_strict(rhs_s, syms)
    anode = parse_strict(ans_s, syms)
    for p in points:
        with mpmath.workdps(120):
            env = {k: mpmath.mpf(Fraction(v).numerator) / Fraction(v).denominator
                   for k, v in p.items() if not k.startswith("value")}

            def Y(tt):
                return Evaluator(dict(env, x=tt), real=False, strict=False).ev(anode)
            y0, y1, y2 = (mpmath.diff(Y, env["x"], kk) for kk in (0, 1, 2))
            full = dict(env, y=y0, yp=y1, ypp=y2)
            res = Evaluator(full, real=False, strict=False).ev(lnode) - \
                Evaluator(full, real=False, strict=False).ev(rnode)
            if abs(res) > mpmath.mpf(10) ** -30 * (1 + abs(y0) + abs(y1) + abs(y2)):
                raise Drop("ODE residual check failed")


def ode_tasks(rng):
    specs = []  # (lhs, rhs, family, ics [(order, x0, value)])
    def ics2():
        return [(0, 0, rng.randint(-2, 2)), (1, 0, rng.randint(-2, 2))]
    seen = set()
    while len(specs) < 30:  # homogeneous constant coefficient
        kind = rng.randrange(3)
        if kind == 0:
            r1, r2 = rng.sample(range(-4, 5), 2)
            p, q = -(r1 + r2), r1 * r2
        elif kind == 1:
            r1 = rng.randint(-3, 3)
            p, q = -2 * r1, r1 * r1
        else:
            al, be = rng.randint(-2, 2), rng.randint(1, 3)
            p, q = -2 * al, al * al + be * be
        if (p, q) in seen:
            continue
        seen.add((p, q))
        lhs = FX.diff(x, 2) + p * FX.diff(x) + q * FX
        specs.append((lhs, S.Zero, "linear constant-coefficient homogeneous", ics2()))
    rhs_choices = [lambda: rand_poly(rng, x, rng.randint(0, 2), coef=3),
                   lambda: exp(rng.choice([1, 2, -1, 3]) * x),
                   lambda: sin(rng.choice([1, 2, 3]) * x), lambda: cos(rng.choice([1, 2]) * x),
                   lambda: x * exp(rng.choice([1, -1, 2]) * x),
                   lambda: exp(rng.choice([1, -1]) * x) * sin(rng.choice([1, 2]) * x),
                   lambda: x ** 2 * cos(x)]
    for _ in range(35):
        p, q = rng.randint(-3, 3), rng.randint(-3, 4)
        lhs = FX.diff(x, 2) + p * FX.diff(x) + q * FX
        rhs = rng.choice(rhs_choices)()
        specs.append((lhs, rhs, "linear constant-coefficient with forcing", ics2()))
    # first-order separable (x0 = 1 where the equation is singular at 0)
    sep = [(x * FX, 0), (FX ** 2, 0), (exp(x - FX), 0), (1 + FX ** 2, 0), (FX * cos(x), 0),
           (x ** 2 * FX, 0), (FX / x, 1), (exp(x) * FX, 0), (FX * (1 - FX), 0),
           (2 * x * (1 + FX ** 2), 0), (FX * sin(x), 0), (-FX / (1 + x), 0), (x * exp(-FX), 0),
           (3 * x ** 2 * FX ** 2, 0), (FX * log(x) / x, 1), (-x / FX, 0)]
    for rhs, x0 in sep:
        y_at = 2 if rhs == FX * (1 - FX) else 1   # y = 1 is an equilibrium of the logistic equation
        specs.append((FX.diff(x), rhs, "first-order separable", [(0, x0, y_at)]))
    # linear first order y' + p(x) y = q(x)
    lin = [(2, x, 0), (1, exp(-x), 0), (-1, exp(2 * x), 0), (1 / x, x ** 2, 1), (2 * x, x, 0),
           (-2, x ** 2, 0), (3, sin(x), 0), (1, cos(x), 0), (x, x ** 3, 0), (-1 / x, x, 1),
           (2 / x, 1, 1), (1, x * exp(x), 0), (tan(x), cos(x), 0), (-3, exp(3 * x), 0), (4, 8, 0),
           (1 / (1 + x), 1, 0), (-2 * x, x * exp(x ** 2), 0), (1, 1, 0), (2, exp(-2 * x) * x, 0),
           (Rational(1, 2), 1, 0)]
    for pp, qq, x0 in lin:
        specs.append((FX.diff(x) + pp * FX, qq, "linear first-order", [(0, x0, 1)]))
    # exact equations M + N*y' = 0 with dM/dy = dN/dx
    exact = [(2 * x * FX + 1, x ** 2), (FX + 2 * x, x), (3 * x ** 2 + FX, x + 1),
             (FX * exp(x) + 2 * x, exp(x)), (FX * cos(x) + 1, sin(x)), (2 * x + FX, x - 1),
             (FX + exp(x), x + 2), (4 * x ** 3 * FX + cos(x), x ** 4)]
    for M, N in exact:
        specs.append((M + N * FX.diff(x), S.Zero, "exact", [(0, 1, 1)]))
    out = []
    for j, (lhs, rhs, fam, ics) in enumerate(specs):
        def compute(lhs=lhs, rhs=rhs, fam=fam, ics=ics, j=j):
            ode_s = ode_string(lhs, rhs)
            eq = Eq(lhs, rhs)
            sol, why = sympy_call(lambda: sympy.dsolve(eq, FX))
            if sol is None:
                raise Drop("dsolve failed: " + str(why))
            if isinstance(sol, list):
                raise Drop("several solution branches")
            if sol.lhs != FX or sol.rhs.has(FX):
                raise Drop("implicit solution")
            C1, C2 = Symbol("C1"), Symbol("C2")
            gen_ = sol.rhs.subs({C1: R["c1"], C2: R["c2"]})
            if gen_.has(Integral):
                raise Drop("unevaluated integral")
            ok, _ = sympy_call(lambda: sympy.checkodesol(eq, Eq(FX, gen_)))
            if not ok or not ok[0]:
                raise Drop("checkodesol failed")
            ans_s = emit(gen_)
            case = {"ode": ode_s, "family": fam, "answer": "y = " + ans_s}
            prng = random.Random(f"ode-{j}")
            case["points"] = choose_points([ans_s], var_names(gen_), prng, sympy_exprs=[gen_])
            ode_residual_check(ode_s, ans_s, case["points"])
            if ics:
                icd = {(FX if o == 0 else FX.diff(x)).subs(x, x0): v for o, x0, v in ics}
                psol, why = sympy_call(lambda: sympy.dsolve(eq, FX, ics=icd))
                if psol is None or isinstance(psol, list) or psol.lhs != FX \
                        or psol.rhs.has(Integral) or psol.rhs.has(FX) or psol.rhs.has(C1):
                    return case
                ok2, _ = sympy_call(lambda: sympy.checkodesol(eq, psol))
                if not ok2 or not ok2[0]:
                    return case
                for o, x0, v in ics:
                    got = (psol.rhs if o == 0 else diff(psol.rhs, x)).subs(x, x0)
                    if simplify(got - v) != 0:
                        return case
                ps = emit(psol.rhs)
                case["ics"] = {("y" if o == 0 else "y'") + f"({x0})": str(v) for o, x0, v in ics}
                case["particular"] = "y = " + ps
                case["particular_points"] = choose_points(
                    [ps], ["x"], random.Random(f"ode-p-{j}"), sympy_exprs=[psol.rhs])
                ode_residual_check(ode_s, ps, case["particular_points"])
            return case
        out.append(compute)
    return out


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------

# ---------------------------------------------------------------------------
# critical.json
# ---------------------------------------------------------------------------
def critical_case(f):
    """SymPy's real critical points of f (real_roots of the numerator of
    f' without its exponential factors), each classified by the sign of f' at rational points
    between it and its neighbouring zeros and poles of f'."""
    fp = together(diff(f, x))
    num, den = sympy.fraction(fp)
    # e^u is never 0: its factors are dropped before solving.
    num, den = (Mul(*[g for g in Mul.make_args(sympy.factor(v)) if not g.has(exp)]) for v in (num, den))
    roots = lambda p: sorted(set(sympy.real_roots(sympy.Poly(p, x)))) if p.has(x) else []
    zeros, poles = roots(num), roots(den)
    marks = sorted(set(zeros) | set(poles), key=lambda r: float(r))
    points = []
    for r in zeros:
        if r in poles:
            continue
        i = marks.index(r)
        fr = lambda v: Rational(str(sympy.N(v, 30)))
        left = (fr(marks[i - 1]) + fr(r)) / 2 if i > 0 else fr(r) - 1
        right = (fr(marks[i + 1]) + fr(r)) / 2 if i + 1 < len(marks) else fr(r) + 1
        sl, sr = (sympy.sign(sympy.N(fp.subs(x, v), 50)) for v in (left, right))
        kind = {(-1, 1): "minimum", (1, -1): "maximum"}.get((sl, sr), "neither")
        points.append({"value": fmt(sympy.N(r, 45)), "kind": kind})
    return {"expr": emit(f), "var": "x", "points": points}


def critical_functions(rng):
    fs = []
    for _ in range(40):
        fs.append(rand_poly(rng, x, rng.randint(2, 6), coef=6))
    for _ in range(25):
        fs.append(rand_poly(rng, x, rng.randint(1, 3), coef=4) / (x ** 2 + rng.randint(1, 4)))
    for _ in range(20):
        fs.append(rand_poly(rng, x, rng.randint(1, 3), coef=4) * exp(rng.choice([1, -1, 2, -2]) * x))
    for _ in range(10):
        fs.append(rand_poly(rng, x, rng.randint(1, 2), coef=3) * exp(-x ** 2))
    fs += [x + 1 / x, x ** 2 + 16 / x, x / (x ** 2 - 1) + x, (x ** 2 - 1) / (x ** 2 - 4)]
    return fs


def product_tasks(rng):
    """Products over k = lower..n: SymPy's product() where it answers in
    the grammar (null otherwise), and exact values by direct
    multiplication at n = lower + 1 … lower + 5."""
    k = KI
    specs = [(k, 1), (k + 1, 1), (k + 3, 0), (2 * k - 1, 1), (2 * k + 1, 0), (k / (k + 1), 1),
             (k / (k + 3), 1), ((k + 2) / k, 1), (1 + 1 / k, 1), (1 - 1 / k ** 2, 2), (2 ** k, 1),
             (3 * k, 1), (k ** 2, 1), ((2 * k + 1) / (2 * k - 1), 1), (k + Rational(1, 2), 0),
             (x * k, 1), (2 ** k * k, 1), ((k + 1) ** 2 / (k * (k + 2)), 1), (Rational(1, 2) ** k, 0),
             (k ** 2 + 1, 1), (factorial(k), 1), ((k - 1) / (k + 1), 2), (4 * k ** 2 / (4 * k ** 2 - 1), 1)]
    for _ in range(12):
        a, b = rng.randint(0, 4), rng.randint(1, 5)
        specs.append(((k + a) / (k + b), 1))
    def case(f, lower):
        vals = {}
        for m in range(lower + 1, lower + 6):
            v = sympy.Integer(1)
            for j in range(lower, m + 1):
                v *= f.subs(k, j)
            vals[str(m)] = emit(sympy.nsimplify(v) if not v.has(x) else sympy.factor(v), SUMSYMS)
        ans, _ = sympy_call(lambda: sympy.simplify(sympy.product(f, (k, lower, NI))))
        try:
            ans = None if ans is None or ans.has(sympy.Product) else emit(ans, SUMSYMS)
        except Unrep:
            ans = None
        return {"factor": emit(f, SUMSYMS), "index": "k", "lower": str(lower), "upper": "n",
                "answer": ans, "values": vals}
    return [lambda f=f, lo=lo: case(f, lo) for f, lo in specs]


def improper_tasks(rng):
    """Integrals over unbounded intervals: SymPy integrate(f, (x, a, b))
    ("inf" / "-inf" when it says the integral diverges, null when it does
    not answer in the grammar), its 40-digit value by mpmath quad for the
    convergent ones."""
    oo = sympy.oo
    specs = [(x * exp(-x), 0, oo), (x ** 2 * exp(-x), 0, oo), (exp(-x), 0, oo), (exp(-2 * x), 1, oo),
             (1 / (1 + x ** 2), -oo, oo), (1 / (1 + x ** 2), 0, oo), (1 / x ** 2, 1, oo), (1 / x ** 3, 2, oo),
             (1 / x, 1, oo), (x / (1 + x ** 2), 0, oo), (exp(-x) * sin(x), 0, oo), (exp(-x) * cos(x), 0, oo),
             (exp(x), -oo, 0), (x * exp(x), -oo, 0), (1 / (x ** 2 - 1), 2, oo), (1 / (x * (x + 1)), 1, oo),
             (x * exp(-x ** 2), 0, oo), (1 / (x ** 2 + 4 * x + 5), -oo, oo), (1 / (x ** 2 + 1) ** 2, -oo, oo),
             (x ** 3 * exp(-x), 0, oo), (exp(-3 * x) * sin(2 * x), 0, oo), (1 / (x ** 4 + 1), 0, oo),
             (1 / (4 + x ** 2), -oo, 0), (x, 0, oo), (1, 0, oo), (exp(x), 0, oo), (1 / sqrt(x), 1, oo),
             (1 / x ** Rational(3, 2), 1, oo), (log(x) / x ** 2, 1, oo), (atan(x) / (1 + x ** 2), 0, oo),
             (exp(-x) * x ** 5, 0, oo), (sin(x), 0, oo), (exp(-x ** 2), -oo, oo), (1 / (x ** 2 + 2 * x + 2), 0, oo),
             (1 / x ** 2, -oo, -1), (x * exp(-x) * sin(x), 0, oo)]
    for _ in range(24):
        kind = rng.randint(0, 2)
        if kind == 0:
            # p(x)·e^(−c·x) on [a, ∞).
            deg, c, lo = rng.randint(0, 4), rng.randint(1, 4), rng.randint(-2, 2)
            p = sum(rng.randint(-5, 5) * x ** i for i in range(deg + 1)) + x ** deg
            specs.append((p * exp(-c * x), lo, oo))
        elif kind == 1:
            # P/Q with Q a product of irreducible quadratics, deg P ≤ deg Q − 2.
            q = 1
            for _ in range(rng.randint(1, 2)):
                bq = rng.randint(-3, 3)
                cq = rng.randint(bq * bq // 4 + 1, bq * bq // 4 + 5)
                q *= x ** 2 + bq * x + cq
            dq = sympy.degree(q, x)
            p = sum(rng.randint(-4, 4) * x ** i for i in range(dq - 1)) or 1
            specs.append((p / q, -oo, oo))
        else:
            # 1/x^m from a positive bound.
            m, lo = rng.randint(2, 5), rng.randint(1, 3)
            specs.append((rng.randint(1, 6) / x ** m, lo, oo))
    def case(f, lo, hi):
        ans, why = sympy_call(lambda: sympy.integrate(f, (x, lo, hi)))
        value = None
        if ans is None or ans.has(sympy.Integral):
            ans = None
        elif ans in (oo, -oo):
            ans = "inf" if ans == oo else "-inf"
        else:
            try:
                ans_s = emit(sympy.nsimplify(ans) if ans.is_Rational else ans)
            except Unrep:
                ans_s = None
            if ans_s is not None:
                with mpmath.workdps(50):
                    g = sympy.lambdify(x, f, "mpmath")
                    q = mpmath.quad(g, [mpmath.mpf(lo) if lo != -oo else -mpmath.inf,
                                        mpmath.mpf(hi) if hi != oo else mpmath.inf])
                    exact = sympy.N(ans, 45)
                    if abs(q - mpmath.mpf(str(exact))) > mpmath.mpf(10) ** -20 * (1 + abs(q)):
                        raise Drop(f"SymPy {ans} and mpmath quad {q} disagree")
                value = fmt(mpmath.mpf(str(sympy.N(ans, 45))))
            ans = ans_s
        bound = lambda v: "inf" if v == oo else "-inf" if v == -oo else str(v)
        return {"expr": emit(f), "var": "x", "from": bound(lo), "to": bound(hi), "answer": ans, "value": value}
    return [lambda f=f, lo=lo, hi=hi: case(sympy.sympify(f), lo, hi) for f, lo, hi in specs]


def critical_tasks(rng):
    return [lambda f=f: critical_case(f) for f in critical_functions(rng)]


def inflection_tasks(rng):
    """The inflection points of f are the critical points of f' where f'
    has an extremum; functions drawn as for critical.json."""
    def case(f):
        c = critical_case(diff(f, x))
        change = {"minimum": "down_to_up", "maximum": "up_to_down"}
        points = [{"value": p["value"], "concavity": change[p["kind"]]}
                  for p in c["points"] if p["kind"] in change]
        return {"expr": emit(f), "var": "x", "points": points}
    return [lambda f=f: case(f) for f in critical_functions(rng)]


def implicit_tasks(rng):
    """dy/dx on curves H(x, y) = 0 by SymPy's idiff."""
    curves = [x ** 2 + y ** 2 - 25, x ** 3 + y ** 3 - 6 * x * y, x * y + sin(y) - 1,
              exp(x * y) - x - y, y ** 2 - x ** 3 - x, sin(x + y) - y, log(x * y) - x ** 2,
              x ** 2 * y ** 2 - x - y, sqrt(x) + sqrt(y) - 4, y * exp(y) - x, atan(y / x) - x]
    for _ in range(30):
        curves.append(rand_poly(rng, x, rng.randint(1, 3), coef=4) * y ** rng.randint(1, 3)
                      + rand_poly(rng, y, rng.randint(1, 3), coef=4) + rand_poly(rng, x, 2, coef=3))
    def case(h):
        d = sympy.idiff(h, y, x)
        return {"equation": emit(h) + " = 0", "var": "x", "dependent": "y", "answer": emit(sympy.simplify(d))}
    return [lambda h=h: case(h) for h in curves]

def rootsum_tasks(rng):
    """Rational functions with irreducible denominator factors of degree 3-6
    (some squared, some times a linear or quadratic factor): SymPy's
    integrate (ratint: Lazard-Rioboo-Trager). Recorded: the monic
    irreducible factors of degree >= 3 of the polynomials of its RootSum
    terms (lowest coefficient first), and f at three points."""
    specs = [1 / (x ** 3 + x + 1), 1 / (x ** 5 - x - 1), 1 / (x ** 4 + 1), (x ** 2 + 1) / (x ** 4 - 2),
             x / (x ** 3 - 2), 1 / (x ** 3 + x + 1) ** 2, (x ** 4 + x) / (x ** 6 + x ** 3 + 7)]
    while len(specs) < 60:
        q = rand_poly(rng, x, rng.randint(3, 6), coef=4, monic=rng.random() < 0.6)
        if not sympy.Poly(q, x).is_irreducible:
            continue
        den = q ** rng.choice([1, 1, 1, 2])
        extra = rng.choice([1, 1, x + rng.randint(-3, 3), x ** 2 + rng.randint(1, 4)])
        den = den * extra
        num = rand_poly(rng, x, rng.randint(0, sympy.degree(den, x) - 1), coef=5)
        if num == 0:
            continue
        specs.append(num / den)
    t = sympy.Symbol("t")
    def case(f):
        ans, why = sympy_call(lambda: sympy.integrate(f, x))
        factors = None
        if ans is not None and not ans.has(sympy.Integral):
            factors = []
            for term in sympy.Add.make_args(sympy.expand(ans, deep=False, mul=True, multinomial=False,
                                                         power_exp=False, power_base=False, log=False)):
                c, rest = term.as_coeff_Mul()
                if not isinstance(rest, sympy.RootSum):
                    if rest.has(sympy.RootSum):
                        raise Unrep("a RootSum inside a product or function")
                    continue
                # c·Σ k·θ·log S(θ) over M(θ) = 0: the residues are the roots
                # of M_c(t) = M(t/(c·k)), made monic.
                lam = rest.fun
                v = lam.variables[0]
                logs = [a for a in sympy.Mul.make_args(lam.expr) if isinstance(a, sympy.log)]
                k = sympy.simplify(lam.expr / logs[0] / v) if len(logs) == 1 else None
                if k is None or k.has(v) or k.free_symbols:
                    raise Unrep("a RootSum whose residue is not k·θ")
                scale = c * k
                poly = sympy.Poly(rest.poly.as_expr().subs(rest.poly.gen, t / scale), t)
                for g, _ in sympy.factor_list(poly)[1]:
                    g = sympy.Poly(g, t)
                    if g.degree() >= 3:
                        g = g.monic()
                        factors.append([str(c) for c in reversed(g.all_coeffs())])
            factors.sort()
        points = []
        for xv in [Rational(1, 3), Rational(7, 5), Rational(-5, 2)]:
            v = f.subs(x, xv)
            points.append({"x": qstr(xv), "value": qstr(v)})
        return {"expr": emit(f), "var": "x", "root_sum_factors": factors, "points": points}
    return [lambda f=f: case(f) for f in specs]


FILES = {
    "derivative": (derivative_tasks, "Derivatives: SymPy diff(expr, var, order), lightly simplified "
                   "(smallest of diff / factor_terms / together / cancel by count_ops)."),
    "integral": (integral_tasks, "Antiderivatives: SymPy integrate(expr, x); null when SymPy "
                 "times out (20 s), returns an unevaluated Integral, or answers outside the grammar."),
    "limit": (limit_tasks, "Limits: SymPy limit(expr, x, point, dir). Textbook cases are checked "
              "against the textbook value; generated cases against a numeric approach."),
    "series": (series_tasks, "Truncated series: SymPy series(expr, x, point, order).removeO(); "
               "checked numerically (error shrinks like |x-point|^order)."),
    "numeric": (numeric_tasks, "Constants: mpmath value with digits+20 significant digits "
                "(computed at two precisions, cross-checked with SymPy evalf)."),
    "equal": (equal_tasks, "Equivalence pairs: equal ones proved by SymPy simplify(l-r)==0 "
              "(under the stated positivity assumptions); unequal ones perturbed, with a witness point."),
    "sum": (sum_tasks, "Sums: SymPy summation(summand, (k, lower, upper)); closed forms checked "
            "against direct summation."),
    "ode": (ode_tasks, "ODEs: SymPy dsolve general solution (c1, c2 constants) checked with "
            "checkodesol; particular solutions from dsolve(..., ics=...)."),
    "critical": (critical_tasks, "Critical points: SymPy real_roots of numer(together(f')) without exp factors, "
                 "minus the poles; kinds from the sign of f' at rational points between neighbours."),
    "inflection": (inflection_tasks, "Inflection points: the critical points of f' (as in critical.json) "
                   "where f' has an extremum."),
    "implicit": (implicit_tasks, "Implicit derivatives: SymPy idiff(H, y, x), simplified."),
    "improper": (improper_tasks, "Improper integrals: SymPy integrate(f, (x, a, b)) with an infinite bound; "
                 "convergent values confirmed by mpmath quad to 20 digits."),
    "rootsum": (rootsum_tasks, "Root sums: SymPy integrate(f, x) of rational functions with irreducible "
                "denominator factors of degree 3-6; the monic irreducible factors (degree >= 3) of its "
                "RootSum polynomials, and exact values of f."),
    "product": (product_tasks, "Products: SymPy product(f, (k, lower, n)) where it answers in the grammar; "
                "values at five n by direct multiplication."),
}


def main():
    args = sys.argv[1:]
    limit_n = None
    if "--limit" in args:
        i = args.index("--limit")
        limit_n = int(args[i + 1])
        del args[i:i + 2]
    names = args or list(FILES)
    summary = []
    t_all = time.monotonic()
    for name in names:
        if name == "numeric_big":
            continue
        builder, desc = FILES[name]
        rng = random.Random(f"{SEED}-{name}")
        tasks = builder(rng)
        if limit_n:
            tasks = tasks[:limit_n]
        cases, drops = [], {}
        t0 = time.monotonic()
        for idx, task in enumerate(tasks):
            status, res = run_isolated(task)
            if status == "ok":
                cases.append(res)
            else:
                key = re.sub(r"[:(].*", "", res)[:60]
                drops.setdefault(key, []).append(res)
            if (idx + 1) % 25 == 0:
                print(f"  {name}: {idx + 1}/{len(tasks)} ({time.monotonic() - t0:.0f} s)", flush=True)
        doc = {"source": f"{desc} Generated by tests/data/expression/generate.py, seed {SEED}, "
                         f"{VERSIONS}, PYTHONHASHSEED=0.",
               "cases": cases}
        with open(os.path.join(HERE, f"{name}.json"), "w") as f:
            json.dump(doc, f, indent=1, ensure_ascii=True)
            f.write("\n")
        ans_key = {"numeric": "value", "equal": "equal"}.get(name, "answer")
        answered = sum(1 for c in cases if c.get(ans_key) is not None)
        nulls = len(cases) - answered
        summary.append((name, len(tasks), len(cases), answered, nulls, sum(len(v) for v in drops.values()),
                        time.monotonic() - t0))
        print(f"{name}: {len(cases)} cases, {answered} answered, {nulls} null, dropped "
              f"{sum(len(v) for v in drops.values())} in {time.monotonic() - t0:.0f} s", flush=True)
        for key, v in sorted(drops.items(), key=lambda kv: -len(kv[1])):
            print(f"    drop x{len(v)}: {v[0][:160]}")
    if "numeric_big" in names or not args:
        t0 = time.monotonic()
        status, res = run_isolated(numeric_big, 600)
        if status != "ok":
            raise SystemExit("numeric_big failed: " + str(res))
        doc = {"source": "10,000-digit constants: mpmath value with 10,020 significant digits, "
                         "computed at two precisions that agree. Generated by "
                         f"tests/data/expression/generate.py, {VERSIONS}.",
               "cases": res}
        with open(os.path.join(HERE, "numeric_big.json"), "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        summary.append(("numeric_big", 3, len(res), len(res), 0, 0, time.monotonic() - t0))
    print()
    print(f"{'file':<14}{'tasks':>7}{'cases':>7}{'answered':>10}{'null':>6}{'dropped':>9}{'secs':>7}")
    for row in summary:
        print(f"{row[0] + '.json':<14}{row[1]:>7}{row[2]:>7}{row[3]:>10}{row[4]:>6}{row[5]:>9}{row[6]:>7.0f}")
    print(f"total {time.monotonic() - t_all:.0f} s")


if __name__ == "__main__":
    main()

