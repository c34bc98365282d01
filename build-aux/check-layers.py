#!/usr/bin/env python3
# check-layers.py — fails when a source file includes a header it must not.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The layers of DESIGN.md, lowest first: chart; core's model, formats,
# plots, compare, kinds, presets, session; render; report; export and ui. A file
# includes headers of its own layer and the layers below it, never above;
# core and render never include each other; and a private header
# (*-private.h; in core, in the folder's private/ subfolder) is included only
# by files of its own folder (a format's or a kind's insides are not another
# folder's business), and a builder header
# (*-builder.h: how a run is filled) only by the model and the formats.
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
src = os.path.join(root, 'src')

# Folder (relative to src/) → (layer rank, family). A file may include a
# header of rank ≤ its own whose family it may see.
def layer_of(rel):
    parts = rel.split(os.sep)
    top = parts[0]
    if top == 'chart':
        return 0, 'chart'
    if top == 'core':
        sub = parts[1] if len(parts) > 2 else ''
        return {'model': 1, 'formats': 2, 'plots': 3, 'compare': 4, 'kinds': 5,
                'presets': 6, 'session': 7}.get(sub, 7), 'core'
    if top == 'render':
        return 1, 'render'
    if top == 'report':
        return 6, 'surface'
    if top in ('export', 'host'):
        return 7, 'surface'
    if top == 'ui':
        return 8, 'surface'
    return 9, 'surface'   # main.c, main-window.c

# A private header's readers: its own folder, or the folder whose private/
# subfolder holds it (core's folders keep theirs there; the build gives no
# other folder that path).
def private_readers(target):
    folder = os.path.dirname(target)
    if os.path.basename(folder) == 'private':
        return {folder, os.path.dirname(folder)}
    return {folder}

headers = {}
for folder, _, names in os.walk(src):
    for name in names:
        if name.endswith('.h'):
            headers.setdefault(name, []).append(os.path.relpath(os.path.join(folder, name), src))

# Known crossings still to be taken apart (a file of the target folder
# should offer what they use publicly); any other one fails.
known = set()
seen_known = set()
problems = []
for folder, _, names in os.walk(src):
    for name in names:
        if not name.endswith(('.c', '.h')):
            continue
        path = os.path.join(folder, name)
        rel = os.path.relpath(path, src)
        rank, family = layer_of(rel)
        with open(path, encoding='utf-8') as f:
            for number, line in enumerate(f, 1):
                m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                if not m or m.group(1) not in headers:
                    continue
                for target in headers[m.group(1)]:
                    if target == rel:
                        continue
                    t_rank, t_family = layer_of(target)
                    if (rel, target) in known:
                        seen_known.add((rel, target))
                    elif m.group(1).endswith('-private.h') and os.path.dirname(rel) not in private_readers(target):
                        problems.append(f'{rel}:{number}: includes {target}, private to its folder')
                    elif m.group(1).endswith('-builder.h') and not rel.startswith(('core/model', 'core/formats')):
                        problems.append(f'{rel}:{number}: includes {target}, which only loaders use')
                    elif t_family == 'surface' and family != 'surface' or \
                         family == 'core' and t_family == 'render' or \
                         family == 'render' and t_family == 'core':
                        problems.append(f'{rel}:{number}: includes {target} (another branch of the layers)')
                    elif t_family == family and t_rank > rank:
                        problems.append(f'{rel}:{number}: includes {target}, a layer above it')

# In src/core a private header lives in its folder's private/ subfolder,
# the only place the build hides from other folders.
for name, places in headers.items():
    for place in places:
        if name.endswith('-private.h') and place.startswith('core' + os.sep) \
                and os.path.basename(os.path.dirname(place)) != 'private':
            problems.append(f'{place}: a private header of core outside its folder\'s private/ (any folder could include it)')

for rel, target in sorted(known - seen_known):
    print(f'note: {rel} no longer includes {target}: take it off the known list')
for p in sorted(set(problems)):
    print(p)
print(f'{len(set(problems))} include(s) across the layers' if problems else
      f'layers: no include goes up or into another folder\'s private header ({len(seen_known)} known ones left)')
sys.exit(1 if problems else 0)
