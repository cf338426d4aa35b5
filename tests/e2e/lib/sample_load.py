"""What nanoGPT's sample.py does before it samples, for tests/e2e/export.sh.

    python3 sample_load.py PROBS.json OUT_DIR...

sample.py --out_dir=OUT_DIR (init_from='resume') loads OUT_DIR/ckpt.pt with
torch.load, builds GPTConfig(**checkpoint['model_args']), and, when the
checkpoint's config has a 'dataset', reads the vocabulary from
os.path.join('data', config['dataset'], 'meta.pkl') relative to the folder
it runs in; without that file it falls back to GPT-2's BPE. This script
takes the same steps (run it from a folder that has no data/ of its own)
and then holds the vocabulary it found to tangscope's: every candidate of
a `tangscope probs --json` answer (PROBS.json) has its id in stoi, and
encode then decode gives the prompt back. Prints one line for each
OUT_DIR; exits 1 when for one of them the meta.pkl is not found or does
not agree.
"""

import json
import os
import pickle
import sys

import torch


def check(out_dir, want):
    """One line on what sample.py --out_dir=out_dir finds; True if it agrees."""
    checkpoint = torch.load(os.path.join(out_dir, "ckpt.pt"), map_location="cpu")
    args = checkpoint["model_args"]
    load_meta = False
    if "config" in checkpoint and "dataset" in checkpoint["config"]:
        meta_path = os.path.join("data", checkpoint["config"]["dataset"], "meta.pkl")
        load_meta = os.path.exists(meta_path)
    if not load_meta:
        print("%s: sample.py would not find a meta.pkl (config %r): GPT-2 BPE"
              % (out_dir, checkpoint.get("config")))
        return False
    with open(meta_path, "rb") as f:
        meta = pickle.load(f)
    stoi, itos = meta["stoi"], meta["itos"]

    def encode(s):
        return [stoi[c] for c in s]

    def decode(ids):
        return "".join(itos[i] for i in ids)

    wrong = [c["char"] for c in want["candidates"] if stoi.get(c["char"]) != c["id"]]
    if wrong or decode(encode(want["prompt"])) != want["prompt"] or \
            len(stoi) != args["vocab_size"]:
        print("%s: the vocabulary of %s differs from tangscope's: %r"
              % (out_dir, meta_path, wrong))
        return False
    print("%s: found %s, %d characters, %d ids as tangscope's"
          % (out_dir, meta_path, len(stoi), len(want["candidates"])))
    return True


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        want = json.load(f)
    ok = [check(d, want) for d in sys.argv[2:]]
    sys.exit(0 if ok and all(ok) else 1)


if __name__ == "__main__":
    main()
