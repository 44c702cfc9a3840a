#include "verifiers/dump/nfc.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace frameproof {
namespace {

struct CombiningClass {
  uint32_t code;
  uint8_t ccc;
};
struct Decomposition {
  uint32_t code;
  uint32_t first;
  uint32_t second;  // 0: a singleton
};
struct Composition {
  uint32_t first;
  uint32_t second;
  uint32_t composite;
};

// kCombiningClasses, kDecompositions, kCompositions, generated into the build tree.
#include "verifiers/dump/nfc_tables.inc"

// Hangul syllables decompose and compose by arithmetic (Unicode chapter 3.12).
constexpr uint32_t kSBase = 0xAC00, kLBase = 0x1100, kVBase = 0x1161, kTBase = 0x11A7;
constexpr uint32_t kLCount = 19, kVCount = 21, kTCount = 28;
constexpr uint32_t kNCount = kVCount * kTCount, kSCount = kLCount * kNCount;

uint8_t CombiningClassOf(uint32_t code) {
  const auto it = std::lower_bound(
      kCombiningClasses.begin(), kCombiningClasses.end(), code,
      [](const CombiningClass& entry, uint32_t value) { return entry.code < value; });
  return it != kCombiningClasses.end() && it->code == code ? it->ccc : 0;
}

void Decompose(uint32_t code, std::vector<uint32_t>& out) {
  if (code >= kSBase && code < kSBase + kSCount) {
    const uint32_t index = code - kSBase;
    out.push_back(kLBase + index / kNCount);
    out.push_back(kVBase + (index % kNCount) / kTCount);
    if (index % kTCount != 0) out.push_back(kTBase + index % kTCount);
    return;
  }
  const auto it = std::lower_bound(
      kDecompositions.begin(), kDecompositions.end(), code,
      [](const Decomposition& entry, uint32_t value) { return entry.code < value; });
  if (it == kDecompositions.end() || it->code != code) {
    out.push_back(code);
    return;
  }
  Decompose(it->first, out);
  if (it->second != 0) Decompose(it->second, out);
}

std::optional<uint32_t> Compose(uint32_t first, uint32_t second) {
  if (first >= kLBase && first < kLBase + kLCount && second >= kVBase && second < kVBase + kVCount) {
    return kSBase + ((first - kLBase) * kVCount + (second - kVBase)) * kTCount;
  }
  if (first >= kSBase && first < kSBase + kSCount && (first - kSBase) % kTCount == 0 &&
      second > kTBase && second < kTBase + kTCount) {
    return first + (second - kTBase);
  }
  const auto it = std::lower_bound(kCompositions.begin(), kCompositions.end(),
                                   std::make_pair(first, second),
                                   [](const Composition& entry, std::pair<uint32_t, uint32_t> key) {
                                     return std::make_pair(entry.first, entry.second) < key;
                                   });
  if (it != kCompositions.end() && it->first == first && it->second == second) {
    return it->composite;
  }
  return std::nullopt;
}

std::vector<uint32_t> DecodeUtf8(absl::string_view text) {
  std::vector<uint32_t> codes;
  for (size_t i = 0; i < text.size();) {
    const uint8_t lead = static_cast<uint8_t>(text[i]);
    const size_t length = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
    uint32_t code = length == 1 ? lead : lead & (0x7f >> length);
    for (size_t k = 1; k < length && i + k < text.size(); ++k) {
      code = (code << 6) | (static_cast<uint8_t>(text[i + k]) & 0x3f);
    }
    codes.push_back(code);
    i += length;
  }
  return codes;
}

}  // namespace

std::string ToNfc(absl::string_view utf8) {
  // ASCII is its own NFC, and it is most of what a dump prints.
  if (std::all_of(utf8.begin(), utf8.end(), [](char c) { return (c & 0x80) == 0; })) {
    return std::string(utf8);
  }
  std::vector<uint32_t> codes;
  for (uint32_t code : DecodeUtf8(utf8)) Decompose(code, codes);
  // Canonical order: each run of non-starters sorted by combining class, stably.
  for (size_t i = 0; i < codes.size();) {
    if (CombiningClassOf(codes[i]) == 0) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < codes.size() && CombiningClassOf(codes[end]) != 0) ++end;
    std::stable_sort(codes.begin() + i, codes.begin() + end, [](uint32_t a, uint32_t b) {
      return CombiningClassOf(a) < CombiningClassOf(b);
    });
    i = end;
  }
  // Canonical composition (UAX #15's reference algorithm).
  if (!codes.empty()) {
    size_t starter = 0;
    int last_class = CombiningClassOf(codes[0]) == 0 ? 0 : 256;
    size_t out = 1;
    for (size_t i = 1; i < codes.size(); ++i) {
      const uint32_t code = codes[i];
      const int code_class = CombiningClassOf(code);
      const std::optional<uint32_t> composite = Compose(codes[starter], code);
      if (composite.has_value() && (last_class < code_class || last_class == 0)) {
        codes[starter] = *composite;
        continue;
      }
      if (code_class == 0) starter = out;
      last_class = code_class;
      codes[out++] = code;
    }
    codes.resize(out);
  }
  std::string result;
  result.reserve(utf8.size());
  for (uint32_t code : codes) AppendUtf8(code, result);
  return result;
}

void AppendUtf8(uint32_t code, std::string& out) {
  if (code < 0x80) {
    out.push_back(static_cast<char>(code));
  } else if (code < 0x800) {
    out.push_back(static_cast<char>(0xc0 | (code >> 6)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3f)));
  } else if (code < 0x10000) {
    out.push_back(static_cast<char>(0xe0 | (code >> 12)));
    out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3f)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3f)));
  } else {
    out.push_back(static_cast<char>(0xf0 | (code >> 18)));
    out.push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3f)));
    out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3f)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3f)));
  }
}

}  // namespace frameproof
