#!/usr/bin/env python3
"""Ratios to ART estimated for this machine, for scripts/calibrate.

ART's figures (art_codec_baseline.json) were measured on another machine with clang++-16, and
the same page measured frameproof at commit 5c7bc82 there (calibration/reference_5c7bc82.json).
scripts/calibrate runs 5c7bc82 and this tree here, interleaved. For each operation:

    estimated ratio = (this tree here / 5c7bc82 here) * (5c7bc82 there / ART there)

which is the raw ratio with ART's figure scaled by 5c7bc82's slowdown between the two machines.
It assumes that ART's code slows down here as much as 5c7bc82's did on the same operation, so it
is context for scripts/bench's raw ratios, not a replacement for them.
"""

import argparse
import sys

from bench_table import fmt_ns, load_baseline, load_run, print_table

# Operations that 5c7bc82 had no code for take the slowdown of the one whose ART figure they are
# held to: opening untrusted bytes against ART's constructor, the checked register walk against
# ART's register maps, the trusted header reads against ART's header reads (5c7bc82's were checked).
SLOWDOWN_OF = {
    "Open": "DecodeTrusted",
    "OpenGcMasksOnly": "DecodeGcMasksOnlyTrusted",
    "DexRegisterMapsChecked": "DexRegisterMaps",
    "DecodeCodeSizeTrusted": "DecodeCodeSize",
    "DecodeFrameInfoTrusted": "DecodeFrameInfo",
}


def minimums(paths):
    """The minimum ns of each (op, workload) over every run in `paths`."""
    best = {}
    for path in paths:
        run, errors = load_run(path)
        for error in errors:
            sys.exit(f"calibrate: {path}: {error}")
        for row in run["results"]:
            key = (row["op"], row["workload"])
            best[key] = min(best.get(key, row["min_ns"]), row["min_ns"])
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--head", nargs="+", required=True, help="art_codec_bench JSON runs")
    parser.add_argument("--old", nargs="+", required=True, help="calib_bench (5c7bc82) JSON runs")
    parser.add_argument("--reference", required=True, help="5c7bc82 on the reference machine")
    parser.add_argument("--art", required=True, help="ART's figures (art_codec_baseline.json)")
    args = parser.parse_args()

    head = minimums(args.head)
    old_here = minimums(args.old)
    _, old_there = load_baseline(args.reference)
    _, art = load_baseline(args.art)

    rows = []
    for (op, workload), art_row in art.items():
        key = (SLOWDOWN_OF.get(op, op), workload)
        if (op, workload) not in head or key not in old_here or key not in old_there:
            continue
        slowdown = old_here[key] / old_there[key]["min_ns"]
        raw = head[(op, workload)] / art_row["min_ns"]
        estimated = raw / slowdown
        target = art_row.get("target")
        verdict = "" if target is None else ("ok" if estimated <= target else "over")
        rows.append([op, workload, fmt_ns(head[(op, workload)]), fmt_ns(old_here[key]),
                     fmt_ns(old_there[key]["min_ns"]), f"{slowdown:.2f}", f"{raw:.2f}",
                     f"{estimated:.2f}", "" if target is None else f"{target:g}", verdict])
    if not rows:
        sys.exit("calibrate: no operation was measured by both trees")
    print_table(["operation", "workload", "HEAD ns", "5c7bc82 here", "5c7bc82 there",
                 "slowdown", "raw x ART", "est. x ART", "target", ""], rows)


if __name__ == "__main__":
    main()
