use crate::MAX_SPECTRAL_ORDER;
use crate::spectral::{eigenvalues, vector};
use hessian_kernels::linalg;
use hessian_op::algebraic::Root;
use hessian_op::prelude::*;
use hessian_op::wire::to_q;

pub struct Eigenvectors;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix A of exact rationals (order at most 20).
    pub matrix: SquareMatrix<Rational, MAX_SPECTRAL_ORDER>,
    /// Significant digits of each decimal value, 1 to 1000 (default 20).
    #[serde(default = "hessian_op::wire::twenty_digits")]
    pub digits: Bounded<1, 1000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Eigenpairs {
    /// The eigenvalue λ; `multiplicity` is its algebraic multiplicity.
    #[serde(flatten)]
    pub eigenvalue: Root,
    pub geometric_multiplicity: usize,
    /// A basis of the eigenspace {v : A·v = λ·v}, entries as expressions:
    /// exact numbers when λ is exact, else polynomials in t, where t
    /// stands for λ.
    pub vectors: Vec<Vec<String>>,
    /// The entries are written in t (λ has no exact form here).
    pub in_terms_of_t: bool,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The distinct eigenvalues (real ascending, then the others) with
    /// their eigenspaces.
    pub eigenvalues: Vec<Eigenpairs>,
    pub check: String,
}

impl Operation for Eigenvectors {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.eigenvectors.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Exact eigenvectors of a rational matrix";
    const SUMMARY: &'static str = "A basis of every eigenspace of a rational matrix, exactly: over Q for rational eigenvalues, with √ entries for quadratic ones, and as polynomials in the eigenvalue t for roots of higher-degree factors; each checked A·v = λ·v in Q(λ).";
    const DESCRIPTION: &'static str = "For each irreducible factor p of det(x·I − A), the kernel of A − t·I is computed once over the field Q(t) = Q[t]/(p) by exact elimination; it serves every root of p (Galois conjugation). Each basis vector is checked (A − t·I)·v = 0 in Q(t), and the basis size equals the geometric multiplicity read from exact ranks. Eigenvalues as matrix.eigenvalues.compute. Order at most 20.";
    const KEYWORDS: &'static [&'static str] = &[
        "eigenvectors",
        "eigenvector",
        "eigenspace",
        "eigenpairs",
        "eigenvects",
        "null space of A - lambda I",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "eigenvectors of a matrix exactly",
        "find the eigenvalues and eigenvectors",
        "basis of each eigenspace",
        "which directions does this transformation only stretch, exactly with fractions or roots",
        "vectors that the matrix maps onto multiples of themselves, exact basis",
        "find principal axes of an ellipse from its quadratic form exactly",
        "how do I find the eigenvectors for each eigenvalue of a 3x3 matrix",
    ];
    const ALIASES: &'static [&'static str] = &["eigenvects", "Eigenvectors", "eig"];
    const EXAMPLE: &'static str = r#"{"matrix": [["2", "1"], ["1", "2"]], "digits": 5}"#;
    const EXPECTED: &'static str = r#"{"eigenvalues": [{"exact": {"expression": "1", "latex": "1"}, "root_of": {"polynomial": "x - 1", "index": 0}, "multiplicity": 1, "real": true, "decimal": "1", "error_bound": "0", "enclosure": {"kind": "interval", "lower": "1", "upper": "1"}, "geometric_multiplicity": 1, "vectors": [["-1", "1"]], "in_terms_of_t": false}, {"exact": {"expression": "3", "latex": "3"}, "root_of": {"polynomial": "x - 3", "index": 0}, "multiplicity": 1, "real": true, "decimal": "3", "error_bound": "0", "enclosure": {"kind": "interval", "lower": "3", "upper": "3"}, "geometric_multiplicity": 1, "vectors": [["1", "1"]], "in_terms_of_t": false}], "check": "(A − t·I)·v = 0 in Q(t) = Q[t]/(p) for every basis vector, so at every root of p; as many vectors as the geometric multiplicity from exact ranks"}"#;

    // Long run: one eigenspace per factor, shown at each of its roots.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let b = &ctx.budget;
        let a = to_q(input.matrix.0);
        let s = linalg::structure(&a, b)?;
        let bases = s
            .primaries
            .iter()
            .map(|p| linalg::eigenvectors(&a, p, b))
            .collect::<Result<Vec<_>, _>>()?;
        let mut out = Vec::new();
        for e in eigenvalues(&s, input.digits.0 as usize, b)?.0 {
            let vectors = bases[e.primary]
                .iter()
                .map(|v| vector(v, e.exact.as_ref(), b))
                .collect::<Result<_, _>>()?;
            out.push(Eigenpairs {
                geometric_multiplicity: s.primaries[e.primary].sizes.len(),
                in_terms_of_t: e.exact.is_none(),
                eigenvalue: e.root,
                vectors,
            });
        }
        Ok(Output {
            eigenvalues: out,
            check: "(A − t·I)·v = 0 in Q(t) = Q[t]/(p) for every basis vector, so at every root of p; as many vectors as the geometric multiplicity from exact ranks".into(),
        })
    }
}
