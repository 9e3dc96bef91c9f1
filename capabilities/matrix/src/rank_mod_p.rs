use hessian_kernels::linalg;
use hessian_op::prelude::*;

pub struct RankModP;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// An integer matrix (at most 400×400).
    pub matrix: Matrix<Int, 400>,
    /// A prime p < 2^63; entries are read modulo p.
    pub p: Int,
}

impl Operation for RankModP {
    type Input = Input;
    /// The rank over the field with p elements.
    type Output = usize;
    const ID: &'static str = "matrix.rank_mod_p.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Rank of an integer matrix modulo a prime";
    const SUMMARY: &'static str =
        "Rank over the finite field F_p of an integer matrix, p a word-size prime.";
    const DESCRIPTION: &'static str = "Reduces an integer matrix modulo a prime p < 2^63 and returns its rank \
        over F_p. A modulus that is not prime is refused (domain_error): rank over Z/mZ for composite m is not \
        a field rank. At most 400×400.";
    const KEYWORDS: &'static [&'static str] = &[
        "rank mod p",
        "rank over finite field",
        "F_p",
        "GF(p)",
        "modular rank",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "rank of an integer matrix reduced modulo a prime",
        "how many independent rows when arithmetic is mod p",
        "independent rows of a 0-1 matrix when adding modulo 2",
        "rank of a whole-number matrix when working in remainders mod a prime",
        "find the dimension of a binary linear code from its generator matrix",
        "how do I compute matrix rank over GF(2) for a lights out puzzle",
    ];
    const ALIASES: &'static [&'static str] = &["rank mod p", "MatrixRank[m, Modulus -> p]"];
    const EXAMPLE: &'static str = r#"{"matrix": [[1, 2], [3, 4]], "p": 2}"#;
    const EXPECTED: &'static str = "1";

    fn run(input: Input, ctx: &Ctx) -> Result<usize, MathError> {
        let p = hessian_op::wire::word_prime(&input.p, "p", 63)?;
        let m = input.matrix.0.into_map(|x| x.0);
        Ok(linalg::rank_mod_p(&m, p, &ctx.budget)?)
    }
}
