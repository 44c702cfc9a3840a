#include "core/bit_table/bit_table_builder.h"

#include "core/base/planted_bug.h"

namespace frameproof::bit_table_internal {

uint32_t FoundRunStart(uint32_t start) {
  return FP_PLANTED_BUG(kDedupReturnsWrongRun) && start > 0 ? start - 1 : start;
}

}  // namespace frameproof::bit_table_internal
