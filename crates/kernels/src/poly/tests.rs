use super::roots::{count_in, isolate, refine};
use super::{factor, parse, zp, zx};
use crate::{Budget, Mat, Q, linalg};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn z(v: &[i64]) -> zx::Poly {
    zx::trim(v.iter().map(|&x| BigInt::from(x)).collect())
}

fn from_roots(roots: &[i64]) -> zx::Poly {
    roots
        .iter()
        .fold(z(&[1]), |acc, &r| zx::mul(&acc, &z(&[-r, 1])))
}

fn random_poly(rng: &mut StdRng, degree: usize, bound: i64) -> zx::Poly {
    let mut p: zx::Poly = (0..=degree)
        .map(|_| BigInt::from(rng.gen_range(-bound..=bound)))
        .collect();
    if p[degree].is_zero() {
        p[degree] = BigInt::one();
    }
    p
}

/// Irreducible by Eisenstein's criterion at 3: leading coefficient prime to
/// 3, the others divisible by 3, the constant term not by 9.
fn eisenstein(rng: &mut StdRng, degree: usize, digits: u32) -> zx::Poly {
    let big = |rng: &mut StdRng| {
        let mut x = BigInt::from(rng.gen_range(1..10i64));
        for _ in 1..digits {
            x = x * 10 + rng.gen_range(0..10i64);
        }
        if rng.r#gen::<bool>() { -x } else { x }
    };
    let mut p: zx::Poly = (0..=degree).map(|_| big(rng) * 3).collect();
    p[0] = (big(rng) * 3 * 3) + 3;
    let lead = big(rng).abs();
    p[degree] = &lead * 3 + 1;
    p
}

#[test]
fn kronecker_products_match_schoolbook() {
    let mut rng = StdRng::seed_from_u64(60);
    for (da, db) in [(20, 30), (40, 12), (64, 64)] {
        let a = random_poly(&mut rng, da, 1 << 40);
        let b = random_poly(&mut rng, db, 1000);
        let mut slow = vec![BigInt::zero(); da + db + 1];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                slow[i + j] += x * y;
            }
        }
        assert_eq!(zx::mul(&a, &b), zx::trim(slow));
    }
}

#[test]
fn factors_over_fp_multiply_back_and_are_irreducible() {
    let mut rng = StdRng::seed_from_u64(61);
    let b = Budget::unlimited();
    for p in [2u64, 3, 101, (1 << 61) - 1] {
        for degree in [1, 5, 12, 30] {
            let f: Vec<u64> = (0..=degree)
                .map(|i| if i == degree { 1 } else { rng.gen_range(0..p) })
                .collect();
            // A repeated factor too.
            let f = zp::mul(&f, &zp::mul(&[1, 1 % p, 1], &[1, 1 % p, 1], p), p);
            let (lead, factors) = zp::factor(&f, p, &b).unwrap();
            let product = factors.iter().fold(vec![lead], |acc, (g, e)| {
                (0..*e).fold(acc, |acc, _| zp::mul(&acc, g, p))
            });
            assert_eq!(product, f, "p={p} degree={degree}");
            for (g, _) in &factors {
                assert!(zp::is_irreducible(g, p, &b).unwrap(), "p={p}: {g:?}");
            }
        }
    }
}

#[test]
fn gcd_matches_euclid_over_q_and_contains_the_common_factor() {
    let mut rng = StdRng::seed_from_u64(62);
    let b = Budget::unlimited();
    for _ in 0..20 {
        let g = {
            let d = rng.gen_range(0..5);
            random_poly(&mut rng, d, 50)
        };
        let f1 = zx::mul(&g, &{
            let d = rng.gen_range(0..6);
            random_poly(&mut rng, d, 50)
        });
        let f2 = zx::mul(&g, &{
            let d = rng.gen_range(0..6);
            random_poly(&mut rng, d, 50)
        });
        let d = zx::gcd(&f1, &f2, &b).unwrap();
        assert!(zx::divide_exact(&f1, &d).is_some() && zx::divide_exact(&f2, &d).is_some());
        assert!(zx::divide_exact(&d, &zx::primitive(&g)).is_some());
        // The slow path: Euclid over Q, made primitive.
        let (mut r0, mut r1) = (super::from_z(&f1), super::from_z(&f2));
        while !r1.is_empty() {
            let r = super::divrem(&r0, &r1).1;
            r0 = std::mem::replace(&mut r1, r);
        }
        assert_eq!(zx::primitive(&d), super::to_primitive(&r0).1);
    }
}

/// The Sylvester matrix of a (degree m) and b (degree n).
fn sylvester(a: &[BigInt], b: &[BigInt]) -> Mat<Q> {
    let (m, n) = (a.len() - 1, b.len() - 1);
    Mat::from_fn(m + n, m + n, |i, j| {
        let (row, shift) = if i < n { (a, i) } else { (b, i - n) };
        // Highest coefficient first along the row.
        let k = j as isize - shift as isize;
        let deg = row.len() as isize - 1;
        if k < 0 || k > deg {
            Q::zero()
        } else {
            Q::from_integer(row[(deg - k) as usize].clone())
        }
    })
}

#[test]
fn resultants_and_discriminants_agree_with_sylvester_and_roots() {
    let mut rng = StdRng::seed_from_u64(63);
    let b = Budget::unlimited();
    for _ in 0..10 {
        let f = {
            let d = rng.gen_range(1..7);
            random_poly(&mut rng, d, 30)
        };
        let g = {
            let d = rng.gen_range(1..7);
            random_poly(&mut rng, d, 30)
        };
        let det = linalg::determinant(&sylvester(&f, &g), &b).unwrap();
        assert_eq!(Q::from_integer(zx::resultant(&f, &g, &b).unwrap()), det);
    }
    // disc ∏(x − rᵢ) = ∏_{i<j} (rᵢ − rⱼ)².
    let roots = [3i64, -1, 7, 0, -12];
    let expected: BigInt = (0..roots.len())
        .flat_map(|i| (i + 1..roots.len()).map(move |j| (i, j)))
        .map(|(i, j)| BigInt::from((roots[i] - roots[j]).pow(2)))
        .product();
    assert_eq!(zx::discriminant(&from_roots(&roots), &b).unwrap(), expected);
    assert!(
        zx::discriminant(&from_roots(&[2, 2, 5]), &b)
            .unwrap()
            .is_zero()
    );
}

#[test]
fn square_free_decomposition_recovers_multiplicities() {
    let b = Budget::unlimited();
    let (p1, p2, p3) = (z(&[1, 0, 1]), z(&[-2, 3]), z(&[5, 0, 0, 1]));
    let f = zx::mul(&zx::mul(&p1, &zx::pow(&p2, 2)), &zx::pow(&p3, 3));
    let d = zx::square_free(&f, &b).unwrap();
    assert_eq!(d, vec![(p1, 1), (p2, 2), (p3, 3)]);
}

#[test]
fn factorization_over_q_returns_the_constructed_irreducible_factors() {
    let mut rng = StdRng::seed_from_u64(64);
    let b = Budget::unlimited();
    for (degrees, digits) in [
        (vec![1, 2, 3], 2),
        (vec![5, 5, 8], 6),
        (vec![10, 30], 20),
        (vec![40], 20),
        (vec![20, 20], 20),
    ] {
        let parts: Vec<zx::Poly> = degrees
            .iter()
            .map(|&d| eisenstein(&mut rng, d, digits))
            .collect();
        let f = parts.iter().fold(z(&[-7]), |acc, p| zx::mul(&acc, p));
        let got = factor::factor(&f, &b).unwrap();
        assert_eq!(got.content, BigInt::from(-7));
        let mut want: Vec<(zx::Poly, u32)> = parts.iter().map(|p| (zx::primitive(p), 1)).collect();
        want.sort_by(|x, y| x.0.len().cmp(&y.0.len()).then_with(|| x.0.cmp(&y.0)));
        assert_eq!(got.factors, want, "degrees {degrees:?}");
    }
    // Repeated and linear factors, and x^k.
    let f = zx::mul(
        &zx::pow(&z(&[1, 2]), 3),
        &zx::mul(&z(&[0, 0, 1]), &z(&[1, 0, 0, 0, 1])),
    );
    let got = factor::factor(&f, &b).unwrap();
    assert_eq!(
        got.factors,
        vec![(z(&[0, 1]), 2), (z(&[1, 2]), 3), (z(&[1, 0, 0, 0, 1]), 1)]
    );
    // x^4 + 1 is irreducible over Q but splits modulo every prime.
    assert!(factor::is_irreducible(&z(&[1, 0, 0, 0, 1]), &b).unwrap());
    assert!(!factor::is_irreducible(&z(&[-1, 0, 0, 0, 1]), &b).unwrap());
}

#[test]
fn isolated_real_roots_are_disjoint_and_each_holds_one_root() {
    let mut rng = StdRng::seed_from_u64(65);
    let b = Budget::unlimited();
    let mut cases = vec![
        zx::mul(&from_roots(&[-3, 0, 2, 2, 5]), &z(&[-2, 0, 1])), // ±√2 too, a double root
        z(&[1, 0, 1]),                                            // none
        from_roots(&[1, 2, 3, 4, 5, 6, 7, 8]),
    ];
    for _ in 0..6 {
        cases.push({
            let d = rng.gen_range(1..15);
            random_poly(&mut rng, d, 100)
        });
    }
    for f in &cases {
        let roots = isolate(f, &b).unwrap();
        for w in roots.windows(2) {
            assert!(w[0].upper <= w[1].lower, "{f:?}: overlapping {w:?}");
        }
        for r in &roots {
            assert_eq!(
                count_in(f, &r.lower, &r.upper, &b).unwrap(),
                1,
                "{f:?}: {r:?}"
            );
        }
        let big = Q::from_integer(BigInt::from(1_000_000));
        assert_eq!(count_in(f, &-big.clone(), &big, &b).unwrap(), roots.len());
        let g = super::roots::square_free_part(f, &b).unwrap();
        let width = Q::new(BigInt::one(), BigInt::from(1_000_000));
        for r in &roots {
            let fine = refine(&g, r, &width, &b).unwrap();
            assert!(&fine.upper - &fine.lower <= width);
            assert_eq!(count_in(f, &fine.lower, &fine.upper, &b).unwrap(), 1);
        }
    }
    let roots = isolate(&from_roots(&[-3, 0, 2, 5]), &b).unwrap();
    let exact: Vec<bool> = roots.iter().map(|r| r.lower == r.upper).collect();
    assert_eq!(roots.len(), 4, "{roots:?} {exact:?}");
}

#[test]
fn interpolation_passes_through_its_points() {
    let pts: Vec<(Q, Q)> = [(0, 1), (1, 3), (2, 11), (-1, -1)]
        .iter()
        .map(|&(x, y)| (Q::from_integer(x.into()), Q::from_integer(y.into())))
        .collect();
    let p = super::interpolate(&pts).unwrap();
    for (x, y) in &pts {
        assert_eq!(&super::evaluate(&p, x), y);
    }
    assert!(super::interpolate(&[pts[0].clone(), pts[0].clone()]).is_none());
}

#[test]
fn the_grammar_expands_and_points_at_mistakes() {
    let p = parse::parse("(x + 1)^3 - 3x(x+1)").unwrap();
    // (x+1)^3 − 3x(x+1) = x^3 + 1.
    assert_eq!(p.text(), "x^3 + 1");
    let q = parse::parse("x^2*y - 1/2 + 0.25*y").unwrap();
    assert_eq!(q.text(), "x^2*y + 1/4*y - 1/2");
    assert_eq!(q.vars, vec!["x".to_string(), "y".to_string()]);
    for (text, position) in [
        ("x^^2", 2),
        ("2 $ x", 2),
        ("x/(y)", 2),
        ("x^1.5", 2),
        ("(x+1", 4),
        ("", 0),
        ("x +", 3),
        ("x^100000", 2),
    ] {
        let e = parse::parse(text).unwrap_err();
        assert_eq!(e.position, position, "{text:?}: {e:?}");
    }
}

#[test]
fn a_long_expansion_stops_at_the_parsing_deadline() {
    use crate::Budget;
    use std::time::{Duration, Instant};
    // Within the work bound, but seconds of big-coefficient products.
    let text = "(x + 1)^512";
    let budget = Budget::with_timeout(Duration::from_millis(50));
    let started = Instant::now();
    let r = budget.while_parsing(|| parse::parse(text));
    assert!(r.is_err(), "stopped rather than finished");
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );
    // Without a parsing budget the same text parses.
    assert_eq!(parse::parse("(x + 1)^64").map(|p| p.terms.len()), Ok(65));
}

/// The chain criterion in `is_groebner` against the definition: a set G is
/// a Gröbner basis exactly when the leading monomials of the reduced basis
/// of ⟨G⟩ are all multiples of G's. Random sets of 2–4 polynomials in 3
/// variables, and the reduced bases of such sets with one tail coefficient
/// changed (usually no longer a basis, sometimes still one).
#[test]
fn groebner_check_by_chains_agrees_with_the_leading_ideal() {
    use super::groebner::{Limits, Order, Poly, ZPoly, basis, is_groebner};
    let mut rng = StdRng::seed_from_u64(14);
    let budget = Budget::unlimited();
    let limits = Limits::default();
    let order = Order::Grevlex;
    let random = |rng: &mut StdRng| -> ZPoly {
        let mut terms: Vec<(Vec<u32>, BigInt)> = (0..rng.gen_range(2..5))
            .map(|_| {
                let m: Vec<u32> = (0..3).map(|_| rng.gen_range(0..3)).collect();
                (m, BigInt::from(rng.gen_range(-4i64..=4)))
            })
            .filter(|t| !t.1.is_zero())
            .collect();
        terms.sort_by(|a, b| super::groebner::compare(order, &b.0, &a.0));
        terms.dedup_by(|a, b| a.0 == b.0);
        Poly { terms }
    };
    let leads_cover = |g: &[ZPoly], h: &[ZPoly]| {
        h.iter().all(|p| {
            g.iter()
                .any(|q| q.terms[0].0.iter().zip(&p.terms[0].0).all(|(a, b)| a <= b))
        })
    };
    let (mut yes, mut no) = (0, 0);
    for round in 0..300 {
        let f: Vec<ZPoly> = (0..rng.gen_range(2..5))
            .map(|_| random(&mut rng))
            .filter(|p| !p.is_zero())
            .collect();
        let Ok(mut g) = basis(&f, order, &limits, &budget) else {
            continue;
        };
        assert!(is_groebner(&f, &g, order, &limits, &budget).unwrap_or(false));
        if round % 2 == 1 {
            let Some(k) = (0..g.len()).find(|&k| g[k].terms.len() > 1) else {
                continue;
            };
            let last = g[k].terms.len() - 1;
            g[k].terms[last].1 += BigInt::from(rng.gen_range(1i64..4));
            if g[k].terms[last].1.is_zero() {
                continue;
            }
        }
        let Ok(reduced) = basis(&g, order, &limits, &budget) else {
            continue;
        };
        let truth = leads_cover(&g, &reduced);
        let told = is_groebner(&g, &g, order, &limits, &budget).unwrap_or(false);
        // The changed basis keeps its monomials, so it is still reduced
        // and is_groebner's answer is exactly whether it is a basis.
        assert_eq!(told, truth, "round {round}: {g:?}");
        if truth { yes += 1 } else { no += 1 }
    }
    assert!(yes > 50 && no > 20, "{yes} bases, {no} non-bases");
}
