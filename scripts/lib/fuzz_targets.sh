# shellcheck shell=bash
# fuzz_targets ROOT [ISA]: the fuzz targets of ROOT/fuzzers/targets.txt that a build for ISA
# (x86_64 or arm64; default: this host's) has, space-separated. exec_<isa> targets run their
# ISA's code, so only the matching one is built (see fuzzers/CMakeLists.txt); with
# FRAMEPROOF_WITH_MOAR=OFF in the environment, the moar_* targets are left out too; llvm_exec
# runs llc and the host's code, so only a build for this host's ISA has it, and with
# FRAMEPROOF_FUZZ_PORTABLE=1 (ClusterFuzzLite, whose runners have no LLVM toolchain) none.
fuzz_targets() {
  local root=$1 isa=${2:-} target host
  local targets=()
  case $(uname -m) in aarch64 | arm64) host=arm64 ;; *) host=x86_64 ;; esac
  [[ -z $isa ]] && isa=$host
  for target in $(awk '/^[a-z]/ { print $1 }' "$root/fuzzers/targets.txt"); do
    [[ $target == exec_* && $target != "exec_$isa" ]] && continue
    [[ $target == moar_* && ${FRAMEPROOF_WITH_MOAR:-ON} == OFF ]] && continue
    [[ $target == llvm_exec && ($isa != "$host" || ${FRAMEPROOF_FUZZ_PORTABLE:-0} == 1) ]] && continue
    targets+=("$target")
  done
  echo "${targets[*]}"
}

# fuzz_option ROOT TARGET NAME: one libFuzzer option of ROOT/fuzzers/TARGET.options (max_len...).
fuzz_option() { sed -n "s/^$3 *= *//p" "$1/fuzzers/$2.options" 2>/dev/null; }

# libfuzzer_flags ROOT TARGET: the flags a libFuzzer run of TARGET takes, one a line: its
# max_len, timeout and rss_limit_mb, and its dictionary where it has one.
libfuzzer_flags() {
  local root=$1 t=$2
  printf '%s\n' -max_len="$(fuzz_option "$root" "$t" max_len)" \
    -timeout="$(fuzz_option "$root" "$t" timeout)" \
    -rss_limit_mb="$(fuzz_option "$root" "$t" rss_limit_mb)"
  [[ -f $root/fuzzers/$t.dict ]] && printf '%s\n' -dict="$root/fuzzers/$t.dict"
  return 0
}

# libfuzzer_runs LOG: "RUNS SECONDS" of a finished libFuzzer run (-print_final_stats=1), or
# "0 0" when LOG has no final stats.
libfuzzer_runs() {
  local runs secs
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$1" | tail -n 1)
  secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$1" | tail -n 1)
  echo "${runs:-0} ${secs:-0}"
}
