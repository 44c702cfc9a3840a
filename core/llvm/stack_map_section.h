#ifndef FRAMEPROOF_CORE_LLVM_STACK_MAP_SECTION_H_
#define FRAMEPROOF_CORE_LLVM_STACK_MAP_SECTION_H_

// LLVM's .llvm_stackmaps section, version 3 (llvm/docs/StackMaps.rst): a header, per-function
// stack sizes, a constant pool, and one record per stackmap/patchpoint/statepoint with its
// locations and live-outs. The parser validates every count, index and size against the section
// (LLVM's own parser trusts them), so any bytes give a value or an error naming the byte offset.

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/base/internal/byte_reader.h"

namespace frameproof {

inline constexpr uint8_t kLlvmStackMapVersion = 3;

enum class LlvmLocationKind : uint8_t {
  kRegister = 1,       // the value is in DWARF register `dwarf_register`
  kDirect = 2,         // the value is the address dwarf_register + offset (e.g. an alloca)
  kIndirect = 3,       // the value is in memory at [dwarf_register + offset] (a spill slot)
  kConstant = 4,       // the value is `offset_or_small_constant`
  kConstantIndex = 5,  // the value is constants[offset_or_small_constant]
};

// "Register", "Direct", ... as llvm-readobj prints them.
absl::string_view LlvmLocationKindName(LlvmLocationKind kind);

struct LlvmLocation {
  LlvmLocationKind kind = LlvmLocationKind::kRegister;
  uint16_t size = 0;  // bytes
  uint16_t dwarf_register = 0;
  int32_t offset_or_small_constant = 0;
};

struct LlvmLiveOut {
  uint16_t dwarf_register = 0;
  uint8_t size = 0;  // bytes
};

struct LlvmStackMapRecord {
  uint64_t id = 0;
  uint32_t instruction_offset = 0;  // from the function's start
  uint16_t flags = 0;
  std::vector<LlvmLocation> locations;
  std::vector<LlvmLiveOut> live_outs;
  size_t section_offset = 0;  // where the record starts, for error messages
};

struct LlvmStackMapFunction {
  uint64_t address = 0;     // 0 in a relocatable object
  uint64_t stack_size = 0;  // UINT64_MAX: dynamically sized or realigned
  uint64_t record_count = 0;
};

inline constexpr uint64_t kLlvmDynamicStackSize = ~uint64_t{0};

struct LlvmStackMaps {
  std::vector<LlvmStackMapFunction> functions;
  std::vector<uint64_t> constants;
  std::vector<LlvmStackMapRecord> records;  // function by function, as record_count says

  // The index of the first record of function `index`.
  size_t FirstRecordOf(size_t function) const;
};

// Parses a whole section in byte order `order`. Another version, a count the section cannot
// hold, an unknown location kind or a constant index past the pool is an error with its offset.
absl::StatusOr<LlvmStackMaps> ParseLlvmStackMaps(absl::Span<const uint8_t> section,
                                                 ByteOrder order = ByteOrder::kLittle);

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_LLVM_STACK_MAP_SECTION_H_
