use hessian_kernels::assignment::{self, Assignment};
use hessian_kernels::{BigInt, Q};
use hessian_op::prelude::*;
use num_traits::Zero;

pub struct AssignmentSolve;

/// Whether the total is made least or greatest.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum Goal {
    #[default]
    #[serde(alias = "min")]
    Minimize,
    #[serde(alias = "max")]
    Maximize,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// costs[i][j]: the cost (or profit, with "maximize") of giving row i
    /// (a worker) column j (a job); exact rationals, at most 200×200. With
    /// more rows than columns, each column gets a row and rows are left over.
    pub costs: Matrix<Rational, 200>,
    /// "minimize" (default: the cheapest assignment) or "maximize".
    #[serde(default)]
    pub sense: Goal,
}

#[derive(Serialize, JsonSchema)]
pub struct Pair {
    pub row: usize,
    pub column: usize,
    pub cost: Rational,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// One pair per row (per column, when there are more rows).
    pub assignment: Vec<Pair>,
    pub total: Rational,
    /// Rows or columns left without a partner.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unassigned_rows: Vec<usize>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unassigned_columns: Vec<usize>,
    /// The dual certificate: uᵢ + vⱼ ≤ costs[i][j] for every pair (≥ when
    /// maximising), with equality on the assignment, and Σu + Σv = total.
    pub row_potentials: Vec<Rational>,
    pub column_potentials: Vec<Rational>,
    pub check: String,
}

impl Operation for AssignmentSolve {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.assignment.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Assignment problem: cheapest (or most profitable) matching of rows to columns";
    const SUMMARY: &'static str = "Assigns each worker (row) its own job (column) so the total cost is least, or the total profit greatest, exactly, with dual potentials that prove optimality (Hungarian algorithm).";
    const DESCRIPTION: &'static str = "The Hungarian algorithm (Kuhn–Munkres, shortest augmenting paths with potentials, O(n²m)) on the cost matrix with its denominators cleared. Rectangular matrices are allowed: with fewer rows, some columns stay free; with more rows, some rows do. Checked before it is returned: the pairs form an assignment, the potentials satisfy uᵢ + vⱼ ≤ cᵢⱼ everywhere (≥ for maximize), are tight on every assigned pair and zero on free columns, so their sum, a lower bound on every assignment, equals the total. At most 200×200; entries whose cleared numerators exceed 2^60 are refused.";
    const KEYWORDS: &'static [&'static str] = &[
        "assignment problem",
        "hungarian algorithm",
        "workers to jobs",
        "kuhn munkres",
        "linear sum assignment",
        "minimum cost matching",
        "bipartite matching cost",
        "task allocation",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "cheapest assignment of workers to jobs",
        "assign tasks to machines minimizing total time",
        "maximize total profit assigning salespeople to regions",
        "pair each person with one task so the total time is smallest",
        "match drivers to customers to minimise the total pickup distance",
        "one to one pairing of rows and columns with the best total score",
        "how do I assign nurses to shifts so the total cost is lowest",
    ];
    const ALIASES: &'static [&'static str] = &["linear_sum_assignment", "hungarian", "munkres"];
    const EXAMPLE: &'static str = r#"{"costs": [[4, 1, 3], [2, 0, 5], [3, 2, 2]]}"#;
    const EXPECTED: &'static str = r#"{"assignment": [{"row": 0, "column": 1, "cost": "1"}, {"row": 1, "column": 0, "cost": "2"}, {"row": 2, "column": 2, "cost": "2"}], "total": "5", "row_potentials": ["3", "2", "2"], "column_potentials": ["0", "-2", "0"], "check": "the pairs form an assignment; the potentials satisfy u_i + v_j <= cost (>= when maximizing) on every pair, with equality on the assignment and 0 on free lines, so their sum bounds every assignment and equals the total; verified in exact integer arithmetic"}"#;

    // Long run: scale to integers, orient the matrix, solve, then map back.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = input.costs.0.into_map(|r| r.0);
        let (rows, cols) = (a.rows(), a.cols());
        let (ints, den) = crate::wire::scaled(&a, "costs", 60)?;
        let sign: i64 = if input.sense == Goal::Maximize { -1 } else { 1 };
        // The kernel wants rows ≤ columns.
        let transpose = rows > cols;
        let scaled: Vec<Vec<i64>> = if transpose {
            (0..cols)
                .map(|j| (0..rows).map(|i| sign * ints[i][j]).collect())
                .collect()
        } else {
            ints.iter()
                .map(|r| r.iter().map(|v| sign * v).collect())
                .collect()
        };
        let found: Assignment = assignment::solve(&scaled, &ctx.budget)?;
        let back = |v: i128| Rational(Q::new(BigInt::from(v * sign as i128), den.clone()));
        let mut assignment: Vec<Pair> = found
            .column
            .iter()
            .enumerate()
            .map(|(r, &c)| {
                let (i, j) = if transpose { (c, r) } else { (r, c) };
                Pair {
                    row: i,
                    column: j,
                    cost: Rational(a[(i, j)].clone()),
                }
            })
            .collect();
        assignment.sort_by_key(|p| (p.row, p.column));
        let mut used_rows = vec![false; rows];
        let mut used_cols = vec![false; cols];
        for p in &assignment {
            used_rows[p.row] = true;
            used_cols[p.column] = true;
        }
        let free = |used: &[bool]| (0..used.len()).filter(|&k| !used[k]).collect();
        let (u, v) = (
            found.row_potential.iter().map(|&x| back(x)).collect(),
            found.column_potential.iter().map(|&x| back(x)).collect(),
        );
        let (row_potentials, column_potentials) = if transpose { (v, u) } else { (u, v) };
        let total = assignment.iter().fold(Q::zero(), |s, p| s + &p.cost.0);
        Ok(Output {
            assignment,
            total: Rational(total),
            unassigned_rows: free(&used_rows),
            unassigned_columns: free(&used_cols),
            row_potentials,
            column_potentials,
            check: "the pairs form an assignment; the potentials satisfy u_i + v_j <= cost (>= when maximizing) on every pair, with equality on the assignment and 0 on free lines, so their sum bounds every assignment and equals the total; verified in exact integer arithmetic".into(),
        })
    }
}
