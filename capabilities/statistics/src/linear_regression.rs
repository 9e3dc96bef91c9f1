use crate::wire::data;
use hessian_kernels::statistics::regression::{self, Fit};
use hessian_kernels::{Mat, Q};
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_traits::{One, Zero};

pub struct LinearRegression;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The responses, one per observation; at most 10,000.
    pub y: List<Rational, 10_000>,
    /// One predictor: its value for each observation (simple regression).
    #[serde(default)]
    pub x: Option<List<Rational, 10_000>>,
    /// Or several: one row of predictor values per observation (multiple regression, at most 20 predictors).
    #[serde(default)]
    pub predictors: Option<List<List<Rational, 20>, 10_000>>,
    /// Names of the predictors, for the output (default x, or x1, x2, …).
    #[serde(default)]
    pub names: Option<List<String, 20>>,
    /// Fit an intercept (default true).
    #[serde(default = "yes")]
    pub intercept: bool,
}

fn yes() -> bool {
    true
}

#[derive(Serialize, JsonSchema)]
pub struct Coefficient {
    pub name: String,
    pub value: Value,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The fitted line or plane, e.g. "y = 3/5*x + 11/5".
    pub equation: String,
    /// The intercept first (named "intercept") when fitted, then one per predictor.
    pub coefficients: Vec<Coefficient>,
    /// Observed minus fitted, per observation.
    pub residuals: Vec<Rational>,
    pub residual_sum_of_squares: Rational,
    /// 1 − RSS/Σ(y − ȳ)² (with an intercept; absent when y is constant).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r_squared: Option<Value>,
    pub check: String,
}

/// "y = b0 + b1*x1 + …" from named coefficients.
pub fn equation(terms: &[(String, Q)]) -> String {
    let mut out = String::from("y =");
    for (i, (name, c)) in terms.iter().enumerate() {
        let (sign, c) = if c < &Q::zero() {
            ("-", -c)
        } else {
            ("+", c.clone())
        };
        let part = if name == "intercept" {
            c.to_string()
        } else if c.is_one() {
            name.clone()
        } else {
            format!("{c}*{name}")
        };
        match (i, sign) {
            (0, "-") => out += &format!(" -{part}"),
            (0, _) => out += &format!(" {part}"),
            _ => out += &format!(" {sign} {part}"),
        }
    }
    out
}

/// R² = 1 − RSS/TSS, when y varies.
pub fn r_squared(fit: &Fit) -> Option<Value> {
    (!fit.ss_total.is_zero()).then(|| Value::of(&(Q::one() - &fit.ss_residual / &fit.ss_total)))
}

impl Operation for LinearRegression {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.linear_regression.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Linear regression (least squares line or plane), exactly";
    const SUMMARY: &'static str = "The exact least-squares fit y = b0 + b1·x (or several predictors): coefficients, residuals, residual sum of squares and R².";
    const DESCRIPTION: &'static str = "Ordinary least squares over the rationals: β solves the normal equations XᵀX·β = Xᵀy exactly (X has a column of ones when `intercept` is true). Checked: the residuals are orthogonal to every column of X, Xᵀ(y − X·β) = 0, recomputed exactly — the defining property of the least-squares solution. Refused when the predictors are linearly dependent (no unique fit). At most 10,000 observations and 20 predictors.";
    const KEYWORDS: &'static [&'static str] = &[
        "linear regression",
        "least squares",
        "line of best fit",
        "regression line",
        "slope and intercept",
        "trend line",
        "multiple regression",
        "r squared",
        "ols",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "line of best fit through these points",
        "regress y on x",
        "least squares slope and intercept",
        "fit a straight line to my data and give r squared",
    ];
    const ALIASES: &'static [&'static str] =
        &["linregress", "lm", "LINEST", "polyfit deg 1", "ols"];
    const EXAMPLE: &'static str = r#"{"x": [1, 2, 3, 4, 5], "y": [2, 4, 5, 4, 5]}"#;
    const EXPECTED: &'static str = r#"{"equation": "y = 11/5 + 3/5*x", "coefficients": [{"name": "intercept", "value": {"exact": "11/5", "decimal": "2.2"}}, {"name": "x", "value": {"exact": "3/5", "decimal": "0.6"}}], "residuals": ["-4/5", "3/5", "1", "-3/5", "-1/5"], "residual_sum_of_squares": "12/5", "r_squared": {"exact": "3/5", "decimal": "0.6"}, "check": "Xᵀ(y − X·β) = 0: the residuals are orthogonal to every column, recomputed exactly"}"#;

    // Long run: read x or the predictor rows into X, fit, name the terms.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let ys = data(input.y, "y")?;
        let rows: Vec<Vec<Q>> = match (input.x, input.predictors) {
            (Some(x), None) => x.0.into_iter().map(|v| vec![v.0]).collect(),
            (None, Some(p)) => {
                p.0.into_iter()
                    .map(|r| r.0.into_iter().map(|v| v.0).collect())
                    .collect()
            }
            _ => {
                return Err(MathError::Input {
                    path: "x".into(),
                    message: "give `x` (one predictor) or `predictors` (one row per observation), not both".into(),
                });
            }
        };
        let flat: Vec<Q> = rows.iter().flatten().cloned().collect();
        crate::wire::sized(&flat, "predictors")?;
        let k = rows.first().map_or(0, Vec::len);
        if rows.len() != ys.len() || rows.iter().any(|r| r.len() != k) {
            return Err(MathError::Input {
                path: "predictors".into(),
                message: format!(
                    "give one row of {k} predictor values per observation ({} observations)",
                    ys.len()
                ),
            });
        }
        let mut names: Vec<String> = match input.names {
            Some(n) if n.0.len() == k => n.0,
            Some(n) => {
                return Err(MathError::Input {
                    path: "names".into(),
                    message: format!("{} names for {k} predictors", n.0.len()),
                });
            }
            None if k == 1 => vec!["x".into()],
            None => (1..=k).map(|i| format!("x{i}")).collect(),
        };
        if input.intercept {
            names.insert(0, "intercept".into());
        }
        let columns = names.len();
        let x = Mat::from_fn(ys.len(), columns, |i, j| match (input.intercept, j) {
            (true, 0) => Q::one(),
            (true, j) => rows[i][j - 1].clone(),
            (false, j) => rows[i][j].clone(),
        });
        let fit = regression::least_squares(&x, &ys, &ctx.budget)?.ok_or_else(|| {
            MathError::Domain("the predictors (with the intercept's column of ones) are linearly dependent: no unique least-squares fit".into())
        })?;
        let terms: Vec<(String, Q)> = names
            .into_iter()
            .zip(fit.coefficients.iter().cloned())
            .collect();
        Ok(Output {
            equation: equation(&terms),
            coefficients: terms
                .iter()
                .map(|(n, c)| Coefficient {
                    name: n.clone(),
                    value: Value::of(c),
                })
                .collect(),
            r_squared: if input.intercept {
                r_squared(&fit)
            } else {
                None
            },
            residual_sum_of_squares: Rational(fit.ss_residual),
            residuals: fit.residuals.into_iter().map(Rational).collect(),
            check:
                "Xᵀ(y − X·β) = 0: the residuals are orthogonal to every column, recomputed exactly"
                    .into(),
        })
    }
}
