#!/usr/bin/python3
"""PyTorch training-speed benchmark to compare with tangscope's C trainer.

    /usr/bin/python3 tools/bench-torch.py [--threads N] [--steps N] [--json]

Trains the same GPT as the C program (docs/model-format.md; default
L=4, C=128, H=4, T=128, tied output layer) with AdamW, lr 1e-3, on batches
of 32 random windows of 128 characters taken from assets/tang-train.txt, or
on random tokens with V=7300 if that file is missing.  After the warm-up
steps it times --steps full steps (batch, forward, loss, backward, update)
and prints training tokens per second, counting batch * context tokens a
step.  --check also confirms, before training, that this model's logits
agree with tools/tsmodel.py's reference after a round trip through the file
format.  Needs Debian's python3-torch and python3-numpy.
"""

import argparse
import json
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def make_gelu():
    try:
        return nn.GELU(approximate="tanh")
    except TypeError:          # torch older than 1.12 has no `approximate`
        class TanhGELU(nn.Module):
            def forward(self, x):
                return 0.5 * x * (1.0 + torch.tanh(
                    math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))
        return TanhGELU()


class Block(nn.Module):
    def __init__(self, C, H):
        super().__init__()
        self.C, self.H = C, H
        self.ln1 = nn.LayerNorm(C, eps=1e-5)
        self.qkv = nn.Linear(C, 3 * C)
        self.attproj = nn.Linear(C, C)
        self.ln2 = nn.LayerNorm(C, eps=1e-5)
        self.fc = nn.Linear(C, 4 * C)
        self.gelu = make_gelu()
        self.fcproj = nn.Linear(4 * C, C)

    def attn(self, x, mask):
        B, T, C = x.shape
        hs = C // self.H
        q, k, v = self.qkv(x).split(C, dim=2)
        # [B, T, C] -> [B, H, T, hs]; head h takes dims h*hs .. (h+1)*hs-1
        q = q.view(B, T, self.H, hs).transpose(1, 2)
        k = k.view(B, T, self.H, hs).transpose(1, 2)
        v = v.view(B, T, self.H, hs).transpose(1, 2)
        s = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hs))
        s = s.masked_fill(mask[:T, :T], float("-inf"))
        y = F.softmax(s, dim=-1) @ v
        return y.transpose(1, 2).contiguous().view(B, T, C)

    def forward(self, x, mask):
        x = x + self.attproj(self.attn(self.ln1(x), mask))
        x = x + self.fcproj(self.gelu(self.fc(self.ln2(x))))
        return x


class GPT(nn.Module):
    def __init__(self, V, T=128, L=4, C=128, H=4):
        super().__init__()
        self.V, self.T, self.L, self.C, self.H = V, T, L, C, H
        self.wte = nn.Embedding(V, C)
        self.wpe = nn.Embedding(T, C)
        self.blocks = nn.ModuleList(Block(C, H) for _ in range(L))
        self.lnf = nn.LayerNorm(C, eps=1e-5)
        self.register_buffer(
            "mask", torch.triu(torch.ones(T, T, dtype=torch.bool), 1),
            persistent=False)
        for m in self.modules():       # GPT-2 style: N(0, 0.02), zero biases
            if isinstance(m, (nn.Linear, nn.Embedding)):
                nn.init.normal_(m.weight, mean=0.0, std=0.02)
            if isinstance(m, nn.Linear):
                nn.init.zeros_(m.bias)

    def forward(self, idx):
        B, T = idx.shape
        x = self.wte(idx) + self.wpe(torch.arange(T, device=idx.device))
        for blk in self.blocks:
            x = blk(x, self.mask)
        return self.lnf(x) @ self.wte.weight.t()      # tied output layer

    def to_tsmodel(self, vocab):
        """This model's weights as a tools/tsmodel.py Model."""
        import tsmodel
        b = self.blocks
        cat = lambda f: torch.stack([f(x) for x in b]).detach().numpy()
        params = {
            "wte": self.wte.weight.detach().numpy(),
            "wpe": self.wpe.weight.detach().numpy(),
            "ln1_w": cat(lambda x: x.ln1.weight),
            "ln1_b": cat(lambda x: x.ln1.bias),
            "qkv_w": cat(lambda x: x.qkv.weight),
            "qkv_b": cat(lambda x: x.qkv.bias),
            "attproj_w": cat(lambda x: x.attproj.weight),
            "attproj_b": cat(lambda x: x.attproj.bias),
            "ln2_w": cat(lambda x: x.ln2.weight),
            "ln2_b": cat(lambda x: x.ln2.bias),
            "fc_w": cat(lambda x: x.fc.weight),
            "fc_b": cat(lambda x: x.fc.bias),
            "fcproj_w": cat(lambda x: x.fcproj.weight),
            "fcproj_b": cat(lambda x: x.fcproj.bias),
            "lnf_w": self.lnf.weight.detach().numpy(),
            "lnf_b": self.lnf.bias.detach().numpy(),
        }
        return tsmodel.Model(self.L, self.C, self.H, self.T, vocab, params)


def load_corpus(path):
    """Token ids of the corpus and its sorted code-point vocabulary."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    vocab = sorted(set(ord(c) for c in text))
    index = {cp: i for i, cp in enumerate(vocab)}
    data = np.fromiter((index[ord(c)] for c in text), dtype=np.int64,
                       count=len(text))
    return torch.from_numpy(data), vocab


def check_against_reference(model, vocab):
    """Round-trip the weights through the file format and compare logits."""
    import tsmodel
    with torch.no_grad():
        for p in model.parameters():            # make every tensor matter
            p.add_(0.05 * torch.randn_like(p))
    ref = tsmodel.from_bytes(tsmodel.to_bytes(model.to_tsmodel(vocab)))
    g = torch.Generator().manual_seed(7)
    ids = torch.randint(0, model.V, (model.T,), generator=g)
    with torch.no_grad():
        ours = model(ids[None])[0].double().numpy()
    theirs = tsmodel.forward(ref, ids.tolist())
    err = float(np.abs(ours - theirs).max())
    if err > 1e-3:
        raise SystemExit("check FAILED: max |logit difference| = %g" % err)
    print("check: torch and tsmodel.py logits agree (max diff %.3g)" % err,
          file=sys.stderr)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=1,
                    help="torch.set_num_threads (default 1)")
    ap.add_argument("--steps", type=int, default=10,
                    help="timed steps (default 10)")
    ap.add_argument("--warmup", type=int, default=2,
                    help="untimed steps first (default 2)")
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--corpus", default=os.path.join(root, "assets",
                                                     "tang-train.txt"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", action="store_true",
                    help="compare logits with tools/tsmodel.py first")
    ap.add_argument("--bf16", action="store_true",
                    help="forward and loss under torch.autocast in bfloat16, the "
                         "mixed precision tangscope's --precision bf16 compares with")
    ap.add_argument("--json", action="store_true",
                    help='print {"tokens_per_s": ...} and nothing else on stdout')
    args = ap.parse_args()

    L, C, H, T = 4, 128, 4, 128
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)

    if os.path.exists(args.corpus):
        data, vocab = load_corpus(args.corpus)
        source = args.corpus
        if len(data) <= T + 1:
            raise SystemExit("corpus too short")
    else:
        vocab = list(range(0x4E00, 0x4E00 + 7300))
        data = torch.randint(0, len(vocab), (1 << 20,))
        source = "random tokens"
    V = len(vocab)

    if args.check:
        check_model = GPT(V, T, L, C, H)
        check_against_reference(check_model, vocab)

    model = GPT(V, T, L, C, H)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    n_params = sum(p.numel() for p in model.parameters())

    def step():
        ix = torch.randint(0, len(data) - T - 1, (args.batch,))
        x = torch.stack([data[i:i + T] for i in ix.tolist()])
        y = torch.stack([data[i + 1:i + T + 1] for i in ix.tolist()])
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.bf16):
            logits = model(x)
            loss = F.cross_entropy(logits.view(-1, V), y.view(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        return loss.item()

    for _ in range(args.warmup):
        step()
    t0 = time.perf_counter()
    for _ in range(args.steps):
        loss = step()
    dt = time.perf_counter() - t0
    tps = args.steps * args.batch * T / dt

    if args.json:
        print(json.dumps({"tokens_per_s": round(tps, 1),
                          "threads": args.threads, "steps": args.steps,
                          "bf16": args.bf16,
                          "batch": args.batch, "context": T,
                          "vocab_size": V, "params": n_params}))
    else:
        print("torch %s, %d thread(s), data: %s, V=%d, %d parameters"
              % (torch.__version__, args.threads, source, V, n_params))
        print("%d steps of %d x %d tokens in %.2f s (%.3f s/step), last loss %.3f"
              % (args.steps, args.batch, T, dt, dt / args.steps, loss))
        print("training tokens per second: %.0f" % tps)


if __name__ == "__main__":
    main()
