use hessian_kernels::{BigInt, Q, bin_packing};
use hessian_op::prelude::*;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

pub struct BinPacking;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Each item's size: a non-negative rational (at most 1,000 items).
    pub sizes: List<Rational, 1000>,
    /// Every bin's capacity: a positive rational.
    pub capacity: Rational,
}

#[derive(Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Output {
    /// The fewest bins.
    Optimal {
        /// The items' positions in each bin.
        bins: Vec<Vec<usize>>,
        /// Each bin's total size.
        loads: Vec<Rational>,
        count: usize,
        check: String,
    },
    /// Some items are larger than a bin.
    Impossible {
        too_large: Vec<usize>,
        check: String,
    },
    /// The deadline came first: the best packing found, and a number of
    /// bins every packing needs.
    Unknown {
        bins: Vec<Vec<usize>>,
        loads: Vec<Rational>,
        count: usize,
        lower_bound: usize,
    },
}

impl Operation for BinPacking {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.bin_packing.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Bin packing: the fewest bins of one capacity that hold every item";
    const SUMMARY: &'static str = "Packs items of given sizes into the fewest bins of a given capacity, exactly, with a proof that fewer bins cannot hold them.";
    const DESCRIPTION: &'static str = "Bounds first: first-fit and best-fit decreasing give a packing, ⌈total / capacity⌉ and Martello and Toth's L2 bound give a number of bins every packing needs. When they differ, Korf's bin completion decides each number of bins k: the bin of the largest unpacked item is filled with a maximal set of unpacked items (equal sizes taken in one order), and a completion is pruned when the room it leaves empty exceeds what k bins can waste (k·capacity − total). Short searches below the greedy packing come first, then exhaustive ones upwards from the lower bound, so the first k that fits is the optimum. Checked: every item in exactly one bin and every load, recomputed in exact rationals, at most the capacity. Items larger than a bin are reported. At the deadline: the best packing found and the proven lower bound. At most 1,000 items; sizes over their common denominator below 2^63.";
    const KEYWORDS: &'static [&'static str] = &[
        "bin packing",
        "fewest bins",
        "minimum number of bins",
        "first fit decreasing",
        "cutting stock",
        "pack items into containers",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "how many boxes of capacity 10 do I need for these items",
        "fewest trucks to carry packages of these weights",
        "pack files onto the fewest disks",
        "cut boards of these lengths from the fewest 8-foot planks",
        "minimum number of containers to hold all the items",
        "schedule jobs onto the fewest machines with a time limit each",
    ];
    const ALIASES: &'static [&'static str] = &["bin_packing", "binpacking"];
    const EXAMPLE: &'static str = r#"{"sizes": [4, 8, 1, 4, 2, 1], "capacity": 10}"#;
    const EXPECTED: &'static str = r#"{"status": "optimal", "bins": [[1, 4], [0, 2, 3, 5]], "loads": ["10", "10"], "count": 2, "check": "every item is in exactly one bin and each load, recomputed, is at most 10; no packing uses fewer than 2 bins by the total size and Martello–Toth bound"}"#;

    // Long run: sizes over one denominator, the packing, its recheck in rationals.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let sizes: Vec<Q> = input.sizes.0.into_iter().map(|r| r.0).collect();
        let capacity = input.capacity.0;
        if capacity <= Q::zero() {
            return Err(MathError::Input {
                path: "capacity".into(),
                message: "the capacity is positive".into(),
            });
        }
        if let Some(i) = sizes.iter().position(|s| s < &Q::zero()) {
            return Err(MathError::Input {
                path: format!("sizes[{i}]"),
                message: "sizes are non-negative".into(),
            });
        }
        let too_large: Vec<usize> = (0..sizes.len()).filter(|&i| sizes[i] > capacity).collect();
        if !too_large.is_empty() {
            return Ok(Output::Impossible {
                too_large,
                check: format!("each listed item is larger than the capacity {capacity}"),
            });
        }
        let den = sizes
            .iter()
            .chain([&capacity])
            .fold(BigInt::from(1), |l, q| l.lcm(q.denom()));
        let whole = |q: &Q, field: String| {
            (q.numer() * (&den / q.denom()))
                .to_u64()
                .filter(|v| *v < 1 << 63)
                .ok_or_else(|| {
                    MathError::Limit(format!(
                        "{field} over the common denominator {den} exceeds 2^63"
                    ))
                })
        };
        let scaled = (0..sizes.len())
            .map(|i| whole(&sizes[i], format!("sizes[{i}]")))
            .collect::<Result<Vec<u64>, _>>()?;
        let cap = whole(&capacity, "capacity".into())?;
        let p = bin_packing::solve(&scaled, cap, &ctx.budget)?;
        let loads: Vec<Q> = p
            .bins
            .iter()
            .map(|b| b.iter().fold(Q::zero(), |t, &i| t + &sizes[i]))
            .collect();
        if loads.iter().any(|l| l > &capacity) {
            return Err(Stop::CheckFailed("a bin's load exceeds the capacity").into());
        }
        let loads: Vec<Rational> = loads.into_iter().map(Rational).collect();
        let count = p.bins.len();
        Ok(if p.proven {
            Output::Optimal {
                check: if count == bin_packing::lower_bound(&scaled, cap) {
                    format!(
                        "every item is in exactly one bin and each load, recomputed, is at most {capacity}; no packing uses fewer than {count} bins by the total size and Martello–Toth bound"
                    )
                } else {
                    format!(
                        "every item is in exactly one bin and each load, recomputed, is at most {capacity}; a finished search refuted every packing into {} bins",
                        count - 1
                    )
                },
                bins: p.bins,
                loads,
                count,
            }
        } else {
            Output::Unknown {
                bins: p.bins,
                loads,
                count,
                lower_bound: p.lower_bound,
            }
        })
    }
}
