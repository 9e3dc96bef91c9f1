//! The distribution of a sum of independent dice: each die's generating
//! polynomial Σ_faces x^(face − lowest face), their product's coefficient
//! at x^k counting the ways to total k + Σ lowest faces.

use crate::poly::zx;
use crate::{BigInt, Budget, Stop};
use num_traits::{One, Zero};

/// Ways to reach each total: `ways[k]` for the total `lowest + k`, out of
/// `outcomes` equally likely outcomes.
#[derive(Debug, Clone, PartialEq)]
pub struct Sums {
    pub lowest: BigInt,
    pub ways: Vec<BigInt>,
    pub outcomes: BigInt,
}

/// The sum of `count` copies of each die (a die = its faces, repeats
/// allowed, equally likely).
pub fn sum(dice: &[(Vec<i64>, u32)], budget: &Budget) -> Result<Sums, Stop> {
    let mut ways: zx::Poly = vec![BigInt::one()];
    let mut lowest = BigInt::zero();
    let mut outcomes = BigInt::one();
    let mut factors: Vec<(zx::Poly, u32)> = Vec::new();
    for (faces, count) in dice {
        let Some(&low) = faces.iter().min() else {
            continue;
        };
        let high = faces.iter().max().copied().unwrap_or(low);
        let mut die = vec![BigInt::zero(); (high as i128 - low as i128) as usize + 1];
        for &f in faces {
            die[(f as i128 - low as i128) as usize] += 1;
        }
        let power = zx::pow_within(&die, *count, budget)?;
        ways = zx::mul(&ways, &power);
        budget.check()?;
        lowest += BigInt::from(low) * *count;
        outcomes *= BigInt::from(faces.len()).pow(*count);
        factors.push((die, *count));
    }
    // The product, evaluated at 2 and at −3, against each factor's value
    // there raised to its count.
    for x in [BigInt::from(2), BigInt::from(-3)] {
        let at = |p: &[BigInt]| p.iter().rev().fold(BigInt::zero(), |v, c| v * &x + c);
        let expected = factors
            .iter()
            .fold(BigInt::one(), |v, (die, count)| v * at(die).pow(*count));
        budget.check()?;
        if at(&ways) != expected {
            return Err(Stop::CheckFailed(
                "a dice product disagrees at a test point",
            ));
        }
    }
    if ways.iter().fold(BigInt::zero(), |s, w| s + w) != outcomes {
        return Err(Stop::CheckFailed(
            "the ways of a dice sum do not add up to the outcomes",
        ));
    }
    Ok(Sums {
        lowest,
        ways,
        outcomes,
    })
}
