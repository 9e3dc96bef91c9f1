//! Meaning for search, without a network or a model at run time: a static
//! token-embedding table distilled offline from the sentence encoder
//! all-MiniLM-L6-v2 (Apache-2.0) by `scripts/search/distil.py`, which
//! records how (see `data/SEMANTIC.md`). A text's vector is the sum of its
//! WordPiece tokens' rows (each row already carries its token's weight),
//! normalised; two texts are as close as their vectors' cosine.
//!
//! The table is the whole model: operations are embedded from their own
//! title, summary, keywords and phrasings when the index is built, so a
//! new operation needs no regenerated file.

use std::collections::HashMap;
use std::sync::OnceLock;

/// `HSEM`, version, token count, dimension; a scale per row; the rows as
/// signed bytes; the vocabulary, one token a line, in row order.
static DATA: &[u8] = include_bytes!("../data/semantic.bin");
const MAGIC: &[u8; 4] = b"HSEM";

pub struct Embedder {
    dim: usize,
    scales: Vec<f32>,
    rows: &'static [u8],
    vocab: HashMap<&'static str, u32>,
}

/// Words longer than this are one unknown token, as in BERT.
const MAX_WORD: usize = 100;

impl Embedder {
    /// The table shipped in the binary; `None` only if the file is damaged
    /// (a unit test holds that it is not), and search is then lexical.
    pub fn shipped() -> Option<&'static Embedder> {
        static EMBEDDER: OnceLock<Option<Embedder>> = OnceLock::new();
        EMBEDDER.get_or_init(|| Self::parse(DATA)).as_ref()
    }

    fn parse(data: &'static [u8]) -> Option<Embedder> {
        let word = |i: usize| -> Option<usize> {
            let b = data.get(i..i + 4)?;
            Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        };
        if data.get(..4)? != MAGIC || word(4)? != 1 {
            return None;
        }
        let (n, dim) = (word(8)?, word(12)?);
        let scales_at = 16;
        let rows_at = scales_at + 4 * n;
        let vocab_at = rows_at + n * dim;
        let scales = data
            .get(scales_at..rows_at)?
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let rows = data.get(rows_at..vocab_at)?;
        let text = std::str::from_utf8(data.get(vocab_at..)?).ok()?;
        let vocab: HashMap<&'static str, u32> = text
            .split('\n')
            .take(n)
            .enumerate()
            .map(|(i, t)| (t, i as u32))
            .collect();
        (vocab.len() == n).then_some(Embedder {
            dim,
            scales,
            rows,
            vocab,
        })
    }

    /// The unit vector of a text (zero when no token of it is known).
    pub fn embed(&self, text: &str) -> Vec<f32> {
        let mut v = vec![0.0f32; self.dim];
        for id in self.tokens(text) {
            let row = &self.rows[id as usize * self.dim..(id as usize + 1) * self.dim];
            let scale = self.scales[id as usize];
            for (x, &b) in v.iter_mut().zip(row) {
                *x += scale * f32::from(b as i8);
            }
        }
        let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        if norm > 0.0 {
            v.iter_mut().for_each(|x| *x /= norm);
        }
        v
    }

    /// BERT's uncased tokenisation: lower case, accents stripped, split at
    /// spaces and punctuation, then each word into its longest known pieces
    /// (`##` marks a piece that continues a word). Unknown words are dropped.
    fn tokens<'a>(&'a self, text: &'a str) -> impl Iterator<Item = u32> + 'a {
        basic_words(text).flat_map(move |w| self.pieces(&w))
    }

    fn pieces(&self, word: &str) -> Vec<u32> {
        if word.chars().count() > MAX_WORD {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut start = 0;
        let mut piece = String::new();
        while start < word.len() {
            let mut end = word.len();
            let found = loop {
                if end <= start {
                    break None;
                }
                piece.clear();
                if start > 0 {
                    piece.push_str("##");
                }
                piece.push_str(&word[start..end]);
                if let Some(&id) = self.vocab.get(piece.as_str()) {
                    break Some(id);
                }
                end = word[..end]
                    .char_indices()
                    .next_back()
                    .map_or(start, |(i, _)| i);
            };
            match found {
                Some(id) => out.push(id),
                None => return Vec::new(),
            }
            start = end;
        }
        out
    }
}

/// Lower-cased, accent-free words and single punctuation marks.
fn basic_words(text: &str) -> impl Iterator<Item = String> + '_ {
    use unicode_normalization::UnicodeNormalization;
    use unicode_normalization::char::is_combining_mark;
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for c in text.nfd().filter(|c| !is_combining_mark(*c)) {
        if c.is_whitespace() {
            out.extend((!cur.is_empty()).then(|| std::mem::take(&mut cur)));
        } else if c.is_ascii_punctuation() || (!c.is_ascii() && !c.is_alphanumeric()) {
            out.extend((!cur.is_empty()).then(|| std::mem::take(&mut cur)));
            out.push(c.to_string());
        } else if !c.is_control() {
            cur.extend(c.to_lowercase());
        }
    }
    out.extend((!cur.is_empty()).then_some(cur));
    out.into_iter()
}

/// Cosine of two unit vectors.
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_parses_and_tokenises_as_bert_does() {
        let e = Embedder::shipped().expect("data/semantic.bin parses");
        let words: Vec<String> = basic_words("Fibonacci's n-th Möbius").collect();
        assert_eq!(words, ["fibonacci", "'", "s", "n", "-", "th", "mobius"]);
        let inv: HashMap<u32, &str> = e.vocab.iter().map(|(t, i)| (*i, *t)).collect();
        let pieces: Vec<&str> = e.pieces("fibonacci").iter().map(|i| inv[i]).collect();
        assert_eq!(pieces, ["fi", "##bon", "##ac", "##ci"]);
    }

    #[test]
    fn paraphrases_are_closer_than_unrelated_texts() {
        let e = Embedder::shipped().expect("data/semantic.bin parses");
        let a = e.embed("pair up dancers so that everyone has a partner");
        let b = e.embed("maximum matching in a graph");
        let c = e.embed("prime factorization of an integer");
        assert!(
            cosine(&a, &b) > cosine(&a, &c),
            "{} {}",
            cosine(&a, &b),
            cosine(&a, &c)
        );
        assert_eq!(e.embed("").iter().filter(|x| **x != 0.0).count(), 0);
    }
}
