#!/usr/bin/python3
"""Train a small nanoGPT-style model on part of the Tang text, as a class's
own script would, and save it as nanoGPT's train.py does: OUT/ckpt.pt and
OUT/meta.pkl. For trying tools/import-nanogpt.py on a model tangscope did
not train (its vocabulary is that of the part it read, not the bundled one).

    /usr/bin/python3 tools/train-nanogpt-demo.py --out /tmp/demo [--steps 300]

Needs PyTorch. The model: tools/nanogpt_torch.py, 4 layers, 128 dimensions,
4 heads, context 64 (the course's gpt.py has 128), exact GELU, bias=True.
"""

import argparse
import os
import pickle
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nanogpt_torch as ng  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--chars", type=int, default=1000000, help="characters of the text read")
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--block-size", type=int, default=64)
    ap.add_argument("--seed", type=int, default=1337)
    a = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "assets", "tang-train.txt"), encoding="utf-8") as f:
        text = f.read(a.chars)
    chars = sorted(set(text))                       # nanoGPT's prepare.py
    meta = ng.meta_for(chars)
    ids = torch.tensor([meta["stoi"][c] for c in text], dtype=torch.long)
    torch.manual_seed(a.seed)
    cfg = ng.GPTConfig(block_size=a.block_size, vocab_size=len(chars), n_layer=4,
                       n_head=4, n_embd=128, dropout=0.0, bias=True)
    model = ng.GPT(cfg)
    t0 = time.time()
    opt, loss = ng.train(model, ids, a.steps, a.batch, a.seed, lr=1e-3)
    print("%d steps of %d x %d characters in %.0f s, last loss %.3f, vocabulary %d"
          % (a.steps, a.batch, a.block_size, time.time() - t0, loss, len(chars)))
    os.makedirs(a.out, exist_ok=True)
    torch.save({"model": model.state_dict(), "model_args": ng.model_args(cfg),
                "optimizer": opt.state_dict(), "iter_num": a.steps,
                "best_val_loss": torch.tensor(loss), "config": vars(a)},
               os.path.join(a.out, "ckpt.pt"))
    with open(os.path.join(a.out, "meta.pkl"), "wb") as f:
        pickle.dump(meta, f)


if __name__ == "__main__":
    main()
