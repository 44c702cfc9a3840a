#!/usr/bin/env python3
"""Turns scripts/throughput's measurements into its table or JSON.

  throughput_table.py RESULTS.tsv [--gate-plan FILE] [--compare EARLIER.json] [--json]

RESULTS.tsv has one row per measurement: name, rate, unit, what was run. The table gives each
rate beside the floor issue 46 set for it (where it set one) or, with --compare, beside an earlier
run's rate and their ratio. --gate-plan is `frameproof gate --list` output; the case or time
each exec, llvm-exec and fuzz step gets at the default budget follows the table.
Exit status 0; 2 when an input cannot be read.
"""

import argparse
import json
import re
import sys

# The floors of issue 46, one core, the builds the gate runs.
TARGETS = [
    (re.compile(r"^exec/x86_64/"), 5000),
    (re.compile(r"^exec/arm64/"), 1500),
    (re.compile(r"^llvm-exec/"), 20),
    (re.compile(r"^fuzz/code_info_decode$"), 20000),
    (re.compile(r"^fuzz/(exec_x86_64|stack_map_stream|code_info_dedup|ark_code_info_builder|"
                r"moar_roundtrip)$"), 3000),
]

# "exec/x86_64/CallStatic<TAB>frameproof verify exec ..., 11250 cases over ..." and the like.
PLANNED = re.compile(r"(?P<count>\d+) (?P<what>cases|llc programs)|for (?P<time>\d+s)")


def target_of(name):
    for pattern, floor in TARGETS:
        if pattern.search(name):
            return floor
    return None


def load_results(path):
    rows = []
    with open(path) as f:
        for line in f:
            name, rate, unit, detail = line.rstrip("\n").split("\t")
            rows.append({"name": name, "rate": float(rate or 0), "unit": unit, "detail": detail})
    return rows


def load_gate_plan(path):
    steps = []
    if not path:
        return steps
    with open(path) as f:
        for line in f:
            if "\t" not in line:
                continue
            step, description = line.rstrip("\n").split("\t", 1)
            if not re.match(r"^(exec|llvm-exec|fuzz|afl)/", step):
                continue
            match = PLANNED.search(description)
            if match:
                planned = (f"{match['count']} {match['what']}" if match["count"] else match["time"])
                steps.append({"step": step, "planned": planned})
    return steps


def render(rows, steps, earlier):
    out = []
    if earlier is None:
        out.append(f"{'row':<32} {'rate':>10} {'unit':<11} {'floor':>7}  run")
        for row in rows:
            floor = target_of(row["name"])
            mark = "" if floor is None else (f"{floor:>6}" + (" " if row["rate"] >= floor else "!"))
            out.append(f"{row['name']:<32} {row['rate']:>10.1f} {row['unit']:<11} {mark:>7}  "
                       f"{row['detail']}")
        out.append("('!' marks a rate under issue 46's floor)")
    else:
        before = {row["name"]: row for row in earlier.get("rows", [])}
        out.append(f"{'row':<32} {'before':>10} {'after':>10} {'after/before':>13} {'unit':<11}")
        for row in rows:
            old = before.get(row["name"])
            if old is None or old["rate"] <= 0:
                out.append(f"{row['name']:<32} {'-':>10} {row['rate']:>10.1f} {'-':>13} {row['unit']}")
                continue
            out.append(f"{row['name']:<32} {old['rate']:>10.1f} {row['rate']:>10.1f} "
                       f"{row['rate'] / old['rate']:>12.2f}x {row['unit']}")
    if steps:
        out.append("")
        out.append("gate steps at the default budget (frameproof gate --list --seed 1); a fuzz "
                   "step's inputs are its time at the rate above:")
        rates = {row["name"]: row["rate"] for row in rows}
        rates_before = {row["name"]: row["rate"] for row in (earlier or {}).get("rows", [])}
        planned_before = {s["step"]: s["planned"] for s in (earlier or {}).get("gate", [])}
        for step in steps:
            now = cases_of(step["step"], step["planned"], rates)
            line = f"  {step['step']:<30} {step['planned']:<18}"
            if now is not None:
                line += f" {now:>10} cases"
            was = planned_before.get(step["step"], step["planned"] if earlier else None)
            then = cases_of(step["step"], was, rates_before) if was else None
            if then:
                line += f"   before {then:>10}  {now / then:.2f}x" if now else f"   before {then}"
            out.append(line.rstrip())
    return "\n".join(line.rstrip() for line in out)


def cases_of(step, planned, rates):
    """Cases a gate step runs: its planned count, or a fuzz step's seconds times its rate."""
    match = re.match(r"(\d+) ", planned)
    if match:
        return int(match[1])
    match = re.match(r"(\d+)s$", planned)
    rate = rates.get(re.sub(r"^afl/", "fuzz/", step))
    if match and rate and step.startswith("fuzz/"):
        return int(match[1]) * int(rate)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results")
    parser.add_argument("--gate-plan")
    parser.add_argument("--compare")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        rows = load_results(args.results)
        steps = load_gate_plan(args.gate_plan)
        earlier = None
        if args.compare:
            with open(args.compare) as f:
                earlier = json.load(f)
    except (OSError, ValueError) as error:
        print(f"throughput_table: {error}", file=sys.stderr)
        return 2
    if args.json:
        json.dump({"rows": rows, "gate": steps}, sys.stdout, indent=1)
        print()
    else:
        print(render(rows, steps, earlier))
    return 0


if __name__ == "__main__":
    sys.exit(main())
