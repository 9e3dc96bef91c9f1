use super::formula::{Formula, parse, tseitin};
use super::minimize::{Term, minimum_cover, primes};
use crate::Budget;
use crate::sat::falsified;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn rows_of(f: &Formula, n: usize) -> Vec<u32> {
    (0u32..1 << n)
        .filter(|&r| {
            let v: Vec<bool> = (0..n).map(|i| r >> i & 1 == 1).collect();
            f.eval(&v)
        })
        .collect()
}

fn random_formula(rng: &mut StdRng, n: usize, depth: u32) -> Formula {
    if depth == 0 || rng.gen_bool(0.25) {
        return if rng.gen_bool(0.05) {
            Formula::Const(rng.gen_bool(0.5))
        } else {
            Formula::Var(rng.gen_range(0..n))
        };
    }
    let op = rng.gen_range(0..6);
    let mut sub = || Box::new(random_formula(rng, n, depth - 1));
    match op {
        0 => Formula::Not(sub()),
        1 => Formula::And(vec![*sub(), *sub(), *sub()]),
        2 => Formula::Or(vec![*sub(), *sub()]),
        3 => Formula::Xor(sub(), sub()),
        4 => Formula::Implies(sub(), sub()),
        _ => Formula::Iff(sub(), sub()),
    }
}

#[test]
fn precedence_follows_python_and_printing_parses_back() {
    let names: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
    let same = |x: &str, y: &str| {
        let (f, _) = parse(x, &names).unwrap();
        let (g, _) = parse(y, &names).unwrap();
        assert_eq!(rows_of(&f, 3), rows_of(&g, 3), "{x} vs {y}");
    };
    same("a | b & c", "a | (b & c)");
    same("a ^ b | c", "(a xor b) | c");
    same("a & b ^ c", "(a and b) xor c");
    same("a -> b -> c", "a -> (b -> c)");
    same("!a & b", "(~a) ∧ b");
    same("a <-> b -> c", "a <=> (b => c)");
    same("a -> b | c", "a -> (b || c)");
    for (text, at) in [
        ("a &", 3),
        ("a b", 2),
        ("(a | b", 6),
        ("a $ b", 2),
        (")", 0),
    ] {
        assert_eq!(parse(text, &[]).unwrap_err().at, at, "{text}");
    }
    let deep = "!".repeat(10_000) + "a";
    assert!(parse(&deep, &[]).is_err());
    let mut rng = StdRng::seed_from_u64(31);
    for _ in 0..300 {
        let f = random_formula(&mut rng, 3, 4);
        let text = f.text(&names);
        let (g, _) = parse(&text, &names).unwrap();
        assert_eq!(rows_of(&f, 3), rows_of(&g, 3), "{text}");
    }
}

#[test]
fn tseitin_models_restrict_one_to_one_onto_the_formulas() {
    let mut rng = StdRng::seed_from_u64(32);
    let mut tried = 0;
    for _ in 0..200 {
        let n = rng.gen_range(1..=4);
        let f = random_formula(&mut rng, n, 3);
        let cnf = tseitin(&f, n);
        if cnf.vars > 18 {
            continue;
        }
        let mut restricted = Vec::new();
        for r in 0u32..1 << cnf.vars {
            let v: Vec<bool> = (0..cnf.vars).map(|i| r >> i & 1 == 1).collect();
            if falsified(&cnf, &v).is_none() {
                restricted.push(r & ((1 << n) - 1));
            }
        }
        let count = restricted.len();
        restricted.sort_unstable();
        restricted.dedup();
        assert_eq!(
            restricted.len(),
            count,
            "two CNF models over one model of F"
        );
        assert_eq!(restricted, rows_of(&f, n));
        tried += 1;
    }
    assert!(tried > 100, "{tried}");
}

/// Every cover with fewer terms, tried exhaustively, fails: the cover is
/// minimum. Functions of 4 variables, random.
#[test]
fn covers_are_minimum_and_agree_with_the_function() {
    let mut rng = StdRng::seed_from_u64(33);
    let budget = Budget::unlimited();
    for _ in 0..150 {
        let n = rng.gen_range(1..=4);
        let rows: Vec<u32> = (0u32..1 << n).filter(|_| rng.gen_bool(0.5)).collect();
        let p = primes(&rows, &budget).unwrap();
        let cover = minimum_cover(&rows, &p, n, &budget).unwrap();
        assert!(cover.exact);
        let covered: Vec<u32> = (0u32..1 << n)
            .filter(|&r| cover.terms.iter().any(|t| t.covers(r)))
            .collect();
        assert_eq!(covered, rows);
        // All implicants (not only primes): no smaller cover exists.
        let implicants: Vec<Term> = (0u32..1 << n)
            .flat_map(|mask| (0u32..1 << n).map(move |bits| Term { bits, mask }))
            .filter(|t| t.bits & t.mask == 0)
            .filter(|t| {
                (0u32..1 << n)
                    .filter(|&r| t.covers(r))
                    .all(|r| rows.contains(&r))
            })
            .collect();
        let k = cover.terms.len();
        if (1..=3).contains(&k) {
            let smaller = subsets(&implicants, k - 1)
                .any(|s| rows.iter().all(|&r| s.iter().any(|t| t.covers(r))));
            assert!(!smaller, "{rows:?}: {k} terms but {} suffice", k - 1);
        }
    }
}

/// Every k-element subset (k ≤ 2 here).
fn subsets(items: &[Term], k: usize) -> impl Iterator<Item = Vec<Term>> + '_ {
    let n = items.len();
    let pairs: Vec<Vec<Term>> = match k {
        0 => vec![vec![]],
        1 => items.iter().map(|&t| vec![t]).collect(),
        _ => (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| vec![items[i], items[j]]))
            .collect(),
    };
    pairs.into_iter()
}
