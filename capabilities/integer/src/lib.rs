//! The `integer` capability family: exact number theory on big integers.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_contract::Operation`] impl, and one line below.

hessian_contract::operations! {
    gcd => Gcd,
    extended_gcd => ExtendedGcd,
    prime => Prime,
    prime_factorization => PrimeFactorization,
    euler_totient => EulerTotient,
    lcm => Lcm,
    modular_inverse => ModularInverse,
    modular_power => ModularPower,
    chinese_remainder => ChineseRemainder,
}

use hessian_contract::MathError;
use hessian_contract::wire::Int;
use hessian_kernels::BigUint;

/// A positive integer of at most `max_digits` digits, or the refusal.
fn positive(n: &Int, field: &str, max_digits: usize) -> Result<BigUint, MathError> {
    let digits = n.0.magnitude().to_string().len();
    if digits > max_digits {
        return Err(MathError::Limit(format!(
            "`{field}` has {digits} digits; this operation accepts at most {max_digits}"
        )));
    }
    n.0.to_biguint().filter(|m| *m > BigUint::ZERO).ok_or_else(|| {
        MathError::Domain(format!("`{field}` must be a positive integer (n ≥ 1), got {}", hessian_contract::error::bounded(&n.to_string(), 40)))
    })
}

#[cfg(test)]
mod tests;
