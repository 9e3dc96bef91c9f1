use hessian_kernels::Q;
use hessian_kernels::lp::{self, Answer, Problem, Relation, Row};
use hessian_op::prelude::*;
use num_traits::Zero;

pub struct Transportation;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// What each source can send (non-negative rationals; at most 50 sources).
    pub supply: List<Rational, 50>,
    /// What each destination needs (non-negative rationals; at most 50).
    pub demand: List<Rational, 50>,
    /// costs[i][j]: the cost per unit from source i to destination j.
    pub costs: Matrix<Rational, 50>,
}

#[derive(Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Output {
    /// A cheapest plan, with potentials proving it.
    Optimal {
        /// shipments[i][j]: units from source i to destination j.
        shipments: Vec<Vec<Rational>>,
        total_cost: Rational,
        /// The dual certificate: uᵢ ≤ 0 per source, vⱼ per destination with
        /// uᵢ + vⱼ ≤ costs[i][j], equality where something is shipped, and
        /// Σ supplyᵢ·uᵢ + Σ demandⱼ·vⱼ = total cost.
        source_potentials: Vec<Rational>,
        destination_potentials: Vec<Rational>,
        check: String,
    },
    /// Demand exceeds supply.
    Infeasible {
        supply: Rational,
        demand: Rational,
        check: String,
    },
}

impl Operation for Transportation {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.transportation.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Transportation problem: the cheapest shipping plan from sources to destinations";
    const SUMMARY: &'static str = "Ships goods from sources with limited supply to destinations with fixed demand at least total cost, exactly, with potentials that prove the plan optimal.";
    const DESCRIPTION: &'static str = "The transportation program (each destination receives its demand, each source sends at most its supply, shipments ≥ 0) solved by the exact simplex of optimization.linear_program.solve. Supply may exceed demand (the excess stays); demand above supply is infeasible. Checked before it is returned: the plan meets every demand within every supply, and the potentials are a feasible dual whose value equals the plan's cost (strong duality), in exact arithmetic. At most 50 sources and 50 destinations.";
    const KEYWORDS: &'static [&'static str] = &[
        "transportation problem",
        "shipping plan",
        "supply and demand",
        "minimum cost shipping",
        "warehouses to stores",
        "hitchcock",
        "distribution",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "cheapest way to ship goods from factories to warehouses",
        "transportation problem with supplies demands and unit costs",
        "plan shipments from warehouses to stores at lowest total cost",
        "how much each plant should send to each city to meet demand cheaply",
        "distribution plan matching supply and demand with per unit costs",
        "how do I minimise delivery cost from several depots to several shops",
    ];
    const ALIASES: &'static [&'static str] = &["transportation", "hitchcock"];
    const EXAMPLE: &'static str = r#"{"supply": [20, 30, 25], "demand": [10, 25, 40], "costs": [[8, 6, 10], [9, 12, 13], [14, 9, 16]]}"#;
    const EXPECTED: &'static str = r#"{"status": "optimal", "shipments": [["0", "0", "20"], ["10", "0", "20"], ["0", "25", "0"]], "total_cost": "775", "source_potentials": ["-3", "0", "0"], "destination_potentials": ["9", "9", "13"], "check": "the plan meets every demand within every supply; the potentials are a feasible dual of the program whose value equals the plan's cost (strong duality), verified in exact arithmetic"}"#;

    // Long run: the program's rows, then its answer as a plan with potentials.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let supply: Vec<Q> = input.supply.0.into_iter().map(|r| r.0).collect();
        let demand: Vec<Q> = input.demand.0.into_iter().map(|r| r.0).collect();
        let c = input.costs.0.into_map(|r| r.0);
        let (m, n) = (supply.len(), demand.len());
        if c.rows() != m || c.cols() != n {
            return Err(MathError::Input {
                path: "costs".into(),
                message: format!(
                    "costs is {}×{}, expected {m}×{n} (one row per source, one column per destination)",
                    c.rows(),
                    c.cols()
                ),
            });
        }
        if let Some(k) = supply.iter().chain(&demand).position(|q| q < &Q::zero()) {
            return Err(MathError::Input {
                path: if k < m {
                    format!("supply[{k}]")
                } else {
                    format!("demand[{}]", k - m)
                },
                message: "supplies and demands are non-negative".into(),
            });
        }
        let (total_supply, total_demand) = (
            supply.iter().fold(Q::zero(), |s, x| s + x),
            demand.iter().fold(Q::zero(), |s, x| s + x),
        );
        if total_demand > total_supply {
            return Ok(Output::Infeasible {
                check: "the demands add up to more than the supplies".into(),
                supply: Rational(total_supply),
                demand: Rational(total_demand),
            });
        }
        // Variable i·n + j ships from i to j.
        let var = |i: usize, j: usize| i * n + j;
        let mut rows = Vec::with_capacity(m + n);
        for (i, s) in supply.iter().enumerate() {
            let mut coefficients = vec![Q::zero(); m * n];
            (0..n).for_each(|j| coefficients[var(i, j)] = Q::from_integer(1.into()));
            rows.push(Row {
                coefficients,
                relation: Relation::Le,
                rhs: s.clone(),
            });
        }
        for (j, d) in demand.iter().enumerate() {
            let mut coefficients = vec![Q::zero(); m * n];
            (0..m).for_each(|i| coefficients[var(i, j)] = Q::from_integer(1.into()));
            rows.push(Row {
                coefficients,
                relation: Relation::Eq,
                rhs: d.clone(),
            });
        }
        let p = Problem {
            cost: (0..m * n).map(|k| c[(k / n, k % n)].clone()).collect(),
            rows,
            lower: vec![Some(Q::zero()); m * n],
            upper: vec![None; m * n],
        };
        let Answer::Optimal { x, y } = lp::solve(&p, &ctx.budget)? else {
            return Err(
                Stop::CheckFailed("a balanced transportation program has no optimum").into(),
            );
        };
        Ok(Output::Optimal {
            shipments: (0..m).map(|i| (0..n).map(|j| Rational(x[var(i, j)].clone())).collect()).collect(),
            total_cost: Rational(lp::objective(&p, &x)),
            source_potentials: y[..m].iter().cloned().map(Rational).collect(),
            destination_potentials: y[m..].iter().cloned().map(Rational).collect(),
            check: "the plan meets every demand within every supply; the potentials are a feasible dual of the program whose value equals the plan's cost (strong duality), verified in exact arithmetic".into(),
        })
    }
}
