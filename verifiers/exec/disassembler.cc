#include "verifiers/exec/disassembler.h"

#include <capstone/capstone.h>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace frameproof {

std::string Disassemble(InstructionSet isa, absl::Span<const uint8_t> code, uint64_t address,
                        const std::vector<std::pair<std::string, uint32_t>>& symbols,
                        uint64_t mark, uint32_t around) {
  const bool arm64 = isa == InstructionSet::kArm64;
  csh handle;
  if (cs_open(arm64 ? CS_ARCH_ARM64 : CS_ARCH_X86, arm64 ? CS_MODE_ARM : CS_MODE_64, &handle) !=
      CS_ERR_OK) {
    return "(capstone cannot open this architecture)\n";
  }
  std::string out;
  uint64_t offset = 0;
  // Capstone stops at bytes it cannot decode (GOT data, padding); skip them and go on.
  while (offset < code.size()) {
    cs_insn* insns = nullptr;
    const size_t count = cs_disasm(handle, code.data() + offset, code.size() - offset,
                                   address + offset, 0, &insns);
    for (size_t i = 0; i < count; ++i) {
      const cs_insn& insn = insns[i];
      const uint64_t at = insn.address;
      for (const auto& [name, symbol_offset] : symbols) {
        if (address + symbol_offset == at) absl::StrAppend(&out, "<", name, ">:\n");
      }
      const bool near = around == 0 || (at + around >= mark && at <= mark + around);
      if (near) {
        absl::StrAppendFormat(&out, "%s 0x%x: %-8s %s\n", at == mark ? "=>" : "  ", at,
                              insn.mnemonic, insn.op_str);
      }
      offset = at + insn.size - address;
    }
    cs_free(insns, count);
    if (count == 0) offset += arm64 ? 4 : 1;
  }
  cs_close(&handle);
  return out;
}

}  // namespace frameproof
