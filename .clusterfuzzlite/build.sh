#!/bin/bash -eu
# The OSS-Fuzz / ClusterFuzzLite build contract: builds every target in fuzzers/ with $CC, $CXX,
# $CFLAGS, $CXXFLAGS and $LIB_FUZZING_ENGINE, and puts into $OUT, for each target T:
#   T                  the fuzzer
#   T_seed_corpus.zip  corpora/T and corpora/regressions/T
#   T.dict, T.options  from fuzzers/, where they exist
# $SRC is where the Dockerfile copied the tree; $WORK holds the build directory.
# .clusterfuzzlite/build_test.sh runs this script on the local machine with libFuzzer.

src=${FRAMEPROOF_SRC:-$SRC/frameproof}
# core/moar needs MoarVM 2022.12's oplist data; the Dockerfile unpacks Debian's. A builder without
# it sets FRAMEPROOF_WITH_MOAR=OFF, which leaves out core/moar and the moar_* targets.
export FRAMEPROOF_WITH_MOAR=${FRAMEPROOF_WITH_MOAR:-ON}
build=$WORK/frameproof-build
# shellcheck source=scripts/lib/fuzz_targets.sh
source "$src/scripts/lib/fuzz_targets.sh"
export FRAMEPROOF_FUZZ_PORTABLE=1  # the runners have no llc for llvm_exec
targets=$(fuzz_targets "$src" x86_64)

# Build type None (Debian's convention) adds no flags of its own: the engine's $CXXFLAGS pick the
# optimization level. Release appended -O3 after them, which overrode OSS-Fuzz's -O1.
# Unity batches compile the libraries in about half the CPU time, as scripts/test's builds do;
# FRAMEPROOF_UNITY_BUILD=OFF compiles each source on its own (a compile error names its file).
cmake -S "$src" -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_UNITY_BUILD="${FRAMEPROOF_UNITY_BUILD:-ON}" \
  -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DFRAMEPROOF_BUILD_TESTS=OFF \
  -DFRAMEPROOF_BUILD_BENCHMARKS=OFF \
  -DFRAMEPROOF_WITH_MOAR=$FRAMEPROOF_WITH_MOAR \
  -DFRAMEPROOF_FUZZ_ENGINE=external \
  -DFRAMEPROOF_LIB_FUZZING_ENGINE="$LIB_FUZZING_ENGINE"
# shellcheck disable=SC2046
cmake --build "$build" -j"$(nproc)" --target $(printf '%s_fuzzer ' $targets)

for t in $targets; do
  cp "$build/fuzzers/${t}_fuzzer" "$OUT/$t"
  rm -f "$OUT/${t}_seed_corpus.zip"
  # A target that has never crashed has no regressions folder.
  dirs=("$t")
  [[ -d $src/corpora/regressions/$t ]] && dirs+=("regressions/$t")
  (cd "$src/corpora" && find "${dirs[@]}" -type f ! -name '.*' -print |
     zip -q "$OUT/${t}_seed_corpus.zip" -@)
  [[ -f $src/fuzzers/$t.dict ]] && cp "$src/fuzzers/$t.dict" "$OUT/"
  [[ -f $src/fuzzers/$t.options ]] && cp "$src/fuzzers/$t.options" "$OUT/"
done
echo "build.sh: built $(echo $targets | wc -w) targets into $OUT"
