#!/usr/bin/env bash
# The llvm_exec target's judge builds its toolchain in <temp>/frameproof-llvm-exec-judge-<pid>.
# A replay that passes must leave no directory behind; a replay that aborts on a finding must
# keep the program its report names. Each replay runs with TMPDIR set to a fresh directory.
#
#   fuzzers/llvm_exec_work_dir_test.sh REPLAY PLANTED_REPLAY CORPUS
set -euo pipefail

[[ $# -eq 3 ]] || { sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
replay=$1 planted=$2 corpus=$3
fail() { printf 'llvm_exec_work_dir: FAIL: %s\n' "$*" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

mkdir "$scratch/healthy"
TMPDIR=$scratch/healthy "$replay" "$corpus" >"$scratch/healthy.log" 2>&1 ||
  { cat "$scratch/healthy.log" >&2; fail "the healthy replay failed: $replay $corpus"; }
left=$(find "$scratch/healthy" -mindepth 1 -maxdepth 1)
[[ -z $left ]] || fail "a passing replay left its work directory behind: $left"
echo "llvm_exec_work_dir: a passing replay leaves nothing in TMPDIR"

mkdir "$scratch/finding"
status=0
TMPDIR=$scratch/finding FRAMEPROOF_PLANTED_BUG=llvm-dwarf-register-off-by-one \
  "$planted" "$corpus" >"$scratch/finding.log" 2>&1 || status=$?
[[ $status -ne 0 ]] || fail "the planted replay did not abort on its finding"
program=$(sed -n 's/^  program: //p' "$scratch/finding.log" | head -n 1)
[[ -n $program ]] || { cat "$scratch/finding.log" >&2; fail "the finding's report names no program"; }
[[ $program == "$scratch/finding/"* ]] || fail "the finding's program '$program' is not under TMPDIR"
[[ -f $program ]] || fail "the finding's program '$program' is gone"
echo "llvm_exec_work_dir: an abort on a finding keeps its program ($(basename "$program"))"
