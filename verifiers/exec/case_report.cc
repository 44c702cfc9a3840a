#include "verifiers/exec/case_report.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "verifiers/exec/disassembler.h"
#include "verifiers/exec/frame_state.h"

namespace frameproof {
namespace {

constexpr uint32_t kDisassemblyWindow = 48;  // bytes either side of the marked pc

}  // namespace

std::string CaseDetails(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo,
                        const CaseResult& result, const ExecImage* image, uint64_t crash_pc) {
  std::string out =
      SideBySide(AtCallSite(plan, result.site), metainfo, result.expected, result.decoded);
  if (image == nullptr) return out;
  const CompiledMethodImage& method = image->methods.front();
  const uint64_t mark = crash_pc != 0 ? crash_pc
                        : method.stack_map_pcs.empty()
                            ? method.entry
                            : method.entry + method.stack_map_pcs.front();
  const size_t start = method.entry - image->base;
  const size_t end = std::min(image->bytes.size(), start + method.code_size);
  absl::StrAppend(&out, "compiled method around 0x", absl::Hex(mark), ":\n",
                  Disassemble(isa, absl::MakeConstSpan(image->bytes).subspan(start, end - start),
                              method.entry, {}, mark, kDisassemblyWindow));
  return out;
}

}  // namespace frameproof
