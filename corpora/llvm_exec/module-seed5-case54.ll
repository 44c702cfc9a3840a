; frameproof llvm-exec module: seed 5, case 54 (judged against its reference build)

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

define i64 @reach_0(i64 %a0, float %a1, i8* %a2, float %a3, i32 %a4, i8 addrspace(1)* %gc0, i8 addrspace(1)* %gc1) noredzone gc "statepoint-example" personality i32 (...)* @__gxx_personality_v0 {
entry:
  %at2 = getelementptr i8, i8* %a2, i64 208
  %word3 = bitcast i8* %at2 to i64*
  %v1 = load i64, i64* %word3, align 1
  %pair5 = insertvalue {i64, i64} zeroinitializer, i64 %a0, 0
  %v4 = insertvalue {i64, i64} %pair5, i64 %v1, 1
  %mixed7 = insertvalue {i32, double} zeroinitializer, i32 %a4, 0
  %v8 = sitofp i64 %a0 to double
  %v6 = insertvalue {i32, double} %mixed7, double %v8, 1
  %v9 = trunc i64 %a0 to i32
  %v11 = sitofp i64 %v1 to double
  %v10 = fsub double %v8, %v11
  %v13 = shl i64 %a0, 43
  %v12 = lshr i64 %v13, 44
  %cond14 = icmp slt i64 %v12, %v13
  br i1 %cond14, label %left14, label %right14
left14:
  %mixed16 = insertvalue {i32, double} zeroinitializer, i32 %v9, 0
  %v15 = insertvalue {i32, double} %mixed16, double %v11, 1
  %v17 = getelementptr i8, i8 addrspace(1)* %gc0, i64 96
  br label %join14
right14:
  %mixed19 = insertvalue {i32, double} zeroinitializer, i32 %v9, 0
  %v20 = sitofp i64 %v12 to double
  %v18 = insertvalue {i32, double} %mixed19, double %v20, 1
  %v21 = getelementptr i8, i8 addrspace(1)* %gc0, i64 8
  br label %join14
join14:
  %phi22 = phi {i32, double} [%v15, %left14], [%v18, %right14]
  %phi23 = phi i8 addrspace(1)* [%v17, %left14], [%v21, %right14]
  %v24 = or i64 %v13, %v13
  %v25 = mul i64 %v1, %v13
  %v26 = xor i64 %v12, %v24
  %v27 = lshr i64 %v24, 39
  %v28 = getelementptr i8, i8 addrspace(1)* %gc0, i64 40
  %v29 = xor i64 %v1, %v13
  %at32 = getelementptr i8, i8* %a2, i64 240
  %word33 = bitcast i8* %at32 to i64*
  %v31 = load i64, i64* %word33, align 1
  %v30 = mul i64 %v31, %v29
  %bits35 = bitcast float %a1 to i32
  %w34 = zext i32 %bits35 to i64
  %bits37 = bitcast float %a3 to i32
  %w36 = zext i32 %bits37 to i64
  %w38 = bitcast double %v8 to i64
  %field40 = extractvalue {i32, double} %v6, 0
  %w41 = zext i32 %field40 to i64
  %w42 = bitcast double %v11 to i64
  %w43 = bitcast double %v10 to i64
  %field45 = extractvalue {i32, double} %phi22, 0
  %w46 = zext i32 %field45 to i64
  invoke void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 1113938591, i32 16, i8* bitcast (i64 (i64)* @callee_i64 to i8*), i32 1, i64 %v24, i64 %v25, i64 %v26, i64 %v12, i64 %v1, i64 %v26, i64 -9047375980273568226, i64 %v27, i8 addrspace(1)* %v28, i32 %a4, i64 %v29, i64 %v30, i64 %v27) to label %cont47 unwind label %lpad47
cont47:
  %scaled49 = mul i64 0, 1099511628211
  %sum50 = xor i64 %scaled49, %a0
  %scaled52 = mul i64 %sum50, 1099511628211
  %sum53 = xor i64 %scaled52, %w34
  %byte55 = load i8, i8* %a2
  %w54 = zext i8 %byte55 to i64
  %scaled56 = mul i64 %sum53, 1099511628211
  %sum57 = xor i64 %scaled56, %w54
  %scaled59 = mul i64 %sum57, 1099511628211
  %sum60 = xor i64 %scaled59, %w36
  %w61 = zext i32 %a4 to i64
  %scaled62 = mul i64 %sum60, 1099511628211
  %sum63 = xor i64 %scaled62, %w61
  %byte65 = load i8, i8 addrspace(1)* %gc0
  %w64 = zext i8 %byte65 to i64
  %scaled66 = mul i64 %sum63, 1099511628211
  %sum67 = xor i64 %scaled66, %w64
  %byte69 = load i8, i8 addrspace(1)* %gc1
  %w68 = zext i8 %byte69 to i64
  %scaled70 = mul i64 %sum67, 1099511628211
  %sum71 = xor i64 %scaled70, %w68
  %scaled73 = mul i64 %sum71, 1099511628211
  %sum74 = xor i64 %scaled73, %v1
  %field76 = extractvalue {i64, i64} %v4, 1
  %scaled78 = mul i64 %sum74, 1099511628211
  %sum79 = xor i64 %scaled78, %field76
  %scaled81 = mul i64 %sum79, 1099511628211
  %sum82 = xor i64 %scaled81, %w38
  %scaled84 = mul i64 %sum82, 1099511628211
  %sum85 = xor i64 %scaled84, %w41
  %w86 = zext i32 %v9 to i64
  %scaled87 = mul i64 %sum85, 1099511628211
  %sum88 = xor i64 %scaled87, %w86
  %scaled90 = mul i64 %sum88, 1099511628211
  %sum91 = xor i64 %scaled90, %w42
  %scaled93 = mul i64 %sum91, 1099511628211
  %sum94 = xor i64 %scaled93, %w43
  %scaled96 = mul i64 %sum94, 1099511628211
  %sum97 = xor i64 %scaled96, %v13
  %scaled99 = mul i64 %sum97, 1099511628211
  %sum100 = xor i64 %scaled99, %v12
  %scaled102 = mul i64 %sum100, 1099511628211
  %sum103 = xor i64 %scaled102, %w46
  %byte105 = load i8, i8 addrspace(1)* %phi23
  %w104 = zext i8 %byte105 to i64
  %scaled106 = mul i64 %sum103, 1099511628211
  %sum107 = xor i64 %scaled106, %w104
  %scaled109 = mul i64 %sum107, 1099511628211
  %sum110 = xor i64 %scaled109, %v24
  %scaled112 = mul i64 %sum110, 1099511628211
  %sum113 = xor i64 %scaled112, %v25
  %scaled115 = mul i64 %sum113, 1099511628211
  %sum116 = xor i64 %scaled115, %v26
  %scaled118 = mul i64 %sum116, 1099511628211
  %sum119 = xor i64 %scaled118, %v27
  %byte121 = load i8, i8 addrspace(1)* %v28
  %w120 = zext i8 %byte121 to i64
  %scaled122 = mul i64 %sum119, 1099511628211
  %sum123 = xor i64 %scaled122, %w120
  %scaled125 = mul i64 %sum123, 1099511628211
  %sum126 = xor i64 %scaled125, %v29
  %scaled128 = mul i64 %sum126, 1099511628211
  %sum129 = xor i64 %scaled128, %v31
  %scaled131 = mul i64 %sum129, 1099511628211
  %sum132 = xor i64 %scaled131, %v30
  ret i64 %sum132
lpad47:
  %lp47 = landingpad token cleanup
  ret i64 0
}
