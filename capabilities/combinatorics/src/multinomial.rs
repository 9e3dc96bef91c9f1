use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct Multinomial;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The block sizes k1, …, km ≥ 0; their sum n is at most 1,000,000.
    pub parts: List<Bounded<0, 1_000_000>, 10_000>,
}

impl Operation for Multinomial {
    type Input = Input;
    /// n!/(k1!⋯km!) with n = k1 + ⋯ + km.
    type Output = Int;
    const ID: &'static str = "combinatorics.multinomial.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Multinomial coefficient (n; k1, …, km)";
    const SUMMARY: &'static str =
        "n!/(k1!⋯km!): arrangements of a multiset, e.g. anagrams of a word.";
    const DESCRIPTION: &'static str = "Computes the multinomial coefficient n!/(k1!·k2!⋯km!) with n = Σ ki, the \
        number of ways to arrange a multiset with multiplicities ki (anagrams of MISSISSIPPI: parts [1, 4, 4, 2]), \
        as a product of binomials. n ≤ 1,000,000.";
    const KEYWORDS: &'static [&'static str] = &[
        "multinomial coefficient",
        "multiset permutations",
        "anagrams",
        "arrangements with repetition",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number of ways to split n items into groups of given sizes",
        "distinct arrangements of a word with repeated letters",
        "coefficient of a term in (x1 + ... + xk)^n",
        "how many different ways to rearrange the letters of MISSISSIPPI",
        "ways to hand out 12 different toys so kids get 5, 4 and 3",
        "probability setup for how many sequences of dice rolls give given face counts",
        "how do I count arrangements of a word with repeated letters",
    ];
    const ALIASES: &'static [&'static str] =
        &["multinomial", "Multinomial", "multinomial_coefficients"];
    const EXAMPLE: &'static str = r#"{"parts": [1, 4, 4, 2]}"#;
    const EXPECTED: &'static str = r#""34650""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        let ks: Vec<u64> = input.parts.0.iter().map(|k| k.0 as u64).collect();
        let n: u64 = ks.iter().sum();
        if n > 1_000_000 {
            return Err(MathError::Limit(format!(
                "the parts sum to {n}; at most 1,000,000"
            )));
        }
        let mut total = 0u64;
        let mut acc = hessian_kernels::BigUint::from(1u32);
        for k in ks {
            total += k;
            acc *= comb::binomial(total, k);
        }
        Ok(Int(acc.into()))
    }
}
