//! Deterministic lexical search: BM25F over each operation's id, title,
//! keywords and aliases, phrasings and summary, with the abbreviations
//! and notation mathematicians and agents actually type, tolerance for
//! misspelt words, and the share of the query the best match covers, so
//! that a query the catalog cannot answer is told so. The lexical top
//! candidates, with the closest by meaning, are then reordered by a blend
//! of both (`crate::semantic`): "pair up dancers" shares no word with
//! "maximum matching".

use crate::operation::DynOperation;
use crate::semantic::{Embedder, cosine};
use std::collections::{HashMap, HashSet};

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
    "was",
    "were",
    "be",
    "been",
    "being",
    "am",
    "what",
    "how",
    "which",
    "who",
    "whom",
    "whose",
    "why",
    "when",
    "where",
    "find",
    "compute",
    "calculate",
    "work",
    "out",
    "get",
    "got",
    "me",
    "my",
    "mine",
    "please",
    "i",
    "we",
    "us",
    "our",
    "you",
    "your",
    "he",
    "she",
    "his",
    "her",
    "they",
    "them",
    "their",
    "want",
    "need",
    "from",
    "its",
    "it",
    "this",
    "that",
    "these",
    "those",
    "there",
    "here",
    "do",
    "does",
    "did",
    "done",
    "have",
    "has",
    "had",
    "having",
    "will",
    "would",
    "should",
    "could",
    "shall",
    "might",
    "must",
    "may",
    "give",
    "gives",
    "show",
    "tell",
    "using",
    "use",
    "some",
    "any",
    "two",
    "numbers",
    "value",
    "if",
    "so",
    "as",
    "at",
    "than",
    "then",
    "too",
    "very",
    "just",
    "also",
    "into",
    "onto",
    "about",
    "again",
    "way",
    "thing",
    "things",
    "really",
    "actually",
    "like",
    "let",
    "say",
    "make",
    "makes",
    "made",
    "know",
    "see",
    "go",
    "goes",
    "going",
    "put",
    "take",
    "takes",
    "come",
    "comes",
    "question",
    "answer",
    "problem",
    "help",
    "exactly",
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
    ("undo", "undo inverse"),
    ("reverse", "reverse inverse"),
    ("evenly", "evenly divide divisor"),
    ("loop", "loop cycle"),
    ("circuit", "circuit cycle"),
    ("friend", "friend adjacent edge"),
    ("people", "people vertex"),
    ("person", "person vertex"),
    ("town", "town vertex city"),
    ("city", "city vertex town"),
    ("road", "road edge"),
    ("leftover", "leftover remainder"),
    ("left", "left remainder"),
    ("plug", "plug evaluate substitute"),
    ("biggest", "biggest largest greatest maximum"),
    ("largest", "largest greatest biggest maximum"),
    ("smallest", "smallest least minimum"),
    ("cheapest", "cheapest minimum least"),
    ("fewest", "fewest minimum least"),
    ("pick", "pick choose"),
    ("choose", "choose pick"),
    ("split", "split partition divide"),
    ("team", "team group block"),
    ("pair", "pair match matching"),
    ("order", "order ordering arrangement"),
    ("arrangement", "arrangement permutation ordering"),
    ("arrange", "arrange permutation arrangement"),
    ("reordering", "reordering permutation"),
    ("shuffle", "shuffle permutation"),
    ("formula", "formula closed form"),
    ("rule", "rule recurrence formula"),
    ("millionth", "nth"),
    ("thousandth", "nth"),
    ("hundredth", "nth"),
];

/// Names of elementary functions and constants: a query that writes one
/// ("sin(x) cos(x)", "e^pi") is about an expression, not a polynomial.
const ELEMENTARY: &[&str] = &[
    "sin",
    "cos",
    "tan",
    "cot",
    "sec",
    "csc",
    "sinh",
    "cosh",
    "tanh",
    "asin",
    "acos",
    "atan",
    "arcsin",
    "arccos",
    "arctan",
    "exp",
    "ln",
    "log",
    "sqrt",
    "sine",
    "cosine",
    "trig",
    "trigonometric",
    "pi",
];

/// Whether the query writes an elementary function or the constant e
/// raised to a power (`e^x`).
fn writes_elementary(query: &str) -> bool {
    let lower = query.to_ascii_lowercase();
    let tokens: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '^')
        .collect();
    tokens
        .iter()
        .any(|t| ELEMENTARY.contains(&t.split('^').next().unwrap_or(t)))
        || writes_exponential(&lower)
}

/// `e^x`, `e^(2x)`: the constant e raised to a power.
fn writes_exponential(lower: &str) -> bool {
    let bytes = lower.as_bytes();
    bytes
        .windows(2)
        .enumerate()
        .any(|(i, w)| w == b"e^" && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric()))
}

/// "dy/dx = x*y", "x*dy/dx + y = 0": dy/dx inside an equation (not
/// "find dy/dx if x^2 + y^2 = 25", which asks for a derivative).
fn writes_dy_dx_in_equation(query: &str) -> bool {
    let lower = query.to_ascii_lowercase();
    lower.match_indices("dy/d").any(|(i, _)| {
        let rest = lower[i + 4..].trim_start_matches(|c: char| c.is_ascii_alphanumeric());
        rest.trim_start().starts_with(['=', '+', '-', '*', ')'])
    })
}

/// Words implied by notation in the raw query ("2^100", "3/4", "n!").
fn notation_terms(query: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    let bytes = query.as_bytes();
    let words: Vec<String> = query
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    let elementary = writes_elementary(query);
    if writes_exponential(&query.to_ascii_lowercase()) {
        out.push("expression");
    }
    // "5^x = 8": the unknown is the exponent (not in "e^x", the exponential).
    let unknown_exponent = bytes.windows(3).enumerate().any(|(i, w)| {
        w[0].is_ascii_alphanumeric()
            && w[1] == b'^'
            && w[2].is_ascii_alphabetic()
            && !(w[0] == b'e' && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric()))
    });
    // "x^2 - 2 = 0" is a polynomial equation to solve: its roots are asked
    // for, not a power ("A x = b" stays a linear system). Not a congruence
    // ("x^2 = 2 mod 7"), a system, or "5^x = 8".
    // "k = 1..n", "from k = 0 to n": an index running over a range, not
    // an equation (and k in 2^k is that index, not an unknown exponent).
    let from_to = words
        .iter()
        .position(|w| w == "from")
        .is_some_and(|i| words[i..].iter().any(|w| w == "to"));
    let range = from_to || query.contains("..");
    // "y'' + y = sin x", "dy/dx = x*y": a lone letter with derivative
    // marks (not "Euler's") makes a differential equation, not roots.
    let differential = bytes.windows(2).enumerate().any(|(i, w)| {
        w[0].is_ascii_alphabetic()
            && w[1] == b'\''
            && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
            && !bytes.get(i + 2).is_some_and(u8::is_ascii_alphabetic)
    }) || writes_dy_dx_in_equation(query);
    if differential {
        out.extend(["differential", "ode"]);
    }
    let unknown_exponent = unknown_exponent && !range;
    // "f(x) = x^4 - 4x^3" defines a function; it is not an equation.
    let defines = bytes.windows(5).any(|w| {
        w[0].is_ascii_alphabetic()
            && w[1] == b'('
            && w[2].is_ascii_alphabetic()
            && w[3] == b')'
            && (w[4] == b'=' || w[4] == b' ')
    }) && (query.contains(") =") || query.contains(")="));
    let equation = query.matches('=').count() == 1
        && query.contains('^')
        && !range
        && !differential
        && !defines
        && !unknown_exponent
        && ![",", ";", " and ", "mod", "≡"]
            .iter()
            .any(|t| query.contains(t));
    // "is 2^61-1 prime" asks about a number written with a power.
    let numeric_powers = bytes.iter().enumerate().all(|(i, b)| {
        *b != b'^'
            || (i > 0
                && bytes[i - 1].is_ascii_digit()
                && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
    });
    let asks = words
        .first()
        .is_some_and(|w| ASKS_DECISION.contains(&w.as_str()));
    let number_asked_about = numeric_powers && asks;
    if query.contains('^') && !equation && !number_asked_about && !elementary && !range {
        out.push("power");
    }
    // "solve polynomial equation", "solve the quadratic": roots again.
    let names_polynomial = words.iter().any(|w| {
        ["poly", "quadratic", "cubic", "quartic", "quintic"]
            .iter()
            .any(|p| w.starts_with(p))
    });
    let solves = words
        .iter()
        .any(|w| w.starts_with("solv") || w.starts_with("equation"));
    if equation || (names_polynomial && solves) {
        out.push("root");
    }
    if unknown_exponent {
        out.extend(["exponent", "logarithm"]);
    }
    // "6x^3 - 2x": a lone letter raised to a number is a polynomial's term.
    if !elementary
        && !range
        && !differential
        && bytes.windows(3).enumerate().any(|(i, w)| {
            w[0].is_ascii_alphabetic()
                && w[1] == b'^'
                && w[2].is_ascii_digit()
                && (i == 0 || !bytes[i - 1].is_ascii_alphabetic())
        })
    {
        out.push("polynomial");
    }
    // "how many …", "the number of …": a count, not a listing. Not "the
    // chromatic number of …", where "number" names the invariant.
    let counting = words.windows(2).enumerate().any(|(i, w)| {
        (w[0] == "how" && w[1] == "many")
            || (w[0] == "number"
                && w[1] == "of"
                && (i == 0 || STOP.contains(&words[i - 1].as_str()) || words[i - 1] == "total"))
    });
    if counting {
        out.push("count");
    }
    // "… from 0 to pi": an integral (or sum) with bounds.
    if from_to {
        out.push("definite");
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

/// The searchable words of a text: stemmed, without numbers and single
/// letters (in "det of a 3x3" or "x^2 - 2" they name no operation).
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.len() > 1 && !w.bytes().all(|b| b.is_ascii_digit()))
        .map(stem)
}

/// Query terms after stop-word removal and expansion: each group is one
/// term, matched through its best alternative (abbreviations expand to
/// several groups, synonyms to one group of alternatives).
fn query_groups(query: &str) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    let notation = notation_terms(query);
    // A polynomial equation's roots are asked for: not a linear system
    // ("solve" stays: the equation family solves them).
    let roots = notation.contains(&"root");
    for w in words(query).chain(notation.into_iter().map(String::from)) {
        if STOP.contains(&w.as_str()) || (roots && w == "equation") {
            continue;
        }
        if let Some((_, expansion)) = EXPAND.iter().find(|(k, _)| *k == w) {
            out.extend(words(expansion).map(|t| vec![t]));
        } else if let Some((_, alternatives)) = SYNONYMS.iter().find(|(k, _)| *k == w) {
            out.push(words(alternatives).collect());
        } else if ELEMENTARY.contains(&w.as_str()) {
            // "sin" is answered by any operation on expressions.
            out.push(vec![w, "expression".to_string()]);
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

/// BM25F fields: (name, weight: how much a match there says, b: how much
/// a long field dilutes it). Keywords include the aliases.
const FIELDS: [(&str, f64, f64); 5] = [
    ("id", 3.0, 0.3),
    ("title", 3.0, 0.5),
    ("keywords", 2.0, 0.5),
    ("phrasings", 1.5, 0.75),
    ("summary", 1.0, 0.75),
];
/// BM25 saturation: the second occurrence of a word adds less than the first.
const K1: f64 = 1.2;
/// A query word that only begins a document word ("factori").
const PREFIX_FACTOR: f64 = 0.5;
/// A misspelt query word matched through a catalog word one or two edits away.
const SPELLING_FACTOR: f64 = 0.8;
/// The information of a word the catalog has never seen, as a share of
/// the idf such a word would have.
const UNKNOWN_WORD_INFO: f64 = 0.25;

struct Doc {
    /// Term frequencies per field, in FIELDS order.
    tf: [HashMap<String, f64>; 5],
    /// Field lengths in terms, in FIELDS order.
    len: [f64; 5],
    /// A floating-point (`….numeric`) operation.
    numeric: bool,
    /// A yes/no (`….decide`) operation.
    decides: bool,
    /// An operation on polynomials.
    polynomial: bool,
    /// An operation on symbolic expressions.
    expression: bool,
    /// The content words of the id: those a query leaves unmatched make
    /// the operation more specific than asked.
    id_words: Vec<String>,
    /// Its texts embedded (absent without the semantic table).
    meaning: Option<Meaning>,
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
    "approx",
    "double",
    "decimal",
    "decimals",
];
/// The verbs ending every id; they say nothing about the mathematics.
const VERBS: &[&str] = &[
    "compute",
    "decide",
    "find",
    "solve",
    "enumerate",
    "count",
    "construct",
    "evaluate",
    "numeric",
    "numeric_solve",
];
/// Score divisor per id word the query does not match: of two operations
/// matching alike, `matrix.determinant` before `finite_field.matrix.determinant`.
const SPECIFICITY_PENALTY: f64 = 0.05;
/// Score factor of a polynomial or expression operation for a query with
/// no variable, no word for a polynomial and no elementary function
/// ("factorize 360", "least common multiple", "is 13/17 bigger than
/// 19/25"): the integer or rational reading comes first.
const NO_VARIABLE_PENALTY: f64 = 0.8;
/// Words (prefixes) that name a polynomial without writing one.
const POLYNOMIAL_WORDS: &[&str] = &[
    "poly",
    "quadratic",
    "cubic",
    "quartic",
    "quintic",
    "monic",
    "monomial",
    "trinomial",
    "coefficient",
    "root",
    "zero",
    "irreducib",
    "cyclotomic",
    "resultant",
    "discriminant",
    "interpolat",
    "taylor",
    "antideriv",
    "derivative",
    "differentiat",
    "integral",
    "integrat",
];
/// Score factor of a numeric operation when the query did not ask for one.
const NUMERIC_PENALTY: f64 = 0.6;
/// Query words that ask a yes/no question ("is 97 prime", "whether …").
const ASKS_DECISION: &[&str] = &[
    "is", "are", "does", "do", "whether", "test", "check", "decide", "can",
];
/// Score factor of a `….decide` operation when the query asks a yes/no question.
const DECISION_BOOST: f64 = 1.3;
/// Below this share of the query's information (idf mass of its words)
/// matched by the best operation, nothing in the catalog fits. Calibrated
/// on the dev set and its negatives (tests/search_quality.rs).
pub const FIT_THRESHOLD: f64 = 0.15;
/// A best match this close in meaning fits however few words it shares
/// with the query (dev negatives stay below it).
pub const MEANING_FIT: f64 = 0.6;

/// Lexical candidates the semantic blend reorders.
const RERANK_LEXICAL: usize = 20;
/// The closest operations by meaning, added to them even when they share
/// no word with the query.
const RERANK_SEMANTIC: usize = 5;
/// Share of the lexical score in the blend; the rest is the semantic one.
const LEXICAL_WEIGHT: f64 = 0.6;
/// BM25F scores are unbounded: s / (s + LEXICAL_HALF) maps them below 1.
const LEXICAL_HALF: f64 = 10.0;
/// Blend, lexical and semantic weights chosen on the dev set
/// (evals/README.md, "Semantic rerank").
fn blend(lexical: f64, meaning: f64) -> f64 {
    LEXICAL_WEIGHT * lexical / (lexical + LEXICAL_HALF) + (1.0 - LEXICAL_WEIGHT) * meaning
}

/// An operation's texts as unit vectors, and their normalised mean.
struct Meaning {
    texts: Vec<Vec<f32>>,
    centroid: Vec<f32>,
}

impl Meaning {
    fn of(e: &Embedder, texts: &[&str]) -> Meaning {
        let texts: Vec<Vec<f32>> = texts.iter().map(|t| e.embed(t)).collect();
        let mut centroid = vec![0.0f32; texts.first().map_or(0, Vec::len)];
        for v in &texts {
            centroid.iter_mut().zip(v).for_each(|(c, x)| *c += x);
        }
        let norm = cosine(&centroid, &centroid).sqrt();
        if norm > 0.0 {
            centroid.iter_mut().for_each(|c| *c /= norm);
        }
        Meaning { texts, centroid }
    }

    /// Half the closest text (a phrasing the query paraphrases), half the
    /// centroid (what the operation is about as a whole).
    fn similarity(&self, q: &[f32]) -> f64 {
        let closest = self
            .texts
            .iter()
            .map(|t| cosine(t, q))
            .fold(f32::MIN, f32::max);
        f64::from(0.5 * closest + 0.5 * cosine(&self.centroid, q))
    }
}

/// One operation's standing for a query.
struct Scored {
    score: f64,
    /// The query's idf mass the operation matches.
    covered: f64,
    doc: usize,
    /// A group of an out-of-scope word the operation does not match.
    missing_foreign: Option<usize>,
    meaning: f64,
}

/// Words of mathematics the catalog does not cover (calculus, analysis,
/// trigonometry, geometry, statistics, probability, optimisation, logic,
/// transforms, special functions). A query that uses one the best match
/// does not mention asks for something else: nothing fits, however well
/// its other words match. Remove a word when a family that answers it lands.
const OUT_OF_SCOPE: &[&str] = &[
    // calculus and analysis
    "limit",
    "integrate",
    "antiderivative",
    "dx",
    "dt",
    "differential",
    "ode",
    "pde",
    "laplace",
    "fourier",
    "series",
    "taylor",
    "maclaurin",
    "convergence",
    "converge",
    "gradient",
    "jacobian",
    "hessian",
    "curl",
    "divergence",
    "infinity",
    "asymptotic",
    "extremum",
    "optimization",
    // elementary functions and special functions
    "sin",
    "cos",
    "tan",
    "sine",
    "cosine",
    "tangent",
    "trig",
    "trigonometric",
    "arcsin",
    "arccos",
    "arctan",
    "sinh",
    "cosh",
    "tanh",
    "exp",
    "ln",
    "bessel",
    "gamma",
    "zeta",
    "erf",
    "airy",
    "radian",
    // geometry
    "area",
    "volume",
    "perimeter",
    "circumference",
    "circle",
    "sphere",
    "cone",
    "cylinder",
    "polygon",
    "hexagon",
    "angle",
    "hull",
    "convex",
    "rotate",
    "rotation",
    "coordinate",
    "vector_field",
    "cross",
    "dot",
    "quaternion",
    "curvature",
    "geodesic",
    // statistics and probability
    "covariance",
    "probability",
    "probabilities",
    "expected",
    "expectation",
    "distribution",
    "dice",
    "die",
    "poker",
    "lottery",
    "markov",
    "bayes",
    "hypothesis",
    "significance",
    "confidence",
    "histogram",
    "chi",
    "anova",
    "likelihood",
    "stochastic",
    // logic, optimisation, games
    "boolean",
    "satisfiable",
    "sat",
    "cnf",
    "tautology",
    "karnaugh",
    "linear_program",
    "simplex",
    "knapsack",
    "salesman",
    "tsp",
    "sudoku",
    "nash",
    "equilibrium",
    "game",
    "chess",
    // applied and other
    "interest",
    "loan",
    "celsius",
    "fahrenheit",
    "physics",
    "velocity",
    "neural",
    "clustering",
    "kmeans",
    "signal",
    "fft",
    "wavelet",
    "plot",
    "weather",
    "translate",
    "heat",
    "wave",
    "eigenvector",
    "newton",
    "program",
    "programming",
    "growth",
    "population",
];

/// Whether a (stemmed) query word is one of [`OUT_OF_SCOPE`].
fn out_of_scope(t: &str) -> bool {
    OUT_OF_SCOPE.iter().any(|w| stem(w) == t)
}

/// A ranking and whether its best match fits the query at all.
pub struct Ranking {
    /// Positions of matching operations, best first.
    pub ids: Vec<usize>,
    /// Share of the query's idf mass the best match covers (0 to 1).
    pub coverage: f64,
    /// Semantic similarity of the query to the best match (0 when the
    /// table is absent).
    pub meaning: f64,
    /// A word of [`OUT_OF_SCOPE`] that the best match does not mention.
    pub out_of_scope: Option<String>,
}

impl Ranking {
    pub fn fits(&self) -> bool {
        !self.ids.is_empty()
            && (self.coverage >= FIT_THRESHOLD || self.meaning >= MEANING_FIT)
            && self.out_of_scope.is_none()
    }
}

/// What search reads of an operation; keywords include its aliases.
pub struct Text<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub summary: &'a str,
    pub keywords: Vec<&'a str>,
    pub phrasings: Vec<&'a str>,
}

impl Text<'static> {
    pub fn of(op: &'static dyn DynOperation) -> Self {
        Text {
            id: op.id(),
            title: op.title(),
            summary: op.summary(),
            keywords: op.keywords().iter().chain(op.aliases()).copied().collect(),
            phrasings: op.phrasings().to_vec(),
        }
    }
}

pub struct SearchIndex {
    docs: Vec<Doc>,
    /// How many operations mention each word (for inverse document frequency).
    df: HashMap<String, usize>,
    avg_len: [f64; 5],
}

impl SearchIndex {
    pub fn build(ops: &[&'static dyn DynOperation]) -> Self {
        Self::of_texts(ops.iter().map(|op| Text::of(*op)))
    }

    /// The index of operations given by their texts (a test builds
    /// synthetic catalogs this way).
    pub fn of_texts<'a>(ops: impl IntoIterator<Item = Text<'a>>) -> Self {
        let mut docs = Vec::new();
        let mut df: HashMap<String, usize> = HashMap::new();
        for op in ops {
            let joined = op.keywords.join(", ");
            let meaning = Embedder::shipped().map(|e| {
                let mut texts = vec![op.title, op.summary, joined.as_str()];
                texts.extend(&op.phrasings);
                Meaning::of(e, &texts)
            });
            let texts: [Vec<&str>; 5] = [
                vec![op.id],
                vec![op.title],
                op.keywords,
                op.phrasings,
                vec![op.summary],
            ];
            let mut tf: [HashMap<String, f64>; 5] = Default::default();
            let mut len = [0.0; 5];
            for (f, parts) in texts.iter().enumerate() {
                for part in parts {
                    for word in words(part).filter(|w| !STOP.contains(&w.as_str())) {
                        *tf[f].entry(word).or_insert(0.0) += 1.0;
                        len[f] += 1.0;
                    }
                }
            }
            let mut seen: HashSet<&String> = HashSet::new();
            for field in &tf {
                seen.extend(field.keys());
            }
            for word in seen {
                *df.entry(word.clone()).or_insert(0) += 1;
            }
            docs.push(Doc {
                tf,
                len,
                numeric: op
                    .id
                    .rsplit('.')
                    .next()
                    .is_some_and(|verb| verb.starts_with("numeric")),
                decides: op.id.ends_with(".decide") || op.id.ends_with(".check"),
                polynomial: op.id.starts_with("polynomial."),
                expression: op.id.starts_with("expression."),
                id_words: words(op.id)
                    .filter(|w| !STOP.contains(&w.as_str()) && !VERBS.contains(&w.as_str()))
                    .collect(),
                meaning,
            });
        }
        let n = docs.len().max(1) as f64;
        let mut avg_len = [0.0; 5];
        for d in &docs {
            for f in 0..5 {
                avg_len[f] += d.len[f] / n;
            }
        }
        Self { docs, df, avg_len }
    }

    fn idf(&self, t: &str) -> f64 {
        let n = self.docs.len() as f64;
        let df = *self.df.get(t).unwrap_or(&0) as f64;
        (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
    }

    /// BM25F pseudo-frequency of `t` in `doc`: field-weighted, length-normalised.
    fn pseudo_tf(&self, doc: &Doc, t: &str) -> f64 {
        FIELDS
            .iter()
            .enumerate()
            .map(|(f, (_, w, b))| {
                let tf = doc.tf[f].get(t).copied().unwrap_or(0.0);
                if tf == 0.0 {
                    return 0.0;
                }
                let norm = 1.0 - b + b * doc.len[f] / self.avg_len[f].max(1.0);
                w * tf / norm
            })
            .sum()
    }

    /// One query term's contribution to a document: BM25F for the word
    /// itself, else the best document word it begins (at a discount).
    fn term_score(&self, doc: &Doc, t: &str) -> f64 {
        let bm25 = |tf: f64, idf: f64| idf * tf * (K1 + 1.0) / (K1 + tf);
        let tf = self.pseudo_tf(doc, t);
        if tf > 0.0 {
            return bm25(tf, self.idf(t));
        }
        if t.len() < 4 {
            return 0.0;
        }
        let mut best = 0.0f64;
        for field in &doc.tf {
            for k in field
                .keys()
                .filter(|k| k.len() > t.len() && k.starts_with(t))
            {
                best = best.max(PREFIX_FACTOR * bm25(self.pseudo_tf(doc, k), self.idf(k)));
            }
        }
        best
    }

    /// Catalog words one or two edits from a word the catalog does not
    /// know: `detrminant`, `matrx`, `fibonaci`. Short words get one edit,
    /// words of eight letters or more two; words under five letters none.
    fn respell(&self, w: &str) -> Vec<String> {
        let max = match w.len() {
            0..=4 => return Vec::new(),
            5..=7 => 1,
            _ => 2,
        };
        let mut near: Vec<(usize, &String)> = self
            .df
            .keys()
            .filter(|k| k.len() + max >= w.len() && k.len() <= w.len() + max && k.len() >= 4)
            .map(|k| (crate::catalog::edit_distance(w, k), k))
            .filter(|(d, _)| *d <= max)
            .collect();
        near.sort();
        let best = near.first().map_or(0, |n| n.0);
        near.into_iter()
            .filter(|(d, _)| *d == best)
            .map(|(_, k)| k.clone())
            .collect()
    }

    /// The query's term groups, with misspelt words respelt: each group is
    /// (alternatives, factor per alternative).
    fn groups(&self, query: &str) -> Vec<Vec<(String, f64)>> {
        query_groups(query)
            .into_iter()
            .map(|g| {
                // A word the catalog does not cover is not a typo of one it does.
                let known = g.iter().any(|t| self.df.contains_key(t) || out_of_scope(t));
                let mut alts: Vec<(String, f64)> = g.iter().map(|t| (t.clone(), 1.0)).collect();
                if !known {
                    for t in &g {
                        alts.extend(self.respell(t).into_iter().map(|r| (r, SPELLING_FACTOR)));
                    }
                }
                alts
            })
            .collect()
    }

    /// Operations ranked for a query, best first (ties by position, i.e.
    /// id order), and how much of the query the best one covers.
    pub fn search(&self, query: &str) -> Ranking {
        let groups = self.groups(query);
        let wants_float = groups
            .iter()
            .flatten()
            .any(|(t, _)| WANTS_FLOAT.contains(&t.as_str()));
        let asks_decision = words(query).any(|w| ASKS_DECISION.contains(&w.as_str()));
        let tokens: Vec<&str> = query
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|t| !t.is_empty())
            .collect();
        let elementary = writes_elementary(query);
        let no_polynomial = !tokens.iter().any(|t| {
            let t = t.to_ascii_lowercase();
            (t.len() == 1 && t.bytes().all(|b| b.is_ascii_alphabetic()))
                || POLYNOMIAL_WORDS.iter().any(|w| t.starts_with(w))
        });
        // A group's information: the idf of its rarest known alternative, or
        // a quarter of the idf of an unseen word when the catalog knows none
        // (a student's "my friends" says less than a missing "variance").
        let unseen = UNKNOWN_WORD_INFO * self.idf("");
        let info: Vec<f64> = groups
            .iter()
            .map(|g| {
                g.iter()
                    .filter(|(t, _)| self.df.contains_key(t))
                    .map(|(t, f)| f * self.idf(t))
                    .fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m| m.max(x))))
                    .unwrap_or(unseen)
            })
            .collect();
        let total_info: f64 = info.iter().sum();
        let mut scored: Vec<Scored> = Vec::new();
        let foreign: Vec<usize> = groups
            .iter()
            .enumerate()
            .filter(|(_, g)| g.first().is_some_and(|(t, _)| out_of_scope(t)))
            .map(|(i, _)| i)
            .collect();
        for (i, doc) in self.docs.iter().enumerate() {
            let mut score = 0.0;
            let mut covered = 0.0;
            let mut missing_foreign = None;
            for (g, group) in groups.iter().enumerate() {
                let best = group
                    .iter()
                    .map(|(t, f)| f * self.term_score(doc, t))
                    .fold(0.0, f64::max);
                if best > 0.0 {
                    score += best;
                    covered += info[g];
                } else if foreign.contains(&g) && missing_foreign.is_none() {
                    missing_foreign = Some(g);
                }
            }
            if score > 0.0 {
                let unmatched = doc
                    .id_words
                    .iter()
                    .filter(|w| !groups.iter().flatten().any(|(t, _)| t == *w))
                    .count();
                score /= 1.0 + SPECIFICITY_PENALTY * unmatched as f64;
                if (doc.polynomial || (doc.expression && !elementary)) && no_polynomial {
                    score *= NO_VARIABLE_PENALTY;
                }
                if doc.numeric && !wants_float {
                    score *= NUMERIC_PENALTY;
                }
                if doc.decides && asks_decision {
                    score *= DECISION_BOOST;
                }
                scored.push(Scored {
                    score,
                    covered,
                    doc: i,
                    missing_foreign,
                    meaning: 0.0,
                });
            }
        }
        scored.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc)));
        let scored = self.rerank(query, scored, foreign.first().copied());
        let coverage = match (scored.first(), total_info > 0.0) {
            (Some(best), true) => best.covered / total_info,
            _ => 0.0,
        };
        let out_of_scope = match scored.first() {
            Some(best) => best.missing_foreign.map(|g| groups[g][0].0.clone()),
            None => foreign.first().map(|&g| groups[g][0].0.clone()),
        };
        Ranking {
            meaning: scored.first().map_or(0.0, |s| s.meaning),
            ids: scored.into_iter().map(|s| s.doc).collect(),
            coverage,
            out_of_scope,
        }
    }

    /// The lexical top [`RERANK_LEXICAL`] and the [`RERANK_SEMANTIC`]
    /// closest in meaning, ordered by [`blend`]; then the other lexical
    /// matches in their order. Unchanged without the semantic table or
    /// when the query has no known token.
    fn rerank(&self, query: &str, mut scored: Vec<Scored>, foreign: Option<usize>) -> Vec<Scored> {
        let Some(e) = Embedder::shipped() else {
            return scored;
        };
        let q = e.embed(query);
        if q.iter().all(|x| *x == 0.0) {
            return scored;
        }
        let meaning: Vec<f64> = self
            .docs
            .iter()
            .map(|d| d.meaning.as_ref().map_or(0.0, |m| m.similarity(&q)))
            .collect();
        let rest = scored.split_off(scored.len().min(RERANK_LEXICAL));
        let mut closest: Vec<usize> = (0..self.docs.len()).collect();
        closest.sort_by(|&a, &b| meaning[b].total_cmp(&meaning[a]).then(a.cmp(&b)));
        for &doc in closest.iter().take(RERANK_SEMANTIC) {
            if !scored.iter().any(|s| s.doc == doc) {
                let lexical = rest.iter().find(|s| s.doc == doc);
                scored.push(Scored {
                    score: lexical.map_or(0.0, |s| s.score),
                    covered: lexical.map_or(0.0, |s| s.covered),
                    doc,
                    missing_foreign: lexical.map_or(foreign, |s| s.missing_foreign),
                    meaning: 0.0,
                });
            }
        }
        for s in &mut scored {
            s.meaning = meaning[s.doc];
            s.score = blend(s.score, s.meaning);
        }
        scored.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.doc.cmp(&b.doc)));
        scored.extend(
            rest.into_iter()
                .filter(|r| !closest[..RERANK_SEMANTIC.min(closest.len())].contains(&r.doc)),
        );
        scored
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

    #[test]
    fn an_equation_asks_for_roots_and_a_number_written_as_a_power_is_no_power() {
        // "solve" stays: the equation family's operations are about it.
        assert_eq!(
            query_terms("solve x^2-2=0"),
            ["solve", "root", "polynomial"]
        );
        assert_eq!(query_terms("is 2^61-1 prime"), ["prime"]);
        assert_eq!(
            query_terms("solve polynomial equation"),
            ["solve", "polynomial", "root"]
        );
        // A linear system and a congruence keep their reading.
        assert!(!query_terms("solve A x = b").contains(&"root".to_string()));
        assert!(!query_terms("x^2 = 2 mod 7").contains(&"root".to_string()));
        assert!(query_terms("2^100 mod 7").contains(&"power".to_string()));
    }
}
