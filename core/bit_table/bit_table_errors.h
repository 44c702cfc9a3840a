#ifndef FRAMEPROOF_CORE_BIT_TABLE_BIT_TABLE_ERRORS_H_
#define FRAMEPROOF_CORE_BIT_TABLE_BIT_TABLE_ERRORS_H_

// Errors about one cell of a decoded table, located the way every frameproof decoder reports
// them: table, row, column name and the cell's bit offset from the start of the buffer.

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/bit_table/bit_table.h"
#include "core/bits/bit_utils.h"

namespace frameproof {

// Bit offset of cell (row, column) of `table` from `buffer_start`, the first byte of the buffer
// it was decoded from.
template <typename Accessor>
size_t CellBitOffsetInBuffer(const BitTable<Accessor>& table, const uint8_t* buffer_start,
                             uint32_t row, uint32_t column) {
  const BitMemoryRegion& data = table.data_region();
  const size_t data_start =
      static_cast<size_t>(data.data() - buffer_start) * kBitsPerByte + data.bit_start();
  return data_start + table.CellBitOffset(row, column);
}

// INVALID_ARGUMENT: "<Table> row R column <COLUMN> (bit offset B): <problem>".
template <typename Accessor>
absl::Status CellError(const BitTable<Accessor>& table, const uint8_t* buffer_start, uint32_t row,
                       uint32_t column, absl::string_view problem) {
  return absl::InvalidArgumentError(absl::StrCat(
      Accessor::kTableName, " row ", row, " column ", kColumnNamesOf<Accessor>[column],
      " (bit offset ", CellBitOffsetInBuffer(table, buffer_start, row, column), "): ", problem));
}

// The CellError for an index cell past its target table; out of line so that the checks below
// stay small enough to inline into validation loops.
template <typename Accessor>
[[gnu::noinline, gnu::cold]] absl::Status CellIndexError(const BitTable<Accessor>& table,
                                                         const uint8_t* buffer_start, uint32_t row,
                                                         uint32_t column, uint32_t index,
                                                         uint32_t rows, absl::string_view target) {
  return CellError(table, buffer_start, row, column,
                   absl::StrCat("index ", index, " is past the ", rows, " rows of ", target));
}

// Ok if cell (row, column) holds kNoValue or an index below `rows`, the row count of the table
// named `target`; else the CellError saying so.
template <typename Accessor>
absl::Status CheckCellIndex(const BitTable<Accessor>& table, const uint8_t* buffer_start,
                            uint32_t row, uint32_t column, uint32_t rows,
                            absl::string_view target) {
  const uint32_t index = table.Get(row, column);
  if (index == kNoValue || index < rows) [[likely]] return absl::OkStatus();
  return CellIndexError(table, buffer_start, row, column, index, rows, target);
}

}  // namespace frameproof

#endif  // FRAMEPROOF_CORE_BIT_TABLE_BIT_TABLE_ERRORS_H_
