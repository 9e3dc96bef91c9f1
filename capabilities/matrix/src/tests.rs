//! Each operation through its JSON contract, checked against arithmetic
//! done here by hand or against another operation with a different
//! algorithm (rank by Bareiss vs pivots of Gauss–Jordan, charpoly vs det).

use hessian_kernels::{BigInt, Q};
use hessian_op::Code;
use num_traits::{One, Zero};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

use crate::run_operation as run;

fn q(v: &Value) -> Q {
    let s = v.as_str().expect("outputs are strings");
    match s.split_once('/') {
        Some((p, d)) => Q::new(p.parse().unwrap(), d.parse().unwrap()),
        None => Q::from_integer(s.parse::<BigInt>().unwrap()),
    }
}

fn text(x: &Q) -> Value {
    if x.denom().is_one() {
        json!(x.numer().to_string())
    } else {
        json!(format!("{}/{}", x.numer(), x.denom()))
    }
}

type M = Vec<Vec<Q>>;

fn to_json(m: &M) -> Value {
    Value::Array(
        m.iter()
            .map(|r| Value::Array(r.iter().map(text).collect()))
            .collect(),
    )
}

fn from_json(v: &Value) -> M {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().iter().map(q).collect())
        .collect()
}

fn mul(a: &M, b: &M) -> M {
    (0..a.len())
        .map(|i| {
            (0..b[0].len())
                .map(|j| (0..b.len()).map(|k| &a[i][k] * &b[k][j]).sum())
                .collect()
        })
        .collect()
}

fn random(rng: &mut StdRng, r: usize, c: usize) -> M {
    (0..r)
        .map(|_| {
            (0..c)
                .map(|_| Q::new(rng.gen_range(-9..=9).into(), rng.gen_range(1..=4).into()))
                .collect()
        })
        .collect()
}

#[test]
fn determinant_of_a_triangular_product_is_the_product_of_diagonals() {
    let mut rng = StdRng::seed_from_u64(21);
    for n in [1, 2, 5, 9, 16] {
        let mut l = random(&mut rng, n, n);
        let mut u = random(&mut rng, n, n);
        for i in 0..n {
            for j in 0..n {
                if j > i {
                    l[i][j] = Q::zero();
                }
                if j < i {
                    u[i][j] = Q::zero();
                }
            }
        }
        let expected: Q = (0..n).map(|i| &l[i][i] * &u[i][i]).product();
        let det = q(&run(
            "matrix.determinant.compute",
            json!({"matrix": to_json(&mul(&l, &u))}),
        )
        .unwrap());
        assert_eq!(det, expected, "n={n}");
    }
}

#[test]
fn inverse_times_matrix_is_identity_and_singular_is_a_domain_error() {
    let mut rng = StdRng::seed_from_u64(22);
    for n in [1, 3, 7] {
        let a = random(&mut rng, n, n);
        let inv =
            from_json(&run("matrix.inverse.compute", json!({"matrix": to_json(&a)})).unwrap());
        let id: M = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| if i == j { Q::one() } else { Q::zero() })
                    .collect()
            })
            .collect();
        assert_eq!(mul(&a, &inv), id);
    }
    let e = run(
        "matrix.inverse.compute",
        json!({"matrix": [["1", "2"], ["1/2", "1"]]}),
    )
    .unwrap_err();
    assert_eq!(e.code, Code::DomainError);
}

#[test]
fn linear_systems_report_every_kind_of_solution_set() {
    let a = json!([["1", "2", "3"], ["2", "4", "6"]]);
    let fam = run(
        "matrix.rational_linear_system.solve",
        json!({"matrix": a, "rhs": ["1", "2"]}),
    )
    .unwrap();
    assert_eq!(fam["status"], "parametric");
    let am = from_json(&a);
    let x: M = fam["particular"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| vec![q(v)])
        .collect();
    assert_eq!(
        mul(&am, &x),
        vec![vec![Q::one()], vec![Q::from_integer(2.into())]]
    );
    for v in fam["basis"].as_array().unwrap() {
        let col: M = v.as_array().unwrap().iter().map(|e| vec![q(e)]).collect();
        assert!(mul(&am, &col).iter().all(|r| r[0].is_zero()));
    }
    assert_eq!(fam["basis"].as_array().unwrap().len(), 2);
    let none = run(
        "matrix.rational_linear_system.solve",
        json!({"matrix": a, "rhs": ["1", "3"]}),
    )
    .unwrap();
    assert_eq!(none, json!({"status": "none"}));
    let e = run(
        "matrix.rational_linear_system.solve",
        json!({"matrix": a, "rhs": ["1"]}),
    )
    .unwrap_err();
    assert_eq!(
        (e.code, e.path.as_deref()),
        (Code::InvalidInput, Some("input.rhs"))
    );
}

#[test]
fn rank_agrees_with_rref_pivots_and_nullspace_dimension() {
    let mut rng = StdRng::seed_from_u64(23);
    for (r, c, k) in [(3, 5, 2), (6, 4, 4), (5, 5, 1), (8, 8, 6)] {
        let a = mul(&random(&mut rng, r, k), &random(&mut rng, k, c));
        let m = to_json(&a);
        let rank = run("matrix.rank.compute", json!({"matrix": m}))
            .unwrap()
            .as_u64()
            .unwrap() as usize;
        let rref = run("matrix.normal_form.rref.compute", json!({"matrix": m})).unwrap();
        assert_eq!(rref["pivot_columns"].as_array().unwrap().len(), rank);
        let basis = run("matrix.nullspace.compute", json!({"matrix": m})).unwrap()["basis"].clone();
        assert_eq!(basis.as_array().unwrap().len(), c - rank);
        for v in basis.as_array().unwrap() {
            let col: M = v.as_array().unwrap().iter().map(|e| vec![q(e)]).collect();
            assert!(mul(&a, &col).iter().all(|row| row[0].is_zero()));
        }
    }
}

#[test]
fn characteristic_polynomial_ends_in_trace_and_determinant() {
    let mut rng = StdRng::seed_from_u64(24);
    for n in [1, 2, 4, 7] {
        let m = to_json(&random(&mut rng, n, n));
        let p = run(
            "matrix.characteristic_polynomial.compute",
            json!({"matrix": m}),
        )
        .unwrap();
        let c: Vec<Q> = p["coefficients"]
            .as_array()
            .unwrap()
            .iter()
            .map(q)
            .collect();
        assert_eq!(c.len(), n + 1);
        assert!(c[n].is_one());
        let det = q(&run("matrix.determinant.compute", json!({"matrix": m})).unwrap());
        let tr = q(&run("matrix.trace.compute", json!({"matrix": m})).unwrap());
        assert_eq!(c[0], if n % 2 == 0 { det } else { -det });
        assert_eq!(c[n - 1], -tr);
    }
}

#[test]
fn transpose_reverses_products() {
    let mut rng = StdRng::seed_from_u64(25);
    let (a, b) = (random(&mut rng, 3, 4), random(&mut rng, 4, 2));
    let ab = from_json(
        &run(
            "matrix.multiply.compute",
            json!({"left": to_json(&a), "right": to_json(&b)}),
        )
        .unwrap(),
    );
    assert_eq!(ab, mul(&a, &b));
    let t =
        |m: &M| from_json(&run("matrix.transpose.compute", json!({"matrix": to_json(m)})).unwrap());
    assert_eq!(t(&ab), mul(&t(&b), &t(&a)));
    assert_eq!(t(&t(&a)), a);
    let e = run(
        "matrix.multiply.compute",
        json!({"left": to_json(&a), "right": to_json(&a)}),
    )
    .unwrap_err();
    assert_eq!(
        (e.code, e.path.as_deref()),
        (Code::InvalidInput, Some("input.right"))
    );
}

fn ident(n: usize) -> M {
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| if i == j { Q::one() } else { Q::zero() })
                .collect()
        })
        .collect()
}

fn scale(m: &M, f: &Q) -> M {
    m.iter()
        .map(|r| r.iter().map(|x| x * f).collect())
        .collect()
}

fn det_of(m: &M) -> Q {
    q(&run("matrix.determinant.compute", json!({"matrix": to_json(m)})).unwrap())
}

#[test]
fn adjugate_matches_cofactors_and_the_defining_identity() {
    let mut rng = StdRng::seed_from_u64(26);
    for (n, rank) in [(4, 4), (4, 3), (4, 2), (5, 5), (5, 4), (2, 1)] {
        let a = mul(&random(&mut rng, n, rank), &random(&mut rng, rank, n));
        let adj =
            from_json(&run("matrix.adjugate.compute", json!({"matrix": to_json(&a)})).unwrap());
        assert_eq!(
            mul(&a, &adj),
            scale(&ident(n), &det_of(&a)),
            "n={n} rank={rank}"
        );
        // Cofactor definition: adj[j][i] = (−1)^(i+j)·det(A without row i and column j).
        for i in 0..n {
            for j in 0..n {
                let minor: M = (0..n)
                    .filter(|&r| r != i)
                    .map(|r| {
                        (0..n)
                            .filter(|&c| c != j)
                            .map(|c| a[r][c].clone())
                            .collect()
                    })
                    .collect();
                let cof = if n == 1 { Q::one() } else { det_of(&minor) };
                assert_eq!(
                    adj[j][i],
                    if (i + j) % 2 == 0 { cof } else { -cof },
                    "n={n} rank={rank} ({i},{j})"
                );
            }
        }
    }
}

#[test]
fn kronecker_products_satisfy_the_mixed_product_rule() {
    let mut rng = StdRng::seed_from_u64(27);
    let (a, b, c, d) = (
        random(&mut rng, 2, 3),
        random(&mut rng, 2, 2),
        random(&mut rng, 3, 2),
        random(&mut rng, 2, 1),
    );
    let k = |x: &M, y: &M| {
        from_json(
            &run(
                "matrix.kronecker_product.compute",
                json!({"left": to_json(x), "right": to_json(y)}),
            )
            .unwrap(),
        )
    };
    assert_eq!(mul(&k(&a, &b), &k(&c, &d)), k(&mul(&a, &c), &mul(&b, &d)));
    let e = run("matrix.kronecker_product.compute", json!({"left": to_json(&random(&mut rng, 30, 30)), "right": to_json(&random(&mut rng, 30, 30))})).unwrap_err();
    assert_eq!(e.code, Code::LimitExceeded);
}

#[test]
fn powers_add_exponents_and_negative_powers_invert() {
    let mut rng = StdRng::seed_from_u64(28);
    let a = random(&mut rng, 3, 3);
    let p = |k: i64| {
        from_json(
            &run(
                "matrix.power.compute",
                json!({"matrix": to_json(&a), "exponent": k}),
            )
            .unwrap(),
        )
    };
    assert_eq!(p(0), ident(3));
    assert_eq!(p(1), a);
    assert_eq!(p(7), mul(&p(3), &p(4)));
    assert_eq!(mul(&p(-2), &p(2)), ident(3));
    let e = run(
        "matrix.power.compute",
        json!({"matrix": [["1", "2"], ["2", "4"]], "exponent": -1}),
    )
    .unwrap_err();
    assert_eq!(e.code, Code::DomainError);
    let e = run(
        "matrix.power.compute",
        json!({"matrix": [["1"]], "exponent": 10001}),
    )
    .unwrap_err();
    assert_eq!(
        (e.code, e.path.as_deref()),
        (Code::InvalidInput, Some("input.exponent"))
    );
}

#[test]
fn minimal_polynomials_of_similarity_transforms_with_known_eigenvalues() {
    let mut rng = StdRng::seed_from_u64(29);
    let i = |n: i64| Q::from_integer(n.into());
    let minpoly = |m: &M| -> Vec<Q> {
        run(
            "matrix.minimal_polynomial.compute",
            json!({"matrix": to_json(m)}),
        )
        .unwrap()["coefficients"]
            .as_array()
            .unwrap()
            .iter()
            .map(q)
            .collect()
    };
    // S·diag(2, 2, 3, 3, 3)·S⁻¹ has minimal polynomial (x − 2)(x − 3) = x² − 5x + 6.
    let s = random(&mut rng, 5, 5);
    let s_inv = from_json(&run("matrix.inverse.compute", json!({"matrix": to_json(&s)})).unwrap());
    let d: M = (0..5)
        .map(|r| {
            (0..5)
                .map(|c| {
                    if r == c {
                        i(if r < 2 { 2 } else { 3 })
                    } else {
                        Q::zero()
                    }
                })
                .collect()
        })
        .collect();
    assert_eq!(minpoly(&mul(&mul(&s, &d), &s_inv)), vec![i(6), i(-5), i(1)]);
    // A Jordan block J₃(2) needs (x − 2)³ = x³ − 6x² + 12x − 8.
    let j: M = vec![
        vec![i(2), i(1), i(0)],
        vec![i(0), i(2), i(1)],
        vec![i(0), i(0), i(2)],
    ];
    assert_eq!(minpoly(&j), vec![i(-8), i(12), i(-6), i(1)]);
    // The zero matrix: x.
    assert_eq!(minpoly(&vec![vec![Q::zero(); 3]; 3]), vec![i(0), i(1)]);
}

#[test]
fn lu_factors_multiply_back() {
    let mut rng = StdRng::seed_from_u64(30);
    for (n, rank) in [(4, 4), (5, 3), (3, 1)] {
        let mut a = mul(&random(&mut rng, n, rank), &random(&mut rng, rank, n));
        a[0] = vec![Q::zero(); n]; // force a pivot swap
        let f = run(
            "matrix.lu_decomposition.compute",
            json!({"matrix": to_json(&a)}),
        )
        .unwrap();
        let (l, u) = (from_json(&f["lower"]), from_json(&f["upper"]));
        let perm: Vec<usize> = f["permutation"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap() as usize)
            .collect();
        let pa: M = perm.iter().map(|&r| a[r].clone()).collect();
        assert_eq!(mul(&l, &u), pa);
        for r in 0..n {
            assert!(l[r][r].is_one());
            assert!((r + 1..n).all(|c| l[r][c].is_zero()) && (0..r).all(|c| u[r][c].is_zero()));
        }
    }
}

#[test]
fn row_and_column_spaces_span_what_they_claim() {
    let mut rng = StdRng::seed_from_u64(31);
    let rank_of = |m: &M| {
        run("matrix.rank.compute", json!({"matrix": to_json(m)}))
            .unwrap()
            .as_u64()
            .unwrap() as usize
    };
    for (r, c, k) in [(4, 6, 2), (5, 3, 3), (3, 3, 1)] {
        let a = mul(&random(&mut rng, r, k), &random(&mut rng, k, c));
        let rank = rank_of(&a);
        let rows = from_json(
            &run("matrix.row_space.compute", json!({"matrix": to_json(&a)})).unwrap()["basis"],
        );
        assert_eq!(rows.len(), rank);
        let mut stacked = rows.clone();
        stacked.extend(a.iter().cloned());
        assert_eq!(
            rank_of(&stacked),
            rank,
            "every row of A lies in the row space"
        );
        let cols = run(
            "matrix.column_space.compute",
            json!({"matrix": to_json(&a)}),
        )
        .unwrap();
        let basis = from_json(&cols["basis"]);
        assert_eq!(basis.len(), rank);
        let mut with_columns = basis.clone();
        with_columns.extend((0..c).map(|j| a.iter().map(|row| row[j].clone()).collect()));
        assert_eq!(
            rank_of(&with_columns),
            rank,
            "every column of A lies in the column space"
        );
    }
}

#[test]
fn permanent_matches_the_sum_over_permutations() {
    fn brute(m: &M, row: usize, used: &mut Vec<bool>) -> Q {
        if row == m.len() {
            return Q::one();
        }
        let mut total = Q::zero();
        for c in 0..m.len() {
            if !used[c] {
                used[c] = true;
                total += &m[row][c] * brute(m, row + 1, used);
                used[c] = false;
            }
        }
        total
    }
    let mut rng = StdRng::seed_from_u64(32);
    for n in 1..=6 {
        let a = random(&mut rng, n, n);
        let got = q(&run("matrix.permanent.compute", json!({"matrix": to_json(&a)})).unwrap());
        assert_eq!(got, brute(&a, 0, &mut vec![false; n]), "n={n}");
    }
    let ones = vec![vec![json!(1); 8]; 8];
    assert_eq!(
        run("matrix.permanent.compute", json!({"matrix": ones})).unwrap(),
        json!("40320")
    );
}

#[test]
fn modular_rank_determinant_and_inverse_agree_with_brute_force() {
    let mut rng = StdRng::seed_from_u64(33);
    for p in [2i64, 3, 5] {
        for _ in 0..10 {
            let n = 3;
            let a: Vec<Vec<i64>> = (0..n)
                .map(|_| (0..n + 1).map(|_| rng.gen_range(-6..6)).collect())
                .collect();
            // rank = (n+1) − log_p |kernel|, the kernel counted by enumeration.
            let mut kernel = 0;
            for code in 0..p.pow(n as u32 + 1) {
                let x: Vec<i64> = (0..=n).map(|k| code / p.pow(k as u32) % p).collect();
                if a.iter().all(|row| {
                    row.iter()
                        .zip(&x)
                        .map(|(u, v)| u * v)
                        .sum::<i64>()
                        .rem_euclid(p)
                        == 0
                }) {
                    kernel += 1;
                }
            }
            let rank = (n + 1) - (kernel as f64).log(p as f64).round() as usize;
            let got = run("matrix.rank_mod_p.compute", json!({"matrix": a, "p": p})).unwrap();
            assert_eq!(got, json!(rank), "p={p} {a:?}");
        }
    }
    assert_eq!(
        run(
            "matrix.rank_mod_p.compute",
            json!({"matrix": [[1]], "p": 4})
        )
        .unwrap_err()
        .code,
        Code::DomainError
    );
    for m in [2i64, 9, 10, 101] {
        let a: Vec<Vec<i64>> = (0..3)
            .map(|_| (0..3).map(|_| rng.gen_range(-20..20)).collect())
            .collect();
        let d = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
            - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
        let got = run(
            "matrix.determinant_mod.compute",
            json!({"matrix": a, "modulus": m}),
        )
        .unwrap();
        assert_eq!(got, json!(d.rem_euclid(m).to_string()));
        match run(
            "matrix.inverse_mod.compute",
            json!({"matrix": a, "modulus": m}),
        ) {
            Ok(inv) => {
                let b: Vec<Vec<i64>> = inv
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| {
                        r.as_array()
                            .unwrap()
                            .iter()
                            .map(|x| x.as_str().unwrap().parse().unwrap())
                            .collect()
                    })
                    .collect();
                for i in 0..3 {
                    for j in 0..3 {
                        let s: i64 = (0..3).map(|k| a[i][k] * b[k][j]).sum();
                        assert_eq!(s.rem_euclid(m), i64::from(i == j), "A·A⁻¹ ≡ I mod {m}");
                    }
                }
            }
            Err(e) => {
                assert_eq!(e.code, Code::DomainError);
                assert_ne!(
                    num_integer::Integer::gcd(&d, &m),
                    1,
                    "refused although gcd(det, m) = 1"
                );
            }
        }
    }
}

fn f64s(v: &Value) -> Vec<f64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + a.abs().max(b.abs()))
}

#[test]
fn numeric_determinant_and_solve_agree_with_the_exact_operations() {
    let mut rng = StdRng::seed_from_u64(34);
    for n in [1, 5, 20] {
        let a: Vec<Vec<i64>> = (0..n)
            .map(|_| (0..n).map(|_| rng.gen_range(-9..=9)).collect())
            .collect();
        let exact: f64 = run("matrix.determinant.compute", json!({"matrix": a}))
            .unwrap()
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        let approx = run("matrix.determinant.numeric", json!({"matrix": a}))
            .unwrap()
            .as_f64()
            .unwrap();
        assert!(close(approx, exact, 1e-9), "n={n}: {approx} vs {exact}");
        let b: Vec<i64> = (0..n).map(|_| rng.gen_range(-9..=9)).collect();
        let exact = run(
            "matrix.rational_linear_system.solve",
            json!({"matrix": a, "rhs": b}),
        )
        .unwrap();
        let approx = run(
            "matrix.linear_system.numeric_solve",
            json!({"matrix": a, "rhs": b}),
        )
        .unwrap();
        let exact: Vec<f64> = exact["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                let s = v.as_str().unwrap();
                match s.split_once('/') {
                    Some((p, q)) => p.parse::<f64>().unwrap() / q.parse::<f64>().unwrap(),
                    None => s.parse().unwrap(),
                }
            })
            .collect();
        for (x, y) in f64s(&approx["solution"]).iter().zip(&exact) {
            assert!(close(*x, *y, 1e-8), "n={n}: {x} vs {y}");
        }
        assert!(approx["residual_max"].as_f64().unwrap() < 1e-9);
    }
    let e = run(
        "matrix.linear_system.numeric_solve",
        json!({"matrix": [[1.0, 2.0], [2.0, 4.0]], "rhs": [1.0, 1.0]}),
    )
    .unwrap_err();
    assert_eq!(e.code, Code::DomainError);
}

#[test]
fn numeric_eigenvalues_match_known_spectra_and_invariants() {
    let eig = |m: Value, sym: bool| -> Vec<(f64, f64)> {
        run(
            "matrix.eigenvalues.numeric",
            json!({"matrix": m, "symmetric": sym}),
        )
        .unwrap()["eigenvalues"]
            .as_array()
            .unwrap()
            .iter()
            .map(|z| (z["re"].as_f64().unwrap(), z["im"].as_f64().unwrap()))
            .collect()
    };
    // Companion matrix of (x − 1)(x − 2)(x − 3) = x³ − 6x² + 11x − 6.
    let got = eig(
        json!([[0.0, 0.0, 6.0], [1.0, 0.0, -11.0], [0.0, 1.0, 6.0]]),
        false,
    );
    for (z, want) in got.iter().zip([1.0, 2.0, 3.0]) {
        assert!(close(z.0, want, 1e-9) && z.1.abs() < 1e-9, "{got:?}");
    }
    // A rotation by 90°: ±i.
    let got = eig(json!([[0.0, -1.0], [1.0, 0.0]]), false);
    assert!(
        got[0].0.abs() < 1e-12 && close(got[0].1, -1.0, 1e-12) && close(got[1].1, 1.0, 1e-12),
        "{got:?}"
    );
    // Symmetric: the eigenvalues sum to the trace and multiply to the determinant.
    let mut rng = StdRng::seed_from_u64(35);
    let n = 12;
    let mut a = vec![vec![0i64; n]; n];
    for i in 0..n {
        for j in 0..=i {
            let v = rng.gen_range(-5..=5);
            a[i][j] = v;
            a[j][i] = v;
        }
    }
    let got = eig(json!(a), true);
    let trace: i64 = (0..n).map(|i| a[i][i]).sum();
    assert!(close(
        got.iter().map(|z| z.0).sum::<f64>(),
        trace as f64,
        1e-9
    ));
    let det: f64 = run("matrix.determinant.compute", json!({"matrix": a}))
        .unwrap()
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(close(got.iter().map(|z| z.0).product::<f64>(), det, 1e-7));
    assert!(got.windows(2).all(|w| w[0].0 <= w[1].0));
    let e = run(
        "matrix.eigenvalues.numeric",
        json!({"matrix": [[1.0, 2.0], [3.0, 1.0]], "symmetric": true}),
    )
    .unwrap_err();
    assert_eq!(
        (e.code, e.path.as_deref()),
        (Code::InvalidInput, Some("input.matrix"))
    );
}

#[test]
fn singular_values_are_square_roots_of_the_gram_eigenvalues() {
    let mut rng = StdRng::seed_from_u64(36);
    let a: Vec<Vec<f64>> = (0..6)
        .map(|_| (0..4).map(|_| rng.gen_range(-3.0..3.0)).collect())
        .collect();
    let s = f64s(&run("matrix.singular_values.numeric", json!({"matrix": a})).unwrap());
    let gram: Vec<Vec<f64>> = (0..4)
        .map(|i| {
            (0..4)
                .map(|j| (0..6).map(|k| a[k][i] * a[k][j]).sum())
                .collect()
        })
        .collect();
    let ev = run(
        "matrix.eigenvalues.numeric",
        json!({"matrix": gram, "symmetric": true}),
    )
    .unwrap();
    let mut roots: Vec<f64> = ev["eigenvalues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|z| z["re"].as_f64().unwrap().max(0.0).sqrt())
        .collect();
    roots.reverse();
    assert_eq!(s.len(), 4);
    for (x, y) in s.iter().zip(&roots) {
        assert!(close(*x, *y, 1e-9), "{s:?} vs {roots:?}");
    }
    let cond = run(
        "matrix.condition_number.numeric",
        json!({"matrix": [[3.0, 0.0], [0.0, 0.5]]}),
    )
    .unwrap();
    assert!(close(
        cond["condition_number"].as_f64().unwrap(),
        6.0,
        1e-12
    ));
    let singular = run(
        "matrix.condition_number.numeric",
        json!({"matrix": [[1.0, 2.0], [2.0, 4.0]]}),
    )
    .unwrap();
    assert!(
        singular["singular"] == json!(true)
            || singular["condition_number"].as_f64().unwrap() > 1e15,
        "{singular}"
    );
}

// ----- Exact spectra against SymPy (tests/data/matrix_spectra) -----

fn corpus(name: &str) -> Vec<Value> {
    let path = format!(
        "{}/../../tests/data/matrix_spectra/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// Monic coefficients, lowest first, as rationals.
fn monic_q(v: &Value) -> Vec<Q> {
    let c: Vec<Q> = v.as_array().unwrap().iter().map(q).collect();
    let lead = c.last().unwrap().clone();
    c.into_iter().map(|x| x / &lead).collect()
}

fn rational_rows(v: &Value) -> Option<M> {
    v.as_array()?
        .iter()
        .map(|r| {
            r.as_array()?
                .iter()
                .map(|x| {
                    let s = x.as_str()?;
                    let parsed = match s.split_once('/') {
                        Some((p, d)) => Q::new(p.parse().ok()?, d.parse().ok()?),
                        None => Q::from_integer(s.parse::<BigInt>().ok()?),
                    };
                    Some(parsed)
                })
                .collect()
        })
        .collect()
}

#[test]
fn spectra_agree_with_sympy_and_every_transform_multiplies_back() {
    let cases = corpus("spectra");
    let (mut jordan_checked, mut frobenius_checked, mut similar_checked) = (0, 0, 0);
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let a = from_json(&case["matrix"]);
        let n = a.len();
        let input = json!({"matrix": case["matrix"]});
        // Elementary divisors: factor and block sizes.
        let ed = run("matrix.elementary_divisors.compute", input.clone()).unwrap();
        let mut ours: Vec<(Vec<String>, Vec<u64>)> = Vec::new();
        for d in ed["elementary_divisors"].as_array().unwrap() {
            let f = strings(&d["factor"]["coefficients"]);
            let e = d["exponent"].as_u64().unwrap();
            match ours.last_mut() {
                Some((g, sizes)) if *g == f => sizes.push(e),
                _ => ours.push((f, vec![e])),
            }
        }
        let theirs: Vec<(Vec<String>, Vec<u64>)> = case["elementary_divisors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                let sizes = d["sizes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_u64().unwrap())
                    .collect();
                (strings(&d["factor"]), sizes)
            })
            .collect();
        let mut sorted = ours.clone();
        sorted.sort();
        let mut expected = theirs.clone();
        expected.sort();
        assert_eq!(sorted, expected, "{name}: elementary divisors");
        // Invariant factors.
        let inv = run("matrix.invariant_factors.compute", input.clone()).unwrap();
        let ours: Vec<Vec<Q>> = inv["invariant_factors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| monic_q(&p["coefficients"]))
            .collect();
        let theirs: Vec<Vec<Q>> = case["invariant_factors"]
            .as_array()
            .unwrap()
            .iter()
            .map(monic_q)
            .collect();
        assert_eq!(ours, theirs, "{name}: invariant factors");
        // Eigenvalues: every root of every factor once, with both multiplicities.
        let ev = run(
            "matrix.eigenvalues.compute",
            json!({"matrix": case["matrix"], "digits": 5}),
        )
        .unwrap();
        let count: usize = theirs_degree_sum(&theirs_factors(case));
        assert_eq!(
            ev["eigenvalues"].as_array().unwrap().len(),
            count,
            "{name}: eigenvalue count"
        );
        for e in ev["eigenvalues"].as_array().unwrap() {
            let (algebraic, geometric) = (
                e["multiplicity"].as_u64().unwrap(),
                e["geometric_multiplicity"].as_u64().unwrap(),
            );
            let poly = e["root_of"]["polynomial"].as_str().unwrap();
            let d = case["elementary_divisors"]
                .as_array()
                .unwrap()
                .iter()
                .find(|d| polynomial_text_of(&d["factor"]) == poly)
                .unwrap_or_else(|| panic!("{name}: {poly} is not a factor"));
            let sizes: Vec<u64> = d["sizes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_u64().unwrap())
                .collect();
            assert_eq!(
                algebraic,
                sizes.iter().sum::<u64>(),
                "{name}: algebraic multiplicity"
            );
            assert_eq!(
                geometric,
                sizes.len() as u64,
                "{name}: geometric multiplicity"
            );
        }
        // Diagonalizable.
        let dg = run(
            "matrix.diagonalization.compute",
            json!({"matrix": case["matrix"], "digits": 5}),
        )
        .unwrap();
        assert_eq!(
            dg["diagonalizable"], case["diagonalizable"],
            "{name}: diagonalizable"
        );
        // Jordan form: multiply back over Q when every eigenvalue is rational.
        let jf = run(
            "matrix.jordan_form.compute",
            json!({"matrix": case["matrix"], "digits": 5}),
        )
        .unwrap();
        let sizes: usize = jf["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["size"].as_u64().unwrap() as usize)
            .sum();
        let eigen_degree: usize = jf["eigenvalues"].as_array().unwrap().len();
        assert!(
            sizes >= eigen_degree,
            "{name}: every eigenvalue has a block"
        );
        if let (Some(j), Some(p)) = (rational_rows(&jf["form"]), rational_rows(&jf["transform"])) {
            assert_eq!(mul(&a, &p), mul(&p, &j), "{name}: A·P = P·J");
            assert!(!det(&p).is_zero(), "{name}: P is singular");
            if !case["jordan_sizes_rational"].is_null() {
                jordan_checked += 1;
            }
        }
        // Frobenius form with its transform.
        let rc = run("matrix.rational_canonical_form.compute", input.clone()).unwrap();
        let (c, p) = (from_json(&rc["form"]), from_json(&rc["transform"]));
        assert_eq!(mul(&a, &p), mul(&p, &c), "{name}: A·P = P·C");
        assert!(!det(&p).is_zero(), "{name}: Frobenius P is singular");
        frobenius_checked += 1;
        // Similar to a conjugate by a unimodular matrix.
        let u = unimodular(n, name.len() as u64);
        let b = mul(&mul(&inverse(&u), &a), &u);
        let sim = run(
            "matrix.similarity.decide",
            json!({"a": case["matrix"], "b": to_json(&b)}),
        )
        .unwrap();
        assert_eq!(
            sim["similar"],
            json!(true),
            "{name}: similar to its conjugate"
        );
        let x = from_json(&sim["conjugator"]);
        assert_eq!(mul(&a, &x), mul(&x, &b), "{name}: A·X = X·B");
        similar_checked += 1;
    }
    eprintln!(
        "spectra: {} matrices against SymPy; Jordan forms multiplied back over Q: {jordan_checked}; Frobenius transforms: {frobenius_checked}; similarity conjugators: {similar_checked}",
        cases.len()
    );
}

fn theirs_factors(case: &Value) -> Vec<Vec<String>> {
    case["elementary_divisors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| strings(&d["factor"]))
        .collect()
}

fn theirs_degree_sum(factors: &[Vec<String>]) -> usize {
    factors.iter().map(|f| f.len() - 1).sum()
}

/// The text root_of gives a factor (the expression printer's).
fn polynomial_text_of(coefficients: &Value) -> String {
    let c: Vec<Q> = coefficients.as_array().unwrap().iter().map(q).collect();
    hessian_kernels::expr::print::text(&hessian_kernels::expr::rational::from_poly(&c, "x"))
}

fn det(a: &M) -> Q {
    let mut m = a.clone();
    let n = m.len();
    let mut d = Q::one();
    for c in 0..n {
        let Some(p) = (c..n).find(|&i| !m[i][c].is_zero()) else {
            return Q::zero();
        };
        if p != c {
            m.swap(p, c);
            d = -d;
        }
        d *= &m[c][c];
        for i in c + 1..n {
            let f = &m[i][c] / &m[c][c];
            for j in c..n {
                let t = &f * &m[c][j];
                m[i][j] -= t;
            }
        }
    }
    d
}

fn inverse(a: &M) -> M {
    let n = a.len();
    let mut m: M = a
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut r = r.clone();
            r.extend((0..n).map(|j| if i == j { Q::one() } else { Q::zero() }));
            r
        })
        .collect();
    for c in 0..n {
        let p = (c..n).find(|&i| !m[i][c].is_zero()).unwrap();
        m.swap(p, c);
        let piv = m[c][c].clone();
        m[c] = m[c].iter().map(|x| x / &piv).collect();
        for i in 0..n {
            if i != c && !m[i][c].is_zero() {
                let f = m[i][c].clone();
                let row = m[c].clone();
                for (x, y) in m[i].iter_mut().zip(&row) {
                    *x -= &f * y;
                }
            }
        }
    }
    m.into_iter().map(|r| r[n..].to_vec()).collect()
}

/// A unit upper triangular times a unit lower triangular integer matrix.
fn unimodular(n: usize, seed: u64) -> M {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut l = ident(n);
    let mut u = ident(n);
    for i in 0..n {
        for j in 0..i {
            l[i][j] = Q::from_integer(rng.gen_range(-2..=2).into());
            u[j][i] = Q::from_integer(rng.gen_range(-2..=2).into());
        }
    }
    mul(&u, &l)
}

#[test]
fn definiteness_and_inertia_agree_with_sympy_and_ldl_multiplies_back() {
    let cases = corpus("definiteness");
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let a = from_json(&case["matrix"]);
        let input = json!({"matrix": case["matrix"]});
        let out = run("matrix.definiteness.decide", input.clone()).unwrap();
        assert_eq!(out["definiteness"], case["definiteness"], "{name}");
        let inertia = &out["inertia"];
        assert_eq!(
            json!([inertia["positive"], inertia["negative"], inertia["zero"]]),
            case["inertia"],
            "{name}: inertia"
        );
        for (key, sign) in [("negative_witness", -1), ("positive_witness", 1)] {
            if let Some(w) = out.get(key) {
                let x: Vec<Q> = w["vector"].as_array().unwrap().iter().map(q).collect();
                let value: Q = (0..x.len())
                    .map(|i| (0..x.len()).map(|j| &x[i] * &a[i][j] * &x[j]).sum::<Q>())
                    .sum();
                assert_eq!(value, q(&w["value"]), "{name}: {key}");
                assert_eq!(value > Q::zero(), sign > 0, "{name}: {key} sign");
                assert!(!value.is_zero(), "{name}: {key} is 0");
            }
        }
        let ldl = run("matrix.ldl_decomposition.compute", input).unwrap();
        let perm: Vec<usize> = ldl["permutation"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap() as usize)
            .collect();
        let (l, d) = (from_json(&ldl["lower"]), from_json(&ldl["d"]));
        let lt: M = (0..l.len())
            .map(|i| (0..l.len()).map(|j| l[j][i].clone()).collect())
            .collect();
        let pap: M = perm
            .iter()
            .map(|&i| perm.iter().map(|&j| a[i][j].clone()).collect())
            .collect();
        assert_eq!(mul(&mul(&l, &d), &lt), pap, "{name}: L·D·Lᵀ = P·A·Pᵀ");
    }
    let e = run(
        "matrix.definiteness.decide",
        json!({"matrix": [["1", "2"], ["3", "1"]]}),
    )
    .unwrap_err();
    assert_eq!(e.code, Code::InvalidInput);
}

#[test]
fn similarity_is_refuted_by_an_invariant_that_differs() {
    // Same characteristic polynomial (x − 2)², different Jordan structure.
    let out = run(
        "matrix.similarity.decide",
        json!({"a": [["2", "1"], ["0", "2"]], "b": [["2", "0"], ["0", "2"]]}),
    )
    .unwrap();
    assert_eq!(out["similar"], json!(false));
    assert_eq!(out["evidence"]["kind"], json!("rank"));
    assert_eq!(
        (
            out["evidence"]["rank_a"].as_u64(),
            out["evidence"]["rank_b"].as_u64()
        ),
        (Some(1), Some(0))
    );
    let out = run(
        "matrix.similarity.decide",
        json!({"a": [["1", "0"], ["0", "2"]], "b": [["1", "0"], ["0", "3"]]}),
    )
    .unwrap();
    assert_eq!(out["evidence"]["kind"], json!("characteristic_polynomial"));
}

#[test]
fn eigenvectors_hold_at_every_root_of_their_factor() {
    // Companion of x³ − 2: the eigenvector (t², t, 1) for every cube root t of 2.
    let out = run(
        "matrix.eigenvectors.compute",
        json!({"matrix": [["0", "0", "2"], ["1", "0", "0"], ["0", "1", "0"]]}),
    )
    .unwrap();
    let e = out["eigenvalues"].as_array().unwrap();
    assert_eq!(e.len(), 3);
    for pair in e {
        assert_eq!(pair["in_terms_of_t"], json!(true));
        assert_eq!(pair["vectors"], json!([["t^2", "t", "1"]]));
    }
    // Quadratic eigenvalues are substituted: [[1, 1], [1, 0]] has (1 ± √5)/2.
    let out = run(
        "matrix.eigenvectors.compute",
        json!({"matrix": [["1", "1"], ["1", "0"]]}),
    )
    .unwrap();
    let e = out["eigenvalues"].as_array().unwrap();
    assert_eq!(e.len(), 2);
    for pair in e {
        assert_eq!(pair["in_terms_of_t"], json!(false));
        let v = &pair["vectors"][0];
        assert!(v[0].as_str().unwrap().contains("sqrt(5)"), "{v}");
    }
}

/// An entry of a closed form at a rational point, as a rational.
fn entry_at(text: &str, name: &str, x: &Q) -> Option<Q> {
    let e = hessian_kernels::expr::parse(text).ok()?;
    let at = e.substitute(&std::collections::BTreeMap::from([(
        name.to_string(),
        hessian_kernels::expr::Expr::num(x.clone()),
    )]));
    let budget = hessian_kernels::Budget::unlimited();
    hessian_kernels::expr::simplify::simplify(&at, &budget)
        .ok()?
        .as_num()
        .cloned()
}

#[test]
fn power_closed_forms_equal_repeated_products_and_exponentials_start_at_the_identity() {
    let (mut powers, mut exponentials, mut refused) = (0, 0, 0);
    for case in corpus("spectra") {
        let name = case["name"].as_str().unwrap();
        let a = from_json(&case["matrix"]);
        let n = a.len();
        let out = run(
            "matrix.power_closed_form.compute",
            json!({"matrix": case["matrix"]}),
        );
        if case["jordan_sizes_rational"].is_null() {
            assert_eq!(out.unwrap_err().code, Code::DomainError, "{name}");
            refused += 1;
            continue;
        }
        let out = out.unwrap();
        let from = out["valid_from"].as_u64().unwrap() as usize;
        let mut direct = ident(n);
        for k in 0..from + 8 {
            if k >= from {
                for r in 0..n {
                    for c in 0..n {
                        let text = out["power"][r][c].as_str().unwrap();
                        let v = entry_at(text, "n", &Q::from_integer(k.into()));
                        assert_eq!(
                            v.as_ref(),
                            Some(&direct[r][c]),
                            "{name}: A^{k} entry ({r}, {c}) = {text}"
                        );
                    }
                }
            }
            direct = mul(&direct, &a);
        }
        powers += 1;
        let exp = run(
            "matrix.exponential.compute",
            json!({"matrix": case["matrix"], "variable": "t"}),
        )
        .unwrap();
        for r in 0..n {
            for c in 0..n {
                let text = exp["exponential"][r][c].as_str().unwrap();
                let want = if r == c { Q::one() } else { Q::zero() };
                assert_eq!(
                    entry_at(text, "t", &Q::zero()),
                    Some(want),
                    "{name}: e^(A·0) entry ({r}, {c})"
                );
            }
        }
        exponentials += 1;
    }
    eprintln!(
        "closed forms: A^n checked at 8 exponents each for {powers} matrices, e^(At) at t = 0 for {exponentials}; {refused} refused (an irrational eigenvalue, as SymPy's Jordan form says)"
    );
}

#[test]
fn exponentials_of_nilpotent_matrices_are_their_finite_series() {
    // N strictly upper triangular: e^(Nt) = I + N·t + N²·t²/2 + N³·t³/6.
    let m = json!([
        ["0", "1", "2", "0"],
        ["0", "0", "3", "1"],
        ["0", "0", "0", "4"],
        ["0", "0", "0", "0"]
    ]);
    let a = from_json(&m);
    let out = run(
        "matrix.exponential.compute",
        json!({"matrix": m, "variable": "t"}),
    )
    .unwrap();
    let t = Q::from_integer(2.into());
    let mut series = ident(4);
    let mut term = ident(4);
    for k in 1..4 {
        term = scale(&mul(&term, &a), &(&t / Q::from_integer(k.into())));
        series = (0..4)
            .map(|i| (0..4).map(|j| &series[i][j] + &term[i][j]).collect())
            .collect();
    }
    for r in 0..4 {
        for c in 0..4 {
            let text = out["exponential"][r][c].as_str().unwrap();
            assert_eq!(
                entry_at(text, "t", &t),
                Some(series[r][c].clone()),
                "({r}, {c}) = {text}"
            );
        }
    }
}
