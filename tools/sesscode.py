#!/usr/bin/env python3
"""sesscode.py - read a tangscope session code (formats 2 and 3), written from
docs/session-code.md alone, to check that page and the program against each other.

usage: tools/sesscode.py CODE...           the session each code holds, one line each
       tools/sesscode.py --holds WORDS...  the same line for a fixture's key=value words
       tools/sesscode.py --holds-lines     the same for each line of stdin (one fixture's words a line)
                                           (tests/data/sesscodes-v2.tsv's third column)

The line: prompt, form, chars, heads, mid, temperature, top_k, top_p, min_p,
penalty, punct, seed, policy, poems, max_chars, steps, later (place:value of
each setting from place 5 on), fingerprint last. Floats are printed as the
float32 they are, with %.9g. Exit status 2 for a code it refuses.
"""
import collections
import struct
import sys

DIGITS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CLASS_START = [0, 2, 34, 98, 226, 482, 994, 2018]


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def shown(x):
    return "%.9g" % f32(x)


def ranks(path="assets/tang-train.txt"):
    with open(path, encoding="utf-8") as f:
        counts = collections.Counter(f.read())
    return sorted(counts, key=lambda ch: (-counts[ch], ord(ch)))


class Reader:
    def __init__(self, n):
        self.n = n

    def take(self, r):
        v = self.n % r
        self.n //= r
        return v


def float_spec(rd, grid, grid_n, scale, lo, fine_n):
    if rd.take(2) == 0:
        return f32(grid(rd.take(grid_n)) / 100)
    if rd.take(2) == 0:
        return f32((lo + rd.take(fine_n)) / scale)
    return struct.unpack("<f", struct.pack("<I", rd.take(2**32)))[0]


SPECS = {
    0: (lambda i: 10 * i, 21, 100, 0, 1001),
    2: (lambda i: 5 * (i + 1), 19, 100, 1, 99),
    3: (lambda i: i + 1 if i < 10 else 5 * (i - 7), 28, 1000, 1, 1000),
    4: (lambda i: 105 + 5 * i, 20, 100, 101, 900),
}


def top_k(rd):
    if rd.take(2) == 0:
        i = rd.take(33)
        return i + 1 if i < 10 else 5 * (i - 7) if i < 18 else 10 * (i - 12)
    return 1 + rd.take(1000000 if rd.take(2) else 1024)


def generic(rd):
    k = rd.take(3)
    if k == 0:
        return f32(rd.take(1001) / 100)
    if k == 1:
        return rd.take(2**32)
    return struct.unpack("<f", struct.pack("<I", rd.take(2**32)))[0]


def char(rd, table):
    k = rd.take(8)
    if k < 7:
        return table[CLASS_START[k] + rd.take(CLASS_START[k + 1] - CLASS_START[k])]
    if rd.take(2) == 0:
        return table[2018 + rd.take(len(table) - 2018)]
    return chr(rd.take(0x110000))


def digits_of(code):
    d = []
    for ch in code.upper():
        if ch in " -":
            continue
        if ch not in DIGITS:
            raise ValueError("%r is not a digit of a code" % ch)
        d.append(DIGITS.index(ch))
    if len(d) < 2:
        raise ValueError("too short")
    n = len(d) - 1
    total = 1 + d[n] + sum(d[i] * pow(3, n - i, 31) for i in range(n))
    if total % 31:
        raise ValueError("the check digit does not match")
    return d[:n]


def rare(rd, s, fmt):
    s["punct"] = rd.take(2)
    s["policy"] = "slide" if rd.take(2) else "shift"
    p = rd.take(3)
    s["poems"] = 1 if p == 0 else 2 + rd.take(16) if p == 1 else 1 + rd.take(10000)
    s["max_chars"] = 1 + rd.take(1000000) if rd.take(2) else 200
    if rd.take(2):
        rd.take(2**32) if rd.take(2) else rd.take(16)
        s["steps"] = 1 + rd.take(512)
        for _ in range(s["steps"]):
            kind = rd.take(4)
            if kind == 1:
                rd.take(16)
            if kind == 2 and rd.take(2):
                rd.take(65535)
        if fmt == 2 and rd.take(2):
            raise ValueError("made by a newer tangscope")
    if fmt == 3 and rd.take(2):
        n = 6 + rd.take(27)
        m = rd.take(2 ** (n - 6)) + 2 ** (n - 6)
        s["later"] = ",".join("%d:%s" % (p, shown(generic(rd)))
                              for p in range(5, n) if m >> (p - 5) & 1)


def decode(code, table):
    d = digits_of(code)
    z = 0
    while z < len(d) - 1 and d[z] == 0:
        z += 1
    if z >= 2:
        raise ValueError("a later format")
    n = 0
    for x in d[z:]:
        n = n * 31 + x
    rd = Reader(n)
    fmt = 2 + z
    s = dict(prompt="", form="free", chars=7, heads="", mid=0, temperature=1.0, top_k=0,
             top_p=1.0, min_p=0.0, penalty=1.0, punct=0, seed=1, policy="shift", poems=1,
             max_chars=200, steps=0, later="")
    s["fingerprint"] = rd.take(512) ^ (341 if fmt == 3 else 0)
    with_prompt = 0
    if rd.take(2) == 0:
        s["mid"] = rd.take(2)
    else:
        f = rd.take(12)
        if f < 4:
            s["form"], s["chars"], s["mid"] = "jueju", 7 if f // 2 else 5, f % 2
        else:
            w = f - 4
            s["form"], s["chars"], s["mid"] = "acrostic", 7 if w // 4 else 5, (w // 2) % 2
            with_prompt = w % 2
    s["temperature"] = float_spec(rd, *SPECS[0])
    if rd.take(2):
        m = 1 + rd.take(15)
        for place, name in ((1, "top_k"), (2, "top_p"), (3, "min_p"), (4, "penalty")):
            if m >> (place - 1) & 1:
                s[name] = top_k(rd) if place == 1 else float_spec(rd, *SPECS[place])
    if rd.take(2):
        rare(rd, s, fmt)
    if rd.take(2) == 0:
        s["seed"] = rd.take(16)
    else:
        k = rd.take(3)
        s["seed"] = (16 + rd.take(984) if k == 0 else 1000 + rd.take(999000) if k == 1
                     else rd.take(2**32) + rd.take(2**32) * 2**32)
    if with_prompt:
        s["heads"] = "".join(char(rd, table) for _ in range(1 + rd.take(64)))
    tail = []
    while rd.n > 0:
        rd.n -= 1
        tail.append(char(rd, table))
    if s["form"] == "acrostic" and not with_prompt:
        s["heads"] = "".join(tail)
    else:
        s["prompt"] = "".join(tail)
    return s


def line(s):
    keys = ["prompt", "form", "chars", "heads", "mid", "temperature", "top_k", "top_p",
            "min_p", "penalty", "punct", "seed", "policy", "poems", "max_chars", "steps",
            "later", "fingerprint"]
    out = []
    for k in keys:
        if k not in s:
            continue
        v = s[k]
        out.append("%s=%s" % (k, shown(v) if isinstance(v, float) else v))
    return " ".join(out)


def holds(words):
    """A fixture's words, with the commands' defaults under them."""
    s = dict(prompt="", form="free", chars=7, heads="", mid=0, temperature=0.8, top_k=0,
             top_p=1.0, min_p=0.0, penalty=1.0, punct=0, seed=1, policy="shift", poems=1,
             max_chars=200, steps=0, later="")
    for w in words:
        k, v = w.split("=", 1)
        s[k] = float(v) if isinstance(s[k], float) else int(v) if isinstance(s[k], int) else v
    return s


def main(argv):
    if argv[:1] == ["--holds"]:
        print(line(holds(argv[1:])))
        return 0
    if argv[:1] == ["--holds-lines"]:  # one fixture's words a line, on stdin
        for words in sys.stdin:
            print(line(holds(words.split())))
        return 0
    table = ranks()
    status = 0
    for code in argv:
        try:
            print(line(decode(code, table)))
        except ValueError as e:
            print("sesscode.py: %s: %s" % (code, e), file=sys.stderr)
            status = 2
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
