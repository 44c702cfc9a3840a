; llvm_stackmap_ir.py --seed 2026 --case 0
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

define i64 @f0() {
entry:
  %s3 = alloca [4 x i32]
  %p4 = bitcast [4 x i32]* %s3 to i8*
  %s24 = alloca [4 x i32]
  %p25 = bitcast [4 x i32]* %s24 to i8*
  %v2 = call i64 @fp_src_i64(i64 56)
  %v1 = or i64 %v2, %v2
  %v5 = load volatile i32, i32* @fp_g_i32
  %v6 = load volatile i8*, i8** @fp_g_ptr
  call anyregcc void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 62, i32 12, i8* null, i32 4, i64 1408708822, i8* %p4, i32 -665809443, i64 %v2, i8* %v6, i32 %v5, i32 1563724382)
  call void @fp_deopt_v() "statepoint-id"="2549774708" [ "deopt"() ]
  %v7 = load volatile i64, i64* @fp_g_i64
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 2793, i32 32, i8* inttoptr (i64 12345 to i8*), i32 1, double 0.0, i64 %v7)
  %v8 = load volatile double, double* @fp_g_f64
  %v9 = load volatile double, double* @fp_g_f64
  %v10 = xor i32 %v5, %v5
  %v11 = load volatile i8*, i8** @fp_g_ptr
  %v12 = load volatile double, double* @fp_g_f64
  %v13 = load volatile double, double* @fp_g_f64
  %v14 = load volatile i8*, i8** @fp_g_ptr
  %v15 = load volatile i8*, i8** @fp_g_ptr
  %v16 = load volatile i8*, i8** @fp_g_ptr
  %v17 = load volatile i8*, i8** @fp_g_ptr
  %v18 = load volatile i8*, i8** @fp_g_ptr
  %v19 = load volatile i64, i64* @fp_g_i64
  %v20 = load volatile double, double* @fp_g_f64
  %v21 = load volatile i32, i32* @fp_g_i32
  %v22 = load volatile i8*, i8** @fp_g_ptr
  %v23 = load volatile i64, i64* @fp_g_i64
  call void @fp_deopt_v() "statepoint-id"="4294967295" [ "deopt"() ]
  %r26 = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 2793, i32 24, i8* inttoptr (i64 12345 to i8*), i32 4, i32 %v10, double %v8, i64 -4640859928406079812, i64 4294967296, i8* %p25, i8* %v17, i32 255, i32 %v21, i64 -1, i8* %v22, double %v20, double %v13, i8* %v16, i8* %v17, i64 %v19, i8* %v18, i64 167359985, i8* %v15, i8* %v11, i8* %v22, i8* %v14, i64 %v23, i32 %v5, i8* %v14, double %v12)
  ret i64 %v2
}

define i64 @f1(double %a1, i32 %a2, i64 %a3, i8* %a4, double %a5, i64 %a6) {
entry:
  %v7 = getelementptr i8, i8* %a4, i64 205
  %v8 = inttoptr i64 %a3 to i8*
  %v9 = fsub double %a5, %a5
  %v11 = load volatile double, double* @fp_g_f64
  %v10 = fmul double %a5, %v11
  %v12 = fsub double %a5, %v9
  %v13 = add i64 %a3, %a6
  %v14 = xor i32 %a2, 304
  %v15 = xor i64 %a6, 420
  call anyregcc void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 5624011454457439150, i32 32, i8* null, i32 3, double %v10, i64 705043063, i64 %a6, double 1.5, i64 2147483648, double %v12, i64 %a3, i64 %v15, i32 -1, i32 %v14, i64 %v13, i64 %a6)
  ret i64 %a3
}
