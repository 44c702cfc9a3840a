#ifndef FRAMEPROOF_ARCH_ISA_EMITTER_H_
#define FRAMEPROOF_ARCH_ISA_EMITTER_H_

// Internal to arch/: what each ISA's asmjit emitter provides to exec_image.cc.

#include <array>
#include <string>
#include <vector>

#include <asmjit/core.h>

#include "absl/status/status.h"
#include "arch/exec_image.h"

namespace frameproof::arch_internal {

// Labels the image builder reads back after layout.
struct ImageLabels {
  asmjit::Label got_group;               // the lowest slot of the case's GOT group
  std::vector<asmjit::Label> got_slots;  // each slot of the group, lowest address first
  asmjit::Label method;
  asmjit::Label method_end;
  asmjit::Label callee;
  std::array<asmjit::Label, 4> resolvers;  // by ResolverKind
  std::vector<asmjit::Label> return_pcs;   // one per call in the method, in order
  std::vector<std::pair<std::string, asmjit::Label>> symbols;  // every stub, for disassembly
};

struct EmitRequest {
  const MethodPlan* plan = nullptr;  // null: resolvers and slow paths only
  const MethodHomes* homes = nullptr;
  ImageEnvironment env;
};

// Records the first asmjit error, so emitters can run to the end and report once.
class AsmErrorCollector : public asmjit::ErrorHandler {
 public:
  void handleError(asmjit::Error err, const char* message, asmjit::BaseEmitter*) override {
    if (first_ == asmjit::kErrorOk) {
      first_ = err;
      message_ = message;
    }
  }
  absl::Status status() const;

 private:
  asmjit::Error first_ = asmjit::kErrorOk;
  std::string message_;
};

// Emits the GOT page (zeros; the group ends at the page's end) when `request.plan` is set, then
// the code. Both leave every label of `labels` they use bound.
void EmitX86_64(asmjit::CodeHolder& code, const EmitRequest& request, ImageLabels& labels);
void EmitArm64(asmjit::CodeHolder& code, const EmitRequest& request, ImageLabels& labels);

// The GOT page, emitted through any emitter.
void EmitGotPage(asmjit::BaseEmitter& emitter, const EmitRequest& request, ImageLabels& labels);

}  // namespace frameproof::arch_internal

#endif  // FRAMEPROOF_ARCH_ISA_EMITTER_H_
