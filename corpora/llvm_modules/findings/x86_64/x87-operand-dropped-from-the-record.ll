; llc 13-16 drop an x86_fp80 stackmap or patchpoint operand held in an x87 register from the
; record: the stackmap below gets one location (%a in RAX) for its two operands, so a reader
; pairing locations with operands takes RAX for the x87 value and finds none for %a. A value
; spilled across a call (a statepoint's deopt values) is recorded right, as a 10-byte Indirect.
; Public report: https://github.com/llvm/llvm-project/issues/55586 (an x86_fp80 stackmap
; operand: with assertions, llc stops in the FP stackifier, "Expected implicit def/use"; Debian's
; release llc does not stop and drops the operand, as here). x86_64 only: arm64 has no x87 type.
declare void @llvm.experimental.stackmap(i64, i32, ...)

define i64 @f(i64 %a, double %d) {
entry:
  %x = fpext double %d to x86_fp80
  %y = fadd x86_fp80 %x, 0xK3FFF8000000000000000
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 7, i32 0, x86_fp80 %y, i64 %a)
  ret i64 %a
}
