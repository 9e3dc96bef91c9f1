use hessian_op::prelude::*;

pub struct Construct;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The family: complete, cycle, path, star, wheel, complete_bipartite, hypercube, petersen, paley.
    pub family: Family,
    /// The size parameter: n vertices (complete, cycle ≥ 3, path, star with n leaves, wheel with n rim vertices ≥ 3), dimension (hypercube ≤ 16), a prime q ≡ 1 mod 4 (paley); ignored for petersen.
    #[serde(default)]
    pub n: Bounded<0, 100000>,
    /// The second part's size for complete_bipartite (the first is n).
    #[serde(default)]
    pub m: Bounded<0, 100000>,
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    Complete,
    Cycle,
    Path,
    Star,
    Wheel,
    CompleteBipartite,
    Hypercube,
    Petersen,
    Paley,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub vertices: usize,
    /// The edges [u, v], u < v.
    pub edges: Vec<[usize; 2]>,
}

impl Operation for Construct {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.standard.construct";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Construct a standard graph";
    const SUMMARY: &'static str = "The vertex count and edge list of a standard graph: complete, cycle, path, star, wheel, complete bipartite, hypercube, Petersen, Paley.";
    const DESCRIPTION: &'static str = "Builds a named graph family as {vertices, edges}, ready to pass to the other graph operations. At most 1000000 edges.";
    const KEYWORDS: &'static [&'static str] = &[
        "complete graph",
        "cycle graph",
        "petersen graph",
        "hypercube",
        "paley graph",
        "wheel",
        "star",
        "complete bipartite",
        "construct graph",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "build a named graph such as complete, cycle, path, Petersen, hypercube",
        "standard graph families by parameters",
        "give me the edges of a complete graph on 5 vertices",
        "produce the edge list of the Petersen graph or a cube",
        "generate a test network like a wheel, star or ring of size n",
        "how do I get the edge list of a well known graph family",
    ];
    const ALIASES: &'static [&'static str] = &[
        "complete_graph",
        "petersen_graph",
        "CompleteGraph",
        "graphs.PetersenGraph",
    ];
    const EXAMPLE: &'static str = r#"{"family": "cycle", "n": 4}"#;
    const EXPECTED: &'static str = r#"{"vertices": 4, "edges": [[0, 1], [1, 2], [2, 3], [0, 3]]}"#;

    // Long run: one arm per graph family, each its one-line edge rule and edge bound.
    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let (n, m) = (input.n.0 as usize, input.m.0 as usize);
        let too_many = |e: u128| {
            if e > 1_000_000 {
                Err(MathError::Limit("at most 1000000 edges".into()))
            } else {
                Ok(())
            }
        };
        let sorted = |u: usize, v: usize| [u.min(v), u.max(v)];
        let (vertices, edges): (usize, Vec<[usize; 2]>) = match input.family {
            Family::Complete => {
                too_many((n as u128) * (n as u128) / 2)?;
                (
                    n,
                    (0..n)
                        .flat_map(|u| (u + 1..n).map(move |v| [u, v]))
                        .collect(),
                )
            }
            Family::Cycle | Family::Wheel if n < 3 => {
                return Err(MathError::Input {
                    path: "n".into(),
                    message: "a cycle or wheel needs n ≥ 3".into(),
                });
            }
            Family::Cycle => (n, (0..n).map(|i| sorted(i, (i + 1) % n)).collect()),
            Family::Path => (n, (1..n).map(|i| [i - 1, i]).collect()),
            Family::Star => (n + 1, (1..=n).map(|i| [0, i]).collect()),
            Family::Wheel => (
                n + 1,
                (1..=n)
                    .map(|i| [0, i])
                    .chain((0..n).map(|i| sorted(i + 1, (i + 1) % n + 1)))
                    .collect(),
            ),
            Family::CompleteBipartite => {
                too_many((n as u128) * (m as u128))?;
                (
                    n + m,
                    (0..n)
                        .flat_map(|u| (0..m).map(move |v| [u, n + v]))
                        .collect(),
                )
            }
            Family::Hypercube => {
                if n > 16 {
                    return Err(MathError::Limit("hypercube dimension at most 16".into()));
                }
                let size = 1usize << n;
                (
                    size,
                    (0..size)
                        .flat_map(|u| {
                            (0..n)
                                .map(move |b| u ^ (1 << b))
                                .filter(move |&v| u < v)
                                .map(move |v| [u, v])
                        })
                        .collect(),
                )
            }
            Family::Petersen => (
                10,
                (0..5)
                    .flat_map(|i| {
                        [
                            sorted(i, (i + 1) % 5),
                            [i, i + 5],
                            sorted(i + 5, (i + 2) % 5 + 5),
                        ]
                    })
                    .collect(),
            ),
            Family::Paley => {
                if !(hessian_kernels::integer::is_prime_u64(n as u64) && n % 4 == 1) {
                    return Err(MathError::Input {
                        path: "n".into(),
                        message: "the Paley graph needs a prime n ≡ 1 (mod 4)".into(),
                    });
                }
                too_many((n as u128) * (n as u128) / 4)?;
                let squares: std::collections::HashSet<usize> = (1..n).map(|x| x * x % n).collect();
                (
                    n,
                    (0..n)
                        .flat_map(|u| (u + 1..n).map(move |v| [u, v]))
                        .filter(|[u, v]| squares.contains(&(v - u)))
                        .collect(),
                )
            }
        };
        Ok(Output { vertices, edges })
    }
}
