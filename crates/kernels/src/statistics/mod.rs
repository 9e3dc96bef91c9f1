//! Statistics of exact data (lists of rationals): every quantity is a
//! rational or the square root of one, computed exactly and checked by a
//! second formula or a defining identity.
//!
//! - [`describe`]: mean, the sum of squared deviations Σ(x − x̄)² (checked
//!   against Σx² − n·x̄²), modes.
//! - [`quantile`]: the nine sample quantiles of Hyndman and Fan (1996),
//!   each (1 − γ)·x₍ⱼ₎ + γ·x₍ⱼ₊₁₎ for j = ⌊n·p + m⌋.
//! - [`correlation`]: Pearson (as r² and sign), Spearman (Pearson of
//!   mid-ranks), Kendall's τ-b (concordant minus discordant pairs).
//! - [`regression`]: least squares by the normal equations XᵀX·β = Xᵀy,
//!   checked by the residuals' orthogonality Xᵀ(y − X·β) = 0.
//! - [`null`]: exact null distributions of rank and permutation statistics
//!   as integer counts, checked by their total and their mean.
//! - [`exact_test`]: binomial, Fisher, Mann–Whitney, Wilcoxon signed-rank
//!   and permutation tests with exact rational p-values.
//! - [`multiple`]: Bonferroni, Holm, Benjamini–Hochberg and
//!   Benjamini–Yekutieli adjusted p-values.
//! - [`mean_test`]: t and z statistics of means as exact squares with
//!   exact (Welch–Satterthwaite) degrees of freedom.
//! - [`contingency`]: expected counts and Pearson's χ² of a two-way table.

pub mod contingency;
pub mod correlation;
pub mod describe;
pub mod exact_test;
pub mod mean_test;
pub mod multiple;
pub mod null;
pub mod quantile;
pub mod regression;
