#ifndef FRAMEPROOF_ARCH_ISA_EMITTER_H_
#define FRAMEPROOF_ARCH_ISA_EMITTER_H_

// Internal to arch/: what each ISA's asmjit emitter provides to exec_image.cc.

#include <array>
#include <string>
#include <vector>

#include <asmjit/core.h>

#include "absl/status/status.h"
#include "arch/exec_image.h"
#include "arch/frame_layout.h"
#include "arch/register_file.h"
#include "arch/runtime_abi.h"

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

// The shared slow paths: one per resolver reached through the thread's entrypoint table (every
// kind but CallStatic, whose call goes through its GOT group), in ResolverKind order.
inline constexpr size_t kSlowPathCount = 3;
constexpr size_t SlowPathIndex(ResolverKind kind) { return static_cast<size_t>(kind) - 1; }
inline constexpr std::array<std::pair<runtime_abi::Entrypoint, const char*>, kSlowPathCount>
    kSlowPaths = {{
        {runtime_abi::Entrypoint::kCallVirtualResolver, "SharedSlowPath(CallVirtual)"},
        {runtime_abi::Entrypoint::kClassResolver, "SharedSlowPath(Class)"},
        {runtime_abi::Entrypoint::kInitClassResolver, "SharedSlowPath(InitClass)"},
    }};
using SlowPathLabels = std::array<asmjit::Label, kSlowPathCount>;

// Binds and emits every resolver, then every shared slow path, each 16-byte aligned and named in
// `labels.symbols`; the ISA supplies the two bodies.
template <typename Assembler, typename ResolverFn, typename SlowPathFn>
void EmitStubs(Assembler& a, ImageLabels& labels, const SlowPathLabels& slow_paths,
               ResolverFn&& emit_resolver, SlowPathFn&& emit_slow_path) {
  for (ResolverKind kind : kAllResolverKinds) {
    asmjit::Label& label = labels.resolvers[static_cast<size_t>(kind)];
    label = a.newLabel();
    a.align(asmjit::AlignMode::kCode, 16);
    a.bind(label);
    labels.symbols.emplace_back(std::string(ResolverKindName(kind)) + "Resolver", label);
    emit_resolver(kind);
  }
  for (size_t i = 0; i < kSlowPaths.size(); ++i) {
    a.align(asmjit::AlignMode::kCode, 16);
    a.bind(slow_paths[i]);
    labels.symbols.emplace_back(kSlowPaths[i].second, slow_paths[i]);
    emit_slow_path(kSlowPaths[i].first);
  }
}

// Calls fn(flat index, vreg, home) for every planned value, frame by frame.
template <typename Fn>
void ForEachVReg(const MethodPlan& plan, const MethodHomes& homes, Fn&& fn) {
  size_t flat = 0;
  for (size_t f = 0; f < plan.frames.size(); ++f) {
    for (size_t v = 0; v < plan.frames[f].vregs.size(); ++v, ++flat) {
      fn(flat, plan.frames[f].vregs[v], homes.frames[f][v]);
    }
  }
}

// Planned values in all frames: the index of the result word in the post-call dump.
size_t VRegCount(const MethodPlan& plan);

// Callee-saved registers a boundary frame saves: all but the temps and the thread register.
bool BoundarySaves(const RegisterFile& file, Register reg);

// The register the planted resolver bugs pick on: the first one values live in.
inline Register PlantedBugVictim(const RegisterFile& file) {
  return file.allocatable_caller_saved.front();
}

// What both ISAs' compiled-method emitters share: the phases of a method, the walk over its
// values and the bookkeeping of labels. `Derived` supplies EmitPrologue, EmitValues,
// EmitOperation, EmitDump and EmitEpilogue in its ISA's instructions.
template <typename Derived, typename Assembler>
class MethodEmitterBase {
 public:
  MethodEmitterBase(Assembler& a, const EmitRequest& request, ImageLabels& labels,
                    const SlowPathLabels& slow_paths)
      : a_(a), plan_(*request.plan), homes_(*request.homes), env_(request.env), labels_(labels),
        slow_paths_(slow_paths) {}

  void Emit() {
    Derived& self = static_cast<Derived&>(*this);
    a_.align(asmjit::AlignMode::kCode, 16);
    labels_.method = a_.newLabel();
    labels_.method_end = a_.newLabel();
    a_.bind(labels_.method);
    labels_.symbols.emplace_back("CompiledMethod", labels_.method);
    self.EmitPrologue();
    self.EmitValues();
    self.EmitOperation();
    self.EmitDump();
    self.EmitEpilogue();
    a_.bind(labels_.method_end);
  }

 protected:
  const FrameLayout& layout() const { return homes_.layout; }

  template <typename Fn>
  void ForEachVReg(Fn&& fn) const {
    arch_internal::ForEachVReg(plan_, homes_, fn);
  }

  // Binds a label here and records it as a call's return pc (a stack map goes there).
  void BindReturnPc() {
    asmjit::Label pc = a_.newLabel();
    a_.bind(pc);
    labels_.return_pcs.push_back(pc);
  }

  Assembler& a_;
  const MethodPlan& plan_;
  const MethodHomes& homes_;
  const ImageEnvironment& env_;
  ImageLabels& labels_;
  const SlowPathLabels& slow_paths_;
  bool result_stored_ = false;  // the operation's result is in the dump already
};

// Emits the GOT page (zeros; the group ends at the page's end) when `request.plan` is set, then
// the code. Both leave every label of `labels` they use bound.
void EmitX86_64(asmjit::CodeHolder& code, const EmitRequest& request, ImageLabels& labels);
void EmitArm64(asmjit::CodeHolder& code, const EmitRequest& request, ImageLabels& labels);

// The GOT page, emitted through any emitter.
void EmitGotPage(asmjit::BaseEmitter& emitter, const EmitRequest& request, ImageLabels& labels);

}  // namespace frameproof::arch_internal

#endif  // FRAMEPROOF_ARCH_ISA_EMITTER_H_
