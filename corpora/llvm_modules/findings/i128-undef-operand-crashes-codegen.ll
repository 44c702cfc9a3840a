; llc 13-16 crash on an undef i128 stackmap operand, on x86_64 and arm64 alike, at every -O level:
; 13 and 14 in instruction selection (SIGSEGV, SIGILL; llc-13 for arm64 sometimes dies of SIGBUS
; without a stack dump), 15 in LiveIntervals::computeVirtRegs, 16 at -O0 in the fast register
; allocator. A defined i128 constant and an undef i64 do not crash; a computed i128 crashes
; instruction selection instead (i128-operand-crashes-isel.ll). Found by llvm-reduce-14 while it
; reduced a generated module with a computed i128 operand: it put undef in its place and llc
; still crashed, in the same pass. Both are llc's bugs, but the reduction had changed which one,
; so reductions no longer accept candidates with new undef values (--undefined-at-most).
; No public report found (https://github.com/llvm/llvm-project/issues/55609 is an i128 constant
; above 2^63-1, a different crash).
declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @f() {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 0, i32 0, i128 undef)
  ret void
}
