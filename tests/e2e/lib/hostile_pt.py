#!/usr/bin/env python3
"""Hostile checkpoints and meta.pkl files for `tangscope import`, one per kind
of attack the bad-input campaign found against the old Python importer.

    python3 tests/e2e/lib/hostile_pt.py OUTDIR [--big]

Standard library only. The pickles are written opcode by opcode as Python's
pickletools documents them (protocol 2, as torch.save writes), the archives
with zipfile, so the bytes come from outside the C reader under test.
Without --big, only the small files (they also seed the fuzzers); with
--big, also the bombs: a 1 MB zip whose storage inflates to 1 GiB and a
data.pkl that declares 1 GiB.
"""

import os
import pickle
import struct
import sys
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "data", "nanogpt")

# ---------------------------------------------------------------- pickles


class Raw:
    """Opcodes written as they are (a GLOBAL of any name, say)."""

    def __init__(self, b):
        self.b = b


class Tensor:
    def __init__(self, key, numel, size, stride, offset=0, storage="FloatStorage"):
        self.key, self.numel, self.size, self.stride = key, numel, size, stride
        self.offset, self.storage = offset, storage


def glob(module, name):
    return b"c" + module.encode() + b"\n" + name.encode() + b"\n"


def value(v):
    if isinstance(v, Raw):
        return v.b
    if v is None:
        return b"N"
    if v is True or v is False:
        return b"\x88" if v else b"\x89"
    if isinstance(v, int):
        if -2**31 <= v < 2**31:
            return b"J" + struct.pack("<i", v)
        b = v.to_bytes((v.bit_length() + 8) // 8, "little", signed=True)
        return b"\x8b" + struct.pack("<I", len(b)) + b
    if isinstance(v, float):
        return b"G" + struct.pack(">d", v)
    if isinstance(v, str):
        b = v.encode("utf-8", "surrogatepass")
        return b"X" + struct.pack("<I", len(b)) + b
    if isinstance(v, tuple):
        return b"(" + b"".join(value(x) for x in v) + b"t"
    if isinstance(v, list):
        return b"](" + b"".join(value(x) for x in v) + b"e"
    if isinstance(v, dict):
        return b"}(" + b"".join(value(k) + value(x) for k, x in v.items()) + b"u"
    if isinstance(v, Tensor):
        pid = b"(" + value("storage") + glob("torch", v.storage) + value(v.key) + \
            value("cpu") + value(v.numel) + b"tQ"
        return glob("torch._utils", "_rebuild_tensor_v2") + b"(" + pid + value(v.offset) + \
            value(tuple(v.size)) + value(tuple(v.stride)) + b"\x89" + \
            glob("collections", "OrderedDict") + b")R" + b"tR"
    raise TypeError(type(v))


def dumps(v):
    return b"\x80\x02" + value(v) + b"."


# ---------------------------------------------------------------- a tiny model

L, C, T, CHARS = 1, 4, 2, "abc"
V = len(CHARS)
SHAPES = [("transformer.wte.weight", (V, C)), ("transformer.wpe.weight", (T, C)),
          ("transformer.ln_f.weight", (C,)), ("transformer.ln_f.bias", (C,))]
for k, s in [("ln_1.weight", (C,)), ("ln_1.bias", (C,)), ("attn.c_attn.weight", (3 * C, C)),
             ("attn.c_attn.bias", (3 * C,)), ("attn.c_proj.weight", (C, C)),
             ("attn.c_proj.bias", (C,)), ("ln_2.weight", (C,)), ("ln_2.bias", (C,)),
             ("mlp.c_fc.weight", (4 * C, C)), ("mlp.c_fc.bias", (4 * C,)),
             ("mlp.c_proj.weight", (C, 4 * C)), ("mlp.c_proj.bias", (C,))]:
    SHAPES.append(("transformer.h.0." + k, s))


def contiguous(shape):
    stride, acc = [], 1
    for s in reversed(shape):
        stride.insert(0, acc)
        acc *= s
    return tuple(stride), acc


def tiny_model():
    """(state_dict of Tensors, storages {key: bytes}) with small numbers."""
    sd, storages = {}, {}
    for i, (k, shape) in enumerate(SHAPES):
        stride, n = contiguous(shape)
        sd[k] = Tensor(str(i), n, shape, stride)
        storages[str(i)] = struct.pack("<%df" % n, *[((j * 7 + i) % 11 - 5) / 16 for j in range(n)])
    return sd, storages


ARGS = {"n_layer": L, "n_head": 1, "n_embd": C, "block_size": T, "vocab_size": V,
        "bias": True, "dropout": 0.0}


def checkpoint(sd, args=None):
    return {"model": sd, "model_args": dict(ARGS) if args is None else args, "iter_num": 1}


# ---------------------------------------------------------------- archives


def write_zip(path, entries, compress=()):
    """entries: [(name, bytes)]; names in compress are deflated."""
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED if name in compress else zipfile.ZIP_STORED
            zf.writestr(info, data)


def write_ckpt(path, obj, storages, compress=()):
    entries = [("archive/data.pkl", dumps(obj)), ("archive/byteorder", b"little")]
    entries += [("archive/data/" + k, b) for k, b in storages.items()]
    entries.append(("archive/version", b"3\n"))
    write_zip(path, entries, ["archive/" + c for c in compress])


def patch(path, find, replace, count=1):
    with open(path, "rb") as f:
        data = f.read()
    assert find in data, (path, find)
    with open(path, "wb") as f:
        f.write(data.replace(find, replace, count))


def deflate_zeros(total, chunk=1 << 20):
    """A raw deflate stream of `total` zero bytes and its CRC-32, made by
    repeating one fully flushed block (each starts afresh)."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    one = c.compress(bytes(chunk)) + c.flush(zlib.Z_FULL_FLUSH)
    end = zlib.compressobj(9, zlib.DEFLATED, -15).flush(zlib.Z_FINISH)
    crc, z = 0, bytes(chunk)
    for _ in range(total // chunk):
        crc = zlib.crc32(z, crc)
    return one * (total // chunk) + end, crc


def raw_zip(path, entries):
    """A zip of entries given as (name, method, raw bytes, crc, usize, flags),
    written field by field (APPNOTE 4.3.7 and 4.3.12)."""
    out, central = bytearray(), bytearray()
    for name, method, raw, crc, usize, flags in entries:
        n = name.encode("utf-8", "surrogateescape")
        at = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034b50, 20, flags, method, 0, 0x21, crc,
                           len(raw), usize, len(n), 0) + n + raw
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014b50, 20, 20, flags, method, 0,
                               0x21, crc, len(raw), usize, len(n), 0, 0, 0, 0, 0, at) + n
    end = struct.pack("<IHHHHIIH", 0x06054b50, 0, 0, len(entries), len(entries),
                      len(central), len(out), 0)
    with open(path, "wb") as f:
        f.write(bytes(out) + bytes(central) + end)


# ---------------------------------------------------------------- the cases


def small(out):
    sd, st = tiny_model()
    p = lambda name: os.path.join(out, name)  # noqa: E731
    write_ckpt(p("tiny.pt"), checkpoint(sd), st)
    write_ckpt(p("tiny-deflated.pt"), checkpoint(sd), st, compress=["data.pkl", "data/0"])
    with open(p("meta-abc.pkl"), "wb") as f:
        pickle.dump({"vocab_size": 3, "itos": dict(enumerate(CHARS)),
                     "stoi": {c: i for i, c in enumerate(CHARS)}}, f)
    # a stride-0 view at the size the model needs: one number, four times two
    s0 = dict(sd)
    s0["transformer.wpe.weight"] = Tensor("one", 1, (T, C), (0, 0))
    write_ckpt(p("stride0-ok.pt"), checkpoint(s0), dict(st, one=struct.pack("<f", 0.5)))
    # ... and one of 16384 x 16384 over one number: 1 GiB if copied whole
    s0 = dict(sd)
    s0["transformer.wte.weight"] = Tensor("one", 1, (16384, 16384), (0, 0))
    write_ckpt(p("stride0-huge.pt"), checkpoint(s0, {"n_head": 1}),
               dict(st, one=struct.pack("<f", 0.5)))
    # a view past its storage's end
    s0 = dict(sd)
    s0["transformer.wpe.weight"] = Tensor("1", T * C, (T, C), (C, 1), offset=1)
    write_ckpt(p("view-outside.pt"), checkpoint(s0), st)
    # a storage whose entry holds fewer bytes than its elements need
    write_ckpt(p("storage-short.pt"), checkpoint(sd), dict(st, **{"1": st["1"][:-4]}))
    # globals: os.system, and a name with a terminal title, a screen clear and U+202E
    evil = Raw(glob("os", "system") + b"(" + value("touch pwned") + b"tR")
    write_ckpt(p("global-os.pt"), {"model": evil}, {})
    esc = Raw(b"cos\x1b]0;pwned\x07\nsys\x1b[2J\xe2\x80\xaetem\n)R")
    write_ckpt(p("global-escape.pt"), {"model": esc}, {})
    # a key with escapes
    s0 = dict(sd)
    s0["transformer.wte.weight\x1b[2J\u202e"] = s0["transformer.ln_f.bias"]
    write_ckpt(p("key-escape.pt"), checkpoint(s0), st)
    # model_args of the wrong types
    for name, v in [("str", "1"), ("list", [1]), ("nan", float("nan")), ("inf", float("inf")),
                    ("bigint", 10**5000), ("negative", -1)]:
        write_ckpt(p("args-%s.pt" % name), checkpoint(sd, dict(ARGS, n_layer=v)), st)
    write_ckpt(p("args-heads-str.pt"), checkpoint(sd, dict(ARGS, n_head="1")), st)
    write_ckpt(p("args-list.pt"), checkpoint(sd, [1, 2]), st)
    # nesting: marks 100,000 deep; lists 100,000 deep (no marks)
    write_zip(p("deep-marks.pt"), [("archive/data.pkl", b"\x80\x02" + b"(" * 100000 + b".")])
    write_zip(p("deep-lists.pt"), [("archive/data.pkl",
                                    b"\x80\x02" + b"]" * 100000 + b"a" * 99999 + b".")])
    # the memo: an index of 0x04000000 (Python's memo list grows to it: 1 GB)
    write_zip(p("memo-index.pt"), [("archive/data.pkl",
                                    b"\x80\x02(}r\x00\x00\x00\x04j\x00\x00\x00\x04l.")])
    # ... in a real checkpoint (bias.pt's top dict kept at that index): it imports
    with zipfile.ZipFile(os.path.join(FIXTURES, "bias.pt")) as zf:
        entries = [(i.filename, zf.read(i.filename)) for i in zf.infolist()]
    pkl = entries[0][1]
    assert entries[0][0] == "bias/data.pkl" and pkl[2:5] == b"}q\x00"
    entries[0] = (entries[0][0], pkl[:3] + b"r\x00\x00\x00\x04" + pkl[5:])
    write_zip(p("memo-bias.pt"), entries)
    # an opcode no checkpoint uses (INST)
    write_zip(p("opcode-inst.pt"), [("archive/data.pkl", b"\x80\x02ios\nsystem\n.")])
    # archives: method 99, the encrypted flag, names with escapes, a lying size
    pkl = dumps({"a": 1})
    crc = zlib.crc32(pkl)
    raw_zip(p("method99.pt"), [("archive/data.pkl", 99, pkl, crc, len(pkl), 0)])
    raw_zip(p("encrypted.pt"), [("archive/data.pkl", 0, pkl, crc, len(pkl), 1)])
    raw_zip(p("name-escape.pt"), [("archive\x1b]0;pwned\x07/data.pkl", 0, pkl, crc, len(pkl), 0)])
    raw_zip(p("name-twice.pt"), [("archive/data.pkl", 0, pkl, crc, len(pkl), 0)] * 2)
    raw_zip(p("bad-crc.pt"), [("archive/data.pkl", 0, pkl, crc ^ 1, len(pkl), 0)])
    big, bcrc = deflate_zeros(1 << 20)
    raw_zip(p("inflate-liar.pt"), [("archive/data.pkl", 8, big, bcrc, 200, 0)])
    # meta.pkl: a global, mixed types, a word
    with open(p("meta-global.pkl"), "wb") as f:
        f.write(b"\x80\x02cos\nsystem\n.")
    with open(p("meta-mixed.pkl"), "wb") as f:
        pickle.dump({"itos": {0: "a", 1: 2, 2: "c"}}, f)
    with open(p("meta-mixed-keys.pkl"), "wb") as f:
        pickle.dump({"itos": {0: "a", 1: "b", "x": "c"}}, f)
    with open(p("meta-list.pkl"), "wb") as f:
        pickle.dump(["a", "b", "c"], f)


def big(out):
    """The bombs: a 1 MB archive whose storage inflates to 1 GiB, and a
    data.pkl that declares 1 GiB (both deflated, both honest about sizes)."""
    sd, st = tiny_model()
    p = lambda name: os.path.join(out, name)  # noqa: E731
    stream, crc = deflate_zeros(1 << 30)
    numel = (1 << 30) // 4
    sd = dict(sd)
    sd["transformer.wte.weight"] = Tensor("0", numel, (V, C), (C, 1))
    pkl = dumps(checkpoint(sd))
    entries = [("archive/data.pkl", 0, pkl, zlib.crc32(pkl), len(pkl), 0),
               ("archive/data/0", 8, stream, crc, 1 << 30, 0)]
    entries += [("archive/data/" + k, 0, b, zlib.crc32(b), len(b), 0)
                for k, b in st.items() if k != "0"]
    raw_zip(p("zip-bomb.pt"), entries)
    raw_zip(p("pkl-bomb.pt"), [("archive/data.pkl", 8, stream, crc, 1 << 30, 0)])


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    small(out)
    if "--big" in sys.argv[2:]:
        big(out)


if __name__ == "__main__":
    main()
