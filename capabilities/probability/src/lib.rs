//! The `probability` capability family: exact probability over the
//! rationals (kernels in `hessian_kernels::probability`). Every answer is
//! checked before it is returned: a product of generating polynomials at
//! test points, a distribution summing to one, a waiting time by a second
//! method.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

hessian_op::operations! {
    dice_sum_distribution => DiceSumDistribution,
    binomial_probability => BinomialProbability,
    pattern_waiting_time => PatternWaitingTime,
    markov_chain_classify => MarkovChainClassify,
    markov_chain_stationary_distribution => MarkovChainStationaryDistribution,
    markov_chain_absorption_probabilities => MarkovChainAbsorptionProbabilities,
    markov_chain_fundamental_matrix => MarkovChainFundamentalMatrix,
    markov_chain_hitting_times => MarkovChainHittingTimes,
    markov_chain_n_step => MarkovChainNStep,
    markov_chain_limiting_distribution => MarkovChainLimitingDistribution,
    gamblers_ruin => GamblersRuin,
    coupon_collector_expectation => CouponCollectorExpectation,
    bayes_posterior => BayesPosterior,
    distribution_normalize => DistributionNormalize,
    distribution_moments => DistributionMoments,
    distribution_cdf => DistributionCdf,
    distribution_quantile => DistributionQuantile,
    distribution_convolution => DistributionConvolution,
    distribution_iid_sum => DistributionIidSum,
    distribution_condition => DistributionCondition,
    distribution_entropy => DistributionEntropy,
    hypergeometric_probability => HypergeometricProbability,
    negative_binomial_probability => NegativeBinomialProbability,
    geometric_probability => GeometricProbability,
    poisson_binomial_probability => PoissonBinomialProbability,
    multinomial_probability => MultinomialProbability,
    discrete_uniform_probability => DiscreteUniformProbability,
    distribution_transform => DistributionTransform,
    inclusion_exclusion => InclusionExclusion,
    order_statistics_distribution => OrderStatisticsDistribution,
    graph_reliability => GraphReliability,
    pattern_race => PatternRace,
    random_walk_hitting_time => RandomWalkHittingTime,
    joint_marginal => JointMarginal,
    joint_conditional => JointConditional,
    joint_independence => JointIndependence,
    joint_covariance => JointCovariance,
}

pub mod wire;

#[cfg(test)]
mod tests;
