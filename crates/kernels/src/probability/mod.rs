//! Exact probability over Q: finite distributions and the problems that
//! reduce to them.
//!
//! - [`dice`]: sums of dice (any faces) by multiplying their generating
//!   polynomials Σ xᶠ; the product is checked by evaluation at two points.
//! - [`binomial`]: P(a ≤ X ≤ b) for X ~ Binomial(n, p), term by term in
//!   integers over a common denominator; checked by the terms outside the
//!   range summing to the complement (the binomial theorem).
//! - [`pattern`]: expected waiting time for a pattern in independent draws
//!   by Conway's correlation (Σ over the pattern's self-overlaps of the
//!   reciprocal probability of the overlap), checked by solving the
//!   matching automaton's expected-time equations exactly; races between
//!   patterns (Penney's game) by the Guibas–Odlyzko leading numbers,
//!   checked by the automaton of all the patterns' prefixes.
//! - [`finite`]: tables of (value, probability) — convolution for sums of
//!   independent variables, n-fold sums by repeated squaring, checked by
//!   the additivity of the first three cumulants.
//! - [`named`]: hypergeometric, negative binomial, Poisson binomial and
//!   multinomial probabilities, each checked by an independent identity.
//! - [`ruin`]: gambler's ruin, win probabilities and durations from every
//!   start, checked by the recurrences they solve.
//! - [`coupon`]: the coupon collector's expected draws with unequal
//!   probabilities, by inclusion–exclusion grouped through Π(1 − x^wᵢ).
//! - [`markov`]: finite chains — classes and periods, stationary
//!   distributions (one per closed class), absorption through the
//!   fundamental matrix, each checked by multiplying back.
//! - [`order`]: the k-th smallest of n independent draws, through
//!   P(X₍ₖ₎ ≤ x) = P(Binomial(n, F(x)) ≥ k).
//! - [`union`]: inclusion–exclusion from intersections to the number of
//!   events occurring, general (Möbius over subsets) or exchangeable.
//! - [`walk`]: random walks on weighted graphs — hitting times and the
//!   effective resistance, checked by the commute-time identity.
//! - [`reliability`]: network reliability polynomials, all-terminal or
//!   two-terminal, by a frontier count of the working edge sets, checked
//!   by Kirchhoff's tree count and the shortest-path count.
//! - [`joint`]: two-variable tables — marginals, conditionals,
//!   independence with a witness cell, covariance.

pub mod binomial;
pub mod coupon;
pub mod dice;
pub mod finite;
pub mod joint;
pub mod markov;
pub mod named;
pub mod order;
pub mod pattern;
pub mod reliability;
pub mod ruin;
pub mod union;
pub mod walk;
