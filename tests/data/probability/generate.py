"""Oracle corpus for the probability family: SymPy's exact answers.
binomial: P(a <= X <= b) for X ~ Binomial(n, p) by sympy.stats.
Run: /var/tmp/venv-bench/bin/python generate.py (writes binomial.json)"""
import json, os, random
import sympy
from sympy.stats import Binomial, P

r = random.Random(71)
cases = []
while len(cases) < 80:
    n = r.randint(0, 40)
    p = sympy.Rational(r.randint(0, 12), 12) if r.random() < 0.5 else sympy.Rational(r.randint(1, 6), 7)
    a = r.randint(0, n)
    b = r.randint(a, n)
    X = Binomial("X", n, p)
    kind = r.choice(["equal", "at_least", "at_most", "between"])
    if kind == "equal":
        value, event = P(sympy.Eq(X, a)), {"equal": a}
    elif kind == "at_least":
        value, event = P(X >= a), {"at_least": a}
    elif kind == "at_most":
        value, event = P(X <= b), {"at_most": b}
    else:
        value, event = P(sympy.And(X >= a, X <= b)), {"at_least": a, "at_most": b}
    value = sympy.simplify(sympy.sympify(value).doit())
    assert value.is_Rational, value
    cases.append({"input": {"trials": n, "p": str(p), **event}, "probability": str(value)})
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "binomial.json"), "w") as f:
    f.write('{"source": "SymPy ' + sympy.__version__ + ' sympy.stats.Binomial", "cases": [\n' + ",\n".join(json.dumps(c) for c in cases) + "\n]}\n")
