//! The frozen tasks of `evals/tasks/*.json` (written by `generate.py`, whose
//! oracles are independent of Hessian).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::path::Path;

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Task {
    pub id: String,
    pub family: String,
    pub cue: Cue,
    /// A negative control: the right behaviour is to answer without a tool.
    pub control: bool,
    pub prompt: String,
    pub answer: Expected,
    pub verifier: Verifier,
    /// For diagnosis only; never scored.
    #[serde(default)]
    pub expected_operation: Option<String>,
    #[serde(default)]
    pub careful: Option<Careful>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Cue {
    /// The prompt asks for the math tools.
    Explicit,
    /// The problem only.
    Latent,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Integer,
    Rational,
    Boolean,
    List,
    Matrix,
    Polynomial,
    Polynomials,
    Factorization,
    Matching,
}

/// The expected answer, in the form the prompt asks for.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    pub kind: Kind,
    pub value: Value,
    /// Lists: whether order matters.
    #[serde(default)]
    pub ordered: Option<bool>,
    /// Polynomials defined up to a unit (a gcd): any non-zero multiple counts.
    #[serde(default)]
    pub up_to_scalar: bool,
}

/// How an answer is judged: equal to the expected value, or accepted by a
/// checker that tests the defining property (multiply back, substitute).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Verifier {
    Exact,
    /// A · answer = I.
    Inverse {
        matrix: Vec<Vec<Value>>,
    },
    /// matrix · answer = rhs.
    Solves {
        matrix: Vec<Vec<Value>>,
        rhs: Vec<Value>,
    },
    /// Primes whose product is n.
    Factorization {
        n: String,
    },
    /// [a, b] with a² + b² = n.
    TwoSquares {
        n: u64,
    },
    /// Distinct denominators whose unit fractions sum to q.
    Egyptian {
        q: String,
    },
    /// The irreducible factors (coefficient lists) of this polynomial.
    PolynomialFactors {
        polynomial: Vec<String>,
    },
    /// Vertex-disjoint edges of this graph, as many as `size`.
    Matching {
        vertices: usize,
        edges: Vec<[usize; 2]>,
        size: usize,
    },
}

/// What the scripted careful agent substitutes into the copied example.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Careful {
    /// The words it searches with.
    pub query: String,
    /// The task's values, by input field.
    pub input: Map<String, Value>,
    /// JSON pointer into the run envelope where the answer is.
    pub answer_at: String,
    /// Pointer applied to each element of a list answer.
    #[serde(default)]
    pub each: Option<String>,
}

/// Every task of a folder, in id order.
pub fn load_dir(dir: &Path) -> Result<Vec<Task>, String> {
    let mut tasks = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "json") {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let task: Task =
                serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            tasks.push(task);
        }
    }
    tasks.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(tasks)
}
