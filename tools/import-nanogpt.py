#!/usr/bin/env python3
"""Turn a nanoGPT-style checkpoint and its meta.pkl into a tangscope model.

    tools/import-nanogpt.py ckpt.pt --meta meta.pkl --out class.bin

The checkpoint is what nanoGPT's train.py saves ({'model': state_dict,
'model_args': {...}, ...}) or a bare state_dict, with or without the
'_orig_mod.' prefix torch.compile adds, with biases or without (bias=False:
tangscope holds zeros there). meta.pkl gives the characters (itos, stoi).
No PyTorch is needed: numpy and the standard library read the file, and
nothing in it is run (tools/nanogpt_ckpt.py).

nanoGPT's MLP uses PyTorch's exact GELU (erf); the model file records it
(version 3, docs/model-format.md). --gelu tanh is for a script that used
nn.GELU(approximate='tanh'). What cannot be mapped (another architecture,
rotary positions, a vocabulary of words, shapes that disagree) is refused
with one line naming the key or the shape, and exit status 2.
"""

import argparse
import os
import re
import sys

PROG = "import-nanogpt"

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nanogpt_ckpt as nc  # noqa: E402

nc.require_numpy(PROG)
import numpy as np  # noqa: E402
import tsmodel  # noqa: E402


def fail(msg):
    nc.fail(PROG, msg)


# Keys of nanoGPT's GPT that hold no weights: the causal mask buffer of
# its non-flash attention (transformer.h.N.attn.bias, 4 dimensions).
MASK_KEY = re.compile(r"transformer\.h\.\d+\.attn\.(bias|masked_bias)$")
ROTARY = re.compile(r"rotary|rope|inv_freq|freqs_cis", re.IGNORECASE)


def split_checkpoint(obj):
    """(state_dict, model_args) from a train.py checkpoint or a bare dict."""
    if isinstance(obj, dict) and isinstance(obj.get("model"), dict):
        args = obj.get("model_args") or {}
        if not isinstance(args, dict):
            raise nc.CheckpointError("model_args is a %s, not a dict"
                                     % type(args).__name__)
        return obj["model"], args, obj
    if isinstance(obj, dict) and obj and all(isinstance(v, np.ndarray)
                                             for v in obj.values()):
        return obj, {}, {}
    raise nc.CheckpointError("holds neither {'model': state_dict, ...} nor a "
                             "state_dict of tensors")


def strip_prefix(sd):
    out = {}
    for k, v in sd.items():
        if not isinstance(k, str):
            raise nc.CheckpointError("state_dict key %r is not a string" % (k,))
        if k.startswith(nc.COMPILED_PREFIX):
            k = k[len(nc.COMPILED_PREFIX):]
        if k in out:
            raise nc.CheckpointError("key %s is there with and without %s"
                                     % (k, nc.COMPILED_PREFIX))
        if not isinstance(v, np.ndarray):
            raise nc.CheckpointError("key %s holds a %s, not a tensor"
                                     % (k, type(v).__name__))
        out[k] = v
    return out


def check_keys(sd):
    """Refuse keys of another architecture; return the layer count."""
    for k in sd:
        if ROTARY.search(k):
            raise nc.CheckpointError("key %s: rotary position embeddings; "
                                     "tangscope's GPT learns one vector per "
                                     "position (transformer.wpe)" % k)
    if "token_embedding_table.weight" in sd or "position_embedding_table.weight" in sd:
        raise nc.CheckpointError(
            "this is the layout of “Let's build GPT” (token_embedding_table, "
            "blocks.N.sa.heads.M: a key, query and value per head; an lm_head of "
            "its own): tangscope reads nanoGPT's layout (transformer.wte, "
            "transformer.h.N.attn.c_attn, lm_head tied to wte)")
    if "transformer.wpe.weight" not in sd:
        raise nc.CheckpointError("no key transformer.wpe.weight, the learnt "
                                 "position embeddings of nanoGPT's GPT "
                                 "(another architecture?)")
    blocks = {int(m.group(1)) for m in (re.match(r"transformer\.h\.(\d+)\.", k)
                                        for k in sd) if m}
    L = len(blocks)
    if blocks != set(range(L)):
        raise nc.CheckpointError("blocks %s are not numbered 0..%d"
                                 % (sorted(blocks), L - 1))
    known = {k for k, _, _ in nc.GLOBAL_KEYS} | {nc.LM_HEAD}
    known |= {k.format(l=l) for l in range(L) for k, _, _ in nc.BLOCK_KEYS}
    for k, v in sd.items():
        if k not in known and not (MASK_KEY.match(k) and v.ndim == 4):
            raise nc.CheckpointError("key %s is not part of nanoGPT's GPT "
                                     "(another architecture?)" % k)
    return L


def shape_config(sd, args, L, n_head):
    """L, C, H, T, V from the weights, checked against model_args."""
    wte, wpe = sd.get("transformer.wte.weight"), sd["transformer.wpe.weight"]
    if wte is None or wte.ndim != 2 or wpe.ndim != 2:
        raise nc.CheckpointError("transformer.wte.weight and .wpe.weight must "
                                 "be matrices (wte: %s, wpe %s)"
                                 % (None if wte is None else wte.shape, wpe.shape))
    V, C = wte.shape
    T = wpe.shape[0]
    found = {"n_layer": L, "n_embd": C, "block_size": T, "vocab_size": V}
    for name, value in found.items():
        if name in args and args[name] is not None and int(args[name]) != value:
            raise nc.CheckpointError("model_args %s = %s but the weights say %d"
                                     % (name, args[name], value))
    H = n_head if n_head else args.get("n_head")
    if H is None:
        raise nc.CheckpointError("no model_args: give --n-head (the number "
                                 "of heads cannot be read from the weights)")
    H = int(H)
    if n_head and args.get("n_head") not in (None, n_head):
        raise nc.CheckpointError("--n-head %d but model_args n_head = %s"
                                 % (n_head, args["n_head"]))
    try:
        tsmodel.check_config(L, C, H, T, V)
    except tsmodel.FormatError as e:
        raise nc.CheckpointError("a model tangscope cannot hold: %s" % e)
    return L, C, H, T, V


def gather(sd, args, L, C, T, V):
    """tangscope's tensors, in float32; zeros where bias=False has none."""
    shapes = dict(tsmodel.tensor_shapes(L, C, T, V))
    bias_keys = [k for k, _, b in nc.GLOBAL_KEYS if b]
    bias_keys += [k.format(l=l) for l in range(L) for k, _, b in nc.BLOCK_KEYS if b]
    present = [k for k in bias_keys if k in sd]
    has_bias = bool(present)
    if has_bias and len(present) != len(bias_keys):
        missing = next(k for k in bias_keys if k not in sd)
        raise nc.CheckpointError("key %s is missing though other biases are "
                                 "there" % missing)
    if "bias" in args and args["bias"] is not None and bool(args["bias"]) != has_bias:
        raise nc.CheckpointError("model_args bias = %s but the weights have %s"
                                 % (args["bias"], "biases" if has_bias else "none"))
    params = {}
    for key, name, is_bias in nc.GLOBAL_KEYS:
        params[name] = take(sd, key, shapes[name], is_bias and not has_bias)
    for key, name, is_bias in nc.BLOCK_KEYS:
        one = shapes[name][1:]
        params[name] = np.stack([take(sd, key.format(l=l), one,
                                      is_bias and not has_bias)
                                 for l in range(L)])
    head = sd.get(nc.LM_HEAD)
    if head is not None and not (head.shape == params["wte"].shape and
                                 np.array_equal(head.astype(np.float32), params["wte"])):
        raise nc.CheckpointError("%s %s differs from transformer.wte.weight: an "
                                 "untied output layer, tangscope's reuses the "
                                 "token embedding" % (nc.LM_HEAD, head.shape))
    return params


def take(sd, key, shape, absent_ok):
    if key not in sd:
        if absent_ok:
            return np.zeros(shape, dtype=np.float32)
        raise nc.CheckpointError("key %s is missing" % key)
    a = sd[key]
    if a.shape != tuple(shape):
        raise nc.CheckpointError("key %s has shape %s, expected %s"
                                 % (key, list(a.shape), list(shape)))
    if a.dtype.kind != "f":
        raise nc.CheckpointError("key %s holds %s, not floats" % (key, a.dtype))
    a = a.astype(np.float32)
    if not np.isfinite(a).all():
        raise nc.CheckpointError("key %s holds a number that is not finite" % key)
    return a


def vocabulary(meta, V):
    """Code points by token id, from itos (or stoi)."""
    itos = meta.get("itos")
    if itos is None and isinstance(meta.get("stoi"), dict):
        itos = {i: s for s, i in meta["stoi"].items()}
    if isinstance(itos, (list, tuple)):
        itos = dict(enumerate(itos))
    if not isinstance(itos, dict):
        raise nc.CheckpointError("no itos or stoi dict: not a character "
                                 "vocabulary (a GPT-2 BPE model has none)")
    if sorted(itos) != list(range(len(itos))):
        raise nc.CheckpointError("itos ids are not 0..%d" % (len(itos) - 1))
    cps = []
    for i in range(len(itos)):
        s = itos[i]
        if not isinstance(s, str) or len(s) != 1:
            raise nc.CheckpointError("token %d is %r: tangscope reads one "
                                     "character per token, not words or "
                                     "bytes" % (i, s))
        cps.append(ord(s))
    if len(set(cps)) != len(cps):
        raise nc.CheckpointError("a character has two token ids")
    stoi = meta.get("stoi")
    if isinstance(stoi, dict) and any(stoi.get(chr(c)) != i for i, c in enumerate(cps)):
        raise nc.CheckpointError("stoi and itos disagree")
    if len(cps) != V:
        raise nc.CheckpointError("meta.pkl has %d characters but "
                                 "transformer.wte.weight has %d rows"
                                 % (len(cps), V))
    return cps


def to_model(obj, meta, n_head=None, gelu=None, ln_eps=None):
    sd, args, top = split_checkpoint(obj)
    sd = strip_prefix(sd)
    L = check_keys(sd)
    L, C, H, T, V = shape_config(sd, args, L, n_head)
    params = gather(sd, args, L, C, T, V)
    cps = vocabulary(meta, V)
    order = np.argsort(np.asarray(cps), kind="stable")   # tangscope's ids: by code point
    params["wte"] = params["wte"][order]
    gelu = gelu or top.get(nc.GELU_KEY) or "erf"
    ln_eps = ln_eps if ln_eps is not None else top.get(nc.EPS_KEY, 1e-5)
    try:
        return tsmodel.Model(L, C, H, T, [cps[i] for i in order], params,
                             gelu=gelu, ln_eps=ln_eps)
    except tsmodel.FormatError as e:
        raise nc.CheckpointError(str(e))


def main():
    ap = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n")[0])
    ap.add_argument("ckpt", help="the checkpoint (.pt, torch.save's zip)")
    ap.add_argument("--meta", required=True, help="meta.pkl: stoi, itos")
    ap.add_argument("--out", required=True, help="the tangscope model to write")
    ap.add_argument("--n-head", type=int, help="heads, for a bare state_dict")
    ap.add_argument("--gelu", choices=tsmodel.GELUS,
                    help="the MLP's GELU (default: erf, nanoGPT's nn.GELU())")
    ap.add_argument("--ln-eps", type=float, help="LayerNorm epsilon (1e-5)")
    a = ap.parse_args()
    try:
        obj = nc.load_checkpoint(a.ckpt)
    except nc.CheckpointError as e:
        fail("%s: %s" % (a.ckpt, e))
    try:
        meta = nc.load_meta(a.meta)
    except nc.CheckpointError as e:
        fail("%s: %s" % (a.meta, e))
    try:
        model = to_model(obj, meta, a.n_head, a.gelu, a.ln_eps)
    except nc.CheckpointError as e:
        fail("%s: %s" % (a.ckpt, e))
    try:
        tsmodel.write(a.out, model)
    except OSError as e:
        fail("%s: %s" % (a.out, e.strerror or e))
    print("%s: %d layers, %d dimensions, %d heads, context %d, %d characters, "
          "%s GELU, LayerNorm epsilon %g"
          % (a.out, model.n_layer, model.n_embd, model.n_head, model.context,
             model.vocab_size, model.gelu, model.ln_eps))


if __name__ == "__main__":
    main()
