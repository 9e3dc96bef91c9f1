#!/usr/bin/env python3
"""The exact probability operations against SymPy and plain Python on the
same inputs, in one run, as ratios hessian / reference (the issue's target
against SymPy: 0.1 or less at the median):

1. probability.markov_chain.absorption_probabilities.compute on random
   sparse absorbing chains of 50, 100 and 200 states (4 absorbing states;
   every other state moves to 3–5 states with probabilities w/Σw, w in
   1..6, the first move to an absorbing state or to a state placed before
   it in a random order, so every state can be absorbed), against
   - SymPy doing what DiscreteMarkovChain.absorbing_probabilities() does
     once the chain is decomposed: det(I − Q) ≠ 0, then (I − Q)⁻¹·R, on
     SymPy matrices of Rationals built beforehand, untimed. The method
     itself does not return on these chains (SymPy 1.14: still running
     after 10 minutes at 20 states, inside communication_classes, whose
     period search rebinds `newly_visited` within its own loop and can
     cycle without ever covering a transient class of several states),
     so it is not called;
   - a Gauss–Jordan solve of (I − Q)·B = R in fractions.Fraction (below).
   Every absorption probability is compared exactly. The operation takes
   at most 200 states: a 500-state chain is sent once and the refusal
   shown.
2. probability.dice.sum_distribution.compute on n six-sided dice
   ({"dice": [{"sides": 6, "count": n}]}), n from 3 to 100, against
   sympy.stats density(D1 + … + Dn) (it enumerates all 6^n outcomes, about
   12× longer per die: 6 dice take ~40 s) and against (x + … + x^6)^n by
   repeated integer convolution in plain Python, divided by 6^n. The whole
   distributions are compared exactly.
3. statistics.mann_whitney.compute and statistics.wilcoxon_signed_rank.compute
   on random tie-free samples (Mann–Whitney 10+10 to 60+60, Wilcoxon 20 to
   100 differences), against scipy.stats.mannwhitneyu / wilcoxon with
   method="exact" (SciPy's exact null distributions, float64). Ours is the
   exact rational p-value; the two must agree to 1e-9 relative.

Hessian is driven over stdio (`hessian serve`); its time is the envelope's
elapsed_ms, parsing and the operation's check included. The references run
in-process; medians of --repeat interleaved rounds. A SymPy call past
--cap seconds is stopped: that row shows the cap (the ratio is then an
upper bound, "<") and SymPy is not run on the larger sizes.

    python3 -m venv /var/tmp/venv-bench && /var/tmp/venv-bench/bin/pip install sympy==1.14.0
    cargo build --release --bin hessian
    /var/tmp/venv-bench/bin/python benches/probability.py --hessian target/release/hessian [--quick]
"""

import argparse
import json
import os
import random
import signal
import sys
from fractions import Fraction

import sympy
from sympy.stats import Die, density

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from constraints import call, measurer, print_table  # noqa: E402
from e2e_det import Server, payload  # noqa: E402

MARKOV = "probability.markov_chain.absorption_probabilities.compute"
MANN_WHITNEY = "statistics.mann_whitney.compute"
WILCOXON = "statistics.wilcoxon_signed_rank.compute"
DICE = "probability.dice.sum_distribution.compute"


class Stopped(Exception):
    pass


def capped(seconds, fn):
    """fn(), raising Stopped past `seconds`."""
    def alarm(*_):
        raise Stopped()

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return fn()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def absorbing_chain(n, rng, absorbing=4):
    """(P as rows of Fractions and 0s, sorted absorbing states)."""
    ends = sorted(rng.sample(range(n), absorbing))
    transient = [s for s in range(n) if s not in ends]
    rng.shuffle(transient)
    p = [[0] * n for _ in range(n)]
    for s in ends:
        p[s][s] = Fraction(1)
    for pos, s in enumerate(transient):
        targets = {rng.choice(ends + transient[:pos])}
        k = rng.randint(3, 5)
        while len(targets) < k:
            targets.add(rng.randrange(n))
        w = [rng.randint(1, 6) for _ in targets]
        for j, x in zip(sorted(targets), w):
            p[s][j] = Fraction(x, sum(w))
    return p, ends


def fraction_absorption(p, ends):
    """{(transient i, absorbing k): P(absorbed in k | start i)} by Gauss–Jordan on [I − Q | R]."""
    t = [i for i in range(len(p)) if i not in ends]
    m = len(t)
    a = [[Fraction(i == j) - p[i][j] for j in t] + [Fraction(p[i][k]) for k in ends] for i in t]
    for c in range(m):
        r = next(r for r in range(c, m) if a[r][c])
        a[c], a[r] = a[r], a[c]
        inv = 1 / a[c][c]
        a[c] = [x * inv for x in a[c]]
        for r in range(m):
            f = a[r][c]
            if r != c and f:
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return {(i, k): a[r][m + s] for r, i in enumerate(t) for s, k in enumerate(ends)}


def sympy_absorption(q, r):
    sympy.core.cache.clear_cache()
    i = sympy.eye(q.shape[0])
    if (i - q).det() == 0:
        raise ValueError("The fundamental matrix doesn't exist.")
    return (i - q).inv() * r


def hessian_absorption(out):
    """The operation's table as {(from, absorbing state): Fraction}."""
    ends = [int(c[0]) if len(c) == 1 else None for c in out.get("absorbing", [])]
    return {(int(f), k): Fraction(x) for f, row in zip(out.get("from", []), out.get("probabilities", []))
            for k, x in zip(ends, row)}


def sympy_dice(n):
    sympy.core.cache.clear_cache()
    return dict(density(sympy.Add(*[Die(f"D{i}", 6) for i in range(n)])))


def plain_dice(n):
    counts = [1]
    for _ in range(n):
        counts = [sum(counts[k - f] for f in range(6) if 0 <= k - f < len(counts)) for k in range(len(counts) + 5)]
    total = 6 ** n
    return {n + k: Fraction(c, total) for k, c in enumerate(counts)}


def hessian_dice(out):
    return {int(t): Fraction(p) for t, p in out.get("distribution", [])}


def error_of(server, op, inp):
    _, msg = server.timed_call(payload(server, {"operation_id": op, "input": inp}))
    return msg.get("result", {}).get("structuredContent", {}).get("error") or msg.get("error") or {}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hessian", default="target/release/hessian")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="smaller sizes, SymPy capped at 30 s")
    ap.add_argument("--rank-only", action="store_true", help="only the rank tests against SciPy")
    ap.add_argument("--cap", type=float, help="seconds before a SymPy call is stopped (default 120, 30 with --quick)")
    args = ap.parse_args()
    cap = args.cap or (30 if args.quick else 120)
    # Whole distributions and 200-state tables exceed the default 64 KiB
    # output budget; a long deadline keeps debug builds usable.
    server = Server([args.hessian, "serve", "--max-output-bytes", "67108864", "--deadline-ms", "600000"])
    rng = random.Random(2037)
    rows, extra = [], []  # extra: rows print_table cannot show (refused, stopped, not run)
    measure = measurer(args.repeat, rows)

    def hessian(op, inp):
        """call(), stopping the run with Hessian's error if it refuses."""
        def go():
            ms, out = call(server, op, inp)
            if ms is None:
                sys.exit(f"{op} failed: {json.dumps(error_of(server, op, inp))[:500]}")
            return ms, out
        return go

    def against_sympy(name, ours_call, sympy_call, same, alive):
        """Measures unless SymPy was stopped on a smaller size; whether to go on with SymPy."""
        if not alive:
            extra.append((name, "—", "not run (stopped on a smaller size)", "—"))
            return False
        try:
            measure(name, ours_call, lambda: capped(cap, sympy_call), same)
            return True
        except Stopped:
            ms, _ = ours_call()
            extra.append((name, f"{ms:.2f} ms", f"> {cap:g} s (stopped)", f"< {ms / (1000 * cap):.2g}"))
            return False

    alive = True
    for n in [] if args.rank_only else [20, 50, 200] if args.quick else [50, 100, 200, 500]:
        p, ends = absorbing_chain(n, rng)
        inp = {"transition": [[str(x) if x else 0 for x in row] for row in p]}
        t = [i for i in range(n) if i not in ends]
        rat = lambda x: sympy.Rational(x.numerator, x.denominator) if x else sympy.S.Zero  # noqa: E731
        q = sympy.Matrix([[rat(p[i][j]) for j in t] for i in t])
        r = sympy.Matrix([[rat(p[i][k]) for k in ends] for i in t])
        ours = hessian(MARKOV, inp)
        alive = against_sympy(
            f"Markov absorption n={n} vs SymPy (I−Q)⁻¹R", ours, lambda: sympy_absorption(q, r),
            lambda out, b: hessian_absorption(out) == {(i, k): Fraction(int(b[x, y].p), int(b[x, y].q))
                                                        for x, i in enumerate(t) for y, k in enumerate(ends)},
            alive)
        if n <= 200:  # Gauss–Jordan over Fractions takes minutes beyond
            measure(f"Markov absorption n={n} vs Fraction Gauss–Jordan", ours, lambda: fraction_absorption(p, ends),
                    lambda out, b: hessian_absorption(out) == b)

    alive = True
    for n in [] if args.rank_only else [3, 4, 5, 10, 100] if args.quick else [3, 4, 5, 6, 10, 20, 50, 100]:
        inp = {"dice": [{"sides": 6, "count": n}]}
        ours = hessian(DICE, inp)
        alive = against_sympy(f"dice sum {n}d6 vs sympy.stats density", ours, lambda: sympy_dice(n),
                              lambda out, ref: hessian_dice(out) == {int(k): Fraction(int(v.p), int(v.q))
                                                                     for k, v in ref.items()}, alive)
        measure(f"dice sum {n}d6 vs plain Python convolution", ours, lambda: plain_dice(n),
                lambda out, ref: hessian_dice(out) == ref)
    from scipy import stats

    def p_close(out, ref):
        n, _, d = out["p_value"]["exact"].partition("/")
        ours = Fraction(int(n), int(d or 1))
        return abs(float(ours) - ref) <= 1e-9 * max(ref, 1e-300)

    for m in [10, 25] if args.quick else [10, 25, 40, 60]:
        pool = rng.sample(range(1, 100_000), 2 * m)
        x, y = pool[:m], pool[m:]
        measure(f"Mann–Whitney exact p, {m}+{m} vs scipy mannwhitneyu(method='exact')",
                hessian(MANN_WHITNEY, {"x": x, "y": y}),
                lambda: float(stats.mannwhitneyu(x, y, alternative="two-sided", method="exact").pvalue), p_close)
    for n in [20, 50] if args.quick else [20, 50, 100]:
        d = [v * rng.choice([-1, 1]) for v in rng.sample(range(1, 100_000), n)]
        measure(f"Wilcoxon signed-rank exact p, n={n} vs scipy wilcoxon(method='exact')",
                hessian(WILCOXON, {"x": d}),
                lambda: float(stats.wilcoxon(d, alternative="two-sided", method="exact").pvalue), p_close)
    server.close()
    print_table(rows)
    for name, ours_ms, ref_ms, ratio in extra:
        print(f"| {name} | {ours_ms} | {ref_ms} | {ratio} | — |")


if __name__ == "__main__":
    main()
