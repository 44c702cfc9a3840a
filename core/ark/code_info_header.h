#ifndef FRAMEPROOF_CORE_ARK_CODE_INFO_HEADER_H_
#define FRAMEPROOF_CORE_ARK_CODE_INFO_HEADER_H_

#include <array>
#include <cstddef>
#include <cstdint>

#include "absl/strings/string_view.h"
#include "core/ark/code_info_tables.h"

namespace frameproof::ark {

// The five varints that start an Ark CodeInfo (CodeInfoHeader), in encoding order.
struct CodeInfoHeader {
  static constexpr size_t kNumFields = 5;
  static constexpr std::array<absl::string_view, kNumFields> kFieldNames = {
      "PROPERTIES", "CALLEE_REG_MASK", "CALLEE_FP_REG_MASK", "TABLE_MASK", "VREGS_COUNT"};
  // PROPERTIES: the frame size in bytes in bits 0-15, HasFloatRegs in bit 16.
  static constexpr uint32_t kFrameSizeBits = 16;
  static constexpr uint32_t kFrameSizeMask = (1u << kFrameSizeBits) - 1;
  static constexpr uint32_t kHasFloatRegsBit = 1u << kFrameSizeBits;
  static constexpr uint32_t kKnownPropertyBits = kFrameSizeMask | kHasFloatRegsBit;
  static constexpr uint32_t kAllTablesMask = (1u << kNumTables) - 1;

  uint32_t properties = 0;
  uint32_t callee_reg_mask = 0;     // callee-saved general registers the prologue saved
  uint32_t callee_fp_reg_mask = 0;  // and floating-point ones
  uint32_t table_mask = 0;          // bit i: table i (TableId) is present
  uint32_t vregs_count = 0;         // the outer method's vregs

  uint32_t frame_size() const { return properties & kFrameSizeMask; }
  bool has_float_regs() const { return (properties & kHasFloatRegsBit) != 0; }
  bool HasTable(TableId id) const { return ((table_mask >> static_cast<uint32_t>(id)) & 1) != 0; }

  std::array<uint32_t, kNumFields> AsArray() const {
    return {properties, callee_reg_mask, callee_fp_reg_mask, table_mask, vregs_count};
  }
  static CodeInfoHeader FromArray(const std::array<uint32_t, kNumFields>& fields) {
    return {fields[0], fields[1], fields[2], fields[3], fields[4]};
  }
  friend bool operator==(const CodeInfoHeader&, const CodeInfoHeader&) = default;
};

}  // namespace frameproof::ark

#endif  // FRAMEPROOF_CORE_ARK_CODE_INFO_HEADER_H_
