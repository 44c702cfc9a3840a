; llc 13-16 crash on an undef i128 stackmap operand, on x86_64 and arm64 alike, at every -O level:
; 13 and 14 in instruction selection (SIGSEGV, SIGILL; llc-13 for arm64 sometimes dies of SIGBUS
; without a stack dump), 15 in LiveIntervals::computeVirtRegs, 16 at -O0 in the fast register
; allocator. A defined i128 and an undef i64 do not crash. Found by `scripts/llvm-matrix` in
; generated modules (llvm-reduce-14 brought one from 466 lines to 14 beside the undef i128 there
; were a {i64, i64} and twelve scalars; removing them by hand keeps the crash).
; No public report found (https://github.com/llvm/llvm-project/issues/55609 is an i128 constant
; above 2^63-1, a different crash).
declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @f() {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 0, i32 0, i128 undef)
  ret void
}
