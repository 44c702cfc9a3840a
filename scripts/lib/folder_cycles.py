#!/usr/bin/env python3
"""Include cycles between folders: a folder is a unit, so no two folders may include each other,
directly or through others. Reads every #include "dir/.../file.h" of the C and C++ files under the
given roots, tests included, and prints each cycle with the include that closes it.

  folder_cycles.py --repo DIR [ROOT ...]     ROOTs default to core arch verifiers fuzzers

Prints "N folders, M cycles" last; exits 1 when M > 0.
"""

import argparse
import os
import re
import sys

SOURCE_SUFFIXES = (".h", ".cc", ".c", ".inc")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([A-Za-z0-9_./-]+)/[A-Za-z0-9_.-]+"')


def include_edges(repo, roots):
    """{folder: {included folder: (file, line)}}, the first include that makes each edge."""
    edges = {}
    for root in roots:
        for directory, _, files in os.walk(os.path.join(repo, root)):
            folder = os.path.relpath(directory, repo)
            for name in sorted(files):
                if not name.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8", errors="replace") as source:
                    for number, text in enumerate(source, 1):
                        match = INCLUDE.match(text)
                        if not match or match.group(1) == folder:
                            continue
                        if not os.path.isdir(os.path.join(repo, match.group(1))):
                            continue  # a system or generated header, not a folder of the repo
                        where = (os.path.relpath(path, repo), number)
                        edges.setdefault(folder, {}).setdefault(match.group(1), where)
    return edges


def cycles(edges):
    """Each elementary cycle once, as a list of folders starting at its smallest."""
    found = set()
    result = []

    def walk(start, folder, path):
        for target in sorted(edges.get(folder, {})):
            if target == start:
                cycle = tuple(path)
                if cycle not in found:
                    found.add(cycle)
                    result.append(list(cycle))
            elif target > start and target not in path:
                walk(start, target, path + [target])

    for start in sorted(edges):
        walk(start, start, [start])
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", required=True)
    parser.add_argument("roots", nargs="*", default=["core", "arch", "verifiers", "fuzzers"])
    args = parser.parse_args()
    edges = include_edges(args.repo, args.roots)
    found = cycles(edges)
    for cycle in found:
        print("cycle: " + " -> ".join(cycle + [cycle[0]]))
        for source, target in zip(cycle, cycle[1:] + [cycle[0]]):
            path, line = edges[source][target]
            print(f"  {source} -> {target}: {path}:{line}")
    folders = set(edges) | {target for targets in edges.values() for target in targets}
    print(f"{len(folders)} folders, {len(found)} cycles")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
