#!/usr/bin/python3
"""Write the deterministic model fixtures used by the C tests.

    /usr/bin/python3 tools/make-fixtures.py [--out tests/data]

Writes tiny.bin (a small model with seeded random weights, a version 2 file),
tiny-v1.bin (the same model as a version 1 file), tiny-logits.txt
(float64 reference logits at every position for a few prompts) and
tiny-probs.txt (the top 8 next-character probabilities at the last position)
and tiny-nonewline.bin (tiny.bin with its newline replaced by '!': a
vocabulary that cannot start a poem).
Running it twice gives byte-identical files.  Needs numpy only.
"""

import argparse
import os
import sys
import struct
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tsmodel  # noqa: E402

SEED = 20240917
L, C, H, T = 2, 16, 2, 16
CHARS = "\n，。春风花月明人山水白日云天江夜不无一千里秋"
PROMPTS = [
    "春风",
    "\n白日",
    "山水云天江夜",
    "春风花月明人，山水白日云天。江夜",   # 16 characters: fills the context
]
TOP_K = 8


def make_model():
    vocab = sorted(set(ord(c) for c in CHARS))
    V = len(vocab)
    # RandomState's stream is frozen by numpy, so the weights never change.
    rng = np.random.RandomState(SEED)
    params = {}
    for name, shape in tsmodel.tensor_shapes(L, C, T, V):
        if name.endswith("_w") and name.startswith("ln"):
            a = 1.0 + 0.1 * rng.standard_normal(shape)     # LayerNorm gains
        elif name.startswith("ln"):
            a = 0.05 * rng.standard_normal(shape)          # LayerNorm shifts
        elif name.endswith("_b"):
            a = 0.05 * rng.standard_normal(shape)          # linear biases
        else:
            a = 0.3 * rng.standard_normal(shape)           # wte, wpe, matrices
        params[name] = a.astype(np.float32)
    return tsmodel.Model(L, C, H, T, vocab, params)


def hexs(text):
    return text.encode("utf-8").hex()


def fmt(x):
    return "%.9g" % x


def write_logits(path, model, results):
    V = model.vocab_size
    lines = [
        "# tangscope test fixture: reference logits of tests/data/tiny.bin",
        "# made by tools/make-fixtures.py; computed in float64 by tools/tsmodel.py",
        "# model: n_layer=%d n_embd=%d n_head=%d context=%d vocab_size=%d"
        % (L, C, H, T, V),
        "# Lines starting with '#' are comments; fields are separated by one space.",
        "# For each prompt:",
        "#   prompt <UTF-8 bytes of the prompt as lower-case hex>",
        "#   then one line per character of the prompt, p = 0, 1, ..., n-1:",
        "#   pos <p> <logit of token 0> <logit of token 1> ... <logit of token V-1>",
        "# The logits at pos p are the model's output after reading characters",
        "# 0..p of the prompt (token ids are indexes into the sorted vocabulary).",
        "# Numbers are printed with %.9g.",
    ]
    for text, logits in results:
        lines.append("prompt " + hexs(text))
        for p in range(logits.shape[0]):
            lines.append("pos %d " % p + " ".join(fmt(v) for v in logits[p]))
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


def write_probs(path, model, results):
    lines = [
        "# tangscope test fixture: next-character probabilities of tests/data/tiny.bin",
        "# made by tools/make-fixtures.py; computed in float64 by tools/tsmodel.py",
        "# softmax at temperature 1 of the logits at the LAST position of each prompt",
        "# Lines starting with '#' are comments; fields are separated by one space.",
        "# For each prompt:",
        "#   prompt <UTF-8 bytes of the prompt as lower-case hex>",
        "#   then exactly %d lines, most probable first (equal probabilities:" % TOP_K,
        "#   lower token id first):",
        "#   top <rank 1..%d> <token id> <UTF-8 bytes of the character as hex> <probability>"
        % TOP_K,
        "# Probabilities are printed with %.9g.",
    ]
    for text, logits in results:
        probs = tsmodel.softmax(logits[-1])
        order = sorted(range(len(probs)), key=lambda i: (-probs[i], i))
        lines.append("prompt " + hexs(text))
        for rank, i in enumerate(order[:TOP_K], 1):
            ch = chr(model.vocab[i])
            lines.append("top %d %d %s %s" % (rank, i, hexs(ch), fmt(probs[i])))
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


def self_check(path, model, results):
    """Reload the written file and check that everything survives."""
    with open(path, "rb") as f:
        data = f.read()
    assert int.from_bytes(data[8:12], "little") == 2, "not a version 2 file"
    # version 2: the CRC-32 of the whole file without its four CRC bytes
    crc = int.from_bytes(data[36:40], "little")
    assert crc == zlib.crc32(data[:36] + data[40:]), "stored CRC does not match the file"
    assert len(data) == 64 + tsmodel.payload_size(L, C, T, model.vocab_size)
    back = tsmodel.read(path)
    assert back.vocab == model.vocab
    for name, _ in model.shapes():
        assert np.array_equal(back.params[name], model.params[name]), name
    assert tsmodel.to_bytes(back) == data, "round trip changed the bytes"
    for text, logits in results:
        again = tsmodel.forward(back, back.encode(text))
        assert np.array_equal(again, logits), "logits differ after reload"

    # The reader must refuse damaged copies.
    def refused(buf, why):
        try:
            tsmodel.from_bytes(buf)
        except tsmodel.FormatError:
            return
        raise AssertionError("damaged file accepted: " + why)

    flip = bytearray(data)
    flip[-1] ^= 1
    refused(flip, "payload bit flip")
    refused(data[:-1], "truncated")
    refused(data + b"\0", "trailing byte")
    bad = bytearray(data)
    bad[0] = ord("X")
    refused(bad, "magic")
    bad = bytearray(data)
    bad[32] = 1
    refused(bad, "flags")
    bad = bytearray(data)
    bad[20] ^= 1            # n_head 2 -> 3 would not divide; 2 -> 3 is caught
    refused(bad, "n_head")  # by the configuration check or the checksum
    bad = bytearray(data)
    struct.pack_into("<I", bad, 20, 1)  # n_head 2 -> 1: a valid configuration
    refused(bad, "n_head 1 under the checksum")
    bad = bytearray(data)
    bad[63] = 1
    refused(bad, "reserved")
    bad = bytearray(data)
    bad[20:24] = (3).to_bytes(4, "little")     # C=16 is not a multiple of 3
    refused(bad, "n_head")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(root, "tests", "data"),
                    help="output folder (default: tests/data)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    model = make_model()
    results = []
    for text in PROMPTS:
        ids = model.encode(text)
        assert len(ids) <= T
        results.append((text, tsmodel.forward(model, ids, dtype=np.float64)))

    bin_path = os.path.join(args.out, "tiny.bin")
    tsmodel.write(bin_path, model)
    # the same model as a version 1 file, which loaders must still read
    tsmodel.write(os.path.join(args.out, "tiny-v1.bin"), model, version=1)
    # the same weights, the newline's row now '!': no poem can start
    nonl = tsmodel.Model(L, C, H, T, [0x21 if cp == 0x0A else cp for cp in model.vocab],
                         model.params)
    tsmodel.write(os.path.join(args.out, "tiny-nonewline.bin"), nonl)
    write_logits(os.path.join(args.out, "tiny-logits.txt"), model, results)
    write_probs(os.path.join(args.out, "tiny-probs.txt"), model, results)
    self_check(bin_path, model, results)
    print("wrote %s: V=%d, %d parameters, %d bytes; self-check passed"
          % (bin_path, model.vocab_size, model.n_params(),
             os.path.getsize(bin_path)))


if __name__ == "__main__":
    main()
