; llvm_stackmap_ir.py --seed 2026 --case 5
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

define void @f0(double %a1, i64 %a2, double %a3, i64 %a4, double %a5, double %a6, i64 %a7, i64 %a8, i64 %a9, i32 %a10) {
entry:
  %v12 = call i8* @fp_src_ptr(i64 68)
  %v11 = getelementptr i8, i8* %v12, i64 3230
  %v14 = load volatile double, double* @fp_g_f64
  %v13 = fsub double %v14, %a6
  %v15 = xor i64 %a9, %a9
  call void @fp_clobber()
  call anyregcc void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 3434, i32 12, i8* null, i32 0, i32 %a10, i64 %a4)
  %v16 = xor i32 %a10, %a10
  %v17 = inttoptr i64 %a2 to i8*
  %v18 = load volatile i32, i32* @fp_g_i32
  %v19 = load volatile i64, i64* @fp_g_i64
  %v20 = load volatile i64, i64* @fp_g_i64
  %v21 = load volatile i64, i64* @fp_g_i64
  %v22 = load volatile i32, i32* @fp_g_i32
  %v23 = load volatile i8*, i8** @fp_g_ptr
  %v24 = load volatile i64, i64* @fp_g_i64
  %v25 = load volatile i32, i32* @fp_g_i32
  %v26 = load volatile i32, i32* @fp_g_i32
  %v27 = load volatile i8*, i8** @fp_g_ptr
  %v28 = load volatile i8*, i8** @fp_g_ptr
  %v29 = load volatile i8*, i8** @fp_g_ptr
  %v30 = load volatile i32, i32* @fp_g_i32
  %v31 = load volatile double, double* @fp_g_f64
  %v32 = load volatile i32, i32* @fp_g_i32
  %v33 = load volatile double, double* @fp_g_f64
  %v34 = load volatile i32, i32* @fp_g_i32
  %v35 = load volatile i8*, i8** @fp_g_ptr
  call void @fp_deopt_v() "statepoint-id"="1441755473" [ "deopt"() ]
  %v36 = load volatile double, double* @fp_g_f64
  %v37 = trunc i64 %v19 to i32
  %r38 = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 2986, i32 32, i8* inttoptr (i64 12345 to i8*), i32 3, double 0x7FF0000000000000, i64 2, i8* %v17, i64 100, i8* %v27, i64 %v24, i8* %v29, i32 %v18, i32 %v26, i8* %v28, i32 %v37, i8* %v35, double %v33, i64 -4294967296, i8* %v23, i64 %v20, i32 %v25, i32 %v22, i64 %a7, i32 %v34, double %v31, i32 %v32, double %v36, i64 %v21, i32 %v30, i64 %v19)
  %v39 = sub i32 %v22, 167
  %v41 = load volatile i64, i64* @fp_g_i64
  %v40 = add i64 %a7, %v41
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1723, i32 4, double 1024.0, i32 %v26)
  ret void
}

define i64 @f1(i64 %a1, i64 %a2, i32 %a3, i64 %a4) {
entry:
  %v6 = call i64 @fp_src_i64(i64 15)
  %v5 = mul i64 %a1, %v6
  %v8 = call i8* @fp_src_ptr(i64 47)
  %v7 = getelementptr i8, i8* %v8, i64 3921
  %v10 = call i32 @fp_src_i32(i32 33)
  %v9 = mul i32 %a3, %v10
  %v11 = call i32 @fp_src_i32(i32 0)
  %v12 = call i32 @fp_src_i32(i32 73)
  %v13 = call i32 @fp_src_i32(i32 39)
  %v14 = load volatile i32, i32* @fp_g_i32
  %v15 = call double @fp_src_f64(i64 56)
  %v16 = call i64 @fp_src_i64(i64 60)
  %v17 = call i32 @fp_src_i32(i32 28)
  %v18 = load volatile i64, i64* @fp_g_i64
  %v19 = call double @fp_src_f64(i64 32)
  %v20 = load volatile double, double* @fp_g_f64
  %v21 = call i64 @fp_src_i64(i64 20)
  %v22 = call i32 @fp_src_i32(i32 86)
  %v23 = call i64 @fp_src_i64(i64 10)
  %v24 = call i32 @fp_src_i32(i32 14)
  %v25 = load volatile i32, i32* @fp_g_i32
  %v26 = call double @fp_src_f64(i64 3)
  %v27 = call i32 @fp_src_i32(i32 80)
  %v28 = call i8* @fp_src_ptr(i64 75)
  %v29 = call i64 @fp_src_i64(i64 34)
  call void @fp_clobber()
  %v30 = getelementptr i8, i8* %v28, i64 2141
  call void @fp_deopt_v() "statepoint-id"="920719168" [ "deopt"(i32 -622332847, i32 %v13, double %v20, i32 %v27, i64 %v23, i64 1311768467463790320, i64 %v21, double %v19, i64 -2499424965872246500, i64 %v16, i8* %v30, i32 %v14, i64 %v18, i8* %v28, i32 %v11, i64 %v29, i32 %v17, i32 %v22, i32 %v24, double %v26, i32 %v25, i32 %v12, double %v15) ]
  ret i64 %a2
}
