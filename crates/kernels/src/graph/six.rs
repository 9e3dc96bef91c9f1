//! McKay's printable graph formats (nauty's formats.txt): graph6 (simple
//! undirected, upper triangle column by column), sparse6 (undirected with
//! loops and parallel edges, as an edge list) and digraph6 (directed with
//! loops, full matrix row by row). Decoding only: agents paste these from
//! House of Graphs, nauty and networkx output.

/// A decoded graph: vertex count, directedness and edges in the format's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    pub n: usize,
    pub directed: bool,
    pub edges: Vec<(usize, usize)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SixError {
    /// Not a valid text: the format, the character (counting from 1) and why.
    Malformed {
        format: &'static str,
        position: usize,
        message: String,
    },
    /// Valid, but more vertices or edges than the caller allows.
    TooLarge(String),
}

impl std::fmt::Display for SixError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SixError::Malformed {
                format,
                position,
                message,
            } => write!(f, "the {format} text at character {position}: {message}"),
            SixError::TooLarge(m) => f.write_str(m),
        }
    }
}

/// Decodes one graph6, sparse6 (':' first) or digraph6 ('&' first) text,
/// with or without its `>>graph6<<`-style header. Incremental sparse6
/// (';') needs a previous graph and is refused.
pub fn decode(text: &str, max_vertices: usize, max_edges: usize) -> Result<Decoded, SixError> {
    let (format, header) = if text.starts_with(">>sparse6<<") {
        ("sparse6", 11)
    } else if text.starts_with(">>digraph6<<") {
        ("digraph6", 12)
    } else if text.starts_with(">>graph6<<") {
        ("graph6", 10)
    } else {
        match text.as_bytes().first() {
            Some(b':') => ("sparse6", 0),
            Some(b'&') => ("digraph6", 0),
            _ => ("graph6", 0),
        }
    };
    let bad = |position: usize, message: String| SixError::Malformed {
        format,
        position,
        message,
    };
    let mut start = header;
    if format != "graph6" {
        let mark = if format == "sparse6" { b':' } else { b'&' };
        if text.as_bytes().get(start) != Some(&mark) {
            return Err(bad(
                start + 1,
                format!("a {format} text starts with '{}'", mark as char),
            ));
        }
        start += 1;
    }
    if text.as_bytes().first() == Some(&b';') {
        return Err(bad(
            1,
            "incremental sparse6 (';') needs the previous graph; send a full sparse6 text starting with ':'".into(),
        ));
    }
    let bytes = &text.as_bytes()[start..];
    if let Some(k) = bytes.iter().position(|b| !(63..=126).contains(b)) {
        return Err(bad(
            start + k + 1,
            "only the characters '?' to '~' (bytes 63–126) may follow the prefix; no spaces or newlines".into(),
        ));
    }
    let six = |k: usize| u64::from(bytes[k] - 63);
    // N(n): one byte below 126, or 126 then 18 bits, or 126 126 then 36 bits.
    let (n, body) = match bytes {
        [] => return Err(bad(start + 1, "the vertex count is missing".into())),
        [126, 126, ..] if bytes.len() >= 8 => ((2..8).fold(0, |a, k| a << 6 | six(k)), 8),
        [126, 126, ..] => {
            return Err(bad(
                start + 1,
                "a 36-bit vertex count needs 8 characters".into(),
            ));
        }
        [126, ..] if bytes.len() >= 4 => ((1..4).fold(0, |a, k| a << 6 | six(k)), 4),
        [126, ..] => {
            return Err(bad(
                start + 1,
                "an 18-bit vertex count needs 4 characters".into(),
            ));
        }
        _ => (six(0), 1),
    };
    if n > max_vertices as u64 {
        return Err(SixError::TooLarge(format!(
            "the {format} text has {n} vertices; this operation takes at most {max_vertices}"
        )));
    }
    let n = n as usize;
    let data = &bytes[body..];
    let bit = |i: usize| (data[i / 6] - 63) >> (5 - i % 6) & 1 == 1;
    let too_many = || {
        SixError::TooLarge(format!(
            "the {format} text has more than {max_edges} edges, the most a graph may have"
        ))
    };
    let mut edges = Vec::new();
    match format {
        "sparse6" => {
            let k = usize::BITS as usize - n.saturating_sub(1).leading_zeros() as usize;
            let total = data.len() * 6;
            let (mut at, mut v) = (0, 0usize);
            // Each group is one bit b and a k-bit x; an incomplete group is padding.
            while at + 1 + k <= total {
                let b = bit(at);
                let x = (at + 1..at + 1 + k).fold(0usize, |a, i| a << 1 | usize::from(bit(i)));
                at += 1 + k;
                if b {
                    v += 1;
                }
                if x >= n || v >= n {
                    break;
                }
                if x > v {
                    v = x;
                } else {
                    if edges.len() == max_edges {
                        return Err(too_many());
                    }
                    edges.push((x, v));
                }
            }
        }
        _ => {
            let directed = format == "digraph6";
            let bits = if directed {
                n * n
            } else {
                n * n.saturating_sub(1) / 2
            };
            let want = bits.div_ceil(6);
            if data.len() != want {
                return Err(bad(
                    start + body + data.len().min(want) + 1,
                    format!(
                        "{n} vertices need exactly {want} characters after the vertex count, not {}",
                        data.len()
                    ),
                ));
            }
            let mut i = 0;
            let mut push = |u: usize, v: usize, i: usize| {
                if bit(i) {
                    if edges.len() == max_edges {
                        return Err(too_many());
                    }
                    edges.push((u, v));
                }
                Ok(())
            };
            if directed {
                for u in 0..n {
                    for v in 0..n {
                        push(u, v, i)?;
                        i += 1;
                    }
                }
            } else {
                for v in 1..n {
                    for u in 0..v {
                        push(u, v, i)?;
                        i += 1;
                    }
                }
            }
        }
    }
    Ok(Decoded {
        n,
        directed: format == "digraph6",
        edges,
    })
}
