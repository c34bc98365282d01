#!/usr/bin/env python3
# check-core-circles.py — fails when two source files of src/core call each
# other, directly or round a circle (A calls B, B calls C, C calls A).
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Loaders return data and never call back into the model or the plots; a
# circle between files is how that rule breaks first. A function belongs to
# the file that defines it (GNU style: its name at the start of a line);
# every name is followed, not only aiperf_ ones (private helpers such as
# trace_sort_unless_sorted are how files of one folder call each other).
import collections
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', 'src', 'core')
sources = {}
for folder, _, names in os.walk(root):
    for name in names:
        if name.endswith('.c'):
            path = os.path.join(folder, name)
            with open(path, encoding='utf-8') as f:
                text = re.sub(r'/\*.*?\*/', '', f.read(), flags=re.S)
            sources[os.path.relpath(path, root)] = text

# Every function another file can call, whatever its name: a definition's
# name starts a line, and its return type on the line before is not static.
defined_in = {}
definition = re.compile(r'^(?P<before>[^\n]*)\n(?P<name>[a-z_][a-z0-9_]*) \(', re.M)
for path, text in sources.items():
    for m in definition.finditer(text):
        before = m.group('before')
        if before.startswith('static') or before.startswith('#') or before.strip() == '':
            continue
        defined_in[m.group('name')] = path

calls = collections.defaultdict(set)
for path, text in sources.items():
    for m in re.finditer(r'\b([a-z_][a-z0-9_]*)\s*\(', text):
        target = defined_in.get(m.group(1))
        if target is not None and target != path:
            calls[path].add(target)

# Tarjan's strongly connected components, iteratively.
index, low, on_stack, stack, circles = {}, {}, set(), [], []
counter = 0
for start in sorted(sources):
    if start in index:
        continue
    work = [(start, iter(sorted(calls[start])))]
    index[start] = low[start] = counter; counter += 1
    stack.append(start); on_stack.add(start)
    while work:
        node, children = work[-1]
        advanced = False
        for child in children:
            if child not in index:
                index[child] = low[child] = counter; counter += 1
                stack.append(child); on_stack.add(child)
                work.append((child, iter(sorted(calls[child]))))
                advanced = True
                break
            if child in on_stack:
                low[node] = min(low[node], index[child])
        if advanced:
            continue
        work.pop()
        if work:
            low[work[-1][0]] = min(low[work[-1][0]], low[node])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop(); on_stack.discard(member); component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

for component in circles:
    members = set(component)
    print('circle:', ', '.join(component))
    for a in component:
        for b in sorted(calls[a] & members):
            print(f'  {a} -> {b}')
sys.exit(1 if circles else 0)
