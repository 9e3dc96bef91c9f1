//! Inputs shared by the family's operations.

use hessian_kernels::Q;
use hessian_kernels::Stop;
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

/// What a continuous law's operation returns at a point and at a level.
#[derive(Serialize, JsonSchema)]
pub struct LawOut {
    /// The density at `x`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pdf: Option<f64>,
    /// P(X ≤ x).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cdf: Option<f64>,
    /// P(X > x) = 1 − cdf, computed in its own tail (accurate where it is tiny).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sf: Option<f64>,
    /// The x with P(X ≤ x) = p.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quantile: Option<f64>,
    pub accuracy: String,
    pub check: String,
}

/// The accuracy the `….numeric` laws state and their tests hold.
pub const LAW_ACCURACY: &str = "relative error below 1e-12 for values above 1e-300 (float64; measured against mpmath at 50 digits)";

/// A law's values at `x` and its quantile at `p` (at least one given); the
/// law checks itself by its recurrence, and the quantile's own tail
/// probability must be p again to 10⁻⁹.
pub fn law_at(
    law: impl Fn(f64) -> Option<(f64, f64, f64)>,
    quantile: impl Fn(f64) -> Option<f64>,
    x: Option<f64>,
    p: Option<f64>,
) -> Result<LawOut, MathError> {
    let unconverged = || {
        MathError::Limit(
            "the value is beyond float64, or a series or continued fraction did not converge within 200,000 terms or failed its recurrence check".into(),
        )
    };
    if x.is_none() && p.is_none() {
        return Err(MathError::Input {
            path: "x".into(),
            message:
                "give `x` (density and probabilities at x) and/or `p` (the quantile at level p)"
                    .into(),
        });
    }
    let mut out = LawOut {
        pdf: None,
        cdf: None,
        sf: None,
        quantile: None,
        accuracy: LAW_ACCURACY.into(),
        check: String::new(),
    };
    let mut checks = Vec::new();
    if let Some(x) = x {
        let (pdf, cdf, sf) = law(x).ok_or_else(unconverged)?;
        (out.pdf, out.cdf, out.sf) = (Some(pdf), Some(cdf), Some(sf));
        checks.push("the probabilities agree with the incomplete function's recurrence in a, evaluated separately at a + 1");
    }
    if let Some(p) = p {
        if !(p > 0.0 && p < 1.0) {
            return Err(MathError::Input {
                path: "p".into(),
                message: format!("{p} is not a level strictly between 0 and 1"),
            });
        }
        let q = quantile(p).ok_or_else(unconverged)?;
        let (_, cdf, sf) = law(q).ok_or_else(unconverged)?;
        let (got, want) = if p > 0.5 { (sf, 1.0 - p) } else { (cdf, p) };
        if (got - want).abs() > 1e-9 * want {
            return Err(Stop::CheckFailed("the quantile's tail probability is not p").into());
        }
        out.quantile = Some(q);
        checks.push(
            "the quantile's tail probability re-evaluated (with that recurrence check) equals p",
        );
    }
    out.check = checks.join("; ");
    Ok(out)
}

/// A positive parameter within [least, most] (degrees of freedom, a
/// standard deviation).
pub fn positive(v: f64, path: &str, [least, most]: [f64; 2]) -> Result<f64, MathError> {
    if v > 0.0 && v >= least && v <= most {
        Ok(v)
    } else {
        Err(MathError::Input {
            path: path.into(),
            message: format!("{v} is not in [{least}, {most}]"),
        })
    }
}

/// A test's float p-value from a symmetric law's (cdf, sf) at the
/// observed statistic: two-sided is twice the tail beyond it, each tail
/// computed in its own range.
pub fn tail_p(alternative: Alternative, (cdf, sf): (f64, f64)) -> f64 {
    match alternative {
        Alternative::TwoSided => (2.0 * cdf.min(sf)).min(1.0),
        Alternative::Greater => sf,
        Alternative::Less => cdf,
    }
}

/// The answer of a t or z test.
#[derive(Serialize, JsonSchema)]
pub struct MeanTestOut {
    /// Which test ran.
    pub test: String,
    /// t (or z) as a float.
    pub statistic: f64,
    /// Its square, exact.
    pub statistic_squared: Rational,
    /// Degrees of freedom, exact (Welch's are fractional); absent for z.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub df: Option<Rational>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub df_decimal: Option<f64>,
    pub alternative: Alternative,
    pub p_value: f64,
    pub accuracy: String,
    pub check: String,
}

/// A two-way table of counts for the χ² operations: 2 to 100 rows and
/// columns, every row and column total positive (no expected count is 0).
pub type CountTable = hessian_op::wire::Matrix<hessian_op::wire::Bounded<0, 1_000_000_000>, 10_000>;

/// The table's counts, validated as [`CountTable`] says.
pub fn counts(table: CountTable) -> Result<Vec<Vec<hessian_kernels::BigInt>>, MathError> {
    let m = table.0;
    let (r, c) = (m.rows(), m.cols());
    let empty_row = (0..r).find(|&i| (0..c).all(|j| m[(i, j)].0 == 0));
    let empty_column = (0..c).find(|&j| (0..r).all(|i| m[(i, j)].0 == 0));
    let message = match (r.min(c) < 2 || r.max(c) > 100, empty_row, empty_column) {
        (true, _, _) => format!("is {r}×{c}; give 2 to 100 rows and columns"),
        (_, Some(i), _) => format!("row {i} has total 0: drop it (no expected counts)"),
        (_, _, Some(j)) => format!("column {j} has total 0: drop it (no expected counts)"),
        _ => {
            return Ok((0..r)
                .map(|i| {
                    (0..c)
                        .map(|j| hessian_kernels::BigInt::from(m[(i, j)].0))
                        .collect()
                })
                .collect());
        }
    };
    Err(MathError::Input {
        path: "table".into(),
        message,
    })
}
