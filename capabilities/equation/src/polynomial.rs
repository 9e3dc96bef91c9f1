use crate::wire::{EquationText, unknown_of};
use hessian_kernels::expr::print;
use hessian_kernels::expr::rational::{from_poly, to_poly, together};
use hessian_kernels::poly::{self};
use hessian_op::algebraic::{Factor, Root, located, solve_for_digits, write_radicals};
use hessian_op::expression::{ExprOut, Symbol};
use hessian_op::prelude::*;

pub struct PolynomialSolve;

/// Where the roots are sought.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Domain {
    #[default]
    Complex,
    Real,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The equation: "x^2 - 2 = 0", "x^3 = 2*x - 1", or "x^2 - 2"
    /// (meaning = 0). After moving everything to one side and clearing
    /// denominators it must be a polynomial in one variable with rational
    /// coefficients (degree ≤ 200).
    pub equation: EquationText,
    /// The unknown (default: the equation's only symbol).
    #[serde(default)]
    pub variable: Option<Symbol>,
    /// complex (default): all roots; real: the real ones.
    #[serde(default)]
    pub domain: Domain,
    /// Significant digits of each decimal value, 1 to 1000 (default 20).
    #[serde(default = "hessian_op::wire::twenty_digits")]
    pub digits: Bounded<1, 1000>,
    /// Write the roots of cubic and quartic factors by Cardano's and
    /// Ferrari's radicals (default true); false leaves them as root_of,
    /// which is faster when there are many.
    #[serde(default = "yes")]
    pub radicals: bool,
}

fn yes() -> bool {
    true
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub variable: String,
    /// The numerator of left − right over a common denominator, made
    /// primitive: its roots are the solutions (where the equation is
    /// defined).
    pub polynomial: ExprOut,
    /// The polynomial is 0: every value where both sides are defined is a
    /// solution (`roots` is then empty).
    pub every_value: bool,
    /// The distinct solutions in the domain.
    pub roots: Vec<Root>,
    /// The irreducible factors over Q.
    pub factors: Vec<Factor>,
    /// Non-real roots left out (domain real).
    pub non_real_omitted: usize,
    /// How the roots were checked.
    pub check: String,
}

/// Largest degree solved.
const MAX_DEGREE: usize = 200;

impl Operation for PolynomialSolve {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "equation.polynomial.solve";
    const VERSION: u32 = 2;
    const TITLE: &'static str =
        "Solve a polynomial equation exactly: all roots, with certified enclosures";
    const SUMMARY: &'static str = "Every root of a polynomial equation in one unknown over Q, with multiplicities: exact when rational, quadratic (±√2), cubic or quartic (Cardano, Ferrari), also as the k-th root of an irreducible factor, each in a certified interval or disk, and whether radicals exist.";
    const DESCRIPTION: &'static str = "Moves everything to one side, clears denominators (their roots are not solutions), and factors the numerator over Q. Linear factors give rational roots; quadratic ones (−b ± √Δ)/(2a), real or complex, substituted back and proven 0. Every root gets root_of (polynomial, index) with SymPy's CRootOf order, a decimal value with an error bound, and an exact enclosure holding it and no other root: real roots in disjoint intervals by Descartes' rule of signs (Sturm-checked counts), non-real ones in disks from Gerschgorin's theorem applied to Weierstrass' corrections of Aberth approximations (refined by exact Newton steps until the disks are disjoint), the number of real disks checked against the count of real roots. Roots of cubic and quartic factors are written by Cardano's and Ferrari's formulas (principal branches), each evaluated exactly as an algebraic number and checked equal to its root (left as root_of with verdict exist when that takes over 2 s, or with `radicals: false`). For a factor of degree ≥ 5 the answer says whether its roots are expressible by radicals: none when a Frobenius cycle type (the factorization modulo a prime) lies in no solvable transitive group (proven for degree 5, 6, 7, and beyond by Jordan's theorem), else unknown.";
    const KEYWORDS: &'static [&'static str] = &[
        "solve",
        "roots",
        "zeros",
        "polynomial equation",
        "solve for x",
        "quadratic formula",
        "cubic",
        "quintic",
        "complex roots",
        "root of",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "solve x^2 - 2 = 0",
        "roots of x^3 - 2x + 1",
        "find all complex roots of a polynomial",
        "where is this polynomial zero",
        "is this quintic solvable by radicals",
        "all the values of x that make x^4 - 5x^2 + 4 zero",
        "exact answers for a cubic equation including the complex ones",
        "find the break even points of a cubic cost function exactly",
        "how do I solve a fourth degree equation in one unknown exactly",
    ];
    const ALIASES: &'static [&'static str] = &["solve", "roots", "nroots", "solveset", "Solve"];
    const EXAMPLE: &'static str = r#"{"equation": "x^2 - 2 = 0", "digits": 10}"#;
    const EXPECTED: &'static str = r#"{"variable": "x", "polynomial": {"expression": "x^2 - 2", "latex": "x^{2} - 2"}, "every_value": false, "roots": [{"exact": {"expression": "-sqrt(2)", "latex": "-\\sqrt{2}"}, "root_of": {"polynomial": "x^2 - 2", "index": 0}, "multiplicity": 1, "real": true, "decimal": "-1.414213562", "error_bound": "6e-10", "enclosure": {"kind": "interval", "lower": "-1.4142135623730950488017", "upper": "-1.4142135623730950487983"}}, {"exact": {"expression": "sqrt(2)", "latex": "\\sqrt{2}"}, "root_of": {"polynomial": "x^2 - 2", "index": 1}, "multiplicity": 1, "real": true, "decimal": "1.414213562", "error_bound": "6e-10", "enclosure": {"kind": "interval", "lower": "1.4142135623730950487983", "upper": "1.4142135623730950488017"}}], "factors": [{"polynomial": "x^2 - 2", "multiplicity": 1, "radicals": "written", "why": "degree 2: (−b ± √Δ)/(2a)"}], "non_real_omitted": 0, "check": "2 distinct roots of 2 (with multiplicity): the factors multiply back to the polynomial; every exact root substituted into its factor is proven 0; every enclosure holds exactly one root"}"#;

    // Long run: the equation to a polynomial, then its factors' roots shown.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let b = &ctx.budget;
        let e = input.equation.0;
        let x = unknown_of(&[&e], input.variable)?;
        let (n, _) = together(&e, b)?.ok_or_else(|| {
            MathError::Limit("clearing the denominators grows beyond the expansion bound".into())
        })?;
        let p = to_poly(&n, &x).ok_or_else(|| {
            MathError::Domain(format!(
                "after clearing denominators, {} is not a polynomial in {x} with rational coefficients",
                print::text(&n)
            ))
        })?;
        if p.len() > MAX_DEGREE + 1 {
            return Err(MathError::Limit(format!(
                "a polynomial of degree {}; at most {MAX_DEGREE}",
                p.len() - 1
            )));
        }
        let (_, f) = poly::to_primitive(&p);
        let polynomial = ExprOut::new(&from_poly(&poly::from_z(&f), &x))?;
        if f.is_empty() {
            return Ok(Output {
                variable: x,
                polynomial,
                every_value: true,
                roots: Vec::new(),
                factors: Vec::new(),
                non_real_omitted: 0,
                check: "left − right is 0 over a common denominator".into(),
            });
        }
        let mut found = solve_for_digits(&f, input.digits.0 as usize, b)?;
        let late = if input.radicals {
            write_radicals(&mut found, b)?
        } else {
            Vec::new()
        };
        let (all, mut factors) = located(&found, &x, input.digits.0 as usize)?;
        for k in late {
            factors[k].why = format!(
                "degree {}: Cardano's or Ferrari's formulas give them; not written within the 2 s given to radicals",
                found[k].factor.len() - 1
            );
        }
        let (roots, omitted): (Vec<Root>, Vec<Root>) = all
            .into_iter()
            .partition(|r| input.domain == Domain::Complex || r.real);
        let omitted = omitted.len();
        Ok(Output {
            variable: x,
            polynomial,
            every_value: false,
            check: format!(
                "{} distinct roots of {} (with multiplicity): the factors multiply back to the polynomial; every exact root substituted into its factor is proven 0; every enclosure holds exactly one root",
                roots.len() + omitted,
                f.len() - 1
            ),
            roots,
            factors,
            non_real_omitted: omitted,
        })
    }
}
