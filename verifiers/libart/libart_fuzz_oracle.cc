#include "verifiers/libart/libart_fuzz_oracle.h"

#include <iostream>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/art/code_info.h"
#include "core/art/code_info_relay.h"
#include "verifiers/codec/codec_oracles.h"
#include "verifiers/codec/method_view.h"
#include "verifiers/generators/call_log_generator.h"
#include "verifiers/libart/libart_differential.h"

namespace frameproof {
namespace {

constexpr ArtFormat kAndroid11Format = ArtFormat::kAndroid11;
// The ISA hostile bytes are read at, as CheckCodeInfoDecode reads them.
constexpr InstructionSet kBytesIsa = InstructionSet::kArm64;

// The oracle, started at the first input; null where libart cannot load.
LibartOracle* StartedLibart() {
  static LibartOracle* const oracle = []() -> LibartOracle* {
    absl::StatusOr<std::unique_ptr<LibartOracle>> started =
        LibartOracle::Start(LibartOracle::DefaultPath());
    if (!started.ok()) {
      std::cerr << "code_info_android11: " << started.status().message()
                << "; checking frameproof's android11 decoders alone\n";
      return nullptr;
    }
    return started->release();
  }();
  return oracle;
}

// Without libart: the call log against frameproof's own decode of the android11 bytes.
OracleResult CheckMethodAlone(const MethodCallLog& log) {
  std::vector<uint8_t> bytes;
  if (OracleResult refused = EncodeLog(log, kAndroid11Format, VerifyMode::kOn, bytes)) {
    return refused;
  }
  const absl::StatusOr<CodeInfo> info =
      CodeInfo::Decode(bytes, 0, CodeInfo::Subset::kAll, kAndroid11Format);
  if (!info.ok()) {
    return Mismatch{MismatchClass::kStreamRejectedValidLog,
                    absl::StrCat("android11 bytes do not decode: ", info.status().message())};
  }
  if (auto d = FirstViewDifference(ViewFromLog(log, kAndroid11Format),
                                   ViewFromCodeInfo(*info, log.isa))) {
    return Mismatch{MismatchClass::kProductionDiffersFromLog, *d};
  }
  return std::nullopt;
}

}  // namespace

OracleResult CheckAndroid11AgainstLibart(absl::Span<const uint8_t> data) {
  if (data.empty()) return std::nullopt;
  enum Mode { kBytes, kGenerated, kRelaid, kModes };
  const auto mode = static_cast<Mode>(data[0] % kModes);
  const absl::Span<const uint8_t> rest = data.subspan(1);
  LibartOracle* const libart = StartedLibart();
  if (mode == kGenerated) {
    ByteSource source(rest);
    const MethodCallLog log = AsAndroid11Log(GenerateCallLog(source));
    return libart != nullptr ? CheckMethodAgainstLibart(*libart, log) : CheckMethodAlone(log);
  }
  if (mode == kRelaid) {
    ByteSource source(rest);
    const MethodCallLog log = AsAndroid11Log(GenerateCallLog(source), RepeatedCatchDexPc::kKept);
    if (libart != nullptr) return CheckLogRelaidAgainstLibart(*libart, log);
    std::vector<uint8_t> current;
    if (OracleResult refused = EncodeLog(log, ArtFormat::kCurrent, VerifyMode::kOff, current)) {
      return refused;
    }
    const absl::StatusOr<std::vector<uint8_t>> relaid =
        RelayCodeInfo(current, ArtFormat::kCurrent, kAndroid11Format);
    if (!relaid.ok()) {
      return Mismatch{MismatchClass::kDecodersDisagree,
                      absl::StrCat("cannot lay out for android11: ", relaid.status().message())};
    }
    return CheckCodeInfoDecodeInFormat(*relaid, kAndroid11Format);
  }
  if (OracleResult result = CheckCodeInfoDecodeInFormat(rest, kAndroid11Format)) return result;
  // Only bytes frameproof accepts go to libart: it has no error path for the others.
  if (libart == nullptr ||
      !CodeInfo::Decode(rest, 0, CodeInfo::Subset::kAll, kAndroid11Format).ok()) {
    return std::nullopt;
  }
  return CheckBytesAgainstLibart(*libart, rest, kBytesIsa);
}

}  // namespace frameproof
