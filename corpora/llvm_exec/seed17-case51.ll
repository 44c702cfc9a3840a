; frameproof llvm-exec program: seed 17, case 51
; fp-exec function 0 result 0x44a064b6d8598951 values 0xe8d8390f2793de8d 0x8de740cb7c711295 0x9b1fb7fe 0x7c711295 0x653f79c45be2cc18 0xd75838f8df71b983 0xc1d9381200800000 0xd75838f8df71b983 0xc1e9381200800000 0x14d8187af6f37211 0xdfff78fbff71bb97 0xdfff78fbff71bb97 0x14d8187af6f37211 0x14d8187af6f375eb 0xd75838f8df71b983 0xd75838f8df71c05e 0x0 0xe8d8390f2793de8d 0x3b4781c040432997 0xb6a0c10b3c323b02 0x85630817495a4466 0x85630817d245f398 0xed3a587a4cdceb48 0xed3a587a30adf9dd 0xc81e34a0b79f9287 0xad214d64ec7d5e9f 0xacf5217dd907c82d 0x7bad1985067671ae 0x9d940b09fb432aaa 0x5c4d331bfbc32aaa 0x9a58828ccca17ede 0x4d00ba7413d0c75d 0xa904303dabc2c307 0x68ed082fab42c307 0x8d87f000027164e5 0x995fe87af48216f4 0x200efced790d009c 0xfff18416867cbb0b 0x641e7d4685f1d3b1 0xbbe105bd7a806826 0xbfc4e6f72830f892 0xab1cfe8ddec38a83 0x85cf0e1186445c99 0x9117166b70b72972 0x41648a90873b6cb6 0x963cb268584ad535 0x93f85c4e0728490f 0x44a064b6d8598951 0x0 0x0 0x100000001b3
; fp-exec function 1 result 0xa9755cbedf79935f values 0xf3cd19571ab626a3 0xb4e3313c 0xd139074a 0xc1d2c733b1000000 0xe79a32ae356c4d46 0x356c4d46 0x8cab8d5b13518000 0x0 0x0 0xf3cd19571ab626a3 0xfba8b2026383a6f9 0xfba8b202d76097c5 0x3e3fd3f921e3bf 0x3e3fd32818e4f5 0x82ab68cd224d0c4f 0x4379affe934d0c4f 0xf4d25c944bebea3d 0x13486e3a7e87a77b 0x4bbac86500819601 0x4bbac86535eddb47 0x9c3dcafaa32b99a5 0x109647a1b07a19a5 0xa9755cbedf79935f 0xa9755cbedf79935f 0x0 0xff 0x100000001b3
; fp-exec function 2 result 0x8fef5fa9df881b7 values 0xb61c8686ebe79a3 0x41a9faef9ec00000 0x3590102e197e04d9 0x595573cad29c07e3 0xa68dd1ee03e6e3e5 0x8ee583f8ec1a0cbc 0xec1a0cbc 0xdff5f3fafe9e0fff 0x3590102e197e04d9 0x5b0e434375f3cd1 0xe2dad292031c3b6b 0x2caab9e5694e0 0xd29c07e3 0xbeb6149f 0x0 0x42d498c4 0x5b0e434375f3cd1 0x5b0e434375f4b68 0xe2dad292031c3b6b 0xe2dad292031c4397 0x0 0xb61c8686ebe79a3 0x15a12c742da8aff9 0x5408d69bb368aff9 0x33b4a391dae3041b 0x624b3bfc39d00c2 0xd5e30d963c849a6 0x540b4313b1544e45 0x23713f765240ff3f 0xad94bc8ebe5af383 0x4eafe98d748bc799 0x4eafe98d9891cb25 0x46b5009a3fbc2fdf 0x9940f360c1222020 0x8b7dad682cfc9660 0xbeedbd46358292b9 0xf08b574cecdf505b 0xf53bb378db806c8a 0x34de805cfb386e7e 0xd60452cef8245515 0xcdadcaafa5bc92af 0xcdaf00043bea064f 0x6a635631cea8b83d 0x6a6356311c34bfde 0xfb8b5372eda2063a 0xfb8b5372531412a5 0x81d170432b1bae5f 0x81d170432b1bae5f 0xb290212240094b6d 0xb290212202ddd3a9 0x48bbf5cadeeea82b 0xee362424dd084bce 0xce4b38a39518cf0a 0xcbfbdc97a247f3db 0xe4ebb0a8c0435d21 0xe15b549cf71c1649 0xa470fb7e4b9de0b 0xe89ddd25e7a5e560 0xea2427689ee4c220 0x8fef5fa9df881b7 0x123456789abcdef0 0x8000000000000000 0xffffffffffffffff 0x100000000 0x7fffffff 0x8000000000000000 0xffffffff7fffffff 0x100000001b3
; fp-exec site 39057272 patchpoint function 0 : i64:0xd75838f8df71b983 ptr:0x0 f64:0x0 i64:0x14d8187af6f37211 i64:0xdfff78fbff71bb97 f64:0xc1e9381200800000
; fp-exec site 1816702653 statepoint function 0 : i64:0x0 i64:0x0 i64:0x2 f64:0xc1e9381200800000 i64:0xd75838f8df71b983 | 0x14d8187af6f37211:0x14d8187af6f37211 0x14d8187af6f37211:0x14d8187af6f375eb 0xd75838f8df71b983:0xd75838f8df71b983 0xd75838f8df71b983:0xd75838f8df71c05e
; fp-exec site 703315701 patchpoint function 1 : i32:0xd139074a i32:0x356c4d46 ptr:0x0 i64:0xe79a32ae356c4d46 i64:0xff i64:0xe79a32ae356c4d46 i64:0xf3cd19571ab626a3 i64:0xe79a32ae356c4d46
; fp-exec site 1820313605 statepoint function 2 : i64:0x0 i64:0x0 i64:0x4 i64:0xe2dad292031c3b6b i64:0x3590102e197e04d9 i64:0xe2dad292031c3b6b i64:0x2caab9e5694e0 | 0x5b0e434375f3cd1:0x5b0e434375f3cd1 0x5b0e434375f3cd1:0x5b0e434375f4b68 0xe2dad292031c3b6b:0xe2dad292031c3b6b 0xe2dad292031c3b6b:0xe2dad292031c4397
; fp-exec site 1602786344 statepoint function 2 : i64:0x0 i64:0x0 i64:0x12 i32:0xec1a0cbc i64:0xe2dad292031c3b6b i32:0x42d498c4 i64:0x123456789abcdef0 i64:0x8000000000000000 i64:0x2caab9e5694e0 i64:0xffffffffffffffff i64:0x100000000 i64:0x5b0e434375f3cd1 i32:0x7fffffff ptr:0x3590102e197e04d9 f64:0x41a9faef9ec00000 i64:0x8000000000000000 alloca:0xa68dd1ee03e6e3e5 i64:0xffffffff7fffffff f64:0x41a9faef9ec00000 i64:0x5b0e434375f3cd1 i64:0xb61c8686ebe79a3 | 0x5b0e434375f3cd1:0x5b0e434375f3cd1 0x5b0e434375f3cd1:0x5b0e434375f4b68 0xe2dad292031c3b6b:0xe2dad292031c3b6b 0xe2dad292031c3b6b:0xe2dad292031c4397

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

define i64 @fp_case_0(i64 %a1, i64 %a2, i32 %a3) noredzone nounwind "frame-pointer"="all" gc "statepoint-example" {
entry:
  %dynlow4 = and i64 %a1, 63
  %dyncount5 = add i64 %dynlow4, 8
  %dyn6 = alloca i8, i64 %dyncount5, align 16
  store volatile i8 1, i8* %dyn6
  %v7 = trunc i64 %a2 to i32
  %v8 = xor i64 %a1, %a2
  %v9 = sub i64 %v8, %a2
  %v10 = sitofp i32 %a3 to double
  %v11 = sub i64 %v8, %a2
  %v12 = fadd double %v10, %v10
  %v13 = mul i64 %a2, %a1
  %v14 = or i64 %v11, %a2
  %v15 = inttoptr i64 %v14 to i8*
  %gc16 = inttoptr i64 %v13 to i8 addrspace(1)*
  %gcd17 = getelementptr i8, i8 addrspace(1)* %gc16, i64 986
  %gc18 = inttoptr i64 %v9 to i8 addrspace(1)*
  %gcd19 = getelementptr i8, i8 addrspace(1)* %gc18, i64 1755
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 39057272, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 0, i64 %v11, i8* null, double 0x0000000000000000, i64 %v13, i64 %v14, double %v12)
  %token20 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 1816702653, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(double %v12, i64 %v11), "gc-live"(i8 addrspace(1)* %gc16, i8 addrspace(1)* %gcd17, i8 addrspace(1)* %gc18, i8 addrspace(1)* %gcd19) ]
  %rel21 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token20, i32 0, i32 0)
  %rel22 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token20, i32 0, i32 1)
  %rel23 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token20, i32 2, i32 2)
  %rel24 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token20, i32 2, i32 3)
  %scaled26 = mul i64 0, 1099511628211
  %sum27 = xor i64 %scaled26, %a1
  %scaled29 = mul i64 %sum27, 1099511628211
  %sum30 = xor i64 %scaled29, %a2
  %w31 = zext i32 %a3 to i64
  %scaled32 = mul i64 %sum30, 1099511628211
  %sum33 = xor i64 %scaled32, %w31
  %w34 = zext i32 %v7 to i64
  %scaled35 = mul i64 %sum33, 1099511628211
  %sum36 = xor i64 %scaled35, %w34
  %scaled38 = mul i64 %sum36, 1099511628211
  %sum39 = xor i64 %scaled38, %v8
  %scaled41 = mul i64 %sum39, 1099511628211
  %sum42 = xor i64 %scaled41, %v9
  %w43 = bitcast double %v10 to i64
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %w43
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %v11
  %w49 = bitcast double %v12 to i64
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %w49
  %scaled53 = mul i64 %sum51, 1099511628211
  %sum54 = xor i64 %scaled53, %v13
  %scaled56 = mul i64 %sum54, 1099511628211
  %sum57 = xor i64 %scaled56, %v14
  %w58 = ptrtoint i8* %v15 to i64
  %scaled59 = mul i64 %sum57, 1099511628211
  %sum60 = xor i64 %scaled59, %w58
  %w61 = ptrtoint i8 addrspace(1)* %rel21 to i64
  %scaled62 = mul i64 %sum60, 1099511628211
  %sum63 = xor i64 %scaled62, %w61
  %w64 = ptrtoint i8 addrspace(1)* %rel22 to i64
  %scaled65 = mul i64 %sum63, 1099511628211
  %sum66 = xor i64 %scaled65, %w64
  %w67 = ptrtoint i8 addrspace(1)* %rel23 to i64
  %scaled68 = mul i64 %sum66, 1099511628211
  %sum69 = xor i64 %scaled68, %w67
  %w70 = ptrtoint i8 addrspace(1)* %rel24 to i64
  %scaled71 = mul i64 %sum69, 1099511628211
  %sum72 = xor i64 %scaled71, %w70
  ret i64 %sum72
}

define i64 @fp_case_1(i64 %a1, i32 %a2, i32 %a3) noredzone nounwind {
entry:
  %v4 = sitofp i32 %a2 to double
  %v5 = add i64 %a1, %a1
  %v6 = trunc i64 %v5 to i32
  %v7 = shl i64 %v5, 14
  %v8 = fsub double %v4, %v4
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 703315701, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 2, i32 %a3, i32 %a3, i32 %a3, i32 %v6, i8* null, i64 %v5, i64 255, i64 %v5, i64 %a1, i64 %v5)
  %scaled10 = mul i64 0, 1099511628211
  %sum11 = xor i64 %scaled10, %a1
  %w12 = zext i32 %a2 to i64
  %scaled13 = mul i64 %sum11, 1099511628211
  %sum14 = xor i64 %scaled13, %w12
  %w15 = zext i32 %a3 to i64
  %scaled16 = mul i64 %sum14, 1099511628211
  %sum17 = xor i64 %scaled16, %w15
  %w18 = bitcast double %v4 to i64
  %scaled19 = mul i64 %sum17, 1099511628211
  %sum20 = xor i64 %scaled19, %w18
  %scaled22 = mul i64 %sum20, 1099511628211
  %sum23 = xor i64 %scaled22, %v5
  %w24 = zext i32 %v6 to i64
  %scaled25 = mul i64 %sum23, 1099511628211
  %sum26 = xor i64 %scaled25, %w24
  %scaled28 = mul i64 %sum26, 1099511628211
  %sum29 = xor i64 %scaled28, %v7
  %w30 = bitcast double %v8 to i64
  %scaled31 = mul i64 %sum29, 1099511628211
  %sum32 = xor i64 %scaled31, %w30
  ret i64 %sum32
}

define i64 @fp_case_2(i64 %a1, double %a2, i64 %a3, i64 %a4) noredzone nounwind "frame-pointer"="all" gc "statepoint-example" {
entry:
  %dynlow5 = and i64 %a1, 63
  %dyncount6 = add i64 %dynlow5, 8
  %dyn7 = alloca i8, i64 %dyncount6, align 16
  store volatile i8 1, i8* %dyn7
  %slot8 = alloca i64
  store volatile i64 -6445264671499426843, i64* %slot8
  %slotp9 = bitcast i64* %slot8 to i8*
  %v10 = add i64 %a4, %a3
  %v11 = trunc i64 %v10 to i32
  %v12 = or i64 %a4, %v10
  %v13 = inttoptr i64 %a3 to i8*
  %v14 = lshr i64 %a1, 1
  %v15 = mul i64 %a3, %a4
  %v16 = lshr i64 %a4, 13
  %v17 = trunc i64 %a4 to i32
  %v18 = add i32 %v17, %v11
  %v19 = fsub double %a2, %a2
  %v20 = mul i32 %v18, %v11
  %gc21 = inttoptr i64 %v14 to i8 addrspace(1)*
  %gcd22 = getelementptr i8, i8 addrspace(1)* %gc21, i64 3735
  %gc23 = inttoptr i64 %v15 to i8 addrspace(1)*
  %gcd24 = getelementptr i8, i8 addrspace(1)* %gc23, i64 2092
  %token25 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 1820313605, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 %v15, i64 %a3, i64 %v15, i64 %v16), "gc-live"(i8 addrspace(1)* %gc21, i8 addrspace(1)* %gcd22, i8 addrspace(1)* %gc23, i8 addrspace(1)* %gcd24) ]
  %rel26 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token25, i32 0, i32 0)
  %rel27 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token25, i32 0, i32 1)
  %rel28 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token25, i32 2, i32 2)
  %rel29 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token25, i32 2, i32 3)
  %token30 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 1602786344, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i32 %v11, i64 %v15, i32 %v20, i64 1311768467463790320, i64 -9223372036854775808, i64 %v16, i64 -1, i64 4294967296, i64 %v14, i32 2147483647, i8* %v13, double %a2, i64 -9223372036854775808, i8* %slotp9, i64 -2147483649, double %a2, i64 %v14, i64 %a1), "gc-live"(i8 addrspace(1)* %rel26, i8 addrspace(1)* %rel27, i8 addrspace(1)* %rel28, i8 addrspace(1)* %rel29) ]
  %rel31 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token30, i32 0, i32 0)
  %rel32 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token30, i32 0, i32 1)
  %rel33 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token30, i32 2, i32 2)
  %rel34 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token30, i32 2, i32 3)
  %scaled36 = mul i64 0, 1099511628211
  %sum37 = xor i64 %scaled36, %a1
  %w38 = bitcast double %a2 to i64
  %scaled39 = mul i64 %sum37, 1099511628211
  %sum40 = xor i64 %scaled39, %w38
  %scaled42 = mul i64 %sum40, 1099511628211
  %sum43 = xor i64 %scaled42, %a3
  %scaled45 = mul i64 %sum43, 1099511628211
  %sum46 = xor i64 %scaled45, %a4
  %scaled49 = mul i64 %sum46, 1099511628211
  %sum50 = xor i64 %scaled49, %v10
  %w51 = zext i32 %v11 to i64
  %scaled52 = mul i64 %sum50, 1099511628211
  %sum53 = xor i64 %scaled52, %w51
  %scaled55 = mul i64 %sum53, 1099511628211
  %sum56 = xor i64 %scaled55, %v12
  %w57 = ptrtoint i8* %v13 to i64
  %scaled58 = mul i64 %sum56, 1099511628211
  %sum59 = xor i64 %scaled58, %w57
  %scaled61 = mul i64 %sum59, 1099511628211
  %sum62 = xor i64 %scaled61, %v14
  %scaled64 = mul i64 %sum62, 1099511628211
  %sum65 = xor i64 %scaled64, %v15
  %scaled67 = mul i64 %sum65, 1099511628211
  %sum68 = xor i64 %scaled67, %v16
  %w69 = zext i32 %v17 to i64
  %scaled70 = mul i64 %sum68, 1099511628211
  %sum71 = xor i64 %scaled70, %w69
  %w72 = zext i32 %v18 to i64
  %scaled73 = mul i64 %sum71, 1099511628211
  %sum74 = xor i64 %scaled73, %w72
  %w75 = bitcast double %v19 to i64
  %scaled76 = mul i64 %sum74, 1099511628211
  %sum77 = xor i64 %scaled76, %w75
  %w78 = zext i32 %v20 to i64
  %scaled79 = mul i64 %sum77, 1099511628211
  %sum80 = xor i64 %scaled79, %w78
  %w81 = load volatile i64, i64* %slot8
  %scaled82 = mul i64 %sum80, 1099511628211
  %sum83 = xor i64 %scaled82, %w81
  %w84 = ptrtoint i8 addrspace(1)* %rel31 to i64
  %scaled85 = mul i64 %sum83, 1099511628211
  %sum86 = xor i64 %scaled85, %w84
  %w87 = ptrtoint i8 addrspace(1)* %rel32 to i64
  %scaled88 = mul i64 %sum86, 1099511628211
  %sum89 = xor i64 %scaled88, %w87
  %w90 = ptrtoint i8 addrspace(1)* %rel33 to i64
  %scaled91 = mul i64 %sum89, 1099511628211
  %sum92 = xor i64 %scaled91, %w90
  %w93 = ptrtoint i8 addrspace(1)* %rel34 to i64
  %scaled94 = mul i64 %sum92, 1099511628211
  %sum95 = xor i64 %scaled94, %w93
  ret i64 %sum95
}

define void @fp_main() {
  store i64 0, i64* @fp_current_case
  store i8* bitcast (i64 (i64, i64, i32)* @fp_case_0 to i8*), i8** @fp_next_case
  %r0 = call i64 bitcast (void ()* @fp_enter to i64 (i64, i64, i32)*)(i64 -1668520924689473907, i64 -8221531352031227243, i32 -1692420098)
  call void @fp_report_result(i64 %r0)
  store i64 1, i64* @fp_current_case
  store i8* bitcast (i64 (i64, i32, i32)* @fp_case_1 to i8*), i8** @fp_next_case
  %r1 = call i64 bitcast (void ()* @fp_enter to i64 (i64, i32, i32)*)(i64 -879018490366384477, i32 -1260179140, i32 -784791734)
  call void @fp_report_result(i64 %r1)
  store i64 2, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double, i64, i64)* @fp_case_2 to i8*), i8** @fp_next_case
  %r2 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double, i64, i64)*)(i64 820156958018271651, double 0x41a9faef9ec00000, i64 3859602670838744281, i64 6437178557350021091)
  call void @fp_report_result(i64 %r2)
  ret void
}
