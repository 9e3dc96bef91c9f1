//! Deterministic weighted lexical search over id, title, keywords and
//! summary, with the abbreviations mathematicians and agents actually type.

use crate::operation::DynOperation;
use std::collections::{HashMap, HashSet};

/// Field weights: a word in the id or title says more than one in the summary.
const W_ID: f64 = 3.0;
const W_TITLE: f64 = 3.0;
const W_KEYWORD: f64 = 2.5;
const W_SUMMARY: f64 = 1.0;

/// Words that carry no meaning in a query.
const STOP: &[&str] = &[
    "a",
    "an",
    "the",
    "of",
    "for",
    "to",
    "in",
    "on",
    "with",
    "and",
    "or",
    "by",
    "is",
    "are",
    "what",
    "how",
    "find",
    "compute",
    "calculate",
    "get",
    "me",
    "my",
    "please",
    "i",
    "want",
    "need",
    "from",
    "its",
    "it",
    "this",
    "that",
    "do",
    "does",
    "give",
    "using",
    "use",
    "some",
    "two",
    "numbers",
    "value",
];

/// Abbreviations and synonyms, expanded to the words the catalog uses.
const EXPAND: &[(&str, &str)] = &[
    ("det", "determinant"),
    ("gcd", "greatest common divisor gcd"),
    ("hcf", "greatest common divisor gcd"),
    ("gcf", "greatest common divisor gcd"),
    ("lcm", "least common multiple lcm"),
    ("egcd", "extended gcd bezout"),
    ("xgcd", "extended gcd bezout"),
    ("rref", "reduced row echelon form rref"),
    ("echelon", "echelon rref"),
    ("nullspace", "nullspace null space kernel"),
    ("kernel", "nullspace null space kernel"),
    ("totient", "euler totient phi"),
    ("phi", "euler totient phi"),
    ("inv", "inverse"),
    ("invert", "inverse"),
    ("charpoly", "characteristic polynomial"),
    ("eig", "eigenvalue"),
    ("matmul", "multiply product matrix"),
    ("mul", "multiply product"),
    ("product", "multiply product"),
    ("times", "multiply product"),
    ("tr", "trace"),
    ("factorise", "factorization factor"),
    ("factorize", "factorization factor"),
    ("factor", "factorization factor"),
    ("factors", "factorization factor"),
    ("factorisation", "factorization factor"),
    ("isprime", "prime primality test"),
    ("primality", "prime primality test"),
    ("linsolve", "linear system solve"),
    ("equations", "linear system solve"),
    ("equation", "linear system solve"),
    ("transposed", "transpose"),
    ("dimension", "rank"),
];

/// Interchangeable words: a query word matches through its best alternative
/// and counts once, however many alternatives a document holds.
const SYNONYMS: &[(&str, &str)] = &[
    ("mod", "mod modulo modular congruence"),
    ("modulo", "mod modulo modular congruence"),
    ("different", "distinct different"),
    ("minus", "subtract minus difference"),
    ("difference", "difference subtract"),
    ("millionth", "nth"),
    ("thousandth", "nth"),
    ("hundredth", "nth"),
];

/// Words implied by notation in the raw query ("2^100", "3/4", "n!").
fn notation_terms(query: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    let bytes = query.as_bytes();
    if query.contains('^') {
        out.push("power");
    }
    // "5^x = 8": the unknown is the exponent.
    if bytes
        .windows(3)
        .any(|w| w[0].is_ascii_alphanumeric() && w[1] == b'^' && w[2].is_ascii_alphabetic())
    {
        out.extend(["exponent", "logarithm"]);
    }
    // "6x^3 - 2x": a lone letter raised to a number is a polynomial's term.
    if bytes.windows(3).enumerate().any(|(i, w)| {
        w[0].is_ascii_alphabetic()
            && w[1] == b'^'
            && w[2].is_ascii_digit()
            && (i == 0 || !bytes[i - 1].is_ascii_alphabetic())
    }) {
        out.push("polynomial");
    }
    // "how many …", "the number of …": a count, not a listing. Not "the
    // chromatic number of …", where "number" names the invariant.
    let words: Vec<String> = query
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    let counting = words.windows(2).enumerate().any(|(i, w)| {
        (w[0] == "how" && w[1] == "many")
            || (w[0] == "number"
                && w[1] == "of"
                && (i == 0 || STOP.contains(&words[i - 1].as_str()) || words[i - 1] == "total"))
    });
    if counting {
        out.push("count");
    }
    if query.contains("!!") {
        out.extend(["double", "factorial"]);
    }
    // "x = 2 mod 3 and x = 3 mod 5": several congruences at once.
    if query.matches(" mod ").count() >= 2 {
        out.extend(["simultaneous", "system"]);
    }
    let digit_around = |i: usize| {
        i > 0
            && i + 1 < bytes.len()
            && bytes[i - 1].is_ascii_digit()
            && bytes[i + 1].is_ascii_digit()
    };
    if bytes
        .iter()
        .enumerate()
        .any(|(i, b)| *b == b'/' && digit_around(i))
    {
        out.push("fraction");
    }
    if bytes.iter().enumerate().any(|(i, b)| {
        *b == b'!'
            && i > 0
            && bytes[i - 1].is_ascii_alphanumeric()
            && bytes.get(i + 1) != Some(&b'!')
    }) {
        out.push("factorial");
    }
    out
}

/// Plurals that do not end in a plain `s`.
const IRREGULAR: &[(&str, &str)] = &[
    ("matrices", "matrix"),
    ("vertices", "vertex"),
    ("indices", "index"),
];

/// Singular form: irregular plurals, `-ies` → `-y`, then a trailing `s`.
fn stem(w: &str) -> String {
    let w = w.to_ascii_lowercase();
    if let Some((_, s)) = IRREGULAR.iter().find(|(p, _)| *p == w) {
        return s.to_string();
    }
    if w.len() > 4 && w.ends_with("ies") {
        return format!("{}y", &w[..w.len() - 3]);
    }
    if w.len() > 3
        && w.ends_with('s')
        && !w.ends_with("ss")
        && !w.ends_with("us")
        && !w.ends_with("is")
    {
        return w[..w.len() - 1].to_string();
    }
    w
}

fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(stem)
}

/// Query terms after stop-word removal and expansion: each group is one
/// term, matched through its best alternative (abbreviations expand to
/// several groups, synonyms to one group of alternatives).
fn query_groups(query: &str) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    for w in words(query).chain(notation_terms(query).into_iter().map(String::from)) {
        if STOP.contains(&w.as_str()) {
            continue;
        }
        if let Some((_, expansion)) = EXPAND.iter().find(|(k, _)| *k == w) {
            out.extend(words(expansion).map(|t| vec![t]));
        } else if let Some((_, alternatives)) = SYNONYMS.iter().find(|(k, _)| *k == w) {
            out.push(words(alternatives).collect());
        } else {
            out.push(vec![w]);
        }
    }
    let mut seen = HashSet::new();
    out.retain(|g| seen.insert(g.clone()));
    out
}

#[cfg(test)]
fn query_terms(query: &str) -> Vec<String> {
    query_groups(query).into_iter().flatten().collect()
}

struct Doc {
    /// Best field weight of each word in this operation's text.
    weights: HashMap<String, f64>,
    /// A floating-point (`….numeric`) operation.
    numeric: bool,
    /// A yes/no (`….decide`) operation.
    decides: bool,
    /// Content words in the title: of two equal matches, the operation
    /// whose title says less besides is the more likely one.
    title_words: usize,
}

/// Query words that ask for floating point; without one, exact operations
/// rank above their `….numeric` twins.
const WANTS_FLOAT: &[&str] = &[
    "numeric",
    "numerical",
    "numerically",
    "float",
    "floating",
    "approximate",
    "double",
    "decimal",
];
/// Score factor of a numeric operation when the query did not ask for one.
const NUMERIC_PENALTY: f64 = 0.6;
/// Per content word of the title (see `Doc::title_words`).
const TITLE_LENGTH_PENALTY: f64 = 0.03;
/// Query words that ask a yes/no question ("is 97 prime", "whether …").
const ASKS_DECISION: &[&str] = &[
    "is", "are", "does", "do", "whether", "test", "check", "decide", "can",
];
/// Score factor of a `….decide` operation when the query asks a yes/no question.
const DECISION_BOOST: f64 = 1.3;

pub struct SearchIndex {
    docs: Vec<Doc>,
    /// How many operations mention each word (for inverse document frequency).
    df: HashMap<String, usize>,
}

impl SearchIndex {
    pub fn build(ops: &[&'static dyn DynOperation]) -> Self {
        let mut docs = Vec::with_capacity(ops.len());
        let mut df: HashMap<String, usize> = HashMap::new();
        for op in ops {
            let mut weights: HashMap<String, f64> = HashMap::new();
            let mut add = |text: &str, w: f64| {
                for word in words(text) {
                    let e = weights.entry(word).or_insert(0.0);
                    *e = e.max(w);
                }
            };
            add(op.id(), W_ID);
            add(op.title(), W_TITLE);
            for k in op.keywords() {
                add(k, W_KEYWORD);
            }
            add(op.summary(), W_SUMMARY);
            for word in weights.keys() {
                *df.entry(word.clone()).or_insert(0) += 1;
            }
            let title_words = words(op.title())
                .filter(|w| !STOP.contains(&w.as_str()))
                .collect::<HashSet<_>>()
                .len();
            docs.push(Doc {
                weights,
                numeric: op.id().contains("numeric"),
                decides: op.id().ends_with(".decide"),
                title_words,
            });
        }
        Self { docs, df }
    }

    /// One query term's contribution to a document: field weight × idf, half
    /// for a prefix match ("factori" of "factorization"), 0 when absent.
    fn term_score(&self, doc: &Doc, t: &str, n: f64) -> f64 {
        let idf = (1.0 + n / (1.0 + *self.df.get(t).unwrap_or(&0) as f64)).ln();
        if let Some(w) = doc.weights.get(t) {
            return w * idf;
        }
        if t.len() < 4 {
            return 0.0;
        }
        doc.weights
            .iter()
            .filter(|(k, _)| k.starts_with(t))
            .map(|(_, w)| 0.5 * w * idf)
            .fold(0.0, f64::max)
    }

    /// Positions of matching operations, best first; ties by position (id order).
    pub fn search(&self, query: &str) -> Vec<usize> {
        let groups = query_groups(query);
        let wants_float = groups
            .iter()
            .flatten()
            .any(|t| WANTS_FLOAT.contains(&t.as_str()));
        let asks_decision = words(query).any(|w| ASKS_DECISION.contains(&w.as_str()));
        let n = self.docs.len() as f64;
        let mut scored: Vec<(f64, usize)> = Vec::new();
        for (i, doc) in self.docs.iter().enumerate() {
            let mut score = 0.0;
            let mut matched = 0;
            for group in &groups {
                let best = group
                    .iter()
                    .map(|t| self.term_score(doc, t, n))
                    .fold(0.0, f64::max);
                if best > 0.0 {
                    score += best;
                    matched += 1;
                }
            }
            if matched > 0 {
                // Covering more of the query beats repeating one strong word.
                score *= 1.0 + matched as f64 / groups.len() as f64;
                if doc.numeric && !wants_float {
                    score *= NUMERIC_PENALTY;
                }
                if doc.decides && asks_decision {
                    score *= DECISION_BOOST;
                }
                score /= 1.0 + TITLE_LENGTH_PENALTY * doc.title_words as f64;
                scored.push((score, i));
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.into_iter().map(|(_, i)| i).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_expand_abbreviations_and_drop_filler() {
        assert_eq!(query_terms("det of a matrix"), ["determinant", "matrix"]);
        assert_eq!(
            query_terms("Compute the GCD"),
            ["greatest", "common", "divisor", "gcd"]
        );
        assert_eq!(query_terms("inverse of matrices"), ["inverse", "matrix"]);
        assert_eq!(stem("basis"), "basis");
        assert_eq!(stem("polynomials"), "polynomial");
        assert_eq!(stem("properties"), "property");
    }
}
