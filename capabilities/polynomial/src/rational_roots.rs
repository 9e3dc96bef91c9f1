use crate::wire::Polynomial;
use hessian_kernels::Q;
use hessian_kernels::poly::factor;
use hessian_op::prelude::*;

pub struct RationalRoots;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A non-zero polynomial of degree at most 200.
    pub polynomial: Polynomial,
}

#[derive(Serialize, JsonSchema)]
pub struct Root {
    pub root: Rational,
    pub multiplicity: u32,
}

impl Operation for RationalRoots {
    type Input = Input;
    type Output = Vec<Root>;
    const ID: &'static str = "polynomial.rational_roots.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Rational roots of a polynomial";
    const SUMMARY: &'static str =
        "All rational roots of a polynomial with their multiplicities, exactly.";
    const DESCRIPTION: &'static str = "Finds every rational root of f ≠ 0 (degree at most 200) with its multiplicity, from the linear factors of its factorization over Q; ascending.";
    const KEYWORDS: &'static [&'static str] = &[
        "rational roots",
        "roots",
        "zeros",
        "solve polynomial",
        "rational root theorem",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "exact fraction answers of a polynomial equation such as a cubic",
        "rational numbers that are roots of a polynomial",
        "exact fractional solutions of a polynomial equation",
        "rational root test",
        "which fractions or whole numbers make my polynomial equal zero",
        "find the nice exact solutions of a cubic or quartic equation",
        "find exact roots to reduce a polynomial before solving the rest",
        "how do I find fraction solutions of 6x^3-11x^2+6x-1=0",
    ];
    const ALIASES: &'static [&'static str] = &["roots(filter='Q')", "Roots", "polrootsmod"];
    const EXAMPLE: &'static str = r#"{"polynomial": "2*x^3 - 3*x^2 - 3*x + 2"}"#;
    const EXPECTED: &'static str = r#"[{"root": "-1", "multiplicity": 1}, {"root": "1/2", "multiplicity": 1}, {"root": "2", "multiplicity": 1}]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        input.polynomial.nonzero("polynomial")?;
        if input.polynomial.degree() > 200 {
            return Err(MathError::Limit("degree at most 200".into()));
        }
        let f = input.polynomial.primitive().1;
        let mut roots: Vec<Root> = factor::factor(&f, &ctx.budget)?
            .factors
            .into_iter()
            .filter(|(g, _)| g.len() == 2)
            .map(|(g, e)| Root {
                root: Rational(Q::new(-g[0].clone(), g[1].clone())),
                multiplicity: e,
            })
            .collect();
        roots.sort_by(|a, b| a.root.cmp(&b.root));
        Ok(roots)
    }
}
