//! One line that tells near-duplicate search matches apart, so an agent
//! picks between `polynomial.derivative.compute` and
//! `expression.derivative.compute`, or exact and numeric eigenvalues,
//! without inspecting both.
//!
//! Two ids are near-duplicates when they are in different families and
//! their subjects (the words between family and verb, with the family
//! itself) share a word, or when they are the same operation with
//! different verbs. The line is built from what each family takes
//! and what each verb answers, so a new operation needs no entry here.

/// What a family's operations take, in a few words.
const FAMILIES: &[(&str, &str)] = &[
    (
        "algebraic_number",
        "takes algebraic numbers (a minimal polynomial and which root)",
    ),
    ("combinatorics", "takes counting parameters (n, k, …)"),
    (
        "equation",
        "takes equations or systems as text and solves for the unknowns",
    ),
    (
        "expression",
        "takes any expression in a variable (sin, exp, log, sqrt, …)",
    ),
    (
        "finite_field",
        "works modulo a prime p or in GF(p^k), given as `field`",
    ),
    ("game", "takes combinatorial games (heaps, moves)"),
    ("graph", "takes a graph (vertices and edges)"),
    ("integer", "takes integers of any size"),
    (
        "logic",
        "takes propositional formulas, clauses or finite-domain constraints",
    ),
    ("matrix", "takes matrices of exact rationals"),
    (
        "optimization",
        "takes an objective and constraints and proves the optimum",
    ),
    (
        "polynomial",
        "takes polynomials with rational coefficients (no sin, exp, …)",
    ),
    (
        "probability",
        "takes random experiments (dice, trials, draws) and answers in exact fractions",
    ),
    ("rational", "takes exact fractions"),
    ("sequence", "takes the terms of a sequence"),
    (
        "statistics",
        "takes data (lists of exact numbers) and answers exactly",
    ),
];

/// What an operation with this verb answers.
const VERBS: &[(&str, &str)] = &[
    ("compute", "answers exactly"),
    (
        "numeric",
        "answers in floating point with a stated error bound",
    ),
    ("evaluate", "answers a certified decimal value"),
    ("decide", "answers yes or no with a certificate"),
    ("check", "checks an answer you already have"),
    ("find", "finds one witness or says none exists"),
    ("enumerate", "lists every solution"),
    ("count", "counts the solutions without listing them"),
    ("solve", "solves and returns the solution"),
    ("construct", "builds the object"),
    ("encode", "writes an encoding"),
    (
        "isolate",
        "isolates each root in an interval with rational ends",
    ),
];

fn lookup(table: &[(&str, &'static str)], key: &str) -> Option<&'static str> {
    table.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
}

/// Whether the line knows what a family takes (a test holds it for every
/// family of the catalog).
pub fn knows_family(family: &str) -> bool {
    lookup(FAMILIES, family).is_some()
}

/// (family, subject words, verb) of an id.
fn parts(id: &str) -> Option<(&str, Vec<&str>, &str)> {
    let all: Vec<&str> = id.split('.').collect();
    let (family, rest) = all.split_first()?;
    let (verb, subject) = rest.split_last()?;
    // `….numeric` and `….numeric_solve` are the float twins.
    let verb = if verb.starts_with("numeric") {
        "numeric"
    } else {
        verb
    };
    Some((family, subject.to_vec(), verb))
}

/// How `a` and `b` differ, when they are near-duplicates.
fn pair<'a>(a: &'a str, b: &'a str) -> Option<String> {
    let (fa, sa, va) = parts(a)?;
    let (fb, sb, vb) = parts(b)?;
    let words = |s: &[&'a str]| -> Vec<&'a str> {
        s.iter()
            .flat_map(|w| w.split('_'))
            .filter(|w| w.len() > 2)
            .collect()
    };
    // `equation.polynomial.solve` and `polynomial.…`: a family named in
    // the other's subject counts as a shared word.
    let (wa, wb) = (
        [words(&sa), vec![fa]].concat(),
        [words(&sb), vec![fb]].concat(),
    );
    let shared = wa.iter().any(|w| wb.contains(w));
    let (ha, hb) = if fa != fb && shared {
        (lookup(FAMILIES, fa)?, lookup(FAMILIES, fb)?)
    } else if fa == fb && sa == sb && va != vb {
        (lookup(VERBS, va)?, lookup(VERBS, vb)?)
    } else {
        return None;
    };
    Some(format!("`{a}` {ha}; `{b}` {hb}"))
}

/// The line for the first near-duplicate pair among the top three matches.
pub fn tell_apart(ids: &[&str]) -> Option<String> {
    let top = &ids[..ids.len().min(3)];
    top.iter()
        .enumerate()
        .find_map(|(i, a)| top[i + 1..].iter().find_map(|b| pair(a, b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_subject_in_two_families_or_with_two_verbs() {
        assert_eq!(
            tell_apart(&[
                "polynomial.derivative.compute",
                "expression.derivative.compute"
            ])
            .as_deref(),
            Some(
                "`polynomial.derivative.compute` takes polynomials with rational coefficients (no sin, exp, …); `expression.derivative.compute` takes any expression in a variable (sin, exp, log, sqrt, …)"
            )
        );
        let line = tell_apart(&[
            "matrix.rank.compute",
            "matrix.eigenvalues.numeric",
            "matrix.eigenvalues.compute",
        ])
        .unwrap();
        assert!(
            line.starts_with("`matrix.eigenvalues.numeric` answers in floating point"),
            "{line}"
        );
        assert_eq!(
            tell_apart(&["integer.gcd.compute", "matrix.rank.compute"]),
            None
        );
        assert_eq!(tell_apart(&["integer.gcd.compute"]), None);
    }

    #[test]
    fn every_family_and_verb_of_the_catalog_has_a_line() {
        for verb in crate::catalog::VERBS {
            assert!(lookup(VERBS, verb).is_some(), "verb {verb} has no line");
        }
    }
}
