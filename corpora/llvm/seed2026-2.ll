; llvm_stackmap_ir.py --seed 2026 --case 2
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

define i64 @f0(i64 %a1, i64 %a2, i32 %a3, double %a4, i64 %a5, i32 %a6, double %a7, i32 %a8, i64 %a9, i32 %a10, i8 addrspace(1)* %g11) gc "statepoint-example" {
entry:
  %s30 = alloca [3 x i64]
  %p31 = bitcast [3 x i64]* %s30 to i8*
  %s40 = alloca [3 x i64]
  %p41 = bitcast [3 x i64]* %s40 to i8*
  %v12 = call i32 @fp_src_i32(i32 12)
  %v13 = call i64 @fp_src_i64(i64 5)
  %v14 = call i8* @fp_src_ptr(i64 45)
  %v15 = load volatile i8*, i8** @fp_g_ptr
  %v16 = call i32 @fp_src_i32(i32 54)
  %v17 = load volatile i64, i64* @fp_g_i64
  %v18 = load volatile double, double* @fp_g_f64
  %v19 = load volatile double, double* @fp_g_f64
  %v20 = call double @fp_src_f64(i64 37)
  %v21 = load volatile double, double* @fp_g_f64
  %v22 = call double @fp_src_f64(i64 14)
  %v23 = load volatile i8*, i8** @fp_g_ptr
  %v24 = call i64 @fp_src_i64(i64 85)
  %v25 = call i64 @fp_src_i64(i64 99)
  %v26 = call i32 @fp_src_i32(i32 30)
  %v27 = call double @fp_src_f64(i64 72)
  %v28 = call i64 @fp_src_i64(i64 57)
  %v29 = call double @fp_src_f64(i64 89)
  call void @fp_clobber()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1621, i32 4, i8* %v15, i64 %v13, double %v18, i32 %v16, i64 %v24, i64 %v28, i8* %p31, i64 %a5, i8 addrspace(1)* %g11, double %v27, double %v22, i32 %v12, i64 %v17, double %v29, double %v19, double %v21, i8* %v23, i64 %v25, i8* %v14, double %v20, i32 2147483647, i32 %v26)
  %v32 = or i32 %a6, 1
  %v33 = getelementptr i8, i8 addrspace(1)* %g11, i64 64
  %v34 = getelementptr i8, i8 addrspace(1)* %v33, i64 24
  %v35 = fadd double %v22, %a7
  %t36 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 3286670843, i32 0, void ()* elementtype(void ()) @fp_clobber, i32 0, i32 0, i32 0, i32 0) [ "deopt"(double %v35), "gc-live"(i8 addrspace(1)* %v34, i8 addrspace(1)* %g11, i8 addrspace(1)* %v33) ]
  %rel37 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %t36, i32 1, i32 0)
  %rel38 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %t36, i32 1, i32 1)
  %v39 = getelementptr i8, i8* %v14, i64 2932
  call void @fp_clobber()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4362, i32 8, double %v18, i8 addrspace(1)* %rel37, i8* %p41, i8* null, i32 1755422168, i8 addrspace(1)* %rel37)
  ret i64 %v13
}

define void @f1(i32 %a1, i8* %a2, double %a3, i8* %a4) {
entry:
  call void @fp_clobber()
  %d5 = call double @fp_deopt_f64(double %a3, i32 %a1) "statepoint-id"="2238576833" [ "deopt"() ]
  call void @fp_clobber()
  %v6 = call i64 @fp_src_i64(i64 64)
  %v7 = sext i32 %a1 to i64
  %v9 = call i32 @fp_src_i32(i32 51)
  %v8 = add i32 %v9, %v9
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 1050, i32 20, i8* inttoptr (i64 12345 to i8*), i32 3, i64 100, i64 %v6, i64 %v7, i32 %v8, i32 %a1, i32 %a1)
  ret void
}

define void @f2(double %a1, i8* %a2, i32 %a3, i32 %a4, i8* %a5, i64 %a6, i64 %a7, i64 %a8, i8* %a9, i8* %a10, i8* %a11, i8* %a12, i64 %a13) {
entry:
  %s14 = alloca double, align 64
  %p15 = bitcast double* %s14 to i8*
  %v17 = load volatile i64, i64* @fp_g_i64
  %v16 = add i64 %a8, %v17
  %v18 = load volatile i8*, i8** @fp_g_ptr
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2944, i32 8, i8* null, i8* null, i32 %a3, i8* null, i32 %a4, i8* %p15, i64 %v16, i8* %v18, i64 -2147483648, i8* %a9, i64 %a13, i8* null, i64 -9223372036854775808, i64 %a13, double 1.5)
  ret void
}
