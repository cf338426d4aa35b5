#!/usr/bin/env python3
"""char-ranks.py - write src/engine/charrank.c: every character of the training
text, most frequent first (equal counts: the smaller code point first).

The session code (src/engine/sesscode.h) spends few bits on a character of a
low rank. The table is part of the code's format: regenerate it only
together with a new version of the code.

usage: tools/char-ranks.py [TEXT] [OUT]
       (defaults assets/tang-train.txt and src/engine/charrank.c)
"""
import collections
import sys

text_path = sys.argv[1] if len(sys.argv) > 1 else "assets/tang-train.txt"
out_path = sys.argv[2] if len(sys.argv) > 2 else "src/engine/charrank.c"

with open(text_path, encoding="utf-8") as f:
    counts = collections.Counter(f.read())
ranked = sorted(counts, key=lambda ch: (-counts[ch], ord(ch)))
by_cp = sorted(range(len(ranked)), key=lambda r: ord(ranked[r]))


def shown(ch):
    return "\\n" if ch == "\n" else ch


lines = []
lines.append("/* charrank.c - every character of the training text, most frequent first")
lines.append(" * (see charrank.h). Written by tools/char-ranks.py from %s;" % text_path)
lines.append(" * do not edit: the session code's format depends on this order. */")
lines.append('#include "engine/charrank.h"')
lines.append("")
lines.append("#if CHARRANK_COUNT != %d" % len(ranked))
lines.append("#error charrank.h and charrank.c disagree on the number of characters")
lines.append("#endif")
lines.append("")
lines.append("/* code point of each rank; the comment shows the line's characters */")
lines.append("static const uint32_t BY_RANK[CHARRANK_COUNT] = {")
for i in range(0, len(ranked), 8):
    row = ranked[i:i + 8]
    cps = ", ".join("0x%04X" % ord(ch) for ch in row)
    lines.append("    %s, /* %d: %s */" % (cps, i, "".join(shown(ch) for ch in row)))
lines.append("};")
lines.append("")
lines.append("/* the ranks again, ordered by code point (for the search in charrank_of) */")
lines.append("static const uint16_t RANK_BY_CP[CHARRANK_COUNT] = {")
for i in range(0, len(by_cp), 12):
    lines.append("    " + ", ".join(str(r) for r in by_cp[i:i + 12]) + ",")
lines.append("};")
lines.append("")
lines.append("""uint32_t charrank_cp(int rank) { return BY_RANK[rank]; }

int charrank_of(uint32_t cp)
{
    int lo = 0, hi = CHARRANK_COUNT; /* the answer's place is in [lo, hi) */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        uint32_t at = BY_RANK[RANK_BY_CP[mid]];
        if (at == cp)
            return RANK_BY_CP[mid];
        if (at < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}""")
with open(out_path + ".tmp", "w", encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
import os
os.replace(out_path + ".tmp", out_path)
print("%s: %d characters" % (out_path, len(ranked)))
