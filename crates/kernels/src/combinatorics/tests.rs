//! Closed forms against brute-force enumeration of the objects they count.

use super::*;

fn all_permutations(n: usize) -> Vec<Vec<usize>> {
    (0u64..factorial(n as u64).iter_u64_digits().next().unwrap_or(1))
        .map(|r| permutation_unrank(n, &BigUint::from(r)))
        .collect()
}

/// Set partitions of 0..n as restricted growth strings, grouped by block count.
fn set_partitions_by_blocks(n: usize) -> Vec<u64> {
    let mut counts = vec![0u64; n + 1];
    fn rec(i: usize, n: usize, max: usize, counts: &mut Vec<u64>) {
        if i == n {
            counts[max] += 1;
            return;
        }
        for b in 0..=max {
            rec(i + 1, n, max.max(b + 1), counts);
        }
    }
    rec(0, n, 0, &mut counts);
    counts
}

/// Integer partitions of n as non-increasing part lists.
fn partitions(n: usize, max: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    (1..=max.min(n))
        .rev()
        .flat_map(|first| {
            partitions(n - first, first)
                .into_iter()
                .map(move |mut rest| {
                    rest.insert(0, first);
                    rest
                })
        })
        .collect()
}

#[test]
fn permutation_statistics_match_enumeration() {
    let b = Budget::unlimited();
    for n in 0..8usize {
        let perms = all_permutations(n);
        assert_eq!(BigUint::from(perms.len()), factorial(n as u64));
        // Lexicographic order and rank round trip.
        assert!(perms.windows(2).all(|w| w[0] < w[1]));
        for (r, p) in perms.iter().enumerate() {
            assert_eq!(permutation_rank(p), BigUint::from(r));
        }
        let der = perms
            .iter()
            .filter(|p| p.iter().enumerate().all(|(i, x)| i != *x))
            .count();
        assert_eq!(derangements(n as u64), BigUint::from(der));
        // Eulerian numbers count ascents; Stirling first kind counts cycles.
        let mut ascents = vec![0u64; n.max(1)];
        let mut by_cycles = vec![0u64; n + 1];
        for p in &perms {
            if n > 0 {
                ascents[p.windows(2).filter(|w| w[0] < w[1]).count()] += 1;
            }
            by_cycles[cycles(p).len()] += 1;
        }
        if n > 0 {
            assert_eq!(
                eulerian_row(n, &b).unwrap(),
                ascents
                    .iter()
                    .map(|c| BigUint::from(*c))
                    .collect::<Vec<_>>()
            );
        }
        assert_eq!(
            stirling_first_row(n, &b).unwrap(),
            by_cycles
                .iter()
                .map(|c| BigUint::from(*c))
                .collect::<Vec<_>>()
        );
        // Alternating (down-up) permutations are counted by the zigzag numbers.
        let alternating = perms
            .iter()
            .filter(|p| {
                p.windows(2)
                    .enumerate()
                    .all(|(i, w)| (w[0] > w[1]) == (i % 2 == 0))
            })
            .count();
        assert_eq!(zigzag(n, &b).unwrap()[n], BigUint::from(alternating), "{n}");
    }
}

#[test]
fn set_and_integer_partitions_match_enumeration() {
    let b = Budget::unlimited();
    for n in 0..10usize {
        let by_blocks = set_partitions_by_blocks(n);
        assert_eq!(
            bell(n, &b).unwrap(),
            BigUint::from(by_blocks.iter().sum::<u64>())
        );
        for k in 0..=n {
            assert_eq!(
                stirling_second(n as u64, k as u64, &b).unwrap(),
                BigUint::from(by_blocks[k]),
                "S({n},{k})"
            );
        }
    }
    let p = partition_numbers(25, &b).unwrap();
    for n in 0..25usize {
        let parts = partitions(n, n);
        assert_eq!(p[n], BigInt::from(parts.len()));
        let distinct = parts
            .iter()
            .filter(|q| q.windows(2).all(|w| w[0] > w[1]))
            .count();
        assert_eq!(distinct_partitions(n, &b).unwrap(), BigUint::from(distinct));
        for k in 0..=n {
            let exact = parts.iter().filter(|q| q.len() == k).count();
            assert_eq!(
                partitions_into_parts(n, k, &b).unwrap(),
                BigUint::from(exact),
                "p({n},{k})"
            );
        }
    }
}

#[test]
fn closed_forms_and_recurrences_agree() {
    let b = Budget::unlimited();
    // Fibonacci/Lucas by plain iteration; Catalan and Motzkin by their convolution recurrences.
    let (mut f0, mut f1) = (BigUint::zero(), BigUint::one());
    let (mut l0, mut l1) = (BigUint::from(2u32), BigUint::one());
    let mut cat = vec![BigUint::one()];
    let mut motz = vec![BigUint::one(), BigUint::one()];
    for n in 0..200u64 {
        assert_eq!(fibonacci_pair(n).0, f0);
        assert_eq!(lucas(n), l0);
        (l0, l1) = (l1.clone(), l0 + l1);
        (f0, f1) = (f1.clone(), f0 + f1);
        if n >= 1 {
            let next: BigUint = (0..n as usize)
                .map(|i| &cat[i] * &cat[n as usize - 1 - i])
                .sum();
            cat.push(next);
        }
        assert_eq!(catalan(n), cat[n as usize]);
        if n >= 2 {
            let m = n as usize;
            let next: BigUint = &motz[m - 1]
                + (0..=m - 2)
                    .map(|i| &motz[i] * &motz[m - 2 - i])
                    .sum::<BigUint>();
            motz.push(next);
            assert_eq!(motzkin(n, &Budget::unlimited()).unwrap(), motz[m]);
        }
    }
    // Narayana rows sum to Catalan numbers; double factorials multiply to factorials.
    for n in 1..40u64 {
        assert_eq!((1..=n).map(|k| narayana(n, k)).sum::<BigUint>(), catalan(n));
        assert_eq!(double_factorial(n) * double_factorial(n - 1), factorial(n));
        for k in 0..=n {
            assert_eq!(
                binomial(n, k),
                binomial_signed(&BigInt::from(n), k).magnitude().clone()
            );
            // Upper negation: C(−n, k) = (−1)^k C(n + k − 1, k).
            let neg = binomial_signed(&-BigInt::from(n), k);
            let expect = BigInt::from(binomial(n + k - 1, k)) * if k % 2 == 0 { 1 } else { -1 };
            assert_eq!(neg, expect);
        }
    }
    // Bernoulli numbers satisfy Σ_{k<m} C(m+1, k) B_k = −(m+1) B_m … i.e. Σ_{k≤m} C(m+1,k)B_k = 0.
    let bs: Vec<Q> = (0..40).map(|n| bernoulli(n, &b).unwrap()).collect();
    for m in 1..39usize {
        let s: Q = (0..=m)
            .map(|k| Q::from(BigInt::from(binomial(m as u64 + 1, k as u64))) * &bs[k])
            .sum();
        assert!(s.is_zero(), "m = {m}");
    }
}
