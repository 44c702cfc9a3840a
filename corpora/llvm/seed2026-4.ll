; llvm_stackmap_ir.py --seed 2026 --case 4
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
  %s22 = alloca i64
  %p23 = bitcast i64* %s22 to i8*
  %v2 = load volatile i32, i32* @fp_g_i32
  %v1 = mul i32 %v2, 288
  %v3 = or i32 %v1, 258
  %v4 = call double @fp_src_f64(i64 75)
  %v5 = call i32 @fp_src_i32(i32 79)
  %v6 = call i8* @fp_src_ptr(i64 68)
  %v7 = call i64 @fp_src_i64(i64 96)
  %v8 = load volatile i8*, i8** @fp_g_ptr
  %v9 = call double @fp_src_f64(i64 12)
  %v10 = load volatile i32, i32* @fp_g_i32
  %v11 = load volatile i32, i32* @fp_g_i32
  %v12 = call i32 @fp_src_i32(i32 18)
  %v13 = load volatile i8*, i8** @fp_g_ptr
  %v14 = call double @fp_src_f64(i64 78)
  %v15 = call i64 @fp_src_i64(i64 11)
  %v16 = call i8* @fp_src_ptr(i64 95)
  %v17 = load volatile i64, i64* @fp_g_i64
  %v18 = call i32 @fp_src_i32(i32 94)
  %v19 = load volatile double, double* @fp_g_f64
  call void @fp_clobber()
  %v21 = load volatile i32, i32* @fp_g_i32
  %v20 = mul i32 %v21, %v18
  %v24 = getelementptr i8, i8* %v6, i64 828
  %v25 = load volatile i8*, i8** @fp_g_ptr
  %v26 = fadd double %v4, 3.0
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 1895, i32 32, i8* inttoptr (i64 12345 to i8*), i32 1, i64 2147483648, i32 %v18, i64 %v17, i8* null, i8* %p23, i8* %p23, i64 2147483647, double 0x7FF8000000000000, i8* null, i64 %v15, i32 %v10, i64 %v7, double 0.25, i8* %v13, i8* %v16, i64 %v17, i32 %v20, i8* %p23, i64 255, double %v14, double %v4, i64 -2147483649, i32 -1961888783, i64 -4294967296, i32 %v11, i32 %v12, double %v19, i8* %v25, i8* null, i8* %v8, i8* %p23, i8* %v6, double %v26, i8* %v13, i8* %v24, double %v9, i8* null, i32 %v5)
  %v28 = load volatile i32, i32* @fp_g_i32
  %v29 = load volatile i32, i32* @fp_g_i32
  %v27 = or i32 %v28, %v29
  %v30 = load volatile double, double* @fp_g_f64
  %v31 = load volatile i64, i64* @fp_g_i64
  %v32 = load volatile i8*, i8** @fp_g_ptr
  %v33 = load volatile i8*, i8** @fp_g_ptr
  %v34 = load volatile i8*, i8** @fp_g_ptr
  %v35 = load volatile i64, i64* @fp_g_i64
  %v36 = load volatile double, double* @fp_g_f64
  %v37 = load volatile double, double* @fp_g_f64
  %v38 = load volatile i32, i32* @fp_g_i32
  %v39 = load volatile i8*, i8** @fp_g_ptr
  %v40 = load volatile double, double* @fp_g_f64
  %v41 = load volatile i64, i64* @fp_g_i64
  %v42 = load volatile i32, i32* @fp_g_i32
  %v43 = load volatile i32, i32* @fp_g_i32
  %v44 = load volatile double, double* @fp_g_f64
  %v45 = load volatile i32, i32* @fp_g_i32
  %v46 = load volatile i32, i32* @fp_g_i32
  %v47 = load volatile i32, i32* @fp_g_i32
  %v48 = load volatile i8*, i8** @fp_g_ptr
  call void @fp_deopt_v() "statepoint-id"="235054061" [ "deopt"() ]
  %v49 = getelementptr i8, i8* %v34, i64 1824
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4691, i32 16, i8* %v33, i32 %v47, double %v37, double %v44, i8* %v34, i64 -9223372036854775808, double %v36, i32 %v43, i32 %v38, i64 %v31, i32 %v46, i32 %v12, i32 %v42, double %v40, i64 -3914093629723515712, i8* %v32, i8* %v39, i64 %v35, i8* %v49, i8* %v48, i32 %v45, i8* null, i64 %v41)
  ret i64 %v35
}

define void @f1(i32 %a1) {
entry:
  %s22 = alloca [40 x i8]
  %p23 = bitcast [40 x i8]* %s22 to i8*
  %v3 = call i8* @fp_src_ptr(i64 77)
  %v2 = getelementptr i8, i8* %v3, i64 681
  %v5 = call double @fp_src_f64(i64 41)
  %v4 = fsub double %v5, %v5
  %v6 = call i8* @fp_src_ptr(i64 72)
  %v7 = load volatile i8*, i8** @fp_g_ptr
  %v8 = call i8* @fp_src_ptr(i64 89)
  %v9 = call i32 @fp_src_i32(i32 15)
  %v10 = call i8* @fp_src_ptr(i64 2)
  %v11 = load volatile double, double* @fp_g_f64
  %v12 = load volatile i64, i64* @fp_g_i64
  %v13 = call i64 @fp_src_i64(i64 45)
  %v14 = call i8* @fp_src_ptr(i64 53)
  %v15 = load volatile i64, i64* @fp_g_i64
  %v16 = load volatile i32, i32* @fp_g_i32
  %v17 = load volatile i32, i32* @fp_g_i32
  %v18 = call i8* @fp_src_ptr(i64 79)
  %v19 = call i8* @fp_src_ptr(i64 53)
  %v20 = call i32 @fp_src_i32(i32 62)
  %v21 = call double @fp_src_f64(i64 12)
  call void @fp_clobber()
  %d24 = call i64 @fp_deopt_i64(i64 %v12) "statepoint-id"="3412418061" [ "deopt"(i8* %v14, i32 %v9, double %v21, i8* %v18, i64 %v15, i8* %p23, i8* %v8, i32 %v20, i32 %v17, i32 %v16, i8* %v7, i8* %v19, i32 %v17, i32 %v20, i8* %p23, i64 %v12, i8* %v6, double %v11, i64 %v13, i8* %v10) ]
  ret void
}
