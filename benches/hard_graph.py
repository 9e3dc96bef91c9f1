#!/usr/bin/env python3
"""The hard graph problems and the later optimisation operations (issue 36)
against what people would call instead, same inputs, one run, as ratios
hessian / reference:

- graph.minimum_cost_flow.compute against networkx's max_flow_min_cost
  (network simplex) on random directed networks, the amount the max flow;
- graph.subgraph_isomorphism.find against networkx's VF2
  (GraphMatcher.subgraph_is_monomorphic) looking for K_5 and a 7-cycle in
  random graphs;
- graph.longest_path.compute against networkx's dag_longest_path_length
  on random weighted DAGs;
- graph.maximum_cut.compute against HiGHS's MILP (scipy.optimize.milp,
  the standard formulation z_e <= x_u + x_v, z_e <= 2 - x_u - x_v);
- optimization.bin_packing.solve against HiGHS's MILP (assignment
  formulation, bins used in order);
- optimization.linear_program.sensitivity.compute against HiGHS's solve
  followed by its ranging report (floating point, basis ranges).

Hessian is driven over stdio (`hessian serve`); its time is the envelope's
elapsed_ms, every check included. The references run in-process. Answers
are compared; medians of --repeat interleaved rounds.

    cargo build --release --bin hessian
    /var/tmp/venv-bench/bin/python benches/hard_graph.py --hessian target/release/hessian
"""

import argparse
import os
import random
import sys

import highspy
import networkx as nx
import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from constraints import call, measurer, print_table, timed  # noqa: E402
from e2e_det import Server  # noqa: E402


def flow_case(n, rng):
    edges = set()
    while len(edges) < 4 * n:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            edges.add((u, v))
    edges = sorted(edges)
    cap = [rng.randint(1, 20) for _ in edges]
    cost = [rng.randint(1, 20) for _ in edges]
    return edges, cap, cost


def nx_flow(n, edges, cap, cost):
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    for (u, v), c, w in zip(edges, cap, cost):
        g.add_edge(u, v, capacity=c, weight=w)
    return nx.cost_of_flow(g, nx.max_flow_min_cost(g, 0, n - 1))


def gnp(n, p, rng):
    return [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < p]


def vf2(n, edges, pattern_n, pattern):
    host = nx.Graph(edges)
    host.add_nodes_from(range(n))
    pat = nx.Graph(pattern)
    pat.add_nodes_from(range(pattern_n))
    return nx.algorithms.isomorphism.GraphMatcher(host, pat).subgraph_is_monomorphic()


def dag_case(n, m, rng):
    edges = set()
    while len(edges) < m:
        u, v = sorted(rng.sample(range(n), 2))
        edges.add((u, v))
    edges = sorted(edges)
    return edges, [rng.randint(1, 20) for _ in edges]


def nx_dag(n, edges, w):
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    for (u, v), x in zip(edges, w):
        g.add_edge(u, v, weight=x)
    return nx.dag_longest_path_length(g, weight="weight")


def milp_cut(n, edges, w):
    m = len(edges)
    c = np.concatenate([np.zeros(n), -np.array(w, dtype=float)])
    rows, lo, hi = [], [], []
    for k, (u, v) in enumerate(edges):
        a = np.zeros(n + m)
        a[n + k], a[u], a[v] = 1, -1, -1
        rows.append(a), lo.append(-np.inf), hi.append(0)
        b = np.zeros(n + m)
        b[n + k], b[u], b[v] = 1, 1, 1
        rows.append(b), lo.append(-np.inf), hi.append(2)
    integrality = np.concatenate([np.ones(n), np.zeros(m)])
    r = milp(c, constraints=LinearConstraint(np.array(rows), lo, hi), integrality=integrality, bounds=Bounds(0, 1))
    return round(-r.fun)


def ffd(sizes, cap):
    loads = []
    for s in sorted(sizes, reverse=True):
        for i, load in enumerate(loads):
            if load + s <= cap:
                loads[i] += s
                break
        else:
            loads.append(s)
    return len(loads)


def milp_bins(sizes, cap):
    n, k = len(sizes), ffd(sizes, cap)
    nv = n * k + k  # x[i][j] then y[j]
    x = lambda i, j: i * k + j  # noqa: E731
    y = lambda j: n * k + j  # noqa: E731
    c = np.zeros(nv)
    c[n * k:] = 1
    rows, lo, hi = [], [], []
    for i in range(n):
        a = np.zeros(nv)
        for j in range(k):
            a[x(i, j)] = 1
        rows.append(a), lo.append(1), hi.append(1)
    for j in range(k):
        a = np.zeros(nv)
        for i in range(n):
            a[x(i, j)] = sizes[i]
        a[y(j)] = -cap
        rows.append(a), lo.append(-np.inf), hi.append(0)
        if j + 1 < k:
            b = np.zeros(nv)
            b[y(j)], b[y(j + 1)] = 1, -1
            rows.append(b), lo.append(0), hi.append(np.inf)
    r = milp(c, constraints=LinearConstraint(np.array(rows), lo, hi), integrality=np.ones(nv), bounds=Bounds(0, 1),
             options={"time_limit": 120})
    return round(r.fun) if r.status == 0 else None


def lp_case(n, rng):
    a = [[rng.randint(1, 99) for _ in range(n)] for _ in range(n)]
    b = [rng.randint(100 * n, 1000 * n) for _ in range(n)]
    c = [rng.randint(1, 99) for _ in range(n)]
    return a, b, c


def highs_ranging(a, b, c):
    n, m = len(c), len(b)
    inf = highspy.kHighsInf
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = n, m
    lp.col_cost_ = -np.array(c, dtype=float)
    lp.col_lower_, lp.col_upper_ = np.zeros(n), np.full(n, inf)
    lp.row_lower_, lp.row_upper_ = np.full(m, -inf), np.array(b, dtype=float)
    lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
    lp.a_matrix_.start_ = np.array([i * n for i in range(m + 1)])
    lp.a_matrix_.index_ = np.array([j for _ in range(m) for j in range(n)])
    lp.a_matrix_.value_ = np.array([float(v) for row in a for v in row])
    h.passModel(lp)
    h.run()
    h.getRanging()
    return -h.getInfo().objective_function_value


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hessian", default="target/release/hessian")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    server = Server([args.hessian, "serve"])
    rng = random.Random(2036)
    rows = []
    measure = measurer(args.repeat, rows)

    for n in [50, 100, 200]:
        edges, cap, cost = flow_case(n, rng)
        graph = {"vertices": n, "edges": edges, "directed": True}
        measure(
            f"min-cost max-flow n={n} m={4 * n} vs networkx",
            lambda: call(server, "graph.minimum_cost_flow.compute",
                         {"graph": graph, "capacities": cap, "costs": cost, "source": 0, "sink": n - 1}),
            lambda: nx_flow(n, edges, cap, cost),
            lambda out, ref: out.get("cost") == str(ref),
        )
    for n, p, k in [(60, 0.3, 5), (120, 0.2, 5), (120, 0.05, 7)]:
        edges = gnp(n, p, rng)
        pattern = [(i, j) for i in range(k) for j in range(i + 1, k)] if k == 5 else [(i, (i + 1) % k) for i in range(k)]
        label = "K5" if k == 5 else f"C{k}"
        measure(
            f"subgraph {label} in G({n}, {p}) vs networkx VF2",
            lambda: call(server, "graph.subgraph_isomorphism.find",
                         {"pattern": {"vertices": k, "edges": pattern}, "host": {"vertices": n, "edges": edges}}),
            lambda: vf2(n, edges, k, pattern),
            lambda out, ref: (out.get("status") == "found") == ref,
        )
    for n, m in [(200, 1000), (1000, 5000)]:
        edges, w = dag_case(n, m, rng)
        measure(
            f"DAG longest path n={n} m={m} vs networkx",
            lambda: call(server, "graph.longest_path.compute",
                         {"graph": {"vertices": n, "edges": edges, "directed": True, "weights": w}}),
            lambda: nx_dag(n, edges, w),
            lambda out, ref: out.get("length") == str(ref),
        )
    for n in [12, 16, 20]:
        edges = gnp(n, 0.4, rng)
        w = [rng.randint(1, 10) for _ in edges]
        measure(
            f"maximum cut n={n} m={len(edges)} vs HiGHS MILP",
            lambda: call(server, "graph.maximum_cut.compute", {"graph": {"vertices": n, "edges": edges, "weights": w}}),
            lambda: milp_cut(n, edges, w),
            lambda out, ref: out.get("value") == str(ref),
        )
    for n in [20, 30, 40]:
        sizes = [rng.randint(20, 100) for _ in range(n)]
        measure(
            f"bin packing n={n} C=150 vs HiGHS MILP",
            lambda: call(server, "optimization.bin_packing.solve", {"sizes": sizes, "capacity": 150}),
            lambda: milp_bins(sizes, 150),
            lambda out, ref: out.get("count") == ref,
        )
    for n in [10, 25, 50]:
        a, b, c = lp_case(n, rng)
        cons = [{"coefficients": row, "relation": "<=", "rhs": r} for row, r in zip(a, b)]
        measure(
            f"LP sensitivity n=m={n} vs HiGHS solve+ranging",
            lambda: call(server, "optimization.linear_program.sensitivity.compute",
                         {"objective": c, "constraints": cons}),
            lambda: highs_ranging(a, b, c),
            lambda out, ref: abs(float(out.get("value", {}).get("decimal", "nan")) - ref) < 1e-6 * (1 + abs(ref)),
        )
    server.close()
    print_table(rows)


if __name__ == "__main__":
    main()
