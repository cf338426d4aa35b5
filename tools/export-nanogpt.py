#!/usr/bin/env python3
"""Turn a tangscope model into a nanoGPT checkpoint and its meta.pkl.

    tools/export-nanogpt.py assets/tang.bin --out ckpt.pt --meta meta.pkl

The checkpoint is what nanoGPT's train.py saves and its sample.py loads:
{'model': state_dict, 'model_args': {n_layer, n_head, n_embd, block_size,
bias, vocab_size, dropout}, 'iter_num': 0, 'best_val_loss': 0.0, 'config':
{'dataset': DATASET}}, written in torch.save's zip format
(tools/nanogpt_ckpt.py) so that torch.load reads it; meta.pkl has
vocab_size, itos and stoi. No PyTorch is needed to write them.

DATASET is --dataset NAME, or else the absolute path (symbolic links
resolved) of the folder that holds the meta.pkl: sample.py reads
os.path.join('data', dataset, 'meta.pkl'), which an absolute path finds
from any folder when the file is called meta.pkl.

This tool is the reference `tangscope export` (src/engine/nanoexport.c) is
tested against: for the same model and dataset the two write the same
bytes (tests/e2e/nanogpt.sh).

bias is False when every bias of the model is zero (a model imported from
a bias=False checkpoint), True otherwise. tangscope's own models use the
tanh GELU: nanoGPT's MLP gives the same probabilities with
nn.GELU(approximate='tanh') in place of nn.GELU(), and the checkpoint says
so in two keys nanoGPT ignores (tangscope_gelu, tangscope_ln_eps), which
tools/import-nanogpt.py reads back: export then import gives the same file.
"""

import argparse
import os
import pickle
import sys

PROG = "export-nanogpt"

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nanogpt_ckpt as nc  # noqa: E402

nc.require_numpy(PROG)
import numpy as np  # noqa: E402
import tsmodel  # noqa: E402
from outfile import write_output  # noqa: E402


def fail(msg):
    nc.fail(PROG, msg)



def state_dict(model):
    """nanoGPT's keys, tangscope's tensors; bias=False when all are zero."""
    has_bias = any(np.any(model.params[name] != 0)
                   for _, name, b in nc.GLOBAL_KEYS + nc.BLOCK_KEYS if b)
    sd, n = {}, [1]   # storage 0 is the token embedding, shared with lm_head

    def put(key, array, storage=None):
        if storage is None:
            storage, n[0] = str(n[0]), n[0] + 1
        sd[key] = nc.Tensor(array, storage)

    def put_global(keys):
        for key, name, is_bias in keys:
            if name == "wte":
                put(key, model.params["wte"], "0")
            elif has_bias or not is_bias:
                put(key, model.params[name])

    put_global(nc.GLOBAL_KEYS[:2])            # nanoGPT's order: wte, wpe,
    for l in range(model.n_layer):            # the blocks,
        for key, name, is_bias in nc.BLOCK_KEYS:
            if has_bias or not is_bias:
                put(key.format(l=l), model.params[name][l])
    put_global(nc.GLOBAL_KEYS[2:])            # ln_f,
    put(nc.LM_HEAD, model.params["wte"], "0")  # and the tied output layer
    return sd, has_bias


def checkpoint(model, dataset):
    sd, has_bias = state_dict(model)
    args = {"n_layer": model.n_layer, "n_head": model.n_head,
            "n_embd": model.n_embd, "block_size": model.context,
            "bias": has_bias, "vocab_size": model.vocab_size, "dropout": 0.0}
    return {"model": sd, "model_args": args, "iter_num": 0,
            "best_val_loss": 0.0, "config": {"dataset": dataset},
            nc.GELU_KEY: model.gelu, nc.EPS_KEY: float(model.ln_eps)}


def meta(model):
    chars = [chr(c) for c in model.vocab]
    return {"vocab_size": len(chars), "itos": dict(enumerate(chars)),
            "stoi": {c: i for i, c in enumerate(chars)}}


def main():
    ap = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n")[0])
    ap.add_argument("model", help="a tangscope model file (.bin)")
    ap.add_argument("--out", required=True, help="the checkpoint to write (.pt)")
    ap.add_argument("--meta", required=True, help="the meta.pkl to write")
    ap.add_argument("--dataset", help="the config's dataset (default: the "
                    "absolute path of the meta.pkl's folder)")
    a = ap.parse_args()
    dataset = a.dataset
    if dataset is None:
        dataset = os.path.realpath(os.path.dirname(os.path.abspath(a.meta)))
    try:
        dataset.encode("utf-8")
    except UnicodeEncodeError:
        fail("%r: its absolute path is not UTF-8 text; give --dataset NAME" % a.meta)
    try:
        model = tsmodel.read(a.model)
    except OSError as e:
        fail("%s: %s" % (a.model, e.strerror or e))
    except tsmodel.FormatError as e:
        fail("%s: not a tangscope model: %s" % (a.model, e))
    try:
        write_output(a.out, lambda f: nc.save_checkpoint(checkpoint(model, dataset), f))
        write_output(a.meta, lambda f: pickle.dump(meta(model), f, protocol=2))
    except OSError as e:
        fail("%s" % e)
    note = ("" if model.gelu == "erf" else
            "; its GELU is the tanh form: in nanoGPT's MLP use "
            "nn.GELU(approximate='tanh') for the same probabilities")
    print("%s, %s: %d layers, %d dimensions, %d heads, block_size %d, "
          "%d characters%s" % (a.out, a.meta, model.n_layer, model.n_embd,
                               model.n_head, model.context, model.vocab_size,
                               note))


if __name__ == "__main__":
    main()
