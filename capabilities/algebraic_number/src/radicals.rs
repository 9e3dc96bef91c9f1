use crate::wire::{Algebraic, NumberOut, refused, shown};
use hessian_kernels::poly::galois::Solvability;
use hessian_kernels::poly::radical_form::{Resolvent, cardano, ferrari};
use hessian_kernels::poly::solve::Radicals;
use hessian_op::algebraic::radical_verdict;
use hessian_op::expression::ExprOut;
use hessian_op::prelude::*;

pub struct RadicalForm;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The number: {"polynomial": "x^3 - 3*x + 1", "index": 0} or an
    /// expression.
    pub number: Algebraic,
}

/// Whether a radical form exists and was written.
#[derive(Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// `radicals` holds it, checked.
    Written,
    /// Proven impossible: the Galois group is not solvable.
    None,
    /// Not decided.
    Unknown,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub verdict: Verdict,
    /// The number by radicals (principal branches), when written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub radicals: Option<ExprOut>,
    pub number: NumberOut,
    /// How it was decided: the formula, the casus irreducibilis, the
    /// Galois argument.
    pub why: String,
}

impl Operation for RadicalForm {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "algebraic_number.radicals.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Express an algebraic number by radicals, or prove it cannot be";
    const SUMMARY: &'static str = "A radical expression for a root of a polynomial when one exists — quadratic formula, Cardano for cubics (casus irreducibilis stated), Ferrari for quartics — checked equal to the number; for degree ≥ 5 a proof from the Galois group that none exists, or unknown.";
    const DESCRIPTION: &'static str = "Degree 1 and 2: the rational value or (−b ± √Δ)/(2a). Degree 3: Cardano's formula s + ωᵏ·u − p/(3·ωᵏ·u) with u = ∛(−q/2 + √Δ) (principal branches, ω = (−1 + √3·i)/2); the k giving the number is found by evaluating each candidate exactly as an algebraic number and testing equality. With three real roots (Δ < 0) every radical form passes through non-real numbers: the casus irreducibilis, said so. Degree 4: Ferrari's formula −a/4 ∓ s/2 ± √w/2 with s = √(2m) for the largest root m of the resolvent cubic (rational when it has one, else by Cardano), each root proven a root by the factorization identity, the one that is the number picked by certified disks, and every square root written checked equal to its value; x⁴ + p x² + r takes y = ±√((−p ± √(p² − 4r))/2). Degree ≥ 5: not solvable when a Frobenius cycle type lies in no solvable transitive group (degree 5, 6, 7, and beyond by Jordan's theorem), else unknown. An input that is already a radical expression is returned as it is.";
    const KEYWORDS: &'static [&'static str] = &[
        "radicals",
        "solvable by radicals",
        "cardano",
        "cubic formula",
        "casus irreducibilis",
        "galois group",
        "quintic",
        "closed form root",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "write the real root of x^3 - x - 1 with radicals",
        "can the roots of this quintic be expressed by radicals",
        "cubic formula for a root",
        "write the root of a cubic using square and cube roots",
        "prove no formula with nth roots exists for this degree 5 equation's root",
        "turn a root given only by its polynomial into an explicit nested radical",
        "how do I express a root of this fourth degree equation with nested roots",
    ];
    const ALIASES: &'static [&'static str] =
        &["roots with radicals", "cardano", "RootOf to radicals"];
    const EXAMPLE: &'static str = r#"{"number": {"polynomial": "x^3 - x - 1", "index": 0}}"#;
    const EXPECTED: &'static str = r#"{"verdict": "written", "radicals": {"expression": "(sqrt(69)/18 + 1/2)^(1/3) + 1/(3*(sqrt(69)/18 + 1/2)^(1/3))", "latex": "\\sqrt[3]{\\frac{\\sqrt{69}}{18} + \\frac{1}{2}} + \\frac{1}{3 \\cdot \\sqrt[3]{\\frac{\\sqrt{69}}{18} + \\frac{1}{2}}}"}, "number": {"minimal_polynomial": {"coefficients": ["-1", "-1", "0", "1"], "polynomial": "x^3 - x - 1"}, "degree": 3, "root_of": {"polynomial": "x^3 - x - 1", "index": 0}, "multiplicity": 1, "real": true, "decimal": "1.3247179572447460260", "error_bound": "6e-20", "enclosure": {"kind": "interval", "lower": "1.32471795724474602596090885447747", "upper": "1.32471795724474602596090885447853"}}, "why": "Cardano's formula (Δ ≥ 0: one real root); the written expression, evaluated exactly, equals the number"}"#;

    // Long run: the verdict by degree, each written form checked by value.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let b = &ctx.budget;
        let n = input.number.number("number", b)?;
        let number = shown(&n, 20, b)?;
        if let Algebraic::Expression(e) = &input.number {
            return Ok(Output {
                verdict: Verdict::Written,
                radicals: Some(ExprOut::new(e)?),
                number,
                why: "the input is already an expression by radicals".into(),
            });
        }
        let (verdict, radicals, why) = match n.degree() {
            1 | 2 => (
                Verdict::Written,
                n.root.exact.clone(),
                "degree ≤ 2: the rational root or the quadratic formula".to_string(),
            ),
            3 => {
                let (e, casus) = cardano(&n, b)?.map_err(|r| refused(r, "number"))?;
                let why = if casus {
                    "Cardano's formula; casus irreducibilis: all three roots are real (Δ < 0), yet every expression by radicals passes through non-real numbers"
                } else {
                    "Cardano's formula (Δ ≥ 0: one real root)"
                };
                (Verdict::Written, Some(e), format!("{why}; the written expression, evaluated exactly, equals the number"))
            }
            4 => {
                let (e, resolvent) = ferrari(&n, b)?.map_err(|r| refused(r, "number"))?;
                let how = match resolvent {
                    Resolvent::Biquadratic => "a biquadratic quartic: y = ±√((−p ± √(p² − 4r))/2)",
                    Resolvent::Rational => "Ferrari's formula with a rational root of the resolvent cubic: square roots only",
                    Resolvent::Cubic { casus: false } => "Ferrari's formula, the resolvent cubic's real root by Cardano",
                    Resolvent::Cubic { casus: true } => "Ferrari's formula, the resolvent cubic's root by Cardano; casus irreducibilis: the resolvent has three real roots, so its cube roots pass through non-real numbers",
                };
                (Verdict::Written, Some(e), format!("{how}; a root by the factorization identity, picked out by certified disks"))
            }
            _ => match radical_verdict(&n.f, b)? {
                Radicals::None(Solvability::NotSolvable { prime, degrees, why }) => (
                    Verdict::None,
                    None,
                    format!("not solvable by radicals: modulo {prime} the minimal polynomial factors with degrees {degrees:?}, the cycle type of a Frobenius element of its Galois group (Dedekind), and {why}"),
                ),
                _ => (
                    Verdict::Unknown,
                    None,
                    "no cycle type excludes a solvable Galois group (it may be solvable); radical forms of degree ≥ 5 are not computed".into(),
                ),
            },
        };
        Ok(Output {
            verdict,
            radicals: radicals.as_ref().map(ExprOut::new).transpose()?,
            number,
            why,
        })
    }
}
