#!/usr/bin/env bash
# afl_smoke.sh BINARY SEEDS WORKDIR: five seconds of afl-fuzz on BINARY (an *_afl build) from the
# SEEDS directory, seeded 1. Prints "afl-fuzz: N runs, M crashes" and passes if AFL++ ran inputs
# and saved no crash; otherwise shows the end of AFL++'s log.
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: afl_smoke.sh BINARY SEEDS WORKDIR" >&2; exit 2; }
bin=$1 seeds=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
# A plain log, no CPU pinning, no cpufreq or core_pattern demands: CI machines share their cores.
if ! AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
     AFL_FAST_CAL=1 afl-fuzz -i "$seeds" -o "$work/out" -s 1 -V 5 -t 2000+ -- "$bin" \
     >"$work/afl.log" 2>&1; then
  echo "afl-fuzz failed; the end of $work/afl.log:"
  tail -n 20 "$work/afl.log" | sed 's/\x1b\[[0-9;]*m//g'
  exit 1
fi
stat() { awk -F: -v key="$1" '$1 ~ "^" key " *$" { gsub(/ /, "", $2); print $2 }' "$work/out/default/fuzzer_stats"; }
echo "afl-fuzz: $(stat execs_done) runs, $(stat saved_crashes) crashes"
