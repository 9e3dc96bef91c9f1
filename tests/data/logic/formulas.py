#!/usr/bin/env python3
"""Writes formulas.json: random propositional formulas in Hessian's grammar
with SymPy 1.14's verdicts (sympy.logic), for the logic.formula.*
operations: satisfiable (satisfiable), tautology (not satisfiable(Not f)),
truth tables (f.subs on every row), equivalent pairs (f with SymPy's
to_cnf / to_dnf of it up to 3 variables, simplify_logic otherwise) and inequivalent ones, and the
size of SymPy's SOPform (an upper bound on the minimum number of products).

    /var/tmp/venv-bench/bin/python tests/data/logic/formulas.py
"""

import itertools
import json
import os
import random

import sympy
from sympy.logic.boolalg import Equivalent, Implies, SOPform, Xor, simplify_logic, to_cnf, to_dnf
from sympy.logic.inference import satisfiable

HERE = os.path.dirname(os.path.abspath(__file__))


def random_formula(rng, names, depth):
    """(text in Hessian's grammar, SymPy expression)."""
    if depth == 0 or rng.random() < 0.2:
        v = rng.choice(names)
        return v, sympy.Symbol(v)
    op = rng.randrange(6)
    a, sa = random_formula(rng, names, depth - 1)
    if op == 0:
        return f"!({a})", sympy.Not(sa)
    b, sb = random_formula(rng, names, depth - 1)
    if op == 1:
        return f"({a}) & ({b})", sympy.And(sa, sb)
    if op == 2:
        return f"({a}) | ({b})", sympy.Or(sa, sb)
    if op == 3:
        return f"({a}) xor ({b})", Xor(sa, sb)
    if op == 4:
        return f"({a}) -> ({b})", Implies(sa, sb)
    return f"({a}) <-> ({b})", Equivalent(sa, sb)


def text_of(e):
    """A SymPy boolean expression in Hessian's grammar."""
    if e is sympy.true:
        return "true"
    if e is sympy.false:
        return "false"
    if isinstance(e, sympy.Symbol):
        return e.name
    if isinstance(e, sympy.Not):
        return f"!({text_of(e.args[0])})"
    if isinstance(e, sympy.And):
        return " & ".join(f"({text_of(a)})" for a in e.args)
    if isinstance(e, sympy.Or):
        return " | ".join(f"({text_of(a)})" for a in e.args)
    if isinstance(e, Xor):
        return " xor ".join(f"({text_of(a)})" for a in e.args)
    if isinstance(e, Implies):
        return f"({text_of(e.args[0])}) -> ({text_of(e.args[1])})"
    if isinstance(e, Equivalent):
        return " <-> ".join(f"({text_of(a)})" for a in e.args[:2]) if len(e.args) == 2 else \
            " & ".join(f"(({text_of(a)}) <-> ({text_of(b)}))" for a, b in zip(e.args, e.args[1:]))
    raise ValueError(e)


def main():
    rng = random.Random(20261207)
    cases = []
    for k in range(160):
        n = rng.randint(1, 6)
        names = ["p", "q", "r", "s", "t", "u"][:n]
        text, e = random_formula(rng, names, rng.randint(1, 4))
        syms = sorted(e.free_symbols, key=lambda s: names.index(s.name))
        order = [s.name for s in syms]
        rows = []
        for values in itertools.product([False, True], repeat=len(syms)):
            rows.append(bool(e.subs(dict(zip(syms, values)))))
        minterms = [i for i, r in enumerate(rows) if r]
        case = {
            "formula": text,
            "variables": order,
            "satisfiable": bool(satisfiable(e)),
            "tautology": not satisfiable(sympy.Not(e)),
            "minterms": minterms,
        }
        if syms:
            sop = SOPform(syms, [list(v) for v in itertools.product([0, 1], repeat=len(syms)) if rows[int("".join(map(str, v)), 2)]])
            case["sopform_terms"] = len(sop.args) if isinstance(sop, sympy.Or) else (0 if sop is sympy.false else 1)
        # An equivalent form by SymPy, and a perturbed (usually different) one.
        if k % 3 == 2 or n > 3:
            same = simplify_logic(e, form=["cnf", "dnf"][k % 2], force=True)
        else:
            same = [to_cnf, to_dnf][k % 3](e)
        case["equivalent_form"] = text_of(same)
        other_text, other = random_formula(rng, names, 2)
        perturbed = sympy.Xor(e, other) if k % 2 else sympy.Or(e, other)
        case["other_form"] = text_of(perturbed) if perturbed not in (sympy.true, sympy.false) else text_of(perturbed)
        case["other_equivalent"] = not satisfiable(Xor(e, perturbed))
        cases.append(case)
    with open(os.path.join(HERE, "formulas.json"), "w") as f:
        json.dump({"description": __doc__.strip().splitlines()[0], "cases": cases}, f, indent=0)
    print(len(cases), "formulas;", sum(c["satisfiable"] for c in cases), "satisfiable,",
          sum(c["tautology"] for c in cases), "tautologies,", sum(c["other_equivalent"] for c in cases), "equivalent others")


if __name__ == "__main__":
    main()
