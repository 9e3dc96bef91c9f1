//! Combinatorics operations through their JSON contracts, against brute
//! force over the objects they count.

use hessian_kernels::BigInt;
use hessian_op::Code;
use serde_json::{Value, json};

use crate::run_operation as run;

fn int(v: &Value) -> BigInt {
    v.as_str()
        .expect("integers are output as strings")
        .parse()
        .unwrap()
}

fn perms(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    perms(n - 1)
        .into_iter()
        .flat_map(|p| {
            (0..n).map(move |i| {
                let mut q: Vec<usize> = p.iter().map(|x| x + 1).collect();
                q.insert(i, 1);
                q
            })
        })
        .collect()
}

#[test]
fn permutation_operations_agree_with_their_definitions() {
    for n in 1..6 {
        let mut all = perms(n);
        all.sort();
        for (r, p) in all.iter().enumerate() {
            assert_eq!(
                int(&run(
                    "combinatorics.permutation.rank.compute",
                    json!({"permutation": p})
                )
                .unwrap()),
                BigInt::from(r)
            );
            assert_eq!(
                run(
                    "combinatorics.permutation.from_rank.construct",
                    json!({"n": n, "rank": r})
                )
                .unwrap(),
                json!(p)
            );
            let inv = run(
                "combinatorics.permutation.inverse.compute",
                json!({"permutation": p}),
            )
            .unwrap();
            let id: Vec<usize> = (1..=n).collect();
            assert_eq!(
                run(
                    "combinatorics.permutation.composition.compute",
                    json!({"left": p, "right": inv})
                )
                .unwrap(),
                json!(id)
            );
            // Order: the least k with p^k = identity; sign: parity of inversions.
            let c = run(
                "combinatorics.permutation.cycles.compute",
                json!({"permutation": p}),
            )
            .unwrap();
            let mut power = p.clone();
            let mut k = 1;
            while power != id {
                power = power.iter().map(|&i| p[i - 1]).collect();
                k += 1;
            }
            assert_eq!(int(&c["order"]), BigInt::from(k));
            let inversions = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .filter(|&(i, j)| p[i] > p[j])
                .count();
            assert_eq!(c["sign"], json!(if inversions % 2 == 0 { 1 } else { -1 }));
        }
    }
    let bad = run(
        "combinatorics.permutation.inverse.compute",
        json!({"permutation": [1, 1, 3]}),
    )
    .unwrap_err();
    assert_eq!(
        (bad.code, bad.path.as_deref()),
        (Code::InvalidInput, Some("input.permutation"))
    );
}

#[test]
fn enumerations_match_their_counts() {
    for n in 0..16u32 {
        let all = run(
            "combinatorics.integer_partitions.enumerate",
            json!({"n": n}),
        )
        .unwrap();
        let p = int(&run("combinatorics.partition_count.compute", json!({"n": n})).unwrap());
        assert_eq!(BigInt::from(all.as_array().unwrap().len()), p);
        for part in all.as_array().unwrap().iter().filter(|_| n > 0) {
            let v: Vec<u64> = part
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap())
                .collect();
            assert_eq!(v.iter().sum::<u64>(), n as u64);
            assert!(v.windows(2).all(|w| w[0] >= w[1]));
            let conj = run(
                "combinatorics.conjugate_partition.compute",
                json!({"partition": v}),
            )
            .unwrap();
            let back = run(
                "combinatorics.conjugate_partition.compute",
                json!({"partition": conj}),
            )
            .unwrap();
            assert_eq!(back, json!(v));
        }
        for k in 0..=n {
            let listed = run(
                "combinatorics.integer_partitions.enumerate",
                json!({"n": n, "parts": k}),
            )
            .unwrap();
            let count = int(&run(
                "combinatorics.partitions_into_parts.count",
                json!({"n": n, "k": k}),
            )
            .unwrap());
            assert_eq!(
                BigInt::from(listed.as_array().unwrap().len()),
                count,
                "p({n}, {k})"
            );
            let subsets = run("combinatorics.subsets.enumerate", json!({"n": n, "k": k})).unwrap();
            let c = int(&run("combinatorics.binomial.compute", json!({"n": n, "k": k})).unwrap());
            assert_eq!(BigInt::from(subsets.as_array().unwrap().len()), c);
            // Compositions with k parts, by brute force over cut positions.
            let cuts = (0u32..(1 << n.saturating_sub(1)))
                .filter(|m| n > 0 && m.count_ones() + 1 == k)
                .count();
            let expect = if n == 0 { usize::from(k == 0) } else { cuts };
            assert_eq!(
                int(&run("combinatorics.compositions.count", json!({"n": n, "k": k})).unwrap()),
                BigInt::from(expect)
            );
        }
    }
    let too_many = run(
        "combinatorics.integer_partitions.enumerate",
        json!({"n": 100, "max_count": 10}),
    )
    .unwrap_err();
    assert_eq!(too_many.code, Code::LimitExceeded);
}

#[test]
fn counting_numbers_satisfy_identities() {
    // Σ_k S(n, k) = B_n; Σ_k c(n, k) = n!; Σ_k A(n, k) = n!; multinomial = n!/∏k!.
    for n in 0..30u32 {
        let bell = int(&run("combinatorics.bell.compute", json!({"n": n})).unwrap());
        let fact = int(&run("combinatorics.factorial.compute", json!({"n": n})).unwrap());
        let mut s2 = BigInt::from(0);
        let mut s1 = BigInt::from(0);
        let mut eul = BigInt::from(0);
        for k in 0..=n {
            s2 += int(&run(
                "combinatorics.stirling_second.compute",
                json!({"n": n, "k": k}),
            )
            .unwrap());
            s1 += int(&run(
                "combinatorics.stirling_first.compute",
                json!({"n": n, "k": k}),
            )
            .unwrap());
            eul += int(&run("combinatorics.eulerian.compute", json!({"n": n, "k": k})).unwrap());
        }
        assert_eq!(s2, bell);
        assert_eq!(s1, fact);
        if n > 0 {
            assert_eq!(eul, fact);
        }
        // Signed Stirling numbers of the first kind sum to 0 for n ≥ 2 (x(x−1)⋯ at x = 1).
        let signed: BigInt = (0..=n)
            .map(|k| {
                int(&run(
                    "combinatorics.stirling_first.compute",
                    json!({"n": n, "k": k, "signed": true}),
                )
                .unwrap())
            })
            .sum();
        assert_eq!(signed, BigInt::from(u32::from(n <= 1)));
        let a = n / 3;
        let multi = int(&run(
            "combinatorics.multinomial.compute",
            json!({"parts": [a, n - a]}),
        )
        .unwrap());
        assert_eq!(
            multi,
            int(&run("combinatorics.binomial.compute", json!({"n": n, "k": a})).unwrap())
        );
    }
    // Cassini: F_{n−1}F_{n+1} − F_n² = (−1)^n, also for negative n.
    for n in -40i64..40 {
        let f = |k: i64| int(&run("combinatorics.fibonacci.compute", json!({"n": k})).unwrap());
        assert_eq!(
            f(n - 1) * f(n + 1) - f(n) * f(n),
            BigInt::from(if n % 2 == 0 { 1 } else { -1 })
        );
    }
    assert_eq!(
        run("combinatorics.binomial.compute", json!({"n": -5, "k": 3})).unwrap(),
        json!("-35")
    );
}
