use hessian_kernels::{BigInt, Q};
use hessian_op::prelude::*;
use num_integer::Integer;
use num_traits::{One, Signed};

pub struct Round;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The rational to round.
    pub q: Rational,
    /// Decimal places to keep (0 rounds to an integer; negative rounds to tens, hundreds…).
    #[serde(default)]
    pub places: Bounded<-10_000, 10_000>,
    /// How to break exact ties (default half_even).
    #[serde(default)]
    pub mode: Mode,
}

/// Tie-breaking rule: only exact halves are affected.
#[derive(Deserialize, JsonSchema, Default, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Ties to the even neighbour (banker's rounding, IEEE 754 default): 5/2 → 2.
    #[default]
    HalfEven,
    /// Ties away from zero (school rounding): 5/2 → 3, −5/2 → −3.
    HalfAwayFromZero,
    /// Ties toward +∞: −5/2 → −2.
    HalfUp,
    /// Ties toward −∞: 5/2 → 2.
    HalfDown,
}

impl Operation for Round {
    type Input = Input;
    /// The nearest multiple of 10^(−places), as an exact rational.
    type Output = Rational;
    const ID: &'static str = "rational.round.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Round a rational to an integer or to decimal places";
    const SUMMARY: &'static str =
        "Nearest integer (or multiple of 10^−places) with a stated tie rule, default half-even.";
    const DESCRIPTION: &'static str = "Rounds q to the nearest multiple of 10^(−places) (places = 0: the nearest \
        integer). Exact ties follow `mode`: half_even (default, banker's rounding), half_away_from_zero \
        (school rounding), half_up (toward +∞) or half_down (toward −∞). The result is exact: \
        round(2/3, places 3) = \"333/500\" (0.667).";
    const KEYWORDS: &'static [&'static str] = &[
        "round",
        "nearest integer",
        "rounding",
        "decimal places",
        "bankers rounding",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "nearest integer to a fraction with a tie rule",
        "round a rational number",
        "round a fraction to the nearest whole number or to two decimals",
        "nearest integer to a fraction, choosing how to break exact halves",
        "round a money amount given as a fraction to cents with banker's rounding",
        "how do I round 5/2 when it is exactly halfway",
    ];
    const ALIASES: &'static [&'static str] = &["round", "Round"];
    const EXAMPLE: &'static str = r#"{"q": "5/2", "mode": "half_away_from_zero"}"#;
    const EXPECTED: &'static str = r#""3""#;

    // Long run: the four tie-breaking modes on one comparison with 1/2 are the contract.
    fn run(input: Input, _ctx: &Ctx) -> Result<Rational, MathError> {
        let places = input.places.0;
        let scale = Q::from(num_traits::pow(
            BigInt::from(10),
            places.unsigned_abs() as usize,
        ));
        let scale = if places >= 0 { scale } else { scale.recip() };
        let x = &input.q.0 * &scale;
        let fl = x.floor().to_integer();
        let frac = &x - Q::from(fl.clone());
        let half = Q::new(BigInt::one(), BigInt::from(2));
        let up = match frac.cmp(&half) {
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Equal => match input.mode {
                Mode::HalfEven => fl.is_odd(),
                Mode::HalfAwayFromZero => !x.is_negative(),
                Mode::HalfUp => true,
                Mode::HalfDown => false,
            },
        };
        let n = if up { fl + 1 } else { fl };
        Ok(Rational(Q::from(n) / scale))
    }
}
