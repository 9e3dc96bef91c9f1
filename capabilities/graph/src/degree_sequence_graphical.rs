use hessian_op::prelude::*;

pub struct Graphical;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A sequence of non-negative vertex degrees (at most 100000).
    pub degrees: List<crate::wire::Vertex, 100000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Whether some simple graph has exactly these degrees.
    pub graphical: bool,
    /// When graphical: such a graph's edges [u, v], u < v, ascending (Havel–Hakimi); vertex i has degree degrees[i].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edges: Option<Vec<[usize; 2]>>,
}

impl Operation for Graphical {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.degree_sequence.graphical.decide";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Is a degree sequence graphical?";
    const SUMMARY: &'static str = "Decides whether a sequence is the degree sequence of a simple graph (Erdős–Gallai), with a realising graph.";
    const DESCRIPTION: &'static str = "Tests the Erdős–Gallai inequalities and, when they hold, builds a simple graph with exactly these degrees by Havel–Hakimi (checked). At most 100000 degrees and 1000000 edges.";
    const KEYWORDS: &'static [&'static str] = &[
        "graphical",
        "degree sequence",
        "erdos gallai",
        "havel hakimi",
        "realizable degrees",
    ];
    const EXAMPLE: &'static str = r#"{"degrees": [3, 3, 2, 2, 2]}"#;
    const EXPECTED: &'static str =
        r#"{"graphical": true, "edges": [[0, 1], [0, 2], [0, 3], [1, 3], [1, 4], [2, 4]]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let d: Vec<usize> = input.degrees.0.iter().map(|x| x.0 as usize).collect();
        let n = d.len();
        let total: usize = d.iter().sum();
        if total > 2_000_000 {
            return Err(MathError::Limit("at most 1000000 edges".into()));
        }
        let mut sorted = d.clone();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        // Erdős–Gallai: Σ_{i≤k} dᵢ ≤ k(k−1) + Σ_{i>k} min(dᵢ, k) for every k.
        let mut prefix = 0usize;
        let erdos_gallai = total.is_multiple_of(2)
            && (1..=n).all(|k| {
                prefix += sorted[k - 1];
                prefix <= k * (k - 1) + sorted[k..].iter().map(|&x| x.min(k)).sum::<usize>()
            });
        if !erdos_gallai {
            return Ok(Output {
                graphical: false,
                edges: None,
            });
        }
        // Havel–Hakimi: join a vertex of largest remaining degree to the
        // next-largest ones.
        let mut left: Vec<(usize, usize)> =
            d.iter().copied().enumerate().map(|(v, k)| (k, v)).collect();
        let mut edges = Vec::with_capacity(total / 2);
        loop {
            ctx.budget.check()?;
            left.sort_unstable_by(|a, b| b.cmp(a));
            let (k, v) = left[0];
            if k == 0 {
                break;
            }
            left[0].0 = 0;
            for slot in left.iter_mut().skip(1).take(k) {
                if slot.0 == 0 {
                    return Err(MathError::Internal("Havel–Hakimi ran out".into()));
                }
                slot.0 -= 1;
                edges.push([v.min(slot.1), v.max(slot.1)]);
            }
        }
        edges.sort_unstable();
        Ok(Output {
            graphical: true,
            edges: Some(edges),
        })
    }
}
