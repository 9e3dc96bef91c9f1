"""Oracle corpus for optimization.linear_program.sensitivity.compute:
random production programs (maximise c·x subject to rows A·x <= b, a few
A·x >= b, x >= 0) solved by HiGHS with its ranging report. Kept only when
primal and dual are nondegenerate (every basic value and every nonbasic
reduced cost or dual away from zero), where the ranges do not depend on
the basis. Binding rows only (HiGHS ranges a basic row's bound otherwise).
Run: /var/tmp/venv-bench/bin/python sensitivity_generate.py (writes sensitivity.json)"""
import json, os, random
import highspy, numpy as np

inf = highspy.kHighsInf
r = random.Random(59)
cases = []


def num(v):
    return None if abs(v) >= inf else round(v, 9)


while len(cases) < 150:
    n, m = r.randint(2, 8), r.randint(1, 8)
    A = [[r.randint(0, 9) for _ in range(n)] for _ in range(m)]
    rel = ["<=" if r.random() < 0.85 else ">=" for _ in range(m)]
    b = [r.randint(10, 60) if s == "<=" else r.randint(1, 5) for s in rel]
    c = [r.randint(1, 9) for _ in range(n)]
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = n, m
    lp.col_cost_ = np.array([-float(v) for v in c])
    lp.col_lower_, lp.col_upper_ = np.zeros(n), np.full(n, inf)
    lp.row_lower_ = np.array([-inf if s == "<=" else float(v) for s, v in zip(rel, b)])
    lp.row_upper_ = np.array([float(v) if s == "<=" else inf for s, v in zip(rel, b)])
    lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
    lp.a_matrix_.start_ = np.array([i * n for i in range(m + 1)])
    lp.a_matrix_.index_ = np.array([j for _ in range(m) for j in range(n)])
    lp.a_matrix_.value_ = np.array([float(v) for row in A for v in row])
    h.passModel(lp)
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        continue
    sol, basis = h.getSolution(), h.getBasis()
    basic = highspy.HighsBasisStatus.kBasic
    col_basic = [s == basic for s in basis.col_status]
    row_basic = [s == basic for s in basis.row_status]
    act = sol.row_value
    slack = [abs(b[i] - act[i]) for i in range(m)]
    if any(col_basic[j] and sol.col_value[j] < 1e-7 for j in range(n)):
        continue
    if any(row_basic[i] and slack[i] < 1e-7 for i in range(m)):
        continue
    if any(not col_basic[j] and abs(sol.col_dual[j]) < 1e-7 for j in range(n)):
        continue
    if any(not row_basic[i] and abs(sol.row_dual[i]) < 1e-7 for i in range(m)):
        continue
    _, rg = h.getRanging()
    cases.append({
        "objective": c, "rows": A, "relations": rel, "rhs": b,
        # Minimised -c: a cost range [lo, hi] of -c_j is [-hi, -lo] for c_j.
        "cost_ranges": [[num(-rg.col_cost_up.value_[j]), num(-rg.col_cost_dn.value_[j])] for j in range(n)],
        "rhs_ranges": [None if row_basic[i] else [num(rg.row_bound_dn.value_[i]), num(rg.row_bound_up.value_[i])] for i in range(m)],
    })
source = json.dumps("HiGHS " + highspy.Highs().version() + " getRanging")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "sensitivity.json"), "w") as f:
    f.write('{"source": ' + source + ', "cases": [\n' + ",\n".join(json.dumps(c) for c in cases) + "\n]}\n")
