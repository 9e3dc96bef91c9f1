#!/usr/bin/env python3
"""Writes the frozen evaluation tasks (evals/tasks/*.json).

Every expected answer is computed here, from the standard library only
(fractions, math, itertools), never by Hessian: the tasks judge the server,
so the server cannot be their oracle. Run it again only to add tasks; the
committed files are the frozen set (`python3 evals/tasks/generate.py`).

A task:
  id, family, cue ("explicit": the prompt asks for the math tools;
  "latent": the problem only), control (true: no tool is needed),
  prompt, answer {kind, value, ...}, verifier ("exact" or a checker name
  with its data), expected_operation (diagnosis only, never scored), and
  careful {query, input, answer_at, each?}: the values a scripted careful
  agent substitutes into the copied example, and where it reads the answer.
"""
import itertools
import json
import math
import os
from fractions import Fraction as F

HERE = os.path.dirname(os.path.abspath(__file__))
FORMAT = ("End your reply with one line `ANSWER: <value>`.")
EXPLICIT = "Use the math tools. "
tasks = []


def task(id, family, cue, prompt, answer, careful=None, verifier=None, op=None, how=""):
    t = {
        "id": id,
        "family": family,
        "cue": cue,
        "control": careful is None,
        "prompt": (EXPLICIT if cue == "explicit" else "") + prompt + (" " + how if how else "") + " " + FORMAT,
        "answer": answer,
        "verifier": verifier or {"kind": "exact"},
    }
    if op:
        t["expected_operation"] = op
    if careful:
        t["careful"] = careful
    tasks.append(t)


def s(x):
    return str(x) if not isinstance(x, F) or x.denominator != 1 else str(x.numerator)


def integer(v):
    return {"kind": "integer", "value": str(v)}


def rational(v):
    return {"kind": "rational", "value": s(F(v))}


def rlist(vs, ordered=True):
    return {"kind": "list", "value": [s(F(v)) for v in vs], "ordered": ordered}


def boolean(v):
    return {"kind": "boolean", "value": v}


def mat(rows):
    return {"kind": "matrix", "value": [[s(F(x)) for x in r] for r in rows]}


def careful(query, input, at="/output", each=None):
    c = {"query": query, "input": input, "answer_at": at}
    if each:
        c["each"] = each
    return c


# ---------- exact linear algebra over Q ----------
def det(m):
    a = [[F(x) for x in r] for r in m]
    n, d = len(a), F(1)
    for c in range(n):
        p = next((r for r in range(c, n) if a[r][c] != 0), None)
        if p is None:
            return F(0)
        if p != c:
            a[c], a[p] = a[p], a[c]
            d = -d
        d *= a[c][c]
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return d


def rank(m):
    a = [[F(x) for x in r] for r in m]
    rk, cols = 0, len(a[0])
    for c in range(cols):
        p = next((r for r in range(rk, len(a)) if a[r][c] != 0), None)
        if p is None:
            continue
        a[rk], a[p] = a[p], a[rk]
        for r in range(len(a)):
            if r != rk and a[r][c] != 0:
                f = a[r][c] / a[rk][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[rk])]
        rk += 1
    return rk


def matmul(a, b):
    return [[sum(F(a[i][k]) * F(b[k][j]) for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def inverse(m):
    n = len(m)
    a = [[F(x) for x in r] + [F(int(i == j)) for j in range(n)] for i, r in enumerate(m)]
    for c in range(n):
        p = next(r for r in range(c, n) if a[r][c] != 0)
        a[c], a[p] = a[p], a[c]
        a[c] = [x / a[c][c] for x in a[c]]
        for r in range(n):
            if r != c:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [r[n:] for r in a]


def charpoly(m):
    """det(xI − A) by Faddeev–LeVerrier; coefficients from the constant term up."""
    n = len(m)
    a = [[F(x) for x in r] for r in m]
    c = [F(0)] * (n + 1)
    c[n] = F(1)
    mk = [[F(0)] * n for _ in range(n)]
    for k in range(1, n + 1):
        mk = matmul(a, mk)
        for i in range(n):
            mk[i][i] += c[n - k + 1]
        am = matmul(a, mk)
        c[n - k] = -sum(am[i][i] for i in range(n)) / k
    return c


def minors_gcd(m, k):
    n, cols = len(m), len(m[0])
    g = 0
    for rs in itertools.combinations(range(n), k):
        for cs in itertools.combinations(range(cols), k):
            g = math.gcd(g, int(det([[m[r][c] for c in cs] for r in rs])))
    return g


def permanent(m):
    n = len(m)
    return sum(math.prod(m[i][p[i]] for i in range(n)) for p in itertools.permutations(range(n)))


# ---------- integers ----------
def is_prime(n):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47):
        if n % p == 0:
            return n == p
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def factor(n):
    out, p = [], 2
    while p * p <= n:
        while n % p == 0:
            out.append(p)
            n //= p
        p += 1 if p == 2 else 2
    if n > 1:
        out.append(n)
    return out


def sieve(n):
    b = bytearray([1]) * (n + 1)
    b[0] = b[1] = 0
    for i in range(2, int(n ** 0.5) + 1):
        if b[i]:
            b[i * i::i] = bytearray(len(b[i * i::i]))
    return b


# ---------- polynomials over Q, coefficient lists from the constant term ----------
def trim(p):
    p = list(p)
    while len(p) > 1 and p[-1] == 0:
        p.pop()
    return p


def pmul(a, b):
    out = [F(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += F(x) * F(y)
    return trim(out)


def pdivmod(a, b):
    a, b = [F(x) for x in a], trim([F(x) for x in b])
    q = [F(0)] * max(1, len(a) - len(b) + 1)
    while len(trim(a)) >= len(b) and trim(a) != [0]:
        a = trim(a)
        k, c = len(a) - len(b), a[-1] / b[-1]
        q[k] = c
        for i, y in enumerate(b):
            a[i + k] -= c * y
    return trim(q), trim(a)


def pgcd(a, b):
    while trim(b) != [0]:
        a, b = b, pdivmod(a, b)[1]
    a = trim(a)
    return [x / a[-1] for x in a]


def peval(p, x):
    return sum(F(c) * F(x) ** i for i, c in enumerate(p))


def sylvester_resultant(a, b):
    m, n = len(a) - 1, len(b) - 1
    rows = []
    for i in range(n):
        rows.append([0] * i + list(reversed(a)) + [0] * (n - 1 - i))
    for i in range(m):
        rows.append([0] * i + list(reversed(b)) + [0] * (m - 1 - i))
    return det(rows)


def derivative(p):
    return [i * c for i, c in enumerate(p)][1:] or [0]


def sturm_count(p):
    """Distinct real roots of p, by a Sturm sequence of its square-free part."""
    p = [F(x) for x in p]
    g = pgcd(p, derivative(p))
    p = pdivmod(p, g)[0]
    seq = [p, trim([F(x) for x in derivative(p)])]
    while trim(seq[-1]) != [0]:
        r = pdivmod(seq[-2], seq[-1])[1]
        if r == [0]:
            break
        seq.append([-x for x in r])

    def changes(signs):
        signs = [x for x in signs if x != 0]
        return sum(1 for a, b in zip(signs, signs[1:]) if (a > 0) != (b > 0))

    at_neg = [q[-1] * (-1) ** (len(q) - 1) for q in seq]
    at_pos = [q[-1] for q in seq]
    return changes(at_neg) - changes(at_pos)


def cyclotomic(n):
    def mobius(k):
        f = factor(k)
        return 0 if len(f) != len(set(f)) else (-1) ** len(f)
    num, den = [F(1)], [F(1)]
    for d in range(1, n + 1):
        if n % d == 0:
            xd = [F(-1)] + [F(0)] * (d - 1) + [F(1)]
            mu = mobius(n // d)
            if mu == 1:
                num = pmul(num, xd)
            elif mu == -1:
                den = pmul(den, xd)
    q, r = pdivmod(num, den)
    assert r == [0]
    return q


def lagrange(points):
    out = [F(0)]
    for i, (xi, yi) in enumerate(points):
        term = [F(yi)]
        for j, (xj, _) in enumerate(points):
            if j != i:
                term = pmul(term, [F(-xj, xi - xj), F(1, xi - xj)])
        out = [a + b for a, b in itertools.zip_longest(out, term, fillvalue=F(0))]
    return trim(out)


# ---------- graphs ----------
def components_ok(n, edges, colouring):
    return all(colouring[u] != colouring[v] for u, v in edges)


def chromatic_number(n, edges):
    for k in range(1, n + 1):
        if any(components_ok(n, edges, c) for c in itertools.product(range(k), repeat=n)):
            return k


def max_matching(n, edges):
    best = 0
    for k in range(len(edges), 0, -1):
        for sub in itertools.combinations(edges, k):
            vs = [v for e in sub for v in e]
            if len(vs) == len(set(vs)):
                return k
    return best


def chromatic_poly(n, edges):
    """Interpolates P(k) = number of proper k-colourings at k = 0..n."""
    pts = [(k, sum(1 for c in itertools.product(range(k), repeat=n) if components_ok(n, edges, c)))
           for k in range(n + 1)]
    return lagrange(pts)


def max_flow(n, arcs, caps, s, t):
    cap = {}
    for (u, v), c in zip(arcs, caps):
        cap[(u, v)] = cap.get((u, v), 0) + c
        cap.setdefault((v, u), 0)
    flow = 0
    while True:
        prev, queue = {s: None}, [s]
        for u in queue:
            for (a, b), c in cap.items():
                if a == u and c > 0 and b not in prev:
                    prev[b] = u
                    queue.append(b)
        if t not in prev:
            return flow
        path, v = [], t
        while prev[v] is not None:
            path.append((prev[v], v))
            v = prev[v]
        push = min(cap[e] for e in path)
        for u, v in path:
            cap[(u, v)] -= push
            cap[(v, u)] += push
        flow += push


def dijkstra(n, edges, weights, s, t):
    dist = {s: F(0)}
    done = set()
    while True:
        u = min((v for v in dist if v not in done), key=lambda v: dist[v], default=None)
        if u is None or u == t:
            return dist.get(t)
        done.add(u)
        for (a, b), w in zip(edges, weights):
            for x, y in ((a, b), (b, a)):
                if x == u and (y not in dist or dist[u] + F(w) < dist[y]):
                    dist[y] = dist[u] + F(w)


def graph(n, edges, **extra):
    return {"vertices": n, "edges": [list(e) for e in edges], **extra}


# ================= the tasks =================
A = [[2, -1, 0, 3], [1, 4, -2, 0], [0, 3, 5, -1], [6, 0, 1, 2]]
task("matrix-determinant-4", "matrix", "explicit",
     f"Compute the determinant of the integer matrix {A} (rows listed top to bottom).",
     integer(det(A)), careful("determinant of a matrix", {"matrix": A}), op="matrix.determinant.compute")

B = [[1, 2, 0, 3, 1], [2, 4, 1, 7, 3], [3, 6, 1, 10, 4], [0, 0, 1, 1, 1]]
task("matrix-rank-4x5", "matrix", "latent",
     f"What is the rank of the matrix with rows {B}?",
     integer(rank(B)), careful("rank of a matrix", {"matrix": B}), op="matrix.rank.compute")

C = [[2, 0, 1], [1, 3, 2], [1, 1, 2]]
task("matrix-inverse-3", "matrix", "latent",
     f"Find the inverse of the matrix {C}.", mat(inverse(C)),
     careful("inverse of a matrix", {"matrix": C}), verifier={"kind": "inverse", "matrix": C},
     op="matrix.inverse.compute", how="Give it as a JSON list of rows with exact fractions like \"1/3\".")

M, b = [[3, 2, -1], [2, -2, 4], [-1, 1, 1]], [1, -2, 0]
x = matmul(inverse(M), [[v] for v in b])
task("matrix-solve-3", "matrix", "explicit",
     f"Solve the linear system A x = b exactly, where A = {M} and b = {b}.",
     rlist([r[0] for r in x]),
     careful("solve a linear system of equations exactly", {"matrix": M, "rhs": b}, "/output/solution"),
     verifier={"kind": "solves", "matrix": M, "rhs": b}, op="matrix.rational_linear_system.solve",
     how="Give x as a JSON list of exact numbers.")

U, c = [[1, 2, 1], [2, 4, 0]], [4, 6]
task("matrix-solve-underdetermined", "matrix", "latent",
     f"Give one exact solution x of the underdetermined system A x = c with A = {U} and c = {c}.",
     rlist([3, 0, 1]),
     careful("solve a linear system of equations exactly", {"matrix": U, "rhs": c}, "/output/particular"),
     verifier={"kind": "solves", "matrix": U, "rhs": c}, op="matrix.rational_linear_system.solve",
     how="Any solution counts; give x as a JSON list.")

D = [[2, 1, 0], [1, 3, 1], [0, 1, 4]]
task("matrix-charpoly-3", "matrix", "latent",
     f"Find the characteristic polynomial det(xI - A) of A = {D}.",
     rlist(charpoly(D)), careful("characteristic polynomial of a matrix", {"matrix": D}, "/output/coefficients"),
     op="matrix.characteristic_polynomial.compute",
     how="Give its coefficients as a JSON list from the constant term up.")

S = [[4, 6, 2], [2, 8, 10], [6, 2, 8]]
dd = [minors_gcd(S, k) for k in range(1, 4)]
task("matrix-smith-3", "matrix", "explicit",
     f"Find the Smith normal form of the integer matrix {S}.",
     rlist([dd[0], dd[1] // dd[0], dd[2] // dd[1]]),
     careful("smith normal form", {"matrix": S}, "/output/diagonal"), op="matrix.normal_form.smith.compute",
     how="Give its diagonal as a JSON list.")

P = [[1, 1, 0, 1], [0, 1, 1, 1], [1, 0, 1, 1], [1, 1, 1, 0]]
task("matrix-permanent-4", "matrix", "latent",
     f"Compute the permanent of the 0/1 matrix {P}.",
     integer(permanent(P)), careful("permanent of a matrix", {"matrix": P}), op="matrix.permanent.compute")

Q = [[2, 1], [1, 1]]
Qp = [[1, 0], [0, 1]]
for _ in range(15):
    Qp = matmul(Qp, Q)
task("matrix-power-15", "matrix", "explicit",
     f"Compute the 15th power of the matrix {Q}.", mat(Qp),
     careful("power of a matrix", {"matrix": Q, "exponent": 15}), op="matrix.power.compute",
     how="Give it as a JSON list of rows.")

FM = [[3, 7, 1], [2, 11, 5], [9, 4, 6]]
task("finite-field-determinant", "finite_field", "latent",
     f"Compute the determinant of {FM} over the field with 13 elements.",
     integer(int(det(FM)) % 13),
     careful("determinant of a matrix over a finite field", {"field": {"characteristic": 13}, "matrix": FM}),
     op="finite_field.matrix.determinant.compute", how="Give the residue in 0..12.")

# ---------- integers ----------
N = 2 ** 64 + 1
task("integer-factor-fermat", "integer", "latent",
     f"Factor {N} into primes.",
     {"kind": "factorization", "value": [str(p) for p in factor(N)]},
     careful("prime factorization of an integer", {"n": str(N)}, "/output/factors"),
     verifier={"kind": "factorization", "n": str(N)}, op="integer.prime_factorization.compute",
     how="Give the prime factors as a JSON list, repeated by multiplicity.")

N2 = 3 ** 4 * 7 ** 3 * 101 * 9973
task("integer-factor-repeated", "integer", "explicit",
     f"Find the prime factorization of {N2}.",
     {"kind": "factorization", "value": [str(p) for p in factor(N2)]},
     careful("prime factorization of an integer", {"n": N2}, "/output/factors"),
     verifier={"kind": "factorization", "n": str(N2)}, op="integer.prime_factorization.compute",
     how="Give the prime factors as a JSON list, repeated by multiplicity.")

G = [1517 * 81234567, 1517 * 98765431, 1517 * 55555555]
task("integer-gcd-3", "integer", "explicit",
     f"What is the greatest common divisor of {G[0]}, {G[1]} and {G[2]}?",
     integer(math.gcd(*G)), careful("greatest common divisor of integers", {"integers": G}),
     op="integer.gcd.compute")

task("integer-modpow", "integer", "latent",
     "Compute 3^(10^18) mod 1000000007.",
     integer(pow(3, 10 ** 18, 1000000007)),
     careful("modular exponentiation power mod", {"base": 3, "exponent": str(10 ** 18), "modulus": 1000000007}),
     op="integer.modular_power.compute")

T = 1234567890
phi = T
for p in set(factor(T)):
    phi = phi // p * (p - 1)
task("integer-totient", "integer", "latent",
     f"Compute Euler's totient function of {T}.", integer(phi),
     careful("euler totient", {"n": T}), op="integer.euler_totient.compute")

sv = sieve(2_000_000)
primes = [i for i in range(len(sv)) if sv[i]]
task("integer-nth-prime", "integer", "explicit",
     "What is the 100000th prime number?", integer(primes[99999]),
     careful("nth prime", {"n": 100000}), op="integer.nth_prime.compute")

task("integer-prime-count", "integer", "latent",
     "How many primes are there below 2000000?", integer(len(primes)),
     careful("count primes up to x", {"x": 2000000}), op="integer.prime_count.compute")

task("integer-modular-inverse", "integer", "latent",
     "Find the inverse of 17 modulo 3120.", integer(pow(17, -1, 3120)),
     careful("modular inverse", {"a": 17, "modulus": 3120}), op="integer.modular_inverse.compute",
     how="Give the residue in 0..3119.")

crt = next(x for x in range(900) if x % 4 == 1 and x % 9 == 2 and x % 25 == 3)
task("integer-crt", "integer", "explicit",
     "Find the smallest non-negative x with x ≡ 1 (mod 4), x ≡ 2 (mod 9) and x ≡ 3 (mod 25).",
     integer(crt), careful("chinese remainder theorem", {"residues": [1, 2, 3], "moduli": [4, 9, 25]}, "/output/solution"),
     op="integer.chinese_remainder.solve")

mer = 2 ** 67 - 1
task("integer-primality-mersenne", "integer", "latent",
     f"Is {mer} a prime number?", boolean(is_prime(mer)),
     careful("is n prime primality test", {"n": str(mer)}, "/output/prime"), op="integer.prime.decide",
     how="Answer true or false.")

pell = next((x, y) for y in range(1, 1000) for x in [math.isqrt(13 * y * y + 1)] if x * x - 13 * y * y == 1)
task("integer-pell", "integer", "latent",
     "Find the smallest positive solution (x, y) of the Pell equation x^2 - 13 y^2 = 1.",
     {"kind": "list", "value": [str(pell[0]), str(pell[1])], "ordered": True},
     careful("pell equation", {"d": 13}, "/output/solution"), op="integer.pell_equation.solve",
     how="Give it as a JSON list [x, y].")

N3 = 1000009
task("integer-two-squares", "integer", "explicit",
     f"Write {N3} as a sum of two squares a^2 + b^2.",
     {"kind": "list", "value": [str(v) for v in next((a, math.isqrt(N3 - a * a)) for a in range(1001) if math.isqrt(N3 - a * a) ** 2 == N3 - a * a)], "ordered": False},
     careful("write n as a sum of two squares", {"n": N3}, "/output/0"),
     verifier={"kind": "two_squares", "n": N3}, op="integer.sum_of_two_squares.find",
     how="Give [a, b] as a JSON list.")

N4 = math.factorial(10)
task("integer-divisor-sum", "integer", "latent",
     f"What is the sum of all positive divisors of {N4}?",
     integer(sum(d for d in range(1, N4 + 1) if N4 % d == 0)),
     careful("sum of divisors sigma", {"n": N4, "k": 1}), op="integer.divisor_sigma.compute")

dl = next(x for x in range(1, 1000002) if pow(2, x, 1000003) == 123456)
task("integer-discrete-log", "integer", "explicit",
     "Find the smallest x >= 0 with 2^x ≡ 123456 (mod 1000003).", integer(dl),
     careful("discrete logarithm", {"base": 2, "target": 123456, "modulus": 1000003}, "/output/exponent"),
     op="integer.discrete_log.solve")

# ---------- rationals ----------
task("rational-sum", "rational", "explicit",
     "Compute 1/3 + 1/7 + 1/11 + 1/13 exactly.", rational(F(1, 3) + F(1, 7) + F(1, 11) + F(1, 13)),
     careful("add fractions", {"terms": ["1/3", "1/7", "1/11", "1/13"]}), op="rational.add.compute",
     how="Give it as a reduced fraction p/q.")


def cf(q):
    out = []
    while True:
        a = q.numerator // q.denominator
        out.append(a)
        if q == a:
            return out
        q = 1 / (q - a)


task("rational-continued-fraction", "rational", "latent",
     "Find the continued fraction expansion of 1393/972.", rlist(cf(F(1393, 972))),
     careful("continued fraction of a rational", {"q": "1393/972"}, "/output/terms"),
     op="rational.continued_fraction.compute", how="Give the terms [a0, a1, ...] as a JSON list.")

task("rational-best-approximation", "rational", "latent",
     "What is the fraction closest to 2.718281828459045 whose denominator is at most 1000?",
     rational(F("2.718281828459045").limit_denominator(1000)),
     careful("best rational approximation", {"x": "2.718281828459045", "max_denominator": 1000}),
     op="rational.best_approximation.find", how="Give it as p/q.")

task("rational-egyptian", "rational", "explicit",
     "Write 5/121 as a sum of distinct unit fractions 1/d.",
     {"kind": "list", "value": ["25", "757", "763309", "873960180913", "1527612795642093418846225"], "ordered": False},
     careful("egyptian fraction", {"q": "5/121"}), verifier={"kind": "egyptian", "q": "5/121"},
     op="rational.egyptian_fraction.compute", how="Give the denominators as a JSON list.")
assert sum(F(1, int(d)) for d in tasks[-1]["answer"]["value"]) == F(5, 121)

# ---------- combinatorics ----------
task("combinatorics-binomial", "combinatorics", "latent",
     "How many ways are there to choose 50 items out of 100?", integer(math.comb(100, 50)),
     careful("binomial coefficient", {"n": 100, "k": 50}), op="combinatorics.binomial.compute")


def partitions(n):
    p = [1] + [0] * n
    for k in range(1, n + 1):
        for i in range(k, n + 1):
            p[i] += p[i - k]
    return p[n]


task("combinatorics-partitions", "combinatorics", "explicit",
     "How many integer partitions does 200 have?", integer(partitions(200)),
     careful("number of integer partitions", {"n": 200}), op="combinatorics.partition_count.compute")


def stirling2(n, k):
    return sum((-1) ** j * math.comb(k, j) * (k - j) ** n for j in range(k + 1)) // math.factorial(k)


task("combinatorics-stirling2", "combinatorics", "latent",
     "In how many ways can a set of 20 elements be partitioned into exactly 7 non-empty blocks?",
     integer(stirling2(20, 7)), careful("stirling numbers of the second kind", {"n": 20, "k": 7}),
     op="combinatorics.stirling_second.compute")

task("combinatorics-catalan", "combinatorics", "latent",
     "What is the 25th Catalan number C_25?", integer(math.comb(50, 25) // 26),
     careful("catalan number", {"n": 25}), op="combinatorics.catalan.compute")

task("combinatorics-bell", "combinatorics", "explicit",
     "What is the Bell number B_25 (the number of set partitions of 25 elements)?",
     integer(sum(stirling2(25, k) for k in range(26))), careful("bell number", {"n": 25}),
     op="combinatorics.bell.compute")

der = [1, 0]
for n in range(2, 16):
    der.append((n - 1) * (der[-1] + der[-2]))
task("combinatorics-derangements", "combinatorics", "latent",
     "How many permutations of 15 elements have no fixed point?", integer(der[15]),
     careful("derangements", {"n": 15}), op="combinatorics.derangements.compute")

perm = (3, 6, 1, 5, 2, 4)
task("combinatorics-permutation-rank", "combinatorics", "explicit",
     "List the permutations of 1..6 in lexicographic order, counting from 0. At which position is 3 6 1 5 2 4?",
     integer(list(itertools.permutations(range(1, 7))).index(perm)),
     careful("rank of a permutation lexicographic", {"permutation": list(perm)}),
     op="combinatorics.permutation.rank.compute")

# ---------- sequences ----------
a = [1, 1]
for n in range(2, 41):
    a.append(2 * a[-1] + 3 * a[-2])
task("sequence-recurrence-evaluate", "sequence", "latent",
     "a(0) = 1, a(1) = 1 and a(n) = 2 a(n-1) + 3 a(n-2). What is a(40)?", integer(a[40]),
     careful("evaluate a linear recurrence", {"coefficients": [2, 3], "initial_values": [1, 1], "n": 40}),
     op="sequence.linear_recurrence.evaluate")

terms = [2, 5, 13, 34, 89, 233, 610, 1597, 4181, 10946]
task("sequence-recurrence-find", "sequence", "explicit",
     f"The sequence {terms} satisfies a linear recurrence a(n) = c1 a(n-1) + c2 a(n-2) + ... with constant coefficients. Find the shortest one.",
     rlist([3, -1]), careful("find a linear recurrence for a sequence", {"terms": terms}, "/output/coefficients"),
     op="sequence.recurrence.find", how="Give [c1, c2, ...] as a JSON list.")
assert all(terms[i] == 3 * terms[i - 1] - terms[i - 2] for i in range(2, len(terms)))

cubes = [sum(k ** 3 for k in range(n + 1)) for n in range(8)]
task("sequence-polynomial-fit", "sequence", "latent",
     f"The sequence {cubes} (n = 0, 1, 2, ...) is a polynomial in n. Find it.",
     rlist(lagrange(list(enumerate(cubes)))),
     careful("fit a polynomial to a sequence", {"terms": cubes}, "/output/coefficients"),
     op="sequence.polynomial_fit.find", how="Give its coefficients as a JSON list from the constant term up.")

task("sequence-basel-partial", "sequence", "explicit",
     "Compute the exact sum of 1/k^2 for k = 1 to 10.", rational(sum(F(1, k * k) for k in range(1, 11))),
     careful("sum of a sequence of rationals", {"terms": [s(F(1, k * k)) for k in range(1, 11)]}),
     op="sequence.sum.compute", how="Give it as a reduced fraction p/q.")

# ---------- polynomials ----------
f = [-1, 0, 0, 0, 0, 0, 1]  # x^6 - 1
task("polynomial-factor", "polynomial", "latent",
     "Factor x^6 - 1 into irreducible polynomials over the rationals.",
     {"kind": "polynomials", "value": [["-1", "1"], ["1", "1"], ["1", "1", "1"], ["1", "-1", "1"]]},
     careful("factor a polynomial over the rationals", {"polynomial": "x^6 - 1"}, "/output/factors", "/factor/coefficients"),
     verifier={"kind": "polynomial_factors", "polynomial": [str(v) for v in f]}, op="polynomial.factor.compute",
     how="Give the factors as a JSON list of coefficient lists, each from the constant term up.")
prod = [F(1)]
for g_ in tasks[-1]["answer"]["value"]:
    prod = pmul(prod, [F(v) for v in g_])
assert prod == [F(v) for v in f]

pa, pb = [-6, 11, -6, 1], [-2, 1, 1]  # (x-1)(x-2)(x-3), (x-1)(x+2)
task("polynomial-gcd", "polynomial", "explicit",
     "Find the monic greatest common divisor of x^3 - 6x^2 + 11x - 6 and x^2 + x - 2.",
     {"kind": "polynomial", "value": [s(v) for v in pgcd(pa, pb)], "up_to_scalar": True},
     careful("greatest common divisor of polynomials", {"polynomials": ["x^3 - 6*x^2 + 11*x - 6", "x^2 + x - 2"]}, "/output/coefficients"),
     op="polynomial.gcd.compute", how="Give its coefficients as a JSON list from the constant term up.")

ra, rb = [1, -2, 0, 1], [3, 1, 1]
task("polynomial-resultant", "polynomial", "latent",
     "Compute the resultant of x^3 - 2x + 1 and x^2 + x + 3 with respect to x.",
     integer(sylvester_resultant(ra, rb)),
     careful("resultant of two polynomials", {"a": "x^3 - 2*x + 1", "b": "x^2 + x + 3"}),
     op="polynomial.resultant.compute")

rr = [-1, 6, -11, 6]  # 6x^3 - 11x^2 + 6x - 1
roots = sorted({F(p, q) for p in range(-6, 7) for q in range(1, 7) if peval(rr, F(p, q)) == 0})
task("polynomial-rational-roots", "polynomial", "latent",
     "Find all rational roots of 6x^3 - 11x^2 + 6x - 1.", rlist(roots, ordered=False),
     careful("rational roots of a polynomial", {"polynomial": "6*x^3 - 11*x^2 + 6*x - 1"}, "/output", "/root"),
     op="polynomial.rational_roots.compute", how="Give them as a JSON list of exact numbers.")

dp = [1, 3, 0, 1]  # x^3 + 3x + 1
disc = (-1) ** (3 * 2 // 2) * sylvester_resultant(dp, derivative(dp)) / dp[-1]
task("polynomial-discriminant", "polynomial", "explicit",
     "Compute the discriminant of x^3 + 3x + 1.", integer(disc),
     careful("discriminant of a polynomial", {"polynomial": "x^3 + 3*x + 1"}), op="polynomial.discriminant.compute")

pts = [(0, 1), (1, 0), (2, 5), (3, 22)]
task("polynomial-interpolation", "polynomial", "latent",
     f"Find the polynomial of degree at most 3 through the points {pts}.", rlist(lagrange(pts)),
     careful("interpolating polynomial through points", {"points": [list(p) for p in pts]}, "/output/coefficients"),
     op="polynomial.interpolation.compute", how="Give its coefficients as a JSON list from the constant term up.")

q5 = [1, -5, 0, 0, 0, 1]  # x^5 - 5x + 1
task("polynomial-real-roots", "polynomial", "latent",
     "How many distinct real roots does x^5 - 5x + 1 have?", integer(sturm_count(q5)),
     careful("count real roots of a polynomial", {"polynomial": "x^5 - 5*x + 1"}), op="polynomial.real_roots.count")

task("polynomial-cyclotomic", "polynomial", "explicit",
     "Find the 30th cyclotomic polynomial.", rlist(cyclotomic(30)),
     careful("cyclotomic polynomial", {"n": 30}, "/output/coefficients"), op="polynomial.cyclotomic.compute",
     how="Give its coefficients as a JSON list from the constant term up.")

# ---------- graphs ----------
petersen = [(i, (i + 1) % 5) for i in range(5)] + [(i, i + 5) for i in range(5)] + [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
task("graph-chromatic-petersen", "graph", "latent",
     f"What is the chromatic number of the graph on vertices 0..9 with edges {[list(e) for e in petersen]}?",
     integer(chromatic_number(10, petersen)),
     careful("chromatic number of a graph", {"graph": graph(10, petersen)}, "/output/colours"),
     op="graph.chromatic_number.compute")

k33 = [(i, j) for i in range(3) for j in range(3, 6)]
lap = [[(3 if i == j else (-1 if (min(i, j), max(i, j)) in k33 else 0)) for j in range(6)] for i in range(6)]
task("graph-spanning-trees", "graph", "explicit",
     f"How many spanning trees does the graph on vertices 0..5 with edges {[list(e) for e in k33]} have?",
     integer(det([r[1:] for r in lap[1:]])),
     careful("number of spanning trees", {"graph": graph(6, k33)}), op="graph.spanning_tree_count.compute")

task("graph-planarity", "graph", "latent",
     f"Is the graph on vertices 0..5 with edges {[list(e) for e in k33]} planar?",
     boolean(False), careful("is a graph planar", {"graph": graph(6, k33)}, "/output/planar"),
     op="graph.planarity.decide", how="Answer true or false.")

me = [(0, 1), (0, 2), (1, 2), (1, 3), (2, 4), (3, 4), (3, 5), (4, 6), (5, 6), (6, 7)]
task("graph-maximum-matching", "graph", "latent",
     f"Find a maximum matching in the graph on vertices 0..7 with edges {[list(e) for e in me]}.",
     {"kind": "matching", "value": max_matching(8, me)},
     careful("maximum matching in a graph", {"graph": graph(8, me)}, "/output/pairs"),
     verifier={"kind": "matching", "vertices": 8, "edges": [list(e) for e in me], "size": max_matching(8, me)},
     op="graph.maximum_matching.compute", how="Give the matched pairs as a JSON list of [u, v].")

c5 = [(i, (i + 1) % 5) for i in range(5)]
task("graph-chromatic-polynomial", "graph", "explicit",
     "Find the chromatic polynomial of the 5-cycle (vertices 0..4, edges [0,1],[1,2],[2,3],[3,4],[4,0]).",
     rlist(chromatic_poly(5, c5)),
     careful("chromatic polynomial of a graph", {"graph": graph(5, c5)}, "/output/coefficients"),
     op="graph.chromatic_polynomial.compute", how="Give its coefficients as a JSON list from the constant term up.")

arcs, caps = [(0, 1), (0, 2), (1, 2), (1, 3), (2, 4), (3, 5), (4, 3), (4, 5)], [10, 8, 5, 7, 10, 8, 3, 9]
task("graph-max-flow", "graph", "latent",
     f"In the directed network on vertices 0..5 with arcs {[list(a) for a in arcs]} and capacities {caps} (in the same order), what is the maximum flow from 0 to 5?",
     integer(max_flow(6, arcs, caps, 0, 5)),
     careful("maximum flow in a network", {"graph": graph(6, arcs, weights=caps, directed=True), "source": 0, "sink": 5}, "/output/value"),
     op="graph.maximum_flow.compute")

we, ww = [(0, 1), (1, 2), (0, 2), (2, 3), (1, 3), (3, 4)], ["3/2", 2, 4, "5/2", 7, 1]
task("graph-shortest-path", "graph", "explicit",
     f"In the undirected graph on vertices 0..4 with edges {[list(e) for e in we]} and weights {ww} (in the same order), what is the length of a shortest path from 0 to 4?",
     rational(dijkstra(5, we, ww, 0, 4)),
     careful("shortest path between two vertices", {"graph": graph(5, we, weights=ww), "source": 0, "target": 4}, "/output/distance"),
     op="graph.shortest_path.find", how="Give it as an exact number.")

# ---------- negative controls: no tool is needed ----------
task("control-addition", "control", "latent", "What is 7 + 5?", integer(12))
task("control-hexagon", "control", "latent", "How many sides does a hexagon have?", integer(6))
task("control-even", "control", "latent", "Is 10 an even number?", boolean(True), how="Answer true or false.")
task("control-product", "control", "latent", "What is 3 times 4?", integer(12))
task("control-largest", "control", "latent", "Which is the largest of 3, 9 and 4?", integer(9))

if __name__ == "__main__":
    for old in os.listdir(HERE):
        if old.endswith(".json"):
            os.remove(os.path.join(HERE, old))
    for t in tasks:
        with open(os.path.join(HERE, t["id"] + ".json"), "w") as fh:
            json.dump(t, fh, indent=2, ensure_ascii=False)
            fh.write("\n")
    print(f"{len(tasks)} tasks ({sum(t['control'] for t in tasks)} controls)")
