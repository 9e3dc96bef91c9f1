use crate::MAX_SPECTRAL_ORDER;
use hessian_kernels::linalg;
use hessian_kernels::poly::zx;
use hessian_op::prelude::*;
use hessian_op::wire::{PolyOut, to_q};

pub struct ElementaryDivisors;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix A of exact rationals (order at most 20).
    pub matrix: SquareMatrix<Rational, MAX_SPECTRAL_ORDER>,
}

#[derive(Serialize, JsonSchema)]
pub struct Divisor {
    /// An irreducible factor p of the characteristic polynomial over Q.
    pub factor: PolyOut,
    /// e: each root of p has a Jordan block of size e.
    pub exponent: usize,
    /// p^e.
    pub divisor: PolyOut,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The elementary divisors p^e over Q, by factor (lowest degree
    /// first), exponents descending; repeated when a root has several
    /// blocks of one size.
    pub elementary_divisors: Vec<Divisor>,
    /// For each factor, rank p(A)ᵏ for k = 1, 2, … until it stops falling:
    /// the evidence the exponents are read from.
    pub ranks: Vec<Vec<usize>>,
    pub check: String,
}

impl Operation for ElementaryDivisors {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.elementary_divisors.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Elementary divisors of a rational matrix over Q";
    const SUMMARY: &'static str = "The elementary divisors p^e of x·I − A over Q: for every irreducible factor p of the characteristic polynomial, the sizes of the Jordan blocks of its roots, read from exact ranks of p(A)ᵏ.";
    const DESCRIPTION: &'static str = "For each irreducible factor p (degree d, multiplicity m) of det(x·I − A), rₖ = rank p(A)ᵏ is computed exactly until it reaches n − d·m; (rₖ₋₁ − rₖ)/d blocks of each root have size ≥ k. Checked: every rank drop is a multiple of d and the sizes sum to m; the ranks are returned as evidence. Order at most 20.";
    const KEYWORDS: &'static [&'static str] = &[
        "elementary divisors",
        "jordan block sizes",
        "primary decomposition",
        "similarity invariants",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "elementary divisors of a matrix",
        "sizes of the Jordan blocks for each eigenvalue",
        "prime power pieces of x I minus A telling the Jordan block structure",
        "for each eigenvalue factor, how big are the blocks in the matrix's structure",
        "compare the block structure of two matrices to see if they behave the same",
        "how do I get the list of powers of irreducible factors for a matrix",
    ];
    const ALIASES: &'static [&'static str] = &["elementary_divisors"];
    const EXAMPLE: &'static str =
        r#"{"matrix": [["2", "1", "0"], ["0", "2", "0"], ["0", "0", "2"]]}"#;
    const EXPECTED: &'static str = r#"{"elementary_divisors": [{"factor": {"coefficients": ["-2", "1"], "polynomial": "x - 2"}, "exponent": 2, "divisor": {"coefficients": ["4", "-4", "1"], "polynomial": "x^2 - 4*x + 4"}}, {"factor": {"coefficients": ["-2", "1"], "polynomial": "x - 2"}, "exponent": 1, "divisor": {"coefficients": ["-2", "1"], "polynomial": "x - 2"}}], "ranks": [[1, 0]], "check": "every rank drop of p(A)ᵏ is a multiple of deg p and the block sizes of each factor sum to its multiplicity in det(x·I − A)"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = to_q(input.matrix.0);
        let s = linalg::structure(&a, &ctx.budget)?;
        let mut elementary_divisors = Vec::new();
        for p in &s.primaries {
            for &e in &p.sizes {
                elementary_divisors.push(Divisor {
                    factor: PolyOut::from_z(&p.factor, "x"),
                    exponent: e,
                    divisor: PolyOut::from_z(
                        &zx::pow_within(&p.factor, e as u32, &ctx.budget)?,
                        "x",
                    ),
                });
            }
        }
        Ok(Output {
            elementary_divisors,
            ranks: s.primaries.iter().map(|p| p.ranks.clone()).collect(),
            check: "every rank drop of p(A)ᵏ is a multiple of deg p and the block sizes of each factor sum to its multiplicity in det(x·I − A)".into(),
        })
    }
}
