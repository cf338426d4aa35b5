#!/usr/bin/env python3
"""struct-members.py FILE... - members of each struct (typedef struct {...} Name;
or struct Name {...};), one declarator each: `int a, b;` is two. Sorted, largest first."""
import re, signal, sys

signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends it quietly
rows = []
for path in sys.argv[1:]:
    src = open(path).read()
    src = re.sub(r'/\*.*?\*/', ' ', src, flags=re.S)
    src = re.sub(r'//[^\n]*', ' ', src)
    src = re.sub(r'^\s*#.*$', ' ', src, flags=re.M)
    for m in re.finditer(r'\bstruct\s*(\w*)\s*\{', src):
        i, depth, body = m.end(), 1, ''
        while depth:
            c = src[i]
            depth += (c == '{') - (c == '}')
            body += c if depth else ''
            i += 1
        tail = re.match(r'\s*(\w+)?\s*;', src[i:])
        name = m.group(1) or (tail.group(1) if tail and tail.group(1) else '?')
        before = src[:m.start()]
        if before.count('{') != before.count('}'):
            continue  # a struct inside another: one member there
        # top-level declarations of the body: split on ';' at depth 0, commas at depth 0
        n, depth, paren, decl = 0, 0, 0, ''
        for c in body:
            if c in '{(': depth += 1
            elif c in '})': depth -= 1
            if depth == 0 and c == ';':
                if decl.strip():
                    n += 1 + decl.count(',') if '(' not in decl else 1
                decl = ''
            elif depth == 0:
                decl += c
        rows.append((n, name, path))
for n, name, path in sorted(rows, reverse=True):
    print(f'{n:4d}  {name:24s} {path}')
