//! Oracle tests: logic.cnf.satisfiable.decide through its JSON contract
//! against python-sat's CaDiCaL, MiniSat and Glucose (tests/data/logic,
//! generate.py); models re-evaluated here, proofs' presence asserted (the
//! operation replays them before answering).

use serde_json::{Value, json};

fn corpus() -> Vec<Value> {
    let path = format!(
        "{}/../../tests/data/logic/cnf.json",
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
    let cases = corpus();
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
    for case in corpus().iter().filter(|c| c["satisfiable"] == true).take(5) {
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
