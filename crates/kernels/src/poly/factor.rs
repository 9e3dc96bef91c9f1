//! Factorization in Z[x] (Zassenhaus): square-free decomposition, a prime
//! where the polynomial stays square-free with few factors, Cantor–Zassenhaus
//! over F_p, Hensel lifting of all factors to p^k beyond twice the factor
//! coefficient bound, and recombination of subsets of lifted factors by
//! trial division (with a constant-term test first). Every factor returned
//! divides exactly, and their product is checked against the input.

use super::{zp, zx, zx::Poly};
use crate::{Budget, Stop};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

/// a = content · ∏ fᵢ^eᵢ with the fᵢ primitive, irreducible over Q, with
/// positive leading coefficients, sorted by (degree, coefficients).
pub struct Factorization {
    pub content: BigInt,
    pub factors: Vec<(Poly, u32)>,
}

pub fn factor(a: &[BigInt], budget: &Budget) -> Result<Factorization, Stop> {
    let a = zx::trim(a.to_vec());
    let content = zx::content(&a);
    let mut factors = Vec::new();
    // x^k first: the square-free step and the prime choice want a(0) ≠ 0.
    let zeros = a.iter().take_while(|c| c.is_zero()).count();
    if zeros > 0 && a.len() > zeros {
        factors.push((vec![BigInt::zero(), BigInt::one()], zeros as u32));
    }
    let rest = zx::primitive(&a[zeros.min(a.len())..]);
    for (g, mult) in zx::square_free(&rest, budget)? {
        for f in factor_square_free(&g, budget)? {
            factors.push((f, mult));
        }
    }
    factors.sort_by(|x, y| x.0.len().cmp(&y.0.len()).then_with(|| x.0.cmp(&y.0)));
    let result = Factorization { content, factors };
    let product = result
        .factors
        .iter()
        .fold(vec![result.content.clone()], |acc, (f, e)| {
            zx::mul(&acc, &zx::pow(f, *e))
        });
    assert_eq!(product, a, "factorization does not multiply back");
    Ok(result)
}

/// The irreducible factors of a primitive square-free f with f(0) ≠ 0.
fn factor_square_free(f: &[BigInt], budget: &Budget) -> Result<Vec<Poly>, Stop> {
    let n = f.len() - 1;
    if n <= 1 {
        return Ok(vec![f.to_vec()]);
    }
    let Some((p, modular)) = choose_prime(f, budget)? else {
        return Ok(vec![f.to_vec()]);
    };
    // A candidate is h = (lc f / lc g)·g for a factor g of degree m < n.
    // Mignotte: M(g) ≤ |lc g|·M(f)/|lc f|, so ‖h‖∞ ≤ C(m, m/2)·M(f)
    // ≤ 2^(n−1)·‖f‖₂; symmetric residues modulo p^k > 2·that recover h.
    let bound_bits = (n - 1) as f64 + zx::norm_log2(f) + 1.0;
    let k = (bound_bits / (p as f64).log2()).ceil() as u32 + 1;
    let modulus = BigInt::from(p).pow(k);
    let monic_f = monic_mod(f, &modulus);
    let lifted = hensel_lift(&monic_f, &modular, p, k, budget)?;
    recombine(f.to_vec(), lifted, &modulus, budget)
}

/// Primes from here up: large enough that Hensel lifting needs few steps
/// (a coefficient bound of 200 bits is 10 steps), small enough that
/// products of residues fit a word.
const FIRST_PRIME: u64 = 1 << 20;

/// Factor-degree patterns compared before choosing: each further prime
/// costs a distinct-degree factorization and rarely lowers the count.
const PRIMES_TRIED: usize = 3;

/// A prime (among the first [`PRIMES_TRIED`] above [`FIRST_PRIME`] that keep f
/// square-free and its degree) with the fewest factors modulo p, and those
/// monic factors; `None` when the factor degrees modulo the primes tried
/// admit no common proper factor degree, which proves f irreducible.
fn choose_prime(f: &[BigInt], budget: &Budget) -> Result<Option<(u64, Vec<Vec<u64>>)>, Stop> {
    let n = f.len() - 1;
    // possible[d]: every prime so far allows a factor of degree d.
    let mut possible = vec![true; n + 1];
    let mut best: Option<(u64, Vec<u64>, usize)> = None;
    let mut tried = 0;
    let mut p = FIRST_PRIME + 1;
    while tried < PRIMES_TRIED {
        budget.check()?;
        p += 2;
        if !crate::integer::is_prime_u64(p) {
            continue;
        }
        let fp = zx::modp(f, p);
        if fp.len() != n + 1 || zp::gcd(&fp, &zp::derivative(&fp, p), p).len() > 1 {
            continue;
        }
        let monic = zp::monic(&fp, p);
        let pattern = zp::distinct_degree(&monic, p, budget)?;
        // Degrees of the factors, then the subset sums they allow.
        let mut sums = vec![false; n + 1];
        sums[0] = true;
        let mut count = 0;
        for (d, g) in &pattern {
            for _ in 0..(g.len() - 1) / d {
                count += 1;
                for s in (*d..=n).rev() {
                    sums[s] |= sums[s - d];
                }
            }
        }
        for (x, s) in possible.iter_mut().zip(&sums) {
            *x &= *s;
        }
        if (1..n).all(|d| !possible[d]) {
            return Ok(None);
        }
        if best.as_ref().is_none_or(|(_, _, c)| count < *c) {
            best = Some((p, monic, count));
        }
        tried += 1;
    }
    let (p, monic, _) = best.expect("primes were tried");
    let (_, factors) = zp::factor(&monic, p, budget)?;
    Ok(Some((p, factors.into_iter().map(|(g, _)| g).collect())))
}

fn sym(x: &BigInt, m: &BigInt) -> BigInt {
    let r = x.mod_floor(m);
    if &r * 2 > *m { r - m } else { r }
}

fn reduce_mod(a: &[BigInt], m: &BigInt) -> Poly {
    zx::trim(a.iter().map(|x| x.mod_floor(m)).collect())
}

/// f·lc(f)⁻¹ modulo m (lc(f) coprime to m).
fn monic_mod(f: &[BigInt], m: &BigInt) -> Poly {
    let lead = &f[f.len() - 1];
    let inv = lead.extended_gcd(m).x.mod_floor(m);
    reduce_mod(&zx::scale(f, &inv), m)
}

fn mul_mod(a: &[BigInt], b: &[BigInt], m: &BigInt) -> Poly {
    reduce_mod(&zx::mul(a, b), m)
}

fn to_z(a: &[u64]) -> Poly {
    a.iter().map(|&x| BigInt::from(x)).collect()
}

/// Lifts f ≡ ∏ gᵢ (mod p), gᵢ monic and pairwise coprime, to monic factors
/// modulo p^k, splitting the factor list in halves (a factor tree) and
/// lifting each split linearly, one power of p per step.
fn hensel_lift(
    f: &[BigInt],
    factors: &[Vec<u64>],
    p: u64,
    k: u32,
    budget: &Budget,
) -> Result<Vec<Poly>, Stop> {
    if factors.len() == 1 {
        return Ok(vec![f.to_vec()]);
    }
    let (left, right) = factors.split_at(factors.len() / 2);
    let product = |fs: &[Vec<u64>]| fs.iter().fold(vec![1u64], |acc, g| zp::mul(&acc, g, p));
    let (g0, h0) = (product(left), product(right));
    let (_, s, _) = zp::ext_gcd(&g0, &h0, p);
    let (mut g, mut h) = (to_z(&g0), to_z(&h0));
    let pb = BigInt::from(p);
    let mut m = pb.clone();
    for _ in 1..k {
        budget.check()?;
        // e = (f − g·h)/m mod p; σ·g0 + τ·h0 ≡ e with deg σ < deg h0.
        let diff = zx::sub(f, &zx::mul(&g, &h));
        let e: Vec<u64> = zp::trim(
            diff.iter()
                .map(|c| {
                    let q = c / &m;
                    q.mod_floor(&pb).to_u64().unwrap_or(0)
                })
                .collect(),
        );
        let sigma = zp::rem(&zp::mul(&s, &e, p), &h0, p);
        let tau = zp::divrem(&zp::sub(&e, &zp::mul(&sigma, &g0, p), p), &h0, p).0;
        let next = &m * &pb;
        g = reduce_mod(&zx::add(&g, &zx::scale(&to_z(&tau), &m)), &next);
        h = reduce_mod(&zx::add(&h, &zx::scale(&to_z(&sigma), &m)), &next);
        m = next;
    }
    let mut out = hensel_lift(&g, left, p, k, budget)?;
    out.extend(hensel_lift(&h, right, p, k, budget)?);
    Ok(out)
}

/// Zassenhaus recombination: subsets of the lifted factors, smallest first,
/// whose product (scaled by lc(f), symmetric residues) divides lc(f)·f.
fn recombine(
    mut f: Poly,
    mut lifted: Vec<Poly>,
    m: &BigInt,
    budget: &Budget,
) -> Result<Vec<Poly>, Stop> {
    let mut found = Vec::new();
    let mut size = 1;
    'sizes: while 2 * size <= lifted.len() {
        let mut subset: Vec<usize> = (0..size).collect();
        loop {
            budget.check()?;
            let lead = f[f.len() - 1].clone();
            // Constant-term test before the product.
            let constant = subset
                .iter()
                .fold(lead.clone(), |acc, &i| (acc * &lifted[i][0]).mod_floor(m));
            let constant = sym(&constant, m);
            let f0 = &f[0] * &lead;
            if !constant.is_zero() && (&f0 % &constant).is_zero() {
                let product = subset
                    .iter()
                    .fold(vec![lead.clone()], |acc, &i| mul_mod(&acc, &lifted[i], m));
                let candidate: Poly =
                    zx::primitive(&product.iter().map(|c| sym(c, m)).collect::<Vec<_>>());
                if let Some(quotient) = zx::divide_exact(&f, &candidate) {
                    found.push(candidate);
                    f = quotient;
                    for &i in subset.iter().rev() {
                        lifted.remove(i);
                    }
                    continue 'sizes;
                }
            }
            if !next_subset(&mut subset, lifted.len()) {
                break;
            }
        }
        size += 1;
    }
    // What is left is irreducible.
    if f.len() > 1 {
        found.push(zx::primitive(&f));
    }
    Ok(found)
}

/// The next `k`-subset of 0..n in lexicographic order.
fn next_subset(s: &mut [usize], n: usize) -> bool {
    let k = s.len();
    for i in (0..k).rev() {
        if s[i] < n - k + i {
            s[i] += 1;
            for j in i + 1..k {
                s[j] = s[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// Whether a non-constant a is irreducible over Q.
pub fn is_irreducible(a: &[BigInt], budget: &Budget) -> Result<bool, Stop> {
    let f = factor(a, budget)?;
    Ok(f.factors.len() == 1 && f.factors[0].1 == 1)
}
