#ifndef FRAMEPROOF_VERIFIERS_LIBART_LIBART_FUZZ_ORACLE_H_
#define FRAMEPROOF_VERIFIERS_LIBART_LIBART_FUZZ_ORACLE_H_

#include <cstdint>

#include "absl/types/span.h"
#include "verifiers/model/mismatch.h"

namespace frameproof {

// Fuzz target code_info_android11. The first byte, modulo 3, picks what the rest is:
//   0: bytes read as an Android 11 CodeInfo, hostile ones included. frameproof's decoders must
//      refuse them cleanly or accept them with every query consistent
//      (CheckCodeInfoDecodeInFormat); bytes they accept are valid, and libart must then answer
//      every query as frameproof does (CheckBytesAgainstLibart).
//   1: a generated call log, made expressible in Android 11 and encoded in that format; libart
//      must read what the calls said (CheckMethodAgainstLibart).
//   2: a generated call log encoded by today's encoder, repeated catch dex pcs kept, and laid
//      out for Android 11 (CheckRelaidAgainstLibart): CodeInfos the release's own encoder never
//      writes but its decoder must read.
// libart runs in one child process for the whole run (libart_oracle). Where it cannot load (no
// android-libart, another ISA) the target says so once on stderr and checks frameproof alone.
OracleResult CheckAndroid11AgainstLibart(absl::Span<const uint8_t> data);

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_LIBART_LIBART_FUZZ_ORACLE_H_
