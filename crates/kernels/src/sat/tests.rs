use super::cdcl::{Limits, Outcome, solve};
use super::{Cnf, Step, dimacs, falsified, lrat};
use crate::Budget;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn random_3sat(rng: &mut StdRng, vars: u32, clauses: usize) -> Cnf {
    let clauses = (0..clauses)
        .map(|_| {
            (0..3)
                .map(|_| {
                    let v = rng.gen_range(1..=vars) as i32;
                    if rng.gen_bool(0.5) { v } else { -v }
                })
                .collect()
        })
        .collect();
    Cnf { vars, clauses }
}

fn brute_force(cnf: &Cnf) -> bool {
    (0u64..1 << cnf.vars).any(|bits| {
        let model: Vec<bool> = (0..cnf.vars).map(|i| bits >> i & 1 == 1).collect();
        falsified(cnf, &model).is_none()
    })
}

const LIMITS: Limits = Limits {
    proof_words: 1 << 26,
};

/// The model satisfies the clauses or the proof replays; returns which.
fn solved_and_checked(cnf: &Cnf) -> bool {
    let budget = Budget::unlimited();
    match solve(cnf, &LIMITS, &budget).0.expect("no limit hit") {
        Outcome::Sat(model) => {
            assert_eq!(falsified(cnf, &model), None, "{cnf:?}");
            true
        }
        Outcome::Unsat(proof) => {
            assert_eq!(lrat::check(cnf, &proof, &budget), Ok(Ok(())), "{cnf:?}");
            false
        }
    }
}

#[test]
fn small_random_formulas_agree_with_brute_force() {
    let mut rng = StdRng::seed_from_u64(21);
    let (mut sat, mut unsat) = (0, 0);
    for round in 0..1500 {
        let vars = rng.gen_range(1..=12);
        let ratio = rng.gen_range(2.0..7.0);
        let cnf = random_3sat(&mut rng, vars, (ratio * f64::from(vars)) as usize + 1);
        let found = solved_and_checked(&cnf);
        assert_eq!(found, brute_force(&cnf), "round {round}: {cnf:?}");
        if found { sat += 1 } else { unsat += 1 }
    }
    assert!(sat > 300 && unsat > 300, "{sat} satisfiable, {unsat} not");
}

/// n + 1 pigeons in n holes: unsatisfiable, with learning at every level.
fn pigeonhole(n: i32) -> Cnf {
    let var = |p: i32, h: i32| p * n + h + 1;
    let mut clauses: Vec<Vec<i32>> = (0..=n)
        .map(|p| (0..n).map(|h| var(p, h)).collect())
        .collect();
    for h in 0..n {
        for p in 0..=n {
            for q in p + 1..=n {
                clauses.push(vec![-var(p, h), -var(q, h)]);
            }
        }
    }
    Cnf {
        vars: ((n + 1) * n) as u32,
        clauses,
    }
}

#[test]
fn pigeonhole_proofs_replay_and_phase_transition_formulas_are_decided() {
    for n in 2..=7 {
        assert!(!solved_and_checked(&pigeonhole(n)));
    }
    let mut rng = StdRng::seed_from_u64(22);
    let (mut sat, mut unsat) = (0, 0);
    for _ in 0..40 {
        let cnf = random_3sat(&mut rng, 100, 426);
        if solved_and_checked(&cnf) {
            sat += 1
        } else {
            unsat += 1
        }
    }
    assert!(sat > 5 && unsat > 5, "{sat} satisfiable, {unsat} not");
}

#[test]
fn units_empty_clauses_and_tautologies() {
    let cases: &[(&[&[i32]], bool)] = &[
        (&[], true),
        (&[&[]], false),
        (&[&[1], &[-1]], false),
        (&[&[1, -1]], true),
        (&[&[1, 1], &[-1, -1]], false),
        (&[&[1], &[-1, 2], &[-2, 3], &[-3, -1]], false),
        (&[&[1, 2], &[-1, 2], &[1, -2], &[-1, -2]], false),
        (&[&[1, 2, 3]], true),
    ];
    for (clauses, want) in cases {
        let cnf = Cnf {
            vars: 3,
            clauses: clauses.iter().map(|c| c.to_vec()).collect(),
        };
        assert_eq!(solved_and_checked(&cnf), *want, "{clauses:?}");
    }
}

#[test]
fn the_checker_rejects_altered_proofs() {
    let cnf = pigeonhole(4);
    let budget = Budget::unlimited();
    let Ok(Outcome::Unsat(proof)) = solve(&cnf, &LIMITS, &budget).0 else {
        panic!("pigeonhole 5 → 4 is unsatisfiable");
    };
    let adds: Vec<usize> = (0..proof.len())
        .filter(|&k| matches!(&proof[k], Step::Add { hints, .. } if hints.len() > 1))
        .collect();
    let mut rejected = 0;
    for &k in &adds {
        // Dropping a hint, or a literal of a learnt clause, must break it
        // (or the step was provable another way; count those that break).
        let mut altered = proof.clone();
        if let Step::Add { hints, .. } = &mut altered[k] {
            hints.remove(hints.len() / 2);
        }
        if lrat::check(&cnf, &altered, &budget).unwrap().is_err() {
            rejected += 1;
        }
    }
    assert!(
        rejected * 2 > adds.len(),
        "{rejected} of {} altered proofs rejected",
        adds.len()
    );
    // The empty clause alone, with no hints, proves nothing.
    let bare = vec![Step::Add {
        id: cnf.clauses.len() as u64 + 1,
        lits: vec![],
        hints: vec![],
    }];
    assert!(lrat::check(&cnf, &bare, &budget).unwrap().is_err());
    assert!(lrat::check(&cnf, &[], &budget).unwrap().is_err());
}

#[test]
fn dimacs_text_parses_and_errors_name_the_line() {
    let cnf = dimacs::parse("c a comment\np cnf 3 2\n1 -2 0\n2 3\n0\n%\n0\n", 10, 100).unwrap();
    assert_eq!(cnf.vars, 3);
    assert_eq!(cnf.clauses, vec![vec![1, -2], vec![2, 3]]);
    for (text, line) in [
        ("1 2 0\n", 1),
        ("p cnf 2 1\n1 3 0\n", 2),
        ("p cnf 2 2\n1 2 0\n", 2),
        ("p cnf 2 1\n1 x 0\n", 2),
        ("p cnf 2 1\n1 2\n", 2),
        ("p dnf 2 1\n", 1),
    ] {
        let e = dimacs::parse(text, 10, 100).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e:?}");
    }
    assert!(dimacs::parse("p cnf 11 0\n", 10, 100).is_err());
}

/// Whether `cnf` with `units` added has a model (solved and checked).
fn satisfiable_with(cnf: &Cnf, units: &[i32]) -> bool {
    let mut cnf = cnf.clone();
    cnf.clauses.extend(units.iter().map(|&u| vec![u]));
    solved_and_checked(&cnf)
}

#[test]
fn counters_hold_exactly_the_assignments_within_their_bound() {
    use super::counter::Counter;
    let mut rng = StdRng::seed_from_u64(5);
    let budget = Budget::unlimited();
    for round in 0..120 {
        let n = rng.gen_range(1..=6usize);
        let terms: Vec<(u64, i32)> = (1..=n as i32)
            .map(|v| (rng.gen_range(1..=4), if rng.gen_bool(0.5) { v } else { -v }))
            .collect();
        let bound = rng.gen_range(0..=terms.iter().map(|t| t.0).sum::<u64>() + 1);
        let counter = Counter::new(&terms, bound, n as u32 + 1);
        counter.complete(&budget).expect("complete");
        counter.sound(&budget).expect("sound");
        let cnf = Cnf {
            vars: n as u32 + counter.auxiliary(),
            clauses: counter.clauses(),
        };
        for bits in 0u32..1 << n {
            let units: Vec<i32> = (1..=n as i32)
                .map(|v| if bits >> (v - 1) & 1 == 1 { v } else { -v })
                .collect();
            let weight: u64 = terms
                .iter()
                .filter(|&&(_, l)| units.contains(&l))
                .map(|t| t.0)
                .sum();
            assert_eq!(
                satisfiable_with(&cnf, &units),
                weight <= bound,
                "round {round}: {terms:?} <= {bound}, assignment {units:?}"
            );
        }
    }
}
