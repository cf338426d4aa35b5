"""A nanoGPT-style GPT in PyTorch, for tangscope's fixtures and checks only.

Written from nanoGPT's documented layout (model.py: GPTConfig, GPT with
transformer.wte / wpe / h.N.ln_1, attn.c_attn, attn.c_proj, ln_2, mlp.c_fc,
mlp.c_proj / ln_f and a tied lm_head; LayerNorm with an optional bias;
PyTorch's GELU). The state_dict keys, the checkpoint train.py saves
({'model', 'model_args', 'optimizer', 'iter_num', 'best_val_loss',
'config'}) and meta.pkl (vocab_size, itos, stoi) follow it, so a file made
here is one a class's own script would make. tangscope itself never needs
PyTorch: tools/import-nanogpt.py reads these files with numpy alone.
"""

import argparse
import math
import os
from dataclasses import dataclass

import torch
import torch.nn as nn
from torch.nn import functional as F


@dataclass
class GPTConfig:
    block_size: int = 128
    vocab_size: int = 6289
    n_layer: int = 4
    n_head: int = 4
    n_embd: int = 128
    dropout: float = 0.0
    bias: bool = True


class LayerNorm(nn.Module):
    """LayerNorm whose bias may be absent (bias=False)."""

    def __init__(self, ndim, bias):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(ndim))
        self.bias = nn.Parameter(torch.zeros(ndim)) if bias else None

    def forward(self, x):
        return F.layer_norm(x, self.weight.shape, self.weight, self.bias, 1e-5)


class CausalSelfAttention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.n_head, self.n_embd = cfg.n_head, cfg.n_embd
        self.c_attn = nn.Linear(cfg.n_embd, 3 * cfg.n_embd, bias=cfg.bias)
        self.c_proj = nn.Linear(cfg.n_embd, cfg.n_embd, bias=cfg.bias)
        # the causal mask, a buffer as in nanoGPT without flash attention: it
        # is in the state_dict as transformer.h.N.attn.bias
        self.register_buffer("bias", torch.tril(torch.ones(cfg.block_size, cfg.block_size))
                             .view(1, 1, cfg.block_size, cfg.block_size))

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        hs = C // self.n_head
        q, k, v = (t.view(B, T, self.n_head, hs).transpose(1, 2) for t in (q, k, v))
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hs))
        att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float("-inf"))
        y = F.softmax(att, dim=-1) @ v
        return self.c_proj(y.transpose(1, 2).contiguous().view(B, T, C))


class MLP(nn.Module):
    def __init__(self, cfg, gelu):
        super().__init__()
        self.c_fc = nn.Linear(cfg.n_embd, 4 * cfg.n_embd, bias=cfg.bias)
        self.gelu = nn.GELU(approximate=gelu)
        self.c_proj = nn.Linear(4 * cfg.n_embd, cfg.n_embd, bias=cfg.bias)

    def forward(self, x):
        return self.c_proj(self.gelu(self.c_fc(x)))


class Block(nn.Module):
    def __init__(self, cfg, gelu):
        super().__init__()
        self.ln_1 = LayerNorm(cfg.n_embd, cfg.bias)
        self.attn = CausalSelfAttention(cfg)
        self.ln_2 = LayerNorm(cfg.n_embd, cfg.bias)
        self.mlp = MLP(cfg, gelu)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    """gelu: 'none' is nanoGPT's exact GELU, 'tanh' the approximation that
    tangscope's own models use."""

    def __init__(self, cfg, gelu="none"):
        super().__init__()
        self.config = cfg
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(cfg.vocab_size, cfg.n_embd),
            wpe=nn.Embedding(cfg.block_size, cfg.n_embd),
            h=nn.ModuleList([Block(cfg, gelu) for _ in range(cfg.n_layer)]),
            ln_f=LayerNorm(cfg.n_embd, cfg.bias),
        ))
        self.lm_head = nn.Linear(cfg.n_embd, cfg.vocab_size, bias=False)
        self.transformer.wte.weight = self.lm_head.weight   # tied
        self.apply(self._init)
        for name, p in self.named_parameters():
            if name.endswith("c_proj.weight"):
                nn.init.normal_(p, 0.0, 0.02 / math.sqrt(2 * cfg.n_layer))

    @staticmethod
    def _init(m):
        if isinstance(m, (nn.Linear, nn.Embedding)):
            nn.init.normal_(m.weight, 0.0, 0.02)
            if getattr(m, "bias", None) is not None:
                nn.init.zeros_(m.bias)

    def forward(self, idx, targets=None):
        T = idx.size(1)
        pos = torch.arange(T, device=idx.device)
        x = self.transformer.wte(idx) + self.transformer.wpe(pos)
        for block in self.transformer.h:
            x = block(x)
        logits = self.lm_head(self.transformer.ln_f(x))
        loss = None
        if targets is not None:
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
        return logits, loss


def model_args(cfg):
    return dict(n_layer=cfg.n_layer, n_head=cfg.n_head, n_embd=cfg.n_embd,
                block_size=cfg.block_size, bias=cfg.bias,
                vocab_size=cfg.vocab_size, dropout=cfg.dropout)


def meta_for(chars):
    """meta.pkl's dict for the characters, ids in the order given."""
    return {"vocab_size": len(chars), "itos": dict(enumerate(chars)),
            "stoi": {c: i for i, c in enumerate(chars)}}


def train(model, ids, steps, batch, seed, lr=3e-3):
    """AdamW on random windows of ids (a 1-D LongTensor); returns the
    optimizer and the last loss."""
    g = torch.Generator().manual_seed(seed)
    T = model.config.block_size
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.1,
                            betas=(0.9, 0.95))
    loss = None
    for step in range(steps):
        ix = torch.randint(len(ids) - T - 1, (batch,), generator=g)
        x = torch.stack([ids[i:i + T] for i in ix])
        y = torch.stack([ids[i + 1:i + T + 1] for i in ix])
        _, loss = model(x, y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
    return opt, float(loss)


# ---- what the fixture scripts share ----

def fixture_out(doc, root):
    """The scripts' one option, --out DIR (default tests/data/nanogpt under
    root), parsed, the folder made; PyTorch on one thread, so that a script
    writes the same bytes every run. Returns DIR."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(root, "tests", "data", "nanogpt"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    torch.set_num_threads(1)
    return a.out


def training_text(root, n):
    """The first n characters of the bundled training text."""
    with open(os.path.join(root, "assets", "tang-train.txt"), encoding="utf-8") as f:
        return f.read(n)


def next_probs(model, ids):
    """The model's next-character probabilities (float32) after ids."""
    x = torch.tensor([ids], dtype=torch.long)
    return torch.softmax(model(x)[0][0, -1], dim=-1)


def top_lines(chars, pr, top):
    """The `top` most probable of pr (over chars, the model's ids) as
    'top RANK ID HEX PROB' lines, ids in tangscope's order (by code point),
    which also breaks ties."""
    ts_id = {c: i for i, c in enumerate(sorted(chars))}
    order = sorted(range(len(chars)), key=lambda i: (-float(pr[i]), ts_id[chars[i]]))
    return ["top %d %d %s %.9g" % (r + 1, ts_id[chars[i]], chars[i].encode().hex(), float(pr[i]))
            for r, i in enumerate(order[:top])]
