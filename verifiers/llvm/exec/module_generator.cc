#include "verifiers/llvm/exec/module_generator.h"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "core/base/prng.h"
#include "verifiers/llvm/exec/llvm_exec_generator.h"
#include "verifiers/llvm/exec/module_builds.h"

namespace frameproof {
namespace {

constexpr uint64_t kSeedMix = 0xA0761D6478BD642Full;
constexpr uint32_t kMaxFunctions = 3;
constexpr uint32_t kMaxSites = 3;
constexpr uint32_t kMaxOperands = 12;
constexpr uint32_t kPressureOperands = 24;  // enough live values to spill on either ISA
constexpr uint32_t kIdBound = 1u << 31;
constexpr uint32_t kLoadBytes = 8;
constexpr uint32_t kPointerStep = 8;  // derived pointers move by whole words
constexpr uint32_t kAlignedWordBytes = 8;
constexpr uint64_t kChecksumMultiplier = 0x100000001B3ull;
constexpr uint32_t kHazardOdds = 6;   // each hazard is in one module out of six
constexpr uint32_t kSlotMargin = 64;  // the large frame's marked byte, from its top
constexpr std::array<uint32_t, 5> kShadowBytes = {0, 4, 8, 16, 24};
constexpr std::array<uint32_t, 3> kRealignments = {32, 64, 128};
constexpr std::array<uint32_t, 3> kLargeFrameBytes = {4096, 70000, 300000};
constexpr std::array<absl::string_view, 4> kVectorTypes = {"<4 x i32>", "<2 x i64>", "<2 x double>",
                                                           "<4 x float>"};
constexpr std::array<absl::string_view, 6> kIntegerOperations = {"add", "sub", "mul",
                                                                 "xor", "and", "or"};
constexpr std::array<absl::string_view, 3> kFloatOperations = {"fadd", "fsub", "fmul"};

constexpr absl::string_view kGcPointerType = "i8 addrspace(1)*";
constexpr absl::string_view kCalleeTable = "@reach_callees";
constexpr absl::string_view kCalleeTableType = "{i64 (i64)*, i64 (i64)*}";

enum class Kind {
  kI64,
  kI32,
  kDouble,
  kFloat,
  kPointer,
  kGcPointer,
  kPair,          // {i64, i64}
  kMixed,         // {i32, double}
  kVector,        // a 128-bit vector
  kNarrowVector,  // <2 x i32>
  kWide,          // i128
  kExtended,      // x86_fp80 (x86_64) or fp128 (arm64)
};
// Kinds llc 13-16 are known to mishandle as stack map operands.
constexpr std::array<Kind, 5> kHazards = {Kind::kPair, Kind::kMixed, Kind::kNarrowVector,
                                          Kind::kWide, Kind::kExtended};

// What llc 13-16 are known to mishandle, each in some modules only, so the others show what
// else goes wrong.
struct Hazards {
  absl::flat_hash_set<Kind> kinds;  // of kHazards
  // llc crashes computing a patchpoint's live-outs (LLVM issues 53828, 85828) when an ordinary
  // call follows it, or a vector (or x87) register holds a value across it or is written
  // after it.
  bool calls_after_patchpoints = false;
  bool vector_registers_across_patchpoints = false;
};

// The element type of a vector type ("<4 x float>": "float") and its kind.
std::pair<absl::string_view, Kind> LaneOf(absl::string_view vector) {
  constexpr absl::string_view kTimes = " x ";
  const size_t start = vector.find(kTimes) + kTimes.size();
  const absl::string_view element = vector.substr(start, vector.size() - 1 - start);
  const Kind kind = element == "i32"      ? Kind::kI32
                    : element == "i64"    ? Kind::kI64
                    : element == "double" ? Kind::kDouble
                                          : Kind::kFloat;
  return {element, kind};
}

struct Value {
  Kind kind;
  std::string type;
  std::string name;   // an SSA name, or a constant
  uint32_t room = 0;  // a pointer: the bytes from it to the end of what it points into
  std::string Typed() const { return absl::StrCat(type, " ", name); }
};

class FunctionWriter {
 public:
  FunctionWriter(Prng& rng, InstructionSet isa, uint32_t index, const Hazards& hazards,
                 absl::flat_hash_set<uint64_t>& ids)
      : rng_(rng), isa_(isa), index_(index), hazards_(hazards), ids_(ids) {}

  std::string Write() {
    gc_ = rng_.Chance(1, 2);
    unwinds_ = rng_.Chance(1, 2);
    std::vector<std::string> parameters = Parameters();
    Frame();
    const uint32_t operations = rng_.Chance(1, 4) ? rng_.InRange(12, 24) : rng_.InRange(3, 10);
    for (uint32_t i = 0; i < operations; ++i) Make(PickKind());
    if (rng_.Chance(1, 2)) Diamond();
    const uint32_t sites = rng_.InRange(1, kMaxSites);
    for (uint32_t s = 0; s < sites; ++s) {
      Site();
      if (rng_.Chance(1, 2)) After();
    }
    Return();
    std::string attributes = " noredzone";
    if (!unwinds_) absl::StrAppend(&attributes, " nounwind");
    if (realign_attribute_) absl::StrAppend(&attributes, " \"stackrealign\"");
    if (gc_) absl::StrAppend(&attributes, " gc \"statepoint-example\"");
    if (unwinds_) absl::StrAppend(&attributes, " personality i32 (...)* @__gxx_personality_v0");
    return absl::StrCat("define i64 @reach_", index_, "(", absl::StrJoin(parameters, ", "), ")",
                        attributes, " {\nentry:\n", body_, landing_pads_, "}\n");
  }

 private:
  std::string Name(absl::string_view stem) { return absl::StrCat("%", stem, ++names_); }

  void Emit(absl::string_view line) { absl::StrAppend(&body_, "  ", line, "\n"); }

  void Label(const std::string& label) { absl::StrAppend(&body_, label, ":\n"); }

  Value Add(Kind kind, absl::string_view type, std::string name, uint32_t room = 0) {
    pool_.push_back({kind, std::string(type), std::move(name), room});
    return pool_.back();
  }

  std::vector<std::string> Parameters() {
    std::vector<std::string> parameters;
    const uint32_t count = rng_.InRange(1, 5);
    Add(Kind::kI64, "i64", "%a0");
    parameters.push_back("i64 %a0");
    for (uint32_t p = 1; p <= count; ++p) {
      static constexpr std::array<Kind, 5> kParameterKinds = {Kind::kI64, Kind::kI32, Kind::kDouble,
                                                              Kind::kFloat, Kind::kPointer};
      const Kind kind = kParameterKinds[rng_.Below(kParameterKinds.size())];
      const std::string name = absl::StrCat("%a", p);
      const Value& value = Add(kind, TypeOf(kind), name, kModuleBufferBytes);
      parameters.push_back(value.Typed());
    }
    const uint32_t gc_pointers = gc_ ? rng_.InRange(1, 3) : 0;
    for (uint32_t p = 0; p < gc_pointers; ++p) {
      const Value& value =
          Add(Kind::kGcPointer, kGcPointerType, absl::StrCat("%gc", p), kModuleBufferBytes);
      parameters.push_back(value.Typed());
    }
    return parameters;
  }

  std::string TypeOf(Kind kind) const {
    switch (kind) {
      case Kind::kI64:
        return "i64";
      case Kind::kI32:
        return "i32";
      case Kind::kDouble:
        return "double";
      case Kind::kFloat:
        return "float";
      case Kind::kPointer:
        return "i8*";
      case Kind::kGcPointer:
        return std::string(kGcPointerType);
      case Kind::kPair:
        return "{i64, i64}";
      case Kind::kMixed:
        return "{i32, double}";
      case Kind::kVector:
        return "<4 x i32>";
      case Kind::kNarrowVector:
        return "<2 x i32>";
      case Kind::kWide:
        return "i128";
      case Kind::kExtended:
        return isa_ == InstructionSet::kX86_64 ? "x86_fp80" : "fp128";
    }
    return "i64";
  }

  // A large or realigned frame, with marked words the checksum reads back through pointers.
  void Frame() {
    if (rng_.Chance(1, 3)) {
      const uint32_t bytes = kLargeFrameBytes[rng_.Below(kLargeFrameBytes.size())];
      const uint32_t align =
          rng_.Chance(1, 2) ? 16 : kRealignments[rng_.Below(kRealignments.size())];
      const std::string frame = Name("frame");
      const std::string array = absl::StrCat("[", bytes, " x i8]");
      Emit(absl::StrCat(frame, " = alloca ", array, ", align ", align));
      const std::string slot = Name("slot");
      Emit(absl::StrCat(slot, " = getelementptr ", array, ", ", array, "* ", frame, ", i64 0, i64 ",
                        bytes - kSlotMargin));
      // Every byte a pointer into the slot may read is written: the rest of the frame is undef.
      std::vector<std::string> words;
      for (uint32_t w = 0; w < kSlotMargin / kLoadBytes; ++w) {
        words.push_back(absl::StrCat("i64 ", static_cast<int64_t>(rng_.Next())));
      }
      const std::string marked = Name("marked");
      const std::string marked_type = absl::StrCat("[", words.size(), " x i64]");
      Emit(absl::StrCat(marked, " = bitcast i8* ", slot, " to ", marked_type, "*"));
      Emit(absl::StrCat("store ", marked_type, " [", absl::StrJoin(words, ", "), "], ", marked_type,
                        "* ", marked, ", align 1"));
      Add(Kind::kPointer, "i8*", slot, kSlotMargin);
    }
    if (rng_.Chance(1, 3)) {
      const uint32_t align = kRealignments[rng_.Below(kRealignments.size())];
      const std::string word = Name("aligned");
      Emit(absl::StrCat(word, " = alloca i64, align ", align));
      Emit(absl::StrCat("store i64 ", Pick(Kind::kI64).name, ", i64* ", word, ", align ", align));
      const std::string bytes = Name("alignedp");
      Emit(absl::StrCat(bytes, " = bitcast i64* ", word, " to i8*"));
      Add(Kind::kPointer, "i8*", bytes, kAlignedWordBytes);
      realign_attribute_ = rng_.Chance(1, 2);
    }
  }

  Kind PickKind() { return Allowed(AnyKind()); }

  Kind AnyKind() {
    static constexpr std::array<Kind, 12> kKinds = {
        Kind::kI64,   Kind::kI64,     Kind::kI64,  Kind::kI32,    Kind::kDouble,    Kind::kDouble,
        Kind::kFloat, Kind::kPointer, Kind::kPair, Kind::kVector, Kind::kGcPointer, Kind::kI64};
    const bool hazard = !hazards_.kinds.empty() && rng_.Chance(1, 6);
    if (hazard) {
      std::vector<Kind> enabled(hazards_.kinds.begin(), hazards_.kinds.end());
      std::sort(enabled.begin(), enabled.end());  // the set's order is not the seed's
      return enabled[rng_.Below(enabled.size())];
    }
    return kKinds[rng_.Below(kKinds.size())];
  }

  std::optional<Value> Find(Kind kind) {
    std::vector<size_t> matching;
    for (size_t v = 0; v < pool_.size(); ++v) {
      if (pool_[v].kind == kind) matching.push_back(v);
    }
    if (matching.empty()) return std::nullopt;
    return pool_[matching[rng_.Below(matching.size())]];
  }

  // A value of `kind`, made if the pool has none. kI64 always exists (%a0).
  Value Pick(Kind kind) {
    if (std::optional<Value> value = Find(kind); value.has_value() && rng_.Chance(3, 4)) {
      return *value;
    }
    if (std::optional<Value> made = Make(kind)) return *made;
    return pool_.front();
  }

  std::optional<Value> Make(Kind kind) {
    const std::string type = TypeOf(kind);
    const std::string name = Name("v");
    switch (kind) {
      case Kind::kI64: {
        const Value a = Pick(Kind::kI64);
        if (rng_.Chance(1, 4)) {
          Emit(absl::StrCat(name, " = ", rng_.Chance(1, 2) ? "shl" : "lshr", " i64 ", a.name, ", ",
                            rng_.Below(64)));
        } else if (std::optional<Value> pointer = Find(Kind::kPointer);
                   rng_.Chance(1, 5) && pointer.has_value() && pointer->room >= kLoadBytes) {
          const std::string at = Name("at");
          const std::string word = Name("word");
          Emit(absl::StrCat(
              at, " = getelementptr i8, i8* ", pointer->name, ", i64 ",
              rng_.Below((pointer->room - kLoadBytes) / kPointerStep + 1) * kPointerStep));
          Emit(absl::StrCat(word, " = bitcast i8* ", at, " to i64*"));
          Emit(absl::StrCat(name, " = load i64, i64* ", word, ", align 1"));
        } else {
          const Value b = Pick(Kind::kI64);
          Emit(absl::StrCat(name, " = ", kIntegerOperations[rng_.Below(kIntegerOperations.size())],
                            " i64 ", a.name, ", ", b.name));
        }
        break;
      }
      case Kind::kI32:
        Emit(absl::StrCat(name, " = trunc i64 ", Pick(Kind::kI64).name, " to i32"));
        break;
      case Kind::kDouble:
        if (std::optional<Value> a = Find(Kind::kDouble); a.has_value() && rng_.Chance(2, 3)) {
          Emit(absl::StrCat(name, " = ", kFloatOperations[rng_.Below(kFloatOperations.size())],
                            " double ", a->name, ", ", Pick(Kind::kDouble).name));
        } else {
          Emit(absl::StrCat(name, " = sitofp i64 ", Pick(Kind::kI64).name, " to double"));
        }
        break;
      case Kind::kFloat:
        Emit(absl::StrCat(name, " = fptrunc double ", Pick(Kind::kDouble).name, " to float"));
        break;
      case Kind::kPointer:
      case Kind::kGcPointer: {
        const std::optional<Value> base = Find(kind);
        if (!base.has_value()) return std::nullopt;
        const uint32_t offset = rng_.Below(base->room / 2 / kPointerStep + 1) * kPointerStep;
        Emit(absl::StrCat(name, " = getelementptr i8, ", base->Typed(), ", i64 ", offset));
        return Add(kind, type, name, base->room - offset);
      }
      case Kind::kPair: {
        const std::string first = Name("pair");
        Emit(absl::StrCat(first, " = insertvalue {i64, i64} zeroinitializer, i64 ",
                          Pick(Kind::kI64).name, ", 0"));
        Emit(absl::StrCat(name, " = insertvalue {i64, i64} ", first, ", i64 ",
                          Pick(Kind::kI64).name, ", 1"));
        break;
      }
      case Kind::kMixed: {
        const std::string first = Name("mixed");
        Emit(absl::StrCat(first, " = insertvalue {i32, double} zeroinitializer, i32 ",
                          Pick(Kind::kI32).name, ", 0"));
        Emit(absl::StrCat(name, " = insertvalue {i32, double} ", first, ", double ",
                          Pick(Kind::kDouble).name, ", 1"));
        break;
      }
      case Kind::kVector:
      case Kind::kNarrowVector: {
        const absl::string_view vector = kind == Kind::kNarrowVector
                                             ? "<2 x i32>"
                                             : kVectorTypes[rng_.Below(kVectorTypes.size())];
        const auto [element, lane] = LaneOf(vector);
        const std::string first = Name("lane");
        Emit(absl::StrCat(first, " = insertelement ", vector, " zeroinitializer, ", element, " ",
                          Pick(lane).name, ", i32 0"));
        Emit(absl::StrCat(name, " = insertelement ", vector, " ", first, ", ", element, " ",
                          Pick(lane).name, ", i32 1"));
        pool_.push_back({kind, std::string(vector), name});
        return pool_.back();
      }
      case Kind::kWide: {
        const std::string low = Name("low");
        const std::string high = Name("high");
        const std::string shifted = Name("shifted");
        Emit(absl::StrCat(low, " = zext i64 ", Pick(Kind::kI64).name, " to i128"));
        Emit(absl::StrCat(high, " = zext i64 ", Pick(Kind::kI64).name, " to i128"));
        Emit(absl::StrCat(shifted, " = shl i128 ", high, ", 64"));
        Emit(absl::StrCat(name, " = or i128 ", shifted, ", ", low));
        break;
      }
      case Kind::kExtended:
        if (isa_ == InstructionSet::kX86_64) {
          const std::string wide = Name("ext");
          Emit(absl::StrCat(wide, " = fpext double ", Pick(Kind::kDouble).name, " to x86_fp80"));
          Emit(absl::StrCat(name, " = fadd x86_fp80 ", wide, ", ", wide));
        } else {
          // fp128 arithmetic is a libcall the test binaries do not link: bits only.
          Emit(absl::StrCat(name, " = bitcast i128 ", Pick(Kind::kWide).name, " to fp128"));
        }
        break;
    }
    return Add(kind, type, name);
  }

  // A branch on the arguments whose two sides feed phis at the join.
  void Diamond() {
    const std::string condition = Name("cond");
    Emit(absl::StrCat(condition, " = icmp slt i64 ", Pick(Kind::kI64).name, ", ",
                      Pick(Kind::kI64).name));
    const std::string left = absl::StrCat("left", names_);
    const std::string right = absl::StrCat("right", names_);
    const std::string join = absl::StrCat("join", names_);
    Emit(absl::StrCat("br i1 ", condition, ", label %", left, ", label %", right));
    const size_t before = pool_.size();
    const uint32_t phis = rng_.InRange(1, 3);
    std::vector<Kind> kinds;
    for (uint32_t p = 0; p < phis; ++p) kinds.push_back(PickKind());
    std::vector<Value> sides[2];
    for (int side = 0; side < 2; ++side) {
      Label(side == 0 ? left : right);
      for (Kind kind : kinds) {
        const std::optional<Value> made = Make(kind);
        sides[side].push_back(made.value_or(pool_.front()));
      }
      Emit(absl::StrCat("br label %", join));
      pool_.resize(before);  // a side's values do not reach the join
    }
    Label(join);
    for (size_t p = 0; p < kinds.size(); ++p) {
      if (sides[0][p].type != sides[1][p].type) continue;  // a kind one side could not make
      const std::string name = Name("phi");
      Emit(absl::StrCat(name, " = phi ", sides[0][p].type, " [", sides[0][p].name, ", %", left,
                        "], [", sides[1][p].name, ", %", right, "]"));
      Add(sides[0][p].kind, sides[0][p].type, name);
    }
  }

  uint64_t NewId() {
    uint64_t id = 0;
    do {
      id = rng_.Below(kIdBound);
    } while (!ids_.insert(id).second);
    return id;
  }

  std::vector<std::string> Operands(uint32_t count, bool scalars_only) {
    std::vector<std::string> operands;
    for (uint32_t o = 0; o < count; ++o) {
      Kind kind = PickKind();
      if (scalars_only && kind != Kind::kI32 && kind != Kind::kPointer) kind = Kind::kI64;
      if (!scalars_only && rng_.Chance(1, 10)) {
        operands.push_back(absl::StrCat("i64 ", static_cast<int64_t>(rng_.Next())));
        continue;
      }
      operands.push_back(Pick(kind).Typed());
    }
    return operands;
  }

  uint32_t OperandCount() {
    return rng_.Chance(1, 6) ? kPressureOperands : rng_.Below(kMaxOperands + 1);
  }

  // Emits `call` as an invoke whose landing pad returns 0 (a statepoint's first relocates a
  // gc-live pointer on that edge too), and goes on in its normal successor. Every landing pad
  // is a token one: a function's must agree, and a statepoint's must be.
  void EmitInvoke(absl::string_view call, bool relocate) {
    const uint32_t number = ++names_;
    const std::string normal = absl::StrCat("cont", number);
    const std::string landing = absl::StrCat("lpad", number);
    Emit(absl::StrCat(call, " to label %", normal, " unwind label %", landing));
    absl::StrAppend(&landing_pads_, landing, ":\n  %lp", number, " = landingpad token cleanup\n");
    if (relocate) {
      absl::StrAppend(&landing_pads_, "  %lprel", number, " = call ", kGcPointerType,
                      " @llvm.experimental.gc.relocate.p1i8(token %lp", number,
                      ", i32 0, i32 0)\n");
    }
    absl::StrAppend(&landing_pads_, "  ret i64 0\n");
    Label(normal);
  }

  void Site() {
    const uint32_t pick = rng_.Below(gc_ ? 4 : 3);
    if (pick == 3) return StatePoint();
    const uint64_t id = NewId();
    const uint32_t shadow = kShadowBytes[rng_.Below(kShadowBytes.size())];
    if (pick == 0) {
      Emit(absl::StrCat("call void (i64, i32, ...) @llvm.experimental.stackmap(i64 ", id, ", i32 ",
                        shadow, absl::StrJoin(Prefixed(Operands(OperandCount(), false)), ""), ")"));
      return;
    }
    const bool anyreg = pick == 2;
    patched_ = true;
    const bool returns = rng_.Chance(1, 3);
    const std::vector<std::string> arguments = Operands(rng_.Below(3), anyreg);
    const std::vector<std::string> live = Operands(OperandCount(), anyreg);
    if (!hazards_.vector_registers_across_patchpoints) FoldVectorRegisterValues();
    const std::string target =
        rng_.Chance(1, 2)
            ? "i8* bitcast (i64 (i64)* @callee_i64 to i8*)"
            : absl::StrCat("i8* inttoptr (i64 ", rng_.InRange(1, 1u << 30), " to i8*)");
    const bool invoked = unwinds_ && rng_.Chance(1, 3);
    const std::string call = absl::StrCat(
        invoked ? "invoke " : "call ", anyreg ? "anyregcc " : "", returns ? "i64" : "void",
        " (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.", returns ? "i64" : "void",
        "(i64 ", id, ", i32 ", std::max<uint32_t>(shadow, kPatchPointCallShadowBytes), ", ", target,
        ", i32 ", arguments.size(), absl::StrJoin(Prefixed(arguments), ""),
        absl::StrJoin(Prefixed(live), ""), ")");
    if (invoked) {
      EmitInvoke(call, false);
    } else {
      Emit(call);
    }
  }

  static bool InVectorRegister(Kind kind) {
    return kind != Kind::kI64 && kind != Kind::kI32 && kind != Kind::kPointer &&
           kind != Kind::kGcPointer && kind != Kind::kPair && kind != Kind::kWide;
  }

  // Whether values of `kind` may still be made: not after a patchpoint unless the module takes
  // that hazard.
  Kind Allowed(Kind kind) const {
    const bool avoid = patched_ && !hazards_.vector_registers_across_patchpoints;
    return avoid && InVectorRegister(kind) ? Kind::kI64 : kind;
  }

  // Every value a vector (or x87) register would hold becomes its checksum word, so none is
  // live across the next patchpoint.
  void FoldVectorRegisterValues() {
    for (Value& value : pool_) {
      if (InVectorRegister(value.kind)) value = {Kind::kI64, "i64", Word(value)};
    }
  }

  static std::vector<std::string> Prefixed(const std::vector<std::string>& operands) {
    std::vector<std::string> prefixed;
    for (const std::string& operand : operands) prefixed.push_back(absl::StrCat(", ", operand));
    return prefixed;
  }

  void StatePoint() {
    const uint64_t id = NewId();
    const bool returns = rng_.Chance(1, 2);
    std::string callee = returns ? "@callee_i64" : "@callee_void";
    if (returns && rng_.Chance(1, 3)) {
      // The callee comes out of an aggregate the module holds.
      const std::string table = Name("table");
      callee = Name("callee");
      Emit(absl::StrCat(table, " = load ", kCalleeTableType, ", ", kCalleeTableType, "* ",
                        kCalleeTable));
      Emit(absl::StrCat(callee, " = extractvalue ", kCalleeTableType, " ", table, ", ",
                        rng_.Below(2)));
    }
    const std::string function = returns ? "i64 (i64)" : "void ()";
    const std::string mangled = returns ? "p0f_i64i64f" : "p0f_isVoidf";
    const std::string argument =
        returns ? absl::StrCat("i32 1, i32 0, ", Pick(Kind::kI64).Typed()) : "i32 0, i32 0";
    std::vector<std::string> live;
    std::vector<size_t> live_slots;
    for (size_t v = 0; v < pool_.size(); ++v) {
      if (pool_[v].kind == Kind::kGcPointer && (live.empty() || rng_.Chance(3, 4))) {
        live.push_back(pool_[v].Typed());
        live_slots.push_back(v);
      }
    }
    const std::string token = Name("token");
    const bool invoked = unwinds_ && rng_.Chance(1, 3);
    const std::string call = absl::StrCat(
        token, " = ", invoked ? "invoke" : "call", " token (i64, i32, ", function,
        "*, i32, i32, ...) @llvm.experimental.gc.statepoint.", mangled, "(i64 ", id, ", i32 0, ",
        function, "* elementtype(", function, ") ", callee, ", ", argument, ", i32 0, i32 0) ",
        "[ \"deopt\"(", absl::StrJoin(Operands(OperandCount(), false), ", "), "), \"gc-live\"(",
        absl::StrJoin(live, ", "), ") ]");
    if (invoked) {
      EmitInvoke(call, !live.empty());
    } else {
      Emit(call);
    }
    if (returns && rng_.Chance(2, 3)) {
      const std::string result = Name("result");
      Emit(absl::StrCat(result, " = call i64 @llvm.experimental.gc.result.i64(token ", token, ")"));
      Add(Kind::kI64, "i64", result);
    }
    // Every gc-live pointer is relocated, and only the relocated one is used from here on.
    for (size_t l = 0; l < live_slots.size(); ++l) {
      const std::string relocated = Name("rel");
      Emit(absl::StrCat(relocated, " = call ", kGcPointerType,
                        " @llvm.experimental.gc.relocate.p1i8(token ", token, ", i32 ", l, ", i32 ",
                        l, ")"));
      pool_[live_slots[l]].name = relocated;
    }
  }

  // What follows a site: an ordinary call (perhaps invoked), or floating-point work.
  void After() {
    const bool may_call = !patched_ || hazards_.calls_after_patchpoints;
    switch (may_call ? rng_.Below(3) : 2) {
      case 0: {
        const std::string result = Name("called");
        const bool invoked = unwinds_ && rng_.Chance(1, 2);
        const std::string call = absl::StrCat(result, " = ", invoked ? "invoke" : "call",
                                              " i64 @callee_i64(", Pick(Kind::kI64).Typed(), ")");
        if (invoked) {
          EmitInvoke(call, false);
        } else {
          Emit(call);
        }
        Add(Kind::kI64, "i64", result);
        return;
      }
      case 1: {
        const std::string result = Name("pairres");
        Emit(absl::StrCat(result, " = call {i64, i64} @callee_pair(", Pick(Kind::kI64).Typed(),
                          ", ", Pick(Kind::kI64).Typed(), ")"));
        Add(Kind::kPair, "{i64, i64}", result);
        return;
      }
      default:
        Make(Allowed(Kind::kDouble));
        return;
    }
  }

  // One i64 word of `value`, deterministic wherever the code is placed.
  std::string Word(const Value& value) {
    const std::string word = Name("w");
    switch (value.kind) {
      case Kind::kI64:
        return value.name;
      case Kind::kI32:
        Emit(absl::StrCat(word, " = zext i32 ", value.name, " to i64"));
        return word;
      case Kind::kDouble:
        Emit(absl::StrCat(word, " = bitcast double ", value.name, " to i64"));
        return word;
      case Kind::kFloat: {
        const std::string bits = Name("bits");
        Emit(absl::StrCat(bits, " = bitcast float ", value.name, " to i32"));
        Emit(absl::StrCat(word, " = zext i32 ", bits, " to i64"));
        return word;
      }
      case Kind::kPointer:
      case Kind::kGcPointer: {
        const std::string byte = Name("byte");
        Emit(absl::StrCat(byte, " = load i8, ", value.Typed()));
        Emit(absl::StrCat(word, " = zext i8 ", byte, " to i64"));
        return word;
      }
      case Kind::kPair:
      case Kind::kMixed: {
        const std::string field = Name("field");
        const bool pair = value.kind == Kind::kPair;
        Emit(absl::StrCat(field, " = extractvalue ", value.Typed(), ", ", pair ? 1 : 0));
        return Word({pair ? Kind::kI64 : Kind::kI32, pair ? "i64" : "i32", field});
      }
      case Kind::kVector:
      case Kind::kNarrowVector: {
        const std::string lane = Name("lane");
        const auto [element, kind] = LaneOf(value.type);
        Emit(absl::StrCat(lane, " = extractelement ", value.Typed(), ", i32 1"));
        return Word({kind, std::string(element), lane});
      }
      case Kind::kWide: {
        const std::string high = Name("high");
        Emit(absl::StrCat(high, " = lshr i128 ", value.name, ", 64"));
        Emit(absl::StrCat(word, " = trunc i128 ", high, " to i64"));
        return word;
      }
      case Kind::kExtended:
        if (isa_ == InstructionSet::kX86_64) {
          const std::string narrow = Name("narrow");
          Emit(absl::StrCat(narrow, " = fptrunc x86_fp80 ", value.name, " to double"));
          return Word({Kind::kDouble, "double", narrow});
        } else {
          const std::string bits = Name("bits");
          Emit(absl::StrCat(bits, " = bitcast fp128 ", value.name, " to i128"));
          return Word({Kind::kWide, "i128", bits});
        }
    }
    return value.name;
  }

  void Return() {
    std::string sum = "0";
    const std::vector<Value> values = pool_;
    for (const Value& value : values) {
      const std::string word = Word(value);
      const std::string scaled = Name("scaled");
      const std::string next = Name("sum");
      Emit(absl::StrCat(scaled, " = mul i64 ", sum, ", ", kChecksumMultiplier));
      Emit(absl::StrCat(next, " = xor i64 ", scaled, ", ", word));
      sum = next;
    }
    Emit(absl::StrCat("ret i64 ", sum));
  }

  Prng& rng_;
  const InstructionSet isa_;
  const uint32_t index_;
  const Hazards& hazards_;
  bool patched_ = false;  // a patchpoint has been emitted
  absl::flat_hash_set<uint64_t>& ids_;
  bool gc_ = false;
  bool unwinds_ = false;
  bool realign_attribute_ = false;
  uint32_t names_ = 0;
  std::vector<Value> pool_;
  std::string body_;
  std::string landing_pads_;
};

}  // namespace

std::string GenerateLlvmExecModule(uint64_t seed, uint64_t index, InstructionSet isa) {
  Prng rng(seed * kSeedMix + index);
  Hazards hazards;
  for (Kind kind : kHazards) {
    if (rng.Chance(1, kHazardOdds)) hazards.kinds.insert(kind);
  }
  hazards.calls_after_patchpoints = rng.Chance(1, kHazardOdds);
  hazards.vector_registers_across_patchpoints = rng.Chance(1, kHazardOdds);
  absl::flat_hash_set<uint64_t> ids;
  std::string module = absl::StrCat(
      "; frameproof llvm-exec module: seed ", seed, ", case ", index,
      " (judged against its reference build)\n\n"
      "declare void @llvm.experimental.stackmap(i64, i32, ...)\n"
      "declare void @llvm.experimental.patchpoint.void(i64, i32, i8*, i32, ...)\n"
      "declare i64 @llvm.experimental.patchpoint.i64(i64, i32, i8*, i32, ...)\n"
      "declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, "
      "...)\n"
      "declare token @llvm.experimental.gc.statepoint.p0f_i64i64f(i64, i32, i64 (i64)*, i32, "
      "i32, ...)\n"
      "declare i64 @llvm.experimental.gc.result.i64(token)\n"
      "declare ",
      kGcPointerType, " @llvm.experimental.gc.relocate.p1i8(token, i32, i32)\n",
      "declare i32 @__gxx_personality_v0(...)\n"
      "declare void @callee_void()\n"
      "declare i64 @callee_i64(i64)\n"
      "declare i64 @callee_i64_other(i64)\n"
      "declare {i64, i64} @callee_pair(i64, i64)\n",
      kCalleeTable, " = global ", kCalleeTableType,
      " {i64 (i64)* @callee_i64, i64 (i64)* @callee_i64_other}\n");
  const uint32_t functions = rng.InRange(1, kMaxFunctions);
  for (uint32_t f = 0; f < functions; ++f) {
    absl::StrAppend(&module, "\n", FunctionWriter(rng, isa, f, hazards, ids).Write());
  }
  return module;
}

absl::string_view LlvmExecGenerateName(LlvmExecGenerate generate) {
  switch (generate) {
    case LlvmExecGenerate::kPrograms:
      return "programs";
    case LlvmExecGenerate::kModules:
      return "modules";
    case LlvmExecGenerate::kBoth:
      return "both";
  }
  return "?";
}

std::optional<LlvmExecGenerate> ParseLlvmExecGenerate(absl::string_view name) {
  for (LlvmExecGenerate generate :
       {LlvmExecGenerate::kPrograms, LlvmExecGenerate::kModules, LlvmExecGenerate::kBoth}) {
    if (LlvmExecGenerateName(generate) == name) return generate;
  }
  return std::nullopt;
}

bool IsLlvmExecModuleCase(LlvmExecGenerate generate, uint64_t index) {
  return generate == LlvmExecGenerate::kModules ||
         (generate == LlvmExecGenerate::kBoth && index % 2 == 1);
}

std::string GenerateLlvmExecCase(LlvmExecGenerate generate, uint64_t seed, uint64_t index,
                                 InstructionSet isa) {
  return IsLlvmExecModuleCase(generate, index) ? GenerateLlvmExecModule(seed, index, isa)
                                               : GenerateLlvmExecProgram(seed, index).ir;
}

}  // namespace frameproof
