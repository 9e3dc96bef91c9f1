use crate::wire::Chain;
use hessian_kernels::expr::Expr;
use hessian_kernels::linalg::{
    Terms, multiply, power, power_closed_form, power_terms_at, term_text,
};
use hessian_kernels::probability::markov;
use hessian_kernels::{Mat, Q};
use hessian_op::prelude::*;
use hessian_op::wire::{SquareMatrix, rows_of};
use num_traits::{One, Zero};

pub struct MarkovChainNStep;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Row i holds the probabilities of moving from state i to each state (exact rationals, rows summing to 1); at most 200 states.
    pub transition: SquareMatrix<Rational, 200>,
    /// Names of the states, in order (default 0, 1, 2, …).
    #[serde(default)]
    pub states: Option<List<String, 200>>,
    /// The number of steps n (0 to 1,000,000). Omitted: Pⁿ as formulas in n, when every eigenvalue of P is rational (at most 20 states).
    #[serde(default)]
    pub steps: Option<Bounded<0, 1_000_000>>,
    /// Also the distribution after n steps from this starting distribution (one probability per state, summing to 1).
    #[serde(default)]
    pub initial: Option<List<Rational, 200>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Pⁿ: entry (i, j) is the probability of being in state j after n steps from state i (`steps` given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matrix: Option<Vec<Vec<Rational>>>,
    /// Pⁿ as formulas in n: sums of λⁿ times polynomials in n (`steps` omitted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub formula: Option<Vec<Vec<String>>>,
    /// The formulas hold for every n ≥ valid_from (0 unless 0 is an eigenvalue of P; then the size of its largest Jordan block).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valid_from: Option<usize>,
    pub states: Vec<String>,
    /// initial·Pⁿ, when `initial` was given: numbers with `steps`, formulas in n without.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distribution: Option<Vec<String>>,
    pub check: String,
}

/// Largest chain written in closed form.
const MAX_CLOSED_FORM: usize = 20;

impl Operation for MarkovChainNStep {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.markov_chain.n_step.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "n-step transition probabilities of a Markov chain (Pⁿ), exactly";
    const SUMMARY: &'static str = "The exact n-step transition matrix Pⁿ of a finite Markov chain for a given n, or as formulas in n when the spectrum is rational, and the distribution after n steps from a starting distribution.";
    const DESCRIPTION: &'static str = "Pⁿ by repeated squaring over the integers (P = M/d, Pⁿ = Mⁿ/dⁿ, reduced once); refused with limit_exceeded when an entry would pass 2¹⁸ bits. Checked: every row of Pⁿ sums to 1, and Pⁿ agrees entry by entry with (d·P)ⁿ/dⁿ computed separately by square-and-multiply modulo the prime 2⁶¹ − 1. Without `steps`, Pⁿ = Σ_λ λⁿ·Q_λ(n) from the exact Jordan form (every eigenvalue rational, at most 20 states; otherwise refused, give `steps`), proven without trusting the similarity: P·Q_λ(n) = λ·Q_λ(n + 1) as polynomials and the formula equals P^valid_from exactly. At most 200 states and 10⁶ steps.";
    const KEYWORDS: &'static [&'static str] = &[
        "n-step transition",
        "transition matrix power",
        "P^n",
        "after n steps",
        "chapman kolmogorov",
        "markov chain",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "probability of being in state 2 after 5 steps starting from state 0",
        "two step transition matrix of this markov chain",
        "distribution of the chain after 10 steps from this start",
        "closed form formula for the n-step transition probabilities",
        "probability of being back in state 0 after n steps as a function of n",
    ];
    const ALIASES: &'static [&'static str] = &["matrix_power(P, n)", "P^n"];
    const EXAMPLE: &'static str =
        r#"{"transition": [["1/2", "1/2"], ["1/4", "3/4"]], "steps": 3, "initial": [1, 0]}"#;
    const EXPECTED: &'static str = r#"{"matrix": [["11/32", "21/32"], ["21/64", "43/64"]], "states": ["0", "1"], "distribution": ["11/32", "21/32"], "check": "every row of Pⁿ sums to 1, and each entry agrees with (d·P)ⁿ/dⁿ computed separately modulo 2⁶¹ − 1"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (p, names) = Chain {
            transition: input.transition,
            states: input.states,
        }
        .read()?;
        let initial = match input.initial {
            Some(init) => Some(starting(
                init.0.into_iter().map(|r| r.0).collect(),
                p.rows(),
            )?),
            None => None,
        };
        match input.steps {
            Some(steps) => at_steps(&p, steps.0 as u64, names, initial, ctx),
            None => closed_form(&p, names, initial, ctx),
        }
    }
}

/// A starting distribution: n probabilities ≥ 0 summing to 1.
fn starting(x: Vec<Q>, n: usize) -> Result<Vec<Q>, MathError> {
    let total = x.iter().fold(Q::zero(), |s, a| s + a);
    if x.len() != n || !total.is_one() || x.iter().any(|a| a < &Q::zero()) {
        return Err(MathError::Input {
            path: "initial".into(),
            message: format!(
                "give {n} probabilities ≥ 0 summing to 1 (got {} summing to {total})",
                x.len()
            ),
        });
    }
    Ok(x)
}

/// Pⁿ for the given n, checked by row sums and modulo 2⁶¹ − 1.
fn at_steps(
    p: &Mat<Q>,
    steps: u64,
    names: Vec<String>,
    initial: Option<Vec<Q>>,
    ctx: &Ctx,
) -> Result<Output, MathError> {
    let n = p.rows();
    let pn = match power(p, steps as i64, &ctx.budget)? {
        Ok(Some(m)) => m,
        Ok(None) => {
            return Err(Stop::CheckFailed("a non-negative power of P was refused").into());
        }
        Err(bits) => {
            return Err(MathError::Limit(format!(
                "Pⁿ would hold entries of {bits} bits; at most 2^18"
            )));
        }
    };
    let rows_sum = (0..n).all(|i| pn.row(i).iter().fold(Q::zero(), |s, x| s + x).is_one());
    if !rows_sum {
        return Err(Stop::CheckFailed("a row of Pⁿ does not sum to 1").into());
    }
    markov::check_power(p, steps, &pn, &ctx.budget)?;
    let distribution = initial.map(|x| {
        (0..n)
            .map(|j| {
                let v = (0..n).fold(Q::zero(), |s, i| s + &x[i] * &pn[(i, j)]);
                Rational(v).to_string()
            })
            .collect()
    });
    Ok(Output {
        matrix: Some(rows_of(pn)),
        formula: None,
        valid_from: None,
        states: names,
        distribution,
        check: "every row of Pⁿ sums to 1, and each entry agrees with (d·P)ⁿ/dⁿ computed separately modulo 2⁶¹ − 1".into(),
    })
}

/// Pⁿ = Σ_λ λⁿ·Q_λ(n), proven by the kernel (recurrence and first value).
fn closed_form(
    p: &Mat<Q>,
    names: Vec<String>,
    initial: Option<Vec<Q>>,
    ctx: &Ctx,
) -> Result<Output, MathError> {
    let n = p.rows();
    if n > MAX_CLOSED_FORM {
        return Err(MathError::Limit(format!(
            "{n} states: Pⁿ is written as formulas in n for at most {MAX_CLOSED_FORM}; give `steps`"
        )));
    }
    let (terms, from) = power_closed_form(p, &ctx.budget)?.ok_or_else(|| {
        MathError::Domain(
            "an eigenvalue of P is not rational, so Pⁿ has no closed form over the rationals; give `steps` for Pⁿ at a given n".into(),
        )
    })?;
    let base = |l: &Q| Expr::pow(Expr::num(l.clone()), Expr::sym("n"));
    // initial·Q_λ(n), coefficient by coefficient, as a one-row matrix;
    // checked against initial·Pᵏ at k = valid_from, +1, +2 (the matrix
    // terms are proven by the kernel; this checks their image).
    let distribution = match initial {
        None => None,
        Some(x) => {
            let row: Terms = terms
                .iter()
                .map(|(l, q)| {
                    let q = q
                        .iter()
                        .map(|m| {
                            Mat::from_fn(1, n, |_, j| {
                                (0..n).fold(Q::zero(), |s, i| s + &x[i] * &m[(i, j)])
                            })
                        })
                        .collect();
                    (l.clone(), q)
                })
                .collect();
            let mut direct = Mat::from_fn(1, n, |_, j| x[j].clone());
            for k in 0..from + 3 {
                if k >= from && power_terms_at(&row, k).is_some_and(|v| v != direct) {
                    return Err(Stop::CheckFailed(
                        "the distribution's formulas differ from initial·Pⁿ",
                    )
                    .into());
                }
                direct = multiply(&direct, p, &ctx.budget)?;
            }
            Some((0..n).map(|j| term_text(&row, 0, j, "n", &base)).collect())
        }
    };
    Ok(Output {
        matrix: None,
        formula: Some(
            (0..n)
                .map(|r| {
                    (0..n)
                        .map(|c| term_text(&terms, r, c, "n", &base))
                        .collect()
                })
                .collect(),
        ),
        valid_from: Some(from),
        states: names,
        distribution,
        check: format!(
            "P·Q_λ(n) = λ·Q_λ(n + 1) for every eigenvalue λ ≠ 0 as a polynomial identity, and the formula at n = {from} equals P^{from} exactly: by induction it holds for every n ≥ {from}"
        ),
    })
}
