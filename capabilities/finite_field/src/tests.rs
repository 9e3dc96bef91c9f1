//! Finite-field operations through their JSON contracts, checked by
//! exhaustive enumeration of small fields and by defining identities.

use hessian_op::Code;
use serde_json::{Value, json};

use crate::run_operation as run;

/// GF(2^4) = F2[x]/(x^4 + x + 1) and GF(3^2) = F3[x]/(x^2 + 1), all elements.
fn fields() -> Vec<(Value, Vec<Value>)> {
    let mut out = Vec::new();
    for (p, modulus) in [
        (2u64, vec![1, 1, 0, 0, 1]),
        (3, vec![1, 0, 1]),
        (7, vec![0, 1]),
    ] {
        let k = modulus.len() - 1;
        let q = p.pow(k as u32);
        let field = if k == 1 {
            json!({"characteristic": p})
        } else {
            json!({"characteristic": p, "modulus": modulus})
        };
        let elems = (0..q)
            .map(|i| {
                let cs: Vec<u64> = (0..k).map(|j| (i / p.pow(j as u32)) % p).collect();
                if k == 1 {
                    json!(cs[0].to_string())
                } else {
                    json!(cs.iter().map(|c| c.to_string()).collect::<Vec<_>>())
                }
            })
            .collect();
        out.push((field, elems));
    }
    out
}

#[test]
fn arithmetic_satisfies_the_field_axioms_on_every_element() {
    for (field, elems) in fields() {
        let zero = elems[0].clone();
        let one = elems[1].clone();
        for a in &elems {
            for b in &elems {
                let s = run(
                    "finite_field.add.compute",
                    json!({"field": field, "a": a, "b": b}),
                )
                .unwrap();
                assert_eq!(
                    run(
                        "finite_field.subtract.compute",
                        json!({"field": field, "a": s, "b": b})
                    )
                    .unwrap(),
                    *a
                );
                let p = run(
                    "finite_field.multiply.compute",
                    json!({"field": field, "a": a, "b": b}),
                )
                .unwrap();
                if *b != zero {
                    assert_eq!(
                        run(
                            "finite_field.divide.compute",
                            json!({"field": field, "a": p, "b": b})
                        )
                        .unwrap(),
                        *a
                    );
                }
            }
            if *a == zero {
                continue;
            }
            let inv = run(
                "finite_field.inverse.compute",
                json!({"field": field, "a": a}),
            )
            .unwrap();
            assert_eq!(
                run(
                    "finite_field.multiply.compute",
                    json!({"field": field, "a": a, "b": inv})
                )
                .unwrap(),
                one
            );
            // Order by brute force: the least n with a^n = 1.
            let ord = (1..=elems.len())
                .find(|n| {
                    run(
                        "finite_field.power.compute",
                        json!({"field": field, "a": a, "exponent": n}),
                    )
                    .unwrap()
                        == one
                })
                .unwrap();
            let got = run(
                "finite_field.element_order.compute",
                json!({"field": field, "a": a}),
            )
            .unwrap();
            assert_eq!(got, json!(ord.to_string()));
            // Every non-zero h in ⟨a⟩ has a logarithm that powers back to it.
            for h in &elems[1..] {
                let log = run(
                    "finite_field.discrete_log.solve",
                    json!({"field": field, "base": a, "target": h}),
                )
                .unwrap();
                match log["exponent"].as_str() {
                    Some(x) => assert_eq!(
                        run(
                            "finite_field.power.compute",
                            json!({"field": field, "a": a, "exponent": x})
                        )
                        .unwrap(),
                        *h
                    ),
                    None => assert!((0..ord).all(|n| {
                        run(
                            "finite_field.power.compute",
                            json!({"field": field, "a": a, "exponent": n}),
                        )
                        .unwrap()
                            != *h
                    })),
                }
            }
            // Square roots square back; non-squares have none.
            let sq = run(
                "finite_field.square_root.compute",
                json!({"field": field, "a": a}),
            )
            .unwrap();
            let brute: Vec<&Value> = elems
                .iter()
                .filter(|r| {
                    run(
                        "finite_field.multiply.compute",
                        json!({"field": field, "a": r, "b": r}),
                    )
                    .unwrap()
                        == *a
                })
                .collect();
            assert_eq!(sq["roots"].as_array().unwrap().len(), brute.len());
        }
        let g = run(
            "finite_field.primitive_element.find",
            json!({"field": field}),
        )
        .unwrap();
        let order = run(
            "finite_field.element_order.compute",
            json!({"field": field, "a": g}),
        )
        .unwrap();
        assert_eq!(order, json!((elems.len() - 1).to_string()));
    }
}

#[test]
fn linear_algebra_over_gf_solves_and_checks() {
    let field = json!({"characteristic": 3, "modulus": [1, 0, 1]});
    // A singular 3×3 over GF(9): row 2 = x·row 0 + row 1.
    let a = json!([[1, [0, 1], 2], [[1, 1], 0, 1], [[1, 2], [2, 0], [1, 2]]]);
    let rank = run(
        "finite_field.matrix.rank.compute",
        json!({"field": field, "matrix": a}),
    )
    .unwrap();
    assert_eq!(rank["rank"], json!(2));
    let det = run(
        "finite_field.matrix.determinant.compute",
        json!({"field": field, "matrix": a}),
    )
    .unwrap();
    assert_eq!(det, json!(["0", "0"]));
    let sol = run(
        "finite_field.linear_system.solve",
        json!({"field": field, "matrix": a, "rhs": [1, 0, [1, 1]]}),
    )
    .unwrap();
    assert_eq!(sol["nullspace"].as_array().unwrap().len(), 1);
    if sol["consistent"] == json!(true) {
        // A·x = b, entry by entry, through the arithmetic operations.
        let x = sol["particular"].as_array().unwrap();
        let rhs = [json!(["1", "0"]), json!(["0", "0"]), json!(["1", "1"])];
        for (i, row) in a.as_array().unwrap().iter().enumerate() {
            let mut acc = json!(0);
            for (aij, xj) in row.as_array().unwrap().iter().zip(x) {
                let prod = run(
                    "finite_field.multiply.compute",
                    json!({"field": field, "a": aij, "b": xj}),
                )
                .unwrap();
                acc = run(
                    "finite_field.add.compute",
                    json!({"field": field, "a": acc, "b": prod}),
                )
                .unwrap();
            }
            assert_eq!(acc, rhs[i]);
        }
    }
    let reducible = run(
        "finite_field.add.compute",
        json!({"field": {"characteristic": 3, "modulus": [2, 0, 1]}, "a": 1, "b": 1}),
    )
    .unwrap_err();
    assert_eq!(
        (reducible.code, reducible.path.as_deref()),
        (Code::InvalidInput, Some("input.field.modulus"))
    );
    let too_long = run(
        "finite_field.add.compute",
        json!({"field": {"characteristic": 7}, "a": [1, 2], "b": 1}),
    )
    .unwrap_err();
    assert_eq!(too_long.path.as_deref(), Some("input.a"));
}

#[test]
fn irreducibility_counts_match_gauss_formula() {
    // Monic irreducibles of degree n over F_p: (1/n) Σ_{d | n} μ(d) p^(n/d).
    for (p, n, expected) in [(2u64, 4usize, 3usize), (2, 5, 6), (3, 3, 8), (5, 2, 10)] {
        let mut count = 0;
        for i in 0..p.pow(n as u32) {
            let mut f: Vec<u64> = (0..n).map(|j| (i / p.pow(j as u32)) % p).collect();
            f.push(1);
            if run(
                "finite_field.polynomial.irreducible.decide",
                json!({"coefficients": f, "p": p}),
            )
            .unwrap()
                == json!(true)
            {
                count += 1;
            }
        }
        assert_eq!(count, expected, "degree {n} over F_{p}");
    }
}
