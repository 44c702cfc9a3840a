#ifndef FRAMEPROOF_ARCH_REGISTER_TESTING_H_
#define FRAMEPROOF_ARCH_REGISTER_TESTING_H_

// Short names for registers in arch/'s tests.

#include <cstdint>

#include "arch/register_file.h"

namespace frameproof {

// General-purpose and floating-point register `number` of either ISA.
constexpr Register Gp(uint32_t number) { return {RegisterBank::kGeneral, number}; }
constexpr Register Fp(uint32_t number) { return {RegisterBank::kFloat, number}; }

// x86_64 hardware numbers, as the ModRM encoding numbers them.
inline constexpr uint32_t kRax = 0, kRcx = 1, kRdx = 2, kRbx = 3, kRsp = 4, kRbp = 5, kRsi = 6,
                          kRdi = 7, kR8 = 8, kR9 = 9, kR10 = 10, kR11 = 11, kR12 = 12, kR13 = 13,
                          kR14 = 14, kR15 = 15;

}  // namespace frameproof

#endif  // FRAMEPROOF_ARCH_REGISTER_TESTING_H_
