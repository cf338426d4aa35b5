#!/usr/bin/env python3
"""Exercise 2: the jueju form as a constraint, written as a program that
tangscope runs.

tangscope sends one line of JSON per step: the poem written so far, the
line length (5 or 7) and the candidates for the next character. The program
answers one line: the ids of the candidates allowed next. The protocol is
done below; write the body of allowed().

    tangscope exercise check jueju "python3 jueju.py"

A jueju, as the course states it: four lines of line_len Han characters;
after each of lines 1 to 3 (the 8th, 16th and 24th character in lines of 7)
a comma or a full stop, "，" or "。" ("、" is no comma); after the fourth the
full stop "。", then only the newline "\\n" that ends the poem. No
punctuation anywhere else: inside a line only Han characters (no mark, no
newline).
"""
import json
import sys

MARKS = "，。"


def allowed(text, line_len, candidates):
    """text: the poem so far (a str, without the newline before it).
    line_len: 5 or 7.
    candidates: a list of (id, char).
    Return the ids of the candidates that may come next."""
    # TODO: your code. This allows everything: no form at all.
    return [cid for cid, char in candidates]


def main():
    for line in sys.stdin:
        request = json.loads(line)
        candidates = [(c["id"], c["char"]) for c in request["candidates"]]
        keep = allowed(request["text"], request["line_len"], candidates)
        print(json.dumps({"keep": keep}), flush=True)


if __name__ == "__main__":
    main()
