//! The `combinatorics` capability family: exact counting (factorials,
//! binomials, the classical triangles, partitions, Bernoulli numbers),
//! permutations, and bounded enumeration of partitions and subsets.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

hessian_op::operations! {
    factorial => Factorial,
    double_factorial => DoubleFactorial,
    binomial => Binomial,
    multinomial => Multinomial,
    catalan => Catalan,
    bell => Bell,
    stirling_first => StirlingFirst,
    stirling_second => StirlingSecond,
    partition_count => PartitionCount,
    partitions_into_parts => PartitionsIntoParts,
    distinct_partitions => DistinctPartitions,
    compositions => Compositions,
    derangements => Derangements,
    fibonacci => Fibonacci,
    lucas => Lucas,
    motzkin => Motzkin,
    narayana => Narayana,
    euler_zigzag => EulerZigzag,
    eulerian => Eulerian,
    bernoulli => Bernoulli,
    permutation_composition => PermutationCompose,
    permutation_inverse => PermutationInverse,
    permutation_cycles => PermutationCycles,
    permutation_rank => PermutationRank,
    permutation_from_rank => PermutationUnrank,
    integer_partitions => IntegerPartitions,
    subsets => Subsets,
    conjugate_partition => ConjugatePartition,
}

mod permutation;

#[cfg(test)]
mod tests;
