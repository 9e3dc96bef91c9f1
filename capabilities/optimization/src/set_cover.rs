use hessian_kernels::Q;
use hessian_kernels::lp::integer::{self, IntegerAnswer};
use hessian_kernels::lp::{Problem, Relation, Row};
use hessian_op::prelude::*;
use hessian_op::wire::Item;
use num_traits::{One, Zero};

pub struct SetCover;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The sets to choose from (at most 200, each of at most 500 items).
    pub sets: List<List<Item, 500>, 200>,
    /// Each set's cost (non-negative rationals); default 1 each (fewest sets).
    #[serde(default)]
    pub costs: Option<List<Rational, 200>>,
    /// The items to cover; default: every item of some set.
    #[serde(default)]
    pub items: Option<List<Item, 500>>,
}

#[derive(Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Output {
    /// A least-cost cover.
    Optimal {
        /// The chosen sets' positions.
        cover: Vec<usize>,
        cost: Rational,
        /// Relaxations solved by the branch and bound.
        nodes: usize,
        check: String,
    },
    /// Some items lie in no set.
    Impossible { uncovered: Vec<Item>, check: String },
    /// The deadline came first: the best cover found and a lower bound.
    Unknown {
        #[serde(skip_serializing_if = "Option::is_none")]
        cover: Option<Vec<usize>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        cost: Option<Rational>,
        #[serde(skip_serializing_if = "Option::is_none")]
        bound: Option<Rational>,
        nodes: usize,
    },
}

impl Operation for SetCover {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.set_cover.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Minimum set cover: the cheapest sets that together contain every item";
    const SUMMARY: &'static str = "Chooses sets of least total cost (or fewest sets) whose union contains every item, exactly, by integer programming.";
    const DESCRIPTION: &'static str = "The integer program min Σ cₛxₛ with Σ_{s ∋ i} xₛ ≥ 1 for every item i and xₛ ∈ {0, 1}, solved by the checked branch and bound of optimization.integer_program.solve. Checked: the chosen sets contain every item and their cost is recomputed; optimality rests on the search's checked relaxation certificates. Items in no set are reported. At the deadline: the best cover found and a lower bound. At most 200 sets and 500 items.";
    const KEYWORDS: &'static [&'static str] = &[
        "set cover",
        "minimum set cover",
        "covering problem",
        "fewest sets",
        "hitting set",
        "facility location cover",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "fewest subsets whose union is everything",
        "cheapest choice of teams covering all required skills",
        "smallest number of groups that together include everyone",
        "place the fewest fire stations so every neighborhood is covered",
        "cheapest set of tests covering every requirement",
        "how do I pick the fewest subsets so every item is included",
    ];
    const ALIASES: &'static [&'static str] = &["set_cover", "setcover"];
    const EXAMPLE: &'static str =
        r#"{"sets": [[1, 2, 3], [2, 4], [3, 4], [4, 5]], "costs": [5, 10, 3, 1]}"#;
    const EXPECTED: &'static str = r#"{"status": "optimal", "cover": [0, 3], "cost": "6", "nodes": 1, "check": "the chosen sets contain every item and their cost is recomputed; every node of the branch and bound was closed by a checked certificate of its relaxation"}"#;

    // Long run: number the items, refuse the uncoverable, build and solve the program.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let sets: Vec<Vec<Item>> = input.sets.0.into_iter().map(|s| s.0).collect();
        let k = sets.len();
        let costs: Vec<Q> = match input.costs {
            Some(c) if c.0.len() != k => {
                return Err(MathError::Input {
                    path: "costs".into(),
                    message: format!("{} costs for {k} sets; give one per set", c.0.len()),
                });
            }
            Some(c) => c.0.into_iter().map(|r| r.0).collect(),
            None => vec![Q::one(); k],
        };
        if let Some(i) = costs.iter().position(|c| c < &Q::zero()) {
            return Err(MathError::Input {
                path: format!("costs[{i}]"),
                message: "costs are non-negative".into(),
            });
        }
        let mut items: Vec<Item> = match input.items {
            Some(list) => list.0,
            None => sets.iter().flatten().cloned().collect(),
        };
        items.sort();
        items.dedup();
        let uncovered: Vec<Item> = items
            .iter()
            .filter(|i| !sets.iter().any(|s| s.contains(i)))
            .cloned()
            .collect();
        if !uncovered.is_empty() {
            return Ok(Output::Impossible {
                check: "each listed item is in no set".into(),
                uncovered,
            });
        }
        let rows: Vec<Row> = items
            .iter()
            .map(|i| Row {
                coefficients: sets
                    .iter()
                    .map(|s| if s.contains(i) { Q::one() } else { Q::zero() })
                    .collect(),
                relation: Relation::Ge,
                rhs: Q::one(),
            })
            .collect();
        let p = Problem {
            cost: costs.clone(),
            rows,
            lower: vec![Some(Q::zero()); k],
            upper: vec![Some(Q::one()); k],
        };
        let chosen = |x: &[Q]| (0..k).filter(|&s| x[s].is_one()).collect::<Vec<_>>();
        let cost_of = |c: &[usize]| c.iter().fold(Q::zero(), |t, &s| t + &costs[s]);
        let covers = |c: &[usize]| items.iter().all(|i| c.iter().any(|&s| sets[s].contains(i)));
        Ok(match integer::solve(&p, &vec![true; k], &ctx.budget)? {
            IntegerAnswer::Optimal { x, nodes } => {
                let cover = chosen(&x);
                if !covers(&cover) {
                    return Err(Stop::CheckFailed("a set cover misses an item").into());
                }
                Output::Optimal {
                    cost: Rational(cost_of(&cover)),
                    cover,
                    nodes,
                    check: "the chosen sets contain every item and their cost is recomputed; every node of the branch and bound was closed by a checked certificate of its relaxation".into(),
                }
            }
            IntegerAnswer::Stopped {
                incumbent,
                bound,
                nodes,
            } => Output::Unknown {
                cost: incumbent.as_ref().map(|x| Rational(cost_of(&chosen(x)))),
                cover: incumbent.map(|x| chosen(&x)),
                bound: bound.map(Rational),
                nodes,
            },
            _ => {
                return Err(
                    Stop::CheckFailed("a coverable set cover program has no optimum").into(),
                );
            }
        })
    }
}
