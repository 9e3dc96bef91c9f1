use crate::MAX_SPECTRAL_ORDER;
use hessian_kernels::linalg::{self, Differs, Similarity as Verdict};
use hessian_op::prelude::*;
use hessian_op::wire::{PolyOut, rows_of, to_q};

pub struct Similarity;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A, square, exact rationals (order at most 20).
    pub a: SquareMatrix<Rational, MAX_SPECTRAL_ORDER>,
    /// B, square, exact rationals (order at most 20).
    pub b: SquareMatrix<Rational, MAX_SPECTRAL_ORDER>,
}

/// A similarity invariant on which A and B differ.
#[derive(Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Evidence {
    /// The orders differ.
    Order { a: usize, b: usize },
    /// det(x·I − A) ≠ det(x·I − B).
    CharacteristicPolynomial { a: PolyOut, b: PolyOut },
    /// rank p(A)ᵏ ≠ rank p(B)ᵏ (ranks are kept by similarity).
    Rank {
        factor: PolyOut,
        power: usize,
        rank_a: usize,
        rank_b: usize,
    },
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// null when no conjugating matrix was found although every invariant
    /// agrees (never observed).
    pub similar: Option<bool>,
    /// X invertible with X⁻¹·A·X = B.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conjugator: Option<Rows<Rational>>,
    /// Why not similar.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Evidence>,
    pub check: String,
}

impl Operation for Similarity {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.similarity.decide";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Are two rational matrices similar? With a conjugating matrix";
    const SUMMARY: &'static str = "Decides whether B = X⁻¹·A·X for an invertible rational X: yes with X (checked A·X = X·B, det X ≠ 0), no with an invariant that differs (characteristic polynomial, or the rank of p(A)ᵏ against p(B)ᵏ).";
    const DESCRIPTION: &'static str = "Similar over Q exactly when the invariant factors agree (similarity over C is the same for rational matrices). Both matrices' characteristic polynomials are compared, then for each irreducible factor p the ranks of p(A)ᵏ and p(B)ᵏ, which determine the Jordan structure. When all agree, both are brought to the same Frobenius form, A·Pa = Pa·C and B·Pb = Pb·C, and X = Pa·Pb⁻¹. Order at most 20.";
    const KEYWORDS: &'static [&'static str] = &[
        "similar matrices",
        "similarity",
        "conjugate matrices",
        "change of basis",
        "conjugating matrix",
        "same jordan form",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "are these two matrices similar",
        "find P with P^-1 A P = B",
        "do two matrices describe the same transformation in different coordinates",
        "is one matrix just another one after a change of basis, and which basis",
        "check whether two linear systems are equivalent up to a coordinate change",
        "is there an invertible X with X inverse A X equal to B",
    ];
    const ALIASES: &'static [&'static str] = &["is_similar", "similar"];
    const EXAMPLE: &'static str =
        r#"{"a": [["1", "1"], ["0", "2"]], "b": [["2", "0"], ["0", "1"]]}"#;
    const EXPECTED: &'static str = r#"{"similar": true, "conjugator": [["48", "-37"], ["48", "0"]], "check": "A·X = X·B exactly with det X ≠ 0"}"#;

    // Long run: the verdict with its evidence reshaped for the wire.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (a, b) = (to_q(input.a.0), to_q(input.b.0));
        let check = "A·X = X·B exactly with det X ≠ 0".to_string();
        Ok(match linalg::similarity(&a, &b, &ctx.budget)? {
            Verdict::Similar(x) => Output {
                similar: Some(true),
                conjugator: Some(rows_of(x)),
                evidence: None,
                check,
            },
            Verdict::NotSimilar(differs, structures) => {
                let evidence = match differs {
                    Differs::Order => Evidence::Order {
                        a: a.rows(),
                        b: b.rows(),
                    },
                    Differs::Charpoly => Evidence::CharacteristicPolynomial {
                        a: PolyOut::new(structures.0.charpoly, "x"),
                        b: PolyOut::new(structures.1.charpoly, "x"),
                    },
                    Differs::Rank {
                        factor,
                        power,
                        a,
                        b,
                    } => Evidence::Rank {
                        factor: PolyOut::from_z(&factor, "x"),
                        power,
                        rank_a: a,
                        rank_b: b,
                    },
                };
                Output {
                    similar: Some(false),
                    conjugator: None,
                    evidence: Some(evidence),
                    check: "the differing invariant computed exactly for both matrices".into(),
                }
            }
            Verdict::Unknown => Output {
                similar: None,
                conjugator: None,
                evidence: None,
                check:
                    "every invariant agrees, but no invertible transform was found among 10 choices"
                        .into(),
            },
        })
    }
}
