#!/usr/bin/python3
"""Check a checkpoint against tangscope in PyTorch: torch.load reads it, a
nanoGPT-style GPT (tools/nanogpt_torch.py) takes its state_dict (no key
missing but the causal mask buffers, none unexpected), and its
next-character probabilities after each prompt agree with those tangscope
printed. For a file `tangscope export` (or tools/export-nanogpt.py)
wrote, or for a nanoGPT checkpoint beside its import (exact GELU unless the
file says tanh).

    ./tangscope export assets/tang.bin --out t
    ./tangscope probs 春风 --mid-text --top 20 --json > want.json
    /usr/bin/python3 tools/check-nanogpt-export.py t/ckpt.pt t/meta.pkl want.json [...]

The checkpoint is loaded with weights_only=True from PyTorch 2 on (the
loader that runs nothing); PyTorch 1.13's weights_only loader knows no
float in a pickle (nor in any nanoGPT checkpoint's), so there the full one.

Each JSON file is one `tangscope probs --mid-text --json` answer. Prints the
largest difference and exits 1 if it is above 1e-5 (2 on a usage error).
Needs PyTorch (Debian: python3-torch); the export itself does not.
"""

import json
import os
import pickle
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nanogpt_torch as ng  # noqa: E402


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    if int(torch.__version__.split(".")[0]) >= 2:
        ckpt = torch.load(sys.argv[1], map_location="cpu", weights_only=True)
    else:
        ckpt = torch.load(sys.argv[1], map_location="cpu")
    with open(sys.argv[2], "rb") as f:
        meta = pickle.load(f)
    gelu = "tanh" if ckpt.get("tangscope_gelu") == "tanh" else "none"
    model = ng.GPT(ng.GPTConfig(**ckpt["model_args"]), gelu)
    # nanoGPT's causal mask buffers are not in an exported file
    missing, unexpected = model.load_state_dict(ckpt["model"], strict=False)
    missing = [k for k in missing if not k.endswith(".attn.bias")]
    if missing or unexpected:
        print("keys: missing %s, unexpected %s" % (missing, unexpected))
        sys.exit(1)
    model.eval()
    worst, n = 0.0, 0
    for path in sys.argv[3:]:
        with open(path, encoding="utf-8") as f:
            want = json.load(f)
        ids = [meta["stoi"][c] for c in want["prompt"]]
        with torch.no_grad():
            p = torch.softmax(model(torch.tensor([ids]))[0][0, -1], dim=-1)
        for c in want["candidates"]:
            worst = max(worst, abs(float(p[meta["stoi"][c["char"]]]) - c["prob"]))
            n += 1
    print("%d probabilities of %d prompts, GELU %s: largest difference %.3g"
          % (n, len(sys.argv) - 3, "tanh" if gelu == "tanh" else "erf", worst))
    sys.exit(0 if worst <= 1e-5 else 1)


if __name__ == "__main__":
    main()
