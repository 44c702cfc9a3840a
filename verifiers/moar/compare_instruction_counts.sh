#!/usr/bin/env bash
# compare_instruction_counts.sh UNIT FRAMEPROOF [EMULATOR...]: decodes every frame of the MoarVM
# bytecode file UNIT with `frameproof moar-validate --json` and checks each frame's instruction
# count against `moar --dump UNIT` (MoarVM 2022.12, an outside decoder of the same bytes).
set -euo pipefail
unit=$1
shift
ours=$("$@" moar-validate --json "$unit") || { echo "frameproof rejected $unit"; printf '%s\n' "$ours"; exit 1; }
theirs=$(moar --dump "$unit") || { echo "moar --dump failed on $unit"; exit 1; }
python3 - "$unit" <(printf '%s\n' "$ours") <(printf '%s\n' "$theirs") <<'PY'
import json, re, sys
unit, ours_path, theirs_path = sys.argv[1:]
ours = [frame["instructions"] for frame in json.load(open(ours_path))["frames"]]
theirs, frame = [], None
for line in open(theirs_path, encoding="utf-8", errors="replace"):
    header = re.match(r"  Frame_(\d+) :$", line)
    if header:
        theirs.append(0)
        continue
    instruction = re.match(r"(\d{5})      \S", line)
    if instruction and theirs:
        theirs[-1] = max(theirs[-1], int(instruction.group(1)) + 1)
if len(ours) != len(theirs):
    sys.exit("differs from moar --dump: %d frames, moar --dump has %d" % (len(ours), len(theirs)))
for i, (a, b) in enumerate(zip(ours, theirs)):
    if a != b:
        sys.exit("differs from moar --dump: frame %d has %d instructions, moar --dump %d" % (i, a, b))
print("matches moar --dump: %d frames, %d instructions in %s" % (len(ours), sum(ours), unit))
PY
