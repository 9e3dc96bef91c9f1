//! The immutable catalog built at start-up from each capability package's
//! list: lookup by id, contract documents and digests, search and browse.

use crate::canonical::{sha256_digest, to_canonical};
use crate::operation::DynOperation;
use crate::search::{Ranking, SearchIndex};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Verbs an operation id may end in (DESIGN §4; `isolate` and `encode`
/// added for the ids the family issues name, docs/DECISIONS.md).
pub const VERBS: &[&str] = &[
    "compute",
    "decide",
    "solve",
    "find",
    "enumerate",
    "count",
    "construct",
    "check",
    "evaluate",
    "isolate",
    "encode",
];

/// An operation's published contract: the canonical document and its digest.
#[derive(Debug, Clone)]
pub struct Contract {
    /// `{operation_id, version, input_schema, output_schema, input_plan}`.
    pub document: Value,
    /// RFC 8785 text of `document`; `schemas/<id>.json` holds exactly this.
    pub canonical: String,
    /// `sha256:` + hex of `canonical`.
    pub digest: String,
}

pub struct Entry {
    pub op: &'static dyn DynOperation,
    contract: OnceLock<Contract>,
}

impl Entry {
    /// Computed on first use, so start-up costs no schema generation.
    pub fn contract(&self) -> &Contract {
        self.contract.get_or_init(|| {
            let document = json!({
                "operation_id": self.op.id(),
                "version": self.op.version(),
                "input_schema": self.op.input_schema(),
                "output_schema": self.op.output_schema(),
                "input_plan": self.op.plan_document().unwrap_or(Value::Null),
            });
            let canonical = to_canonical(&document);
            let digest = sha256_digest(canonical.as_bytes());
            Contract {
                document,
                canonical,
                digest,
            }
        })
    }

    /// The complete, copyable `math_run` arguments of the example.
    pub fn example_call(&self) -> crate::find::Call {
        crate::find::Call {
            operation_id: self.op.id().into(),
            input: self.op.example_input(),
            contract: Some(self.contract().digest.clone()),
        }
    }
}

pub struct Catalog {
    /// Sorted by id: browse order.
    entries: Vec<Entry>,
    by_id: HashMap<&'static str, usize>,
    /// Built at the first search, so that a server lists its tools (cold
    /// start) without indexing every phrasing first.
    index: OnceLock<SearchIndex>,
}

/// Why a catalog could not be built: a programming error in a package list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildError(pub String);

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BuildError {}

fn check_id(id: &str) -> Result<(), String> {
    let segments: Vec<&str> = id.split('.').collect();
    let well_formed = segments.len() >= 3
        && segments.iter().all(|s| {
            !s.is_empty()
                && s.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
                && s.as_bytes()[0].is_ascii_lowercase()
        });
    if !well_formed {
        return Err(format!(
            "operation id {id:?} is not <family>.<object>[.<qualifier>].<verb> in lowercase snake segments"
        ));
    }
    // Float operations are named `….numeric` or `….numeric_<verb>` (DESIGN §3).
    let last = segments[segments.len() - 1];
    let verb = if last == "numeric" {
        "compute"
    } else {
        last.strip_prefix("numeric_").unwrap_or(last)
    };
    if !VERBS.contains(&verb) {
        return Err(format!(
            "operation id {id:?} ends in {last:?}, which is not one of the verbs {VERBS:?}"
        ));
    }
    Ok(())
}

impl Catalog {
    pub fn new(
        ops: impl IntoIterator<Item = &'static dyn DynOperation>,
    ) -> Result<Self, BuildError> {
        let mut ops: Vec<&'static dyn DynOperation> = ops.into_iter().collect();
        ops.sort_by_key(|op| op.id());
        let mut by_id = HashMap::with_capacity(ops.len());
        for (i, op) in ops.iter().enumerate() {
            check_id(op.id()).map_err(BuildError)?;
            op.plan_document().map_err(BuildError)?;
            if by_id.insert(op.id(), i).is_some() {
                return Err(BuildError(format!(
                    "operation id {:?} is declared twice",
                    op.id()
                )));
            }
        }
        let entries = ops
            .into_iter()
            .map(|op| Entry {
                op,
                contract: OnceLock::new(),
            })
            .collect();
        Ok(Self {
            entries,
            by_id,
            index: OnceLock::new(),
        })
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The families, the `domain` values math_find takes, in order (the
    /// entries are sorted by id, so each family is one run).
    pub fn domains(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = self
            .entries
            .iter()
            .filter_map(|e| e.op.id().split('.').next())
            .collect();
        out.dedup();
        out
    }

    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.by_id.get(id).map(|&i| &self.entries[i])
    }

    /// Entry positions ranked for a query, best first, within `domain`;
    /// empty when nothing in the catalog fits the query.
    pub fn search(&self, query: &str, domain: Option<&str>) -> Vec<usize> {
        let ranking = self.rank(query, domain);
        if ranking.fits() {
            ranking.ids
        } else {
            Vec::new()
        }
    }

    /// Builds the search index (and reads the semantic table) on a thread
    /// of its own, so a server's first math_find does not wait for it
    /// (about 25 ms); a search that comes sooner waits for that one build.
    pub fn warm_search(&'static self) {
        let _ = std::thread::Builder::new()
            .name("search-index".into())
            .spawn(move || self.rank("", None));
    }

    /// The whole ranking within `domain`, fitting or not, with the share of
    /// the query its best match covers.
    pub fn rank(&self, query: &str, domain: Option<&str>) -> Ranking {
        let index = self.index.get_or_init(|| {
            let ops: Vec<&'static dyn DynOperation> = self.entries.iter().map(|e| e.op).collect();
            SearchIndex::build(&ops)
        });
        let mut ranking = index.search(query);
        ranking
            .ids
            .retain(|&i| in_domain(self.entries[i].op.id(), domain));
        ranking
    }

    /// The nearest ids to a mistyped one, best first: near spellings, then
    /// lexical matches on the words of the id.
    pub fn nearest(&self, id: &str, n: usize) -> Vec<&'static str> {
        let close = (id.len() / 4).max(2);
        let mut spelled: Vec<(usize, &'static str)> = self
            .entries
            .iter()
            .map(|e| (edit_distance(id, e.op.id()), e.op.id()))
            .filter(|(d, _)| *d <= close)
            .collect();
        spelled.sort();
        let mut out: Vec<&'static str> = spelled.into_iter().map(|s| s.1).collect();
        for i in self.search(&id.replace(['.', '_', '-'], " "), None) {
            let candidate = self.entries[i].op.id();
            if !out.contains(&candidate) {
                out.push(candidate);
            }
        }
        out.truncate(n);
        out
    }

    /// The id nearest `id` when it is within two edits and no other id is
    /// as near: the one reading of a typo.
    pub fn respelt(&self, id: &str) -> Option<&'static str> {
        let mut near: Vec<(usize, &'static str)> = self
            .entries
            .iter()
            .map(|e| (edit_distance(id, e.op.id()), e.op.id()))
            .filter(|(d, _)| *d <= 2)
            .collect();
        near.sort();
        match near.as_slice() {
            [(_, only)] => Some(only),
            [(a, best), (b, _), ..] if a < b => Some(best),
            _ => None,
        }
    }

    /// Every contract and the metadata around it: the `hessian://catalog` resource.
    pub fn export(&self) -> Value {
        let ops: Vec<Value> = self.entries.iter().map(exported).collect();
        json!({ "server": "hessian", "version": env!("CARGO_PKG_VERSION"), "operations": ops })
    }

    /// The operations from `offset` on, as many as fit `max_bytes` of JSON
    /// (at least one), with the offset of the next page when there is one
    /// and the digest of the whole export, so a client can tell whether the
    /// pages it holds belong to one catalog.
    pub fn export_page(&self, offset: usize, max_bytes: usize) -> (Value, Option<usize>) {
        let digest = crate::canonical::sha256_digest(
            crate::canonical::to_canonical(&self.export()).as_bytes(),
        );
        let mut page = json!({
            "server": "hessian",
            "version": env!("CARGO_PKG_VERSION"),
            "catalog_digest": digest,
            "total": self.entries.len(),
            "operations": [],
        });
        // Room for the page's own fields and a `next` link.
        let mut used = page.to_string().len() + 64;
        let mut ops = Vec::new();
        for e in self.entries.iter().skip(offset) {
            let op = exported(e);
            let size = op.to_string().len() + 1;
            if !ops.is_empty() && used + size > max_bytes {
                break;
            }
            used += size;
            ops.push(op);
        }
        let end = offset + ops.len();
        page["operations"] = Value::Array(ops);
        (page, (end < self.entries.len()).then_some(end))
    }
}

/// One operation in the catalog export.
fn exported(e: &Entry) -> Value {
    let c = e.contract();
    json!({
        "operation_id": e.op.id(),
        "version": e.op.version(),
        "contract": c.digest,
        "title": e.op.title(),
        "summary": e.op.summary(),
        "input_schema": c.document["input_schema"],
        "output_schema": c.document["output_schema"],
    })
}

pub fn in_domain(id: &str, domain: Option<&str>) -> bool {
    match domain {
        None => true,
        Some(d) => id.strip_prefix(d).is_some_and(|rest| rest.starts_with('.')),
    }
}

/// Levenshtein distance over bytes (ids are ASCII).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    // Optimal string alignment: insertions, deletions, substitutions and
    // swaps of neighbours ("factorail") cost one each.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let sub = prev[j - 1] + usize::from(a[i - 1] != b[j - 1]);
            cur[j] = sub.min(prev[j] + 1).min(cur[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                cur[j] = cur[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut prev, cur);
    }
    prev[b.len()]
}
