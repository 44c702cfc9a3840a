#!/usr/bin/env bash
# compare_with_moar_dump.sh UNIT FRAMEPROOF [EMULATOR...]: `frameproof moar-dump UNIT` must print
# exactly what `moar --dump UNIT` (MoarVM 2022.12) prints, and `frameproof moar-validate
# --write-back UNIT` must write the unit back byte for byte.
set -euo pipefail
unit=$1
shift
expected=$(mktemp) actual=$(mktemp)
trap 'rm -f "$expected" "$actual"' EXIT
moar --dump "$unit" >"$expected" || { echo "moar --dump failed on $unit"; exit 1; }
"$@" moar-dump "$unit" >"$actual" || { echo "frameproof rejected $unit"; exit 1; }
if ! cmp -s "$expected" "$actual"; then
  diff "$expected" "$actual" | head -n 20 >&2 || true
  echo "differs from moar --dump: $unit"
  exit 1
fi
"$@" moar-validate --write-back "$unit" >/dev/null || { echo "does not write back: $unit"; exit 1; }
echo "matches moar --dump and writes back: $unit"
