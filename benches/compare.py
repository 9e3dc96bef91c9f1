#!/usr/bin/env python3
"""Side-by-side timings: Hessian's exact kernels against python-flint, on the
same fixed-seed inputs, interleaved in one run, reported as ratios.

    python3 -m venv .venv-bench && .venv-bench/bin/pip install python-flint
    cargo build --release --bin hessian
    .venv-bench/bin/python benches/compare.py --hessian target/release/hessian

Each repetition times FLINT in-process and Hessian through `hessian bench`
(which times the kernel alone, after parsing), alternating sizes, so both see
the same machine load. Determinants are compared for equality as they go.
"""

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import tempfile
import time

# numpy's BLAS gets one thread, like Hessian's float kernels; set before import.
os.environ["OPENBLAS_NUM_THREADS"] = "1"
os.environ["OMP_NUM_THREADS"] = "1"

import flint
import numpy


def matrix(n, bound, seed, rational, floating=False):
    rng = random.Random(seed)
    if floating:
        # Variance e/n keeps log|det| near 0, so large orders neither overflow nor underflow.
        a = math.sqrt(3 * math.e / n)
        return [[rng.uniform(-a, a) for _ in range(n)] for _ in range(n)]
    if rational:
        return [[f"{rng.randint(-bound, bound)}/{rng.randint(1, bound)}" for _ in range(n)] for _ in range(n)]
    return [[rng.randint(-bound, bound) for _ in range(n)] for _ in range(n)]


def to_reference(m, rational, floating):
    if floating:
        return numpy.array(m, dtype=numpy.float64)
    return to_flint(m, rational)


def to_flint(m, rational):
    if not rational:
        return flint.fmpz_mat(m)
    return flint.fmpq_mat(len(m), len(m), [flint.fmpq(*map(int, e.split("/"))) for row in m for e in row])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hessian", default="target/release/hessian")
    ap.add_argument("--sizes", default="10,50,100,200,400")
    ap.add_argument("--bound", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--rational", action="store_true", help="entries p/q with |p|, q <= bound (fmpq_mat.det)")
    ap.add_argument("--float", dest="floating", action="store_true", help="float entries (numpy.linalg.det, one thread)")
    ap.add_argument("--solve", action="store_true", help="exact square systems A·x = b (fmpz_mat.solve / fmpq_mat.solve)")
    ap.add_argument("--inverse", action="store_true", help="exact inverse (fmpq_mat.inv)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    tmp = tempfile.mkdtemp()
    inputs = {}
    for n in sizes:
        m = matrix(n, args.bound, seed=n, rational=args.rational, floating=args.floating)
        path = os.path.join(tmp, f"det{n}.json")
        rhs = [random.Random(-n).randint(-args.bound, args.bound) for _ in range(n)]
        with open(path, "w") as f:
            json.dump({"matrices": [m], "rhs": [rhs]}, f)
        ref = to_reference(m, args.rational, args.floating)
        if args.solve:
            ref = (ref, (flint.fmpq_mat if args.rational else flint.fmpz_mat)([[x] for x in rhs]))
        if args.inverse:
            ref = flint.fmpq_mat(ref)
        inputs[n] = (ref, path)
    ours = {n: [] for n in sizes}
    theirs = {n: [] for n in sizes}
    for _ in range(args.repeat):
        for n in sizes:
            fm, path = inputs[n]
            t = time.perf_counter()
            if args.solve:
                x = fm[0].solve(fm[1])
            elif args.inverse:
                inv = fm.inv()
            else:
                d = numpy.linalg.det(fm) if args.floating else fm.det()
            theirs[n].append(time.perf_counter() - t)
            kernel = "solve" if args.solve else "inverse" if args.inverse else "det-numeric" if args.floating else "det"
            out = subprocess.run([args.hessian, "bench", kernel, path], check=True, capture_output=True, text=True)
            line = json.loads(out.stdout)
            ours[n].append(line["seconds"][0])
            if args.inverse:
                assert line["first"] == str(inv[0, 0]), f"n={n}: inverses differ"
            elif args.solve:
                # fmpz_mat.solve returns (X, den); fmpq_mat.solve returns X.
                xs = [x[i, 0] / x_den for i in range(n)] if isinstance(x, tuple) and (x_den := x[1]) else [x[i, 0] for i in range(n)]
                assert line["x"] == [str(v) for v in xs], f"n={n}: solutions differ"
            elif args.floating:
                assert abs(line["det"] - d) <= 1e-8 * max(1.0, abs(d)), f"n={n}: {line['det']} vs {d}"
            else:
                assert line["det"] == str(d), f"n={n}: determinants differ: {line['det'][:40]} vs {str(d)[:40]}"
    threads = os.environ.get("RAYON_NUM_THREADS", "all cores")
    if args.floating:
        from threadpoolctl import threadpool_info
        blas = ", ".join(f"{i['internal_api']} {i['version']} {i.get('architecture', '')} threads={i['num_threads']}" for i in threadpool_info())
        kind = f"float determinant, entries uniform in [-a, a] with a = sqrt(3e/n), numpy {numpy.__version__} ({blas})"
    elif args.inverse:
        kind = f"exact inverse, entries {'p/q with |p|, q <= ' if args.rational else 'in ±'}{args.bound}"
    elif args.solve:
        kind = f"exact solve of A·x = b, entries {'p/q with |p|, q <= ' if args.rational else 'in ±'}{args.bound}"
    elif args.rational:
        kind = f"rational determinant, entries p/q with |p|, q <= {args.bound}"
    else:
        kind = f"integer determinant, entries in [-{args.bound}, {args.bound}]"
    print(f"{kind}, {args.repeat} interleaved runs, rayon threads: {threads}")
    ref = "numpy.linalg.det" if args.floating else f"flint {'fmpq' if args.rational or args.inverse else 'fmpz'}_mat.{'solve' if args.solve else 'inv' if args.inverse else 'det'}"
    print(f"python-flint {flint.__version__}; times are medians; ratio = hessian / reference (min / median / max over runs)")
    print(f"| n | {ref} | hessian | ratio min | ratio median | ratio max |")
    print("|---|---|---|---|---|---|")
    for n in sizes:
        ratios = sorted(o / t for o, t in zip(ours[n], theirs[n]))
        print(
            f"| {n} | {statistics.median(theirs[n]) * 1e3:.2f} ms | {statistics.median(ours[n]) * 1e3:.2f} ms "
            f"| {ratios[0]:.2f} | {statistics.median(ratios):.2f} | {ratios[-1]:.2f} |"
        )


if __name__ == "__main__":
    main()
