use super::*;
use crate::BigInt;

fn q(n: i64) -> Q {
    Q::from_integer(BigInt::from(n))
}

fn row(c: &[i64], relation: Relation, rhs: i64) -> Row {
    Row {
        coefficients: c.iter().map(|&v| q(v)).collect(),
        relation,
        rhs: q(rhs),
    }
}

fn nonnegative(cost: &[i64], rows: Vec<Row>) -> Problem {
    Problem {
        cost: cost.iter().map(|&v| q(v)).collect(),
        rows,
        lower: vec![Some(q(0)); cost.len()],
        upper: vec![None; cost.len()],
    }
}

fn value(p: &Problem) -> Option<Q> {
    match solve(p, &Budget::unlimited()).expect("solves") {
        Answer::Optimal { x, .. } => Some(objective(p, &x)),
        _ => None,
    }
}

#[test]
fn textbook_maximum() {
    // max 3x + 2y, x + y ≤ 4, x + 3y ≤ 6: (4, 0), value 12.
    let p = nonnegative(
        &[-3, -2],
        vec![row(&[1, 1], Relation::Le, 4), row(&[1, 3], Relation::Le, 6)],
    );
    let Answer::Optimal { x, y } = solve(&p, &Budget::unlimited()).unwrap() else {
        panic!("optimal")
    };
    assert_eq!(x, vec![q(4), q(0)]);
    assert_eq!(y, vec![q(-3), q(0)]);
}

#[test]
fn infeasible_and_unbounded() {
    let p = nonnegative(
        &[1],
        vec![row(&[1], Relation::Ge, 2), row(&[1], Relation::Le, 1)],
    );
    assert!(matches!(
        solve(&p, &Budget::unlimited()).unwrap(),
        Answer::Infeasible { .. }
    ));
    let p = nonnegative(&[-1, -1], vec![row(&[1, -1], Relation::Le, 1)]);
    assert!(matches!(
        solve(&p, &Budget::unlimited()).unwrap(),
        Answer::Unbounded { .. }
    ));
    // An empty box and a problem without rows.
    let mut p = nonnegative(&[1], vec![]);
    p.upper[0] = Some(q(-1));
    assert!(matches!(
        solve(&p, &Budget::unlimited()).unwrap(),
        Answer::Infeasible { .. }
    ));
    assert_eq!(value(&nonnegative(&[2, 3], vec![])), Some(q(0)));
}

#[test]
fn beale_cycles_without_blands_rule() {
    // Beale's example (degenerate; Dantzig's rule with the usual ties cycles).
    let frac = |n: i64, d: i64| Q::new(BigInt::from(n), BigInt::from(d));
    let p = Problem {
        cost: vec![frac(-3, 4), q(150), frac(-1, 50), q(6)],
        rows: vec![
            Row {
                coefficients: vec![frac(1, 4), q(-60), frac(-1, 25), q(9)],
                relation: Relation::Le,
                rhs: q(0),
            },
            Row {
                coefficients: vec![frac(1, 2), q(-90), frac(-1, 50), q(3)],
                relation: Relation::Le,
                rhs: q(0),
            },
            Row {
                coefficients: vec![q(0), q(0), q(1), q(0)],
                relation: Relation::Le,
                rhs: q(1),
            },
        ],
        lower: vec![Some(q(0)); 4],
        upper: vec![None; 4],
    };
    assert_eq!(value(&p), Some(frac(-1, 20)));
}

/// A small deterministic generator (no dependency for tests).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, lo: i64, hi: i64) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        lo + ((self.0 >> 33) % ((hi - lo + 1) as u64)) as i64
    }
}

/// The minimum over the vertices of a bounded problem, by trying every
/// choice of n tight constraints (rows or bounds); `None` when no vertex
/// is feasible.
fn brute_force(p: &Problem) -> Option<Q> {
    let n = p.variables();
    let mut planes: Vec<(Vec<Q>, Q)> = p
        .rows
        .iter()
        .map(|r| (r.coefficients.clone(), r.rhs.clone()))
        .collect();
    for j in 0..n {
        for b in [&p.lower[j], &p.upper[j]].into_iter().flatten() {
            let mut e = vec![q(0); n];
            e[j] = q(1);
            planes.push((e, b.clone()));
        }
    }
    let mut best: Option<Q> = None;
    let k = planes.len();
    let mut choice: Vec<usize> = (0..n).collect();
    loop {
        let a = Mat::from_fn(n, n, |i, j| planes[choice[i]].0[j].clone());
        let b: Vec<Q> = choice.iter().map(|&i| planes[i].1.clone()).collect();
        if let Ok(crate::linalg::Solution::Unique(x)) =
            crate::linalg::solve(&a, &b, &Budget::unlimited())
            && certificate::feasible(p, &x).is_ok()
        {
            let v = objective(p, &x);
            if best.as_ref().is_none_or(|b| &v < b) {
                best = Some(v);
            }
        }
        // Next n-subset of 0..k.
        let mut i = n;
        loop {
            if i == 0 {
                return best;
            }
            i -= 1;
            if choice[i] < k - n + i {
                choice[i] += 1;
                for t in i + 1..n {
                    choice[t] = choice[t - 1] + 1;
                }
                break;
            }
        }
    }
}

use crate::Mat;

#[test]
fn random_boxes_against_vertex_enumeration() {
    let mut g = Lcg(7);
    let (mut optimal, mut infeasible) = (0, 0);
    for _ in 0..300 {
        let n = g.next(1, 3) as usize;
        let rows = (0..g.next(1, 4))
            .map(|_| {
                let c: Vec<i64> = (0..n).map(|_| g.next(-4, 4)).collect();
                let relation = [Relation::Le, Relation::Ge, Relation::Eq][g.next(0, 2) as usize];
                let rhs = g.next(-6, 6);
                let mut r = row(&c, relation, rhs);
                if g.next(0, 3) == 0 {
                    r.rhs = Q::new(BigInt::from(rhs), BigInt::from(g.next(1, 5)));
                }
                r
            })
            .collect();
        let p = Problem {
            cost: (0..n).map(|_| q(g.next(-5, 5))).collect(),
            rows,
            lower: (0..n).map(|_| Some(q(g.next(-4, 1)))).collect(),
            upper: (0..n).map(|_| Some(q(g.next(0, 5)))).collect(),
        };
        let expected = brute_force(&p);
        assert_eq!(value(&p), expected, "{p:?}");
        // Without the float's proposal the exact simplex agrees.
        if p.empty_box().is_none() {
            let s = standard::Standard::new(&p);
            let end = exact::run(&s, None, &Budget::unlimited()).unwrap();
            let answer = s.answer(&p, end);
            certificate::check(&p, &answer).expect("checks");
            let v = match answer {
                Answer::Optimal { x, .. } => Some(objective(&p, &x)),
                _ => None,
            };
            assert_eq!(v, expected);
        }
        if expected.is_some() {
            optimal += 1;
        } else {
            infeasible += 1;
        }
    }
    assert!(optimal > 100 && infeasible > 30, "{optimal} {infeasible}");
}

#[test]
fn random_free_and_one_sided_variables() {
    let mut g = Lcg(11);
    let mut seen = [0usize; 3];
    for _ in 0..300 {
        let n = g.next(1, 4) as usize;
        let rows = (0..g.next(0, 4))
            .map(|_| {
                let c: Vec<i64> = (0..n).map(|_| g.next(-3, 3)).collect();
                let relation = [Relation::Le, Relation::Ge, Relation::Eq][g.next(0, 2) as usize];
                row(&c, relation, g.next(-5, 5))
            })
            .collect();
        let bound = |g: &mut Lcg| (g.next(0, 1) == 0).then(|| q(g.next(-3, 3)));
        let lower: Vec<Option<Q>> = (0..n).map(|_| bound(&mut g)).collect();
        let upper: Vec<Option<Q>> = (0..n)
            .map(|j| bound(&mut g).map(|u| lower[j].clone().map_or(u.clone(), |l| l.max(u))))
            .collect();
        let p = Problem {
            cost: (0..n).map(|_| q(g.next(-3, 3))).collect(),
            rows,
            lower,
            upper,
        };
        // solve checks every certificate itself.
        let k = match solve(&p, &Budget::unlimited()).expect("a checked answer") {
            Answer::Optimal { .. } => 0,
            Answer::Infeasible { .. } => 1,
            Answer::Unbounded { .. } => 2,
        };
        seen[k] += 1;
    }
    assert!(seen.iter().all(|&c| c > 20), "{seen:?}");
}

#[test]
fn the_checker_refuses_altered_certificates() {
    let p = nonnegative(
        &[-3, -2],
        vec![row(&[1, 1], Relation::Le, 4), row(&[1, 3], Relation::Le, 6)],
    );
    let good = solve(&p, &Budget::unlimited()).unwrap();
    let Answer::Optimal { x, y } = good.clone() else {
        panic!()
    };
    let mut worse = x.clone();
    worse[0] = q(3);
    assert_eq!(
        certificate::check(
            &p,
            &Answer::Optimal {
                x: worse,
                y: y.clone()
            }
        ),
        Err(certificate::Failure::Gap)
    );
    assert_eq!(
        certificate::check(
            &p,
            &Answer::Optimal {
                x: x.clone(),
                y: vec![q(3), q(0)]
            }
        ),
        Err(certificate::Failure::MultiplierSign(0))
    );
    assert_eq!(
        certificate::check(
            &p,
            &Answer::Infeasible {
                y: vec![q(-1), q(0)]
            }
        ),
        Err(certificate::Failure::NotSeparating)
    );
    assert_eq!(
        certificate::check(
            &p,
            &Answer::Unbounded {
                x,
                ray: vec![q(1), q(0)]
            }
        ),
        Err(certificate::Failure::RayRow(0))
    );
}

/// A sparse production program: `n` variables in [0, 10] (with `bounded`),
/// `m` ≤ rows with integer coefficients 1..=99 at the given per-mille
/// density, profits 1..=99; the point 0 is feasible.
fn production(n: usize, m: usize, per_mille: i64, bounded: bool, seed: u64) -> Problem {
    let mut g = Lcg(seed);
    let rows = (0..m)
        .map(|_| {
            let c: Vec<i64> = (0..n)
                .map(|_| {
                    if g.next(0, 999) < per_mille {
                        g.next(1, 99)
                    } else {
                        0
                    }
                })
                .collect();
            let rhs = g.next(100, 1000) * (n as i64 * per_mille / 1000).max(1);
            row(&c, Relation::Le, rhs)
        })
        .collect();
    let mut p = nonnegative(&(0..n).map(|_| -g.next(1, 99)).collect::<Vec<_>>(), rows);
    if bounded {
        p.upper = vec![Some(q(10)); n];
    }
    p
}

/// Timings toward thousands of variables and constraints:
/// `cargo nextest run -p hessian-kernels --run-ignored only -E 'test(lp_scaling)' --no-capture`.
#[test]
#[ignore]
fn lp_scaling() {
    for (n, m, density, bounded) in [
        (2000, 300, 200, false),
        (2000, 300, 200, true),
        (1000, 1000, 50, false),
        (1000, 1000, 50, true),
        (2000, 2000, 20, true),
    ] {
        let p = production(n, m, density, bounded, 5);
        let t = std::time::Instant::now();
        let s = standard::Standard::new(&p);
        let guess = float::guess(&s, &Budget::unlimited()).unwrap();
        let t_float = t.elapsed();
        let end = exact::run(&s, guess, &Budget::unlimited()).unwrap();
        let t_exact = t.elapsed();
        let answer = s.answer(&p, end);
        certificate::check(&p, &answer).expect("checks");
        eprintln!(
            "{n} × {m} at {density}‰{}: float {:?}, exact {:?}, check {:?}",
            if bounded { ", x ≤ 10" } else { "" },
            t_float,
            t_exact - t_float,
            t.elapsed() - t_exact
        );
    }
}
