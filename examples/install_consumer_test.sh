#!/usr/bin/env bash
# Installs the codec as an embedder would and builds examples/decode_code_info against it, twice:
#
#   1. configures this tree with -DFRAMEPROOF_CORE_ONLY=ON, GoogleTest, Google Benchmark and
#      nlohmann_json made unfindable (so only Abseil can satisfy it), builds it and installs it
#      into a fresh prefix; checks the install tree (public headers, internal/ ones, nothing else
#      of the tree's) and that every installed header compiles on its own against it;
#   2. builds the example with CMake (find_package(frameproof 0.1 CONFIG)) and with a plain
#      compiler line through pkg-config;
#   3. runs both on every vector of the conformance file and checks that each prints the stack
#      maps exactly as `frameproof dump` prints them.
#
#   examples/install_consumer_test.sh --frameproof PATH --vectors codeinfo_vectors.jsonl
#                                     [--work DIR] [--python PYTHON] [--jobs N]
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
frameproof="" vectors="" work="" python=python3 jobs=2
die() { printf 'install_consumer: FAIL: %s\n' "$*" >&2; exit 1; }
stage() { printf 'install_consumer: %s\n' "$*"; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --frameproof) frameproof=$2; shift 2 ;;
    --vectors) vectors=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --python) python=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done
[[ -x $frameproof ]] || die "--frameproof: '$frameproof' is not an executable"
[[ -f $vectors ]] || die "--vectors: '$vectors' does not exist"
[[ -n $work ]] || work=$(mktemp -d)
build=$work/core-build prefix=$work/prefix example=$work/example cases=$work/cases
# The build tree is kept between runs (incremental); everything installed or built from the
# install is made anew.
rm -rf "$prefix" "$example" "$cases"
mkdir -p "$build" "$example" "$cases"

stage "configure: core only, into $prefix"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=ON \
  -DFRAMEPROOF_CORE_ONLY=ON -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON >"$work/configure.log" 2>&1 ||
  { tail -n 30 "$work/configure.log" >&2; die "configuring the core-only build failed"; }
# The harness's other dependencies are found by path: a core-only configure never looks.
if grep -E '^(ASMJIT|CAPSTONE)_' "$build/CMakeCache.txt"; then
  die "the core-only configure looked for the harness's dependencies (above)"
fi
stage "build and install"
cmake --build "$build" -j "$jobs" >"$work/build.log" 2>&1 ||
  { tail -n 30 "$work/build.log" >&2; die "building the core-only tree failed"; }
cmake --install "$build" >"$work/install.log" 2>&1 ||
  { tail -n 30 "$work/install.log" >&2; die "cmake --install failed"; }

# The install tree: libraries, the package config and frameproof.pc, and headers rooted at
# include/frameproof. Only the sources' own headers are there: no test support, no planted bugs.
include=$prefix/include/frameproof
libdir=$(dirname "$(find "$prefix" -name frameproof.pc -path '*/pkgconfig/*')")/..
[[ -f $include/core/art/untrusted_code_info.h ]] || die "no core/art/untrusted_code_info.h in $include"
[[ -f $include/core/base/version.h ]] || die "the generated core/base/version.h is not installed"
for forbidden in test_support status_testing planted_bug prng _test.h; do
  if find "$include" -name "*$forbidden*" | grep .; then
    die "the install tree holds headers that are not the codec's API (above)"
  fi
done
for lib in base bits bit_table art ark llvm; do
  [[ -f $libdir/libframeproof_$lib.a ]] || die "libframeproof_$lib.a is not installed"
done
[[ -f $libdir/cmake/frameproof/frameproof-config-version.cmake ]] || die "no package version file"
# Every exported target links only frameproof's own libraries and Abseil.
if grep -o 'INTERFACE_LINK_LIBRARIES "[^"]*"' "$libdir/cmake/frameproof/frameproof-targets.cmake" |
   tr ';"' '\n\n' | grep -vE '^(INTERFACE_LINK_LIBRARIES |frameproof::[a-z_]+|absl::[a-z_]+|)$'; then
  die "an exported target links something besides frameproof and Abseil (above)"
fi
headers=$(cd "$include" && find core -name '*.h' | sort)
stage "install tree: $(wc -w <<<"$headers") headers ($(grep -c /internal/ <<<"$headers") internal), $(find "$libdir" -maxdepth 1 -name 'libframeproof_*.a' | wc -l) libraries"
# A public header that includes one the install left out fails here, not in a user's build.
printf '%s\n' $headers | xargs -P "$jobs" -I{} sh -c \
  'printf "#include \"%s\"\n" "$1" | c++ -std=c++20 -fsyntax-only -I"$2" -x c++ - ||
   { echo "install_consumer: FAIL: $1 does not compile on its own against the install" >&2; exit 255; }' \
  _ {} "$include" || die "an installed header does not compile on its own"
stage "every installed header compiles on its own"

stage "build the example with find_package"
cmake -S "$root/examples/decode_code_info" -B "$example/cmake" -G Ninja \
  -DCMAKE_PREFIX_PATH="$prefix" >"$work/example-configure.log" 2>&1 ||
  { tail -n 30 "$work/example-configure.log" >&2; die "configuring the example failed"; }
cmake --build "$example/cmake" >"$work/example-build.log" 2>&1 ||
  { tail -n 30 "$work/example-build.log" >&2; die "building the example failed"; }
stage "build the example with pkg-config"
pc_flags=$(PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --cflags --libs frameproof) ||
  die "pkg-config cannot resolve frameproof.pc"
[[ $(PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --modversion frameproof) == \
   $("$frameproof" --version | awk '{print $2}') ]] || die "frameproof.pc's version is not frameproof's"
# shellcheck disable=SC2086  # the flags are words
c++ -std=c++20 -O1 "$root/examples/decode_code_info/decode_code_info.cc" $pc_flags \
  -o "$example/decode_code_info_pkg_config" || die "the pkg-config build of the example failed"

# Every vector's bytes, and the ISA its pcs are for.
"$python" - "$vectors" "$cases" <<'EOF'
import json, sys
for index, line in enumerate(open(sys.argv[1])):
    vector = json.loads(line)
    with open(f"{sys.argv[2]}/{index:04d}.{vector['isa']}.bin", "wb") as out:
        out.write(bytes.fromhex(vector["encoded"]))
EOF
count=0
for bin in "$cases"/*.bin; do
  isa=${bin%.bin}; isa=${isa##*.}
  # What frameproof dump prints from the first stack map on (the tables come before them).
  "$frameproof" dump "$bin" --isa "$isa" >"$bin.dump" || die "frameproof dump failed on $bin"
  sed -n '/^  StackMap\[/,$p' "$bin.dump" >"$bin.want"
  for variant in "$example/cmake/decode_code_info" "$example/decode_code_info_pkg_config"; do
    "$variant" "$bin" --isa "$isa" >"$bin.got" || die "$variant failed on $bin"
    tail -n +2 "$bin.got" >"$bin.got.maps"
    diff -u "$bin.want" "$bin.got.maps" >&2 ||
      die "$(basename "$variant") prints other stack maps than frameproof dump for $bin (above); rerun: $variant $bin --isa $isa"
  done
  count=$((count + 1))
done
[[ $count -gt 0 ]] || die "no vectors in $vectors"
stage "$count vectors, both builds print what frameproof dump prints"
