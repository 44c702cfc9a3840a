#include "arch/exec_image.h"

#include <asmjit/core.h>

#include <algorithm>
#include <array>

#include "absl/strings/str_cat.h"
#include "arch/isa_emitter.h"
#include "arch/method_code_info.h"
#include "arch/planted_arch_bugs.h"
#include "arch/plt_got.h"
#include "arch/runtime_abi.h"
#include "core/art/stack_map.h"
#include "core/base/status_macros.h"

namespace frameproof {
namespace arch_internal {

absl::Status AsmErrorCollector::status() const {
  if (first_ == asmjit::kErrorOk) return absl::OkStatus();
  return absl::InternalError(absl::StrCat("asmjit: ", message_));
}

namespace {

// `bytes` zeros. They go in whole chunks: embedUInt8 with a repeat count copies byte by byte,
// which was a tenth of an exec case under ASan.
void EmbedZeros(asmjit::BaseEmitter& emitter, uint32_t bytes) {
  static constexpr std::array<uint8_t, 4096> kZeros{};
  for (uint32_t left = bytes; left > 0;) {
    const uint32_t chunk = std::min<uint32_t>(left, kZeros.size());
    emitter.embed(kZeros.data(), chunk);
    left -= chunk;
  }
}

}  // namespace

void EmitGotPage(asmjit::BaseEmitter& emitter, const EmitRequest& request, ImageLabels& labels) {
  const uint32_t group_bytes = GotSlotCount(request.plan->resolver) * runtime_abi::kWordSize;
  EmbedZeros(emitter, request.env.page_size - group_bytes);
  labels.got_group = emitter.newLabel();
  emitter.bind(labels.got_group);
  for (uint32_t i = 0; i < GotSlotCount(request.plan->resolver); ++i) {
    labels.got_slots.push_back(emitter.newLabel());
    emitter.bind(labels.got_slots.back());
    emitter.embedUInt64(0);
  }
}

void PadToPage(asmjit::BaseAssembler& assembler, uint32_t page_size) {
  const uint32_t used = static_cast<uint32_t>(assembler.offset() % page_size);
  if (used != 0) EmbedZeros(assembler, page_size - used);
}

int32_t ResolverEntryPointOffset() {
  constexpr int32_t kStaleEntryPointOffset = 24;
  return FP_PLANTED_BUG(kResolverWrongEntryPointOffset) ? kStaleEntryPointOffset
                                                        : runtime_abi::kMethodEntryPointOffset;
}

}  // namespace arch_internal

namespace {

using arch_internal::ImageLabels;

asmjit::Environment EnvironmentOf(InstructionSet isa) {
  return asmjit::Environment(isa == InstructionSet::kArm64 ? asmjit::Arch::kAArch64
                                                           : asmjit::Arch::kX64);
}

// About how many bytes an image takes: the GOT page, the stubs and slow paths, and a few
// instructions per value at each call site. Only the assembler's first buffer is sized by it.
size_t EstimatedImageBytes(const arch_internal::EmitRequest& request) {
  constexpr size_t kStubBytes = 8 * 1024;
  constexpr size_t kBytesPerValue = 48;
  size_t values = 0;
  for (const std::vector<CallSiteHomes>& sites : request.methods) {
    for (const CallSiteHomes& site : sites) values += PlannedVRegCount(*site.frames);
  }
  return request.env.page_size + kStubBytes + values * kBytesPerValue;
}

// Runs the emitter of `isa` and lays the code out at `base`, into `bytes` (page-aligned length).
absl::Status Assemble(InstructionSet isa, const arch_internal::EmitRequest& request,
                      ImageLabels& labels, asmjit::CodeHolder& code, std::vector<uint8_t>& bytes) {
  if (!HasCodeGenerator(isa)) {
    return absl::InvalidArgumentError(
        absl::StrCat("no code generator for ", InstructionSetName(isa), "; use x86_64 or arm64"));
  }
  arch_internal::AsmErrorCollector errors;
  code.init(EnvironmentOf(isa), request.env.base);
  code.setErrorHandler(&errors);
  // One buffer of about the image's size, instead of a run of doublings that copy it each time.
  code.reserveBuffer(&code.textSection()->buffer(), EstimatedImageBytes(request));
  if (isa == InstructionSet::kArm64) {
    arch_internal::EmitArm64(code, request, labels);
  } else {
    arch_internal::EmitX86_64(code, request, labels);
  }
  code.resetErrorHandler();
  FP_RETURN_IF_ERROR(errors.status());
  if (code.flatten() != asmjit::kErrorOk || code.resolveUnresolvedLinks() != asmjit::kErrorOk ||
      code.relocateToBase(request.env.base) != asmjit::kErrorOk) {
    FP_RETURN_IF_ERROR(errors.status());
    return absl::InternalError("asmjit could not lay the image out");
  }
  const size_t size = code.codeSize();
  const size_t page = request.env.page_size;
  bytes.resize((size + page - 1) / page * page);
  code.copyFlattenedData(bytes.data(), size, asmjit::CopySectionFlags::kPadSectionBuffer);
  // A reused buffer may hold an earlier, longer image past this one.
  std::fill(bytes.begin() + static_cast<ptrdiff_t>(size), bytes.end(), 0);
  return absl::OkStatus();
}

// Lowers `plan` into `image` with `code` and `encoder`, each fresh or reused (their buffers are
// kept).
absl::Status BuildInto(const MethodPlan& plan, InstructionSet isa, Metainfo metainfo,
                       const ImageEnvironment& env, asmjit::CodeHolder& code,
                       MethodCodeInfoEncoder& encoder, ExecImage& image) {
  const size_t methods = CompiledMethodCount(plan);
  if (plan.callers.size() > kMaxCallers) {
    return absl::InvalidArgumentError(
        absl::StrCat("the plan has ", plan.callers.size(), " callers; at most ", kMaxCallers));
  }
  for (size_t m = 0; m < methods; ++m) {
    if (FramesOf(plan, m).empty()) {
      return absl::InvalidArgumentError(absl::StrCat("compiled method ", m, " has no frames"));
    }
  }
  FP_RETURN_IF_ERROR(CheckCallSites(plan));
  if (env.method_addresses.size() != methods) {
    return absl::InvalidArgumentError(absl::StrCat("the chain has ", methods,
                                                   " compiled methods, the environment ",
                                                   env.method_addresses.size(), " Method*s"));
  }
  arch_internal::EmitRequest request;
  request.plan = &plan;
  request.env = env;
  for (size_t m = 0; m < methods; ++m) {
    FP_ASSIGN_OR_RETURN(std::vector<CallSiteHomes> sites, AssignCallSiteHomes(plan, isa, m));
    request.methods.push_back(std::move(sites));
  }
  ImageLabels labels;
  FP_RETURN_IF_ERROR(Assemble(isa, request, labels, code, image.bytes));

  image.isa = isa;
  image.metainfo = metainfo;
  image.base = env.base;
  image.code_offset = env.page_size;
  auto address = [&](const asmjit::Label& label) {
    return env.base + code.labelOffsetFromBase(label);
  };
  image.got_group_address = address(labels.got_group);
  image.entry = address(labels.entry);
  image.callee_entry = address(labels.callee);
  image.safepoint_bridge = address(labels.safepoint_bridge);
  for (size_t kind = 0; kind < labels.resolvers.size(); ++kind) {
    image.resolvers[kind] = address(labels.resolvers[kind]);
  }
  image.methods.resize(methods);
  for (size_t m = 0; m < methods; ++m) {
    const arch_internal::MethodLabels& method_labels = labels.methods[m];
    CompiledMethodImage& method = image.methods[m];
    method.entry = address(method_labels.begin);
    method.code_size = static_cast<uint32_t>(address(method_labels.end) - method.entry);
    method.stack_map_pcs.clear();
    std::vector<StackMapAt> maps;
    for (const arch_internal::ReturnPcLabel& return_pc : method_labels.return_pcs) {
      uint32_t pc = static_cast<uint32_t>(address(return_pc.label) - method.entry);
      if (FP_PLANTED_BUG(kStackMapAtWrongPc)) pc += InstructionAlignment(isa);
      method.stack_map_pcs.push_back(pc);
      maps.push_back(StackMapAt{pc, return_pc.site});
    }
    FP_ASSIGN_OR_RETURN(method.code_info,
                        encoder.Encode(request.methods[m], isa, metainfo, maps, method.code_size));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<ExecImage> BuildExecImage(const MethodPlan& plan, InstructionSet isa,
                                         Metainfo metainfo, const ImageEnvironment& env) {
  asmjit::CodeHolder code;
  MethodCodeInfoEncoder encoder;
  ExecImage image;
  FP_RETURN_IF_ERROR(BuildInto(plan, isa, metainfo, env, code, encoder, image));
  return image;
}

ExecImageBuilder::ExecImageBuilder() : zone_block_(kZoneBlockBytes) {}

absl::StatusOr<const ExecImage*> ExecImageBuilder::Build(const MethodPlan& plan, InstructionSet isa,
                                                         Metainfo metainfo,
                                                         const ImageEnvironment& env) {
  // The assembler's zone starts in the builder's block instead of a fresh allocation.
  asmjit::CodeHolder code(asmjit::Support::Temporary(zone_block_.data(), zone_block_.size()));
  FP_RETURN_IF_ERROR(BuildInto(plan, isa, metainfo, env, code, encoder_, image_));
  return &image_;
}

absl::StatusOr<ResolverStubs> BuildResolverStubs(InstructionSet isa) {
  arch_internal::EmitRequest request;
  ImageLabels labels;
  asmjit::CodeHolder code;
  ResolverStubs stubs;
  FP_RETURN_IF_ERROR(Assemble(isa, request, labels, code, stubs.code));
  stubs.code.resize(code.codeSize());
  for (const auto& [name, label] : labels.symbols) {
    stubs.symbols.emplace_back(name, static_cast<uint32_t>(code.labelOffsetFromBase(label)));
  }
  return stubs;
}

}  // namespace frameproof
