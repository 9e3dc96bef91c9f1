//! Linear constraints over 0/1 variables (pseudo-Boolean): the text agents
//! write ("3 x + 2 ~y - z >= 2"), evaluation at an assignment, and the
//! rewriting into bounds Σ wᵢ·[lᵢ] ≤ K with positive weights that
//! [`super::counter`] encodes.
//!
//! Identities: a·l = a − a·¬l, so a negative coefficient becomes a
//! positive one on the negated literal with the bound moved by |a|;
//! Σ aᵢlᵢ ≥ b is Σ (−aᵢ)lᵢ ≤ −b; an equation is both inequalities.

/// Largest |coefficient| and |bound|: sums of 10,000 terms stay far inside
/// i128, and weights inside u64.
pub const MAX_COEFFICIENT: i64 = 1_000_000_000_000;
pub const MAX_BOUND: i64 = 1_000_000_000_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    AtMost,
    AtLeast,
    Equal,
}

/// Σ coefficient·[literal] (relation) bound; a literal is a variable
/// (0-based index into the caller's names) and whether it is negated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Constraint {
    pub terms: Vec<(i64, usize, bool)>,
    pub relation: Relation,
    pub bound: i64,
}

/// Where the text stopped making sense (a byte offset) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed {
    pub at: usize,
    pub message: &'static str,
}

fn malformed<T>(at: usize, message: &'static str) -> Result<T, Malformed> {
    Err(Malformed { at, message })
}

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn blanks(&mut self) {
        while self
            .text
            .get(self.at)
            .is_some_and(|c| c.is_ascii_whitespace())
        {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.blanks();
        self.text.get(self.at).copied()
    }

    fn number(&mut self, max: i64) -> Result<Option<i64>, Malformed> {
        self.blanks();
        let start = self.at;
        let mut value: i64 = 0;
        while let Some(d) = self.text.get(self.at).filter(|c| c.is_ascii_digit()) {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(i64::from(d - b'0')))
                .filter(|&v| v <= max)
                .map_or_else(|| malformed(start, "the number is too large"), Ok)?;
            self.at += 1;
        }
        Ok((self.at > start).then_some(value))
    }

    fn name(&mut self) -> Option<&str> {
        self.blanks();
        let start = self.at;
        while self
            .text
            .get(self.at)
            .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_')
        {
            if self.at == start && self.text[self.at].is_ascii_digit() {
                break;
            }
            self.at += 1;
        }
        std::str::from_utf8(&self.text[start..self.at])
            .ok()
            .filter(|s| !s.is_empty())
    }
}

/// Parses "3 x + 2 ~y - z >= 2" (coefficients default to 1, `*` between
/// coefficient and variable optional, `~` or `!` negates, relations
/// <=, >=, =, <, >, an optional trailing `;`), numbering new variables
/// after `names`.
pub fn parse(text: &str, names: &mut Vec<String>) -> Result<Constraint, Malformed> {
    let mut r = Reader {
        text: text.as_bytes(),
        at: 0,
    };
    let mut terms = Vec::new();
    loop {
        let sign = match r.peek() {
            Some(b'-') => {
                r.at += 1;
                -1
            }
            Some(b'+') => {
                r.at += 1;
                1
            }
            _ if terms.is_empty() => 1,
            Some(b'<' | b'>' | b'=') => break,
            _ => return malformed(r.at, "expected +, - or a relation (<=, >=, =)"),
        };
        let coefficient = r.number(MAX_COEFFICIENT)?.unwrap_or(1);
        if r.peek() == Some(b'*') {
            r.at += 1;
        }
        let negated = matches!(r.peek(), Some(b'~' | b'!'));
        if negated {
            r.at += 1;
        }
        let at = r.at;
        let Some(name) = r.name() else {
            return malformed(
                at,
                "expected a variable name (a letter, then letters, digits, _)",
            );
        };
        let index = match names.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                names.push(name.to_string());
                names.len() - 1
            }
        };
        terms.push((sign * coefficient, index, negated));
    }
    let at = r.at;
    let relation = match (r.text.get(r.at), r.text.get(r.at + 1)) {
        (Some(b'<'), Some(b'=')) => (Relation::AtMost, 2, 0),
        (Some(b'>'), Some(b'=')) => (Relation::AtLeast, 2, 0),
        (Some(b'='), Some(b'=')) => (Relation::Equal, 2, 0),
        (Some(b'<'), _) => (Relation::AtMost, 1, -1),
        (Some(b'>'), _) => (Relation::AtLeast, 1, 1),
        (Some(b'='), _) => (Relation::Equal, 1, 0),
        _ => return malformed(at, "expected a relation (<=, >=, =)"),
    };
    r.at += relation.1;
    let negative = r.peek() == Some(b'-');
    if negative || r.peek() == Some(b'+') {
        r.at += 1;
    }
    let Some(b) = r.number(MAX_BOUND - 1)? else {
        return malformed(r.at, "expected an integer right-hand side");
    };
    if r.peek() == Some(b';') {
        r.at += 1;
    }
    if r.peek().is_some() {
        return malformed(r.at, "unexpected text after the right-hand side");
    }
    let bound = if negative { -b } else { b } + relation.2;
    Ok(Constraint {
        terms,
        relation: relation.0,
        bound,
    })
}

impl Constraint {
    /// Σ coefficient·[literal] at `model` (value of variable i at i).
    pub fn left(&self, model: &[bool]) -> i128 {
        self.terms
            .iter()
            .filter(|&&(_, v, negated)| model.get(v).copied().unwrap_or(false) != negated)
            .map(|&(a, _, _)| i128::from(a))
            .sum()
    }

    pub fn holds(&self, model: &[bool]) -> bool {
        let (left, b) = (self.left(model), i128::from(self.bound));
        match self.relation {
            Relation::AtMost => left <= b,
            Relation::AtLeast => left >= b,
            Relation::Equal => left == b,
        }
    }

    /// The constraint as bounds Σ wᵢ·[lᵢ] ≤ K (weights ≥ 1, DIMACS literals
    /// of variable index + 1): `None` for K < 0, which nothing meets;
    /// bounds every assignment meets are left out.
    pub fn at_most(&self) -> Vec<Option<(Vec<(u64, i32)>, u64)>> {
        let literal = |v: usize, negated: bool| {
            let d = v as i32 + 1;
            if negated { -d } else { d }
        };
        let side = |sign: i64| {
            let mut k = i128::from(self.bound) * i128::from(sign);
            let mut terms = Vec::new();
            for &(a, v, negated) in &self.terms {
                let a = a * sign;
                if a > 0 {
                    terms.push((a as u64, literal(v, negated)));
                } else if a < 0 {
                    // a·l = a + |a|·¬l
                    k -= i128::from(a);
                    terms.push((a.unsigned_abs(), literal(v, !negated)));
                }
            }
            let total: i128 = terms.iter().map(|t| i128::from(t.0)).sum();
            if k < 0 {
                Some(None)
            } else if k >= total {
                None
            } else {
                Some(Some((terms, k as u64)))
            }
        };
        let signs: &[i64] = match self.relation {
            Relation::AtMost => &[1],
            Relation::AtLeast => &[-1],
            Relation::Equal => &[1, -1],
        };
        signs.iter().filter_map(|&s| side(s)).collect()
    }
}
