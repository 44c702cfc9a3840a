; frameproof llvm-exec module: seed 5, case 17 (judged against its reference build)

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

define i64 @reach_0(i64 %a0, float %a1, i32 %a2, i8 addrspace(1)* %gc0, i8 addrspace(1)* %gc1) noredzone gc "statepoint-example" personality i32 (...)* @__gxx_personality_v0 {
entry:
  %frame1 = alloca [300000 x i8], align 16
  %slot2 = getelementptr [300000 x i8], [300000 x i8]* %frame1, i64 0, i64 299936
  %marked3 = bitcast i8* %slot2 to [8 x i64]*
  store [8 x i64] [i64 6395644483006942582, i64 -2780479411361645950, i64 3690180893784077099, i64 -8523483806598843771, i64 -1119146637778319905, i64 -8869895601592778502, i64 8838517918463668614, i64 -7629573499964167859], [8 x i64]* %marked3, align 1
  %aligned4 = alloca i64, align 128
  %v5 = lshr i64 %a0, 52
  store i64 %v5, i64* %aligned4, align 128
  %alignedp6 = bitcast i64* %aligned4 to i8*
  %pair8 = insertvalue {i64, i64} zeroinitializer, i64 %a0, 0
  %v7 = insertvalue {i64, i64} %pair8, i64 %v5, 1
  %pair10 = insertvalue {i64, i64} zeroinitializer, i64 %v5, 0
  %v9 = insertvalue {i64, i64} %pair10, i64 %a0, 1
  %v11 = shl i64 %a0, 10
  %table12 = load {i64 (i64)*, i64 (i64)*}, {i64 (i64)*, i64 (i64)*}* @reach_callees
  %callee13 = extractvalue {i64 (i64)*, i64 (i64)*} %table12, 1
  %v15 = getelementptr i8, i8* %slot2, i64 32
  %v16 = add i64 %a0, %v5
  %v17 = sitofp i64 %v11 to double
  %v18 = fmul double %v17, %v17
  %v19 = sitofp i64 %a0 to double
  %v21 = add i64 %v16, %v16
  %v20 = sitofp i64 %v21 to double
  %v23 = sitofp i64 %v16 to double
  %v22 = fptrunc double %v23 to float
  %token14 = call token (i64, i32, i64 (i64)*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_i64i64f(i64 106064365, i32 0, i64 (i64)* elementtype(i64 (i64)) %callee13, i32 1, i32 0, i64 %a0, i32 0, i32 0) [ "deopt"(i8* %v15, i64 %v16, float %a1, double %v17, i64 %v11, i64 8854009369526828986, double %v17, double %v18, i64 %v16, float %a1, i32 %a2, i8* %v15, i32 %a2, double %v19, double %v20, i64 -8874810010885172070, i8* %alignedp6, i8 addrspace(1)* %gc1, i64 %v21, i32 %a2, i8 addrspace(1)* %gc1, i64 5043507884034218138, float %v22, i64 %v5), "gc-live"(i8 addrspace(1)* %gc0, i8 addrspace(1)* %gc1) ]
  %rel24 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token14, i32 0, i32 0)
  %rel25 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token14, i32 1, i32 1)
  %at27 = getelementptr i8, i8* %v15, i64 8
  %word28 = bitcast i8* %at27 to i64*
  %v26 = load i64, i64* %word28, align 1
  %v31 = xor i64 %v16, %v26
  %v30 = mul i64 %v11, %v31
  %v29 = and i64 %v30, %v26
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 1830896141, i32 16, i8* bitcast (i64 (i64)* @callee_i64 to i8*), i32 0, i64 %v26, float %v22, i64 %v29, double %v20)
  %lane33 = insertelement <4 x float> zeroinitializer, float %v22, i32 0
  %v32 = insertelement <4 x float> %lane33, float %v22, i32 1
  %lane35 = insertelement <2 x i64> zeroinitializer, i64 %v16, i32 0
  %v34 = insertelement <2 x i64> %lane35, i64 %v16, i32 1
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1958608339, i32 4, i32 %a2, double %v17, i64 %v16, i8* %v15, i64 %v11, <4 x float> %v32, float %a1, <2 x i64> %v34, double %v19, float %a1, i64 %v29)
  %scaled37 = mul i64 0, 1099511628211
  %sum38 = xor i64 %scaled37, %a0
  %bits40 = bitcast float %a1 to i32
  %w39 = zext i32 %bits40 to i64
  %scaled41 = mul i64 %sum38, 1099511628211
  %sum42 = xor i64 %scaled41, %w39
  %w43 = zext i32 %a2 to i64
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %w43
  %byte47 = load i8, i8 addrspace(1)* %rel24
  %w46 = zext i8 %byte47 to i64
  %scaled48 = mul i64 %sum45, 1099511628211
  %sum49 = xor i64 %scaled48, %w46
  %byte51 = load i8, i8 addrspace(1)* %rel25
  %w50 = zext i8 %byte51 to i64
  %scaled52 = mul i64 %sum49, 1099511628211
  %sum53 = xor i64 %scaled52, %w50
  %byte55 = load i8, i8* %slot2
  %w54 = zext i8 %byte55 to i64
  %scaled56 = mul i64 %sum53, 1099511628211
  %sum57 = xor i64 %scaled56, %w54
  %scaled59 = mul i64 %sum57, 1099511628211
  %sum60 = xor i64 %scaled59, %v5
  %byte62 = load i8, i8* %alignedp6
  %w61 = zext i8 %byte62 to i64
  %scaled63 = mul i64 %sum60, 1099511628211
  %sum64 = xor i64 %scaled63, %w61
  %field66 = extractvalue {i64, i64} %v7, 1
  %scaled68 = mul i64 %sum64, 1099511628211
  %sum69 = xor i64 %scaled68, %field66
  %field71 = extractvalue {i64, i64} %v9, 1
  %scaled73 = mul i64 %sum69, 1099511628211
  %sum74 = xor i64 %scaled73, %field71
  %scaled76 = mul i64 %sum74, 1099511628211
  %sum77 = xor i64 %scaled76, %v11
  %byte79 = load i8, i8* %v15
  %w78 = zext i8 %byte79 to i64
  %scaled80 = mul i64 %sum77, 1099511628211
  %sum81 = xor i64 %scaled80, %w78
  %scaled83 = mul i64 %sum81, 1099511628211
  %sum84 = xor i64 %scaled83, %v16
  %w85 = bitcast double %v17 to i64
  %scaled86 = mul i64 %sum84, 1099511628211
  %sum87 = xor i64 %scaled86, %w85
  %w88 = bitcast double %v18 to i64
  %scaled89 = mul i64 %sum87, 1099511628211
  %sum90 = xor i64 %scaled89, %w88
  %w91 = bitcast double %v19 to i64
  %scaled92 = mul i64 %sum90, 1099511628211
  %sum93 = xor i64 %scaled92, %w91
  %scaled95 = mul i64 %sum93, 1099511628211
  %sum96 = xor i64 %scaled95, %v21
  %w97 = bitcast double %v20 to i64
  %scaled98 = mul i64 %sum96, 1099511628211
  %sum99 = xor i64 %scaled98, %w97
  %w100 = bitcast double %v23 to i64
  %scaled101 = mul i64 %sum99, 1099511628211
  %sum102 = xor i64 %scaled101, %w100
  %bits104 = bitcast float %v22 to i32
  %w103 = zext i32 %bits104 to i64
  %scaled105 = mul i64 %sum102, 1099511628211
  %sum106 = xor i64 %scaled105, %w103
  %scaled108 = mul i64 %sum106, 1099511628211
  %sum109 = xor i64 %scaled108, %v26
  %scaled111 = mul i64 %sum109, 1099511628211
  %sum112 = xor i64 %scaled111, %v31
  %scaled114 = mul i64 %sum112, 1099511628211
  %sum115 = xor i64 %scaled114, %v30
  %scaled117 = mul i64 %sum115, 1099511628211
  %sum118 = xor i64 %scaled117, %v29
  %lane120 = extractelement <4 x float> %v32, i32 1
  %bits122 = bitcast float %lane120 to i32
  %w121 = zext i32 %bits122 to i64
  %scaled123 = mul i64 %sum118, 1099511628211
  %sum124 = xor i64 %scaled123, %w121
  %lane126 = extractelement <2 x i64> %v34, i32 1
  %scaled128 = mul i64 %sum124, 1099511628211
  %sum129 = xor i64 %scaled128, %lane126
  ret i64 %sum129
}

define i64 @reach_1(i64 %a0, i32 %a1, i8 addrspace(1)* %gc0, i8 addrspace(1)* %gc1, i8 addrspace(1)* %gc2) noredzone nounwind "stackrealign" gc "statepoint-example" {
entry:
  %aligned1 = alloca i64, align 128
  store i64 %a0, i64* %aligned1, align 128
  %alignedp2 = bitcast i64* %aligned1 to i8*
  %v4 = lshr i64 %a0, 8
  %v3 = sitofp i64 %v4 to double
  %v6 = and i64 %v4, %v4
  %at11 = getelementptr i8, i8* %alignedp2, i64 0
  %word12 = bitcast i8* %at11 to i64*
  %v10 = load i64, i64* %word12, align 1
  %v9 = lshr i64 %v10, 7
  %v8 = or i64 %a0, %v9
  %v7 = mul i64 %a0, %v8
  %v5 = sub i64 %v6, %v7
  %at14 = getelementptr i8, i8* %alignedp2, i64 0
  %word15 = bitcast i8* %at14 to i64*
  %v13 = load i64, i64* %word15, align 1
  %v16 = fmul double %v3, %v3
  %v17 = fmul double %v16, %v3
  %v18 = getelementptr i8, i8 addrspace(1)* %gc2, i64 64
  %v19 = fptrunc double %v16 to float
  %v21 = mul i64 %v7, %v8
  %v24 = shl i64 %v9, 63
  %v23 = add i64 %v24, %a0
  %v26 = add i64 %v6, %v21
  %v28 = shl i64 %v24, 23
  %at29 = getelementptr i8, i8* %alignedp2, i64 0
  %word30 = bitcast i8* %at29 to i64*
  %v27 = load i64, i64* %word30, align 1
  %v25 = and i64 %v26, %v27
  %v22 = and i64 %v23, %v25
  %cond20 = icmp slt i64 %v22, %v21
  br i1 %cond20, label %left30, label %right30
left30:
  %v31 = getelementptr i8, i8 addrspace(1)* %v18, i64 96
  %v33 = fmul double %v16, %v3
  %v32 = fptrunc double %v33 to float
  br label %join30
right30:
  %v34 = getelementptr i8, i8 addrspace(1)* %gc1, i64 104
  %v36 = fmul double %v17, %v16
  %v35 = fptrunc double %v36 to float
  br label %join30
join30:
  %phi37 = phi i8 addrspace(1)* [%v31, %left30], [%v34, %right30]
  %phi38 = phi float [%v32, %left30], [%v35, %right30]
  %v40 = lshr i64 %v22, 32
  %v39 = trunc i64 %v40 to i32
  %at44 = getelementptr i8, i8* %alignedp2, i64 0
  %word45 = bitcast i8* %at44 to i64*
  %v43 = load i64, i64* %word45, align 1
  %v42 = xor i64 %v43, %v13
  %v46 = or i64 %v8, %v27
  %v41 = xor i64 %v42, %v46
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1459302364, i32 0, i8 addrspace(1)* %gc0, i8* %alignedp2, i32 %v39, i8* %alignedp2, i64 %v41)
  %v47 = lshr i64 %v4, 42
  %v50 = add i64 %v4, %v6
  %v49 = mul i64 %v50, %v42
  %v48 = and i64 %v49, %v40
  %lane52 = insertelement <4 x float> zeroinitializer, float %v19, i32 0
  %v51 = insertelement <4 x float> %lane52, float %phi38, i32 1
  call i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 1346635142, i32 24, i8* inttoptr (i64 386699217 to i8*), i32 0, i8 addrspace(1)* %gc2, i8* %alignedp2, i64 %v47, double %v17, i8* %alignedp2, i64 %v48, double %v3, <4 x float> %v51, i64 %v43, i64 %v40)
  %scaled54 = mul i64 0, 1099511628211
  %sum55 = xor i64 %scaled54, %a0
  %w56 = zext i32 %a1 to i64
  %scaled57 = mul i64 %sum55, 1099511628211
  %sum58 = xor i64 %scaled57, %w56
  %byte60 = load i8, i8 addrspace(1)* %gc0
  %w59 = zext i8 %byte60 to i64
  %scaled61 = mul i64 %sum58, 1099511628211
  %sum62 = xor i64 %scaled61, %w59
  %byte64 = load i8, i8 addrspace(1)* %gc1
  %w63 = zext i8 %byte64 to i64
  %scaled65 = mul i64 %sum62, 1099511628211
  %sum66 = xor i64 %scaled65, %w63
  %byte68 = load i8, i8 addrspace(1)* %gc2
  %w67 = zext i8 %byte68 to i64
  %scaled69 = mul i64 %sum66, 1099511628211
  %sum70 = xor i64 %scaled69, %w67
  %byte72 = load i8, i8* %alignedp2
  %w71 = zext i8 %byte72 to i64
  %scaled73 = mul i64 %sum70, 1099511628211
  %sum74 = xor i64 %scaled73, %w71
  %scaled76 = mul i64 %sum74, 1099511628211
  %sum77 = xor i64 %scaled76, %v4
  %w78 = bitcast double %v3 to i64
  %scaled79 = mul i64 %sum77, 1099511628211
  %sum80 = xor i64 %scaled79, %w78
  %scaled82 = mul i64 %sum80, 1099511628211
  %sum83 = xor i64 %scaled82, %v6
  %scaled85 = mul i64 %sum83, 1099511628211
  %sum86 = xor i64 %scaled85, %v10
  %scaled88 = mul i64 %sum86, 1099511628211
  %sum89 = xor i64 %scaled88, %v9
  %scaled91 = mul i64 %sum89, 1099511628211
  %sum92 = xor i64 %scaled91, %v8
  %scaled94 = mul i64 %sum92, 1099511628211
  %sum95 = xor i64 %scaled94, %v7
  %scaled97 = mul i64 %sum95, 1099511628211
  %sum98 = xor i64 %scaled97, %v5
  %scaled100 = mul i64 %sum98, 1099511628211
  %sum101 = xor i64 %scaled100, %v13
  %w102 = bitcast double %v16 to i64
  %scaled103 = mul i64 %sum101, 1099511628211
  %sum104 = xor i64 %scaled103, %w102
  %w105 = bitcast double %v17 to i64
  %scaled106 = mul i64 %sum104, 1099511628211
  %sum107 = xor i64 %scaled106, %w105
  %byte109 = load i8, i8 addrspace(1)* %v18
  %w108 = zext i8 %byte109 to i64
  %scaled110 = mul i64 %sum107, 1099511628211
  %sum111 = xor i64 %scaled110, %w108
  %bits113 = bitcast float %v19 to i32
  %w112 = zext i32 %bits113 to i64
  %scaled114 = mul i64 %sum111, 1099511628211
  %sum115 = xor i64 %scaled114, %w112
  %scaled117 = mul i64 %sum115, 1099511628211
  %sum118 = xor i64 %scaled117, %v21
  %scaled120 = mul i64 %sum118, 1099511628211
  %sum121 = xor i64 %scaled120, %v24
  %scaled123 = mul i64 %sum121, 1099511628211
  %sum124 = xor i64 %scaled123, %v23
  %scaled126 = mul i64 %sum124, 1099511628211
  %sum127 = xor i64 %scaled126, %v26
  %scaled129 = mul i64 %sum127, 1099511628211
  %sum130 = xor i64 %scaled129, %v28
  %scaled132 = mul i64 %sum130, 1099511628211
  %sum133 = xor i64 %scaled132, %v27
  %scaled135 = mul i64 %sum133, 1099511628211
  %sum136 = xor i64 %scaled135, %v25
  %scaled138 = mul i64 %sum136, 1099511628211
  %sum139 = xor i64 %scaled138, %v22
  %byte141 = load i8, i8 addrspace(1)* %phi37
  %w140 = zext i8 %byte141 to i64
  %scaled142 = mul i64 %sum139, 1099511628211
  %sum143 = xor i64 %scaled142, %w140
  %bits145 = bitcast float %phi38 to i32
  %w144 = zext i32 %bits145 to i64
  %scaled146 = mul i64 %sum143, 1099511628211
  %sum147 = xor i64 %scaled146, %w144
  %scaled149 = mul i64 %sum147, 1099511628211
  %sum150 = xor i64 %scaled149, %v40
  %w151 = zext i32 %v39 to i64
  %scaled152 = mul i64 %sum150, 1099511628211
  %sum153 = xor i64 %scaled152, %w151
  %scaled155 = mul i64 %sum153, 1099511628211
  %sum156 = xor i64 %scaled155, %v43
  %scaled158 = mul i64 %sum156, 1099511628211
  %sum159 = xor i64 %scaled158, %v42
  %scaled161 = mul i64 %sum159, 1099511628211
  %sum162 = xor i64 %scaled161, %v46
  %scaled164 = mul i64 %sum162, 1099511628211
  %sum165 = xor i64 %scaled164, %v41
  %scaled167 = mul i64 %sum165, 1099511628211
  %sum168 = xor i64 %scaled167, %v47
  %scaled170 = mul i64 %sum168, 1099511628211
  %sum171 = xor i64 %scaled170, %v50
  %scaled173 = mul i64 %sum171, 1099511628211
  %sum174 = xor i64 %scaled173, %v49
  %scaled176 = mul i64 %sum174, 1099511628211
  %sum177 = xor i64 %scaled176, %v48
  %lane179 = extractelement <4 x float> %v51, i32 1
  %bits181 = bitcast float %lane179 to i32
  %w180 = zext i32 %bits181 to i64
  %scaled182 = mul i64 %sum177, 1099511628211
  %sum183 = xor i64 %scaled182, %w180
  ret i64 %sum183
}
