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

pub mod correlation;
pub mod describe;
pub mod quantile;
pub mod regression;
