#!/usr/bin/python3
"""Write the nanoGPT import fixtures under tests/data/nanogpt/.

    /usr/bin/python3 tools/make-nanogpt-fixture.py [--out tests/data/nanogpt]

Needs PyTorch and numpy (Debian: python3-torch python3-numpy); the tests that
use the files need neither. It trains three small nanoGPT-style models
(tools/nanogpt_torch.py: 2 layers, 16 dimensions, 4 heads, context 32) for a
few steps on the first poems of assets/tang-train.txt (then triples the
MLP's input weights by 6, so that the exact and the tanh GELU give probabilities
further apart than the tests' tolerance) and saves each as
nanoGPT's train.py would, with torch.save:

    bias.pt      bias=True, {'model', 'model_args', 'optimizer', 'iter_num',
                 'best_val_loss', 'config'}; vocabulary meta.pkl (ids in
                 code point order, as nanoGPT's prepare.py gives them)
    nobias.pt    bias=False; vocabulary meta-firstseen.pkl (ids in order of
                 first appearance, so the import must reorder the rows)
    compiled.pt  bias=True, every key with torch.compile's '_orig_mod.'

then imports each with tools/import-nanogpt.py into NAME.bin, and writes
probs.txt: PyTorch's next-character probabilities (float32, the model in
eval mode) after a few prompts, the reference the C tests hold the
imported files to. Files a refusal test needs: truncated.pt (the first
4096 bytes of bias.pt), rotary.pt (rotary keys, no wpe), evil.pt (a
data.pkl that calls os.system), badshape.pt (a c_fc weight of 15 rows
where 16 belong), bare.pt (a bare state_dict: no model_args)
and meta-words.pkl (a vocabulary of words).
"""

import io
import os
import pickle
import subprocess
import sys
import zipfile

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import nanogpt_torch as ng  # noqa: E402

SEED = 20261201
TEXT_CHARS = 150                 # the fixture's text: the first poems
CFG = dict(n_layer=2, n_head=4, n_embd=16, block_size=32, dropout=0.0)
STEPS, BATCH = 150, 8
MLP_GAIN = 6.0
PROMPTS = ["秦川雄帝宅，函谷", "离宫百", "\n云日", "连甍遥接汉，飞观迥凌虚。云日隐层阙，风烟出绮疎。\n岩廊"]
TOP = 8


def first_seen(s):
    seen = []
    for c in s:
        if c not in seen:
            seen.append(c)
    return seen


def make(chars, corpus, bias, seed, gelu="none"):
    torch.manual_seed(seed)
    cfg = ng.GPTConfig(vocab_size=len(chars), bias=bias, **CFG)
    model = ng.GPT(cfg, gelu)
    stoi = {c: i for i, c in enumerate(chars)}
    ids = torch.tensor([stoi[c] for c in corpus], dtype=torch.long)
    opt, loss = ng.train(model, ids, STEPS, BATCH, seed)
    # A few steps leave the MLP's inputs small, where the two GELU forms
    # agree to 1e-5; multiplied by 6, they differ by more than the tests' tolerance,
    # so an import that ignored the form would fail them.
    with torch.no_grad():
        for b in model.transformer.h:
            b.mlp.c_fc.weight.mul_(MLP_GAIN)
            if b.mlp.c_fc.bias is not None:
                b.mlp.c_fc.bias.mul_(MLP_GAIN)
    model.eval()
    return model, opt, loss


def probs_lines(name, model, chars):
    """'model NAME', then per prompt 'prompt HEX' and the top TOP as
    'top RANK ID HEX PROB', ids in tangscope's order (by code point)."""
    stoi = {c: i for i, c in enumerate(chars)}
    out = ["model %s" % name]
    with torch.no_grad():
        for p in PROMPTS:
            out.append("prompt %s" % p.encode().hex())
            out += ng.top_lines(chars, ng.next_probs(model, [stoi[c] for c in p]), TOP)
    return out


def gelu_matters(model, chars):
    """The largest change of a probability when the tanh GELU replaces the
    exact one: the tests' 1e-5 can only catch a wrong GELU if it is bigger."""
    stoi = {c: i for i, c in enumerate(chars)}
    worst = 0.0
    with torch.no_grad():
        for p in PROMPTS:
            x = torch.tensor([[stoi[c] for c in p]], dtype=torch.long)
            a = torch.softmax(model(x)[0][0, -1], dim=-1)
            for b in model.transformer.h:
                b.mlp.gelu.approximate = "tanh"
            t = torch.softmax(model(x)[0][0, -1], dim=-1)
            for b in model.transformer.h:
                b.mlp.gelu.approximate = "none"
            worst = max(worst, float((a - t).abs().max()))
    return worst


def save(obj, path):
    torch.save(obj, path)


def pickle_to(obj, path):
    with open(path, "wb") as f:
        pickle.dump(obj, f)


def foreign(out, bias_model):
    with open(os.path.join(out, "bias.pt"), "rb") as f:
        head = f.read(4096)
    with open(os.path.join(out, "truncated.pt"), "wb") as f:
        f.write(head)
    # a one-layer model of 4 dimensions with rotary keys instead of wpe
    tiny = ng.GPT(ng.GPTConfig(block_size=8, vocab_size=bias_model.config.vocab_size,
                               n_layer=1, n_head=2, n_embd=4))
    sd = {k: v for k, v in tiny.state_dict().items() if "wpe" not in k}
    sd["transformer.h.0.attn.rotary_emb.inv_freq"] = torch.ones(2)
    save({"model": sd, "model_args": ng.model_args(tiny.config)},
         os.path.join(out, "rotary.pt"))
    sd = dict(tiny.state_dict())
    sd["transformer.wpe.weight"] = torch.ones(8, 4)
    sd["transformer.h.0.mlp.c_fc.weight"] = torch.ones(15, 4)   # 4 x 4 = 16 rows
    save({"model": sd, "model_args": ng.model_args(tiny.config)},
         os.path.join(out, "badshape.pt"))
    save(bias_model.state_dict(), os.path.join(out, "bare.pt"))
    pickle_to({"vocab_size": 3, "itos": {0: "\n", 1: "the", 2: "moon"},
               "stoi": {"\n": 0, "the": 1, "moon": 2}},
              os.path.join(out, "meta-words.pkl"))
    # a data.pkl that would run `touch pwned-by-pickle` if it were obeyed
    evil = (b"\x80\x02cos\nsystem\nX\x15\x00\x00\x00touch pwned-by-pickle\x85R.")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        when = (1980, 1, 1, 0, 0, 0)   # the same bytes on every run
        zf.writestr(zipfile.ZipInfo("evil/data.pkl", when), evil)
        zf.writestr(zipfile.ZipInfo("evil/version", when), "3\n")
    with open(os.path.join(out, "evil.pt"), "wb") as f:
        f.write(buf.getvalue())


def main():
    out = ng.fixture_out(__doc__, os.path.dirname(HERE))
    corpus = ng.training_text(os.path.dirname(HERE), TEXT_CHARS)
    chars = sorted(set(corpus))
    seen = first_seen(corpus)
    pickle_to(ng.meta_for(chars), os.path.join(out, "meta.pkl"))
    pickle_to(ng.meta_for(seen), os.path.join(out, "meta-firstseen.pkl"))

    lines = ["# nanoGPT import fixture: next-character probabilities computed by PyTorch",
             "# %s, float32, the models of tools/make-nanogpt-fixture.py" % torch.__version__,
             "# 'model NAME' (NAME.bin), then per prompt 'prompt HEX' and the top %d:" % TOP,
             "#   top RANK TANGSCOPE_ID CHAR_HEX PROBABILITY   (ids by code point)"]
    bias, opt, loss = make(chars, corpus, True, SEED)
    save({"model": bias.state_dict(), "model_args": ng.model_args(bias.config),
          "optimizer": opt.state_dict(), "iter_num": STEPS,
          "best_val_loss": torch.tensor(loss), "config": {"dataset": "tang_char"}},
         os.path.join(out, "bias.pt"))
    lines += probs_lines("bias", bias, chars)
    nobias, _, _ = make(seen, corpus, False, SEED + 1)
    save({"model": nobias.state_dict(), "model_args": ng.model_args(nobias.config)},
         os.path.join(out, "nobias.pt"))
    lines += probs_lines("nobias", nobias, seen)
    compiled, _, _ = make(chars, corpus, True, SEED + 2)
    sd = {"_orig_mod." + k: v for k, v in compiled.state_dict().items()}
    save({"model": sd, "model_args": ng.model_args(compiled.config)},
         os.path.join(out, "compiled.pt"))
    lines += probs_lines("compiled", compiled, chars)
    worst = min(gelu_matters(m, c) for m, c in ((bias, chars), (nobias, seen), (compiled, chars)))
    assert worst > 5e-5, "the GELU form changes no probability by 5e-5 (%g)" % worst
    with open(os.path.join(out, "probs.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    foreign(out, bias)
    for name, meta in (("bias", "meta.pkl"), ("nobias", "meta-firstseen.pkl"),
                       ("compiled", "meta.pkl")):
        subprocess.run([sys.executable, os.path.join(HERE, "import-nanogpt.py"),
                        os.path.join(out, name + ".pt"), "--meta",
                        os.path.join(out, meta), "--out",
                        os.path.join(out, name + ".bin")], check=True)
    print("tanh instead of erf would move a probability by at least %.3g" % worst)


if __name__ == "__main__":
    main()
