// Debian's Android 11 libart.so reads what frameproof writes in that format, and answers every
// query as frameproof's decoder does. Needs android-libart (scripts/setup); x86_64 only.

#include "verifiers/libart/libart_differential.h"

#include <cstdint>
#include <memory>
#include <vector>

#include "gtest/gtest.h"
#include "verifiers/generators/call_log_generator.h"
#include "verifiers/generators/compiler_like_method.h"
#include "verifiers/libart/libart_abi.h"

namespace frameproof {
namespace {

// The oracle, started once for the whole test program.
LibartOracle* Oracle() {
  static LibartOracle* const oracle = [] {
    absl::StatusOr<std::unique_ptr<LibartOracle>> started =
        LibartOracle::Start(LibartOracle::DefaultPath());
    if (!started.ok()) {
      ADD_FAILURE() << started.status().message();
      return static_cast<LibartOracle*>(nullptr);
    }
    return started->release();
  }();
  return oracle;
}

#define REQUIRE_LIBART()                                                \
  do {                                                                  \
    if (!libart::kLayoutsDeclared)                                      \
      GTEST_SKIP() << "libart.so of Debian's android-libart is x86_64"; \
    ASSERT_NE(Oracle(), nullptr);                                       \
  } while (0)

MethodCallLog Generated(uint32_t seed) {
  const std::vector<uint8_t> bytes = {static_cast<uint8_t>(seed), static_cast<uint8_t>(seed >> 8),
                                      static_cast<uint8_t>(seed >> 16), 0x5a};
  ByteSource source(bytes, ByteSource::Sizes::kAny);
  return AsAndroid11Log(GenerateCallLog(source));
}

TEST(LibartDifferentialTest, GeneratedMethodsReadTheSameInLibart) {
  REQUIRE_LIBART();
  for (uint32_t seed = 0; seed < 300; ++seed) {
    const OracleResult result = CheckMethodAgainstLibart(*Oracle(), Generated(seed));
    ASSERT_FALSE(result.has_value()) << "seed " << seed << ": " << FormatMismatch(*result);
  }
}

TEST(LibartDifferentialTest, CompilerSizedMethodsReadTheSameInLibart) {
  REQUIRE_LIBART();
  for (const MethodShape shape :
       {MethodShape{10, 16, 0}, MethodShape{100, 64, 3}, MethodShape{1000, 256, 3}}) {
    const MethodCallLog log = AsAndroid11Log(GenerateCompilerLikeMethod(shape, 1));
    const OracleResult result = CheckMethodAgainstLibart(*Oracle(), log);
    ASSERT_FALSE(result.has_value()) << shape.stack_maps << "x" << shape.dex_registers << "x"
                                     << shape.max_inline_depth << ": " << FormatMismatch(*result);
  }
}

TEST(LibartDifferentialTest, DeduperWritesLibartsBytes) {
  REQUIRE_LIBART();
  for (uint32_t batch = 0; batch < 20; ++batch) {
    std::vector<MethodCallLog> logs;
    for (uint32_t i = 0; i < 8; ++i) {
      // Repeats within a batch give the deduper something to share.
      logs.push_back(Generated(1000 + batch * 4 + i % 4));
    }
    const OracleResult result = CheckDedupeAgainstLibart(*Oracle(), logs);
    ASSERT_FALSE(result.has_value()) << "batch " << batch << ": " << FormatMismatch(*result);
  }
}

}  // namespace
}  // namespace frameproof
