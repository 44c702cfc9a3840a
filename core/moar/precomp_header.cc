#include "core/moar/precomp_header.h"

#include <algorithm>
#include <array>
#include <cstddef>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/base/planted_bug.h"
#include "core/base/status_macros.h"
#include "core/moar/compilation_unit.h"

namespace frameproof::moar {
namespace {

constexpr size_t kChecksumDigits = 40;  // a SHA-1, in hex
constexpr char kLineEnd = '\n';
constexpr char kFieldSeparator = '\0';
constexpr size_t kDependencyFields = 4;

absl::string_view AsText(absl::Span<const uint8_t> bytes) {
  return absl::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

bool IsUpperHexChecksum(absl::string_view text) {
  return text.size() == kChecksumDigits &&
         std::all_of(text.begin(), text.end(), [](char c) {
           return absl::ascii_isdigit(static_cast<unsigned char>(c)) || (c >= 'A' && c <= 'F');
         });
}

class HeaderReader {
 public:
  explicit HeaderReader(absl::string_view file) : file_(file) {}

  absl::StatusOr<PrecompHeader> Read() {
    PrecompHeader header;
    FP_ASSIGN_OR_RETURN(header.checksum, Checksum(NextLine("precomp.checksum")));
    FP_ASSIGN_OR_RETURN(header.source_checksum,
                        Checksum(NextLine("precomp.source_checksum")));
    for (size_t index = 0;; ++index) {
      const std::string name = absl::StrCat("precomp.dependencies[", index, "]");
      FP_ASSIGN_OR_RETURN(const Line line, NextLine(name));
      // The empty line ends the header (Rakudo's reader stops at the first empty line).
      if (line.text.empty()) break;
      FP_ASSIGN_OR_RETURN(PrecompDependency dependency, Dependency(name, line));
      header.dependencies.push_back(std::move(dependency));
    }
    header.size = pos_;
    if (FP_PLANTED_BUG(kMoarPrecompHeaderDropsLastDependency) && !header.dependencies.empty()) {
      header.dependencies.pop_back();
    }
    return header;
  }

 private:
  struct Line {
    absl::string_view text;  // without its "\n"
    uint64_t offset = 0;     // of its first byte in the file
    std::string name;
  };

  static absl::Status Error(uint64_t offset, absl::string_view name, absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat(name, " (byte ", offset, "): ", what));
  }

  absl::StatusOr<Line> NextLine(absl::string_view name) {
    const size_t end = file_.find(kLineEnd, pos_);
    if (end == absl::string_view::npos) {
      return Error(pos_, name,
                   "the header runs to the end of the file without the empty line that ends it");
    }
    Line line{file_.substr(pos_, end - pos_), pos_, std::string(name)};
    if (const size_t cr = line.text.find('\r'); cr != absl::string_view::npos) {
      return Error(pos_ + cr, name,
                   "a \"\\r\" in the line (Rakudo ends header lines with \"\\n\")");
    }
    if (!IsWellFormedUtf8(line.text)) {
      return Error(pos_, name, "the line is not UTF-8 (Rakudo reads the header as UTF-8)");
    }
    pos_ = end + 1;
    return line;
  }

  static absl::StatusOr<std::string> Checksum(absl::StatusOr<Line> line) {
    if (!line.ok()) return line.status();
    if (!IsUpperHexChecksum(line->text)) {
      return Error(line->offset, line->name,
                   absl::StrCat("\"", absl::CEscape(line->text.substr(0, 2 * kChecksumDigits)),
                                "\" is not 40 uppercase hex digits (a SHA-1)"));
    }
    return std::string(line->text);
  }

  static absl::StatusOr<PrecompDependency> Dependency(absl::string_view name, const Line& line) {
    std::array<absl::string_view, kDependencyFields> fields;
    std::array<uint64_t, kDependencyFields> offsets;
    size_t start = 0;
    for (size_t i = 0; i < kDependencyFields; ++i) {
      const size_t end = i + 1 == kDependencyFields ? line.text.size()
                                                    : line.text.find(kFieldSeparator, start);
      if (end == absl::string_view::npos) {
        return Error(line.offset + start, name,
                     absl::StrCat("the line has ", i, " NUL separators; a dependency has ",
                                  kDependencyFields - 1, " (id, source, checksum, spec)"));
      }
      fields[i] = line.text.substr(start, end - start);
      offsets[i] = line.offset + start;
      start = end + 1;
    }
    const auto [id, source, checksum, spec] = fields;
    if (const size_t extra = spec.find(kFieldSeparator); extra != absl::string_view::npos) {
      return Error(offsets[3] + extra, absl::StrCat(name, ".spec"),
                   "a fourth NUL separator; a dependency has three");
    }
    if (!IsUpperHexChecksum(id)) {
      return Error(offsets[0], absl::StrCat(name, ".id"),
                   "the precomp id is not 40 uppercase hex digits");
    }
    if (source.empty()) return Error(offsets[1], absl::StrCat(name, ".source"), "empty");
    if (!IsUpperHexChecksum(checksum)) {
      return Error(offsets[2], absl::StrCat(name, ".checksum"),
                   "the checksum is not 40 uppercase hex digits (a SHA-1)");
    }
    if (spec.empty()) return Error(offsets[3], absl::StrCat(name, ".spec"), "empty");
    return PrecompDependency{std::string(id), std::string(source), std::string(checksum),
                             std::string(spec)};
  }

  absl::string_view file_;
  uint64_t pos_ = 0;
};

}  // namespace

bool StartsWithPrecompHeader(absl::Span<const uint8_t> file) {
  const absl::string_view text = AsText(file);
  return text.size() > kChecksumDigits &&
         std::all_of(text.begin(), text.begin() + kChecksumDigits,
                     [](char c) { return absl::ascii_isxdigit(static_cast<unsigned char>(c)); });
}

absl::StatusOr<PrecompHeader> ReadPrecompHeader(absl::Span<const uint8_t> file) {
  return HeaderReader(AsText(file)).Read();
}

std::vector<uint8_t> WritePrecompHeader(const PrecompHeader& header) {
  std::string text = absl::StrCat(header.checksum, "\n", header.source_checksum, "\n");
  for (const PrecompDependency& dependency : header.dependencies) {
    absl::StrAppend(&text, dependency.id, absl::string_view("\0", 1), dependency.source,
                    absl::string_view("\0", 1), dependency.checksum, absl::string_view("\0", 1),
                    dependency.spec, "\n");
  }
  text += "\n";
  return std::vector<uint8_t>(text.begin(), text.end());
}

}  // namespace frameproof::moar
