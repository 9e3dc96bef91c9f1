//! Counting: factorials and binomials, the classical number triangles,
//! partitions, Fibonacci-type sequences, Bernoulli numbers; permutations.

use crate::{Budget, Q, Stop};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Zero};

/// ∏ lo..hi by binary splitting, so the multiplications stay balanced.
pub fn range_product(lo: u64, hi: u64) -> BigUint {
    if hi <= lo {
        return BigUint::one();
    }
    if hi - lo <= 16 {
        return (lo..hi).fold(BigUint::one(), |acc, k| acc * k);
    }
    let mid = lo + (hi - lo) / 2;
    range_product(lo, mid) * range_product(mid, hi)
}

/// n!.
pub fn factorial(n: u64) -> BigUint {
    range_product(1, n + 1)
}

/// n!! = n·(n − 2)·(n − 4)⋯ (1 for n ≤ 0).
pub fn double_factorial(n: u64) -> BigUint {
    fn rec(lo: u64, hi: u64) -> BigUint {
        // Product of lo, lo + 2, …, ≤ hi (same parity).
        if lo > hi {
            return BigUint::one();
        }
        let count = (hi - lo) / 2 + 1;
        if count <= 16 {
            return (0..count).fold(BigUint::one(), |acc, i| acc * (lo + 2 * i));
        }
        let mid = lo + 2 * (count / 2);
        rec(lo, mid - 2) * rec(mid, hi)
    }
    if n == 0 {
        BigUint::one()
    } else {
        rec(2 - n % 2, n)
    }
}

/// C(n, k) for n ≥ 0: n(n−1)…(n−k+1)/k! with the symmetric smaller k.
pub fn binomial(n: u64, k: u64) -> BigUint {
    if k > n {
        return BigUint::zero();
    }
    let k = k.min(n - k);
    range_product(n - k + 1, n + 1) / factorial(k)
}

/// C(n, k) for any integer n and k ≥ 0 (the polynomial n(n−1)…(n−k+1)/k!):
/// C(−n, k) = (−1)^k C(n + k − 1, k).
pub fn binomial_signed(n: &BigInt, k: u64) -> BigInt {
    let num = (0..k).fold(BigInt::one(), |num, i| num * (n - BigInt::from(i)));
    num / BigInt::from(factorial(k))
}

/// The n-th Catalan number C(2n, n)/(n + 1).
pub fn catalan(n: u64) -> BigUint {
    binomial(2 * n, n) / (n + 1)
}

/// Bell numbers B_0..=B_n by the Bell triangle.
pub fn bell(n: usize, budget: &Budget) -> Result<BigUint, Stop> {
    let mut row = vec![BigUint::one()];
    for _ in 0..n {
        budget.check()?;
        let mut next = Vec::with_capacity(row.len() + 1);
        next.push(row.last().cloned().unwrap_or_default());
        for x in &row {
            let v = next.last().cloned().unwrap_or_default() + x;
            next.push(v);
        }
        row = next;
    }
    Ok(row[0].clone())
}

/// Row n of the unsigned Stirling numbers of the first kind, c(n, 0..=n).
pub fn stirling_first_row(n: usize, budget: &Budget) -> Result<Vec<BigUint>, Stop> {
    let mut row = vec![BigUint::one()];
    for m in 0..n {
        budget.check()?;
        // c(m+1, k) = m·c(m, k) + c(m, k−1)
        let mut next = vec![BigUint::zero(); row.len() + 1];
        for (k, x) in row.iter().enumerate() {
            next[k] += x * m;
            next[k + 1] += x;
        }
        row = next;
    }
    Ok(row)
}

/// S(n, k), Stirling numbers of the second kind, by the explicit sum
/// (1/k!) Σ (−1)^j C(k, j) (k − j)^n.
pub fn stirling_second(n: u64, k: u64, budget: &Budget) -> Result<BigUint, Stop> {
    if k > n {
        return Ok(BigUint::zero());
    }
    if n == 0 {
        return Ok(BigUint::one());
    }
    let mut sum = BigInt::zero();
    let mut c = BigInt::one();
    for j in 0..=k {
        budget.check()?;
        let term = &c * BigInt::from(BigUint::from(k - j).pow(n as u32));
        if j % 2 == 0 {
            sum += term
        } else {
            sum -= term
        }
        c = c * (k - j) / (j + 1);
    }
    Ok((sum / BigInt::from(factorial(k))).magnitude().clone())
}

/// p(0..=n), partition numbers, by Euler's pentagonal recurrence.
pub fn partition_numbers(n: usize, budget: &Budget) -> Result<Vec<BigInt>, Stop> {
    let mut p = vec![BigInt::zero(); n + 1];
    p[0] = BigInt::one();
    for m in 1..=n {
        if m % 64 == 0 {
            budget.check()?;
        }
        let mut acc = BigInt::zero();
        for j in 1.. {
            let g1 = j * (3 * j - 1) / 2;
            if g1 > m {
                break;
            }
            let sign_plus = j % 2 == 1;
            let g2 = j * (3 * j + 1) / 2;
            let mut t = p[m - g1].clone();
            if g2 <= m {
                t += &p[m - g2];
            }
            if sign_plus { acc += t } else { acc -= t }
        }
        p[m] = acc;
    }
    Ok(p)
}

/// The number of partitions of n into exactly k parts: p(n, k) = p(n−1, k−1) + p(n−k, k).
pub fn partitions_into_parts(n: usize, k: usize, budget: &Budget) -> Result<BigUint, Stop> {
    if k > n {
        return Ok(BigUint::from(u32::from(n == 0 && k == 0)));
    }
    if k == 0 {
        return Ok(BigUint::from(u32::from(n == 0)));
    }
    // Partitions of m into parts of size ≤ k (the conjugate count), m = n − k.
    let m = n - k;
    let mut ways = vec![BigUint::zero(); m + 1];
    ways[0] = BigUint::one();
    for part in 1..=k.min(m) {
        budget.check()?;
        for s in part..=m {
            let v = ways[s - part].clone();
            ways[s] += v;
        }
    }
    Ok(ways[m].clone())
}

/// The number of partitions of n into distinct parts (q(n)).
pub fn distinct_partitions(n: usize, budget: &Budget) -> Result<BigUint, Stop> {
    let mut ways = vec![BigUint::zero(); n + 1];
    ways[0] = BigUint::one();
    for part in 1..=n {
        if part % 64 == 0 {
            budget.check()?;
        }
        for s in (part..=n).rev() {
            let v = ways[s - part].clone();
            ways[s] += v;
        }
    }
    Ok(ways[n].clone())
}

/// (F_n, F_{n+1}) by fast doubling.
pub fn fibonacci_pair(n: u64) -> (BigUint, BigUint) {
    if n == 0 {
        return (BigUint::zero(), BigUint::one());
    }
    let (a, b) = fibonacci_pair(n / 2);
    // F_2k = F_k(2F_{k+1} − F_k), F_2k+1 = F_k² + F_{k+1}²
    let c = &a * ((&b << 1) - &a);
    let d = &a * &a + &b * &b;
    if n.is_multiple_of(2) {
        (c, d)
    } else {
        (d.clone(), c + d)
    }
}

/// The Lucas number L_n = 2F_{n+1} − F_n.
pub fn lucas(n: u64) -> BigUint {
    let (f, f1) = fibonacci_pair(n);
    (f1 << 1) - f
}

/// The number of derangements !n = n·!(n−1) + (−1)^n.
pub fn derangements(n: u64) -> BigUint {
    let mut d = BigInt::one();
    for k in 1..=n {
        d = d * k + if k % 2 == 0 { 1 } else { -1 };
    }
    d.magnitude().clone()
}

/// Motzkin numbers: (n + 2)M_n = (2n + 1)M_{n−1} + 3(n − 1)M_{n−2}.
pub fn motzkin(n: u64, budget: &Budget) -> Result<BigUint, Stop> {
    let (mut a, mut b) = (BigUint::one(), BigUint::one()); // M_0, M_1
    if n == 0 {
        return Ok(a);
    }
    for m in 2..=n {
        if m % 256 == 0 {
            budget.check()?;
        }
        let c = ((2 * m + 1) * &b + 3 * (m - 1) * &a) / (m + 2);
        a = std::mem::replace(&mut b, c);
    }
    Ok(b)
}

/// Narayana N(n, k) = C(n, k)·C(n, k − 1)/n.
pub fn narayana(n: u64, k: u64) -> BigUint {
    if n == 0 || k == 0 || k > n {
        return BigUint::zero();
    }
    binomial(n, k) * binomial(n, k - 1) / n
}

/// Euler zigzag (up/down) numbers A_0..=A_n by the Seidel–Entringer triangle.
pub fn zigzag(n: usize, budget: &Budget) -> Result<Vec<BigUint>, Stop> {
    let mut out = vec![BigUint::one()];
    let mut row = vec![BigUint::one()];
    for m in 1..=n {
        budget.check()?;
        // Boustrophedon: each row is the running sum of the previous row reversed.
        let mut next = Vec::with_capacity(m + 1);
        next.push(BigUint::zero());
        for x in row.iter().rev() {
            let v = next.last().cloned().unwrap_or_default() + x;
            next.push(v);
        }
        out.push(next.last().cloned().unwrap_or_default());
        row = next;
    }
    Ok(out)
}

/// Row n of the Eulerian numbers A(n, 0..n): permutations with k ascents.
pub fn eulerian_row(n: usize, budget: &Budget) -> Result<Vec<BigUint>, Stop> {
    let mut row = vec![BigUint::one()];
    for m in 1..n {
        budget.check()?;
        // A(m+1, k) = (k+1)A(m, k) + (m+1−k)A(m, k−1)
        let mut next = vec![BigUint::zero(); m + 1];
        for k in 0..=m {
            if k < row.len() {
                next[k] += &row[k] * (k + 1);
            }
            if k >= 1 && k - 1 < row.len() {
                next[k] += &row[k - 1] * (m + 1 - k);
            }
        }
        row = next;
    }
    if n == 0 {
        return Ok(vec![BigUint::one()]);
    }
    Ok(row)
}

/// Bernoulli number B_n (B_1 = −1/2), from the tangent numbers:
/// B_2m = (−1)^(m−1)·2m·T_m / (4^m (4^m − 1)), T_m = A_{2m−1}.
pub fn bernoulli(n: usize, budget: &Budget) -> Result<Q, Stop> {
    if n == 0 {
        return Ok(Q::one());
    }
    if n == 1 {
        return Ok(Q::new(BigInt::from(-1), BigInt::from(2)));
    }
    if n % 2 == 1 {
        return Ok(Q::zero());
    }
    let m = n / 2;
    let t = zigzag(2 * m - 1, budget)?.pop().unwrap_or_default();
    let four_m = BigInt::one() << (2 * m);
    let num = BigInt::from(t) * (2 * m) * if m % 2 == 1 { 1 } else { -1 };
    Ok(Q::new(num, &four_m * (&four_m - 1)))
}

/// The k-subsets of {1..n} in lexicographic order, each ascending (the
/// revolving successor: advance the rightmost element that can still move
/// and reset the rest after it). The caller bounds C(n, k). Postcondition:
/// exactly C(n, k) subsets were listed.
pub fn subsets(n: u32, k: u32, budget: &Budget) -> Result<Vec<Vec<u32>>, Stop> {
    if k > n {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut c: Vec<u32> = (1..=k).collect();
    loop {
        out.push(c.clone());
        if out.len() % 4096 == 0 {
            budget.check()?;
        }
        let Some(i) = (0..k as usize).rev().find(|&i| c[i] < n - k + i as u32 + 1) else {
            break;
        };
        c[i] += 1;
        for j in i + 1..k as usize {
            c[j] = c[j - 1] + 1;
        }
    }
    if BigUint::from(out.len()) != binomial(n.into(), k.into()) {
        return Err(Stop::CheckFailed("the subsets listed are not C(n, k)"));
    }
    Ok(out)
}

/// The conjugate of a partition given by non-increasing parts: λ'_j =
/// #{i : λ_i ≥ j} for j = 1..λ_1, in O(λ_1 + len) with one pointer walking
/// the parts from the smallest.
pub fn conjugate_partition(parts: &[u32]) -> Vec<u32> {
    let largest = parts.first().copied().unwrap_or(0);
    let mut count = parts.len();
    (1..=largest)
        .map(|j| {
            while count > 0 && parts[count - 1] < j {
                count -= 1;
            }
            count as u32
        })
        .collect()
}

/// The lexicographic rank (0-based) of a permutation of 0..n.
pub fn permutation_rank(p: &[usize]) -> BigUint {
    let n = p.len();
    let mut used = vec![false; n];
    let mut rank = BigUint::zero();
    for (i, &x) in p.iter().enumerate() {
        let smaller = used[..x].iter().filter(|u| !**u).count();
        rank = rank * (n - i) as u64 + smaller as u64;
        used[x] = true;
    }
    rank
}

/// The permutation of 0..n with lexicographic rank r < n!.
pub fn permutation_unrank(n: usize, r: &BigUint) -> Vec<usize> {
    // Factorial-base digits of r, least significant first.
    let mut digits = vec![0usize; n];
    let mut r = r.clone();
    for (i, d) in digits.iter_mut().enumerate() {
        let (q, rem) = r.div_rem(&BigUint::from(i as u64 + 1));
        *d = rem.iter_u64_digits().next().unwrap_or(0) as usize;
        r = q;
    }
    let mut left: Vec<usize> = (0..n).collect();
    digits.iter().rev().map(|&d| left.remove(d)).collect()
}

/// The cycles of a permutation of 0..n, each starting at its least element,
/// ordered by that element.
pub fn cycles(p: &[usize]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; p.len()];
    let mut out = Vec::new();
    for start in 0..p.len() {
        if seen[start] {
            continue;
        }
        let mut c = Vec::new();
        let mut i = start;
        while !seen[i] {
            seen[i] = true;
            c.push(i);
            i = p[i];
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests;
