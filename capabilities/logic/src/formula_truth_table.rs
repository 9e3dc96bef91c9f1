use crate::wire::formula;
use hessian_op::prelude::*;

pub struct FormulaTruthTable;

/// Variables of a printed truth table (4,096 rows).
const MAX_VARS: usize = 12;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A propositional formula (grammar as logic.formula.satisfiable.decide:
    /// !, &, xor/^, |, ->, <->, true, false, parentheses).
    #[schemars(length(max = 100000))]
    pub formula: String,
    /// The columns' order (default: order of first appearance); may list
    /// variables the formula does not use. At most 12 in all.
    #[serde(default)]
    #[schemars(length(max = 12))]
    pub variables: Vec<String>,
}

#[derive(Serialize, JsonSchema)]
pub struct Row {
    /// One value per variable, in the order of `variables`.
    pub values: Vec<bool>,
    pub value: bool,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub variables: Vec<String>,
    /// All 2ⁿ rows, the first all false, the last variable changing fastest.
    pub rows: Vec<Row>,
    /// Row numbers (from 0) where the formula is true: the minterms, with
    /// the first variable as the most significant bit.
    pub minterms: Vec<u32>,
    pub true_rows: usize,
    /// true on every row, false on every row.
    pub tautology: bool,
    pub contradiction: bool,
}

impl Operation for FormulaTruthTable {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.formula.truth_table.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Truth table of a propositional formula";
    const SUMMARY: &'static str = "Every row of a boolean formula's truth table (up to 12 variables), with its minterms and whether it is a tautology or a contradiction.";
    const DESCRIPTION: &'static str = "Evaluates the formula on all 2ⁿ assignments in the textbook order (the first row all false, the last variable changing fastest); the minterm numbers read the row's values as a binary number with the first variable most significant. Bounds: 12 variables, 100,000 characters.";
    const KEYWORDS: &'static [&'static str] = &[
        "truth table",
        "minterms",
        "boolean formula",
        "propositional logic",
        "evaluate",
        "logic table",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "truth table of p -> (q & r)",
        "list every row of the truth table for this boolean expression",
        "show all true/false combinations and the result for each",
        "table of outputs for every input of a logic expression",
        "truth table for a logic gate circuit homework",
        "how do I write out every case of p and q for this statement",
    ];
    const ALIASES: &'static [&'static str] = &["BooleanTable", "TruthTable", "truth_table"];
    const EXAMPLE: &'static str = r#"{"formula": "p -> q"}"#;
    const EXPECTED: &'static str = r#"{"variables": ["p", "q"], "rows": [{"values": [false, false], "value": true}, {"values": [false, true], "value": true}, {"values": [true, false], "value": false}, {"values": [true, true], "value": true}], "minterms": [0, 1, 3], "true_rows": 3, "tautology": false, "contradiction": false}"#;

    // Long run: the columns bounded, every row evaluated, the minterms read off.
    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let (f, names) = formula("formula", &input.formula, &input.variables)?;
        let n = names.len();
        if n > MAX_VARS {
            return Err(MathError::Limit(format!(
                "{n} variables: a truth table of 2^{n} rows; at most {MAX_VARS} variables (logic.formula.satisfiable.decide and logic.formula.tautology.decide take any number)"
            )));
        }
        let rows: Vec<Row> = (0u32..1 << n)
            .map(|k| {
                let values: Vec<bool> = (0..n).map(|i| k >> (n - 1 - i) & 1 == 1).collect();
                let value = f.eval(&values);
                Row { values, value }
            })
            .collect();
        let minterms: Vec<u32> = (0u32..1 << n).filter(|&k| rows[k as usize].value).collect();
        let true_rows = minterms.len();
        Ok(Output {
            variables: names,
            tautology: true_rows == rows.len(),
            contradiction: true_rows == 0,
            rows,
            minterms,
            true_rows,
        })
    }
}
