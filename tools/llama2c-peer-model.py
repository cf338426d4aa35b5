#!/usr/bin/env python3
"""llama2c-peer-model.py - random-weight models for llama2.c's run.c and runq.c.

tools/bench-peers.sh times tangscope beside llama2.c's two programs on a model
of tangscope's shape. llama2.c reads its own files, so this writes them, with
the Python standard library only (no NumPy, no PyTorch), from the formats as
llama2.c's run.c, runq.c and export.py read and write them:

  model.bin (run.c, float32): a header of 7 int32 (dim, hidden_dim, n_layers,
    n_heads, n_kv_heads, vocab_size, seq_len; a positive vocab_size means the
    output layer is the token embedding, as in tangscope), then float32
    tensors: token embedding (vocab x dim), the attention RMSNorm weights
    (layers x dim), wq, wk, wv, wo (layers x dim x dim each), the MLP RMSNorm
    weights (layers x dim), w1 (layers x hidden x dim), w2 (layers x dim x
    hidden), w3 (layers x hidden x dim), the final RMSNorm weights (dim), and
    two tables of seq_len x head_size/2 floats that run.c skips (RoPE's old
    precomputed tables; it computes RoPE itself).
  modelq.bin (runq.c, version 2): a 256-byte header (uint32 magic 0x616b3432,
    int32 version 2, the 7 int32 above, one byte "classifier shared", int32
    group size, zeros), the three RMSNorm tensors in float32, then each
    weight matrix (the embedding, then each layer's wq, each layer's wk, ...,
    each layer's w3) in Q8_0: its int8 values, then one float32 scale per
    group of `group` values (scale = largest |w| of the group / 127).
  tokenizer.bin: int32 max_token_length, then per token a float32 score, an
    int32 length and that many bytes. Token 1 is the start (BOS) that run.c
    begins from; the rest are one CJK character each, as in tangscope's
    vocabulary.

The same random float32 weights go into both files (the int8 file holds
them quantized), so both programs run the same model.

usage: tools/llama2c-peer-model.py OUTDIR [--dim 128] [--hidden 352]
       [--layers 4] [--heads 4] [--vocab 7311] [--seq-len 128] [--group 32]
       [--seed 1]
"""
import argparse
import array
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from outfile import write_output  # noqa: E402

MAGIC = 0x616B3432
HEADER_V2 = 256


def matrices(a):
    """The weight matrices in file order: (name, count) of each tensor."""
    out = [("token_embedding", a.vocab * a.dim)]
    for name, count in (("wq", a.dim * a.dim), ("wk", a.dim * a.dim),
                        ("wv", a.dim * a.dim), ("wo", a.dim * a.dim),
                        ("w1", a.hidden * a.dim), ("w2", a.dim * a.hidden),
                        ("w3", a.hidden * a.dim)):
        out += [(f"{name}[{l}]", count) for l in range(a.layers)]
    return out


def random_floats(rng, count, scale):
    return array.array("f", (rng.uniform(-scale, scale) for _ in range(count)))


def q8_0(values, group):
    """values quantized per group: (int8 array, float32 scales)."""
    q = array.array("b", bytes(len(values)))
    scales = array.array("f", bytes(4 * (len(values) // group)))
    for g in range(len(values) // group):
        chunk = values[g * group:(g + 1) * group]
        top = max(abs(v) for v in chunk)
        s = top / 127.0 if top > 0 else 1.0
        scales[g] = s
        for i, v in enumerate(chunk):
            q[g * group + i] = max(-127, min(127, int(round(v / s))))
    return q, scales


def write_atomic(path, chunks):
    def write(f):
        for c in chunks:
            f.write(c if isinstance(c, bytes) else c.tobytes())
    write_output(path, write)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("outdir")
    p.add_argument("--dim", type=int, default=128)
    p.add_argument("--hidden", type=int, default=352)
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--vocab", type=int, default=7311)
    p.add_argument("--seq-len", type=int, default=128)
    p.add_argument("--group", type=int, default=32)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    if a.dim % a.heads or (a.dim // a.heads) % 2:
        sys.exit("llama2c-peer-model: dim must split into heads of an even size")
    if a.dim % a.group or a.hidden % a.group:
        sys.exit("llama2c-peer-model: dim and hidden must be multiples of the group")
    if a.vocab < 4:
        sys.exit("llama2c-peer-model: the vocabulary needs 4 tokens at least")
    rng = random.Random(a.seed)
    config = struct.pack("<7i", a.dim, a.hidden, a.layers, a.heads, a.heads,
                         a.vocab, a.seq_len)
    ones = array.array("f", [1.0]) * a.dim
    norms = [ones * a.layers, ones * a.layers, ones]
    mats = {name: random_floats(rng, n, 0.05) for name, n in matrices(a)}

    def m(name):
        return [mats[f"{name}[{l}]"] for l in range(a.layers)]

    head = a.dim // a.heads
    rope_skipped = array.array("f", bytes(4 * a.seq_len * head))
    write_atomic(os.path.join(a.outdir, "model.bin"),
                 [config, mats["token_embedding"], norms[0], *m("wq"), *m("wk"),
                  *m("wv"), *m("wo"), norms[1], *m("w1"), *m("w2"), *m("w3"),
                  norms[2], rope_skipped])

    header = struct.pack("<Ii", MAGIC, 2) + config + struct.pack("<Bi", 1, a.group)
    header += bytes(HEADER_V2 - len(header))
    quant = []
    for name, _ in matrices(a):
        quant += q8_0(mats[name], a.group)
    write_atomic(os.path.join(a.outdir, "modelq.bin"), [header, *norms, *quant])

    pieces = [b"<unk>", b"\n<s>\n", b"\n</s>\n"]
    pieces += [chr(0x4E00 + i).encode() for i in range(a.vocab - 3)]
    tok = [struct.pack("<i", max(len(x) for x in pieces))]
    for x in pieces:
        tok.append(struct.pack("<fi", 0.0, len(x)) + x)
    write_atomic(os.path.join(a.outdir, "tokenizer.bin"), tok)


if __name__ == "__main__":
    main()
