use crate::MAX_SPECTRAL_ORDER;
use crate::spectral::eigenvalues;
use hessian_kernels::linalg;
use hessian_op::algebraic::{Factor, Root};
use hessian_op::prelude::*;
use hessian_op::wire::{PolyOut, to_q};

pub struct Eigenvalues;

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
pub struct Eigenvalue {
    /// The eigenvalue; `multiplicity` is its algebraic multiplicity (as
    /// a root of the characteristic polynomial).
    #[serde(flatten)]
    pub root: Root,
    /// The dimension of its eigenspace (its number of Jordan blocks).
    pub geometric_multiplicity: usize,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// det(x·I − A).
    pub characteristic_polynomial: PolyOut,
    /// The distinct eigenvalues: real ones ascending, then the others.
    pub eigenvalues: Vec<Eigenvalue>,
    /// The irreducible factors of the characteristic polynomial over Q,
    /// and whether their roots have radical expressions.
    pub factors: Vec<Factor>,
    pub check: String,
}

impl Operation for Eigenvalues {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.eigenvalues.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Exact eigenvalues of a rational matrix with multiplicities";
    const SUMMARY: &'static str = "Every eigenvalue of a square rational matrix exactly: rational or quadratic ones written out (±√2, 1 ± i), the others as roots of irreducible factors of the characteristic polynomial with certified enclosures; algebraic and geometric multiplicities.";
    const DESCRIPTION: &'static str = "Computes det(x·I − A), factors it over Q, and locates the roots of each factor as equation.polynomial.solve does (exact when rational or quadratic, substituted back; else root_of in CRootOf order with an enclosure holding exactly one root). The geometric multiplicity of each root of an irreducible factor p of degree d is (n − rank p(A))/d, an exact rank. Order at most 20.";
    const KEYWORDS: &'static [&'static str] = &[
        "eigenvalues",
        "eigenvalue",
        "spectrum",
        "characteristic roots",
        "exact eigenvalues",
        "algebraic multiplicity",
        "geometric multiplicity",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "eigenvalues of a matrix exactly",
        "what are the eigenvalues of [[2,1],[1,2]]",
        "spectrum of a matrix with multiplicities",
        "eigenvalues of a symmetric matrix",
        "which stretch factors does this transformation have along its special directions, exactly",
        "find lambda values with A v equal to lambda v, with square roots kept exact",
        "exact growth rates of a population model given by a Leslie matrix",
        "how do I get eigenvalues of a rational matrix without decimals",
    ];
    const ALIASES: &'static [&'static str] = &["eigenvals", "Eigenvalues", "eigvals"];
    const EXAMPLE: &'static str = r#"{"matrix": [["1", "2"], ["2", "1"]], "digits": 5}"#;
    const EXPECTED: &'static str = r#"{"characteristic_polynomial": {"coefficients": ["-3", "-2", "1"], "polynomial": "x^2 - 2*x - 3"}, "eigenvalues": [{"exact": {"expression": "-1", "latex": "-1"}, "root_of": {"polynomial": "x + 1", "index": 0}, "multiplicity": 1, "real": true, "decimal": "-1", "error_bound": "0", "enclosure": {"kind": "interval", "lower": "-1", "upper": "-1"}, "geometric_multiplicity": 1}, {"exact": {"expression": "3", "latex": "3"}, "root_of": {"polynomial": "x - 3", "index": 0}, "multiplicity": 1, "real": true, "decimal": "3", "error_bound": "0", "enclosure": {"kind": "interval", "lower": "3", "upper": "3"}, "geometric_multiplicity": 1}], "factors": [{"polynomial": "x - 3", "multiplicity": 1, "radicals": "written", "why": "degree 1: rational"}, {"polynomial": "x + 1", "multiplicity": 1, "radicals": "written", "why": "degree 1: rational"}], "check": "the factors multiply back to the characteristic polynomial; every exact eigenvalue substituted into its factor is proven 0; every enclosure holds exactly one root; each geometric multiplicity is (n − rank p(A))/deg p by exact rank"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = to_q(input.matrix.0);
        let s = linalg::structure(&a, &ctx.budget)?;
        let (eigen, factors) = eigenvalues(&s, input.digits.0 as usize, &ctx.budget)?;
        Ok(Output {
            eigenvalues: eigen
                .into_iter()
                .map(|e| Eigenvalue {
                    geometric_multiplicity: s.primaries[e.primary].sizes.len(),
                    root: e.root,
                })
                .collect(),
            characteristic_polynomial: PolyOut::new(s.charpoly, "x"),
            factors,
            check: "the factors multiply back to the characteristic polynomial; every exact eigenvalue substituted into its factor is proven 0; every enclosure holds exactly one root; each geometric multiplicity is (n − rank p(A))/deg p by exact rank".into(),
        })
    }
}
