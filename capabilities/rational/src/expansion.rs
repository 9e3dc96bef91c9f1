use hessian_kernels::rational;
use hessian_op::prelude::*;
use num_traits::Signed;

pub struct Expansion;

const MAX_DIGITS: usize = 100_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The rational to expand.
    pub q: Rational,
    /// The base, 2..36 (default 10).
    #[serde(default = "ten")]
    pub base: Bounded<2, 36>,
}

fn ten() -> Bounded<2, 36> {
    Bounded(10)
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// True when q < 0 (the digits describe |q|).
    pub negative: bool,
    /// The integer part of |q|.
    pub integer_part: Int,
    /// Fractional digits before the repeating block.
    pub pre_period: String,
    /// The shortest repeating block ("" when the expansion terminates).
    pub period: String,
    /// The whole expansion with the period in parentheses, e.g. "0.1(6)".
    pub text: String,
}

impl Operation for Expansion {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "rational.expansion.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str =
        "Decimal (or base-b) expansion of a rational with its repeating period";
    const SUMMARY: &'static str =
        "Exact decimal expansion of p/q: the digits before the period and the repeating block.";
    const DESCRIPTION: &'static str = "Expands q in base b (default 10): integer part, the pre-period (its length \
        is the largest power of a prime of b dividing the denominator) and the shortest repeating block (its \
        length is the order of b modulo the rest of the denominator), e.g. 1/6 = 0.1(6). Digits beyond 9 are \
        a–z. More than 100,000 fractional digits is limit_exceeded.";
    const KEYWORDS: &'static [&'static str] = &[
        "decimal expansion",
        "repeating decimal",
        "recurring decimal",
        "period of decimal",
        "to decimal",
        "binary expansion",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "decimal or base-b expansion of a fraction with its repeating part",
        "period of the repeating decimal",
        "which digits repeat forever when I write a fraction as a decimal",
        "exact decimal of 1/7 showing the repeating block",
        "write a fraction in binary or another base with its repeating cycle",
        "how long is the repeating part of 1/97 as a decimal",
    ];
    const ALIASES: &'static [&'static str] = &["RealDigits", "decimal expansion"];
    const EXAMPLE: &'static str = r#"{"q": "-22/7"}"#;
    const EXPECTED: &'static str = r#"{"negative": true, "integer_part": "3", "pre_period": "", "period": "142857", "text": "-3.(142857)"}"#;

    // Long run: renders the kernel's digit lists as text in the base.
    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let e =
            rational::expansion(&input.q.0, input.base.0 as u32, MAX_DIGITS).ok_or_else(|| {
                MathError::Limit(format!(
                    "the expansion has more than {MAX_DIGITS} fractional digits before it repeats"
                ))
            })?;
        let text = |ds: &[u32]| {
            ds.iter()
                .filter_map(|d| char::from_digit(*d, 36))
                .collect::<String>()
        };
        let (pre_period, period) = (text(&e.pre_period), text(&e.period));
        let integer_part = e.integer.to_str_radix(input.base.0 as u32);
        let negative = input.q.0.is_negative();
        let mut full = format!("{}{integer_part}", if negative { "-" } else { "" });
        if !pre_period.is_empty() || !period.is_empty() {
            full.push('.');
            full.push_str(&pre_period);
            if !period.is_empty() {
                full.push_str(&format!("({period})"));
            }
        }
        Ok(Output {
            negative,
            integer_part: Int(e.integer),
            pre_period,
            period,
            text: full,
        })
    }
}
