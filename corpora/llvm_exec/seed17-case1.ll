; frameproof llvm-exec program: seed 17, case 1
; fp-exec function 0 result 0xb5f0f8a56ae7a760 values 0x497305c5d1aab99f 0x43d25cc171746aae 0x497305c5d1aab99f 0xd1aab99f 0x92e60b8ba355733e 0x47b512ccf9016f0f 0x47b512ccf9016f0f 0xdb950e4e72ffcaa1 0xdbf70fcff3fffbbf 0x47b512ccf9016f0f 0xc1c72aa330800000 0xfcfffeefc0000000 0xc0000000 0xf3fffbbf 0x47b512ccf9016f0f 0xe93018a840000000 0x0 0xdbf70fcff3fffbbf 0xd9b0a59cd00355f 0xcd00355f 0x3 0x92e60b8ba355733e 0x92e60b8ba35574bf 0xdbf70fcff3fffbbf 0xdbf70fcff40000e8 0x0 0x497305c5d1aab99f 0x792c6e234519692d 0x3afe32e2346d0383 0xaaf3f95f153cf799 0xe380fc9ac4964e06 0x2a7b40fc0b669432 0x2a7b40fcdacc2dad 0xfb9d1aa7c8f19cf7 0x697b112c6ba4efc9 0xe10df77ae943728b 0xa6b8e5b610421d84 0x8e4bd85da058274c 0xc9feca9159594843 0x953a77fad2b5c9d9 0x4eaf79b4a04a0378 0xfe2f45ec5dc3e4e8 0x25d84a23ae3c1f57 0x8aa551a1102940d5 0xcd10436de9282fda 0x9ad26dc32f494f6e 0x5b1547601fc94f6e 0x8e77b6560311f7ea 0x728848b9c311f7ea 0xaf8b7da67788429e 0xaf8b7da6b788429e 0xd2492049dc89327a 0xd24920492f76c9c5 0xc90ba15ba6d8d9bf 0x8ebeb3975fd9b6b0 0x67c1da37def16d10 0x8ef1c29f9ef16d10 0xd63ac53b143c5230 0xd63ac53b143c5230 0x422f5363627fa790 0x99d85cac91805c2f 0xeb01a83b3d1ca3dd 0xe69aa262f01c9682 0xf558701e0093bee6 0xf558701ecd938bb9 0x78d23d5751b66b5b 0x78d23d5751b66b58 0x3a9935fd8f86688 0x914f98d47bad15b6 0x9756670e271be442 0x5b06c85844e90fd 0xf95963dfd1805de7 0x22ae6c10227fa658 0x6e07f76a9ee7a788 0xb5f0f8a56ae7a760 0x0 0x1000 0xffffffff 0x0 0x100000001b3
; fp-exec function 1 result 0x39679e3567f55c17 values 0x5a6821d3d440b5a7 0x41a8c59a59400000 0xe1713a2a460ac44f 0xb4d043a7a8816b4e 0xf38657b7cc220f5 0x5a6821d3d440b5a7 0x5a6821d3d440b5a7 0x0 0x5a6821d3d440b5a7 0xdfa721f1a9f4aac5 0x9e0fe46bf0b4aac5 0x49abe86a02fe2cbf 0xfd7babcdaa7f47f1 0x386cdf78b6473e83 0x3754ba03ca851e76 0x8a168a712032c282 0xd07eaba2f4727725 0xb9b4cae55e8073df 0x58c5f0cf188ab790 0x630fbfe6b3b5e9b0 0x39679e3567f55c17 0x100000001b3
; fp-exec function 2 result 0x5450317e96caf733 values 0x21b71d1f381ab62e 0xac8248b0 0x7acbb0dc0ddb767f 0x86dc747ce06ad8 0xc1d4df6dd4000000 0xc1e4df6dd4000000 0x0 0x21b71d1f381ab62e 0x64dcaa0c5563902a 0x64dcaa0cf9e1d89a 0x44cd8e0c9ac30dae 0x3e063ed097187bd1 0x7d188d70be9a6423 0x7d9e5104c27a0efb 0xee12a61675677481 0x2fc6797ba1677481 0x95b4ee1342caf733 0x5450317e96caf733 0xffffffff 0x2a 0xffffffd6 0x7fffffff 0x1 0x100000001b3
; fp-exec function 3 result 0x9f907f8c23e497c4 values 0x16618b677ea68ba 0x31dfe2fd6fb4a72a 0x535bb998c76a02ae 0x9a4dbe35df8e8484 0x77ea68ba 0x979224c7902622a6 0x30b9fa4b185ecf90 0x902622a6 0xaaf4447ec7d04b14 0xe7cc4a1c 0x16618b677ea68ba 0xc1dbf67756800000 0x41ddfa9a2e800000 0xaaf4447ec7d04b14 0x30b9fa4b185ecf90 0x16618b677ea68ba 0x0 0x16618b677ea68ba 0x4ae4b80dc34ff40e 0x7b3b5af0acfb5324 0x612eaaf5ef0e462c 0xfb6314c03080c2a8 0xaa1eea926acac378 0xaa1eea921d20abc2 0x333458477e83daa6 0xa4a67c80eea5f800 0x6cdd8f1584046800 0x5c64755e9c5aa790 0x595affc3ae0ab9b0 0x595affc33e2c9b16 0x23baec2a5cb8662 0xa8cfeabc621bcd76 0xf519541ab53e1f82 0xf519541a52f2559e 0x6c5f86baf1c77b7a 0x6d399e0c862d13c0 0xc5fb4f47fe988f40 0x420b930a8188f40 0x1c29edada1bb69c0 0x5df417378f3b69c0 0xe12d336861f4b140 0xb2768af0a69eb3ee 0xde2204eb1fabbd6a 0x74d64095d87bf67e 0x4063c9edaa3d81a 0x34bfc6d5c2fd178a 0x9ef6673a540eff7e 0x9f907f8c23e497c4 0x80000000 0x0 0x0 0x0 0x7fffffff 0xc004000000000000 0x0 0x1 0x100000001b3
; fp-exec site 519892199 statepoint function 0 : i64:0x0 i64:0x0 i64:0x3 i32:0x0 i64:0x497305c5d1aab99f i32:0x1000 | 0x92e60b8ba355733e:0x92e60b8ba355733e 0x92e60b8ba355733e:0x92e60b8ba35574bf 0xdbf70fcff3fffbbf:0xdbf70fcff3fffbbf 0xdbf70fcff3fffbbf:0xdbf70fcff40000e8
; fp-exec site 1585711537 stackmap function 0 : f64:0x47b512ccf9016f0f i64:0xfcfffeefc0000000 f64:0x47b512ccf9016f0f i32:0xffffffff
; fp-exec site 1735838285 stackmap function 0 : f64:0x47b512ccf9016f0f ptr:0x0
; fp-exec site 1869612293 statepoint function 1 : i64:0x0 i64:0x0 i64:0x0 | 0x5a6821d3d440b5a7:0x5a6821d3d440b5a7
; fp-exec site 1290792235 patchpoint function 2 : i64:0x7acbb0dc0ddb767f f64:0xc1d4df6dd4000000 i32:0xffffffff i64:0x7acbb0dc0ddb767f i32:0x2a i64:0x21b71d1f381ab62e f64:0xc1e4df6dd4000000 i64:0x7acbb0dc0ddb767f i32:0xffffffd6 i32:0xac8248b0 f64:0xc1e4df6dd4000000 i32:0x7fffffff i32:0x1
; fp-exec site 1691722751 statepoint function 3 : i64:0x0 i64:0x0 i64:0x2 i64:0x80000000 ptr:0x0 | 0xaaf4447ec7d04b14:0xaaf4447ec7d04b14 0x30b9fa4b185ecf90:0x30b9fa4b185ecf90 0x16618b677ea68ba:0x16618b677ea68ba
; fp-exec site 2014367798 stackmap function 3 : i64:0x0 ptr:0x0 i32:0x7fffffff f64:0xc1dbf67756800000
; fp-exec site 71604788 patchpoint function 3 : f64:0xc1dbf67756800000 i64:0x979224c7902622a6 i32:0x902622a6 f64:0xc004000000000000 f64:0x41ddfa9a2e800000 ptr:0x0 alloca:0x535bb998c76a02ae i32:0x1

declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @llvm.experimental.patchpoint.void(i64, i32, i8*, i32, ...)
declare i64 @llvm.experimental.patchpoint.i64(i64, i32, i8*, i32, ...)
declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, ...)
declare i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token, i32, i32)
declare void @fp_hook_statepoint()
declare void @fp_enter()
declare void @fp_report_result(i64)
@fp_current_case = external global i64
@fp_next_case = external global i8*

define i64 @fp_case_0(i64 %a1) noredzone nounwind "frame-pointer"="all" gc "statepoint-example" {
entry:
  %v2 = sitofp i64 %a1 to double
  %v3 = inttoptr i64 %a1 to i8*
  %v4 = trunc i64 %a1 to i32
  %v5 = add i64 %a1, %a1
  %v6 = fmul double %v2, %v2
  %v7 = fmul double %v2, %v2
  %v8 = xor i64 %a1, %v5
  %v9 = or i64 %v5, %a1
  %v10 = fsub double %v6, %v2
  %v11 = sitofp i32 %v4 to double
  %v12 = shl i64 %v9, 30
  %v13 = trunc i64 %v12 to i32
  %v14 = trunc i64 %v9 to i32
  %v15 = fsub double %v6, %v2
  %v16 = mul i64 %v12, %a1
  %v17 = fsub double %v10, %v10
  %v18 = inttoptr i64 %v9 to i8*
  %v19 = sub i64 %v16, %v8
  %v20 = trunc i64 %v19 to i32
  %v21 = lshr i64 %v9, 62
  %gc22 = inttoptr i64 %v5 to i8 addrspace(1)*
  %gcd23 = getelementptr i8, i8 addrspace(1)* %gc22, i64 385
  %gc24 = inttoptr i64 %v9 to i8 addrspace(1)*
  %gcd25 = getelementptr i8, i8 addrspace(1)* %gc24, i64 1321
  %token26 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 519892199, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i32 0, i64 %a1, i32 4096), "gc-live"(i8 addrspace(1)* %gc22, i8 addrspace(1)* %gcd23, i8 addrspace(1)* %gc24, i8 addrspace(1)* %gcd25) ]
  %rel27 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token26, i32 0, i32 0)
  %rel28 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token26, i32 0, i32 1)
  %rel29 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token26, i32 2, i32 2)
  %rel30 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token26, i32 2, i32 3)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1585711537, i32 8, double %v6, i64 %v12, double %v6, i32 -1)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1735838285, i32 8, double %v7, i8* null)
  %scaled32 = mul i64 0, 1099511628211
  %sum33 = xor i64 %scaled32, %a1
  %w34 = bitcast double %v2 to i64
  %scaled35 = mul i64 %sum33, 1099511628211
  %sum36 = xor i64 %scaled35, %w34
  %w37 = ptrtoint i8* %v3 to i64
  %scaled38 = mul i64 %sum36, 1099511628211
  %sum39 = xor i64 %scaled38, %w37
  %w40 = zext i32 %v4 to i64
  %scaled41 = mul i64 %sum39, 1099511628211
  %sum42 = xor i64 %scaled41, %w40
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %v5
  %w46 = bitcast double %v6 to i64
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %w46
  %w49 = bitcast double %v7 to i64
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %w49
  %scaled53 = mul i64 %sum51, 1099511628211
  %sum54 = xor i64 %scaled53, %v8
  %scaled56 = mul i64 %sum54, 1099511628211
  %sum57 = xor i64 %scaled56, %v9
  %w58 = bitcast double %v10 to i64
  %scaled59 = mul i64 %sum57, 1099511628211
  %sum60 = xor i64 %scaled59, %w58
  %w61 = bitcast double %v11 to i64
  %scaled62 = mul i64 %sum60, 1099511628211
  %sum63 = xor i64 %scaled62, %w61
  %scaled65 = mul i64 %sum63, 1099511628211
  %sum66 = xor i64 %scaled65, %v12
  %w67 = zext i32 %v13 to i64
  %scaled68 = mul i64 %sum66, 1099511628211
  %sum69 = xor i64 %scaled68, %w67
  %w70 = zext i32 %v14 to i64
  %scaled71 = mul i64 %sum69, 1099511628211
  %sum72 = xor i64 %scaled71, %w70
  %w73 = bitcast double %v15 to i64
  %scaled74 = mul i64 %sum72, 1099511628211
  %sum75 = xor i64 %scaled74, %w73
  %scaled77 = mul i64 %sum75, 1099511628211
  %sum78 = xor i64 %scaled77, %v16
  %w79 = bitcast double %v17 to i64
  %scaled80 = mul i64 %sum78, 1099511628211
  %sum81 = xor i64 %scaled80, %w79
  %w82 = ptrtoint i8* %v18 to i64
  %scaled83 = mul i64 %sum81, 1099511628211
  %sum84 = xor i64 %scaled83, %w82
  %scaled86 = mul i64 %sum84, 1099511628211
  %sum87 = xor i64 %scaled86, %v19
  %w88 = zext i32 %v20 to i64
  %scaled89 = mul i64 %sum87, 1099511628211
  %sum90 = xor i64 %scaled89, %w88
  %scaled92 = mul i64 %sum90, 1099511628211
  %sum93 = xor i64 %scaled92, %v21
  %w94 = ptrtoint i8 addrspace(1)* %rel27 to i64
  %scaled95 = mul i64 %sum93, 1099511628211
  %sum96 = xor i64 %scaled95, %w94
  %w97 = ptrtoint i8 addrspace(1)* %rel28 to i64
  %scaled98 = mul i64 %sum96, 1099511628211
  %sum99 = xor i64 %scaled98, %w97
  %w100 = ptrtoint i8 addrspace(1)* %rel29 to i64
  %scaled101 = mul i64 %sum99, 1099511628211
  %sum102 = xor i64 %scaled101, %w100
  %w103 = ptrtoint i8 addrspace(1)* %rel30 to i64
  %scaled104 = mul i64 %sum102, 1099511628211
  %sum105 = xor i64 %scaled104, %w103
  ret i64 %sum105
}

define i64 @fp_case_1(i64 %a1, double %a2) noredzone nounwind gc "statepoint-example" {
entry:
  %pad3 = alloca [160 x i64]
  %padslot4 = getelementptr [160 x i64], [160 x i64]* %pad3, i64 0, i64 159
  store volatile i64 1, i64* %padslot4
  %dynlow5 = and i64 %a1, 63
  %dyncount6 = add i64 %dynlow5, 8
  %dyn7 = alloca i8, i64 %dyncount6, align 16
  store volatile i8 1, i8* %dyn7
  %slot8 = alloca i64
  store volatile i64 -2201914789569313713, i64* %slot8
  %slotp9 = bitcast i64* %slot8 to i8*
  %v10 = add i64 %a1, %a1
  %v11 = add i64 %v10, %a1
  %v12 = inttoptr i64 %a1 to i8*
  %gc13 = inttoptr i64 %a1 to i8 addrspace(1)*
  %token14 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 1869612293, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(), "gc-live"(i8 addrspace(1)* %gc13) ]
  %rel15 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token14, i32 0, i32 0)
  %scaled17 = mul i64 0, 1099511628211
  %sum18 = xor i64 %scaled17, %a1
  %w19 = bitcast double %a2 to i64
  %scaled20 = mul i64 %sum18, 1099511628211
  %sum21 = xor i64 %scaled20, %w19
  %scaled24 = mul i64 %sum21, 1099511628211
  %sum25 = xor i64 %scaled24, %v10
  %scaled27 = mul i64 %sum25, 1099511628211
  %sum28 = xor i64 %scaled27, %v11
  %w29 = ptrtoint i8* %v12 to i64
  %scaled30 = mul i64 %sum28, 1099511628211
  %sum31 = xor i64 %scaled30, %w29
  %w32 = load volatile i64, i64* %slot8
  %scaled33 = mul i64 %sum31, 1099511628211
  %sum34 = xor i64 %scaled33, %w32
  %w35 = ptrtoint i8 addrspace(1)* %rel15 to i64
  %scaled36 = mul i64 %sum34, 1099511628211
  %sum37 = xor i64 %scaled36, %w35
  ret i64 %sum37
}

define i64 @fp_case_2(i64 %a1, i32 %a2, i64 %a3) noredzone nounwind "frame-pointer"="all" {
entry:
  %v4 = lshr i64 %a1, 6
  %v5 = sitofp i32 %a2 to double
  %v6 = fadd double %v5, %v5
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 1290792235, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 0, i64 %a3, double %v5, i32 -1, i64 %a3, i32 42, i64 %a1, double %v6, i64 %a3, i32 -42, i32 %a2, double %v6, i32 2147483647, i32 1)
  %scaled8 = mul i64 0, 1099511628211
  %sum9 = xor i64 %scaled8, %a1
  %w10 = zext i32 %a2 to i64
  %scaled11 = mul i64 %sum9, 1099511628211
  %sum12 = xor i64 %scaled11, %w10
  %scaled14 = mul i64 %sum12, 1099511628211
  %sum15 = xor i64 %scaled14, %a3
  %scaled17 = mul i64 %sum15, 1099511628211
  %sum18 = xor i64 %scaled17, %v4
  %w19 = bitcast double %v5 to i64
  %scaled20 = mul i64 %sum18, 1099511628211
  %sum21 = xor i64 %scaled20, %w19
  %w22 = bitcast double %v6 to i64
  %scaled23 = mul i64 %sum21, 1099511628211
  %sum24 = xor i64 %scaled23, %w22
  ret i64 %sum24
}

define i64 @fp_case_3(i64 %a1, i64 %a2) noredzone nounwind "frame-pointer"="all" gc "statepoint-example" {
entry:
  %slot3 = alloca i64
  store volatile i64 6006598593860469422, i64* %slot3
  %slotp4 = bitcast i64* %slot3 to i8*
  %v5 = mul i64 %a2, %a1
  %v6 = trunc i64 %a1 to i32
  %v7 = sub i64 %a2, %v5
  %v8 = xor i64 %a1, %a2
  %v9 = trunc i64 %v7 to i32
  %v10 = xor i64 %v5, %v8
  %v11 = xor i32 %v6, %v9
  %v12 = inttoptr i64 %a1 to i8*
  %v13 = sitofp i32 %v9 to double
  %v14 = sitofp i32 %v6 to double
  %gc15 = inttoptr i64 %v10 to i8 addrspace(1)*
  %gc16 = inttoptr i64 %v8 to i8 addrspace(1)*
  %gc17 = inttoptr i64 %a1 to i8 addrspace(1)*
  %token18 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 1691722751, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 2147483648, i8* null), "gc-live"(i8 addrspace(1)* %gc15, i8 addrspace(1)* %gc16, i8 addrspace(1)* %gc17) ]
  %rel19 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token18, i32 0, i32 0)
  %rel20 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token18, i32 1, i32 1)
  %rel21 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token18, i32 2, i32 2)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2014367798, i32 8, i64 0, i8* null, i32 2147483647, double %v13)
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 71604788, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 2, i32 %v9, i64 %v5, double %v13, i64 %v7, i32 %v9, double 0xc004000000000000, double %v14, i8* null, i8* %slotp4, i32 1)
  %scaled23 = mul i64 0, 1099511628211
  %sum24 = xor i64 %scaled23, %a1
  %scaled26 = mul i64 %sum24, 1099511628211
  %sum27 = xor i64 %scaled26, %a2
  %scaled30 = mul i64 %sum27, 1099511628211
  %sum31 = xor i64 %scaled30, %v5
  %w32 = zext i32 %v6 to i64
  %scaled33 = mul i64 %sum31, 1099511628211
  %sum34 = xor i64 %scaled33, %w32
  %scaled36 = mul i64 %sum34, 1099511628211
  %sum37 = xor i64 %scaled36, %v7
  %scaled39 = mul i64 %sum37, 1099511628211
  %sum40 = xor i64 %scaled39, %v8
  %w41 = zext i32 %v9 to i64
  %scaled42 = mul i64 %sum40, 1099511628211
  %sum43 = xor i64 %scaled42, %w41
  %scaled45 = mul i64 %sum43, 1099511628211
  %sum46 = xor i64 %scaled45, %v10
  %w47 = zext i32 %v11 to i64
  %scaled48 = mul i64 %sum46, 1099511628211
  %sum49 = xor i64 %scaled48, %w47
  %w50 = ptrtoint i8* %v12 to i64
  %scaled51 = mul i64 %sum49, 1099511628211
  %sum52 = xor i64 %scaled51, %w50
  %w53 = bitcast double %v13 to i64
  %scaled54 = mul i64 %sum52, 1099511628211
  %sum55 = xor i64 %scaled54, %w53
  %w56 = bitcast double %v14 to i64
  %scaled57 = mul i64 %sum55, 1099511628211
  %sum58 = xor i64 %scaled57, %w56
  %w59 = load volatile i64, i64* %slot3
  %scaled60 = mul i64 %sum58, 1099511628211
  %sum61 = xor i64 %scaled60, %w59
  %w62 = ptrtoint i8 addrspace(1)* %rel19 to i64
  %scaled63 = mul i64 %sum61, 1099511628211
  %sum64 = xor i64 %scaled63, %w62
  %w65 = ptrtoint i8 addrspace(1)* %rel20 to i64
  %scaled66 = mul i64 %sum64, 1099511628211
  %sum67 = xor i64 %scaled66, %w65
  %w68 = ptrtoint i8 addrspace(1)* %rel21 to i64
  %scaled69 = mul i64 %sum67, 1099511628211
  %sum70 = xor i64 %scaled69, %w68
  ret i64 %sum70
}

define void @fp_main() {
  store i64 0, i64* @fp_current_case
  store i8* bitcast (i64 (i64)* @fp_case_0 to i8*), i8** @fp_next_case
  %r0 = call i64 bitcast (void ()* @fp_enter to i64 (i64)*)(i64 5292580334274787743)
  call void @fp_report_result(i64 %r0)
  store i64 1, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double)* @fp_case_1 to i8*), i8** @fp_next_case
  %r1 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double)*)(i64 6514494054674249127, double 0x41a8c59a59400000)
  call void @fp_report_result(i64 %r1)
  store i64 2, i64* @fp_current_case
  store i8* bitcast (i64 (i64, i32, i64)* @fp_case_2 to i8*), i8** @fp_next_case
  %r2 = call i64 bitcast (void ()* @fp_enter to i64 (i64, i32, i64)*)(i64 2429442543912138286, i32 -1400747856, i64 8848360352071251583)
  call void @fp_report_result(i64 %r2)
  store i64 3, i64* @fp_current_case
  store i8* bitcast (i64 (i64, i64)* @fp_case_3 to i8*), i8** @fp_next_case
  %r3 = call i64 bitcast (void ()* @fp_enter to i64 (i64, i64)*)(i64 100795213637380282, i64 3593840605793658666)
  call void @fp_report_result(i64 %r3)
  ret void
}
