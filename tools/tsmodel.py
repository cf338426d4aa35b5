"""Reader, writer and reference forward pass for tangscope model files.

The file layout and the model are described in docs/model-format.md; this
module follows that page and nothing else.  It needs numpy only.  The
forward pass works in float64 so that it can serve as an independent
reference for the C implementation (which computes in float32).

    m = tsmodel.read("model.bin")
    ids = m.encode("春风")
    logits = tsmodel.forward(m, ids)      # numpy array [len(ids), V]

This is a tool for tests and comparisons; the C program never runs it.
"""

import math
import os
import struct
import zlib

import numpy as np

MAGIC = b"TSGPTMDL"
VERSION = 2            # written for tangscope's own numerics; 1 is read too
VERSION_NUM = 3        # written when the GELU or the epsilon differ
HEADER_SIZE = 64
CRC_OFFSET = 36        # the u32 CRC-32 in the header
LN_EPS = np.float32(1e-5)   # stored as a float32 in version 3
GELUS = ("tanh", "erf")     # the u32 at offset 48 of a version 3 header

# Header: magic, version, L, C, H, T, V, flags, crc32, payload_size, reserved.
_HEADER = struct.Struct("<8s8IQ16s")
assert _HEADER.size == HEADER_SIZE
# Version 3's first 8 reserved bytes: which GELU, the LayerNorm epsilon.
_NUMERICS = struct.Struct("<If")

LIMITS = {
    "n_layer": (1, 64),
    "n_head": (1, 64),
    "n_embd": (1, 4096),
    "context": (1, 8192),
    "vocab_size": (2, 1000000),
}


class FormatError(ValueError):
    """The bytes are not a valid version 1, 2 or 3 model file."""


def tensor_shapes(L, C, T, V):
    """The parameter tensors in file order, as (name, shape) pairs."""
    return [
        ("wte", (V, C)),
        ("wpe", (T, C)),
        ("ln1_w", (L, C)),
        ("ln1_b", (L, C)),
        ("qkv_w", (L, 3 * C, C)),
        ("qkv_b", (L, 3 * C)),
        ("attproj_w", (L, C, C)),
        ("attproj_b", (L, C)),
        ("ln2_w", (L, C)),
        ("ln2_b", (L, C)),
        ("fc_w", (L, 4 * C, C)),
        ("fc_b", (L, 4 * C)),
        ("fcproj_w", (L, C, 4 * C)),
        ("fcproj_b", (L, C)),
        ("lnf_w", (C,)),
        ("lnf_b", (C,)),
    ]


def param_count(L, C, T, V):
    """Number of float32 parameters: V*C + T*C + L*(12*C*C + 13*C) + 2*C."""
    return V * C + T * C + L * (12 * C * C + 13 * C) + 2 * C


def payload_size(L, C, T, V):
    return 4 * V + 4 * param_count(L, C, T, V)


def tensor_offsets(L, C, T, V):
    """Byte offset in the file (not the payload) of each tensor, by name."""
    off = HEADER_SIZE + 4 * V
    out = {}
    for name, shape in tensor_shapes(L, C, T, V):
        out[name] = off
        off += 4 * int(np.prod(shape))
    return out


def check_config(L, C, H, T, V):
    for key, val in (("n_layer", L), ("n_embd", C), ("n_head", H),
                     ("context", T), ("vocab_size", V)):
        lo, hi = LIMITS[key]
        if not lo <= val <= hi:
            raise FormatError("%s=%d outside [%d, %d]" % (key, val, lo, hi))
    if C % H:
        raise FormatError("n_embd=%d is not a multiple of n_head=%d" % (C, H))


def is_control(cp):
    """Would cp, shown, act on a terminal rather than stand as a character?
    The C0 and C1 controls (the newline aside), DEL, the bidirectional marks,
    embeddings, overrides and isolates, and the line and paragraph separators:
    docs/model-format.md's rule, as src/engine/vocab.c applies it."""
    return ((cp < 0x20 and cp != 0x0A) or 0x7F <= cp <= 0x9F
            or cp in (0x061C, 0x200E, 0x200F, 0x2028, 0x2029)
            or 0x202A <= cp <= 0x202E or 0x2066 <= cp <= 0x2069)


def check_vocab(codepoints):
    prev = -1
    for i, cp in enumerate(codepoints):
        cp = int(cp)
        if cp > 0x10FFFF:
            raise FormatError("token %d: code point 0x%X above 0x10FFFF" % (i, cp))
        if 0xD800 <= cp <= 0xDFFF:
            raise FormatError("token %d: code point 0x%X is a surrogate" % (i, cp))
        if is_control(cp):
            raise FormatError("token %d: U+%04X is a control character: a vocabulary "
                              "holds only printable characters and the newline" % (i, cp))
        if cp <= prev:
            raise FormatError("token %d: code points not strictly increasing" % i)
        prev = cp


class Model:
    """A model: its shape, its vocabulary and its float32 tensors."""

    def __init__(self, n_layer, n_embd, n_head, context, vocab, params,
                 gelu="tanh", ln_eps=LN_EPS):
        if gelu not in GELUS:
            raise FormatError("unknown GELU %r" % (gelu,))
        self.gelu = gelu
        self.ln_eps = np.float32(ln_eps)
        if not 0.0 < self.ln_eps <= np.float32(0.1):
            raise FormatError("LayerNorm epsilon %g is not in (0, 0.1]"
                              % self.ln_eps)
        self.n_layer = int(n_layer)
        self.n_embd = int(n_embd)
        self.n_head = int(n_head)
        self.context = int(context)
        self.vocab = [int(c) for c in vocab]
        self.params = {}
        check_config(self.n_layer, self.n_embd, self.n_head, self.context,
                     len(self.vocab))
        check_vocab(self.vocab)
        for name, shape in self.shapes():
            if name not in params:
                raise FormatError("missing tensor %s" % name)
            a = np.ascontiguousarray(params[name], dtype=np.float32)
            if a.shape != shape:
                raise FormatError("tensor %s has shape %s, expected %s"
                                  % (name, a.shape, shape))
            self.params[name] = a
        extra = set(params) - set(self.params)
        if extra:
            raise FormatError("unknown tensors: %s" % ", ".join(sorted(extra)))
        self._index = {cp: i for i, cp in enumerate(self.vocab)}

    @property
    def vocab_size(self):
        return len(self.vocab)

    def shapes(self):
        return tensor_shapes(self.n_layer, self.n_embd, self.context,
                             len(self.vocab))

    def n_params(self):
        return param_count(self.n_layer, self.n_embd, self.context,
                           len(self.vocab))

    def encode(self, text):
        """Token ids of a string; every character must be in the vocabulary."""
        try:
            return [self._index[ord(ch)] for ch in text]
        except KeyError as e:
            raise ValueError("character U+%04X not in vocabulary" % e.args[0])

    def decode(self, ids):
        return "".join(chr(self.vocab[i]) for i in ids)


def file_crc(data):
    """Version 2's checksum: CRC-32 of the file without the 4 CRC bytes."""
    crc = zlib.crc32(data[:CRC_OFFSET])
    return zlib.crc32(data[CRC_OFFSET + 4:], crc) & 0xFFFFFFFF


def own_numerics(model):
    """True if the model uses tangscope's tanh GELU and epsilon 1e-5."""
    return model.gelu == "tanh" and model.ln_eps == LN_EPS


def to_bytes(model, version=None):
    """Serialise a Model into the bytes of a file: version 2 for tangscope's
    own numerics, version 3 otherwise (version 1 on request)."""
    if version is None:
        version = VERSION if own_numerics(model) else VERSION_NUM
    L, C, H, T, V = (model.n_layer, model.n_embd, model.n_head,
                     model.context, model.vocab_size)
    parts = [np.asarray(model.vocab, dtype="<u4").tobytes()]
    for name, _ in model.shapes():
        parts.append(model.params[name].astype("<f4").tobytes())
    payload = b"".join(parts)
    assert len(payload) == payload_size(L, C, T, V)
    if version not in (1, 2, 3):
        raise ValueError("can write versions 1 to 3, not %r" % (version,))
    if version < 3 and not own_numerics(model):
        raise ValueError("version %d cannot hold GELU %s, epsilon %g"
                         % (version, model.gelu, model.ln_eps))
    reserved = bytes(16)
    if version == 3:
        reserved = (_NUMERICS.pack(GELUS.index(model.gelu), model.ln_eps)
                    + bytes(8))
    header = _HEADER.pack(MAGIC, version, L, C, H, T, V, 0, 0, len(payload),
                          reserved)
    data = bytearray(header + payload)
    crc = zlib.crc32(payload) & 0xFFFFFFFF if version == 1 else file_crc(data)
    struct.pack_into("<I", data, CRC_OFFSET, crc)
    return bytes(data)


def from_bytes(data):
    """Parse and validate the bytes of a version 1, 2 or 3 file into a Model."""
    data = bytes(data)
    if len(data) < HEADER_SIZE:
        raise FormatError("file shorter than the 64-byte header")
    (magic, version, L, C, H, T, V, flags, crc, psize,
     reserved) = _HEADER.unpack_from(data, 0)
    if magic != MAGIC:
        raise FormatError("bad magic")
    if version not in (1, 2, 3):
        raise FormatError("unsupported version %d" % version)
    if flags != 0:
        raise FormatError("flags must be 0, found 0x%X" % flags)
    gelu, ln_eps = "tanh", LN_EPS
    if version == 3:
        kind, ln_eps = _NUMERICS.unpack_from(reserved, 0)
        if kind >= len(GELUS):
            raise FormatError("unknown GELU kind %d" % kind)
        gelu, reserved = GELUS[kind], bytes(8) + reserved[8:]
    if reserved != bytes(16):
        raise FormatError("reserved header bytes are not zero")
    check_config(L, C, H, T, V)
    want = payload_size(L, C, T, V)
    if psize != want:
        raise FormatError("payload_size %d, expected %d" % (psize, want))
    if len(data) != HEADER_SIZE + psize:
        raise FormatError("file is %d bytes, expected %d"
                          % (len(data), HEADER_SIZE + psize))
    payload = data[HEADER_SIZE:]
    want_crc = (zlib.crc32(payload) & 0xFFFFFFFF if version == 1
                else file_crc(data))
    if want_crc != crc:
        raise FormatError("CRC-32 mismatch")
    vocab = np.frombuffer(payload, dtype="<u4", count=V, offset=0)
    check_vocab(vocab)
    params = {}
    off = 4 * V
    for name, shape in tensor_shapes(L, C, T, V):
        n = int(np.prod(shape))
        a = np.frombuffer(payload, dtype="<f4", count=n, offset=off)
        params[name] = a.astype(np.float32).reshape(shape)
        off += 4 * n
    assert off == psize
    return Model(L, C, H, T, vocab.tolist(), params, gelu, ln_eps)


def read(path):
    with open(path, "rb") as f:
        return from_bytes(f.read())


def write(path, model, version=None):
    """Write the file under a temporary name, then rename it into place."""
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(to_bytes(model, version))
    os.replace(tmp, path)


# ---------------------------------------------------------------- forward

def layer_norm(x, w, b, eps=LN_EPS):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)   # biased
    return (x - mean) / np.sqrt(var + float(eps)) * w + b


_erf = np.frompyfunc(math.erf, 1, 1)


def gelu(x, kind="tanh"):
    if kind == "erf":
        return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)).astype(x.dtype))
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi)
                                    * (x + 0.044715 * x ** 3)))


def softmax(z, axis=-1):
    z = z - z.max(axis=axis, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=axis, keepdims=True)


def forward(model, ids, dtype=np.float64):
    """Logits [len(ids), V] for the token ids, computed in `dtype`.

    Position p sees tokens 0..p only.  At most `context` ids are allowed.
    """
    ids = [int(i) for i in ids]
    n = len(ids)
    L, C, H, T, V = (model.n_layer, model.n_embd, model.n_head,
                     model.context, model.vocab_size)
    if not 1 <= n <= T:
        raise ValueError("need 1..%d token ids, got %d" % (T, n))
    if any(i < 0 or i >= V for i in ids):
        raise ValueError("token id out of range")
    P = {k: v.astype(dtype) for k, v in model.params.items()}
    hs = C // H
    scale = 1.0 / math.sqrt(hs)
    mask = np.triu(np.ones((n, n), dtype=bool), k=1)   # True above diagonal

    x = P["wte"][ids] + P["wpe"][:n]                    # [n, C]
    for l in range(L):
        h = layer_norm(x, P["ln1_w"][l], P["ln1_b"][l], model.ln_eps)
        qkv = h @ P["qkv_w"][l].T + P["qkv_b"][l]       # [n, 3C]
        q, k, v = qkv[:, :C], qkv[:, C:2 * C], qkv[:, 2 * C:]
        heads = []
        for hd in range(H):
            sl = slice(hd * hs, (hd + 1) * hs)
            s = (q[:, sl] @ k[:, sl].T) * scale          # [n, n]
            s = np.where(mask, -np.inf, s)
            heads.append(softmax(s) @ v[:, sl])          # [n, hs]
        att = np.concatenate(heads, axis=1)             # [n, C]
        x = x + att @ P["attproj_w"][l].T + P["attproj_b"][l]
        h = layer_norm(x, P["ln2_w"][l], P["ln2_b"][l], model.ln_eps)
        h = gelu(h @ P["fc_w"][l].T + P["fc_b"][l], model.gelu)   # [n, 4C]
        x = x + h @ P["fcproj_w"][l].T + P["fcproj_b"][l]
    x = layer_norm(x, P["lnf_w"], P["lnf_b"], model.ln_eps)
    return x @ P["wte"].T                               # [n, V]
