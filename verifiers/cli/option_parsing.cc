#include "verifiers/cli/option_parsing.h"

#include <algorithm>
#include <optional>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace frameproof {

bool ParseList(const std::string& value, std::vector<std::string>* out) {
  const size_t before = out->size();
  for (absl::string_view item : absl::StrSplit(value, ',', absl::SkipEmpty())) {
    out->emplace_back(item);
  }
  return out->size() > before;
}

bool ParseSeed(const std::string& text, uint64_t* seed) {
  if (text.rfind("0x", 0) == 0 || text.rfind("0X", 0) == 0) {
    return absl::SimpleHexAtoi(text.substr(2), seed);
  }
  return absl::SimpleAtoi(text, seed);
}

std::string ParseArchList(const std::string& value, std::vector<InstructionSet>* arches) {
  arches->clear();
  for (absl::string_view name : absl::StrSplit(value, ',', absl::SkipEmpty())) {
    const std::optional<InstructionSet> isa = ParseInstructionSet(name);
    if (!isa.has_value() || (*isa != InstructionSet::kX86_64 && *isa != InstructionSet::kArm64)) {
      return absl::StrCat("--arch takes x86_64 and arm64, not '", name, "'");
    }
    if (std::find(arches->begin(), arches->end(), *isa) == arches->end()) arches->push_back(*isa);
  }
  return arches->empty() ? "--arch needs at least one ISA" : "";
}

}  // namespace frameproof
