#!/usr/bin/env bash
# Runs build.sh on this machine as ClusterFuzzLite would for libFuzzer + ASan, then checks what it
# produced: every target in fuzzers/ is in $OUT, runs over its own seed corpus zip, and has its
# options (and dictionary, where fuzzers/ has one) beside it.
#
#   .clusterfuzzlite/build_test.sh [WORKDIR]   (default: a fresh temporary directory)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=${1:-$(mktemp -d)}
mkdir -p "$scratch/out" "$scratch/work"
export SRC=$scratch/src OUT=$scratch/out WORK=$scratch/work FRAMEPROOF_SRC=$root
export CC=clang CXX=clang++
# ClusterFuzzLite compiles at -O1; this check compiles at -O0, which halves clang's time (the
# largest unity batch: 39 s at -O1, 17 s at -O0) and leaves the contract it checks as it is:
# the engine's flags, not the script's, choose the level (checked below), and the fuzzers run.
opt_level=-O0
export CFLAGS="$opt_level -fno-omit-frame-pointer -gline-tables-only -fsanitize=address,undefined -fsanitize=fuzzer-no-link"
export CXXFLAGS="$CFLAGS"
export LIB_FUZZING_ENGINE=-fsanitize=fuzzer

fail() { printf 'build_test: FAIL: %s\n' "$*" >&2; exit 1; }
# fail, with the end of fuzzer log $1 first: ctest keeps this script's output, not the log.
fail_with_log() {
  local log=$1
  shift
  tail -n 25 "$log" | sed 's/^/  | /' >&2
  fail "$@"
}
"$root/.clusterfuzzlite/build.sh"

# Every compile line carries the engine's optimization level and no other: a build type of the
# script's own once appended -O3 after OSS-Fuzz's -O1.
other_levels=$(ninja -C "$WORK/frameproof-build" -t commands |
  awk -v want="$opt_level" '/ -c / { n = 0; for (i = 1; i <= NF; i++) if ($i ~ /^-O/) { n++; if ($i != want) n = 99 } if (n != 1) print }')
[[ -z $other_levels ]] ||
  fail "compile lines set an optimization level besides \$CXXFLAGS's $opt_level: $(head -n 1 <<<"$other_levels")"

# shellcheck source=scripts/lib/fuzz_targets.sh
source "$root/scripts/lib/fuzz_targets.sh"
targets=$(FRAMEPROOF_FUZZ_PORTABLE=1 fuzz_targets "$root" x86_64)
for t in $targets; do
  [[ -x $OUT/$t ]] || fail "$OUT/$t is missing or not executable"
  [[ -f $OUT/$t.options ]] || fail "$OUT/$t.options is missing"
  if [[ -f $root/fuzzers/$t.dict ]]; then [[ -f $OUT/$t.dict ]] || fail "$OUT/$t.dict is missing"; fi
  zip=$OUT/${t}_seed_corpus.zip
  [[ -f $zip ]] || fail "$zip is missing"
  dirs=("$root/corpora/$t")
  [[ -d $root/corpora/regressions/$t ]] && dirs+=("$root/corpora/regressions/$t")
  want=$(find "${dirs[@]}" -type f ! -name '.*' | wc -l)
  got=$(unzip -Z1 "$zip" | grep -vc '/$' || true)
  [[ $got -eq $want ]] || fail "$zip holds $got files; corpora/ has $want"
  seeds=$scratch/seeds/$t
  rm -rf "$seeds" && mkdir -p "$seeds" && unzip -q -j -o "$zip" -d "$seeds"
  # The fuzzer itself: its seeds replay clean, then it fuzzes a little from them.
  "$OUT/$t" -runs=200 -seed=1 "$seeds" >"$scratch/$t.log" 2>&1 ||
    fail_with_log "$scratch/$t.log" "$t failed on its seed corpus; see $scratch/$t.log"
  grep -q 'Done 200 runs' "$scratch/$t.log" ||
    fail_with_log "$scratch/$t.log" "$t did not finish its runs; see $scratch/$t.log"
  printf 'build_test: %-18s ok (%d seeds)\n' "$t" "$got"
done
echo "build_test: every target built into \$OUT and fuzzed from its seed corpus"
