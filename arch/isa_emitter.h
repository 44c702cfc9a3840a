#ifndef FRAMEPROOF_ARCH_ISA_EMITTER_H_
#define FRAMEPROOF_ARCH_ISA_EMITTER_H_

// Internal to arch/: what each ISA's asmjit emitter provides to exec_image.cc.

#include <array>
#include <string>
#include <utility>
#include <vector>

#include <asmjit/core.h>

#include "absl/status/status.h"
#include "arch/exec_image.h"
#include "arch/frame_layout.h"
#include "arch/register_file.h"
#include "arch/runtime_abi.h"
#include "arch/value_model.h"

namespace frameproof::arch_internal {

// A call's return pc, where a stack map goes, and the call site (vreg_homes.h) live there.
struct ReturnPcLabel {
  asmjit::Label label;
  size_t site = 0;
};

// Labels the image builder reads back after layout.
struct MethodLabels {
  asmjit::Label begin;
  asmjit::Label end;
  std::vector<ReturnPcLabel> return_pcs;  // one per call in the method, in code order
};

struct ImageLabels {
  asmjit::Label got_group;               // the lowest slot of the case's GOT group
  std::vector<asmjit::Label> got_slots;  // each slot of the group, lowest address first
  asmjit::Label entry;
  std::vector<MethodLabels> methods;  // by chain position
  asmjit::Label callee;
  asmjit::Label safepoint_bridge;
  std::array<asmjit::Label, 4> resolvers;                      // by ResolverKind
  std::vector<std::pair<std::string, asmjit::Label>> symbols;  // every stub, for disassembly
};

// The plan, and its chain's compiled methods one by one, each as its call sites see it.
struct EmitRequest {
  const MethodPlan* plan = nullptr;  // null: resolvers and slow paths only
  // By chain position: the call sites (AssignCallSiteHomes) in code order,
  // the method's call last.
  std::vector<std::vector<CallSiteHomes>> methods;
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

// The EPoff a resolver works with: runtime_abi's, or (planted) the 24 frameproof used before it
// followed seed 004's 56.
int32_t ResolverEntryPointOffset();

// What both ISAs' compiled-method emitters share: the phases of a method, the walk over its
// values with the one dispatch on their location classes, and the bookkeeping of labels, for the
// compiled method at one position of the plan's chain. `Derived` supplies, in its ISA's
// instructions, EmitPrologue, EmitSafepoint (the call of a safepoint) with EmitSafepointDump,
// EmitOperation (the plan's own method: the resolved operation), EmitCallNext (a caller: a direct
// call to the method above it), EmitDump and EmitEpilogue, and the primitives a value's home
// needs: MoveToRegister(reg, bits), MoveToSlot(sp_offset, bits, wide), and with the dump's
// address in temp1, DumpRegister(word, reg) and DumpSlot(word, sp_offset, wide).
template <typename Derived, typename Assembler>
class MethodEmitterBase {
 public:
  MethodEmitterBase(Assembler& a, const EmitRequest& request, ImageLabels& labels,
                    const SlowPathLabels& slow_paths, size_t position)
      : a_(a),
        sites_(request.methods[position]),
        env_(request.env),
        whole_plan_(*request.plan),
        labels_(labels),
        slow_paths_(slow_paths),
        position_(position),
        total_vregs_(PlannedVRegCount(*request.plan)) {
    for (size_t m = 0; m < position; ++m) {
      flat_offset_ += PlannedVRegCount(*request.methods[m].back().frames);
    }
  }

  void Emit() {
    Derived& self = static_cast<Derived&>(*this);
    MethodLabels& labels = labels_.methods[position_];
    a_.align(asmjit::AlignMode::kCode, 16);
    a_.bind(labels.begin);
    labels_.symbols.emplace_back(is_plans_own()
                                     ? std::string("CompiledMethod")
                                     : std::string("CompiledCaller") + std::to_string(position_),
                                 labels.begin);
    self.EmitPrologue();
    // Each safepoint with its own values, then the values at the method's call.
    for (site_ = 0; site_ + 1 < sites_.size(); ++site_) {
      self.EmitValues();
      self.EmitSafepoint(static_cast<uint32_t>(site_));
      self.EmitSafepointDump();
    }
    self.EmitValues();
    if (is_plans_own()) {
      self.EmitOperation();
    } else {
      self.EmitCallNext();
    }
    self.EmitDump();
    self.EmitEpilogue();
    a_.bind(labels.end);
  }

 protected:
  const FrameLayout& layout() const { return sites_.back().homes.layout; }
  // Whether this is the plan's own method, whose call goes through the resolver.
  bool is_plans_own() const { return position_ == 0; }
  // The method this one calls (a caller's), its label and its Method*.
  asmjit::Label next_method() const { return labels_.methods[position_ - 1].begin; }
  uint64_t next_method_address() const { return env_.method_addresses[position_ - 1]; }

  // Calls fn(dump index, vreg, home) for every planned value of this method at the current call
  // site, with the dump word it goes to: in the post-call dump's flat order (across the chain) at
  // the method's call, in the safepoint's section at a safepoint.
  template <typename Fn>
  void ForEachVReg(Fn&& fn) const {
    const CallSiteHomes& site = sites_[site_];
    const uint32_t base = at_safepoint() ? SafepointDumpIndex(whole_plan_, site_) : flat_offset_;
    ForEachPlannedVReg(*site.frames,
                       [&](uint32_t flat, size_t f, size_t v, const PlannedVReg& vreg) {
                         fn(base + flat, vreg, site.homes.frames[f][v]);
                       });
  }
  // Whether the current call site is a safepoint (not the method's call).
  bool at_safepoint() const { return site_ + 1 < sites_.size(); }

  // Puts the current site's values in their homes: a register or a stack slot gets the value's
  // bits (a narrow value's low 32); a constant or a dead value needs no code.
  void EmitValues() {
    Derived& self = static_cast<Derived&>(*this);
    ForEachVReg([&](size_t, const PlannedVReg& vreg, const VRegHome& home) {
      const uint64_t bits = HeldBits(vreg);
      switch (home.where) {
        case LocationClass::kCalleeSavedRegister:
        case LocationClass::kCallerSavedRegister:
          self.MoveToRegister(home.reg, bits);
          break;
        case LocationClass::kStackSlot:
          self.MoveToSlot(home.sp_offset, bits, IsWide(vreg.type));
          break;
        case LocationClass::kConstant:
        case LocationClass::kNone:
          break;
      }
    });
  }

  // Writes the current site's values that have a home to their dump words (the dump's address
  // in temp1).
  void EmitValueDump() {
    Derived& self = static_cast<Derived&>(*this);
    ForEachVReg([&](size_t word, const PlannedVReg& vreg, const VRegHome& home) {
      switch (home.where) {
        case LocationClass::kCalleeSavedRegister:
        case LocationClass::kCallerSavedRegister:
          self.DumpRegister(word, home.reg);
          break;
        case LocationClass::kStackSlot:
          self.DumpSlot(word, home.sp_offset, IsWide(vreg.type));
          break;
        case LocationClass::kConstant:
        case LocationClass::kNone:
          break;
      }
    });
  }

  // Calls fn(register index, value) for each argument register a call passes a planned value in
  // after the Method*: a virtual call's receiver, already in its register, is not among them.
  template <typename Fn>
  void ForEachPlannedArgument(Fn&& fn) const {
    const size_t registers = RegisterFileOf(layout().isa()).arguments.size();
    ForEachCallArgument(whole_plan_, registers, [&](size_t i, std::optional<uint64_t> argument) {
      if (argument.has_value()) fn(i, *argument);
    });
  }

  // Byte offset of `word` in the post-call dump.
  int32_t DumpOffset(runtime_abi::DumpWord word) const {
    return runtime_abi::DumpWordOffset(total_vregs_, word);
  }
  // Byte offset of `word` in the current safepoint's section of the dump.
  int32_t SafepointDumpOffset(runtime_abi::SafepointDumpWord word) const {
    return static_cast<int32_t>(SafepointDumpWordAt(whole_plan_, site_, word) *
                                runtime_abi::kWordSize);
  }

  // Binds a label here and records it as a call's return pc (the current site's stack map goes
  // there).
  void BindReturnPc() {
    asmjit::Label pc = a_.newLabel();
    a_.bind(pc);
    labels_.methods[position_].return_pcs.push_back(ReturnPcLabel{pc, site_});
  }

  Assembler& a_;
  const std::vector<CallSiteHomes>& sites_;  // this method's call sites
  const ImageEnvironment& env_;
  const MethodPlan& whole_plan_;
  ImageLabels& labels_;
  const SlowPathLabels& slow_paths_;
  const size_t position_;
  const uint32_t total_vregs_;  // across the chain: where the dump's named words start
  uint32_t flat_offset_ = 0;    // this method's first value in the flat order
  size_t site_ = 0;             // the call site being emitted
  bool result_stored_ = false;  // the operation's result is in the dump already
};

// The GOT page, emitted through any emitter.
void EmitGotPage(asmjit::BaseEmitter& emitter, const EmitRequest& request, ImageLabels& labels);
// Fills up to the next `page_size` boundary of the image with zeros, which no code reaches.
void PadToPage(asmjit::BaseAssembler& assembler, uint32_t page_size);

// The bodies of an ISA's stubs: the runtime's entry frame and its call to the outermost compiled
// method, the callee (records its call in the mailbox), the safepoint bridge (a boundary frame
// around the runtime's kSafepoint, the safepoint's index in temp0), a resolver, a shared slow
// path.
template <typename Assembler>
struct StubBodies {
  void (*entry)(Assembler& a, const asmjit::Label& outermost);
  void (*callee)(Assembler& a, const ImageEnvironment& env);
  void (*safepoint_bridge)(Assembler& a);
  void (*resolver)(Assembler& a, ResolverKind kind);
  void (*slow_path)(Assembler& a, runtime_abi::Entrypoint resolver);
};

// The one driver of both ISAs' images, over an ISA's MethodEmitter (a MethodEmitterBase) and stub
// bodies. With a plan, the image is the GOT page (zeros; the group ends at the page's end), the
// safepoint bridge, every resolver and every shared slow path, padded to a page boundary, then
// the entry stub, the chain's compiled methods (outermost first) and the callee stub. Without
// one, just the resolvers and the slow paths. Each stub is 16-byte aligned and named in
// `labels.symbols`, and every label of `labels` the image uses is bound.
//
// The stubs come first because they are the same in every image: the same bytes at the same
// address, on pages of their own, which a loader need not rewrite from case to case (QEMU then
// keeps their translations).
template <typename MethodEmitter, typename Assembler>
void EmitImage(asmjit::CodeHolder& code, const EmitRequest& request, ImageLabels& labels,
               const StubBodies<Assembler>& bodies) {
  Assembler a(&code);
  const auto bind_stub = [&](asmjit::Label& label, std::string name) {
    a.align(asmjit::AlignMode::kCode, 16);
    a.bind(label);
    labels.symbols.emplace_back(std::move(name), label);
  };
  SlowPathLabels slow_paths;
  for (asmjit::Label& label : slow_paths) label = a.newLabel();
  if (request.plan != nullptr) {
    EmitGotPage(a, request, labels);
    labels.safepoint_bridge = a.newLabel();
    bind_stub(labels.safepoint_bridge, "SafepointBridge");
    bodies.safepoint_bridge(a);
  }
  for (ResolverKind kind : kAllResolverKinds) {
    asmjit::Label& label = labels.resolvers[static_cast<size_t>(kind)];
    label = a.newLabel();
    bind_stub(label, std::string(ResolverKindName(kind)) + "Resolver");
    bodies.resolver(a, kind);
  }
  for (size_t i = 0; i < kSlowPaths.size(); ++i) {
    bind_stub(slow_paths[i], kSlowPaths[i].second);
    bodies.slow_path(a, kSlowPaths[i].first);
  }
  if (request.plan == nullptr) return;
  PadToPage(a, request.env.page_size);
  labels.methods.resize(request.methods.size());
  for (MethodLabels& method : labels.methods) {
    method.begin = a.newLabel();
    method.end = a.newLabel();
  }
  labels.entry = a.newLabel();
  bind_stub(labels.entry, "EntryFrame");
  bodies.entry(a, labels.methods.back().begin);
  for (size_t m = request.methods.size(); m-- > 0;) {
    MethodEmitter(a, request, labels, slow_paths, m).Emit();
  }
  labels.callee = a.newLabel();
  bind_stub(labels.callee, "Callee");
  bodies.callee(a, request.env);
}

// Each ISA's image, through EmitImage.
void EmitX86_64(asmjit::CodeHolder& code, const EmitRequest& request, ImageLabels& labels);
void EmitArm64(asmjit::CodeHolder& code, const EmitRequest& request, ImageLabels& labels);

}  // namespace frameproof::arch_internal

#endif  // FRAMEPROOF_ARCH_ISA_EMITTER_H_
