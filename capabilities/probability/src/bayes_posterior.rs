use hessian_kernels::Q;
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_traits::{One, Zero};

pub struct BayesPosterior;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Hypothesis {
    /// A name ("disease", "fair coin", "urn A").
    pub name: String,
    /// P(H) before the evidence.
    pub prior: Rational,
    /// P(evidence | H): how likely the observation is if H is true.
    pub likelihood: Rational,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Mutually exclusive hypotheses covering every case (priors summing to 1); 1 to 1,000.
    pub hypotheses: List<Hypothesis, 1000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Posterior {
    pub name: String,
    pub posterior: Value,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// P(H | evidence) for each hypothesis, in the input's order.
    pub posteriors: Vec<Posterior>,
    /// P(evidence) = Σ prior·likelihood (the law of total probability).
    pub evidence: Value,
    pub check: String,
}

impl Operation for BayesPosterior {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.bayes.posterior.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Bayes' theorem: posterior probabilities from priors and likelihoods";
    const SUMMARY: &'static str = "The exact posterior P(H | E) of each hypothesis from its prior P(H) and the likelihood P(E | H) of the evidence (medical tests, urns, false positives).";
    const DESCRIPTION: &'static str = "P(H | E) = P(E | H)·P(H) / P(E) with P(E) = Σ P(E | Hᵢ)·P(Hᵢ), exactly. A diagnostic test is two hypotheses: disease (prior = prevalence, likelihood = sensitivity for a positive result) and no disease (1 − prevalence, 1 − specificity). Checked: the posteriors sum to 1 and each times P(E) gives back prior·likelihood. Refused when P(E) = 0.";
    const KEYWORDS: &'static [&'static str] = &[
        "bayes",
        "bayes theorem",
        "posterior probability",
        "conditional probability",
        "false positive",
        "medical test",
        "sensitivity specificity",
        "prior and likelihood",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "a test is 99% sensitive and 95% specific for a disease with 1% prevalence, chance of disease given a positive test",
        "probability the coin is the two-headed one given it landed heads three times",
        "update my prior with this evidence using Bayes' rule",
    ];
    const ALIASES: &'static [&'static str] = &["bayes_rule", "posterior"];
    const EXAMPLE: &'static str = r#"{"hypotheses": [{"name": "disease", "prior": "0.01", "likelihood": "0.99"}, {"name": "healthy", "prior": "0.99", "likelihood": "0.05"}]}"#;
    const EXPECTED: &'static str = r#"{"posteriors": [{"name": "disease", "posterior": {"exact": "1/6", "decimal": "0.166666666666667"}}, {"name": "healthy", "posterior": {"exact": "5/6", "decimal": "0.833333333333333"}}], "evidence": {"exact": "297/5000", "decimal": "0.0594"}, "check": "the posteriors sum to 1 and each times P(E) gives back prior × likelihood"}"#;

    // Long run: check priors and likelihoods, total probability, divide, check.
    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let hs = input.hypotheses.0;
        for (i, h) in hs.iter().enumerate() {
            for (v, field) in [(&h.prior.0, "prior"), (&h.likelihood.0, "likelihood")] {
                if v < &Q::zero() || v > &Q::one() {
                    return Err(MathError::Input {
                        path: format!("hypotheses[{i}].{field}"),
                        message: format!("{v} is not a probability in [0, 1]"),
                    });
                }
            }
        }
        let priors = hs.iter().fold(Q::zero(), |s, h| s + &h.prior.0);
        if !priors.is_one() {
            return Err(MathError::Input {
                path: "hypotheses".into(),
                message: format!(
                    "the priors sum to {priors}, not 1: list every hypothesis (the complement too)"
                ),
            });
        }
        let joint: Vec<Q> = hs.iter().map(|h| &h.prior.0 * &h.likelihood.0).collect();
        let evidence = joint.iter().fold(Q::zero(), |s, j| s + j);
        if evidence.is_zero() {
            return Err(MathError::Domain(
                "the evidence has probability 0 under every hypothesis".into(),
            ));
        }
        let post: Vec<Q> = joint.iter().map(|j| j / &evidence).collect();
        let back = post.iter().zip(&joint).all(|(p, j)| p * &evidence == *j);
        if !back || !post.iter().fold(Q::zero(), |s, p| s + p).is_one() {
            return Err(Stop::CheckFailed("posteriors fail their check").into());
        }
        Ok(Output {
            posteriors: hs
                .into_iter()
                .zip(&post)
                .map(|(h, p)| Posterior {
                    name: h.name,
                    posterior: Value::of(p),
                })
                .collect(),
            evidence: Value::of(&evidence),
            check: "the posteriors sum to 1 and each times P(E) gives back prior × likelihood"
                .into(),
        })
    }
}
