//! Oracle tests: logic.cnf.satisfiable.decide through its JSON contract
//! against python-sat's CaDiCaL, MiniSat and Glucose (tests/data/logic,
//! generate.py); models re-evaluated here, proofs' presence asserted (the
//! operation replays them before answering).

use serde_json::{Value, json};

/// The cases of tests/data/logic/<name>.json.
fn load(name: &str) -> Vec<Value> {
    let path = format!(
        "{}/../../tests/data/logic/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    v["cases"].as_array().cloned().unwrap_or_default()
}

fn run(id: &str, input: Value) -> Result<Value, hessian_op::Refusal> {
    crate::run_operation(id, input)
}

fn satisfies(clauses: &Value, model: &[i64]) -> bool {
    clauses.as_array().unwrap().iter().all(|c| {
        c.as_array()
            .unwrap()
            .iter()
            .any(|l| model.contains(&l.as_i64().unwrap()))
    })
}

#[test]
fn satisfiability_matches_python_sat_on_the_corpus() {
    let cases = load("cnf");
    let (mut sat, mut unsat) = (0, 0);
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let out = run(
            "logic.cnf.satisfiable.decide",
            json!({"cnf": case["clauses"]}),
        )
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(out["status"], "exact", "{name}: {out}");
        assert_eq!(out["satisfiable"], case["satisfiable"], "{name}");
        if out["satisfiable"] == true {
            let model: Vec<i64> = out["model"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_i64().unwrap())
                .collect();
            assert!(
                satisfies(&case["clauses"], &model),
                "{name}: the model falsifies a clause"
            );
            sat += 1;
        } else {
            assert!(
                out["proof"]["added"].as_u64().unwrap() >= 1,
                "{name}: {out}"
            );
            unsat += 1;
        }
    }
    assert!(sat >= 20 && unsat >= 40, "{sat} satisfiable, {unsat} not");
}

#[test]
fn small_proofs_come_as_lrat_text_and_dimacs_errors_name_the_line() {
    let out = run(
        "logic.cnf.satisfiable.decide",
        json!({"cnf": "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n"}),
    )
    .unwrap();
    assert_eq!(out["satisfiable"], false);
    let text = out["proof"]["text"].as_str().unwrap();
    assert!(text.lines().last().unwrap().contains(" 0 "), "{text}");
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().nth(1) == Some("0")),
        "no empty clause: {text}"
    );
    let err = run(
        "logic.cnf.satisfiable.decide",
        json!({"cnf": "p cnf 2 1\n1 3 0\n"}),
    )
    .unwrap_err();
    assert!(format!("{err:?}").contains("line 2"), "{err:?}");
    let err = run("logic.cnf.satisfiable.decide", json!({"cnf": [[1, 0]]})).unwrap_err();
    assert!(format!("{err:?}").contains("0 is not a literal"), "{err:?}");
    // The empty clause and the empty formula.
    let out = run("logic.cnf.satisfiable.decide", json!({"cnf": [[1], []]})).unwrap();
    assert_eq!(out["satisfiable"], false);
    let out = run("logic.cnf.satisfiable.decide", json!({"cnf": []})).unwrap();
    assert_eq!(out["satisfiable"], true);
}

#[test]
fn assignments_are_evaluated_clause_by_clause() {
    let cnf = json!([[1, -2], [2, 3], [-1, -3], [3]]);
    let out = run(
        "logic.cnf.assignment.check",
        json!({"cnf": cnf, "assignment": [1, 2, -3]}),
    )
    .unwrap();
    assert_eq!(out["satisfied"], false);
    assert_eq!(out["falsified"], json!([4]));
    let out = run(
        "logic.cnf.assignment.check",
        json!({"cnf": cnf, "assignment": [-1, -2, 3]}),
    )
    .unwrap();
    assert_eq!(out["satisfied"], true);
    let out = run(
        "logic.cnf.assignment.check",
        json!({"cnf": cnf, "assignment": [1]}),
    )
    .unwrap();
    assert_eq!(out["undecided"], json!([2, 3, 4]));
    assert_eq!(out["unassigned_variables"], 2);
    assert!(
        run(
            "logic.cnf.assignment.check",
            json!({"cnf": cnf, "assignment": [1, -1]})
        )
        .is_err()
    );
    // Every model the solver returns checks.
    for case in load("cnf")
        .iter()
        .filter(|c| c["satisfiable"] == true)
        .take(5)
    {
        let out = run(
            "logic.cnf.satisfiable.decide",
            json!({"cnf": case["clauses"]}),
        )
        .unwrap();
        let check = run(
            "logic.cnf.assignment.check",
            json!({"cnf": case["clauses"], "assignment": out["model"]}),
        )
        .unwrap();
        assert_eq!(check["satisfied"], true);
    }
}

/// The formula operations against sympy.logic on 160 random formulas.
#[test]
fn formula_operations_match_sympy_logic() {
    let (mut tables, mut skipped) = (0, 0);
    for case in load("formulas") {
        let f = case["formula"].as_str().unwrap();
        let out = run("logic.formula.satisfiable.decide", json!({"formula": f})).unwrap();
        assert_eq!(out["satisfiable"], case["satisfiable"], "{f}");
        let out = run("logic.formula.tautology.decide", json!({"formula": f})).unwrap();
        assert_eq!(out["tautology"], case["tautology"], "{f}");
        let out = run(
            "logic.formula.truth_table.compute",
            json!({"formula": f, "variables": case["variables"]}),
        )
        .unwrap();
        if out["variables"] == case["variables"] {
            assert_eq!(out["minterms"], case["minterms"], "{f}");
            tables += 1;
        } else {
            // SymPy dropped a variable the formula does not depend on.
            skipped += 1;
        }
        let same = case["equivalent_form"].as_str().unwrap();
        let out = run(
            "logic.formula.equivalence.decide",
            json!({"left": f, "right": same}),
        )
        .unwrap();
        assert_eq!(out["equivalent"], true, "{f} vs {same}");
        let other = case["other_form"].as_str().unwrap();
        let out = run(
            "logic.formula.equivalence.decide",
            json!({"left": f, "right": other}),
        )
        .unwrap();
        assert_eq!(
            out["equivalent"], case["other_equivalent"],
            "{f} vs {other}"
        );
        for method in ["tseitin", "distributive"] {
            let out = run(
                "logic.formula.cnf.compute",
                json!({"formula": f, "method": method}),
            )
            .unwrap_or_else(|e| panic!("{f} {method}: {e:?}"));
            assert!(out["clauses"].is_array());
        }
        let out = run("logic.formula.minimize.compute", json!({"formula": f})).unwrap();
        assert_eq!(out["status"], "exact");
        if let Some(sop) = case["sopform_terms"].as_u64() {
            assert!(
                out["terms"].as_u64().unwrap() <= sop,
                "{f}: {out} vs SOPform {sop}"
            );
        }
        let expr = out["expression"].as_str().unwrap();
        let back = run(
            "logic.formula.equivalence.decide",
            json!({"left": f, "right": expr}),
        )
        .unwrap();
        assert_eq!(back["equivalent"], true, "{f} vs its minimum {expr}");
    }
    assert!(
        tables >= 120,
        "{tables} truth tables compared, {skipped} skipped"
    );
}

#[test]
fn formula_errors_name_the_place() {
    let err = run(
        "logic.formula.satisfiable.decide",
        json!({"formula": "p & (q | "}),
    )
    .unwrap_err();
    assert!(format!("{err:?}").contains("character 10"), "{err:?}");
    let err = run(
        "logic.formula.truth_table.compute",
        json!({"formula": "a&b&c&d&e&f&g&h&i&j&k&l&m"}),
    )
    .unwrap_err();
    assert!(format!("{err:?}").contains("at most 12"), "{err:?}");
    let out = run(
        "logic.formula.minimize.compute",
        json!({"formula": "p xor q", "form": "cnf"}),
    )
    .unwrap();
    assert_eq!(out["terms"], 2);
    let out = run(
        "logic.formula.minimize.compute",
        json!({"formula": "p & !p"}),
    )
    .unwrap();
    assert_eq!(out["expression"], "false");
    let out = run(
        "logic.formula.minimize.compute",
        json!({"formula": "p | !p"}),
    )
    .unwrap();
    assert_eq!(out["expression"], "true");
}

/// Brute force: every assignment of n ≤ 10 variables.
fn all_models(clauses: &[Vec<i64>], n: u32) -> Vec<Vec<i64>> {
    (0u32..1 << n)
        .map(|bits| {
            (1..=n as i64)
                .map(|v| if bits >> (v - 1) & 1 == 1 { v } else { -v })
                .collect::<Vec<i64>>()
        })
        .filter(|m| clauses.iter().all(|c| c.iter().any(|l| m.contains(l))))
        .collect()
}

fn random_cnf(seed: u64, n: u32, m: usize) -> Vec<Vec<i64>> {
    let mut next = lcg(seed);
    // The stream starts one step past the seed.
    next(1);
    (0..m)
        .map(|_| {
            (0..3)
                .map(|_| {
                    let v = next(u64::from(n)) as i64 + 1;
                    if next(2) == 0 { v } else { -v }
                })
                .collect()
        })
        .collect()
}

#[test]
fn model_lists_and_cores_match_brute_force() {
    let (mut complete, mut cores) = (0, 0);
    for seed in 0..120u64 {
        let n = 3 + (seed % 6) as u32;
        let m = (n as usize) * (2 + (seed % 4) as usize);
        let cnf = random_cnf(seed, n, m);
        // Variables 1..n all appear (a unit pair pins any unused one).
        let mut clauses = cnf.clone();
        for v in 1..=n as i64 {
            clauses.push(vec![v, -v]);
        }
        let want = all_models(&clauses, n);
        let out = run(
            "logic.cnf.models.enumerate",
            json!({"cnf": clauses, "limit": 1000}),
        )
        .unwrap();
        assert_eq!(out["complete"], true);
        let mut got: Vec<Vec<i64>> = serde_json::from_value(out["models"].clone()).unwrap();
        got.sort();
        let mut want = want;
        want.sort();
        assert_eq!(got, want, "seed {seed}");
        complete += 1;
        if want.is_empty() {
            let out = run("logic.cnf.unsat_core.find", json!({"cnf": clauses})).unwrap();
            assert_eq!(out["status"], "exact");
            let core: Vec<Vec<i64>> = serde_json::from_value(out["clauses"].clone()).unwrap();
            assert!(
                all_models(&core, n).is_empty(),
                "seed {seed}: the core has a model"
            );
            for k in 0..core.len() {
                let mut rest = core.clone();
                rest.remove(k);
                assert!(
                    !all_models(&rest, n).is_empty(),
                    "seed {seed}: clause {k} of the core is not needed"
                );
            }
            cores += 1;
        }
    }
    assert!(complete == 120 && cores >= 20, "{cores} cores");
    let err = run("logic.cnf.unsat_core.find", json!({"cnf": [[1, 2]]})).unwrap_err();
    assert!(format!("{err:?}").contains("satisfiable"), "{err:?}");
}

#[test]
fn sudoku_solutions_and_uniqueness() {
    let out = run(
        "logic.sudoku.solve",
        json!({"grid": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}),
    )
    .unwrap();
    assert_eq!(out["unique"], true);
    assert_eq!(
        out["text"].as_str().unwrap().lines().next().unwrap(),
        "534678912"
    );
    // A 17-clue puzzle (the minimum for uniqueness).
    let out = run(
        "logic.sudoku.solve",
        json!({"grid": "000000010400000000020000000000050407008000300001090000300400200050100000000806000"}),
    )
    .unwrap();
    assert_eq!(out["unique"], true, "{out}");
    // Few givens: several solutions; clashing givens: none.
    let out = run(
        "logic.sudoku.solve",
        json!({"grid": "1".to_string() + &".".repeat(80)}),
    )
    .unwrap();
    assert_eq!(
        (out["solvable"].clone(), out["unique"].clone()),
        (json!(true), json!(false))
    );
    let out = run(
        "logic.sudoku.solve",
        json!({"grid": "11".to_string() + &".".repeat(79)}),
    )
    .unwrap();
    assert_eq!(out["solvable"], false);
    let out = run(
        "logic.sudoku.solve",
        json!({"grid": [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]}),
    )
    .unwrap();
    assert_eq!(out["solvable"], true, "{out}");
    let empty16 = vec![vec![0; 16]; 16];
    let out = run("logic.sudoku.solve", json!({"grid": empty16})).unwrap();
    assert_eq!(out["solution"].as_array().unwrap().len(), 16);
}

/// n queens as exact cover: rows and columns primary, diagonals secondary.
fn queens(n: usize) -> Value {
    let mut sets = Vec::new();
    for r in 0..n {
        for c in 0..n {
            sets.push(json!([
                format!("r{r}"),
                format!("c{c}"),
                format!("a{}", r + c),
                format!("b{}", r + n - c)
            ]));
        }
    }
    let secondary: Vec<String> = (0..2 * n)
        .flat_map(|k| [format!("a{k}"), format!("b{k}")])
        .filter(|s| {
            sets.iter()
                .any(|set| set.as_array().unwrap().contains(&json!(s)))
        })
        .collect();
    json!({"sets": sets, "secondary": secondary})
}

#[test]
fn exact_covers_counted_and_found() {
    for (n, count) in [
        (1, 1),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 10),
        (6, 4),
        (7, 40),
        (8, 92),
    ] {
        let out = run("logic.exact_cover.count", queens(n)).unwrap();
        assert_eq!(out["count"], count.to_string(), "{n} queens");
        assert_eq!(out["complete"], true);
        let out = run("logic.exact_cover.solve", queens(n)).unwrap();
        assert_eq!(out["exists"], count > 0, "{n} queens");
    }
    let out = run(
        "logic.exact_cover.solve",
        json!({"sets": [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]}),
    )
    .unwrap();
    assert_eq!(out["cover"], json!([1, 3, 5]), "{out}");
}

#[test]
fn exact_cover_counts_against_brute_force() {
    let mut next = lcg(12345u64);
    for _ in 0..150 {
        let items = 1 + next(7) as usize;
        let sets: Vec<Vec<usize>> = (0..1 + next(12))
            .map(|_| (0..items).filter(|_| next(3) == 0).collect::<Vec<_>>())
            .filter(|s| !s.is_empty())
            .collect();
        if sets.is_empty() {
            continue;
        }
        let universe: Vec<usize> = (0..items)
            .filter(|i| sets.iter().any(|s| s.contains(i)))
            .collect();
        let brute = (0u32..1 << sets.len())
            .filter(|mask| {
                let mut seen = vec![0; items];
                for (k, s) in sets.iter().enumerate() {
                    if mask >> k & 1 == 1 {
                        s.iter().for_each(|&i| seen[i] += 1);
                    }
                }
                universe.iter().all(|&i| seen[i] == 1)
            })
            .count();
        let out = run("logic.exact_cover.count", json!({"sets": sets})).unwrap();
        assert_eq!(out["count"], brute.to_string(), "{sets:?}");
    }
}

/// A random partial DFA over `k` symbols as wire moves.
fn random_dfa(next: &mut impl FnMut(u64) -> u64, n: u64, k: u64) -> Value {
    let mut moves = Vec::new();
    for q in 0..n {
        for s in 0..k {
            if next(6) != 0 {
                moves.push(json!({"from": q, "on": s, "to": next(n)}));
            }
        }
    }
    if moves.is_empty() {
        moves.push(json!({"from": 0, "on": 0, "to": 0}));
    }
    let accepting: Vec<u64> = (0..n).filter(|_| next(2) == 0).collect();
    let mut d = json!({"start": 0, "transitions": moves, "alphabet": (0..k).collect::<Vec<_>>()});
    if !accepting.is_empty() {
        d["accepting"] = json!(accepting);
    }
    d
}

/// Whether the wire automaton accepts `word`.
fn accepts(d: &Value, word: &[u64]) -> bool {
    let mut q = d["start"].as_u64().unwrap();
    for s in word {
        // Symbols come back as text ("0"): compare by their text.
        let label = |v: &Value| v.as_str().map_or_else(|| v.to_string(), str::to_string);
        let next = d["transitions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["from"].as_u64() == Some(q) && label(&m["on"]) == s.to_string());
        match next {
            Some(m) => q = m["to"].as_u64().unwrap(),
            None => return false,
        }
    }
    d["accepting"]
        .as_array()
        .is_some_and(|a| a.contains(&json!(q)))
}

fn words(k: u64, up_to: usize) -> Vec<Vec<u64>> {
    let mut all = vec![vec![]];
    let mut layer = vec![vec![]];
    for _ in 0..up_to {
        layer = layer
            .iter()
            .flat_map(|w: &Vec<u64>| (0..k).map(move |s| [w.clone(), vec![s]].concat()))
            .collect();
        all.extend(layer.iter().cloned());
    }
    all
}

#[test]
fn dfa_minimization_and_equivalence_against_brute_force() {
    let mut next = lcg(5u64);
    let short = words(2, 7);
    let residual = words(2, 6);
    for _ in 0..60 {
        let n = 1 + next(5);
        let d = random_dfa(&mut next, n, 2);
        let out = run("logic.dfa.minimize.compute", json!({"automaton": d})).unwrap();
        // The minimal automaton as wire moves, to replay.
        let m = json!({"start": out["start"], "accepting": out["accepting"], "transitions": out["transitions"]});
        for w in &short {
            assert_eq!(accepts(&d, w), accepts(&m, w), "{d} {m} on {w:?}");
        }
        // Myhill–Nerode: residual languages of reachable states, told apart
        // by words of length ≤ 6 (n + 1 ≤ 6 states with the sink).
        let sigs: std::collections::BTreeSet<Vec<bool>> = short
            .iter()
            .map(|prefix| {
                // The state after `prefix`, identified by its residual signature.
                residual
                    .iter()
                    .map(|w| accepts(&d, &[prefix.clone(), w.clone()].concat()))
                    .collect()
            })
            .collect();
        assert_eq!(out["states"].as_u64().unwrap() as usize, sigs.len(), "{d}");
    }
    let mut next = lcg(77u64);
    let long = words(2, 12);
    for _ in 0..60 {
        let (na, nb) = (1 + next(3), 1 + next(3));
        let a = random_dfa(&mut next, na, 2);
        let b = random_dfa(&mut next, nb, 2);
        let out = run(
            "logic.dfa.equivalence.decide",
            json!({"first": a, "second": b}),
        )
        .unwrap();
        let differ = long.iter().find(|w| accepts(&a, w) != accepts(&b, w));
        assert_eq!(out["equivalent"], differ.is_none(), "{a} {b}");
        if let Some(w) = differ {
            assert_eq!(
                out["word"].as_array().unwrap().len(),
                w.len(),
                "a shortest word"
            );
        }
    }
}

#[test]
fn model_counts_against_the_truth_table() {
    let mut next = lcg(2024u64);
    for round in 0..120 {
        // Past 16 variables the operation's own truth-table check is off.
        let n = if round % 4 == 0 {
            17 + next(4)
        } else {
            1 + next(12)
        };
        let clauses: Vec<Vec<i64>> = (0..next(3 * n) + 1)
            .map(|_| {
                (0..1 + next(3))
                    .map(|_| (1 + next(n)) as i64 * if next(2) == 0 { 1 } else { -1 })
                    .collect()
            })
            .collect();
        let vars = clauses
            .iter()
            .flatten()
            .map(|l| l.unsigned_abs())
            .max()
            .unwrap_or(1);
        let brute = (0u64..1 << vars)
            .filter(|bits| {
                clauses.iter().all(|c| {
                    c.iter()
                        .any(|&l| ((bits >> (l.unsigned_abs() - 1)) & 1 == 1) == (l > 0))
                })
            })
            .count();
        let out = run("logic.cnf.models.count", json!({"cnf": clauses})).unwrap();
        assert_eq!(out["count"], brute.to_string(), "{clauses:?}");
    }
    let out = run(
        "logic.formula.models.count",
        json!({"formula": "(a | b) & (b -> c) & !(a & c)"}),
    )
    .unwrap();
    assert_eq!(out["count"], "2");
    let out = run(
        "logic.formula.models.count",
        json!({"formula": "a xor b xor c xor d xor e xor f xor g xor h xor i xor j xor k xor l xor m xor n xor o xor p xor q xor r xor s xor t"}),
    )
    .unwrap();
    assert_eq!(out["count"], (1u64 << 19).to_string());
}

/// A deterministic stream of numbers below k (a linear congruential
/// generator: no dependency for tests).
fn lcg(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed;
    move |k| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % k
    }
}

#[test]
fn cardinality_encodings_hold_exactly_the_assignments_that_meet_them() {
    let mut next = lcg(17);
    let (mut met, mut unmet) = (0, 0);
    for round in 0..60 {
        let n = next(5) as i64 + 2;
        let literals: Vec<i64> = (1..=n).map(|v| if next(3) == 0 { -v } else { v }).collect();
        let weights: Vec<u64> = (0..n).map(|_| next(3) + 1).collect();
        let weighted = round % 2 == 1;
        let total: u64 = if weighted {
            weights.iter().sum()
        } else {
            n as u64
        };
        let k = next(total + 2);
        let relation = ["at_most", "at_least", "exactly"][round % 3];
        let mut input = json!({"literals": literals, "relation": relation, "k": k});
        if weighted {
            input["weights"] = json!(weights);
        }
        let out = run("logic.cardinality.encode", input).unwrap();
        let clauses = &out["clauses"];
        for bits in 0u32..1 << n {
            let units: Vec<i64> = (1..=n)
                .map(|v| if bits >> (v - 1) & 1 == 1 { v } else { -v })
                .collect();
            let weight: u64 = literals
                .iter()
                .zip(&weights)
                .filter(|(l, _)| units.contains(l))
                .map(|(_, &w)| if weighted { w } else { 1 })
                .sum();
            let meets = match relation {
                "at_most" => weight <= k,
                "at_least" => weight >= k,
                _ => weight == k,
            };
            let mut cnf: Vec<Value> = clauses.as_array().unwrap().clone();
            cnf.extend(units.iter().map(|u| json!([u])));
            let sat = run("logic.cnf.satisfiable.decide", json!({"cnf": cnf})).unwrap();
            assert_eq!(
                sat["satisfiable"], meets,
                "round {round}: {literals:?} {relation} {k}, {units:?}"
            );
            if meets { met += 1 } else { unmet += 1 }
        }
    }
    assert!(met > 300 && unmet > 300, "{met} met, {unmet} not");
}

/// A random constraint over variables x0..x(n−1) as text, and its terms.
fn random_pb(
    next: &mut impl FnMut(u64) -> u64,
    n: u64,
) -> (String, Vec<(i64, usize, bool)>, &'static str, i64) {
    let count = next(4) + 1;
    let mut terms = Vec::new();
    let mut text = String::new();
    for t in 0..count {
        let a = next(9) as i64 - 4;
        let v = next(n) as usize;
        let negated = next(3) == 0;
        text += &format!(
            "{}{} {}x{v} ",
            if a < 0 {
                "- "
            } else if t > 0 {
                "+ "
            } else {
                ""
            },
            a.abs(),
            if negated { "~" } else { "" }
        );
        terms.push((a, v, negated));
    }
    let relation = ["<=", ">=", "=", "<", ">"][next(5) as usize];
    let b = next(9) as i64 - 3;
    (format!("{text}{relation} {b}"), terms, relation, b)
}

#[test]
fn pseudo_boolean_satisfiability_against_brute_force() {
    let mut next = lcg(23);
    let (mut sat, mut unsat) = (0, 0);
    for round in 0..300 {
        let n = next(6) + 1;
        let cs: Vec<_> = (0..next(5) + 1).map(|_| random_pb(&mut next, n)).collect();
        let texts: Vec<&String> = cs.iter().map(|c| &c.0).collect();
        let holds = |value: &dyn Fn(usize) -> bool| {
            cs.iter().all(|(_, terms, relation, b)| {
                let left: i64 = terms
                    .iter()
                    .filter(|t| value(t.1) != t.2)
                    .map(|t| t.0)
                    .sum();
                match *relation {
                    "<=" => left <= *b,
                    ">=" => left >= *b,
                    "=" => left == *b,
                    "<" => left < *b,
                    _ => left > *b,
                }
            })
        };
        let expected = (0u32..1 << n).any(|bits| holds(&|v| bits >> v & 1 == 1));
        let out = run(
            "logic.pseudo_boolean.satisfiable.decide",
            json!({"constraints": texts}),
        )
        .unwrap();
        assert_eq!(
            out["satisfiable"], expected,
            "round {round}: {texts:?}: {out}"
        );
        if expected {
            let model = &out["model"];
            assert!(
                holds(&|v| model[format!("x{v}")] == true),
                "round {round}: {texts:?}: {out}"
            );
            sat += 1;
        } else {
            unsat += 1;
        }
    }
    assert!(sat > 60 && unsat > 60, "{sat} satisfiable, {unsat} not");
}

#[test]
fn maxsat_optima_against_brute_force() {
    let mut next = lcg(29);
    let (mut infeasible, mut costly) = (0, 0);
    for round in 0..150 {
        let n = next(7) as u32 + 2;
        let clause = |next: &mut dyn FnMut(u64) -> u64, len: u64| -> Vec<i64> {
            (0..len)
                .map(|_| {
                    let v = next(u64::from(n)) as i64 + 1;
                    if next(2) == 0 { v } else { -v }
                })
                .collect()
        };
        let (hs, ss) = (next(3) * 4, next(12) + 1);
        let hard: Vec<Vec<i64>> = (0..hs).map(|_| clause(&mut next, 2)).collect();
        let soft: Vec<Vec<i64>> = (0..ss).map(|i| clause(&mut next, i % 2 + 1)).collect();
        let weights: Vec<u64> = soft.iter().map(|_| next(5) + 1).collect();
        let best = all_models(&hard, n)
            .iter()
            .map(|m| {
                soft.iter()
                    .zip(&weights)
                    .filter(|(c, _)| !c.iter().any(|l| m.contains(l)))
                    .map(|(_, w)| w)
                    .sum::<u64>()
            })
            .min();
        let input = json!({"hard": hard, "soft": soft, "weights": weights});
        let out = run("logic.cnf.maxsat.solve", input).unwrap();
        assert_eq!(out["status"], "exact", "round {round}: {out}");
        match best {
            None => {
                assert_eq!(out["feasible"], false, "round {round}: {out}");
                infeasible += 1;
            }
            Some(best) => {
                assert_eq!(out["cost"], best, "round {round}: {out}");
                let model: Vec<i64> = out["model"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|l| l.as_i64().unwrap())
                    .collect();
                assert!(satisfies(&json!(hard), &model), "round {round}");
                if best > 0 {
                    assert!(
                        out["proof"]["added"].as_u64().unwrap() >= 1,
                        "round {round}: {out}"
                    );
                    costly += 1;
                }
            }
        }
    }
    assert!(
        infeasible > 5 && costly > 60,
        "{infeasible} infeasible, {costly} with a positive optimum"
    );
}

/// n queens as a CSP: q_i is the column of the queen in row i.
fn queens_csp(n: usize) -> Value {
    let domains: serde_json::Map<String, Value> = (0..n)
        .map(|i| (format!("q{i}"), json!(format!("1..{n}"))))
        .collect();
    let all = |shift: i64| {
        let parts: Vec<String> = (0..n)
            .map(|i| format!("q{i} + {}", shift * i as i64))
            .collect();
        format!("all_different({})", parts.join(", "))
    };
    json!({"domains": domains, "constraints": [all(0), all(1), all(-1)]})
}

#[test]
fn csp_counts_queens_and_solves_sudoku_as_the_sudoku_operation_does() {
    // OEIS A000170.
    for (n, expected) in [
        (1, 1),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 10),
        (6, 4),
        (7, 40),
        (8, 92),
        (9, 352),
    ] {
        let out = run("logic.csp.count", queens_csp(n)).unwrap();
        assert_eq!(out["count"], expected, "{n} queens: {out}");
        let solved = run("logic.csp.solve", queens_csp(n)).unwrap();
        assert_eq!(solved["satisfiable"], expected > 0, "{n} queens");
        let listed = run("logic.csp.enumerate", {
            let mut i = queens_csp(n);
            i["limit"] = json!(50);
            i
        })
        .unwrap();
        assert_eq!(
            listed["solutions"].as_array().unwrap().len(),
            expected.min(50)
        );
        assert_eq!(listed["complete"], expected <= 50);
    }
    let grid = "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
    let mut domains = serde_json::Map::new();
    let cell = |r: usize, c: usize| format!("c{r}{c}");
    for (i, ch) in grid.chars().enumerate() {
        let v = ch.to_digit(10).unwrap();
        let d = if v == 0 { json!("1..9") } else { json!([v]) };
        domains.insert(cell(i / 9, i % 9), d);
    }
    let mut constraints = Vec::new();
    for k in 0..9 {
        let row: Vec<String> = (0..9).map(|c| cell(k, c)).collect();
        let col: Vec<String> = (0..9).map(|r| cell(r, k)).collect();
        let bx: Vec<String> = (0..9)
            .map(|j| cell(k / 3 * 3 + j / 3, k % 3 * 3 + j % 3))
            .collect();
        for g in [row, col, bx] {
            constraints.push(format!("all_different({})", g.join(", ")));
        }
    }
    let out = run(
        "logic.csp.enumerate",
        json!({"domains": domains, "constraints": constraints, "limit": 2}),
    )
    .unwrap();
    let sudoku = run("logic.sudoku.solve", json!({"grid": grid})).unwrap();
    let first = sudoku["text"]
        .as_str()
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    let ours: String = (0..9)
        .map(|c| out["solutions"][0][cell(0, c)].to_string())
        .collect();
    assert_eq!((ours, out["complete"].clone()), (first, json!(true)));
    assert_eq!(out["solutions"].as_array().unwrap().len(), 1);
}

#[test]
fn csp_errors_name_the_constraint_and_the_place() {
    let e = run(
        "logic.csp.solve",
        json!({"domains": {"x": "1..3"}, "constraints": ["x + y <= 2"]}),
    )
    .unwrap_err();
    let text = format!("{e:?}");
    assert!(
        text.contains("constraints[0]") && text.contains("'y' is not one of the variables"),
        "{text}"
    );
    let e = run(
        "logic.csp.solve",
        json!({"domains": {"x": "3..1"}, "constraints": ["x <= 2"]}),
    )
    .unwrap_err();
    assert!(format!("{e:?}").contains("empty"), "{e:?}");
    let out = run(
        "logic.csp.solve",
        json!({"domains": {"x": "1..3", "y": [5, 7]}, "constraints": ["x + y > 10"]}),
    )
    .unwrap();
    assert_eq!(out["satisfiable"], false);
}

#[test]
fn regular_expression_automata_match_what_python_re_matches() {
    let path = format!(
        "{}/../../tests/data/logic/regex.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let data: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let alphabet = data["alphabet"].as_str().unwrap();
    let mut checked = 0;
    for case in data["cases"].as_array().unwrap() {
        let text = case["regex"].as_str().unwrap();
        let out = run(
            "logic.regular_expression.dfa.compute",
            json!({"regex": text, "alphabet": alphabet}),
        )
        .unwrap();
        let mut delta = std::collections::HashMap::new();
        for t in out["transitions"].as_array().unwrap() {
            delta.insert(
                (
                    t["from"].as_u64().unwrap(),
                    t["on"].as_str().unwrap().chars().next().unwrap(),
                ),
                t["to"].as_u64().unwrap(),
            );
        }
        let accepting: Vec<u64> = out["accepting"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        let matches: std::collections::HashSet<&str> = case["matches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_str().unwrap())
            .collect();
        let mut layer = vec![String::new()];
        for _ in 0..=data["max_length"].as_u64().unwrap() {
            for w in &layer {
                let end = w.chars().try_fold(out["start"].as_u64().unwrap(), |q, c| {
                    delta.get(&(q, c)).copied()
                });
                let accepted = end.is_some_and(|q| accepting.contains(&q));
                assert_eq!(accepted, matches.contains(w.as_str()), "{text} on '{w}'");
                checked += 1;
            }
            layer = layer
                .iter()
                .flat_map(|w| alphabet.chars().map(move |c| format!("{w}{c}")))
                .collect();
        }
        if let Some(s) = out["shortest_match"].as_str() {
            match matches.iter().map(|w| w.len()).min() {
                Some(shortest) => assert_eq!(s.len(), shortest, "{text}"),
                None => assert!(s.len() > 6, "{text}"),
            }
        }
    }
    assert!(checked > 50_000, "{checked}");
}
