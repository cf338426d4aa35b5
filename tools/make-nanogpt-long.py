#!/usr/bin/python3
"""Write tests/data/nanogpt/probs-long.txt: PyTorch's next-character
probabilities after prompts longer than the context, for the committed
nanoGPT fixtures (bias.pt, nobias.pt: context 32).

    /usr/bin/python3 tools/make-nanogpt-long.py [--out tests/data/nanogpt]

Needs PyTorch (Debian: python3-torch). It loads the checkpoints that
tools/make-nanogpt-fixture.py saved (it trains nothing, so the .bin files
the tests read stay as they are) into tools/nanogpt_torch.py's GPT and reads
each prompt as a poem start: a newline, then the prompt, as `tangscope probs`
reads it by default. Two windows over the text past the context:

    crop   nanoGPT's generate, `idx[:, -block_size:]`: the last 32 characters
    shift  the window tangscope's generation keeps (src/engine/generate.h):
           start(n) = j * (ctx + 1 - half), j = ceil((n - ctx) / (ctx + 1 - half)),
           half = ctx / 2, computed here from that formula alone

Format: 'model NAME', then per prompt and window 'prompt HEX WINDOW USED'
(USED: characters the model read) and the top 8 as
'top RANK TANGSCOPE_ID CHAR_HEX PROBABILITY' (ids by code point).
"""

import os
import pickle
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import nanogpt_torch as ng  # noqa: E402

TOP = 8
MODELS = (("bias", "meta.pkl"), ("nobias", "meta-firstseen.pkl"))


def prompts(root):
    """Prompts from the fixture's text, each within its vocabulary: just over
    the context (32 and 33 characters, the newline then falls out) and about
    three contexts (97 and 100)."""
    s = ng.training_text(root, 150)
    return [s[:31], s[:32], s[49:82], s[:97], s[1:101]]


def shift_start(ctx, n):
    if n <= ctx:
        return 0
    half = max(ctx // 2, 1)
    step = ctx + 1 - half
    j = -(-(n - ctx) // step)
    return j * step


def load(path, meta_path):
    ck = torch.load(path, map_location="cpu")
    cfg = ng.GPTConfig(**{k: v for k, v in ck["model_args"].items()})
    model = ng.GPT(cfg, "none")
    model.load_state_dict(ck["model"])
    model.eval()
    with open(meta_path, "rb") as f:
        meta = pickle.load(f)
    itos = meta["itos"]
    chars = [itos[i] for i in range(meta["vocab_size"])]
    return model, chars


def lines_for(name, model, chars, texts):
    ctx = model.config.block_size
    stoi = {c: i for i, c in enumerate(chars)}
    out = ["model %s" % name]
    with torch.no_grad():
        for p in texts:
            ids = [stoi[c] for c in "\n" + p]
            n = len(ids)
            for window, start in (("crop", max(n - ctx, 0)), ("shift", shift_start(ctx, n))):
                out.append("prompt %s %s %d" % (p.encode().hex(), window, n - start))
                out += ng.top_lines(chars, ng.next_probs(model, ids[start:]), TOP)
    return out


def main():
    root = os.path.dirname(HERE)
    out = ng.fixture_out(__doc__, root)
    texts = prompts(root)
    lines = ["# nanoGPT fixtures past the context: next-character probabilities computed",
             "# by PyTorch %s, float32, tools/make-nanogpt-long.py" % torch.__version__,
             "# 'model NAME', then 'prompt HEX crop|shift USED' and the top %d:" % TOP,
             "#   top RANK TANGSCOPE_ID CHAR_HEX PROBABILITY   (ids by code point)"]
    for name, meta in MODELS:
        model, chars = load(os.path.join(out, name + ".pt"), os.path.join(out, meta))
        lines += lines_for(name, model, chars, texts)
    with open(os.path.join(out, "probs-long.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
