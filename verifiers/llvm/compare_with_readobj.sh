#!/usr/bin/env bash
# compare_with_readobj.sh OBJECT EXPECTED FRAMEPROOF [EMULATOR...]: runs `frameproof
# llvm-stackmaps OBJECT` and diffs it with EXPECTED, the text `llvm-readobj --stackmap OBJECT`
# printed from "LLVM StackMap Version:" on (stored beside the object in corpora/llvm/).
set -euo pipefail
object=$1 expected=$2
shift 2
actual=$("$@" llvm-stackmaps "$object") || { echo "frameproof rejected $object"; exit 1; }
if diff -u "$expected" <(printf '%s\n' "$actual") >&2; then
  echo "matches llvm-readobj: $object"
else
  echo "differs from llvm-readobj: $object"
  exit 1
fi
