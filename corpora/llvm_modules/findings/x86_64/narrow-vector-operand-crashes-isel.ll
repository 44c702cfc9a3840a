; llc 13-16 for x86_64 crash in instruction selection on a 64-bit vector stackmap operand
; (<2 x i32> here; <2 x float> alike), at every -O level: 13 and 14 die without a message
; (SIGSEGV, SIGILL), 15 aborts in free() ("free(): invalid pointer"), 16 likewise. x86_64 widens
; such vectors to 128 bits, and the stackmap's operand is not widened with them; arm64, where
; 64-bit vectors are legal, compiles it, so the module is judged on x86_64 only. The generated
; modules' <2 x i32> values crash this way, in the same group as the i128 ones
; (i128-operand-crashes-isel.ll): the matrix's signature is the pass. No public report found.
declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @f(i32 %a, i32 %b) {
  %l = insertelement <2 x i32> zeroinitializer, i32 %a, i32 0
  %v = insertelement <2 x i32> %l, i32 %b, i32 1
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 0, i32 0, <2 x i32> %v)
  ret void
}
