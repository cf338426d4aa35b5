#!/usr/bin/python3
"""Write more import fixtures under tests/data/nanogpt/ (beside those of
tools/make-nanogpt-fixture.py, which it leaves as they are):

    /usr/bin/python3 tools/make-nanogpt-extra.py [--out tests/data/nanogpt]

    letsbuild.pt        the model of Karpathy's lecture "Let's build GPT"
                        (gpt.py there: token_embedding_table,
                        position_embedding_table, blocks.N.sa.heads.M.key /
                        query / value, sa.proj, ffwd.net.0 / 2, ln1, ln2, ln_f,
                        an lm_head with a bias), tiny and untrained, saved as a
                        class would: torch.save(model.state_dict(), ...)
    meta-nonewline.pkl  meta.pkl with its newline replaced by '~': a
                        vocabulary of the fixture's 121 characters with no
                        newline in it, for bias.pt
    padded.pt           bias.pt with its vocabulary padded from 121 to 128
                        rows (zero rows at the end of the tied wte/lm_head,
                        model_args vocab_size 128), as a class's train.py
                        run with vocab_size rounded up writes it; meta.pkl
                        still has 121 characters
    whole.pt            bias.pt's model saved whole, torch.save(model): the
                        pickled GPT module (class nanogpt_torch.GPT), not
                        its state_dict

Needs PyTorch (Debian: python3-torch).
"""

import argparse
import os
import pickle

import sys

import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nanogpt_torch  # noqa: E402  (tools/, beside this script)

N_EMBD, N_HEAD, N_LAYER, BLOCK, VOCAB = 8, 2, 1, 8, 5


class Head(nn.Module):
    def __init__(self, head_size):
        super().__init__()
        self.key = nn.Linear(N_EMBD, head_size, bias=False)
        self.query = nn.Linear(N_EMBD, head_size, bias=False)
        self.value = nn.Linear(N_EMBD, head_size, bias=False)
        self.register_buffer("tril", torch.tril(torch.ones(BLOCK, BLOCK)))


class MultiHeadAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleList([Head(N_EMBD // N_HEAD) for _ in range(N_HEAD)])
        self.proj = nn.Linear(N_EMBD, N_EMBD)


class FeedForward(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(N_EMBD, 4 * N_EMBD), nn.ReLU(),
                                 nn.Linear(4 * N_EMBD, N_EMBD), nn.Dropout(0.0))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.sa = MultiHeadAttention()
        self.ffwd = FeedForward()
        self.ln1 = nn.LayerNorm(N_EMBD)
        self.ln2 = nn.LayerNorm(N_EMBD)


class Lecture(nn.Module):
    def __init__(self):
        super().__init__()
        self.token_embedding_table = nn.Embedding(VOCAB, N_EMBD)
        self.position_embedding_table = nn.Embedding(BLOCK, N_EMBD)
        self.blocks = nn.Sequential(*[Block() for _ in range(N_LAYER)])
        self.ln_f = nn.LayerNorm(N_EMBD)
        self.lm_head = nn.Linear(N_EMBD, VOCAB)


def padded_and_whole(out):
    ck = torch.load(os.path.join(out, "bias.pt"), map_location="cpu")
    args = dict(ck["model_args"])
    cfg = nanogpt_torch.GPTConfig(**args)
    model = nanogpt_torch.GPT(cfg)
    model.load_state_dict(ck["model"])
    torch.save(model, os.path.join(out, "whole.pt"))
    pad = 128 - args["vocab_size"]
    args["vocab_size"] = 128
    big = nanogpt_torch.GPT(nanogpt_torch.GPTConfig(**args))
    state = dict(ck["model"])
    for key in ("transformer.wte.weight", "lm_head.weight"):
        state[key] = torch.cat([state[key], torch.zeros(pad, state[key].shape[1])])
    big.load_state_dict(state)
    torch.save({"model": big.state_dict(), "model_args": args, "iter_num": ck["iter_num"],
                "best_val_loss": ck["best_val_loss"], "config": ck["config"]},
               os.path.join(out, "padded.pt"))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(here), "tests", "data", "nanogpt"))
    a = ap.parse_args()
    torch.manual_seed(20261207)
    torch.save(Lecture().state_dict(), os.path.join(a.out, "letsbuild.pt"))
    with open(os.path.join(a.out, "meta.pkl"), "rb") as f:
        meta = pickle.load(f)
    itos = {i: ("~" if c == "\n" else c) for i, c in meta["itos"].items()}
    assert "~" not in meta["stoi"] and "\n" in meta["stoi"]
    with open(os.path.join(a.out, "meta-nonewline.pkl"), "wb") as f:
        pickle.dump({"vocab_size": len(itos), "itos": itos,
                     "stoi": {c: i for i, c in itos.items()}}, f)
    padded_and_whole(a.out)


if __name__ == "__main__":
    main()
