#!/usr/bin/env python3
"""Factorization over Z: Hessian's kernel (`hessian bench factor`) against
python-flint's fmpz_poly.factor on the same fixed-seed products of
irreducible factors, interleaved, factor lists compared on every run.

    .venv-bench/bin/python benches/compare_factor.py --hessian target/release/hessian

Factors are irreducible by construction: Eisenstein at 3 (leading
coefficient prime to 3, the others divisible by 3, the constant term not by
9), or random dense ones (checked irreducible by FLINT).
"""

import argparse
import json
import random
import statistics
import subprocess
import tempfile
import time

import flint


def eisenstein(rng, degree, digits):
    def big():
        x = rng.randint(10 ** (digits - 1), 10 ** digits - 1)
        return x if rng.random() < 0.5 else -x
    c = [3 * big() for _ in range(degree + 1)]
    c[0] = 9 * big() + 3
    c[degree] = 3 * abs(big()) + 1
    return c


def dense(rng, degree, digits):
    while True:
        c = [rng.randint(-10 ** digits, 10 ** digits) for _ in range(degree + 1)]
        c[degree] = abs(c[degree]) or 1
        f = flint.fmpz_poly(c)
        if len(f.factor()[1]) == 1 and f.factor()[1][0][1] == 1:
            return c


CASES = [
    ("eisenstein", [40]),
    ("eisenstein", [20, 20]),
    ("eisenstein", [10, 30]),
    ("eisenstein", [8, 8, 8, 8, 8]),
    ("dense", [20, 20]),
    ("dense", [10, 10, 10, 10]),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hessian", default="target/release/hessian")
    ap.add_argument("--digits", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    rng = random.Random(7)
    polys = []
    for kind, degrees in CASES:
        make = eisenstein if kind == "eisenstein" else dense
        f = flint.fmpz_poly([1])
        for d in degrees:
            f *= flint.fmpz_poly(make(rng, d, args.digits))
        polys.append((kind, degrees, f))
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump({"polynomials": [[str(c) for c in f.coeffs()] for _, _, f in polys]}, fh)
        path = fh.name
    ours = {i: [] for i in range(len(polys))}
    theirs = {i: [] for i in range(len(polys))}
    for _ in range(args.repeat):
        out = subprocess.run([args.hessian, "bench", "factor", path, "--repeat", "1"],
                             capture_output=True, text=True, check=True).stdout.splitlines()
        for i, (_, _, f) in enumerate(polys):
            t = time.perf_counter()
            content, factors = f.factor()
            theirs[i].append(time.perf_counter() - t)
            line = json.loads(out[i])
            ours[i].append(line["seconds"][0])
            want = sorted(sorted(str(c) for c in g.coeffs()) for g, e in factors for _ in range(e))
            got = sorted(sorted(g) for g in line["factors"])
            assert want == got, f"case {i}: factors differ"
    print(f"factorization over Z, {args.digits}-digit coefficients, {args.repeat} interleaved runs")
    print(f"python-flint {flint.__version__}; times are medians; ratio = hessian / flint (min / median / max)")
    print("| factors (degrees) | degree | flint fmpz_poly.factor | hessian | ratio min | ratio median | ratio max |")
    print("|---|---|---|---|---|---|---|")
    for i, (kind, degrees, f) in enumerate(polys):
        ratios = [a / b for a, b in zip(ours[i], theirs[i])]
        print(f"| {kind} {'+'.join(map(str, degrees))} | {f.degree()} | {statistics.median(theirs[i]) * 1e3:.2f} ms "
              f"| {statistics.median(ours[i]) * 1e3:.2f} ms | {min(ratios):.2f} | {statistics.median(ratios):.2f} | {max(ratios):.2f} |")


if __name__ == "__main__":
    main()
