use crate::wire::Polynomial;
use hessian_kernels::poly::roots;
use hessian_op::prelude::*;

pub struct RealRoots;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A non-zero polynomial of degree at most 500.
    pub polynomial: Polynomial,
    /// Refine every interval to at most this width (a positive rational); omit to return the isolating intervals as found.
    pub width: Option<Rational>,
}

#[derive(Serialize, JsonSchema)]
pub struct Root {
    /// The root is exactly `lower` when `lower` = `upper`; otherwise it is the only root in the open interval (lower, upper), whose ends are not roots.
    pub lower: Rational,
    pub upper: Rational,
    /// Whether the root is known exactly (`lower` = `upper`).
    pub exact: bool,
}

impl Operation for RealRoots {
    type Input = Input;
    type Output = Vec<Root>;
    const ID: &'static str = "polynomial.real_roots.isolate";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Isolate the real roots of a polynomial";
    const SUMMARY: &'static str = "Disjoint rational intervals each holding exactly one real root, together all of them, optionally refined to a width.";
    const DESCRIPTION: &'static str = "Isolates the distinct real roots of f ≠ 0 (degree at most 500) by Descartes' rule of signs with bisection (Collins–Akritas) on the square-free part, ascending. Roots met exactly at bisection points are returned as points. With `width`, each interval is bisected on the sign of f until it is at most that wide.";
    const KEYWORDS: &'static [&'static str] = &[
        "real roots",
        "isolate",
        "root isolation",
        "intervals",
        "descartes",
        "zeros",
        "bisection",
        "approximate roots",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "between which numbers do the real solutions lie",
        "intervals each containing exactly one real root",
        "locate the real zeros of a polynomial",
        "real root isolation",
        "small ranges with fractions at the ends each holding one real solution",
        "separate every real zero of a polynomial into its own interval",
        "bracket each root so I can refine it with bisection later",
        "how do I find where all real roots of a polynomial are located exactly",
    ];
    const ALIASES: &'static [&'static str] =
        &["real_roots", "intervals", "RootIntervals", "polrootsreal"];
    const EXAMPLE: &'static str = r#"{"polynomial": "x^2 - 2", "width": "1/8"}"#;
    const EXPECTED: &'static str = r#"[{"lower": "-3/2", "upper": "-11/8", "exact": false}, {"lower": "11/8", "upper": "3/2", "exact": false}]"#;

    // Long run: the optional width refines each isolating interval (kernel calls).
    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        input.polynomial.nonzero("polynomial")?;
        if input.polynomial.degree() > 500 {
            return Err(MathError::Limit("degree at most 500".into()));
        }
        let f = input.polynomial.primitive().1;
        let mut found = roots::isolate(&f, &ctx.budget)?;
        if let Some(Rational(w)) = &input.width {
            if *w <= hessian_kernels::Q::from_integer(0.into()) {
                return Err(MathError::Input {
                    path: "width".into(),
                    message: "must be positive".into(),
                });
            }
            let g = roots::square_free_part(&f, &ctx.budget)?;
            for r in found.iter_mut() {
                *r = roots::refine(&g, r, w, &ctx.budget)?;
            }
        }
        Ok(found
            .into_iter()
            .map(|r| Root {
                exact: r.lower == r.upper,
                lower: Rational(r.lower),
                upper: Rational(r.upper),
            })
            .collect())
    }
}
