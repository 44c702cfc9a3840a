#ifndef FRAMEPROOF_CORE_BASE_PLANTED_BUG_H_
#define FRAMEPROOF_CORE_BASE_PLANTED_BUG_H_

// Bugs that tests plant on purpose, to prove each oracle and fuzz target reports them.
//
// Only libraries built with FRAMEPROOF_PLANTED_BUGS (the *_planted CMake variants, linked by the
// "proves it bites" tests) contain the switch; in every other build FP_PLANTED_BUG(x) is the
// constant false and the faulty branch is compiled out.

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "absl/strings/string_view.h"
#include "core/base/enum_names.h"

namespace frameproof {

enum class PlantedBug : uint8_t {
  kNone,
  kVarintPayloadOffByOne,       // varint payloads written one byte too short
  kDedupReturnsWrongRun,        // BitTableBuilder::Dedup returns the start after the match
  kBitmapTrimDropsTopBit,       // ART's bitmap rows are trimmed one bit short of their top set bit
  kSearchDistance31,            // register maps re-emitted after 31 maps, decoded 32 back
  kRegisterMaskShiftDropped,    // RegisterMask::GetMask ignores Shift
  kCatchMapFoundByNativePc,     // native-pc lookup stops skipping catch maps
  kDedupBackReferenceOffByOne,  // the table deduper points one bit too far back
  kBackReferenceBiasedByOne,    // ... and the decoders read one bit less back: only ART disagrees
  // ... and by the execution verifier, whose methods have several stack maps:
  kRegisterMapNoLookBack,  // ART's and Ark's register maps ignore the earlier maps they build on
  // Resolvers and lowering (arch/), caught by the execution verifier:
  kResolverSkipsCallerSaved,       // a resolver does not save the first allocatable caller-saved
  kResolverWrongSaveSlot,          // a resolver saves a caller-saved register one slot off
  kGotSlotWrongValue,              // a resolver writes the resolved value plus 8 into its slot
  kInitClassFillsSecondSlotEarly,  // InitClass fills SecondSlot before the class is initialized
  kStackMapAtWrongPc,              // stack maps recorded one instruction after the return pc
  kVRegRecordedInWrongRegister,    // callee-saved vregs recorded one register number too high
  kResolverWrongEntryPointOffset,  // CallStatic's resolver works with EPoff 24, not 56
  kThreadFrameLeftAtBoundary,      // resolvers leave thread->frame at their own boundary frame
  kGcRootMissed,                   // the metainfo leaves its first reference out of the roots
  kWalkStopsOneFrameEarly,         // the walker stops one compiled frame short of the entry
  // LLVM stack maps (core/llvm), caught by the llvm_stackmaps round trip:
  kLlvmIndirectOffByOneSlot,  // an Indirect [sp + k] re-encoded one stack slot too high
  // ... and by the llvm-exec verifier, which runs llc's code:
  kLlvmDwarfRegisterOffByOne,   // DWARF general registers mapped to the next hardware register
  kLlvmIndirectWrongBase,       // Indirect [reg + k] read relative to the stack pointer
  kLlvmDirectAsIndirect,        // a Direct location's address loaded from, as if Indirect
  kLlvmReferenceRelocatesBase,  // the reference build's gc.relocate is its base, not its derived
  // The execution harness (verifiers/exec), caught by the gate's fuzz steps:
  kExecHarnessDiesOutsideGuard,  // on some plans the harness dies by SIGSEGV, bypassing handlers
  // Ark's CodeInfo (core/ark):
  kArkLiveDistance31,         // the builder re-emits unchanged vregs after 31 maps, not 32
  kArkVRegListSkipsNoPrefix,  // GetVRegList reads an inline level from the outer frame's entries
  kArkStaticRootsOddSpills,   // EnumerateStaticRoots keeps an odd spill count instead of evening it
  // MoarVM bytecode (core/moar):
  kMoarDispatchNamedArgTwice,  // dispatch ops read two registers per named argument (arg_count)
  kMoarCallsitePadDropped,     // the writer leaves out the pad byte after an odd flag count
  kMoarPrecompHeaderDropsLastDependency,  // Rakudo's header reader loses its last dependency line
  // MoarVM's dump (verifiers/dump):
  kMoarDumpPadsExtensionOpsAsCore,  // extension ops padded to 18 columns, as core ops are
  // ART's Android 11 format (core/art), caught only by Debian's libart.so (verifiers/libart):
  kAndroid11CatchLookupTakesFirst,   // the catch lookup takes the first map at the dex pc
  kAndroid11HeaderSwapsSpillMasks,   // the header's two spill masks trade places, both ways
  kAndroid11DedupWithinCodeInfo,     // the deduper shares twin tables of one CodeInfo
  kAndroid11DedupPointsAtFirstCopy,  // back-references go to the first copy, not the latest
  // Trusted lookups, caught only by a checked build's bounds checks (core/base/check.h):
  kDexPcLookupReadsPastLastRow,  // GetStackMapForDexPc reads one stack map past the table
};

inline constexpr EnumNameTable<PlantedBug, 38> kPlantedBugNames = {{
    {PlantedBug::kNone, "none"},
    {PlantedBug::kVarintPayloadOffByOne, "varint-payload-off-by-one"},
    {PlantedBug::kDedupReturnsWrongRun, "dedup-returns-wrong-run"},
    {PlantedBug::kBitmapTrimDropsTopBit, "bitmap-trim-drops-top-bit"},
    {PlantedBug::kSearchDistance31, "search-distance-31"},
    {PlantedBug::kRegisterMaskShiftDropped, "register-mask-shift-dropped"},
    {PlantedBug::kCatchMapFoundByNativePc, "catch-map-found-by-native-pc"},
    {PlantedBug::kDedupBackReferenceOffByOne, "dedup-back-reference-off-by-one"},
    {PlantedBug::kBackReferenceBiasedByOne, "back-reference-biased-by-one"},
    {PlantedBug::kRegisterMapNoLookBack, "register-map-no-look-back"},
    {PlantedBug::kResolverSkipsCallerSaved, "resolver-skips-caller-saved"},
    {PlantedBug::kResolverWrongSaveSlot, "resolver-wrong-save-slot"},
    {PlantedBug::kGotSlotWrongValue, "got-slot-wrong-value"},
    {PlantedBug::kInitClassFillsSecondSlotEarly, "init-class-fills-second-slot-early"},
    {PlantedBug::kStackMapAtWrongPc, "stack-map-at-wrong-pc"},
    {PlantedBug::kVRegRecordedInWrongRegister, "vreg-recorded-in-wrong-register"},
    {PlantedBug::kResolverWrongEntryPointOffset, "resolver-wrong-entry-point-offset"},
    {PlantedBug::kThreadFrameLeftAtBoundary, "thread-frame-left-at-boundary"},
    {PlantedBug::kGcRootMissed, "gc-root-missed"},
    {PlantedBug::kWalkStopsOneFrameEarly, "walk-stops-one-frame-early"},
    {PlantedBug::kLlvmIndirectOffByOneSlot, "llvm-indirect-off-by-one-slot"},
    {PlantedBug::kLlvmDwarfRegisterOffByOne, "llvm-dwarf-register-off-by-one"},
    {PlantedBug::kLlvmIndirectWrongBase, "llvm-indirect-wrong-base"},
    {PlantedBug::kLlvmDirectAsIndirect, "llvm-direct-as-indirect"},
    {PlantedBug::kLlvmReferenceRelocatesBase, "llvm-reference-relocates-base"},
    {PlantedBug::kExecHarnessDiesOutsideGuard, "exec-harness-dies-outside-guard"},
    {PlantedBug::kArkLiveDistance31, "ark-live-distance-31"},
    {PlantedBug::kArkVRegListSkipsNoPrefix, "ark-vreg-list-skips-no-prefix"},
    {PlantedBug::kArkStaticRootsOddSpills, "ark-static-roots-odd-spills"},
    {PlantedBug::kMoarDispatchNamedArgTwice, "moar-dispatch-named-arg-twice"},
    {PlantedBug::kMoarCallsitePadDropped, "moar-callsite-pad-dropped"},
    {PlantedBug::kMoarPrecompHeaderDropsLastDependency,
     "moar-precomp-header-drops-last-dependency"},
    {PlantedBug::kMoarDumpPadsExtensionOpsAsCore, "moar-dump-pads-extension-ops-as-core"},
    {PlantedBug::kAndroid11CatchLookupTakesFirst, "android11-catch-lookup-takes-first"},
    {PlantedBug::kAndroid11HeaderSwapsSpillMasks, "android11-header-swaps-spill-masks"},
    {PlantedBug::kAndroid11DedupWithinCodeInfo, "android11-dedup-within-code-info"},
    {PlantedBug::kAndroid11DedupPointsAtFirstCopy, "android11-dedup-points-at-first-copy"},
    {PlantedBug::kDexPcLookupReadsPastLastRow, "dex-pc-lookup-reads-past-last-row"},
}};

// The kebab-case name of `bug`, as FRAMEPROOF_PLANTED_BUG and the test names spell it.
inline absl::string_view PlantedBugName(PlantedBug bug) { return NameOf(kPlantedBugNames, bug); }

// The environment variable that names planted bugs to switch on (comma-separated).
inline constexpr char kPlantedBugEnvironmentVariable[] = "FRAMEPROOF_PLANTED_BUG";

// The bug named `name`, if any.
inline std::optional<PlantedBug> PlantedBugNamed(absl::string_view name) {
  return EnumNamed(kPlantedBugNames, name);
}

#ifdef FRAMEPROOF_PLANTED_BUGS
// The bit of `bug` in a set of planted bugs.
constexpr uint64_t PlantedBugBit(PlantedBug bug) {
  static_assert(kPlantedBugNames.size() <= 64, "one bit per planted bug");
  return bug == PlantedBug::kNone ? 0u : uint64_t{1} << static_cast<uint32_t>(bug);
}

// The bugs named, comma-separated, by the environment variable FRAMEPROOF_PLANTED_BUG, so a planted
// replay or fuzz binary can be pointed at bugs from the shell. An unknown name ends the process: a
// typo must not silently test the healthy code.
inline uint64_t PlantedBugsFromEnvironment() {
  const char* names = std::getenv(kPlantedBugEnvironmentVariable);
  uint64_t bugs = 0;
  for (absl::string_view rest = names == nullptr ? "" : names; !rest.empty();) {
    const size_t comma = rest.find(',');
    const absl::string_view name = rest.substr(0, comma);
    rest = comma == absl::string_view::npos ? "" : rest.substr(comma + 1);
    if (const std::optional<PlantedBug> bug = PlantedBugNamed(name)) {
      bugs |= PlantedBugBit(*bug);
      continue;
    }
    std::fprintf(stderr, "FRAMEPROOF_PLANTED_BUG: '%.*s' names no planted bug; known:",
                 static_cast<int>(name.size()), name.data());
    for (const auto& [known_bug, known] : kPlantedBugNames) {
      std::fprintf(stderr, " %.*s", static_cast<int>(known.size()), known.data());
    }
    std::fprintf(stderr, "\n");
    std::exit(2);
  }
  return bugs;
}

// The set of bugs active in this process: it starts as the environment names it; tests set it.
inline std::atomic<uint64_t> g_planted_bugs{PlantedBugsFromEnvironment()};

// Makes `bug` the only planted bug (kNone: none).
inline void PlantBug(PlantedBug bug) {
  g_planted_bugs.store(PlantedBugBit(bug), std::memory_order_relaxed);
}

#define FP_PLANTED_BUG(name)                                       \
  ((::frameproof::g_planted_bugs.load(std::memory_order_relaxed) & \
    ::frameproof::PlantedBugBit(::frameproof::PlantedBug::name)) != 0)
#elif defined(FRAMEPROOF_PLANTED_BUGS_SHARED_OBJECT)
// A source that fp_planted_pair compiles once for both variants, because at configure time it
// named no bug. One that names a bug since would silently give the planted variant the healthy
// code: stop the build instead.
#define FP_PLANTED_BUG(name)                                                                  \
  ([] {                                                                                       \
    static_assert(sizeof(char) == 0,                                                          \
                  "this source now switches a planted bug: re-run cmake so that its planted " \
                  "variant compiles it with FRAMEPROOF_PLANTED_BUGS");                        \
    return false;                                                                             \
  }())
#else
#define FP_PLANTED_BUG(name) false
#endif

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BASE_PLANTED_BUG_H_
