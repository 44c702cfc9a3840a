; llvm_stackmap_ir.py --seed 2026 --case 1
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

define void @f0(i64 %a1, i64 %a2, double %a3, double %a4, i8* %a5, double %a6, i8 addrspace(1)* %g7, i8 addrspace(1)* %g8) gc "statepoint-example" {
entry:
  %s18 = alloca i32
  %p19 = bitcast i32* %s18 to i8*
  %v9 = getelementptr i8, i8* %a5, i64 2515
  call void @fp_clobber()
  %v11 = call i8 addrspace(1)* @fp_src_gc(i64 25)
  %v10 = getelementptr i8, i8 addrspace(1)* %v11, i64 16
  %v12 = getelementptr i8, i8 addrspace(1)* %v11, i64 8
  %v13 = call i32 @fp_src_i32(i32 33)
  %t14 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 2263223786, i32 16, void ()* elementtype(void ()) @fp_clobber, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i32 %v13, i64 %a2, double -2.5, i8* null, i32 100, i8* %a5), "gc-live"(i8 addrspace(1)* %v10, i8 addrspace(1)* %g7, i8 addrspace(1)* %v12, i8 addrspace(1)* %v11, i8 addrspace(1)* %g8) ]
  %rel15 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %t14, i32 3, i32 2)
  %rel16 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %t14, i32 3, i32 3)
  %rel17 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %t14, i32 4, i32 4)
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 132, i32 4, i8* null, i32 1, i8* %p19, i32 4096, i8* %p19, i32 %v13, i32 %v13, i64 1001185151)
  ret void
}

define void @f1() {
entry:
  %s5 = alloca [16 x i8]
  %p6 = bitcast [16 x i8]* %s5 to i8*
  %v2 = call i64 @fp_src_i64(i64 48)
  %v1 = or i64 %v2, %v2
  %v3 = call i32 @fp_src_i32(i32 10)
  %v4 = sext i32 %v3 to i64
  %r7 = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 4074, i32 8, i8* null, i32 1, i32 %v3, i64 %v2, i64 -2082632555, i64 %v4, i64 %v2, i64 -3431090215434092175, i8* %p6)
  %v8 = load volatile double, double* @fp_g_f64
  %v9 = load volatile i32, i32* @fp_g_i32
  %v10 = load volatile double, double* @fp_g_f64
  %v11 = load volatile double, double* @fp_g_f64
  %v12 = load volatile i8*, i8** @fp_g_ptr
  %v13 = load volatile double, double* @fp_g_f64
  %v14 = load volatile i64, i64* @fp_g_i64
  %v15 = load volatile i32, i32* @fp_g_i32
  %v16 = load volatile i32, i32* @fp_g_i32
  %v17 = load volatile i32, i32* @fp_g_i32
  %v18 = load volatile i32, i32* @fp_g_i32
  %v19 = load volatile i32, i32* @fp_g_i32
  %v20 = load volatile i64, i64* @fp_g_i64
  %v21 = load volatile i8*, i8** @fp_g_ptr
  %v22 = load volatile i8*, i8** @fp_g_ptr
  %v23 = load volatile i64, i64* @fp_g_i64
  %v24 = load volatile i8*, i8** @fp_g_ptr
  call void @fp_deopt_v() "statepoint-id"="2255859780" [ "deopt"() ]
  %v25 = load volatile i8*, i8** @fp_g_ptr
  %v26 = zext i32 %v17 to i64
  %r27 = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 2888, i32 24, i8* inttoptr (i64 12345 to i8*), i32 3, i8* null, double %v8, i64 8239798329838465470, i8* %p6, i32 %v17, i32 %v15, double %v10, i64 %v23, i32 %v16, i64 %v20, i8* %v12, i32 %v9, i8* %v25, i64 %v14, i32 %v19, i64 %v26, i32 %v18, i8* %v22, double %v13, double %v11, i8* %v21, i8* %v24)
  ret void
}
