#!/usr/bin/env python3
"""Compiler findings out of `frameproof verify llvm-exec` output, grouped by signature.

frameproof names each finding's signature (verifiers/llvm/exec/llvm_findings.h: what stays the
same when another program or seed meets the same bug) and, given --known, whether the
known-findings file (corpora/llvm_modules/known_findings.tsv) holds it, with its public report:
  FAIL <program> (<isa>, <llc> (LLVM <version>) <flags>): compiler-finding [<signature>]
  KNOWN <program> (...): known-finding [<signature>]: reproduce: <command>
    report: <the public report>
  UNSUPPORTED <program> (...): unsupported
This only reads and groups those lines.

Run on saved output (for tests and reruns):
  llvm_findings.py LOG
prints one line per group and exits 1 if a group is new (not known).
"""

import argparse
import dataclasses
import re
import sys

HEADING = re.compile(r"^(FAIL|UNSUPPORTED|KNOWN) (.+) \((x86_64|arm64), (.+?) \(LLVM ([0-9.?]+)\) (.*)\): "
                     r"(compiler-finding|unsupported|known-finding)(?: \[(.+)\])?(?:: reproduce: (.*))?$")


@dataclasses.dataclass
class Finding:
    signature: str
    program: str
    isa: str
    llc: str
    version: str
    flags: str
    first_line: str
    reproduce: str = ""
    unsupported: bool = False
    report: str = ""  # a known finding's public report; empty: new


def parse(text):
    """The findings in one run's output, in order."""
    findings = []
    current = None
    details = []

    def close():
        if current is not None:
            current.first_line = next((d.strip() for d in details if d.strip()), "")
            findings.append(current)

    for raw in text.splitlines():
        match = HEADING.match(raw)
        if match:
            close()
            details = []
            status, program, isa, llc, version, flags, verdict, signature, reproduce = match.groups()
            unsupported = verdict == "unsupported"
            current = Finding(signature or ("unsupported" if unsupported else verdict), program, isa,
                              llc, version, flags, "", reproduce or "", unsupported)
            continue
        if current is None:
            continue
        if raw.startswith("  reproduce: "):
            current.reproduce = raw[len("  reproduce: "):]
        elif raw.startswith("  report: "):
            current.report = raw[len("  report: "):]
        elif raw.startswith("  program: ") or raw.startswith("  reduc"):
            continue
        elif raw.startswith("  "):
            details.append(raw[2:])
        else:
            close()
            current = None
    close()
    return findings


def group(findings):
    """signature -> findings with it, in first-seen order."""
    groups = {}
    for finding in findings:
        groups.setdefault(finding.signature, []).append(finding)
    return groups


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log")
    args = parser.parse_args()
    with open(args.log, encoding="utf-8") as log:
        findings = parse(log.read())
    new = 0
    for signature, members in group(findings).items():
        report = "" if any(not m.report for m in members) else members[0].report
        new += not report and signature != "unsupported"
        versions = sorted({m.version for m in members})
        print(f"{len(members)} x {signature} [{', '.join(versions)}] "
              f"{report or ('UNSUPPORTED' if signature == 'unsupported' else 'NEW')}")
    print(f"{len(findings)} findings, {new} new groups")
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main())
