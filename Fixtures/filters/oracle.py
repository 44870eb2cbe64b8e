#!/usr/bin/env python3
"""The groups dorny/paths-filter gives each change of a change list, for treereview's tests.

Usage: oracle.py FILTERS.yml CHANGES.txt [some|every]. The filters are read with PyYAML,
flattened as paths-filter's Filter.parseFilterItemYaml reads them, and every pattern is
matched by picomatch (node) with dot: true. A rename (R) becomes a deletion of its old path
and an addition of its new path, and a copy (C) an addition, as git diff --no-renames lists
them for paths-filter; the change is in a group when either part is. A type change (T) is
a modification (paths-filter has no word for it). Prints, per change, its path, a tab, and
its groups separated by spaces.
"""
import json
import os
import subprocess
import sys

import yaml

STATUSES = {"A": "added", "M": "modified", "D": "deleted", "T": "modified", "U": "unmerged"}


def flatten(item, status=None):
    """The rules of one group: (statuses or None, [patterns]) pairs, as paths-filter builds them."""
    if isinstance(item, list):
        return [rule for element in item for rule in flatten(element, status)]
    if isinstance(item, str):
        return [(status, [item])]
    if isinstance(item, dict):
        rules = []
        for key, pattern in item.items():
            keyed = [word.strip().lower() for word in key.split("|") if word.strip()]
            rules.append((keyed, pattern if isinstance(pattern, list) else [pattern]))
        return rules
    raise SystemExit(f"unexpected element {item!r}")


def main():
    filters_path, changes_path = sys.argv[1], sys.argv[2]
    quantifier = sys.argv[3] if len(sys.argv) > 3 else "some"
    with open(filters_path) as stream:
        groups = {name: flatten(item) for name, item in yaml.safe_load(stream).items()}
    changes = []
    with open(changes_path) as stream:
        for line in stream:
            fields = line.rstrip("\n").split("\t")
            letter = fields[0][0]
            if letter == "R":
                changes.append((fields[2], [(fields[1], "deleted"), (fields[2], "added")]))
            elif letter == "C":
                changes.append((fields[2], [(fields[2], "added")]))
            else:
                changes.append((fields[1], [(fields[1], STATUSES[letter])]))
    patterns = sorted({pattern for rules in groups.values() for _, list_ in rules for pattern in list_})
    paths = sorted({path for _, parts in changes for path, _ in parts})
    script = (
        "const pm = require('picomatch');"
        "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "const out = {};"
        "for (const p of input.patterns) { const m = pm(p, {dot: true}); out[p] = input.paths.filter(x => m(x)); }"
        "process.stdout.write(JSON.stringify(out));"
    )
    environment = dict(os.environ, NODE_PATH="/usr/share/nodejs")
    result = subprocess.run(["node", "-e", script], input=json.dumps({"patterns": patterns, "paths": paths}),
                            capture_output=True, text=True, env=environment, check=True)
    matched = {pattern: set(found) for pattern, found in json.loads(result.stdout).items()}

    def holds(rules, path, status):
        def predicate(rule):
            statuses, list_ = rule
            return (statuses is None or status in statuses) and any(path in matched[p] for p in list_)
        return all(map(predicate, rules)) if quantifier == "every" else any(map(predicate, rules))

    for path, parts in changes:
        names = [name for name, rules in groups.items() if any(holds(rules, p, s) for p, s in parts)]
        print(path + "\t" + " ".join(names))


if __name__ == "__main__":
    main()
