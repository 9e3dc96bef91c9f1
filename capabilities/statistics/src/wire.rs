//! Inputs shared by the family's operations.

use hessian_kernels::Q;
use hessian_kernels::statistics::null::{PValues, Refused};
use hessian_op::MathError;
use hessian_op::StaticQuestion;
use hessian_op::wire::{List, Rational};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Most bits of a list's numbers together (numerators and denominators).
pub const MAX_BITS: u64 = 2_000_000;

/// Most bits of a list's denominators together: they bound the common
/// denominator of every sum, and each addition's gcd costs the square of
/// its size.
pub const MAX_DENOMINATOR_BITS: u64 = 50_000;

/// Data as exact numbers, at least one (`path` names the field), within
/// [`MAX_BITS`] and [`MAX_DENOMINATOR_BITS`].
pub fn data<const N: usize>(list: List<Rational, N>, path: &str) -> Result<Vec<Q>, MathError> {
    if list.0.is_empty() {
        return Err(MathError::Input {
            path: path.into(),
            message: "is empty; give at least one number".into(),
        });
    }
    let xs: Vec<Q> = list.0.into_iter().map(|r| r.0).collect();
    sized(&xs, path)?;
    Ok(xs)
}

/// Numbers within [`MAX_BITS`] and [`MAX_DENOMINATOR_BITS`].
pub fn sized(xs: &[Q], path: &str) -> Result<(), MathError> {
    let denominators: u64 = xs
        .iter()
        .filter(|x| !x.is_integer())
        .map(|x| x.denom().bits())
        .sum();
    let all: u64 = xs.iter().map(|x| x.numer().bits() + x.denom().bits()).sum();
    if denominators > MAX_DENOMINATOR_BITS || all > MAX_BITS {
        return Err(MathError::Limit(format!(
            "`{path}` has {all} bits of numbers, {denominators} of them in denominators; at most {MAX_BITS} and {MAX_DENOMINATOR_BITS}"
        )));
    }
    Ok(())
}

/// Two lists of the same length (paired data), named as the input names them.
pub fn pairs<const N: usize>(
    x: List<Rational, N>,
    y: List<Rational, N>,
    least: usize,
    [xn, yn]: [&str; 2],
) -> Result<(Vec<Q>, Vec<Q>), MathError> {
    let (x, y) = (data(x, xn)?, data(y, yn)?);
    if x.len() != y.len() {
        return Err(MathError::Input {
            path: yn.into(),
            message: format!(
                "has {} values and `{xn}` has {}: give pairs",
                y.len(),
                x.len()
            ),
        });
    }
    if x.len() < least {
        return Err(MathError::Input {
            path: xn.into(),
            message: format!("has {} values; give at least {least} pairs", x.len()),
        });
    }
    Ok((x, y))
}

/// Whose variance: the data are the whole population (divide by n) or a
/// sample from a larger one (divide by n − 1, Bessel's correction).
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Σ(x − x̄)²/n: the data are everything there is.
    Population,
    /// Σ(x − x̄)²/(n − 1): the data are a sample (Excel VAR.S, R var, pandas).
    Sample,
}

/// Population or sample is the caller's question, not ours: the two
/// differ by n/(n − 1), textbooks and libraries default differently
/// (NumPy population, R and pandas sample), and a silent default returns
/// the other one's number with confidence. A static plan asks it.
pub const ASK_KIND: &[StaticQuestion] = &[StaticQuestion {
    key: "kind",
    message: "Are the data the whole population (divide by n) or a sample from a larger one (divide by n − 1)?",
    form: r#"{"type": "object", "properties": {"kind": {"type": "string", "title": "Population or sample", "enum": ["population", "sample"]}}, "required": ["kind"]}"#,
    example: r#""sample""#,
}];

/// The kind, given or asked (the plan asks before run when absent).
pub fn kind(k: Option<Kind>) -> Result<Kind, MathError> {
    k.ok_or_else(|| MathError::Input {
        path: "kind".into(),
        message: "is missing; choose population or sample".into(),
    })
}

/// Σ(x − x̄)² divided as the kind says; n = 1 has no sample variance.
pub fn divide(squares: &Q, n: usize, kind: Kind) -> Result<Q, MathError> {
    let d = match kind {
        Kind::Population => n,
        Kind::Sample if n < 2 => {
            return Err(MathError::Domain(
                "a sample variance needs at least 2 values (it divides by n − 1)".into(),
            ));
        }
        Kind::Sample => n - 1,
    };
    Ok(squares / Q::from_integer(d.into()))
}

/// The input of the variance and the standard deviation.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sample {
    /// The data: exact numbers (integers, decimals such as "2.5", fractions such as "1/3"); at most 100,000.
    pub data: List<Rational, 100_000>,
    /// population (divide by n) or sample (divide by n − 1). Asked when absent.
    #[serde(default)]
    pub kind: Option<Kind>,
}

/// The kind (asked when absent), the mean, Σ(x − x̄)² and the variance.
pub fn variance(
    input: Sample,
    budget: &hessian_kernels::Budget,
) -> Result<(Kind, usize, Q, Q, Q), MathError> {
    let kind = kind(input.kind)?;
    let xs = data(input.data, "data")?;
    let (mean, squares) = hessian_kernels::statistics::describe::spread(&xs, budget)?;
    let variance = divide(&squares, xs.len(), kind)?;
    Ok((kind, xs.len(), mean, squares, variance))
}

/// Which departure from the null hypothesis a test looks for.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Alternative {
    /// Either direction (the default, as in SciPy and R).
    #[default]
    #[serde(alias = "two-sided")]
    TwoSided,
    /// The statistic is larger than the null predicts.
    Greater,
    /// The statistic is smaller than the null predicts.
    Less,
}

impl Alternative {
    /// The p-value this alternative reads.
    pub fn pick(self, p: PValues) -> Q {
        match self {
            Alternative::TwoSided => p.two_sided,
            Alternative::Greater => p.greater,
            Alternative::Less => p.less,
        }
    }
}

/// A null distribution too large to count is a limit, not a failure.
pub fn refused(r: Refused) -> MathError {
    match r {
        Refused::TooLarge(why) => MathError::Limit(why),
        Refused::Stopped(s) => s.into(),
    }
}
