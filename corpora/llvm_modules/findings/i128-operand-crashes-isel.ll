; llc 13-16 crash in instruction selection on a computed i128 stackmap operand (valid IR: llvm-as
; takes it), on both ISAs at every -O level: 15 and 16 stop with "LLVM ERROR: Cannot select:
; i128 = or", 13 and 14 die in the pass without a message (SIGSEGV or SIGILL), and llc-13 for
; arm64 can die of SIGBUS before it prints a stack dump ("llc-crash: killed by SIGBUS"). The
; generated modules' i128 values crash this way. No public report found:
; https://github.com/llvm/llvm-project/issues/55609 is an i128 constant above 2^63-1, which
; crashes elsewhere.
declare void @llvm.experimental.stackmap(i64, i32, ...)

define i64 @g(i64 %a, i64 %b) {
entry:
  %w = zext i64 %a to i128
  %s = shl i128 %w, 64
  %x = or i128 %s, 99
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 5, i32 0, i128 %x, i1 true, i8 -3, float 2.5)
  ret i64 %b
}
