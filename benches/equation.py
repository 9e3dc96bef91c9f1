#!/usr/bin/env python3
"""Equations, algebraic numbers and exact spectra against SymPy and
python-flint on the same inputs, in one run, as ratios hessian / reference:

1. equation.polynomial.solve on random integer polynomials (degree 10, 30,
   60, 100) and on products of known factors with multiplicities, against
   flint `fmpz_poly.complex_roots` (certified balls, the numeric floor),
   flint `fmpz_poly.factor` + `complex_roots` of each factor (the same work
   as Hessian's, less the certificates) and SymPy `Poly.all_roots` (exact
   CRootOf isolation);
2. algebraic_number.minimal_polynomial.compute on sums of square roots,
   nested radicals and cube-root sums, against SymPy `minimal_polynomial`;
3. algebraic_number.compare.decide on near-ties and exact equalities,
   against SymPy `(a - b).is_positive` / `.is_negative` (evalf with
   significance tracking, minimal_polynomial when the difference may be 0)
   and against SymPy `minimal_polynomial(a - b)` plus the sign of a
   50-digit evaluation (the all-exact route);
4. matrix.eigenvalues.compute on random integer matrices (order 4 to 12),
   against SymPy `Matrix.eigenvals()` and flint `fmpz_mat.charpoly` +
   `complex_roots`; beside it, Hessian's equation.polynomial.solve of the
   characteristic polynomial alone (where the time goes);
5. equation.groebner_basis.compute, when the binary has it (`hessian
   inspect`, else a probe call), on Cyclic-5/6, Katsura-4/5/6/7, systems of
   tests/data/equation/systems and dense random systems, against SymPy
   `groebner(F, *gens, order=...)` for grevlex and lex; the reduced bases
   are compared (with the corpus's when SymPy times out).

    python3.12 -m venv /var/tmp/venv-bench && /var/tmp/venv-bench/bin/pip install sympy==1.14.0 mpmath==1.3.0 python-flint gmpy2
    cargo build --release --bin hessian
    /var/tmp/venv-bench/bin/python benches/equation.py --hessian target/release/hessian [--quick]

Hessian is driven as agents drive it, `hessian serve` over stdio; its time
is the operation's own `elapsed_ms` from the envelope (parsing, kernel and
the check every answer passes). SymPy and flint run in-process. Every input
is run `--repeat` times, interleaved (Hessian, flint, SymPy, Hessian, …),
after one untimed Hessian and flint call; times are medians. SymPy's caches
(the global cache and CRootOf's root caches) are cleared before each SymPy
call, outside the timing; a call (either side) slower than `--once`
seconds is not repeated. SymPy is stopped after `--timeout` seconds (the
ratio is then an upper bound, marked ≤); Hessian serves with the same
deadline (past it the ratio is a lower bound, marked ≥). A side that times
out, hits a limit or takes over a third of the timeout on one member of a
growing family (degrees, orders, Katsura-n, dense systems) is not run on
the larger ones. Answers are compared as they go; disagreements are
counted and listed (exit status 1 when there are any).
"""

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_det import Server, payload  # noqa: E402

import flint  # noqa: E402
import mpmath  # noqa: E402
import sympy  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
X = sympy.Symbol("x")
LOCALS = {"root": sympy.root, "sqrt": sympy.sqrt, "i": sympy.I, "x": X}
DIGITS = 20
# flint's working precision: about DIGITS significant digits.
flint.ctx.prec = 70
mpmath.mp.dps = 50

DISAGREE = []  # (section, input, what)
REFUSED = []   # (section, input, message)


class Timeout(Exception):
    pass


def with_timeout(seconds, fn):
    """(seconds, value) of fn(), or (None, None) past the timeout."""
    def alarm(*_):
        raise Timeout()

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        t = time.perf_counter()
        value = fn()
        return time.perf_counter() - t, value
    except Timeout:
        return None, None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def clear_sympy():
    sympy.core.cache.clear_cache()
    sympy.CRootOf.clear_cache()


def ours(server, op, data):
    """(operation ms, output or None, error text) of one math_run call."""
    _, msg = server.timed_call(payload(server, {"operation_id": op, "input": data}))
    env = msg.get("result", {}).get("structuredContent", {})
    out = env.get("output")
    if out is None:
        err = env.get("error") or msg.get("error") or env
        return env.get("elapsed_ms"), None, json.dumps(err)[:300]
    return env.get("elapsed_ms"), out, None


class Ref:
    """A reference: `make()` (untimed) returns the thunk to time."""

    def __init__(self, name, make, timeout=None, once=None, warm=False):
        self.name, self.make, self.timeout, self.once, self.warm = name, make, timeout, once, warm
        self.times, self.value, self.timed_out, self.stopped = [], None, False, False

    def run(self):
        if self.stopped:
            return
        thunk = self.make()
        if self.timeout is None:
            t = time.perf_counter()
            value = thunk()
            dt = time.perf_counter() - t
        else:
            dt, value = with_timeout(self.timeout, thunk)
        if dt is None:
            self.timed_out = self.stopped = True
            return
        self.times.append(1000 * dt)
        self.value = value
        if self.once is not None and dt > self.once:
            self.stopped = True

    def median(self):
        return statistics.median(self.times) if self.times else None


class Ours:
    """Hessian's side of one input: the median ms, the last output or
    error, and whether a call ran past the deadline (`timeout` s)."""

    def __init__(self, times, out, err, timeout):
        times = [t for t in times if t is not None]
        self.ms = statistics.median(times) if times else None
        self.out, self.err, self.timeout = out, err, timeout
        self.exceeded = err is not None and "deadline_exceeded" in err

    def shown(self):
        return f"> {self.timeout} s (deadline)" if self.exceeded else fmt_ms(self.ms)


def measure(server, args, op, data, refs, run_ours=True):
    """Interleaved runs: one untimed Hessian call and warm-up of the refs
    marked `warm`, then `repeat` rounds of Hessian and every reference.
    A Hessian call that is refused or slower than `once` seconds is not
    repeated (the references still run their rounds)."""
    if run_ours:
        t = time.perf_counter()
        ms, out, err = ours(server, op, data)
        slow = err is not None or time.perf_counter() - t > args.once
        times = [ms] if slow else []
    else:
        out, err, slow, times = None, "not run", True, []
    for r in refs:
        if r.warm:
            r.make()()
    for _ in range(args.repeat):
        if not slow:
            ms, out, err = ours(server, op, data)
            times.append(ms)
        for r in refs:
            r.run()
    return Ours(times if err is None else [], out, err, args.timeout)


def fmt_ms(t):
    if t is None:
        return "–"
    return f"{t:.1f} ms" if t >= 10 else (f"{t:.2f} ms" if t >= 0.1 else f"{t:.3f} ms")


def fmt_ratio(r):
    return f"{r:.0f}" if r >= 10 else f"{r:.2g}"


def ratio_of(h, ref):
    """hessian / reference: ≤ when the reference timed out, ≥ when
    Hessian ran past its deadline."""
    if ref is None:
        return None, "–"
    if ref.timed_out and not ref.times:
        if h.ms is None:
            return None, "–"
        r = h.ms / (1000 * ref.timeout)
        return r, "≤ " + fmt_ratio(r)
    m = ref.median()
    if m is None:
        return None, "–"
    if h.exceeded:
        r = 1000 * h.timeout / m
        return r, "≥ " + fmt_ratio(r)
    if h.ms is None:
        return None, "–"
    r = h.ms / m
    return r, fmt_ratio(r)


def shown(ref):
    if ref is None:
        return "–"
    if ref.timed_out and not ref.times:
        return f"> {ref.timeout} s"
    return fmt_ms(ref.median())


def gives_up(ref):
    """Whether a reference timed out or took over a third of its timeout:
    then it is not run on the larger members of the same family."""
    return ref.timed_out or any(t > 1000 * ref.timeout / 3 for t in ref.times)


def ours_gives_up(h):
    """Likewise for Hessian: past the deadline, a limit, or a third of it."""
    return h.exceeded or (h.err is not None and "limit_exceeded" in h.err) or \
        (h.ms is not None and h.ms > 1000 * h.timeout / 3)


SKIPPED = "SymPy not run (timed out, or over a third of the timeout, on a smaller one)"


def not_run(name):
    r = Ref(name, None)
    r.stopped = True
    return r


def header(title, cols):
    print(f"\n### {title}\n", flush=True)
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols), flush=True)


def line(cells):
    print("| " + " | ".join(cells) + " |", flush=True)


# ---------------------------------------------------------------- values


def parse_decimal(s):
    """Hessian's decimal: "1.25", "-3.1e-5", "a + b*i", "a - b*i"."""
    s = s.strip()
    if s.endswith("*i"):
        body = s[:-2]
        k = max(body.rfind(" + "), body.rfind(" - "))
        if k < 0:
            return mpmath.mpc(0, mpmath.mpf(body))
        im = mpmath.mpf(body[k + 3:])
        return mpmath.mpc(mpmath.mpf(body[:k]), -im if body[k + 1] == "-" else im)
    return mpmath.mpc(mpmath.mpf(s), 0)


def hessian_roots(roots):
    """[(value, error bound, multiplicity, real)] of Hessian's roots."""
    return [(parse_decimal(r["decimal"]), mpmath.mpf(r["error_bound"]), r["multiplicity"], r["real"]) for r in roots]


def flint_roots(found):
    """[(value, radius, multiplicity)] of flint's complex_roots."""
    out = []
    for c, m in found:
        v = mpmath.mpc(mpmath.mpf(c.real.mid().str(40, radius=False)), mpmath.mpf(c.imag.mid().str(40, radius=False)))
        rad = mpmath.mpf(c.real.rad().str(5, radius=False)) + mpmath.mpf(c.imag.rad().str(5, radius=False))
        out.append((v, rad, m))
    return out


def match_roots(ours_roots, theirs, slack):
    """None when every one of our roots meets a distinct root of theirs
    within both error bounds (+ slack·max(1, |z|)) with the same
    multiplicity, and the counts agree; else the first difference."""
    if len(ours_roots) != len(theirs):
        return f"{len(ours_roots)} distinct roots against {len(theirs)}"
    left = list(theirs)
    for v, err, m, _ in ours_roots:
        j = min(range(len(left)), key=lambda k: abs(left[k][0] - v))
        w, rad, mt = left.pop(j)
        d = abs(w - v)
        if d > err + rad + slack * max(1, abs(w)):
            return f"root {mpmath.nstr(v, 20)} is {mpmath.nstr(d, 3)} from the nearest other root {mpmath.nstr(w, 20)}"
        if m != mt:
            return f"root {mpmath.nstr(v, 20)} of multiplicity {m} against {mt}"
    return None


def poly_text(coeffs, var="x"):
    """Coefficients, constant first, as "3*x^4 - x^2 + 7"."""
    terms = []
    for k in range(len(coeffs) - 1, -1, -1):
        c = coeffs[k]
        if c == 0:
            continue
        mono = "" if k == 0 else (var if k == 1 else f"{var}^{k}")
        mag = abs(c)
        body = str(mag) if not mono else (mono if mag == 1 else f"{mag}*{mono}")
        terms.append(("-" if c < 0 else "+", body))
    if not terms:
        return "0"
    first = ("-" if terms[0][0] == "-" else "") + terms[0][1]
    return " ".join([first] + [f"{s} {b}" for s, b in terms[1:]])


def refusal(err):
    if "deadline_exceeded" in err:
        return "Hessian ran past the deadline"
    return "Hessian refused: " + err[:120]


def disagree(section, name, what):
    DISAGREE.append((section, name, what))
    return "DIFFERS: " + what


# ------------------------------------------------------ 1. polynomial solve


def random_poly(n, seed):
    rng = random.Random(seed)
    c = [rng.randint(-100, 100) for _ in range(n + 1)]
    while c[-1] == 0:
        c[-1] = rng.randint(-100, 100)
    return c


def product_poly(total, seed):
    """Irreducible factors of degree 1 to 6, coefficients in [-5, 5], each
    to a power 1 to 4, until the degree reaches `total`; (coefficients,
    description)."""
    rng = random.Random(seed)
    f, deg, parts = flint.fmpz_poly([1]), 0, []
    while deg < total:
        d = rng.randint(1, min(6, max(1, (total - deg) // 2)))
        while True:
            g = flint.fmpz_poly([rng.randint(-5, 5) for _ in range(d)] + [rng.choice([1, 2, 3])])
            _, fac = g.factor()
            if g.degree() == d and len(fac) == 1 and fac[0][1] == 1 and all(g != h for h, _ in parts):
                break
        e = rng.randint(1, 4)
        while e > 1 and deg + d * e > total + 3:
            e -= 1
        parts.append((g, e))
        f, deg = f * g ** e, deg + d * e
    return [int(c) for c in f.coeffs()], " ".join(f"{g.degree()}^{e}" if e > 1 else str(g.degree()) for g, e in parts)


def flint_factor_roots(c):
    """The closest flint analogue of Hessian's work: factor over Z, then
    the roots of every factor."""
    _, fac = flint.fmpz_poly(c).factor()
    return [(r, m * e) for g, e in fac for r, m in g.complex_roots()]


def polynomial_solve(server, args):
    sizes = [10, 30] if args.quick else [10, 30, 60, 100]
    products = [20, 40] if args.quick else [20, 40, 80]
    header("equation.polynomial.solve: all complex roots, 20 digits",
           ["polynomial", "degree", "flint complex_roots", "flint factor + complex_roots", "SymPy all_roots",
            "Hessian", "ratio / flint complex_roots", "ratio / flint factor + roots", "ratio / SymPy", "note"])
    ratios = {"flint": [], "flint factor": [], "sympy": []}
    for family, items in (
        ("random", [(f"random, coefficients ±100 (seed {n})", random_poly(n, n)) for n in sizes]),
        ("product", [(f"product of factors of degree^multiplicity {d} (seed {t})", c)
                     for t in products for c, d in [product_poly(t, t)]]),
    ):
        sympy_dead = False
        for name, c in items:
            n = len(c) - 1
            text = poly_text(c) + " = 0"
            fl = Ref("flint", lambda c=c: (lambda: flint.fmpz_poly(c).complex_roots()), warm=True)
            ff = Ref("flint factor", lambda c=c: (lambda: flint_factor_roots(c)), warm=True)

            def make_sympy(c=c):
                clear_sympy()
                p = sympy.Poly(list(reversed(c)), X)
                return lambda: p.all_roots()
            sy = not_run("sympy") if sympy_dead else Ref("sympy", make_sympy, args.timeout, args.once)
            # radicals off: the same work as flint's and SymPy's (isolation),
            # not Cardano's and Ferrari's formulas on top.
            h = measure(server, args, "equation.polynomial.solve",
                        {"equation": text, "digits": DIGITS, "radicals": False}, [fl, ff, sy])
            out, err = h.out, h.err
            sympy_dead = sympy_dead or gives_up(sy)
            notes = []
            if out is None:
                REFUSED.append(("polynomial.solve", name, err))
                notes.append(refusal(err))
            else:
                hr = hessian_roots(out["roots"])
                total = sum(m for _, _, m, _ in hr)
                real = sum(m for _, _, m, r in hr if r)
                why = None if total == n else f"{total} roots with multiplicity for degree {n}"
                why = why or match_roots(hr, flint_roots(fl.value), mpmath.mpf("1e-15"))
                notes.append(disagree("polynomial.solve", text, "flint: " + why) if why else "agrees with flint")
                if sy.value is not None:
                    s_total = len(sy.value)
                    s_real = sum(1 for r in sy.value if r.is_real)
                    if (s_total, s_real) != (total, real):
                        notes.append(disagree("polynomial.solve", text,
                                              f"SymPy: {s_total} roots ({s_real} real) against {total} ({real} real)"))
                    else:
                        notes.append(f"SymPy: same count ({real} real)")
                elif sy.stopped and not sy.timed_out and not sy.times:
                    notes.append(SKIPPED)
            cells = [name, str(n), shown(fl), shown(ff), shown(sy), h.shown()]
            for key, ref in (("flint", fl), ("flint factor", ff), ("sympy", sy)):
                r, t = ratio_of(h, ref)
                ratios[key].append(r)
                cells.append(t)
            line(cells + ["; ".join(notes)])
    return ratios


# --------------------------------------------------- 2. minimal polynomial


def minimal_cases(quick):
    primes = [2, 3, 5, 7, 11, 13]
    cases = [(f"√ sum, {k} terms", " + ".join(f"sqrt({p})" for p in primes[:k])) for k in ((2, 3, 4) if quick else (2, 3, 4, 5, 6))]
    cases += [
        ("nested", "sqrt(2 + sqrt(3))"),
        ("nested, denests", "sqrt(3 + 2*sqrt(2))"),
        ("nested", "sqrt(1 + sqrt(2 + sqrt(3)))"),
        ("nested sum", "sqrt(1 + sqrt(2)) + sqrt(1 + sqrt(3))"),
        ("cube roots", "root(2, 3) + root(3, 3)"),
        ("cube roots", "root(2, 3) + root(3, 3) + root(5, 3)"),
        ("mixed", "root(2, 3) + sqrt(3)"),
        ("fifth roots", "root(2, 5) + root(3, 5)"),
    ]
    if not quick:
        cases += [("mixed", "root(2, 3) + sqrt(2) + sqrt(3)"), ("cube roots", "root(2, 3) + root(3, 3) + root(5, 3) + root(7, 3)")]
    return cases


def to_sympy(text):
    return sympy.sympify(text.replace("^", "**"), locals=LOCALS)


def minimal_polynomial(server, args):
    header("algebraic_number.minimal_polynomial.compute against SymPy minimal_polynomial(expr, x)",
           ["number", "kind", "degree", "SymPy", "Hessian", "ratio / SymPy", "note"])
    ratios = []
    for kind, text in minimal_cases(args.quick):
        def make(text=text):
            clear_sympy()
            e = to_sympy(text)
            return lambda: sympy.minimal_polynomial(e, X)
        sy = Ref("sympy", make, args.timeout, args.once)
        h = measure(server, args, "algebraic_number.minimal_polynomial.compute",
                    {"number": text, "digits": DIGITS}, [sy])
        out, err = h.out, h.err
        deg, note = "–", ""
        if out is None:
            REFUSED.append(("minimal_polynomial", text, err))
            note = refusal(err)
        else:
            deg = str(out["degree"])
            if sy.value is not None:
                hp = sympy.Poly(to_sympy(out["minimal_polynomial"]["polynomial"]), X)
                sp = sympy.Poly(sy.value, X)
                note = "same polynomial" if hp in (sp, -sp) else \
                    disagree("minimal_polynomial", text, f"{hp.as_expr()} against SymPy's {sp.as_expr()}")
        r, t = ratio_of(h, sy)
        ratios.append(r)
        line([f"`{text}`", kind, deg, shown(sy), h.shown(), t, note])
    return ratios


# ------------------------------------------------------------ 3. compare

COMPARE = [
    ("the issue's pair", "sqrt(5) + sqrt(6) + sqrt(18)", "sqrt(11) + sqrt(12) + sqrt(15)"),
    # Nearest pairs of sums of square roots of squarefree integers (found by
    # search: 2 terms below 200, 3 below 60, 4 below 30).
    ("near-tie, 4e-8", "sqrt(85) + sqrt(191)", "sqrt(113) + sqrt(154)"),
    ("near-tie, 3e-8", "sqrt(30) + sqrt(31) + sqrt(43)", "sqrt(14) + sqrt(39) + sqrt(58)"),
    ("near-tie, 2e-6", "sqrt(10) + sqrt(11) + sqrt(15) + sqrt(17)", "sqrt(5) + sqrt(6) + sqrt(22) + sqrt(26)"),
    ("near-tie, relative 1e-61", "sqrt(10^30 + 1)", "10^15 + 1/(2*10^15)"),
    ("equal (denesting)", "sqrt(3 + 2*sqrt(2))", "1 + sqrt(2)"),
    ("equal (denesting)", "sqrt(5 + 2*sqrt(6))", "sqrt(2) + sqrt(3)"),
    ("equal (denesting)", "sqrt(2 + sqrt(3))", "(sqrt(6) + sqrt(2))/2"),
    ("equal (cube root)", "root(2 + sqrt(5), 3)", "(1 + sqrt(5))/2"),
    ("equal (Ramanujan)", "root(root(2, 3) - 1, 3)", "root(1/9, 3) - root(2/9, 3) + root(4/9, 3)"),
]


def sympy_relation(a, b):
    d = a - b
    if d.is_positive:
        return "greater"
    if d.is_negative:
        return "less"
    if d.is_positive is False and d.is_negative is False:
        return "equal"
    return None


def sympy_exact_relation(a, b):
    m = sympy.minimal_polynomial(a - b, X)
    if m == X:
        return "equal"
    v = sympy.N(a - b, 50)
    return "greater" if v > 0 else "less"


def compare(server, args):
    header("algebraic_number.compare.decide against SymPy: (a − b).is_positive / .is_negative, "
           "and minimal_polynomial(a − b) + sign at 50 digits",
           ["a", "b", "case", "SymPy is_positive", "SymPy minimal_polynomial", "Hessian",
            "ratio / is_positive", "ratio / minimal_polynomial", "note"])
    ratios = {"is_positive": [], "minimal_polynomial": []}
    for kind, a, b in COMPARE:
        def make(fn, a=a, b=b):
            def build():
                clear_sympy()
                A, B = to_sympy(a), to_sympy(b)
                return lambda: fn(A, B)
            return build
        s1 = Ref("is_positive", make(sympy_relation), args.timeout, args.once)
        s2 = Ref("minimal_polynomial", make(sympy_exact_relation), args.timeout, args.once)
        h = measure(server, args, "algebraic_number.compare.decide", {"a": a, "b": b}, [s1, s2])
        out, err = h.out, h.err
        note = ""
        if out is None:
            REFUSED.append(("compare", f"{a} vs {b}", err))
            note = refusal(err)
        else:
            rel = out.get("relation")
            how = "enclosures" if out.get("enclosures") else "exact"
            theirs = {s.value for s in (s1, s2) if s.value is not None}
            if len(theirs) > 1:
                note = f"SymPy's two methods differ: {theirs}; "
            if theirs and rel not in theirs:
                note += disagree("compare", f"{a} vs {b}", f"{rel} against SymPy's {theirs}")
            else:
                note += f"{rel} (Hessian by {how}), as SymPy"
        r1, t1 = ratio_of(h, s1)
        r2, t2 = ratio_of(h, s2)
        ratios["is_positive"].append(r1)
        ratios["minimal_polynomial"].append(r2)
        line([f"`{a}`", f"`{b}`", kind, shown(s1), shown(s2), h.shown(), t1, t2, note])
    return ratios


# -------------------------------------------------------- 4. eigenvalues


def eigenvalues(server, args):
    orders = [4, 6, 8] if args.quick else [4, 6, 8, 10, 12]
    header("matrix.eigenvalues.compute: integer entries in [-10, 10], 20 digits",
           ["order (seed)", "flint charpoly + complex_roots", "SymPy eigenvals", "Hessian",
            "ratio / flint", "ratio / SymPy", "Hessian's solve of the charpoly alone", "note"])
    ratios = {"flint": [], "sympy": []}
    sympy_dead = False
    for n in orders:
        rng = random.Random(100 + n)
        m = [[rng.randint(-10, 10) for _ in range(n)] for _ in range(n)]
        fl = Ref("flint", lambda m=m: (lambda: (lambda p: (p, p.complex_roots()))(flint.fmpz_mat(m).charpoly())), warm=True)

        def make(m=m):
            clear_sympy()
            M = sympy.Matrix(m)
            return lambda: M.eigenvals()
        sy = not_run("sympy") if sympy_dead else Ref("sympy", make, args.timeout, args.once)
        h = measure(server, args, "matrix.eigenvalues.compute",
                    {"matrix": [[str(v) for v in row] for row in m], "digits": DIGITS}, [fl, sy])
        out, err = h.out, h.err
        sympy_dead = sympy_dead or gives_up(sy)
        notes = []
        name = f"{n} ({100 + n})"
        alone = "–"
        if out is None:
            REFUSED.append(("eigenvalues", name, err))
            notes.append(refusal(err))
        else:
            cp, found = fl.value
            # Where the time goes: the same roots from the characteristic
            # polynomial alone (equation.polynomial.solve, same rounds).
            solve = [ours(server, "equation.polynomial.solve",
                          {"equation": out["characteristic_polynomial"]["polynomial"], "digits": DIGITS,
                           "radicals": False})[0]
                     for _ in range(args.repeat)]
            alone = fmt_ms(statistics.median(t for t in solve if t is not None))
            hr = hessian_roots(out["eigenvalues"])
            coeffs = [int(c) for c in out["characteristic_polynomial"]["coefficients"]]
            why = None
            if coeffs != [int(c) for c in cp.coeffs()] and coeffs[::-1] != [int(c) for c in cp.coeffs()]:
                why = "characteristic polynomials differ"
            why = why or match_roots(hr, flint_roots(found), mpmath.mpf("1e-15"))
            notes.append(disagree("eigenvalues", json.dumps(m), "flint: " + why) if why else "agrees with flint")
            if sy.value is not None:
                theirs = []
                for k, mult in sy.value.items():
                    v = complex(sympy.N(k, 30, chop=True))
                    theirs.append((mpmath.mpc(v.real, v.imag), mpmath.mpf(0), mult))
                why = match_roots(hr, theirs, mpmath.mpf("1e-9"))
                notes.append(disagree("eigenvalues", json.dumps(m), "SymPy: " + why) if why else "agrees with SymPy")
            elif sy.stopped and not sy.times and not sy.timed_out:
                notes.append(SKIPPED)
        rf, tf = ratio_of(h, fl)
        rs, ts = ratio_of(h, sy)
        ratios["flint"].append(rf)
        ratios["sympy"].append(rs)
        line([name, shown(fl), shown(sy), h.shown(), tf, ts, alone, "; ".join(notes)])
    return ratios


# ------------------------------------------------------ 5. Gröbner bases

GROEBNER_OP = "equation.groebner_basis.compute"


def inspect(hessian, op):
    """The operation's contract (`hessian --json inspect`), or None."""
    p = subprocess.run([hessian, "--json", "inspect", op], capture_output=True, text=True)
    if p.returncode != 0:
        return None
    try:
        c = json.loads(p.stdout)
    except json.JSONDecodeError:
        return None
    return None if c.get("error") else c


def find_schema(contract):
    """The input schema's properties, wherever the contract keeps them."""
    stack = [contract]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            for k in ("input_schema", "inputSchema", "input"):
                s = v.get(k)
                if isinstance(s, dict) and isinstance(s.get("properties"), dict):
                    return s["properties"]
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return {}


def dense_system(nvars, degree, seed):
    """`nvars` dense polynomials of total degree `degree` in x, y[, z],
    integer coefficients in [-10, 10]."""
    rng = random.Random(seed)
    names = ["x", "y", "z"][:nvars]
    gens = sympy.symbols(names)
    monos = [m for m in sympy.itermonomials(gens, degree)]
    monos.sort(key=sympy.default_sort_key)
    eqs = []
    for _ in range(nvars):
        p = sum(rng.randint(-10, 10) * m for m in monos)
        eqs.append(str(sympy.expand(p)).replace("**", "^") + " = 0")
    return eqs, names


def benchmark_system(name):
    """Cyclic-n and Katsura-n beyond the corpus (which holds Cyclic-4/5 and
    Katsura-3/4/5), in the corpus's form: Cyclic-n in x0..x(n-1) (the
    elementary symmetric sums, the last = 1), Katsura-n in x0..xn (Σ x|l|
    x|m-l| = xm for m < n, x0 + 2 Σ xi = 1)."""
    family, n = name.rsplit("_", 1)
    n = int(n)
    if family == "cyclic":
        xs = [f"x{i}" for i in range(n)]
        eqs = [" + ".join("*".join(xs[(i + j) % n] for j in range(k)) for i in range(n)) for k in range(1, n)]
        return eqs + ["*".join(xs) + " - 1"], xs
    xs = [f"x{i}" for i in range(n + 1)]
    eqs = [" + ".join([xs[0]] + [f"2*{x}" for x in xs[1:]]) + " - 1"]
    for m in range(n):
        terms = [f"{xs[abs(l)]}*{xs[abs(m - l)]}" for l in range(-n, n + 1) if abs(m - l) <= n]
        eqs.append(" + ".join(terms) + f" - {xs[m]}")
    return eqs, xs


def normalise(polys, gens, order):
    """Each polynomial primitive over Z with a positive leading coefficient
    in `order`, as a sorted list of texts."""
    out = []
    for p in polys:
        P = sympy.Poly(p, *gens, domain="QQ")
        _, P = P.clear_denoms(convert=True)
        P = P.primitive()[1]
        if P.LC(order=order) < 0:
            P = -P
        out.append(str(P.as_expr()))
    return sorted(out)


def basis_of(out):
    """The list of basis polynomials in an output object."""
    for k in ("basis", "groebner_basis", "reduced_basis", "polynomials", "gröbner_basis"):
        v = out.get(k)
        if isinstance(v, dict):
            v = v.get("polynomials") or v.get("basis")
        if isinstance(v, list):
            return [e if isinstance(e, str) else (e.get("polynomial") or e.get("expression") or
                                                  e.get("text") or json.dumps(e)) for e in v]
    for v in out.values():
        if isinstance(v, list) and v and all(isinstance(e, (str, dict)) for e in v):
            return basis_of({"basis": v})
    return None


def groebner(server, args):
    contract = inspect(args.hessian, GROEBNER_OP)
    if contract is None:
        # `hessian inspect` failed: ask the server whether the operation is
        # there, with the planned input.
        _, out, err = ours(server, GROEBNER_OP, {"polynomials": ["x^2 + y^2 - 1", "x - y"], "variables": ["x", "y"],
                                                 "order": "grevlex"})
        if out is None:
            print(f"\n### Gröbner bases\n\nSkipped: no operation {GROEBNER_OP} in this binary "
                  f"(`hessian inspect` fails; math_run answers {err[:200]}).", flush=True)
            return None
        print(f"\n(`hessian inspect {GROEBNER_OP}` failed, but math_run answers the planned input: using it.)")
        contract = {"input_schema": {"properties": {"polynomials": {}, "variables": {}, "order": {}}}}
    props = find_schema(contract)
    key = next((k for k in ("polynomials", "equations", "system", "generators") if k in props), "polynomials")
    orders = props.get("order", {}).get("enum") or ["grevlex", "lex"]
    orders = [o for o in ("grevlex", "lex") if o in orders]
    corpus = {c["name"]: c for c in json.load(open(os.path.join(HERE, "..", "tests", "data", "equation", "systems", "systems.json")))}
    names = ["katsura_4", "random_2var_05", "random_3var_05"] if args.quick else \
        ["cyclic_5", "katsura_4", "katsura_5", "random_2var_05", "random_3var_00", "random_3var_05"]
    systems = [(n, corpus[n]["equations"], corpus[n]["variables"], corpus[n]) for n in names]
    if not args.quick:
        # After their families' smaller members, so that the rule on a third
        # of the timeout applies to them.
        for name in ["cyclic_6", "katsura_6", "katsura_7"]:
            at = max(i for i, s in enumerate(systems) if s[0].rstrip("_0123456789") == name.rstrip("_0123456789"))
            systems.insert(at + 1, (name, *benchmark_system(name), None))
    dense = [(2, 3, 1), (2, 4, 2), (3, 2, 3)] if args.quick else [(2, 3, 1), (2, 4, 2), (2, 5, 3), (3, 2, 4), (3, 3, 5)]
    for nv, deg, seed in dense:
        eqs, vs = dense_system(nv, deg, seed)
        systems.append((f"dense, {nv} variables, degree {deg} (seed {seed})", eqs, vs, None))
    header(f"{GROEBNER_OP} against SymPy groebner(F, *gens, order=…) (input key `{key}`)",
           ["system", "order", "SymPy groebner", "Hessian", "ratio / SymPy", "basis size", "note"])
    ratios = []
    for order in orders:
        # Families of growing systems: past a timeout (SymPy) or the
        # deadline (Hessian) on one, the larger ones are not tried by it.
        sympy_dead, ours_dead = set(), set()
        for name, eqs, vs, c in systems:
            gens = sympy.symbols(vs)
            loc = dict(zip(vs, gens))
            polys_text = [e if "=" not in e else "({}) - ({})".format(*e.split("=")) for e in eqs]

            def make(order=order, polys_text=polys_text, gens=gens, loc=loc):
                clear_sympy()
                F = [sympy.sympify(p.replace("^", "**"), locals=loc) for p in polys_text]
                return lambda: sympy.groebner(F, *gens, order=order)
            family = (name.rsplit(",", 1)[0] if name.startswith("dense") else
                      name.rstrip("_0123456789") if name.startswith(("cyclic", "katsura")) else None)
            skip_sympy, skip_ours = family in sympy_dead, family in ours_dead
            sy = not_run("sympy") if skip_sympy else Ref("sympy", make, args.timeout, args.once)
            text_in = eqs if key == "equations" else polys_text
            data = {key: text_in, "variables": vs, "order": order}
            h = measure(server, args, GROEBNER_OP, data, [sy], run_ours=not skip_ours)
            out, err = h.out, h.err
            if family and not skip_sympy and gives_up(sy):
                sympy_dead.add(family)
            if family and not skip_ours and ours_gives_up(h):
                ours_dead.add(family)
            note, size = "", "–"
            if skip_ours:
                note = "Hessian not run (past the deadline, a limit or a third of the deadline on a smaller one)"
            elif out is None:
                REFUSED.append(("groebner", f"{name} {order}", err))
                note = refusal(err)
            else:
                basis = basis_of(out)
                if basis is None:
                    note = "no basis found in the output: " + json.dumps(out)[:100]
                else:
                    size = str(len(basis))
                    mine = normalise([sympy.sympify(p.replace("^", "**"), locals=loc) for p in basis], gens, order)
                    ref = None
                    if sy.value is not None:
                        ref = normalise(list(sy.value.exprs), gens, order)
                    elif c is not None and c.get(f"groebner_{order}"):
                        ref = normalise([sympy.sympify(p.replace("^", "**"), locals=loc) for p in c[f"groebner_{order}"]], gens, order)
                    if ref is None:
                        note = "no reference basis"
                    elif mine == ref:
                        note = "same reduced basis as " + ("SymPy" if sy.value is not None else "the corpus")
                    else:
                        note = disagree("groebner", f"{name} {order}: {eqs}", "reduced bases differ")
            if skip_sympy:
                note += "; " + SKIPPED
            r, t = ratio_of(h, sy)
            ratios.append(r)
            line([name, order, shown(sy), h.shown(), t, size, note.lstrip("; ")])
    return ratios


# ------------------------------------------------------------------ main


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hessian", default="target/release/hessian")
    ap.add_argument("--repeat", type=int, default=None, help="interleaved rounds per input (default 5, --quick 3)")
    ap.add_argument("--timeout", type=int, default=None, help="seconds for one SymPy call (default 60, --quick 10)")
    ap.add_argument("--once", type=float, default=2.0, help="a SymPy call slower than this many seconds is not repeated")
    ap.add_argument("--quick", action="store_true", help="smaller sizes, fewer repeats: 1-2 minutes")
    ap.add_argument("--skip", default="", help="comma-separated: solve,minimal,compare,eigenvalues,groebner")
    args = ap.parse_args()
    args.repeat = args.repeat or (3 if args.quick else 5)
    args.timeout = args.timeout or (10 if args.quick else 60)
    skip = set(args.skip.split(","))
    server = Server([args.hessian, "serve", "--max-output-bytes", "4000000", "--deadline-ms", str(1000 * args.timeout)])
    # Warm-up: the first call builds the catalog's lazy state.
    ours(server, "equation.polynomial.solve", {"equation": "x^2 - 2 = 0"})
    print(f"Hessian (release, stdio) against SymPy {sympy.__version__} (mpmath {mpmath.__version__}, backend "
          f"{mpmath.libmp.BACKEND}) and python-flint {flint.__version__} (prec {flint.ctx.prec} bits), Python "
          f"{sys.version.split()[0]}; Hessian time = the envelope's elapsed_ms; medians of {args.repeat} interleaved "
          f"rounds; SymPy stopped after {args.timeout} s, not repeated past {args.once} s; ratio = hessian / reference "
          f"(below 1: Hessian faster).", flush=True)
    start = time.perf_counter()
    summary = {}
    if "solve" not in skip:
        r = polynomial_solve(server, args)
        summary["polynomial.solve / flint complex_roots"] = r["flint"]
        summary["polynomial.solve / flint factor + complex_roots"] = r["flint factor"]
        summary["polynomial.solve / SymPy"] = r["sympy"]
    if "minimal" not in skip:
        summary["minimal_polynomial / SymPy"] = minimal_polynomial(server, args)
    if "compare" not in skip:
        r = compare(server, args)
        summary["compare / SymPy is_positive"] = r["is_positive"]
        summary["compare / SymPy minimal_polynomial"] = r["minimal_polynomial"]
    if "eigenvalues" not in skip:
        r = eigenvalues(server, args)
        summary["eigenvalues / flint"] = r["flint"]
        summary["eigenvalues / SymPy"] = r["sympy"]
    if "groebner" not in skip:
        r = groebner(server, args)
        if r is not None:
            summary["groebner / SymPy"] = r
    print("\n| workload | median ratio hessian / reference | min | max |\n|---|---|---|---|")
    for k, v in summary.items():
        v = [x for x in v if x]
        if v:
            print(f"| {k} | {fmt_ratio(statistics.median(v))} | {fmt_ratio(min(v))} | {fmt_ratio(max(v))} |")
    print(f"\nDisagreements: {len(DISAGREE)}")
    for section, name, what in DISAGREE:
        print(f"- {section}: {name}: {what}")
    print(f"Hessian refusals: {len(REFUSED)}")
    for section, name, msg in REFUSED:
        print(f"- {section}: {name}: {msg}")
    print(f"Total time {time.perf_counter() - start:.0f} s", flush=True)
    server.close()
    sys.exit(1 if DISAGREE else 0)


if __name__ == "__main__":
    main()
