//! Each operation through its JSON contract, checked against arithmetic
//! done here by hand or against another operation with a different
//! algorithm (rank by Bareiss vs pivots of Gauss–Jordan, charpoly vs det).

use hessian_contract::{Catalog, Code, call};
use hessian_kernels::{BigInt, Q};
use num_traits::{One, Zero};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

fn catalog() -> &'static Catalog {
    static C: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
    C.get_or_init(|| Catalog::new(crate::operations()).unwrap())
}

fn run(id: &str, input: Value) -> Result<Value, hessian_contract::Refusal> {
    call::output_of(catalog(), id, input)
}

fn q(v: &Value) -> Q {
    let s = v.as_str().expect("outputs are strings");
    match s.split_once('/') {
        Some((p, d)) => Q::new(p.parse().unwrap(), d.parse().unwrap()),
        None => Q::from_integer(s.parse::<BigInt>().unwrap()),
    }
}

fn text(x: &Q) -> Value {
    if x.denom().is_one() { json!(x.numer().to_string()) } else { json!(format!("{}/{}", x.numer(), x.denom())) }
}

type M = Vec<Vec<Q>>;

fn to_json(m: &M) -> Value {
    Value::Array(m.iter().map(|r| Value::Array(r.iter().map(text).collect())).collect())
}

fn from_json(v: &Value) -> M {
    v.as_array().unwrap().iter().map(|r| r.as_array().unwrap().iter().map(q).collect()).collect()
}

fn mul(a: &M, b: &M) -> M {
    (0..a.len()).map(|i| (0..b[0].len()).map(|j| (0..b.len()).map(|k| &a[i][k] * &b[k][j]).sum()).collect()).collect()
}

fn random(rng: &mut StdRng, r: usize, c: usize) -> M {
    (0..r).map(|_| (0..c).map(|_| Q::new(rng.gen_range(-9..=9).into(), rng.gen_range(1..=4).into())).collect()).collect()
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
        let det = q(&run("matrix.determinant.compute", json!({"matrix": to_json(&mul(&l, &u))})).unwrap());
        assert_eq!(det, expected, "n={n}");
    }
}

#[test]
fn inverse_times_matrix_is_identity_and_singular_is_a_domain_error() {
    let mut rng = StdRng::seed_from_u64(22);
    for n in [1, 3, 7] {
        let a = random(&mut rng, n, n);
        let inv = from_json(&run("matrix.inverse.compute", json!({"matrix": to_json(&a)})).unwrap());
        let id: M = (0..n).map(|i| (0..n).map(|j| if i == j { Q::one() } else { Q::zero() }).collect()).collect();
        assert_eq!(mul(&a, &inv), id);
    }
    let e = run("matrix.inverse.compute", json!({"matrix": [["1", "2"], ["1/2", "1"]]})).unwrap_err();
    assert_eq!(e.code, Code::DomainError);
}

#[test]
fn linear_systems_report_every_kind_of_solution_set() {
    let a = json!([["1", "2", "3"], ["2", "4", "6"]]);
    let fam = run("matrix.rational_linear_system.solve", json!({"matrix": a, "rhs": ["1", "2"]})).unwrap();
    assert_eq!(fam["status"], "parametric");
    let am = from_json(&a);
    let x: M = fam["particular"].as_array().unwrap().iter().map(|v| vec![q(v)]).collect();
    assert_eq!(mul(&am, &x), vec![vec![Q::one()], vec![Q::from_integer(2.into())]]);
    for v in fam["basis"].as_array().unwrap() {
        let col: M = v.as_array().unwrap().iter().map(|e| vec![q(e)]).collect();
        assert!(mul(&am, &col).iter().all(|r| r[0].is_zero()));
    }
    assert_eq!(fam["basis"].as_array().unwrap().len(), 2);
    let none = run("matrix.rational_linear_system.solve", json!({"matrix": a, "rhs": ["1", "3"]})).unwrap();
    assert_eq!(none, json!({"status": "none"}));
    let e = run("matrix.rational_linear_system.solve", json!({"matrix": a, "rhs": ["1"]})).unwrap_err();
    assert_eq!((e.code, e.path.as_deref()), (Code::InvalidInput, Some("input.rhs")));
}

#[test]
fn rank_agrees_with_rref_pivots_and_nullspace_dimension() {
    let mut rng = StdRng::seed_from_u64(23);
    for (r, c, k) in [(3, 5, 2), (6, 4, 4), (5, 5, 1), (8, 8, 6)] {
        let a = mul(&random(&mut rng, r, k), &random(&mut rng, k, c));
        let m = to_json(&a);
        let rank = run("matrix.rank.compute", json!({"matrix": m})).unwrap().as_u64().unwrap() as usize;
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
        let p = run("matrix.characteristic_polynomial.compute", json!({"matrix": m})).unwrap();
        let c: Vec<Q> = p["coefficients"].as_array().unwrap().iter().map(q).collect();
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
    let ab = from_json(&run("matrix.multiply.compute", json!({"left": to_json(&a), "right": to_json(&b)})).unwrap());
    assert_eq!(ab, mul(&a, &b));
    let t = |m: &M| from_json(&run("matrix.transpose.compute", json!({"matrix": to_json(m)})).unwrap());
    assert_eq!(t(&ab), mul(&t(&b), &t(&a)));
    assert_eq!(t(&t(&a)), a);
    let e = run("matrix.multiply.compute", json!({"left": to_json(&a), "right": to_json(&a)})).unwrap_err();
    assert_eq!((e.code, e.path.as_deref()), (Code::InvalidInput, Some("input.right")));
}
