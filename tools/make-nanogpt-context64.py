#!/usr/bin/python3
"""Write the context-64 nanoGPT fixture under tests/data/nanogpt/ and
PyTorch's probabilities after prompts of up to 200 characters:

    /usr/bin/python3 tools/make-nanogpt-context64.py [--out tests/data/nanogpt]

Needs PyTorch (Debian: python3-torch). It trains a small nanoGPT-style model
(tools/nanogpt_torch.py: 2 layers, 16 dimensions, 2 heads, context 64, the
exact GELU) for a few hundred steps on the first 300 characters of
assets/tang-train.txt and saves, as a class's train.py would:

    ctx64.pt         {'model', 'model_args', 'iter_num', 'best_val_loss',
                     'config'} (no optimizer state, to keep it small)
    meta-ctx64.pkl   its vocabulary: the text's 212 characters in code point
                     order, as nanoGPT's prepare.py gives them
    probs-ctx64.txt  the next-character probabilities (float32, eval mode)
                     after prompts of 63 to 200 characters, in the format of
                     probs-long.txt

The tests import ctx64.pt with `tangscope import` and hold `tangscope probs`
to probs-ctx64.txt. Each prompt is read as a poem start (a newline, then the
prompt) through two windows:

    crop   nanoGPT's own generate: idx_cond = idx[:, -block_size:]
    shift  the window tangscope's generation keeps, simulated here one
           character at a time from its description (src/engine/generate.h:
           when the window is full and one more character comes, it moves on
           to the newest context/2 characters), not from its closed formula

The prompts are the text without its newlines (any characters of the
vocabulary will do: they need not be a poem): its first 63 characters (with
the newline, the whole context), 64 (one past it), 130 (two windows), the
first 200, and 200 from the 94th on, where the 36 characters the shift
window keeps and the crop's 64 give different top characters. Both are
asserted: on the 200-character prompts the windows' probabilities differ by
more than 0.01, and on one of them the top character changes, so that the
test tells the two windows apart as a class would.
"""

import os
import pickle
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import nanogpt_torch as ng  # noqa: E402

SEED = 20261207
TEXT_CHARS = 300
CFG = dict(n_layer=2, n_head=2, n_embd=16, block_size=64, dropout=0.0)
STEPS, BATCH = 300, 8
TOP = 8


def prompts(corpus):
    flat = corpus.replace("\n", "")
    return [flat[:63], flat[:64], flat[10:140], flat[:200], flat[93:293]]


def crop_start(ctx, n):
    return max(n - ctx, 0)


def shift_start(ctx, n):
    """Where the shift window starts once the text has n characters: grow the
    text one character at a time and move the window as generation does."""
    half = max(ctx // 2, 1)
    start = 0
    for length in range(1, n + 1):
        if length - start > ctx:
            start = length - half
    return start


def probs_lines(model, chars, texts):
    ctx = model.config.block_size
    stoi = {c: i for i, c in enumerate(chars)}
    out = ["model ctx64"]
    apart, other_top = 0.0, False
    with torch.no_grad():
        for p in texts:
            ids = [stoi[c] for c in "\n" + p]
            n = len(ids)
            seen = {}
            for window, start in (("crop", crop_start(ctx, n)), ("shift", shift_start(ctx, n))):
                seen[window] = ng.next_probs(model, ids[start:])
                out.append("prompt %s %s %d" % (p.encode().hex(), window, n - start))
                out += ng.top_lines(chars, seen[window], TOP)
            if len(p) == 200:
                apart = max(apart, float((seen["crop"] - seen["shift"]).abs().max()))
                other_top |= int(seen["crop"].argmax()) != int(seen["shift"].argmax())
    assert apart > 1e-2, "crop and shift agree on 200 characters to %g" % apart
    assert other_top, "crop and shift have the same top character on every prompt"
    return out, apart


def main():
    out = ng.fixture_out(__doc__, os.path.dirname(HERE))
    corpus = ng.training_text(os.path.dirname(HERE), TEXT_CHARS)
    chars = sorted(set(corpus))

    torch.manual_seed(SEED)
    model = ng.GPT(ng.GPTConfig(vocab_size=len(chars), bias=True, **CFG), "none")
    stoi = {c: i for i, c in enumerate(chars)}
    ids = torch.tensor([stoi[c] for c in corpus], dtype=torch.long)
    _, loss = ng.train(model, ids, STEPS, BATCH, SEED)
    model.eval()

    with open(os.path.join(out, "meta-ctx64.pkl"), "wb") as f:
        pickle.dump(ng.meta_for(chars), f)
    torch.save({"model": model.state_dict(), "model_args": ng.model_args(model.config),
                "iter_num": STEPS, "best_val_loss": torch.tensor(loss),
                "config": {"dataset": "tang_char", "block_size": CFG["block_size"]}},
               os.path.join(out, "ctx64.pt"))
    lines, apart = probs_lines(model, chars, prompts(corpus))
    head = ["# the context-64 nanoGPT fixture (ctx64.pt) past its context: next-character",
            "# probabilities computed by PyTorch %s, float32, tools/make-nanogpt-context64.py" %
            torch.__version__,
            "# 'model NAME', then 'prompt HEX crop|shift USED' and the top %d:" % TOP,
            "#   top RANK TANGSCOPE_ID CHAR_HEX PROBABILITY   (ids by code point)"]
    with open(os.path.join(out, "probs-ctx64.txt"), "w") as f:
        f.write("\n".join(head + lines) + "\n")
    print("loss %.3f; on 200 characters crop and shift differ by up to %.3g" % (loss, apart))


if __name__ == "__main__":
    main()
