"""Oracle corpus for the Markov chain operations: random chains with
rational entries (some absorbing states, some several closed classes,
some periodic) and SymPy's DiscreteMarkovChain answers: communication
classes (states, recurrent, period), stationary distribution (when the
chain has one recurrent class), absorbing probabilities and fundamental
matrix (when every recurrent class is a single absorbing state).
Run: /var/tmp/venv-bench/bin/python markov_generate.py (writes markov.json)"""
import json, os, random
import sympy
from sympy.stats import DiscreteMarkovChain

r = random.Random(83)


def row(n, support):
    w = [r.randint(1, 5) for _ in support]
    t = sum(w)
    out = [sympy.Integer(0)] * n
    for s, x in zip(support, w):
        out[s] = sympy.Rational(x, t)
    return out


cases = []
while len(cases) < 60:
    n = r.randint(1, 7)
    absorbing = set(r.sample(range(n), r.randint(0, min(2, n))))
    rows = []
    for i in range(n):
        if i in absorbing:
            rows.append([sympy.Integer(1) if j == i else sympy.Integer(0) for j in range(n)])
        else:
            rows.append(row(n, sorted(r.sample(range(n), r.randint(1, n)))))
    P = sympy.Matrix(rows)
    chain = DiscreteMarkovChain("X", list(range(n)), P)
    classes = []
    for states, recurrent, period in chain.communication_classes():
        classes.append({"states": sorted(int(s) for s in states), "recurrent": bool(recurrent), "period": int(period)})
    case = {"transition": [[str(x) for x in P.row(i)] for i in range(n)], "classes": classes}
    if sum(c["recurrent"] for c in classes) == 1:
        case["stationary"] = [str(x) for x in chain.stationary_distribution()]
    if all(len(c["states"]) == 1 for c in classes if c["recurrent"]) and any(not c["recurrent"] for c in classes):
        ap = chain.absorbing_probabilities()
        fm = chain.fundamental_matrix()
        if ap is not None and fm is not None:
            # SymPy's rows and columns follow its decomposition's order of the states.
            recurrent = {s for c in classes if c["recurrent"] for s in c["states"]}
            case["transient_order"] = [int(s) for s in chain.decompose()[0] if int(s) not in recurrent]
            case["absorbing_order"] = [int(s) for s in chain.decompose()[0] if int(s) in recurrent]
            case["absorbing_probabilities"] = [[str(x) for x in ap.row(i)] for i in range(ap.rows)]
            case["fundamental"] = [[str(x) for x in fm.row(i)] for i in range(fm.rows)]
    cases.append(case)
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "markov.json"), "w") as f:
    f.write('{"source": "SymPy ' + sympy.__version__ + ' DiscreteMarkovChain", "cases": [\n' + ",\n".join(json.dumps(c) for c in cases) + "\n]}\n")
