"""Oracle corpus for optimization.bimatrix_game.equilibria.enumerate:
random integer bimatrix games (up to 5x5, some with repeated payoffs so
that degenerate games occur) and nashpy's vertex enumeration of their
equilibria, as exact fractions. Run: python3 bimatrix_generate.py > bimatrix.json"""
import json, random
from fractions import Fraction
import nashpy, numpy as np

r = random.Random(43)
cases = []
while len(cases) < 120:
    m, n = r.randint(1, 5), r.randint(1, 5)
    span = r.choice([3, 9, 50])
    A = [[r.randint(-span, span) for _ in range(n)] for _ in range(m)]
    B = [[r.randint(-span, span) for _ in range(n)] for _ in range(m)]
    game = nashpy.Game(np.array(A), np.array(B))
    try:
        eqs = list(game.vertex_enumeration())
    except Exception:
        continue
    # nashpy works in floats: keep games whose equilibria round to small fractions.
    def frac(v):
        return [str(Fraction(x).limit_denominator(10_000)) for x in v]
    found = sorted({(tuple(frac(x)), tuple(frac(y))) for x, y in eqs})
    cases.append({"row_payoffs": A, "column_payoffs": B, "equilibria": [[list(x), list(y)] for x, y in found]})
print(json.dumps({"source": "nashpy " + nashpy.__version__ + " vertex_enumeration", "cases": cases}, indent=0))
