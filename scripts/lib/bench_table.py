#!/usr/bin/env python3
"""Turns Google Benchmark JSON from art_codec_bench into scripts/bench's table or JSON.

  bench_table.py RUN.json [--baseline FILE] [--json]

Each row is one operation on one workload: ns per operation, the minimum and the median over the
repetitions, and, against the baseline (scripts/bench's own --json output, or ART's figures in
scripts/lib/art_codec_baseline.json), the ratio of the minimums and whether it meets the target
the baseline sets. Exit status 0; 2 when the input cannot be read.
"""

import argparse
import json
import re
import statistics
import sys

# "BM_Decode/workload:3/min_time:0.100" with label "1000x256x3" -> ("Decode", "1000x256x3").
NAME = re.compile(r"^BM_(?P<op>[A-Za-z]+)/workload:\d+")


def load_run(path):
    with open(path) as f:
        data = json.load(f)
    times = {}
    order = []
    heap = {}
    heap_order = []
    errors = []
    for bench in data.get("benchmarks", []):
        if bench.get("run_type") != "iteration":
            continue
        match = NAME.match(bench["name"])
        if not match:
            continue
        key = (match["op"], bench.get("label", "?"))
        if bench.get("error_occurred"):
            errors.append(f"{key[0]} on {key[1]}: {bench.get('error_message', 'error')}")
            continue
        if "heap_peak_bytes" in bench:
            # A heap benchmark: its counters are the measurement, not its time.
            if key not in heap:
                heap_order.append(key)
            heap[key] = {"op": key[0], "workload": key[1],
                         "allocations": bench["heap_allocations"],
                         "peak_bytes": int(bench["heap_peak_bytes"])}
            continue
        scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[bench.get("time_unit", "ns")]
        if key not in times:
            times[key] = []
            order.append(key)
        times[key].append(bench["real_time"] * scale)
    results = [
        {"op": op, "workload": workload, "min_ns": min(times[(op, workload)]),
         "median_ns": statistics.median(times[(op, workload)]),
         "repetitions": len(times[(op, workload)])}
        for op, workload in order
    ]
    return {"context": data.get("context", {}), "results": results,
            "heap": [heap[key] for key in heap_order]}, errors


def load_baseline(path):
    with open(path) as f:
        data = json.load(f)
    return data.get("source", path), {(r["op"], r["workload"]): r for r in data["results"]}


def fmt_ns(ns):
    return f"{ns:,.1f}" if ns < 100 else f"{ns:,.0f}"


def print_table(header, rows):
    """Two left-aligned name columns, the rest right-aligned numbers."""
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    def line(cells):
        return "  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()
    print(line(header))
    for cells in rows:
        print(line(cells))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run")
    parser.add_argument("--baseline")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        run, errors = load_run(args.run)
        source, baseline = load_baseline(args.baseline) if args.baseline else (None, {})
    except (OSError, ValueError, KeyError) as e:
        print(f"bench_table: {e}", file=sys.stderr)
        return 2

    for row in run["results"]:
        base = baseline.get((row["op"], row["workload"]))
        if base:
            row["baseline_min_ns"] = base["min_ns"]
            row["ratio"] = row["min_ns"] / base["min_ns"]
            if "target" in base:
                row["target"] = base["target"]
                row["meets_target"] = row["ratio"] <= base["target"]
    if args.json:
        # Measurements only: a later --compare against this file must not inherit ART's targets.
        measured = [{k: row[k] for k in ("op", "workload", "min_ns", "median_ns", "repetitions")}
                    for row in run["results"]]
        json.dump({"source": "frameproof scripts/bench", "context": run["context"],
                   "results": measured, "heap": run["heap"], "errors": errors},
                  sys.stdout, indent=1)
        print()
        return 0

    if run["heap"]:
        print_table(["heap use of", "workload", "allocations/op", "peak live bytes"],
                    [[h["op"].removesuffix("Heap"), h["workload"], f"{h['allocations']:,.1f}",
                      f"{h['peak_bytes']:,}"] for h in run["heap"]])
        print()
    header = ["operation", "workload", "min ns", "median ns"]
    if baseline:
        header += ["baseline ns", "ratio", "target"]
    rows = []
    for row in run["results"]:
        cells = [row["op"], row["workload"], fmt_ns(row["min_ns"]), fmt_ns(row["median_ns"])]
        if baseline:
            if "ratio" in row:
                verdict = ""
                if "target" in row:
                    verdict = f"<= {row['target']:.1f} " + ("ok" if row["meets_target"] else "OVER")
                cells += [fmt_ns(row["baseline_min_ns"]), f"{row['ratio']:.2f}", verdict]
            else:
                cells += ["-", "-", ""]
        rows.append(cells)
    print_table(header, rows)
    if baseline:
        compared = [r for r in run["results"] if "meets_target" in r]
        over = [r for r in compared if not r["meets_target"]]
        print(f"baseline: {source}")
        print(f"{len(compared) - len(over)} of {len(compared)} within target")
    for error in errors:
        print(f"error: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
