; On arm64 without frame pointers, llc 13 makes @f a leaf that never saves the link register, yet
; the statepoint is a call (bl): @f then returns to itself. llc 14 saves it (D111114). Reduced by
; llvm-reduce-13 from pass/statepoint_deopt_and_relocations.ll, with frameproof's verdict as the
; test. Public report: https://github.com/llvm/llvm-project/issues/49897
; ctest llvm-module.release.statepoint-call-loses-the-link-register.*: a compiler finding with
; llc-13 -O2 -frame-pointer=none, a pass with llc-14 at the same flags. (The reduced module returned undef; it returns 7 here, so the two builds
; agree on the result, and names its callee's elementtype, so LLVM 15 and 16 read it and pass it
; too.)

declare token @llvm.experimental.gc.statepoint.p0f_i64i64f(i64 immarg, i32 immarg, i64 (i64)*, i32 immarg, i32 immarg, ...)

; Function Attrs: nounwind readnone
declare i64 @llvm.experimental.gc.result.i64(token) #0

; Function Attrs: nounwind readnone
declare i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token, i32 immarg, i32 immarg) #0

declare i64 @callee(i64)

define i64 @f(i64 %a, i8 addrspace(1)* %obj, i32 %k) gc "statepoint-example" {
entry:
  %tok1 = call token (i64, i32, i64 (i64)*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_i64i64f(i64 42, i32 0, i64 (i64)* elementtype(i64 (i64)) @callee, i32 1, i32 0, i64 undef, i32 0, i32 0)
  ret i64 7
}

attributes #0 = { nounwind readnone }
