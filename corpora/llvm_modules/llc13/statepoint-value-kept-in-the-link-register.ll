; On arm64, llc 13 keeps a value live across a statepoint's call in the link register, which the
; call (bl) overwrites: here %v16 lives in x30 across the first statepoint, and the second
; records the return address as its deopt value (Indirect [sp + 16]). Without frame pointers
; the same module loses the function's own return address instead (run-failed). llc 14 marks
; statepoints as clobbering the link register (D111114). Reduced by llvm-reduce-14 from a
; generated program (`verify llvm-exec --arch arm64 --seed 1 --case 12 --llc llc-13`) with
; frameproof's verdict as the test; the reduction kept the values' uses after the call, which
; is what makes the allocator reach for x30. Public report:
; https://github.com/llvm/llvm-project/issues/49897
; ctest llvm-module.release.statepoint-value-kept-in-the-link-register.*: a compiler finding with
; llc-13 -O2 -frame-pointer=all, a pass with llc-14 at the same flags.
declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 immarg, i32 immarg, void ()*, i32 immarg, i32 immarg, ...)
declare void @safepoint()

define i64 @f(i64 %a1, i32 %a2, i32 %a4, i64 %a6) gc "statepoint-example" {
entry:
  %v10 = add i64 %a6, 1
  %v11 = or i64 1, %a1
  %v12 = xor i64 %v11, 0
  %v14 = shl i64 %v12, 1
  %v15 = or i64 %v10, 1
  %v16 = sub i64 0, %v14
  %v17 = shl i64 %v10, 58
  %v19 = lshr i64 %v12, 18
  %v22 = lshr i64 %a1, 1
  %v23 = add i64 0, %v16
  %v24 = xor i64 %v11, 0
  %v26 = or i64 0, %a1
  %token29 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 0, i32 0, void ()* @safepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(double 0.000000e+00, i64 0, i32 %a2), "gc-live"(i8 addrspace(1)* null, i8 addrspace(1)* null) ]
  %token32 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 0, i32 0, void ()* @safepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 %v22, i64 %v14, double 0.000000e+00, i64 0, i64 0, i64 %v15, i32 %a4, i64 %v23, i64 %v24, i64 0, i64 0, double 0.000000e+00, double 0.000000e+00, i32 1, i64 %v17, i64 0), "gc-live"(i8 addrspace(1)* null, i8 addrspace(1)* null) ]
  %h7 = xor i64 0, %v17
  %h8 = xor i64 %h7, %v19
  %h9 = xor i64 %h8, 0
  %h10 = xor i64 %h9, 0
  %h11 = xor i64 %h10, 0
  %h12 = xor i64 %h11, 0
  %h13 = xor i64 %h12, %v26
  %h14 = xor i64 %h13, %a6
  %hp = xor i64 %h14, 0
  %hq = xor i64 %hp, 0
  ret i64 %hq
}
