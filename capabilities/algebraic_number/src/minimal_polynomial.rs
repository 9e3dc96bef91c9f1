use crate::wire::{Algebraic, shown};
use hessian_op::algebraic::Root;
use hessian_op::expression::Symbol;
use hessian_op::prelude::*;
use hessian_op::wire::PolyOut;

pub struct MinimalPolynomial;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The number: "sqrt(2) + sqrt(3)", "root(2, 3) + 1", "(1 + i)/sqrt(2)",
    /// or {"polynomial": "x^3 - 2", "index": 0}.
    pub number: Algebraic,
    /// The polynomial's variable (default x).
    #[serde(default)]
    pub variable: Option<Symbol>,
    /// Significant digits of the decimal value, 1 to 1000 (default 20).
    #[serde(default = "hessian_op::wire::twenty_digits")]
    pub digits: Bounded<1, 1000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The minimal polynomial over Q, primitive with integer coefficients.
    pub minimal_polynomial: PolyOut,
    /// The same, monic (rational coefficients).
    pub monic: PolyOut,
    pub degree: usize,
    /// Which root of it the number is: root_of index, exact value when
    /// rational or quadratic, decimal and enclosure.
    pub root: Root,
    pub check: String,
}

impl Operation for MinimalPolynomial {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "algebraic_number.minimal_polynomial.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str =
        "Minimal polynomial of an algebraic number (√2 + √3, cube roots, root_of)";
    const SUMMARY: &'static str = "The minimal polynomial over Q of a number built from rationals and i by + − × ÷ and radicals (√2 + √3 → x⁴ − 10x² + 1), with which root of it the number is, certified.";
    const DESCRIPTION: &'static str = "Evaluates the expression in exact algebraic-number arithmetic: each sum, product or quotient is a root of a resultant Res_y(f(y), g(x ∓ y)) (interpolated from integer resultants), each principal root a root of f(xʳ); the right irreducible factor and the right root of it are picked by certified disk arithmetic on enclosures (the enclosure must meet exactly one root disk of all factors, else everything is refined). Principal branches: sqrt(-4) = 2i, root(-8, 3) = 1 + √3·i. Intermediate degrees at most 256.";
    const KEYWORDS: &'static [&'static str] = &[
        "minimal polynomial",
        "minpoly",
        "algebraic number",
        "annihilating polynomial",
        "sqrt(2) + sqrt(3)",
        "field extension degree",
        "algebraic degree",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "minimal polynomial of sqrt(2) + sqrt(3)",
        "polynomial with integer coefficients that has this number as a root",
        "degree of an algebraic number over Q",
        "smallest equation with whole number coefficients that this root satisfies",
        "get rid of all the square roots to find an equation for the number",
        "find the lowest degree integer equation satisfied by sqrt(2) plus cube root of 3",
        "how do I find an integer equation solved by cube root of 2 plus 1",
    ];
    const ALIASES: &'static [&'static str] =
        &["minimal_polynomial", "MinimalPolynomial", "minpoly"];
    const EXAMPLE: &'static str = r#"{"number": "sqrt(2) + sqrt(3)", "digits": 10}"#;
    const EXPECTED: &'static str = r#"{"minimal_polynomial": {"coefficients": ["1", "0", "-10", "0", "1"], "polynomial": "x^4 - 10*x^2 + 1"}, "monic": {"coefficients": ["1", "0", "-10", "0", "1"], "polynomial": "x^4 - 10*x^2 + 1"}, "degree": 4, "root": {"root_of": {"polynomial": "x^4 - 10*x^2 + 1", "index": 3}, "multiplicity": 1, "real": true, "decimal": "3.146264370", "error_bound": "6e-10", "enclosure": {"kind": "interval", "lower": "3.1462643699419723421206", "upper": "3.1462643699419723425594"}}, "check": "irreducible over Q by Mordell's theorem: no product of the radicals is rational, so the sum has one conjugate per choice of roots of unity, all certified distinct (disjoint disks); the polynomial changes sign across the number's enclosure"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let n = input.number.number("number", &ctx.budget)?;
        let x = input.variable.map_or_else(|| "x".to_string(), |s| s.0);
        let root = shown(&n, input.digits.0 as usize, &ctx.budget)?.root;
        let q = hessian_kernels::poly::from_z(&n.f);
        let lead = q.last().cloned().unwrap_or_default();
        Ok(Output {
            minimal_polynomial: PolyOut::from_z(&n.f, &x),
            monic: PolyOut::new(q.iter().map(|c| c / &lead).collect(), &x),
            degree: n.degree(),
            root,
            check: if n.via.is_some() {
                "irreducible over Q by Mordell's theorem: no product of the radicals is rational, so the sum has one conjugate per choice of roots of unity, all certified distinct (disjoint disks); the polynomial changes sign across the number's enclosure"
            } else {
                "irreducible over Q by factorization; the number's certified enclosure meets exactly one root disk among all roots of the resultant it came from"
            }
            .into(),
        })
    }
}
