#ifndef FRAMEPROOF_ARCH_EXEC_IMAGE_H_
#define FRAMEPROOF_ARCH_EXEC_IMAGE_H_

// Lowering, part three: one case's machine code. An image is [GOT page | code] at a fixed address:
// the GOT group ends where the code begins (as Ark's .aot_got ends at .text), so caller-side
// sequences reach it pc-relatively. The code holds the stubs every image shares (a safepoint
// bridge, the four resolvers and the shared slow paths, on pages of their own), then an entry
// stub, the compiled methods of the plan's chain and a callee stub. Loading (mapping, W^X, GOT
// initialization) is the runner's job.

#include <array>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "arch/metainfo.h"
#include "arch/method_code_info.h"
#include "arch/method_plan.h"
#include "arch/vreg_homes.h"
#include "core/base/instruction_set.h"

namespace frameproof {

// Addresses of runtime data the generated code embeds.
struct ImageEnvironment {
  uint64_t base = 0;  // where the image will be mapped (page aligned)
  uint32_t page_size = 4096;
  uint64_t dump_address = 0;      // the post-call dump (runtime_abi.h)
  uint64_t mailbox_address = 0;   // the callee stub's mailbox
  uint64_t receiver_address = 0;  // CallVirtual's receiver object
  // The Method* of each compiled method of the plan's chain (method_plan.h), which a caller passes
  // the method it calls.
  std::vector<uint64_t> method_addresses;
};

// One compiled method of the image.
struct CompiledMethodImage {
  uint64_t entry = 0;  // uint64_t (*)(const Method* self, Thread* thread)
  uint32_t code_size = 0;
  std::vector<uint32_t> stack_map_pcs;  // method-relative return pcs, one per call, in code order
  std::vector<uint8_t> code_info;       // in the image's metainfo dialect
};

struct ExecImage {
  InstructionSet isa = InstructionSet::kX86_64;
  Metainfo metainfo = kDefaultMetainfo;  // the dialect of `code_info`
  uint64_t base = 0;
  std::vector<uint8_t> bytes;  // page-aligned length
  size_t code_offset = 0;      // bytes before it are the RW GOT page; from it on, RX code
  uint64_t got_group_address = 0;
  // The runtime's entry into compiled code: uint64_t (*)(const Method* outermost, Thread*). It
  // builds an entry frame (runtime_abi.h) and calls the outermost compiled method.
  uint64_t entry = 0;
  std::vector<CompiledMethodImage> methods;  // by chain position: 0 is the plan's own
  uint64_t callee_entry = 0;
  uint64_t safepoint_bridge = 0;  // what a safepoint calls: runtime_abi's kSafepoint in a boundary
  std::array<uint64_t, 4> resolvers{};  // by ResolverKind
};

// Lowers `plan` for `isa` (kX86_64 or kArm64) into an image at `env.base`, its safepoints
// described in `metainfo`'s dialect.
absl::StatusOr<ExecImage> BuildExecImage(const MethodPlan& plan, InstructionSet isa,
                                         Metainfo metainfo, const ImageEnvironment& env);

// Builds one image after another (a campaign's cases), keeping the assembler's working memory and
// the last image's buffers for the next: under ASan, fresh buffers are a large part of a case's
// cost. Each Build replaces the image the last one returned.
class ExecImageBuilder {
 public:
  ExecImageBuilder();

  // As BuildExecImage; the image stays valid until the next Build.
  absl::StatusOr<const ExecImage*> Build(const MethodPlan& plan, InstructionSet isa,
                                         Metainfo metainfo, const ImageEnvironment& env);

 private:
  // Room for the assembler's labels and links of the largest plans without a second block.
  static constexpr size_t kZoneBlockBytes = 64 * 1024;

  std::vector<uint8_t> zone_block_;
  MethodCodeInfoEncoder encoder_;
  ExecImage image_;
};

// Just the four resolvers and the shared slow paths, at address 0, with each stub's offset:
// what `frameproof gen resolvers` writes.
struct ResolverStubs {
  std::vector<uint8_t> code;
  std::vector<std::pair<std::string, uint32_t>> symbols;  // every stub, by address
};
absl::StatusOr<ResolverStubs> BuildResolverStubs(InstructionSet isa);

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_EXEC_IMAGE_H_
