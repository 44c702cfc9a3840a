# shellcheck shell=bash
# fuzz_targets ROOT [ISA]: the fuzz targets of ROOT/fuzzers/targets.txt that a build for ISA
# (x86_64 or arm64; default: this host's) has, space-separated. exec_<isa> targets run their
# ISA's code, so only the matching one is built (see fuzzers/CMakeLists.txt); with
# FRAMEPROOF_WITH_MOAR=OFF in the environment, the moar_* targets are left out too.
fuzz_targets() {
  local root=$1 isa=${2:-} target
  local targets=()
  if [[ -z $isa ]]; then
    case $(uname -m) in aarch64 | arm64) isa=arm64 ;; *) isa=x86_64 ;; esac
  fi
  for target in $(awk '/^[a-z]/ { print $1 }' "$root/fuzzers/targets.txt"); do
    [[ $target == exec_* && $target != "exec_$isa" ]] && continue
    [[ $target == moar_* && ${FRAMEPROOF_WITH_MOAR:-ON} == OFF ]] && continue
    targets+=("$target")
  done
  echo "${targets[*]}"
}
