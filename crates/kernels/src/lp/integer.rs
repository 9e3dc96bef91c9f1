//! Integer programs: the problem of [`super::solve`] with some variables
//! required to be integers, by branch and bound on the exact simplex.
//!
//! Every node's relaxation is solved with its certificate checked, so a
//! node is pruned only by a verified infeasibility or a verified dual bound
//! no better than the incumbent; the branches xⱼ ≤ ⌊v⌋ and xⱼ ≥ ⌈v⌉ cover
//! every integer xⱼ. An unbounded relaxation with an integer point is an
//! unbounded integer program (rational data): the relaxation's ray scaled
//! to integers keeps the point integral along every integer step.

use super::{Answer, Problem, objective};
use crate::rational::ratio;
use crate::{BigInt, Budget, Q, Stop};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

/// How an integer program ended.
#[derive(Debug, Clone, PartialEq)]
pub enum IntegerAnswer {
    Optimal {
        x: Vec<Q>,
        nodes: usize,
    },
    Infeasible {
        nodes: usize,
    },
    /// An integer point and an integer ray along which c·x falls without end.
    Unbounded {
        x: Vec<Q>,
        ray: Vec<Q>,
    },
    /// The deadline came first: the best point found and a proven lower
    /// bound on the optimum (the least relaxation value still open).
    Stopped {
        incumbent: Option<Vec<Q>>,
        bound: Option<Q>,
        nodes: usize,
    },
}

struct Node {
    lower: Vec<Option<Q>>,
    upper: Vec<Option<Q>>,
    /// The parent's relaxation value: a lower bound for this subtree.
    bound: Option<Q>,
}

/// Minimises over `p` with xⱼ integral where `integer[j]`.
pub fn solve(p: &Problem, integer: &[bool], budget: &Budget) -> Result<IntegerAnswer, Stop> {
    let mut nodes = 0;
    let mut incumbent: Option<(Vec<Q>, Q)> = None;
    let mut stack = vec![Node {
        lower: p.lower.clone(),
        upper: p.upper.clone(),
        bound: None,
    }];
    while let Some(node) = stack.pop() {
        nodes += 1;
        let sub = Problem {
            lower: node.lower.clone(),
            upper: node.upper.clone(),
            ..p.clone()
        };
        let answer = match budget.check().and_then(|()| super::solve(&sub, budget)) {
            Ok(a) => a,
            Err(Stop::Deadline) => {
                let open = stack
                    .iter()
                    .map(|n| n.bound.clone())
                    .chain(std::iter::once(node.bound.clone()));
                // Any open node without a bound leaves the optimum unbounded below.
                let bound = open
                    .collect::<Option<Vec<Q>>>()
                    .and_then(|b| b.into_iter().min())
                    .map(|b| match &incumbent {
                        Some((_, v)) if v < &b => v.clone(),
                        _ => b,
                    });
                return Ok(IntegerAnswer::Stopped {
                    incumbent: incumbent.map(|(x, _)| x),
                    bound,
                    nodes,
                });
            }
            Err(e) => return Err(e),
        };
        let (x, value) = match answer {
            Answer::Infeasible { .. } => continue,
            Answer::Unbounded { ray, .. } => {
                // Only the root can be unbounded (a bounded root bounds
                // every subproblem); look for any integer point instead.
                let zero = Problem {
                    cost: vec![Q::zero(); p.variables()],
                    ..p.clone()
                };
                return Ok(match solve(&zero, integer, budget)? {
                    IntegerAnswer::Optimal { x, .. } => IntegerAnswer::Unbounded {
                        x,
                        ray: integral(ray),
                    },
                    IntegerAnswer::Infeasible { nodes } => IntegerAnswer::Infeasible { nodes },
                    stopped => stopped,
                });
            }
            Answer::Optimal { x, .. } => {
                let v = objective(p, &x);
                (x, v)
            }
        };
        if incumbent.as_ref().is_some_and(|(_, best)| &value >= best) {
            continue;
        }
        // The most fractional integer variable.
        let half = ratio(BigInt::one(), BigInt::from(2));
        let branch = (0..x.len())
            .filter(|&j| integer[j] && !x[j].is_integer())
            .min_by_key(|&j| (x[j].fract().abs() - &half).abs());
        let Some(j) = branch else {
            incumbent = Some((x, value));
            continue;
        };
        let down = x[j].floor();
        let up = &down + Q::one();
        let mut left = Node {
            lower: node.lower.clone(),
            upper: node.upper.clone(),
            bound: Some(value.clone()),
        };
        left.upper[j] = Some(down);
        let mut right = Node {
            lower: node.lower,
            upper: node.upper,
            bound: Some(value),
        };
        right.lower[j] = Some(up.clone());
        // Explore first the side nearer the relaxation's value.
        if &up - &x[j] < x[j].fract() {
            stack.push(left);
            stack.push(right);
        } else {
            stack.push(right);
            stack.push(left);
        }
    }
    Ok(match incumbent {
        Some((x, _)) => IntegerAnswer::Optimal { x, nodes },
        None => IntegerAnswer::Infeasible { nodes },
    })
}

/// A rational ray times the lcm of its denominators.
fn integral(ray: Vec<Q>) -> Vec<Q> {
    let l = ray.iter().fold(BigInt::one(), |l, q| l.lcm(q.denom()));
    ray.into_iter()
        .map(|q| Q::from_integer(q.numer() * (&l / q.denom())))
        .collect()
}
