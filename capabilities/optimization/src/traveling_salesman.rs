use hessian_kernels::tsp::{self, MAX_CITIES};
use hessian_kernels::{BigInt, Q};
use hessian_op::prelude::*;

pub struct TravelingSalesman;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// distances[i][j]: the cost of going from city i to city j (exact
    /// rationals; need not be symmetric); at most 18 cities (17 for an open path).
    pub distances: SquareMatrix<Rational, 18>,
    /// true (default): a round trip back to the start; false: a path
    /// through every city, starting and ending anywhere.
    #[serde(default = "crate::wire::yes")]
    pub closed: bool,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The cities in order (a closed tour starts at city 0 and returns to it).
    pub tour: Vec<usize>,
    pub length: Rational,
    pub check: String,
}

impl Operation for TravelingSalesman {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.traveling_salesman.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Travelling salesman: the shortest tour through every city";
    const SUMMARY: &'static str = "The shortest round trip (or path) visiting every city exactly once, from a distance matrix, exactly, by Held–Karp dynamic programming.";
    const DESCRIPTION: &'static str = "Held–Karp dynamic programming over subsets (O(2ⁿ·n²)) on the distances with denominators cleared; asymmetric distances are allowed. An open path is a closed tour through an added city at distance 0 from all. Checked: the tour is a permutation of the cities and its length is recomputed; the optimum is confirmed by a second table over the reversed distances. At most 18 cities (17 for a path); scaled distances below 2^40.";
    const KEYWORDS: &'static [&'static str] = &[
        "traveling salesman",
        "travelling salesman",
        "TSP",
        "shortest tour",
        "hamiltonian cycle minimum",
        "visit every city",
        "held-karp",
        "route optimization",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "shortest route visiting all cities and returning home",
        "travelling salesman problem with this distance matrix",
        "best order to visit these places",
        "shortest loop through all delivery stops and back to the depot",
        "order to drill holes on a circuit board with the least travel",
        "visit every town once with the least total driving distance",
        "how do I find the best round trip through ten places",
    ];
    const ALIASES: &'static [&'static str] = &["tsp", "held_karp"];
    const EXAMPLE: &'static str =
        r#"{"distances": [[0, 2, 9, 10], [1, 0, 6, 4], [15, 7, 0, 8], [6, 3, 12, 0]]}"#;
    const EXPECTED: &'static str = r#"{"tour": [0, 2, 3, 1], "length": "21", "check": "the tour visits every city once and its length is recomputed; the optimum is confirmed by a second Held–Karp table over the reversed distances"}"#;

    // Long run: clear denominators, add the free city for a path, solve, map back.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let d = input.distances.0.into_map(|r| r.0);
        let n = d.rows();
        if !input.closed && n + 1 > MAX_CITIES {
            return Err(MathError::Limit(format!(
                "an open path through {n} cities; at most {}",
                MAX_CITIES - 1
            )));
        }
        let (mut scaled, den) = crate::wire::scaled(&d, "distances", 40)?;
        if !input.closed {
            // City n is at distance 0 from and to everyone.
            for row in scaled.iter_mut() {
                row.push(0);
            }
            scaled.push(vec![0; n + 1]);
        }
        let found = tsp::solve(&scaled, &ctx.budget)?;
        let tour: Vec<usize> = if input.closed {
            found.order
        } else {
            // Rotate the free city to the end and drop it.
            let k = found.order.iter().position(|&c| c == n).unwrap_or(0);
            found.order[k + 1..]
                .iter()
                .chain(&found.order[..k])
                .copied()
                .collect()
        };
        let length = Q::new(BigInt::from(found.length), den);
        Ok(Output {
            check: format!(
                "the {} visits every city once and its length is recomputed; the optimum is confirmed by a second Held–Karp table over the reversed distances",
                if input.closed { "tour" } else { "path" }
            ),
            tour,
            length: Rational(length),
        })
    }
}
