; frameproof llvm-exec module: seed 5, case 28 (judged against its reference build)

declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @llvm.experimental.patchpoint.void(i64, i32, i8*, i32, ...)
declare i64 @llvm.experimental.patchpoint.i64(i64, i32, i8*, i32, ...)
declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, ...)
declare token @llvm.experimental.gc.statepoint.p0f_i64i64f(i64, i32, i64 (i64)*, i32, i32, ...)
declare i64 @llvm.experimental.gc.result.i64(token)
declare i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token, i32, i32)
declare i32 @__gxx_personality_v0(...)
declare void @callee_void()
declare i64 @callee_i64(i64)
declare i64 @callee_i64_other(i64)
declare {i64, i64} @callee_pair(i64, i64)
@reach_callees = global {i64 (i64)*, i64 (i64)*} {i64 (i64)* @callee_i64, i64 (i64)* @callee_i64_other}

define i64 @reach_0(i64 %a0, i64 %a1, i8 addrspace(1)* %gc0) noredzone "stackrealign" gc "statepoint-example" personality i32 (...)* @__gxx_personality_v0 {
entry:
  %aligned1 = alloca i64, align 128
  store i64 %a0, i64* %aligned1, align 128
  %alignedp2 = bitcast i64* %aligned1 to i8*
  %v6 = sitofp i64 %a0 to double
  %v5 = fptrunc double %v6 to float
  %lane4 = insertelement <4 x float> zeroinitializer, float %v5, i32 0
  %v7 = fptrunc double %v6 to float
  %v3 = insertelement <4 x float> %lane4, float %v7, i32 1
  %v10 = trunc i64 %a1 to i32
  %lane9 = insertelement <4 x i32> zeroinitializer, i32 %v10, i32 0
  %v8 = insertelement <4 x i32> %lane9, i32 %v10, i32 1
  %v11 = getelementptr i8, i8* %alignedp2, i64 0
  %table12 = load {i64 (i64)*, i64 (i64)*}, {i64 (i64)*, i64 (i64)*}* @reach_callees
  %callee13 = extractvalue {i64 (i64)*, i64 (i64)*} %table12, 1
  %token14 = call token (i64, i32, i64 (i64)*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_i64i64f(i64 1666206021, i32 0, i64 (i64)* elementtype(i64 (i64)) %callee13, i32 1, i32 0, i64 %a1, i32 0, i32 0) [ "deopt"(i8* %alignedp2, double %v6, i64 %a1, i8* %alignedp2), "gc-live"(i8 addrspace(1)* %gc0) ]
  %result15 = call i64 @llvm.experimental.gc.result.i64(token %token14)
  %rel16 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token14, i32 0, i32 0)
  %called17 = call i64 @callee_i64(i64 %a1)
  %scaled19 = mul i64 0, 1099511628211
  %sum20 = xor i64 %scaled19, %a0
  %scaled22 = mul i64 %sum20, 1099511628211
  %sum23 = xor i64 %scaled22, %a1
  %byte25 = load i8, i8 addrspace(1)* %rel16
  %w24 = zext i8 %byte25 to i64
  %scaled26 = mul i64 %sum23, 1099511628211
  %sum27 = xor i64 %scaled26, %w24
  %byte29 = load i8, i8* %alignedp2
  %w28 = zext i8 %byte29 to i64
  %scaled30 = mul i64 %sum27, 1099511628211
  %sum31 = xor i64 %scaled30, %w28
  %w32 = bitcast double %v6 to i64
  %scaled33 = mul i64 %sum31, 1099511628211
  %sum34 = xor i64 %scaled33, %w32
  %bits36 = bitcast float %v5 to i32
  %w35 = zext i32 %bits36 to i64
  %scaled37 = mul i64 %sum34, 1099511628211
  %sum38 = xor i64 %scaled37, %w35
  %bits40 = bitcast float %v7 to i32
  %w39 = zext i32 %bits40 to i64
  %scaled41 = mul i64 %sum38, 1099511628211
  %sum42 = xor i64 %scaled41, %w39
  %lane44 = extractelement <4 x float> %v3, i32 1
  %bits46 = bitcast float %lane44 to i32
  %w45 = zext i32 %bits46 to i64
  %scaled47 = mul i64 %sum42, 1099511628211
  %sum48 = xor i64 %scaled47, %w45
  %w49 = zext i32 %v10 to i64
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %w49
  %lane53 = extractelement <4 x i32> %v8, i32 1
  %w54 = zext i32 %lane53 to i64
  %scaled55 = mul i64 %sum51, 1099511628211
  %sum56 = xor i64 %scaled55, %w54
  %byte58 = load i8, i8* %v11
  %w57 = zext i8 %byte58 to i64
  %scaled59 = mul i64 %sum56, 1099511628211
  %sum60 = xor i64 %scaled59, %w57
  %scaled62 = mul i64 %sum60, 1099511628211
  %sum63 = xor i64 %scaled62, %result15
  %scaled65 = mul i64 %sum63, 1099511628211
  %sum66 = xor i64 %scaled65, %called17
  ret i64 %sum66
}
