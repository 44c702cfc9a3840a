#ifndef FRAMEPROOF_CORE_BASE_INTERNAL_BYTE_READER_H_
#define FRAMEPROOF_CORE_BASE_INTERNAL_BYTE_READER_H_

// Bounds-checked reads of fixed-width integers in either byte order, for every reader of a byte
// format (ELF, LLVM stack maps, MoarVM bytecode). Every read names what it read and where, so an
// error says which field at which byte.

#include <cstddef>
#include <cstdint>
#include <optional>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace frameproof {

enum class ByteOrder : uint8_t { kLittle, kBig };

class ByteReader {
 public:
  ByteReader(absl::Span<const uint8_t> bytes, ByteOrder order, absl::string_view what)
      : bytes_(bytes), order_(order), what_(what) {}

  size_t size() const { return bytes_.size(); }
  ByteOrder order() const { return order_; }

  // The unsigned integer T at `offset`; `field` names it in the error.
  template <typename T>
  absl::StatusOr<T> Read(size_t offset, absl::string_view field) const {
    const std::optional<T> value = TryRead<T>(offset);
    if (!value.has_value()) {
      return absl::OutOfRangeError(absl::StrCat(what_, ": ", field, " at byte ", offset, " needs ",
                                                sizeof(T), " bytes, but the ", what_, " has ",
                                                bytes_.size()));
    }
    return *value;
  }

  // The unsigned integer T at `offset`, or nullopt if it does not fit: for callers that name the
  // field only when there is an error to report.
  template <typename T>
  std::optional<T> TryRead(size_t offset) const {
    if (offset > bytes_.size() || bytes_.size() - offset < sizeof(T)) return std::nullopt;
    uint64_t value = 0;
    for (size_t i = 0; i < sizeof(T); ++i) {
      const size_t index = order_ == ByteOrder::kLittle ? sizeof(T) - 1 - i : i;
      value = (value << 8) | bytes_[offset + index];
    }
    return static_cast<T>(value);
  }

 private:
  absl::Span<const uint8_t> bytes_;
  ByteOrder order_;
  absl::string_view what_;
};

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BASE_INTERNAL_BYTE_READER_H_
