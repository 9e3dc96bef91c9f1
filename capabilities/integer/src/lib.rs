//! The `integer` capability family: exact number theory on big integers.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

hessian_op::operations! {
    gcd => Gcd,
    division => Division,
    extended_gcd => ExtendedGcd,
    prime => Prime,
    prime_factorization => PrimeFactorization,
    euler_totient => EulerTotient,
    lcm => Lcm,
    modular_inverse => ModularInverse,
    modular_power => ModularPower,
    chinese_remainder => ChineseRemainder,
    root => Root,
    perfect_power => PerfectPower,
    next_prime => NextPrime,
    previous_prime => PreviousPrime,
    nth_prime => NthPrime,
    prime_count => PrimeCount,
    primes => Primes,
    divisors => Divisors,
    divisor_count => DivisorCount,
    divisor_sigma => DivisorSigma,
    carmichael_lambda => CarmichaelLambda,
    mobius => Mobius,
    liouville => Liouville,
    radical => Radical,
    squarefree => Squarefree,
    p_adic_valuation => PAdicValuation,
    multiplicative_order => MultiplicativeOrder,
    primitive_root => PrimitiveRoot,
    discrete_log => DiscreteLog,
    legendre_symbol => LegendreSymbol,
    jacobi_symbol => JacobiSymbol,
    kronecker_symbol => KroneckerSymbol,
    square_root_mod => SquareRootMod,
    sum_of_two_squares => SumOfTwoSquares,
    sqrt_continued_fraction => SqrtContinuedFraction,
    pell_equation => PellEquation,
    factorial_valuation => FactorialValuation,
    binomial_valuation => BinomialValuation,
    digit_sum => DigitSum,
    base_conversion => BaseConversion,
    from_base => FromBase,
    primality_certificate => PrimalityCertificate,
}

use hessian_kernels::number_theory::{self, Factors};
use hessian_kernels::{BigUint, integer};
use hessian_op::wire::Int;
use hessian_op::{Ctx, MathError};

/// Refuses an integer of more than `max_digits` digits with limit_exceeded.
fn within(n: &Int, field: &str, max_digits: usize) -> Result<(), MathError> {
    let digits = n.0.magnitude().to_string().len();
    if digits > max_digits {
        return Err(MathError::Limit(format!(
            "`{field}` has {digits} digits; this operation accepts at most {max_digits}"
        )));
    }
    Ok(())
}

/// A positive integer of at most `max_digits` digits, or the refusal.
fn positive(n: &Int, field: &str, max_digits: usize) -> Result<BigUint, MathError> {
    within(n, field, max_digits)?;
    n.0.to_biguint()
        .filter(|m| *m > BigUint::ZERO)
        .ok_or_else(|| {
            MathError::Domain(format!(
                "`{field}` must be a positive integer (n ≥ 1), got {}",
                hessian_op::error::bounded(&n.to_string(), 40)
            ))
        })
}

/// The complete factorization of n, or deadline_exceeded/cancelled: these
/// operations are wrong on a partial one.
fn factored(n: &BigUint, ctx: &Ctx) -> Result<Factors, MathError> {
    Ok(number_theory::factor_completely(n, &ctx.budget)?)
}

/// A prime of at most `max_digits` digits, or the refusal naming the field.
fn prime(p: &Int, field: &str, max_digits: usize) -> Result<BigUint, MathError> {
    let p = positive(p, field, max_digits)?;
    if !integer::is_prime(&p).is_prime() {
        return Err(MathError::Domain(format!(
            "`{field}` must be prime; {p} is not"
        )));
    }
    Ok(p)
}

#[cfg(test)]
mod tests;
