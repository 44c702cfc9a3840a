; llvm_stackmap_ir.py --seed 2026 --case 3
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @llvm.experimental.patchpoint.void(i64, i32, i8*, i32, ...)
declare i64 @llvm.experimental.patchpoint.i64(i64, i32, i8*, i32, ...)
declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, ...)
declare i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token, i32, i32)

@fp_g_i64 = external global i64
@fp_g_i32 = external global i32
@fp_g_f64 = external global double
@fp_g_ptr = external global i8*
@fp_g_gc = external global i8 addrspace(1)*

declare void @fp_clobber()
declare i64 @fp_src_i64(i64)
declare i32 @fp_src_i32(i32)
declare double @fp_src_f64(i64)
declare i8* @fp_src_ptr(i64)
declare i8 addrspace(1)* @fp_src_gc(i64)
declare void @fp_deopt_v()
declare i64 @fp_deopt_i64(i64)
declare double @fp_deopt_f64(double, i32)

define i64 @f0(i64 %a1, double %a2) {
entry:
  %v4 = load volatile i32, i32* @fp_g_i32
  %v3 = xor i32 %v4, %v4
  %v6 = call i64 @fp_src_i64(i64 26)
  %d5 = call i64 @fp_deopt_i64(i64 %v6) "statepoint-id"="2156399563" [ "deopt"(i64 -42, i32 %v3) ]
  ret i64 %v6
}
