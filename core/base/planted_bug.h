#ifndef FRAMEPROOF_CORE_BASE_PLANTED_BUG_H_
#define FRAMEPROOF_CORE_BASE_PLANTED_BUG_H_

// Bugs that tests plant on purpose, to prove each oracle and fuzz target reports them.
//
// Each layer names its own bugs: core's are here, arch/planted_arch_bugs.h and
// verifiers/util/planted_verifier_bugs.h name the others. Each layer's enum starts where the one
// below it ends, so every bug has its own bit in one set per process, and its enumerators are
// also in namespace frameproof::planted, so FP_PLANTED_BUG(kName) reads alike in every layer.
//
// Only libraries built with FRAMEPROOF_PLANTED_BUGS (the *_planted CMake variants, linked by the
// "proves it bites" tests) contain the switch; in every other build FP_PLANTED_BUG(x) is the
// constant false and the faulty branch is compiled out.

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <type_traits>

#include "absl/strings/string_view.h"
#include "core/base/enum_names.h"

namespace frameproof {

// core/'s bugs, from bit 1 (0 is none).
enum class CorePlantedBug : uint8_t {
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
  // LLVM stack maps (core/llvm), caught by the llvm_stackmaps round trip:
  kLlvmIndirectOffByOneSlot,  // an Indirect [sp + k] re-encoded one stack slot too high
  // ... and by the llvm-exec verifier, which runs llc's code:
  kLlvmDwarfRegisterOffByOne,  // DWARF general registers mapped to the next hardware register
  kLlvmIndirectWrongBase,      // Indirect [reg + k] read relative to the stack pointer
  kLlvmDirectAsIndirect,       // a Direct location's address loaded from, as if Indirect
  // Ark's CodeInfo (core/ark):
  kArkLiveDistance31,         // the builder re-emits unchanged vregs after 31 maps, not 32
  kArkVRegListSkipsNoPrefix,  // GetVRegList reads an inline level from the outer frame's entries
  kArkStaticRootsOddSpills,   // EnumerateStaticRoots keeps an odd spill count instead of evening it
  // MoarVM bytecode (core/moar):
  kMoarDispatchNamedArgTwice,  // dispatch ops read two registers per named argument (arg_count)
  kMoarCallsitePadDropped,     // the writer leaves out the pad byte after an odd flag count
  kMoarPrecompHeaderDropsLastDependency,  // Rakudo's header reader loses its last dependency line
  // ART's Android 11 format (core/art), caught only by Debian's libart.so (verifiers/libart):
  kAndroid11CatchLookupTakesFirst,   // the catch lookup takes the first map at the dex pc
  kAndroid11HeaderSwapsSpillMasks,   // the header's two spill masks trade places, both ways
  kAndroid11DedupWithinCodeInfo,     // the deduper shares twin tables of one CodeInfo
  kAndroid11DedupPointsAtFirstCopy,  // back-references go to the first copy, not the latest
  // Trusted lookups, caught only by a checked build's bounds checks (core/base/check.h):
  kDexPcLookupReadsPastLastRow,  // GetStackMapForDexPc reads one stack map past the table
  kEndOfCore,                    // not a bug: where arch/'s bits start
};

inline constexpr EnumNameTable<CorePlantedBug, 25> kCorePlantedBugNames = {{
    {CorePlantedBug::kNone, "none"},
    {CorePlantedBug::kVarintPayloadOffByOne, "varint-payload-off-by-one"},
    {CorePlantedBug::kDedupReturnsWrongRun, "dedup-returns-wrong-run"},
    {CorePlantedBug::kBitmapTrimDropsTopBit, "bitmap-trim-drops-top-bit"},
    {CorePlantedBug::kSearchDistance31, "search-distance-31"},
    {CorePlantedBug::kRegisterMaskShiftDropped, "register-mask-shift-dropped"},
    {CorePlantedBug::kCatchMapFoundByNativePc, "catch-map-found-by-native-pc"},
    {CorePlantedBug::kDedupBackReferenceOffByOne, "dedup-back-reference-off-by-one"},
    {CorePlantedBug::kBackReferenceBiasedByOne, "back-reference-biased-by-one"},
    {CorePlantedBug::kRegisterMapNoLookBack, "register-map-no-look-back"},
    {CorePlantedBug::kLlvmIndirectOffByOneSlot, "llvm-indirect-off-by-one-slot"},
    {CorePlantedBug::kLlvmDwarfRegisterOffByOne, "llvm-dwarf-register-off-by-one"},
    {CorePlantedBug::kLlvmIndirectWrongBase, "llvm-indirect-wrong-base"},
    {CorePlantedBug::kLlvmDirectAsIndirect, "llvm-direct-as-indirect"},
    {CorePlantedBug::kArkLiveDistance31, "ark-live-distance-31"},
    {CorePlantedBug::kArkVRegListSkipsNoPrefix, "ark-vreg-list-skips-no-prefix"},
    {CorePlantedBug::kArkStaticRootsOddSpills, "ark-static-roots-odd-spills"},
    {CorePlantedBug::kMoarDispatchNamedArgTwice, "moar-dispatch-named-arg-twice"},
    {CorePlantedBug::kMoarCallsitePadDropped, "moar-callsite-pad-dropped"},
    {CorePlantedBug::kMoarPrecompHeaderDropsLastDependency,
     "moar-precomp-header-drops-last-dependency"},
    {CorePlantedBug::kAndroid11CatchLookupTakesFirst, "android11-catch-lookup-takes-first"},
    {CorePlantedBug::kAndroid11HeaderSwapsSpillMasks, "android11-header-swaps-spill-masks"},
    {CorePlantedBug::kAndroid11DedupWithinCodeInfo, "android11-dedup-within-code-info"},
    {CorePlantedBug::kAndroid11DedupPointsAtFirstCopy, "android11-dedup-points-at-first-copy"},
    {CorePlantedBug::kDexPcLookupReadsPastLastRow, "dex-pc-lookup-reads-past-last-row"},
}};
static_assert(NamesEachOnce(kCorePlantedBugNames));
static_assert(kCorePlantedBugNames.size() == static_cast<size_t>(CorePlantedBug::kEndOfCore),
              "every core bug has a name");

// The name table of a layer's bugs, found by argument-dependent lookup; each layer declares its
// own overload beside its enum.
constexpr const auto& PlantedBugNames(CorePlantedBug) { return kCorePlantedBugNames; }

namespace planted {
using enum CorePlantedBug;
}  // namespace planted

// A layer's planted-bug enum: one whose name table PlantedBugNames finds.
template <typename LayerBug>
concept PlantedBugEnum = std::is_enum_v<LayerBug> && requires(LayerBug bug) {
  PlantedBugNames(bug);
};

// The bit of `bug` in a set of planted bugs; none has no bit.
template <PlantedBugEnum LayerBug>
constexpr uint64_t PlantedBugMask(LayerBug bug) {
  const uint8_t bit = static_cast<uint8_t>(bug);
  return bit == 0 ? 0u : uint64_t{1} << bit;
}

// One planted bug of any layer, so tests can list and plant bugs of several layers alike.
class PlantedBug {
 public:
  constexpr PlantedBug() : PlantedBug(CorePlantedBug::kNone) {}
  template <PlantedBugEnum LayerBug>
  constexpr PlantedBug(LayerBug bug)  // NOLINT(google-explicit-constructor): any layer's bug
      : mask_(PlantedBugMask(bug)), name_(NameOf(PlantedBugNames(bug), bug)) {}

  // Its bit in a set of planted bugs; none has no bit.
  constexpr uint64_t mask() const { return mask_; }
  // The kebab-case name FRAMEPROOF_PLANTED_BUG and the test names spell it with.
  constexpr absl::string_view name() const { return name_; }

 private:
  uint64_t mask_;
  absl::string_view name_;
};

// The environment variable that names planted bugs to switch on (comma-separated).
inline constexpr char kPlantedBugEnvironmentVariable[] = "FRAMEPROOF_PLANTED_BUG";

// Calls `each` with every name of the comma-separated list `names`.
template <typename Each>
void ForEachPlantedBugName(absl::string_view names, Each each) {
  while (!names.empty()) {
    const size_t comma = names.find(',');
    each(names.substr(0, comma));
    names = comma == absl::string_view::npos ? "" : names.substr(comma + 1);
  }
}

// The first name of `names` (comma-separated) that none of `tables` knows, if any. A layer sees
// only its own bugs, so this check belongs to programs that link every layer (see
// verifiers/util/planted_verifier_bugs.h).
template <typename... Tables>
std::optional<absl::string_view> FirstUnknownPlantedBug(absl::string_view names,
                                                        const Tables&... tables) {
  std::optional<absl::string_view> unknown;
  ForEachPlantedBugName(names, [&](absl::string_view name) {
    if (!unknown.has_value() && !(EnumNamed(tables, name).has_value() || ...)) unknown = name;
  });
  return unknown;
}

#ifdef FRAMEPROOF_PLANTED_BUGS
// The set of bugs active in this process. Each layer adds the bugs the environment names from
// its table as the program starts (PlantFromEnvironment); tests set it with PlantBug.
inline constinit std::atomic<uint64_t> g_planted_bugs{0};

// Adds to the process's set the bugs of FRAMEPROOF_PLANTED_BUG that `table` names, so a planted
// replay or fuzz binary can be pointed at bugs from the shell. Names of other layers' bugs are
// theirs to add; a name no layer knows is refused where every layer is linked. Returns true, to
// serve as an initializer.
template <typename LayerBug, size_t N>
bool PlantFromEnvironment(const EnumNameTable<LayerBug, N>& table) {
  const char* names = std::getenv(kPlantedBugEnvironmentVariable);
  ForEachPlantedBugName(names == nullptr ? "" : names, [&](absl::string_view name) {
    if (const std::optional<LayerBug> bug = EnumNamed(table, name)) {
      g_planted_bugs.fetch_or(PlantedBugMask(*bug), std::memory_order_relaxed);
    }
  });
  return true;
}
inline const bool kCorePlantedBugsFromEnvironment = PlantFromEnvironment(kCorePlantedBugNames);

// Makes `bug` the only planted bug (planted::kNone: none).
inline void PlantBug(PlantedBug bug) {
  g_planted_bugs.store(bug.mask(), std::memory_order_relaxed);
}

// The mask is a constant of the build: a switch costs one load and a test, as before the layers
// named their own bugs, and never looks a name up.
#define FP_PLANTED_BUG(name)                                       \
  ((::frameproof::g_planted_bugs.load(std::memory_order_relaxed) & \
    std::integral_constant<uint64_t, ::frameproof::PlantedBugMask( \
                                         ::frameproof::planted::name)>::value) != 0)
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
