#include "verifiers/llvm/exec/llvm_exec_generator.h"

#include <array>
#include <bit>
#include <cmath>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/prng.h"
#include "verifiers/llvm/exec_runtime/hook_record.h"

namespace frameproof {
namespace {

constexpr uint64_t kSeedMix = 0x9E3779B97F4A7C15ull;
constexpr uint32_t kMaxFunctions = 4;
constexpr uint32_t kMaxSites = 3;
constexpr uint32_t kMaxArguments = 6;
constexpr uint32_t kIdBound = 1u << 31;
constexpr uint32_t kStackMapShadowBytes = 8;   // room for the runtime's call (5) or branch (4)
constexpr uint32_t kPatchPointBytes = 16;      // llc's call sequence: 13 bytes x86_64, 16 arm64
constexpr double kLargestKeptDouble = 1e200;   // larger products are not kept, so none overflows
constexpr uint32_t kPaddingSlots = 160;
constexpr uint32_t kDynamicAllocaMask = 63;     // a variable-sized alloca of 8 to 71 bytes
constexpr uint32_t kDynamicAllocaMinimum = 8;
constexpr uint64_t kChecksumMultiplier = 0x100000001B3ull;  // odd, so no value is lost        // a 1,280-byte array pushes spill slots up

constexpr std::array<int64_t, 12> kSmallConstants = {0, 1, -1, 2, 7, 42, 255, 4096, 65535, -42,
                                                     2147483647, -2147483648};
constexpr std::array<uint64_t, 6> kLargeConstants = {
    4294967296ull,          0xFFFFFFFF7FFFFFFFull, 2147483648ull, 0x123456789ABCDEF0ull,
    0x7FFFFFFFFFFFFFFFull,  0x8000000000000000ull};
constexpr std::array<double, 8> kDoubleConstants = {0.0, 1.0, 1.5, -2.5, 0.25, 1024.0, -0.0,
                                                    3.0e100};

enum class ValueType { kI64, kI32, kF64, kPtr, kAlloca };

struct Value {
  std::string name;  // an SSA name, or a constant's IR spelling
  ValueType type;
  uint64_t bits;  // kI32: zero-extended; kAlloca: the word stored in the slot
};

struct GcPointer {
  std::string name;  // the current (relocated) name
  uint64_t bits;
  size_t base;  // index of the base pointer in the function's GC pointers
};

absl::string_view IrType(ValueType type) {
  switch (type) {
    case ValueType::kI64:
      return "i64";
    case ValueType::kI32:
      return "i32";
    case ValueType::kF64:
      return "double";
    case ValueType::kPtr:
    case ValueType::kAlloca:
      return "i8*";
  }
  return "i64";
}

LlvmExecType ExpectedType(ValueType type) {
  switch (type) {
    case ValueType::kI64:
      return LlvmExecType::kI64;
    case ValueType::kI32:
      return LlvmExecType::kI32;
    case ValueType::kF64:
      return LlvmExecType::kF64;
    case ValueType::kPtr:
      return LlvmExecType::kPtr;
    case ValueType::kAlloca:
      return LlvmExecType::kAlloca;
  }
  return LlvmExecType::kI64;
}

std::string DoubleLiteral(uint64_t bits) { return absl::StrCat("0x", absl::Hex(bits, absl::kZeroPad16)); }

uint64_t DoubleBits(double value) { return std::bit_cast<uint64_t>(value); }
double BitsDouble(uint64_t bits) { return std::bit_cast<double>(bits); }

std::string Typed(const Value& value) { return absl::StrCat(IrType(value.type), " ", value.name); }

class FunctionBuilder {
 public:
  FunctionBuilder(Prng& rng, uint32_t index, absl::flat_hash_set<uint64_t>& ids,
                  LlvmExecExpectations& expectations)
      : rng_(rng), index_(index), ids_(ids), expectations_(expectations) {}

  // The function's definition; `call` gets fp_main's lines that run it.
  std::string Build(std::string* call) {
    const uint32_t site_count = rng_.InRange(1, kMaxSites);
    std::vector<LlvmExecSiteKind> kinds;
    for (uint32_t s = 0; s < site_count; ++s) kinds.push_back(PickKind());
    gc_ = false;
    for (LlvmExecSiteKind kind : kinds) gc_ |= kind == LlvmExecSiteKind::kStatePoint;
    code_info_friendly_ = rng_.Chance(1, 2);
    AddArguments();
    if (!code_info_friendly_) AddAllocas();
    const uint32_t operations = rng_.Chance(1, 4) ? rng_.InRange(14, 26) : rng_.InRange(3, 12);
    for (uint32_t i = 0; i < operations; ++i) AddOperation();
    if (gc_) AddGcPointers();
    for (LlvmExecSiteKind kind : kinds) AddSite(kind);
    Return();

    const bool frame_pointer = rng_.Chance(1, 2);
    std::vector<std::string> params;
    std::vector<std::string> param_types;
    std::vector<std::string> arguments;
    for (const Value& arg : args_) {
      params.push_back(Typed(arg));
      param_types.emplace_back(IrType(arg.type));
      arguments.push_back(absl::StrCat(IrType(arg.type), " ", Literal(arg)));
    }
    const std::string signature = absl::StrCat("i64 (", absl::StrJoin(param_types, ", "), ")");
    std::string text = absl::StrCat("define i64 @fp_case_", index_, "(", absl::StrJoin(params, ", "),
                                    ") noredzone nounwind",
                                    frame_pointer ? " \"frame-pointer\"=\"all\"" : "",
                                    gc_ ? " gc \"statepoint-example\"" : "", " {\nentry:\n");
    for (const std::string& line : lines_) absl::StrAppend(&text, "  ", line, "\n");
    text += "}\n\n";
    *call = absl::StrCat(
        "  store i64 ", index_, ", i64* @fp_current_case\n", "  store i8* bitcast (", signature,
        "* @fp_case_", index_, " to i8*), i8** @fp_next_case\n", "  %r", index_,
        " = call i64 bitcast (void ()* @fp_enter to ", signature, "*)(",
        absl::StrJoin(arguments, ", "), ")\n", "  call void @fp_report_result(i64 %r", index_,
        ")\n");
    LlvmExecFunction function;
    function.result = checksum_;
    for (const Value& value : values_) function.values.push_back(value.bits);
    for (const GcPointer& pointer : gc_pointers_) function.values.push_back(pointer.bits);
    function.values.insert(function.values.end(), partial_sums_.begin(), partial_sums_.end());
    function.values.insert(function.values.end(), site_constants_.begin(), site_constants_.end());
    function.values.push_back(kChecksumMultiplier);
    expectations_.functions.push_back(std::move(function));
    return text;
  }

 private:
  std::string Fresh(absl::string_view prefix) { return absl::StrCat("%", prefix, ++counter_); }

  LlvmExecSiteKind PickKind() {
    const uint32_t roll = rng_.Below(100);
    if (roll < 30) return LlvmExecSiteKind::kStackMap;
    if (roll < 50) return LlvmExecSiteKind::kPatchPoint;
    if (roll < 70) return LlvmExecSiteKind::kAnyRegPatchPoint;
    return LlvmExecSiteKind::kStatePoint;
  }

  static std::string Literal(const Value& value) {
    switch (value.type) {
      case ValueType::kI64:
        return absl::StrCat(static_cast<int64_t>(value.bits));
      case ValueType::kI32:
        return absl::StrCat(static_cast<int32_t>(value.bits));
      case ValueType::kF64:
        return DoubleLiteral(value.bits);
      default:
        return absl::StrCat("inttoptr (i64 ", value.bits, " to i8*)");
    }
  }

  void AddArguments() {
    const uint32_t count = rng_.InRange(1, kMaxArguments);
    for (uint32_t i = 0; i < count; ++i) {
      // The first argument is always an i64, so every operation has an integer to start from.
      const uint32_t roll = i == 0 ? 0 : rng_.Below(3);
      Value arg{Fresh("a"), ValueType::kI64, rng_.Next()};
      if (roll == 1) {
        arg.type = ValueType::kI32;
        arg.bits = rng_.Next32();
      } else if (roll == 2) {
        arg.type = ValueType::kF64;
        arg.bits = DoubleBits(static_cast<double>(static_cast<int32_t>(rng_.Next32())) / 8.0);
      }
      args_.push_back(arg);
      values_.push_back(arg);
    }
  }

  void AddAllocas() {
    if (rng_.Chance(1, 6)) {
      const std::string pad = Fresh("pad");
      lines_.push_back(absl::StrCat(pad, " = alloca [", kPaddingSlots, " x i64]"));
      const std::string slot = Fresh("padslot");
      lines_.push_back(absl::StrCat(slot, " = getelementptr [", kPaddingSlots, " x i64], [",
                                    kPaddingSlots, " x i64]* ", pad, ", i64 0, i64 ",
                                    kPaddingSlots - 1));
      lines_.push_back(absl::StrCat("store volatile i64 1, i64* ", slot));
    }
    if (rng_.Chance(1, 2)) {
      // A variable-sized alloca makes the stack size dynamic, so llc addresses spill slots from
      // the frame pointer (Indirect [rbp/x29 + k]) instead of the stack pointer.
      const std::string low = Fresh("dynlow");
      const std::string count = Fresh("dyncount");
      const std::string block = Fresh("dyn");
      lines_.push_back(absl::StrCat(low, " = and i64 ", values_.front().name, ", ",
                                    kDynamicAllocaMask));
      lines_.push_back(absl::StrCat(count, " = add i64 ", low, ", ", kDynamicAllocaMinimum));
      lines_.push_back(absl::StrCat(block, " = alloca i8, i64 ", count, ", align 16"));
      lines_.push_back(absl::StrCat("store volatile i8 1, i8* ", block));
    }
    const uint32_t count = rng_.Chance(1, 2) ? rng_.InRange(1, 2) : 0;
    for (uint32_t i = 0; i < count; ++i) {
      const std::string slot = Fresh("slot");
      const uint64_t word = rng_.Next();
      lines_.push_back(absl::StrCat(slot, " = alloca i64"));
      lines_.push_back(
          absl::StrCat("store volatile i64 ", static_cast<int64_t>(word), ", i64* ", slot));
      const std::string pointer = Fresh("slotp");
      lines_.push_back(absl::StrCat(pointer, " = bitcast i64* ", slot, " to i8*"));
      values_.push_back({pointer, ValueType::kAlloca, word});
      alloca_slots_.push_back({slot, word});
    }
  }

  const Value* Pick(ValueType type) {
    std::vector<const Value*> candidates;
    for (const Value& value : values_) {
      if (value.type == type) candidates.push_back(&value);
    }
    if (candidates.empty()) return nullptr;
    return candidates[rng_.Below(static_cast<uint32_t>(candidates.size()))];
  }

  void Emit(ValueType type, uint64_t bits, const std::string& expression) {
    const std::string name = Fresh("v");
    lines_.push_back(absl::StrCat(name, " = ", expression));
    values_.push_back({name, type, bits});
  }

  void AddOperation() {
    const uint32_t roll = rng_.Below(10);
    if (roll < 5) {
      AddInteger64();
    } else if (roll < 7) {
      AddInteger32();
    } else if (roll < 9) {
      AddDouble();
    } else {
      const Value& source = *Pick(ValueType::kI64);
      Emit(ValueType::kPtr, source.bits, absl::StrCat("inttoptr i64 ", source.name, " to i8*"));
    }
  }

  // Two operands, distinct where the function has two: `x - x` and `x ^ x` would fold to 0, and
  // llc would then merge the checksum's multiplications into constants no value names.
  std::pair<const Value*, const Value*> PickTwo(ValueType type) {
    const Value* a = Pick(type);
    const Value* b = Pick(type);
    for (int attempt = 0; a != nullptr && a->name == b->name && attempt < 4; ++attempt) b = Pick(type);
    return {a, b};
  }

  void AddInteger64() {
    const auto [pa, pb] = PickTwo(ValueType::kI64);
    const Value a = *pa;
    const Value b = *pb;
    if (a.name == b.name) {
      return Emit(ValueType::kI64, a.bits + b.bits, absl::StrCat("add i64 ", a.name, ", ", b.name));
    }
    switch (rng_.Below(8)) {
      case 0:
        return Emit(ValueType::kI64, a.bits + b.bits, absl::StrCat("add i64 ", a.name, ", ", b.name));
      case 1:
        return Emit(ValueType::kI64, a.bits - b.bits, absl::StrCat("sub i64 ", a.name, ", ", b.name));
      case 2:
        return Emit(ValueType::kI64, a.bits * b.bits, absl::StrCat("mul i64 ", a.name, ", ", b.name));
      case 3:
        return Emit(ValueType::kI64, a.bits ^ b.bits, absl::StrCat("xor i64 ", a.name, ", ", b.name));
      case 4: {
        const uint32_t shift = rng_.InRange(1, 63);
        return Emit(ValueType::kI64, a.bits << shift, absl::StrCat("shl i64 ", a.name, ", ", shift));
      }
      case 5: {
        const uint32_t shift = rng_.InRange(1, 63);
        return Emit(ValueType::kI64, a.bits >> shift,
                    absl::StrCat("lshr i64 ", a.name, ", ", shift));
      }
      case 6: {
        if (const Value* narrow = Pick(ValueType::kI32)) {
          const auto extended = static_cast<uint64_t>(int64_t{static_cast<int32_t>(narrow->bits)});
          return Emit(ValueType::kI64, extended, absl::StrCat("sext i32 ", narrow->name, " to i64"));
        }
        return Emit(ValueType::kI64, a.bits + b.bits, absl::StrCat("add i64 ", a.name, ", ", b.name));
      }
      default:
        // No operation takes a constant operand: llc would reassociate it past the checksum's
        // steps, so a live-out register could hold a partial sum no value names.
        return Emit(ValueType::kI64, a.bits | b.bits, absl::StrCat("or i64 ", a.name, ", ", b.name));
    }
  }

  void AddInteger32() {
    const auto [a, b] = PickTwo(ValueType::kI32);
    if (a == nullptr || a->name == b->name || rng_.Chance(1, 3)) {
      const Value& wide = *Pick(ValueType::kI64);
      return Emit(ValueType::kI32, wide.bits & 0xFFFFFFFFu,
                  absl::StrCat("trunc i64 ", wide.name, " to i32"));
    }
    const auto x = static_cast<uint32_t>(a->bits);
    const auto y = static_cast<uint32_t>(b->bits);
    switch (rng_.Below(3)) {
      case 0:
        return Emit(ValueType::kI32, uint32_t{x + y}, absl::StrCat("add i32 ", a->name, ", ", b->name));
      case 1:
        return Emit(ValueType::kI32, uint32_t{x * y}, absl::StrCat("mul i32 ", a->name, ", ", b->name));
      default:
        return Emit(ValueType::kI32, uint32_t{x ^ y}, absl::StrCat("xor i32 ", a->name, ", ", b->name));
    }
  }

  void AddDouble() {
    const Value* a = Pick(ValueType::kF64);
    const Value* b = Pick(ValueType::kF64);
    if (a == nullptr || rng_.Chance(1, 3)) {
      if (const Value* narrow = Pick(ValueType::kI32); narrow != nullptr && rng_.Chance(1, 2)) {
        const double value = static_cast<double>(static_cast<int32_t>(narrow->bits));
        return Emit(ValueType::kF64, DoubleBits(value),
                    absl::StrCat("sitofp i32 ", narrow->name, " to double"));
      }
      const Value& wide = *Pick(ValueType::kI64);
      const double value = static_cast<double>(static_cast<int64_t>(wide.bits));
      return Emit(ValueType::kF64, DoubleBits(value),
                  absl::StrCat("sitofp i64 ", wide.name, " to double"));
    }
    const double x = BitsDouble(a->bits);
    const double y = BitsDouble(b->bits);
    const uint32_t op = rng_.Below(3);
    const double result = op == 0 ? x + y : op == 1 ? x - y : x * y;
    if (!std::isfinite(result) || std::fabs(result) > kLargestKeptDouble) return;
    static constexpr std::array<absl::string_view, 3> kOps = {"fadd", "fsub", "fmul"};
    Emit(ValueType::kF64, DoubleBits(result),
         absl::StrCat(kOps[op], " double ", a->name, ", ", b->name));
  }

  void AddGcPointers() {
    const uint32_t bases = rng_.InRange(1, 3);
    absl::flat_hash_set<std::string> sources;
    for (uint32_t i = 0; i < bases; ++i) {
      const Value& source = *Pick(ValueType::kI64);
      // Two bases from one value would be one value to llc, and one pair in the record.
      if (!sources.insert(source.name).second) continue;
      const std::string base = Fresh("gc");
      lines_.push_back(
          absl::StrCat(base, " = inttoptr i64 ", source.name, " to i8 addrspace(1)*"));
      const size_t base_index = gc_pointers_.size();
      gc_pointers_.push_back({base, source.bits, base_index});
      if (rng_.Chance(2, 3)) {
        const uint32_t offset = rng_.InRange(1, 4096);
        const std::string derived = Fresh("gcd");
        lines_.push_back(absl::StrCat(derived, " = getelementptr i8, i8 addrspace(1)* ", base,
                                      ", i64 ", offset));
        gc_pointers_.push_back({derived, source.bits + offset, base_index});
      }
    }
  }

  uint64_t FreshId() {
    for (;;) {
      const uint64_t id = rng_.Below(kIdBound);
      if (ids_.insert(id).second) return id;
    }
  }

  // A constant of a random type, as a location and as its expected value.
  Value Constant() {
    static constexpr uint32_t kFriendlyKinds[] = {0, 2, 4};
    const uint32_t kind = code_info_friendly_ ? kFriendlyKinds[rng_.Below(3)] : rng_.Below(5);
    switch (kind) {
      case 0: {
        const int64_t value = kSmallConstants[rng_.Below(kSmallConstants.size())];
        return {absl::StrCat(value), ValueType::kI64, static_cast<uint64_t>(value)};
      }
      case 1: {
        const uint64_t value = kLargeConstants[rng_.Below(kLargeConstants.size())];
        return {absl::StrCat(static_cast<int64_t>(value)), ValueType::kI64, value};
      }
      case 2: {
        const auto value = static_cast<int32_t>(kSmallConstants[rng_.Below(kSmallConstants.size())]);
        return {absl::StrCat(value), ValueType::kI32, static_cast<uint32_t>(value)};
      }
      case 3: {
        const uint64_t bits = DoubleBits(kDoubleConstants[rng_.Below(kDoubleConstants.size())]);
        return {DoubleLiteral(bits), ValueType::kF64, bits};
      }
      default:
        return {"null", ValueType::kPtr, 0};
    }
  }

  // Live values for a site: the function's values and constants.
  std::vector<Value> LiveValues(uint32_t low, uint32_t high) {
    const uint32_t count = rng_.Chance(1, 5) ? rng_.InRange(10, 18) : rng_.InRange(low, high);
    std::vector<Value> live;
    for (uint32_t i = 0; i < count; ++i) {
      if (rng_.Chance(3, 10)) {
        live.push_back(Constant());
        // llc may materialize it in a register that stays live (fmov d8, #1.5 on arm64).
        site_constants_.push_back(live.back().bits);
      } else {
        live.push_back(values_[rng_.Below(static_cast<uint32_t>(values_.size()))]);
      }
    }
    return live;
  }

  static void Expect(const std::vector<Value>& values, LlvmExecSite& site) {
    for (const Value& value : values) site.locations.push_back({ExpectedType(value.type), value.bits});
  }

  static std::string JoinTyped(const std::vector<Value>& values) {
    std::string out;
    for (const Value& value : values) absl::StrAppend(&out, ", ", Typed(value));
    return out;
  }

  // Call arguments for a patchpoint: integers and pointers only.
  std::vector<Value> CallArguments(uint32_t max) {
    std::vector<Value> arguments;
    const uint32_t count = rng_.InRange(0, max);
    for (uint32_t i = 0; i < count; ++i) {
      const Value& value = values_[rng_.Below(static_cast<uint32_t>(values_.size()))];
      if (value.type == ValueType::kF64) continue;
      arguments.push_back(value);
    }
    return arguments;
  }

  void AddSite(LlvmExecSiteKind kind) {
    LlvmExecSite site;
    site.id = FreshId();
    site.kind = kind;
    site.function = index_;
    const std::string target =
        absl::StrCat("i8* inttoptr (i64 ", FP_HOOK_PATCHPOINT_ADDRESS, " to i8*)");
    switch (kind) {
      case LlvmExecSiteKind::kStackMap: {
        const std::vector<Value> live = LiveValues(0, 8);
        lines_.push_back(absl::StrCat("call void (i64, i32, ...) @llvm.experimental.stackmap(i64 ",
                                      site.id, ", i32 ", kStackMapShadowBytes, JoinTyped(live),
                                      ")"));
        Expect(live, site);
        break;
      }
      case LlvmExecSiteKind::kPatchPoint: {
        const std::vector<Value> arguments = CallArguments(2);
        const std::vector<Value> live = LiveValues(0, 8);
        lines_.push_back(absl::StrCat(
            "call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 ", site.id,
            ", i32 ", kPatchPointBytes, ", ", target, ", i32 ", arguments.size(),
            JoinTyped(arguments), JoinTyped(live), ")"));
        Expect(live, site);
        break;
      }
      case LlvmExecSiteKind::kAnyRegPatchPoint: {
        const std::vector<Value> arguments = CallArguments(3);
        const std::vector<Value> live = LiveValues(0, 6);
        lines_.push_back(absl::StrCat(
            Fresh("unused"), " = call anyregcc i64 (i64, i32, i8*, i32, ...) ",
            "@llvm.experimental.patchpoint.i64(i64 ", site.id, ", i32 ", kPatchPointBytes, ", ",
            target, ", i32 ", arguments.size(), JoinTyped(arguments), JoinTyped(live), ")"));
        site.locations.push_back({LlvmExecType::kAny, 0});
        Expect(arguments, site);
        Expect(live, site);
        break;
      }
      case LlvmExecSiteKind::kStatePoint:
        AddStatePoint(site);
        break;
    }
    expectations_.sites.push_back(std::move(site));
  }

  void AddStatePoint(LlvmExecSite& site) {
    const std::vector<Value> deopt = LiveValues(0, 5);
    std::vector<std::string> deopt_operands;
    for (const Value& value : deopt) deopt_operands.push_back(Typed(value));
    std::vector<std::string> gc_operands;
    for (const GcPointer& pointer : gc_pointers_) {
      gc_operands.push_back(absl::StrCat("i8 addrspace(1)* ", pointer.name));
    }
    const std::string token = Fresh("token");
    lines_.push_back(absl::StrCat(
        token, " = call token (i64, i32, void ()*, i32, i32, ...) ",
        "@llvm.experimental.gc.statepoint.p0f_isVoidf(i64 ", site.id,
        // elementtype: LLVM 15 and later require it, 13 and 14 accept it.
        ", i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) ",
        "[ \"deopt\"(",
        absl::StrJoin(deopt_operands, ", "), "), \"gc-live\"(", absl::StrJoin(gc_operands, ", "),
        ") ]"));
    // LLVM's header: calling convention, flags, and the number of deopt values.
    site.locations.push_back({LlvmExecType::kI64, 0});
    site.locations.push_back({LlvmExecType::kI64, 0});
    site.locations.push_back({LlvmExecType::kI64, deopt.size()});
    Expect(deopt, site);
    std::vector<GcPointer> relocated = gc_pointers_;
    for (size_t i = 0; i < gc_pointers_.size(); ++i) {
      const GcPointer& pointer = gc_pointers_[i];
      const std::string name = Fresh("rel");
      lines_.push_back(absl::StrCat(
          name, " = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token ", token,
          ", i32 ", pointer.base, ", i32 ", i, ")"));
      relocated[i].name = name;
      site.gc_pairs.emplace_back(gc_pointers_[pointer.base].bits, pointer.bits);
    }
    gc_pointers_ = std::move(relocated);
  }

  // Folds every value into one i64 after the last site, with integer operations only:
  // sum = sum * kChecksumMultiplier ^ value, which llc cannot reassociate, so each partial sum
  // it computes early (before a site, where a live-out register can hold it) is a known value.
  void Return() {
    std::string accumulator = "0";
    checksum_ = 0;
    const auto fold = [&](const std::string& operand, uint64_t bits) {
      const std::string scaled = Fresh("scaled");
      const std::string name = Fresh("sum");
      lines_.push_back(absl::StrCat(scaled, " = mul i64 ", accumulator, ", ",
                                    static_cast<int64_t>(kChecksumMultiplier)));
      lines_.push_back(absl::StrCat(name, " = xor i64 ", scaled, ", ", operand));
      accumulator = name;
      checksum_ *= kChecksumMultiplier;
      partial_sums_.push_back(checksum_);
      checksum_ ^= bits;
      partial_sums_.push_back(checksum_);
    };
    for (const Value& value : values_) {
      const std::string name = Fresh("w");
      switch (value.type) {
        case ValueType::kI64:
          fold(value.name, value.bits);
          continue;
        case ValueType::kI32:
          lines_.push_back(absl::StrCat(name, " = zext i32 ", value.name, " to i64"));
          break;
        case ValueType::kF64:
          lines_.push_back(absl::StrCat(name, " = bitcast double ", value.name, " to i64"));
          break;
        case ValueType::kPtr:
          lines_.push_back(absl::StrCat(name, " = ptrtoint i8* ", value.name, " to i64"));
          break;
        case ValueType::kAlloca:
          continue;  // read through its slot below
      }
      fold(name, value.bits);
    }
    for (const auto& [slot, word] : alloca_slots_) {
      const std::string name = Fresh("w");
      lines_.push_back(absl::StrCat(name, " = load volatile i64, i64* ", slot));
      fold(name, word);
    }
    for (const GcPointer& pointer : gc_pointers_) {
      const std::string name = Fresh("w");
      lines_.push_back(
          absl::StrCat(name, " = ptrtoint i8 addrspace(1)* ", pointer.name, " to i64"));
      fold(name, pointer.bits);
    }
    lines_.push_back(absl::StrCat("ret i64 ", accumulator));
  }

  Prng& rng_;
  const uint32_t index_;
  absl::flat_hash_set<uint64_t>& ids_;
  LlvmExecExpectations& expectations_;
  bool gc_ = false;
  uint32_t counter_ = 0;
  std::vector<Value> args_;
  std::vector<Value> values_;
  std::vector<std::pair<std::string, uint64_t>> alloca_slots_;  // (i64* slot, word stored)
  std::vector<GcPointer> gc_pointers_;
  std::vector<std::string> lines_;
  uint64_t checksum_ = 0;
  std::vector<uint64_t> partial_sums_;
  std::vector<uint64_t> site_constants_;
  // Every location of a CodeInfo-friendly function has a CodeInfo form (no allocas, constants
  // that fit 32 bits), so the conversion's reading is checked on it too.
  bool code_info_friendly_ = false;
};

constexpr absl::string_view kPrologue = R"(declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @llvm.experimental.patchpoint.void(i64, i32, i8*, i32, ...)
declare i64 @llvm.experimental.patchpoint.i64(i64, i32, i8*, i32, ...)
declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, ...)
declare i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token, i32, i32)
declare void @fp_hook_statepoint()
declare void @fp_enter()
declare void @fp_report_result(i64)
@fp_current_case = external global i64
@fp_next_case = external global i8*

)";

}  // namespace

LlvmExecProgram GenerateLlvmExecProgram(uint64_t seed, uint64_t index) {
  Prng rng(seed * kSeedMix + index);
  LlvmExecProgram program;
  absl::flat_hash_set<uint64_t> ids;
  const uint32_t functions = rng.InRange(1, kMaxFunctions);
  std::string definitions;
  std::string main = "define void @fp_main() {\n";
  for (uint32_t f = 0; f < functions; ++f) {
    FunctionBuilder builder(rng, f, ids, program.expectations);
    std::string call;
    definitions += builder.Build(&call);
    main += call;
  }
  main += "  ret void\n}\n";
  program.ir = absl::StrCat("; frameproof llvm-exec program: seed ", seed, ", case ", index, "\n",
                            FormatLlvmExecExpectations(program.expectations), "\n", kPrologue,
                            definitions, main);
  return program;
}

}  // namespace frameproof
