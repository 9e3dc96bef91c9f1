use hessian_kernels::{BigInt, integer};
use hessian_op::prelude::*;
use num_traits::One;

pub struct ChineseRemainder;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The residues rᵢ (1 to 100).
    pub residues: List<Int, 100>,
    /// The moduli mᵢ ≥ 1, one per residue; they need not be coprime.
    pub moduli: List<Int, 100>,
}

/// All x with x ≡ rᵢ (mod mᵢ) for every i.
#[derive(Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Output {
    /// Exactly the integers ≡ `solution` modulo `modulus` (= lcm of the moduli);
    /// `solution` is the least non-negative one.
    Solution { solution: Int, modulus: Int },
    /// The congruences contradict each other: `conflict` names two of them (0-based).
    None { conflict: [usize; 2] },
}

impl Operation for ChineseRemainder {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "integer.chinese_remainder.solve";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Chinese remainder theorem for general moduli";
    const SUMMARY: &'static str =
        "Solve x ≡ rᵢ (mod mᵢ) for any moduli, coprime or not, or show there is no solution.";
    const DESCRIPTION: &'static str = "Combines simultaneous congruences x ≡ rᵢ (mod mᵢ). The moduli need not be \
        pairwise coprime: the answer is a residue modulo lcm(mᵢ) (status `solution`), or status `none` with two \
        congruences that conflict (they disagree modulo the gcd of their moduli).";
    const KEYWORDS: &'static [&'static str] = &[
        "crt",
        "chinese remainder theorem",
        "simultaneous congruences",
        "system of congruences",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number that leaves given remainders when counted in twos, threes, fours",
        "find a number with given remainders for several moduli",
        "solve simultaneous congruences",
        "combine congruences into one modulo the product",
        "eggs leave remainder 1 in twos, 2 in threes, 3 in fours, how many",
        "find a day that fits several repeating calendar cycles at once",
        "combine remainders from several divisions into one number",
        "is there a number with these remainders, and what is it",
    ];
    const ALIASES: &'static [&'static str] = &["crt", "ChineseRemainder", "chinese"];
    const EXAMPLE: &'static str = r#"{"residues": [2, 3, 2], "moduli": [3, 5, 7]}"#;
    const EXPECTED: &'static str = r#"{"status": "solution", "solution": "23", "modulus": "105"}"#;

    // Long run: two refusals at their paths (lengths, moduli ≥ 1), then one kernel call.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (rs, ms) = (input.residues.0, input.moduli.0);
        if rs.len() != ms.len() {
            return Err(MathError::Input {
                path: "moduli".into(),
                message: format!(
                    "{} moduli for {} residues; give one modulus per residue",
                    ms.len(),
                    rs.len()
                ),
            });
        }
        if let Some(i) = ms.iter().position(|m| m.0 < BigInt::one()) {
            return Err(MathError::Input {
                path: format!("moduli[{i}]"),
                message: "every modulus must be at least 1".into(),
            });
        }
        let rs: Vec<BigInt> = rs.into_iter().map(|r| r.0).collect();
        let ms: Vec<BigInt> = ms.into_iter().map(|m| m.0).collect();
        Ok(match integer::chinese_remainder(&rs, &ms, &ctx.budget)? {
            Ok((x, m)) => Output::Solution {
                solution: Int(x),
                modulus: Int(m),
            },
            Err(conflict) => Output::None { conflict },
        })
    }
}
