#!/usr/bin/env python3
"""Exercise 1: top-p (nucleus) sampling, written as a stage that tangscope runs.

tangscope starts this program once and sends it one line of JSON per step:
the candidates for the next character with their probabilities, and the
settings. The program answers one line: the ids it keeps. The protocol is
done below; write the body of top_p().

    tangscope exercise check top-p "python3 top_p.py"
    tangscope probs 春风 --temperature 1.5 --top-p 0.9 --stage "python3 top_p.py"
    tangscope generate 春风 --temperature 1.5 --top-p 0.9 --stage "python3 top_p.py"

Debug output goes to stderr (print(..., file=sys.stderr)): stdout is the
line to tangscope.
"""
import json
import sys


def top_p(candidates, p):
    """Which candidates to keep.

    candidates: a list of (id, char, prob) in the order of the ids, not of
                the probabilities; the probs add up to 1.
    p:          the share of probability to reach, from 0 to 1.

    Return the ids of the most probable candidates, most probable first,
    until their probabilities add up to p or more; at least one. Equal
    probabilities: the lower id first.
    """
    # TODO: your code. This keeps every candidate, which is right only for p = 1.
    return [cid for cid, char, prob in candidates]


def main():
    for line in sys.stdin:
        request = json.loads(line)
        candidates = [(c["id"], c["char"], c["p"]) for c in request["candidates"]]
        keep = top_p(candidates, request["settings"]["top_p"])
        print(json.dumps({"keep": keep}), flush=True)


if __name__ == "__main__":
    main()
