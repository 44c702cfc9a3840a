#!/usr/bin/env python3
"""Compiler findings out of `frameproof verify llvm-exec` output, grouped by signature and held
against the known-findings file (corpora/llvm_modules/known_findings.tsv).

A finding's signature is what stays the same when another program or seed meets the same bug:
  - llc crashed: "llc-crash: <the pass it was in, or the first frame of its backtrace>";
  - llc refused valid IR: "llc-error: <its first error line>";
  - a wrong record, code or result: "<tag> <site kind>" ("uncovered stackmap");
  - a build that crashed or hung where the truth ran: "run-failed <isa>";
  - a generated program's mismatch: "expectations: <its first problem, numbers left out>".

Run on saved output (for tests and reruns):
  llvm_findings.py LOG [--run-label LABEL] [--known FILE]
prints one line per group and exits 1 if a group is not known.
"""

import argparse
import dataclasses
import re
import sys

HEADING = re.compile(r"^(FAIL|UNSUPPORTED) (.+) \((x86_64|arm64), (.+?) \(LLVM ([0-9.?]+)\) (.*)\): "
                     r"(compiler-finding|unsupported)(?: \[([a-z-]+)\])?(?::.*)?$")
SITE_KIND = re.compile(r": (stackmap|patchpoint|anyreg|statepoint) ID ")
CRASH_FRAME = re.compile(r"^#\d+ 0x[0-9a-f]+ (llvm::\S+?)\(")
RUNNING_PASS = re.compile(r"Running pass '([^']+)'")
NOT_INTERESTING_FRAMES = ("llvm::sys::", "llvm::PrettyStackTrace")


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


def _normalize(text):
    text = re.sub(r"0x[0-9a-fA-F]+", "X", text)
    text = re.sub(r"@[\w.$-]+", "@F", text)
    text = re.sub(r"%[\w.$-]+", "%V", text)
    return re.sub(r"\d+", "N", text)


def _signature(tag, lines, isa):
    if tag == "llc-crash":
        for line in reversed(lines):  # the innermost pass is the last one named
            match = RUNNING_PASS.search(line)
            if match:
                return f"llc-crash: in {match.group(1)}"
        for line in lines:
            match = CRASH_FRAME.match(line.strip())
            if match and not match.group(1).startswith(NOT_INTERESTING_FRAMES):
                return f"llc-crash: {match.group(1)}"
        return "llc-crash"
    if tag == "llc-error":
        for line in lines:
            if "error:" in line or "LLVM ERROR" in line:
                return "llc-error: " + _normalize(line.split("error:", 1)[-1].strip())
        return "llc-error"
    if tag == "run-failed":
        return f"run-failed {isa}"
    if tag == "expectations" or tag is None:
        first = next((line for line in lines if line.strip()), "")
        return "expectations: " + _normalize(first.strip().split(": ", 1)[-1])[:120]
    kind = next((m.group(1) for m in map(SITE_KIND.search, lines) if m), "")
    return f"{tag} {kind}".strip()


def parse(text):
    """The findings in one run's output, in order."""
    findings = []
    current = None
    details = []

    def close():
        if current is not None:
            if not current.unsupported:
                current.signature = _signature(current.signature or None, details, current.isa)
            current.first_line = next((d.strip() for d in details if d.strip()), "")
            findings.append(current)

    for raw in text.splitlines():
        match = HEADING.match(raw)
        if match:
            close()
            details = []
            status, program, isa, llc, version, flags, verdict, tag = match.groups()
            current = Finding(tag or "", program, isa, llc, version, flags, "",
                              unsupported=verdict == "unsupported")
            if current.unsupported:
                current.signature = "unsupported"
            reproduce = raw.split(": reproduce: ", 1)
            if len(reproduce) == 2:
                current.reproduce = reproduce[1]
            continue
        if current is None:
            continue
        if raw.startswith("  reproduce: "):
            current.reproduce = raw[len("  reproduce: "):]
        elif raw.startswith("  program: ") or raw.startswith("  reduc"):
            continue
        elif raw.startswith("  "):
            details.append(raw[2:])
        else:
            close()
            current = None
    close()
    return findings


@dataclasses.dataclass
class Known:
    pattern: re.Pattern
    low: int
    high: int
    report: str


def load_known(path):
    """Lines: signature regex, LLVM versions (13-16 or 14), public report; '#' comments."""
    known = []
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 3:
                raise SystemExit(f"{path}:{number}: want 3 tab-separated fields, got {len(fields)}")
            low, _, high = fields[1].partition("-")
            known.append(Known(re.compile(fields[0]), int(low), int(high or low), fields[2]))
    return known


def match_known(finding, known):
    """The known entry for `finding`, or None when it is new."""
    try:
        major = int(finding.version.split(".")[0])
    except ValueError:
        major = -1
    for entry in known:
        if entry.pattern.search(finding.signature) and entry.low <= major <= entry.high:
            return entry
    return None


def group(findings):
    """signature -> findings with it, in first-seen order."""
    groups = {}
    for finding in findings:
        groups.setdefault(finding.signature, []).append(finding)
    return groups


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log")
    parser.add_argument("--known")
    args = parser.parse_args()
    with open(args.log, encoding="utf-8") as log:
        findings = parse(log.read())
    known = load_known(args.known) if args.known else []
    new = 0
    for signature, members in group(findings).items():
        entry = match_known(members[0], known)
        new += entry is None and signature != "unsupported"
        versions = sorted({m.version for m in members})
        print(f"{len(members)} x {signature} [{', '.join(versions)}] "
              f"{entry.report if entry else ('UNSUPPORTED' if signature == 'unsupported' else 'NEW')}")
    print(f"{len(findings)} findings, {new} new groups")
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main())
