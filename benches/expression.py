#!/usr/bin/env python3
"""The expression family against SymPy and mpmath on the same inputs, in one
run, as ratios: rational integration (degree 10/20/40), series of tan and
exp(sin x) (order 20/50/100), the limits of tests/data/expression/limit.json,
and 10,000 / 100,000 digits of pi, e and exp(pi) - pi.

    python3.12 -m venv .venv-bench && .venv-bench/bin/pip install sympy==1.14.0 mpmath==1.3.0 gmpy2
    cargo build --release --bin hessian
    .venv-bench/bin/python benches/expression.py --hessian target/release/hessian

Hessian is driven as agents drive it, `hessian serve` over stdio; its time is
the operation's own `elapsed_ms` from the envelope (parsing, kernel, check),
the round trip is reported beside it. SymPy and mpmath run in-process; each
mpmath constant is computed in a fresh process (mpmath caches constants).
Every Hessian answer here has been checked by Hessian before it is returned;
answers are also compared with SymPy's numerically where both answer.
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

import mpmath  # noqa: E402
import sympy  # noqa: E402

X = sympy.Symbol("x", real=True)
HERE = os.path.dirname(os.path.abspath(__file__))


class Timeout(Exception):
    pass


def with_timeout(seconds, fn):
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


def ours(server, op, data):
    """(operation ms, round-trip ms, output) of one math_run call."""
    rt, msg = server.timed_call(payload(server, {"operation_id": op, "input": data}))
    env = msg["result"].get("structuredContent", {})
    return env.get("elapsed_ms"), 1000 * rt, env.get("output", env)


def best_of(server, repeat, op, data):
    """The least operation time of `repeat` calls, and the last output."""
    times, out = [], None
    for _ in range(repeat):
        ms, _, out = ours(server, op, data)
        times.append(ms)
    return min(times), out


def rational_function(n, seed):
    """Numerator of degree n - 1, denominator of degree n: linear and
    irreducible quadratic factors with small integer coefficients, some
    repeated."""
    rng = random.Random(seed)
    den, deg = sympy.Integer(1), 0
    while deg < n:
        if n - deg >= 2 and rng.random() < 0.5:
            b = rng.randint(-3, 3)
            c = rng.randint(b * b // 4 + 1, b * b // 4 + 6)
            f, d = X ** 2 + b * X + c, 2
        else:
            f, d = X - rng.randint(-6, 6), 1
        den, deg = den * f, deg + d
    num = sum(rng.randint(-9, 9) * X ** k for k in range(n))
    return num / sympy.expand(den)


def text(e):
    return str(e).replace("**", "^")


def row(name, t_ref, t_ours, note="", timeout=None):
    """A table row; a reference that ran out of time counts as `timeout`
    (its ratio is then a lower bound, marked ≥)."""
    bound = t_ref is None and timeout is not None
    if bound:
        t_ref = 1000 * timeout
    ratio = t_ref / t_ours if t_ref and t_ours else None
    fmt = lambda t: "–" if t is None else (f"{t:.1f} ms" if t >= 1 else f"{t:.3f} ms")
    r = "–" if ratio is None else (f"{ratio:.0f}×" if ratio >= 10 else f"{ratio:.2g}×")
    if bound:
        r, shown = "≥ " + r, f"> {timeout} s"
    else:
        shown = fmt(t_ref)
    print(f"| {name} | {shown} | {fmt(t_ours)} | {r} | {note} |", flush=True)
    return ratio


def integration(server, repeat, timeout):
    print("\n### Rational functions: ∫ p/q dx (q of degree n, linear and quadratic factors over Q)\n")
    print("| n (seed) | SymPy integrate | Hessian | SymPy / Hessian | note |")
    print("|---|---|---|---|---|")
    ratios = []
    for n, seeds in ((10, 3), (20, 1), (40, 1)):
        for seed in range(seeds):
            f = rational_function(n, 1000 * n + seed)
            t_ref, ref = with_timeout(timeout, lambda: sympy.integrate(f, X))
            best, out = best_of(server, repeat, "expression.integral.compute", {"expression": text(f), "variable": "x"})
            note = out.get("status", "refused")
            if out.get("status") == "found" and ref is not None:
                F = sympy.sympify(out["antiderivative"]["expression"].replace("^", "**"), locals={"x": X})
                d = [sympy.N((F - ref).subs(X, p), 30) for p in (sympy.Rational(1, 3), sympy.Rational(7, 5))]
                note += ", agrees with SymPy up to a constant" if abs(d[0] - d[1]) < 1e-20 else ", DIFFERS"
            ratios.append(row(f"{n} ({seed})", None if t_ref is None else 1000 * t_ref, best, note, timeout))
    return ratios


def series(server, repeat, timeout):
    print("\n### Series at 0: sympy.series(f, x, 0, n) against expression.series.compute\n")
    print("| f, order n | SymPy series | Hessian | SymPy / Hessian | note |")
    print("|---|---|---|---|---|")
    ratios = []
    for name, f in (("tan(x)", sympy.tan(X)), ("exp(sin(x))", sympy.exp(sympy.sin(X)))):
        for n in (20, 50, 100):
            t_ref, ref = with_timeout(timeout, lambda: sympy.series(f, X, 0, n).removeO())
            best, out = best_of(server, repeat, "expression.series.compute", {"expression": name, "variable": "x", "order": n})
            note = ""
            if ref is not None and "series" in out:
                S = sympy.sympify(out["series"]["expression"].replace("^", "**"), locals={"x": X})
                note = "same terms as SymPy" if sympy.expand(S - ref) == 0 else "DIFFERS"
            ratios.append(row(f"{name}, {n}", None if t_ref is None else 1000 * t_ref, best, note, timeout))
    return ratios


def limits(server, timeout):
    cases = json.load(open(os.path.join(HERE, "..", "tests", "data", "expression", "limit.json")))["cases"]
    t_refs, t_ours, both, only_ref, only_ours = [], [], 0, 0, 0
    for c in cases:
        syms = {v: sympy.Symbol(v, real=True) for v in "xyztabnk"}
        e = sympy.sympify(c["expr"].replace("^", "**"), locals=syms)
        point = {"inf": sympy.oo, "-inf": -sympy.oo}.get(c["point"]) or sympy.sympify(c["point"].replace("^", "**"))
        d = c["dir"]
        def sympy_limit():
            try:
                return sympy.limit(e, syms[c["var"]], point, d)
            except ValueError:
                # SymPy's answer when the one-sided limits differ.
                return sympy.nan
            except Exception:  # noqa: BLE001 — SymPy gives up by raising (NotImplementedError, …)
                return sympy.Limit(e, syms[c["var"]], point, d)
        t_ref, ref = with_timeout(timeout, sympy_limit)
        direction = "both" if c["point"] in ("inf", "-inf") or d == "+-" else {"+": "right", "-": "left"}[d]
        ms, _, out = ours(server, "expression.limit.compute",
                          {"expression": c["expr"], "variable": c["var"], "at": c["point"], "direction": direction})
        answered = out.get("status") not in (None, "unknown")
        sympy_answered = ref is not None and not ref.has(sympy.Limit)
        if answered and sympy_answered:
            both += 1
            t_refs.append(1000 * t_ref)
            t_ours.append(ms)
        only_ref += sympy_answered and not answered
        only_ours += answered and not sympy_answered
    print(f"\n### Limits: the {len(cases)} cases of tests/data/expression/limit.json\n")
    print("| | SymPy limit | Hessian | SymPy / Hessian | note |")
    print("|---|---|---|---|---|")
    ratios = [r / o for r, o in zip(t_refs, t_ours) if o]
    note = f"{both} answered by both ({only_ref} by SymPy only, {only_ours} by Hessian only); per-case ratio min {min(ratios):.0f}×, max {max(ratios):.0f}×"
    row("median over the cases both answer", statistics.median(t_refs), statistics.median(t_ours), note)
    return [statistics.median(ratios)]


MPMATH = """
import sys, time, mpmath
digits, which = int(sys.argv[1]), sys.argv[2]
mpmath.mp.dps = digits + 10
t = time.perf_counter()
v = {"pi": lambda: +mpmath.pi, "e": lambda: mpmath.e + 0, "exp(pi) - pi": lambda: mpmath.exp(mpmath.pi) - mpmath.pi}[which]()
s = mpmath.nstr(v, digits)
print(time.perf_counter() - t, mpmath.libmp.BACKEND, s[:30], s[-12:])
"""


def digits(server, sizes):
    print("\n### Constants to N significant digits: mpmath (fresh process each) against expression.numeric.evaluate\n")
    print("| constant, N | mpmath | Hessian | mpmath / Hessian | note |")
    print("|---|---|---|---|---|")
    ratios = []
    for n in sizes:
        for name in ("pi", "e", "exp(pi) - pi"):
            out = subprocess.run([sys.executable, "-c", MPMATH, str(n), name], capture_output=True, text=True, check=True)
            t_ref, backend, head, tail = out.stdout.split()
            ms, _, res = ours(server, "expression.numeric.evaluate", {"expression": name, "digits": n})
            value = res.get("value", "")
            # The first 25 and the last digits but one (rounding) agree.
            agree = value[:25] == head[:25] and value[-11:-1] == tail[-11:-1]
            note = f"mpmath backend {backend}; digits {'agree' if agree else 'DIFFER'}"
            ratios.append(row(f"{name}, {n:,}", 1000 * float(t_ref), ms, note))
    return ratios


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hessian", default="target/release/hessian")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=60, help="seconds for one SymPy call")
    ap.add_argument("--digits", default="10000,100000")
    ap.add_argument("--skip", default="", help="comma-separated: integration,series,limits,digits")
    args = ap.parse_args()
    skip = set(args.skip.split(","))
    # 100,000 digits exceed the default 64 KiB output budget of one call.
    server = Server([args.hessian, "serve", "--max-output-bytes", "1000000"])
    # Warm-up: the first call builds the catalog's lazy state.
    ours(server, "expression.simplify.compute", {"expression": "x + x"})
    print(f"Hessian (release, stdio) against SymPy {sympy.__version__} and mpmath {mpmath.__version__} "
          f"(backend {mpmath.libmp.BACKEND}), Python {sys.version.split()[0]}; Hessian time = the envelope's "
          f"elapsed_ms, best of {args.repeat}; SymPy one call each.")
    summary = {}
    if "integration" not in skip:
        summary["integration"] = integration(server, args.repeat, args.timeout)
    if "series" not in skip:
        summary["series"] = series(server, args.repeat, args.timeout)
    if "limits" not in skip:
        summary["limits"] = limits(server, args.timeout)
    if "digits" not in skip:
        summary["digits"] = digits(server, [int(d) for d in args.digits.split(",")])
    print("\n| workload | median speed-up (reference / Hessian) |\n|---|---|")
    for k, v in summary.items():
        v = [r for r in v if r]
        if v:
            print(f"| {k} | {statistics.median(v):.2g}× |")
    server.close()


if __name__ == "__main__":
    main()
