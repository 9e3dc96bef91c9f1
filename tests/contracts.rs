//! Every operation's contract, checked against the code that serves it:
//! examples run to their expected outputs, the published input schema and
//! the serde parser agree on the examples and on mutations of them, the
//! committed schemas/ match, and wrapper mistakes get a fix that works.

use hessian_contract::catalog::Entry;
use hessian_contract::{Code, Ctx, call, find, schemas};
use serde_json::{Map, Value, json};
use std::path::{Path, PathBuf};

fn catalog() -> &'static hessian_contract::Catalog {
    hessian_server::catalog()
}

fn run(args: Value) -> Result<Value, hessian_contract::Refusal> {
    call::run(
        catalog(),
        args.as_object().expect("arguments are an object").clone(),
        &Ctx::default(),
    )
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn the_catalog_holds_the_foundation_operations() {
    let ids: Vec<&str> = catalog().entries().iter().map(|e| e.op.id()).collect();
    for id in [
        "matrix.determinant.compute",
        "matrix.rank.compute",
        "matrix.trace.compute",
        "matrix.transpose.compute",
        "matrix.multiply.compute",
        "matrix.inverse.compute",
        "matrix.rational_linear_system.solve",
        "matrix.nullspace.compute",
        "matrix.normal_form.rref.compute",
        "matrix.characteristic_polynomial.compute",
        "integer.gcd.compute",
        "integer.extended_gcd.compute",
        "integer.prime.decide",
        "integer.prime_factorization.compute",
        "integer.euler_totient.compute",
    ] {
        assert!(ids.contains(&id), "{id} is missing from the catalog");
    }
}

#[test]
fn every_example_runs_to_its_expected_output_under_the_inspected_contract() {
    for e in catalog().entries() {
        let inspected = find::inspect(catalog(), e.op.id()).unwrap();
        let envelope =
            run(inspected["example"].clone()).unwrap_or_else(|r| panic!("{}: {r:?}", e.op.id()));
        assert_eq!(
            envelope["output"],
            inspected["expected_output"],
            "{}",
            e.op.id()
        );
        assert_eq!(envelope["contract"], inspected["contract"], "{}", e.op.id());
        assert_eq!(envelope["version"], json!(e.op.version()));
    }
}

fn validator(e: &Entry) -> jsonschema::Validator {
    jsonschema::draft202012::new(&e.contract().document["input_schema"])
        .unwrap_or_else(|err| panic!("{}: input schema does not compile: {err}", e.op.id()))
}

/// Mutations of a valid input: each leaf replaced by wrong types and
/// forms, each object missing a field or carrying an unknown one, each
/// array emptied, grown by a copy of its first item, or shortened.
fn mutations(v: &Value) -> Vec<Value> {
    let leaves = [
        json!(0.5),
        json!(true),
        json!(null),
        json!("abc"),
        json!({}),
        json!([]),
        json!(7),
        json!("-12/5"),
        json!("2.75"),
        json!(9007199254740993u64),
        json!("1/0"),
        json!("9".repeat(10_001)),
        json!(3.0),
        json!("ünï¢ødé ∑ 𝔽"),
        json!(-9007199254740991i64),
        json!([[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]),
    ];
    let mut out = Vec::new();
    match v {
        Value::Object(m) => {
            for (k, child) in m {
                let mut without = m.clone();
                without.remove(k);
                out.push(Value::Object(without));
                for mutated in mutations(child) {
                    let mut copy = m.clone();
                    copy.insert(k.clone(), mutated);
                    out.push(Value::Object(copy));
                }
            }
            let mut extra = m.clone();
            extra.insert("unknown_field".into(), json!(1));
            out.push(Value::Object(extra));
        }
        Value::Array(items) => {
            out.push(json!([]));
            if let Some(first) = items.first() {
                let mut longer = items.clone();
                longer.push(first.clone());
                out.push(Value::Array(longer));
                out.push(Value::Array(items[1..].to_vec()));
                for mutated in mutations(first) {
                    let mut copy = items.clone();
                    copy[0] = mutated;
                    out.push(Value::Array(copy));
                }
            }
        }
        _ => out.extend(leaves),
    }
    out
}

/// Constraints JSON Schema cannot state, so only the parser enforces them.
fn schema_cannot_express(message: &str) -> bool {
    message.contains("(all rows the same length)")
        || message.contains("a square matrix (as many rows as columns)")
        || message.contains("an integer without a decimal point")
        || message.contains("a permutation of 1..")
        // The number and polynomial grammars are context-free (nested
        // parentheses), and a value (1/0, 2^-1 for an integer) is not syntax.
        || message.contains("integer expression")
        || message.contains("rational expression")
        || message.contains("the polynomial text at character")
        || message.contains("expected a polynomial in one variable")
        || message.contains("the expression text at character")
        || message.contains("the equation text")
        || message.contains("the differential equation text")
        // graph6/sparse6/digraph6 lengths depend on the vertex count they encode.
        || message.contains("6 text at character")
}

#[test]
fn input_schema_and_parser_agree_on_examples_and_mutations() {
    let mut checked = 0;
    let mut outcomes: std::collections::BTreeMap<String, usize> = Default::default();
    for e in catalog().entries() {
        let schema = validator(e);
        let output_schema = jsonschema::draft202012::new(&e.contract().document["output_schema"])
            .unwrap_or_else(|err| panic!("{}: output schema does not compile: {err}", e.op.id()));
        let example = e.op.example_input();
        assert!(
            schema.is_valid(&example),
            "{}: the example violates its own schema",
            e.op.id()
        );
        e.op.check_input(&example)
            .unwrap_or_else(|r| panic!("{}: example refused: {r:?}", e.op.id()));
        for m in mutations(&example) {
            // The schema never admits null (docs/DECISIONS.md: an optional
            // value is written by leaving it out), so schema and parser are
            // compared on the input without its null members; with them, the
            // parser may read a null as absent or refuse it, never more.
            let mut absent = m.clone();
            hessian_contract::portable::drop_nulls(&mut absent);
            if absent != m {
                match e.op.check_input(&m) {
                    Ok(()) => assert!(
                        e.op.check_input(&absent).is_ok(),
                        "{}: a null enabled {m}",
                        e.op.id()
                    ),
                    Err(r) => assert!(r.path.is_some(), "{}: no path in {r:?}", e.op.id()),
                }
            }
            let m = absent;
            let by_schema = schema.is_valid(&m);
            let by_parser = e.op.check_input(&m);
            match (&by_parser, by_schema) {
                (Ok(()), true) => {}
                (Ok(()), false) => {
                    panic!("{}: parser accepts what the schema refuses: {m}", e.op.id())
                }
                (Err(r), false) => {
                    assert!(
                        matches!(r.code, Code::InvalidInput | Code::LimitExceeded),
                        "{}: {r:?}",
                        e.op.id()
                    );
                    assert!(
                        r.path.as_deref().is_some_and(|p| p.starts_with("input")),
                        "{}: no path in {r:?}",
                        e.op.id()
                    );
                }
                (Err(r), true) => assert!(
                    schema_cannot_express(&format!(
                        "{} {}",
                        r.message,
                        r.expected.clone().unwrap_or_default()
                    )),
                    "{}: the schema accepts what the parser refuses, for a reason the schema could state: {m} → {r:?}",
                    e.op.id()
                ),
            }
            // Whatever parses also runs to a typed result that its published
            // output schema admits, or to a refusal with a code; never a panic.
            let outcome = match e.op.run_json(&m, &Ctx::default()) {
                Ok(out) => {
                    assert!(
                        output_schema.is_valid(&out),
                        "{}: the output of {m} violates the output schema: {out}",
                        e.op.id()
                    );
                    "success".to_string()
                }
                Err(r) => {
                    if r.code == Code::InvalidInput {
                        assert!(r.path.is_some(), "{}: no path in {r:?}", e.op.id());
                    }
                    r.code.to_string()
                }
            };
            *outcomes.entry(outcome).or_default() += 1;
            checked += 1;
        }
    }
    eprintln!("{checked} mutated calls: {outcomes:?}");
    assert!(checked > 300, "only {checked} mutations were checked");
}

#[test]
fn every_published_schema_is_portable() {
    // No type arrays, no null types, no formats outside JSON Schema's list:
    // Gemini-based clients and strict validators refuse them.
    for e in catalog().entries() {
        for side in ["input_schema", "output_schema"] {
            let schema = &e.contract().document[side];
            if let Some(problem) = hessian_contract::portable::violation(schema) {
                panic!("{} {side}: {problem}", e.op.id());
            }
        }
        // And an output never carries a null member the schema cannot state.
        let out =
            e.op.run_json(&e.op.example_input(), &Ctx::default())
                .unwrap();
        let mut stripped = out.clone();
        hessian_contract::portable::drop_nulls(&mut stripped);
        assert_eq!(out, stripped, "{}", e.op.id());
    }
}

#[test]
fn committed_schemas_match_the_code() {
    if let Err(problems) = schemas::check(catalog(), &repo_root().join("schemas")) {
        panic!("schemas/ is out of date:\n{}", problems.join("\n"));
    }
}

#[test]
fn each_schema_file_hashes_to_its_digest() {
    // The file is readable JSON; its RFC 8785 form is what the digest covers,
    // so `jq -S -c` style tools and our canonicaliser agree on it.
    for e in catalog().entries() {
        let path = repo_root()
            .join("schemas")
            .join(format!("{}.json", e.op.id()));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        assert!(
            text.lines().count() > 10,
            "{}: not pretty-printed",
            path.display()
        );
        let document: Value = serde_json::from_str(&text).unwrap();
        let canonical = hessian_contract::canonical::to_canonical(&document);
        assert_eq!(canonical, e.contract().canonical, "{}", e.op.id());
        assert_eq!(
            hessian_contract::canonical::sha256_digest(canonical.as_bytes()),
            e.contract().digest
        );
    }
}

#[test]
fn a_changed_contract_without_a_version_bump_is_refused() {
    let dir = std::env::temp_dir().join(format!("hessian-schemas-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    schemas::write(catalog(), &dir).unwrap();
    schemas::check(catalog(), &dir).unwrap();
    // Pretend the published version 1 of the determinant had another digest.
    let path = dir.join(schemas::CATALOG_FILE);
    let mut history: Map<String, Value> =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let v = catalog()
        .get("matrix.determinant.compute")
        .unwrap()
        .op
        .version()
        .to_string();
    history["matrix.determinant.compute"][&v] = json!(format!("sha256:{}", "0".repeat(64)));
    std::fs::write(&path, serde_json::to_string_pretty(&history).unwrap()).unwrap();
    let problems = schemas::check(catalog(), &dir).unwrap_err();
    assert!(
        problems
            .iter()
            .any(|p| p.contains("matrix.determinant.compute") && p.contains("bump")),
        "{problems:?}"
    );
    assert!(
        schemas::write(catalog(), &dir).is_err(),
        "write must refuse too"
    );
    // An edited document file is drift as well.
    std::fs::write(
        &path,
        serde_json::to_string_pretty(&Value::Object(Map::new())).unwrap(),
    )
    .unwrap();
    std::fs::write(dir.join("matrix.rank.compute.json"), "{}").unwrap();
    assert!(
        schemas::check(catalog(), &dir)
            .unwrap_err()
            .iter()
            .any(|p| p.contains("matrix.rank.compute.json"))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The DESIGN §6 wrapper mistakes, each built from a correct call.
fn wrong_wrappers(good: &Value) -> Vec<(&'static str, Value)> {
    let id = good["operation_id"].clone();
    let input = good["input"].clone();
    let mut beside = input.as_object().unwrap().clone();
    beside.insert("operation_id".into(), id.clone());
    vec![
        ("fields beside operation_id", Value::Object(beside)),
        (
            "input as a JSON string",
            json!({ "operation_id": id, "input": input.to_string() }),
        ),
        (
            "payload instead of input",
            json!({ "operation_id": id, "payload": input }),
        ),
        (
            "arguments instead of input",
            json!({ "operation_id": id, "arguments": input }),
        ),
        (
            "params instead of input",
            json!({ "operation_id": id, "params": input }),
        ),
        ("whole call nested in input", json!({ "input": good })),
        (
            "whole call nested with its id outside too",
            json!({ "operation_id": id, "input": good }),
        ),
    ]
}

#[test]
fn wrong_wrappers_are_refused_with_a_fix_that_works() {
    for e in catalog().entries() {
        let good = json!({ "operation_id": e.op.id(), "input": e.op.example_input() });
        let expected = e.op.expected_output();
        for (what, bad) in wrong_wrappers(&good) {
            let r = run(bad).expect_err(what);
            assert_eq!(r.code, Code::WrongWrapper, "{what}: {r:?}");
            let fix = r.fix.as_ref().unwrap_or_else(|| panic!("{what}: no fix"));
            assert_eq!(fix["tool"], "math_run");
            let envelope = run(fix["arguments"].clone())
                .unwrap_or_else(|r| panic!("{what}: fix refused: {r:?}"));
            assert_eq!(envelope["output"], expected, "{what}");
        }
    }
}

#[test]
fn stale_contracts_unknown_ids_and_bad_arguments_are_refused_precisely() {
    let stale = format!("sha256:{}", "ab".repeat(32));
    let r = run(json!({"operation_id": "matrix.rank.compute", "input": {"matrix": [[1]]}, "contract": stale})).unwrap_err();
    assert_eq!(r.code, Code::ContractMismatch);
    assert_eq!(
        r.contract.as_deref(),
        Some(
            catalog()
                .get("matrix.rank.compute")
                .unwrap()
                .contract()
                .digest
                .as_str()
        )
    );
    assert_eq!(
        r.fix,
        Some(json!({"tool": "math_find", "arguments": {"operation_id": "matrix.rank.compute"}}))
    );

    let r = run(json!({"operation_id": "integer.gcd.compute.", "input": {}})).unwrap_err();
    assert_eq!(r.code, Code::UnknownOperation);
    assert_eq!(r.candidates.as_ref().unwrap()[0], "integer.gcd.compute");

    let r = run(json!({"operation_id": "matrix.rank.compute", "input": {"matrix": [[1]]}, "extra": 1, "input2": 2})).unwrap_err();
    assert_eq!(
        r.code,
        Code::WrongWrapper,
        "stray top-level fields are refused by name: {r:?}"
    );
    assert!(r.message.contains("`extra`"));

    let r = run(json!({"input": {"matrix": [[1]]}})).unwrap_err();
    assert_eq!(
        (r.code, r.path.as_deref()),
        (Code::InvalidInput, Some("operation_id"))
    );

    let r = run(json!({"operation_id": "matrix.inverse.compute", "input": {"matrix": [["1", "2"], ["2", "4"]]}})).unwrap_err();
    assert_eq!(r.code, Code::DomainError);

    let r = run(json!({"operation_id": "matrix.multiply.compute", "input": {"left": [[1, 2]], "right": [[1, 2]]}})).unwrap_err();
    assert_eq!(
        (r.code, r.path.as_deref()),
        (Code::InvalidInput, Some("input.right"))
    );

    // A result past the server's output budget: a Kronecker product of 20
    // entries of 9,000 digits each is ~180 KB of JSON, over the 64 KiB default.
    let big = "9".repeat(9_000);
    let left: Vec<Vec<String>> = vec![vec![big.clone(); 5]; 4];
    let kron = json!({"operation_id": "matrix.kronecker_product.compute", "input": {"left": left, "right": [["1"]]}});
    let budget = Ctx::default().with_output_limit(call::DEFAULT_OUTPUT_BYTES);
    let r = call::run(catalog(), kron.as_object().unwrap().clone(), &budget).unwrap_err();
    assert_eq!(r.code, Code::LimitExceeded, "{r:?}");
    assert!(
        r.message.contains("bytes of JSON")
            && r.message.contains(&call::DEFAULT_OUTPUT_BYTES.to_string()),
        "{}",
        r.message
    );
    // Without a budget (the CLI, unless asked) the same call answers.
    assert!(run(kron).is_ok());

    let huge = "7".repeat(20_000);
    let r = run(json!({"operation_id": "integer.gcd.compute", "input": {"integers": [huge]}}))
        .unwrap_err();
    assert_eq!(
        (r.code, r.path.as_deref()),
        (Code::LimitExceeded, Some("input.integers[0]"))
    );
    assert!(
        r.received.unwrap().chars().count() <= hessian_contract::error::MAX_ECHO_CHARS,
        "large values are not echoed"
    );
}

#[test]
fn find_has_three_exclusive_forms_and_a_byte_budget() {
    let f = |v: Value| find::find(catalog(), v.as_object().unwrap());
    let top = f(json!({"query": "det"})).unwrap();
    assert_eq!(
        top["matches"][0]["operation_id"],
        "matrix.determinant.compute"
    );
    for (query, want) in [
        ("gcd of two integers", "integer.gcd.compute"),
        (
            "reduced row echelon form",
            "matrix.normal_form.rref.compute",
        ),
        ("rref", "matrix.normal_form.rref.compute"),
        ("nullspace", "matrix.nullspace.compute"),
        ("kernel of a matrix", "matrix.nullspace.compute"),
        ("totient", "integer.euler_totient.compute"),
        ("phi of n", "integer.euler_totient.compute"),
        ("factorize 360", "integer.prime_factorization.compute"),
        ("is 97 prime", "integer.prime.decide"),
        ("bezout coefficients", "integer.extended_gcd.compute"),
        ("solve Ax=b", "matrix.rational_linear_system.solve"),
        ("inverse of a matrix", "matrix.inverse.compute"),
        ("charpoly", "matrix.characteristic_polynomial.compute"),
        ("multiply two matrices", "matrix.multiply.compute"),
        ("classical adjoint", "matrix.adjugate.compute"),
        (
            "tensor product of matrices",
            "matrix.kronecker_product.compute",
        ),
        ("minimal polynomial", "matrix.minimal_polynomial.compute"),
        ("lu decomposition", "matrix.lu_decomposition.compute"),
        ("image of a matrix", "matrix.column_space.compute"),
        ("row space basis", "matrix.row_space.compute"),
        ("permanent", "matrix.permanent.compute"),
        (
            "rank of an integer matrix mod p",
            "matrix.rank_mod_p.compute",
        ),
        ("rank over GF(p)", "finite_field.matrix.rank.compute"),
        ("determinant modulo 7", "matrix.determinant_mod.compute"),
        ("inverse of a matrix mod 26", "matrix.inverse_mod.compute"),
        ("raise matrix to the 10th power", "matrix.power.compute"),
        ("inverse of a matrix", "matrix.inverse.compute"),
        (
            "numeric eigenvalues of a symmetric matrix",
            "matrix.eigenvalues.numeric",
        ),
        (
            "eigenvalues of a symmetric matrix",
            "matrix.eigenvalues.compute",
        ),
        ("svd singular values", "matrix.singular_values.numeric"),
        ("condition number", "matrix.condition_number.numeric"),
        ("floating point determinant", "matrix.determinant.numeric"),
        (
            "solve Ax=b numerically",
            "matrix.linear_system.numeric_solve",
        ),
        ("determinant", "matrix.determinant.compute"),
        ("least common multiple", "integer.lcm.compute"),
        (
            "modular inverse of 3 mod 11",
            "integer.modular_inverse.compute",
        ),
        ("modular exponentiation", "integer.modular_power.compute"),
        ("system of congruences", "integer.chinese_remainder.solve"),
        ("crt", "integer.chinese_remainder.solve"),
    ] {
        let got = f(json!({"query": query, "limit": 3})).unwrap();
        let ids: Vec<&str> = got["matches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["operation_id"].as_str().unwrap())
            .collect();
        assert_eq!(ids.first(), Some(&want), "{query}: {ids:?}");
    }
    // Equations as text (issue 35) and the matrix form are both right for
    // "solve linear equations": they come first and second, in either
    // order, and the page says in one line how they differ.
    let got = f(json!({"query": "solve linear equations", "limit": 3})).unwrap();
    let mut top2: Vec<&str> = got["matches"]
        .as_array()
        .unwrap()
        .iter()
        .take(2)
        .map(|m| m["operation_id"].as_str().unwrap())
        .collect();
    top2.sort_unstable();
    assert_eq!(
        top2,
        [
            "equation.linear.solve",
            "matrix.rational_linear_system.solve"
        ],
        "{got}"
    );
    assert!(
        got["differs"]
            .as_str()
            .is_some_and(|l| l.contains("as text")),
        "{got}"
    );
    // Browse pages with a stateless cursor until every operation was seen once.
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut args = json!({"browse": true, "limit": 4});
        if let Some(c) = &cursor {
            args["cursor"] = json!(c);
        }
        let page = f(args).unwrap();
        seen.extend(
            page["matches"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["operation_id"].as_str().unwrap().to_string()),
        );
        match page.get("next_cursor") {
            Some(c) => cursor = Some(c.as_str().unwrap().to_string()),
            None => break,
        }
    }
    let all: Vec<String> = catalog()
        .entries()
        .iter()
        .map(|e| e.op.id().to_string())
        .collect();
    assert_eq!(seen, all);
    let integer_only = f(json!({"browse": true, "domain": "integer"})).unwrap();
    assert!(
        integer_only["matches"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["operation_id"].as_str().unwrap().starts_with("integer."))
    );
    for e in catalog().entries() {
        let inspected = f(json!({"operation_id": e.op.id()})).unwrap();
        assert!(
            inspected.to_string().len() <= find::RESPONSE_BUDGET,
            "{} inspect exceeds the budget",
            e.op.id()
        );
    }
    let r = f(json!({"query": "det", "operation_id": "matrix.rank.compute"})).unwrap_err();
    assert_eq!(
        (r.code, r.path.as_deref()),
        (Code::InvalidInput, Some("query"))
    );
    let r = f(json!({"serch": "det"})).unwrap_err();
    assert_eq!(
        (r.code, r.path.as_deref()),
        (Code::InvalidInput, Some("serch"))
    );
    let r = f(json!({"query": "det", "limit": 500})).unwrap_err();
    assert_eq!(r.path.as_deref(), Some("limit"));
    assert_eq!(f(json!({})).unwrap_err().code, Code::InvalidInput);
}

#[test]
fn numbers_may_be_written_as_expressions_and_long_json_integers() {
    let prime = |n: Value| run(json!({"operation_id": "integer.prime.decide", "input": {"n": n}}));
    assert_eq!(prime(json!("2^61-1")).unwrap()["output"]["prime"], true);
    let started = std::time::Instant::now();
    let r = prime(json!("10^100000000")).unwrap_err();
    assert_eq!(
        (r.code, r.path.as_deref()),
        (Code::LimitExceeded, Some("input.n"))
    );
    assert!(started.elapsed() < std::time::Duration::from_millis(100));
    // A 30-digit JSON integer is read exactly, as written.
    let args: Value = serde_json::from_str(
        r#"{"operation_id": "integer.prime_factorization.compute", "input": {"n": 123456789012345678901234567890}}"#,
    )
    .unwrap();
    let out = run(args).unwrap();
    let product = out["output"]["factors"].as_array().unwrap().iter().fold(
        hessian_kernels::BigInt::from(1),
        |acc, f| {
            let p: hessian_kernels::BigInt = f["prime"].as_str().unwrap().parse().unwrap();
            (0..f["exponent"].as_u64().unwrap()).fold(acc, |acc, _| acc * &p)
        },
    );
    assert_eq!(product.to_string(), "123456789012345678901234567890");
}
