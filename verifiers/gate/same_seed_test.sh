#!/usr/bin/env bash
# The gate's determinism contract: two runs with one seed and budget give the same verdict and
# the same case lists. Runs a quick subset of the steps twice and compares cases.txt: the seeded
# ones, and of the conformance steps, which run whole vector files whatever the seed, the quickest.
#
#   same_seed_test.sh FRAMEPROOF REPO BUILD_PREFIX WORK_DIR SHARED
set -euo pipefail
frameproof=$1 repo=$2 prefix=$3 work=$4 shared=$5
steps='conformance/art-dedup/x86_64,snapshots/x86_64,replay/*/x86_64,exec/x86_64/*'
rm -rf "$work"
mkdir -p "$work"
for run in 1 2; do
  "$frameproof" gate --repo "$repo" --shared "$shared" --build-prefix "$prefix" \
    --report "$work/$run" \
    --arch x86_64 --only "$steps" --seed 1234 --budget 10s >"$work/$run.out" 2>&1 || {
    echo "run $run did not pass:"; tail -n 30 "$work/$run.out"; exit 1; }
done
if ! diff -u "$work/1/cases.txt" "$work/2/cases.txt" >"$work/cases.diff"; then
  echo "the case lists differ:"; head -n 40 "$work/cases.diff"; exit 1
fi
echo "two runs with seed 1234: the same $(wc -l <"$work/1/cases.txt") cases, both PASS"
