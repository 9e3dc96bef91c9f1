use crate::MAX_SPECTRAL_ORDER;
use crate::spectral::{eigenvalues, vector};
use hessian_kernels::expr::print;
use hessian_kernels::linalg;
use hessian_op::algebraic::Root;
use hessian_op::prelude::*;
use hessian_op::wire::to_q;

pub struct JordanForm;

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
pub struct JordanBlock {
    /// Index into `eigenvalues`.
    pub eigenvalue: usize,
    pub size: usize,
    /// The block's chain v₁, …, v_k (A·v₁ = λ·v₁, A·vⱼ = λ·vⱼ + vⱼ₋₁):
    /// its columns of P. Entries are exact when λ is, else polynomials
    /// in t, where t stands for λ.
    pub chain: Vec<Vec<String>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// J: the blocks on the diagonal in the order of `blocks`, ones above
    /// the diagonal inside a block (written when every eigenvalue is
    /// rational or quadratic).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub form: Option<Rows<String>>,
    /// P with P⁻¹·A·P = J: the chains as columns (written with J).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transform: Option<Rows<String>>,
    /// The Jordan blocks, by eigenvalue, largest first.
    pub blocks: Vec<JordanBlock>,
    /// The distinct eigenvalues; `multiplicity` is the algebraic one.
    pub eigenvalues: Vec<Root>,
    pub check: String,
}

impl Operation for JordanForm {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.jordan_form.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Jordan normal form of a rational matrix with the transform P";
    const SUMMARY: &'static str = "The Jordan form J of a rational matrix and P with P⁻¹·A·P = J, exactly: block sizes from exact ranks, Jordan chains over Q(λ) checked A·vⱼ = λ·vⱼ + vⱼ₋₁.";
    const DESCRIPTION: &'static str = "Block sizes of each root of an irreducible factor p of det(x·I − A) come from the ranks of p(A)ᵏ. Chains are built over Q(t) = Q[t]/(p) from the top: a vector of ker Nᵏ (N = A − t·I) independent of ker Nᵏ⁻¹ and of the longer chains' level-k vectors starts a chain of length k. Checked in Q(t): N·v₁ = 0, N·vⱼ = vⱼ₋₁, and the chains of t independent (rank = multiplicity); they hold at every root of p. J and P are written when every eigenvalue is rational or quadratic; the chains always (in terms of t otherwise). Order at most 20.";
    const KEYWORDS: &'static [&'static str] = &[
        "jordan form",
        "jordan normal form",
        "jordan canonical form",
        "jordan blocks",
        "jordan chains",
        "generalized eigenvectors",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "Jordan normal form of a matrix with the change of basis",
        "generalized eigenvectors and Jordan blocks",
        "closest to diagonal form for a matrix that cannot be diagonalized",
        "block form with eigenvalues on diagonal and ones just above, plus the basis change",
        "solve linear ODEs with repeated eigenvalues using chains of generalized eigenvectors",
        "how do I find the Jordan canonical form and the matrix P exactly",
    ];
    const ALIASES: &'static [&'static str] = &["jordan_form", "JordanDecomposition", "jordan"];
    const EXAMPLE: &'static str = r#"{"matrix": [["3", "1"], ["-1", "1"]], "digits": 5}"#;
    const EXPECTED: &'static str = r#"{"form": [["2", "1"], ["0", "2"]], "transform": [["1", "1"], ["-1", "0"]], "blocks": [{"eigenvalue": 0, "size": 2, "chain": [["1", "-1"], ["1", "0"]]}], "eigenvalues": [{"exact": {"expression": "2", "latex": "2"}, "root_of": {"polynomial": "x - 2", "index": 0}, "multiplicity": 2, "real": true, "decimal": "2", "error_bound": "0", "enclosure": {"kind": "interval", "lower": "2", "upper": "2"}}], "check": "in Q(t) = Q[t]/(p) for each factor p: (A − t·I)·v₁ = 0, (A − t·I)·vⱼ = vⱼ₋₁, the chains of t of rank equal to p's multiplicity; block sizes from exact ranks of p(A)^k"}"#;

    // Long run: chains per factor, then J and P laid out when exact.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let b = &ctx.budget;
        let a = to_q(input.matrix.0);
        let n = a.rows();
        let s = linalg::structure(&a, b)?;
        let (eigen, _) = eigenvalues(&s, input.digits.0 as usize, b)?;
        let chains = s
            .primaries
            .iter()
            .map(|p| linalg::jordan_chains(&a, p, b))
            .collect::<Result<Vec<_>, _>>()?;
        let mut blocks = Vec::new();
        for (i, e) in eigen.iter().enumerate() {
            for chain in &chains[e.primary] {
                blocks.push(JordanBlock {
                    eigenvalue: i,
                    size: chain.len(),
                    chain: chain
                        .iter()
                        .map(|v| vector(v, e.exact.as_ref(), b))
                        .collect::<Result<_, _>>()?,
                });
            }
        }
        let (mut form, mut transform) = (None, None);
        if eigen.iter().all(|e| e.exact.is_some()) {
            let mut j = vec![vec!["0".to_string(); n]; n];
            let mut at = 0;
            for block in &blocks {
                let value = eigen[block.eigenvalue]
                    .exact
                    .as_ref()
                    .map(print::text)
                    .unwrap_or_default();
                for k in 0..block.size {
                    j[at + k][at + k] = value.clone();
                    if k + 1 < block.size {
                        j[at + k][at + k + 1] = "1".into();
                    }
                }
                at += block.size;
            }
            let columns: Vec<&Vec<String>> = blocks.iter().flat_map(|b| &b.chain).collect();
            transform = Some(
                (0..n)
                    .map(|i| columns.iter().map(|c| c[i].clone()).collect())
                    .collect(),
            );
            form = Some(j);
        }
        Ok(Output {
            form,
            transform,
            blocks,
            eigenvalues: eigen.into_iter().map(|e| e.root).collect(),
            check: "in Q(t) = Q[t]/(p) for each factor p: (A − t·I)·v₁ = 0, (A − t·I)·vⱼ = vⱼ₋₁, the chains of t of rank equal to p's multiplicity; block sizes from exact ranks of p(A)^k".into(),
        })
    }
}
