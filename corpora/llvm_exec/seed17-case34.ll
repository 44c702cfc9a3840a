; frameproof llvm-exec program: seed 17, case 34
; fp-exec function 0 result 0xc3674543237755df values 0xde05956a36459112 0x2d2f136f 0x32a35a68070030f2 0x7407b314e7546499 0x3403801879000000 0xde05956a3 0x36459112 0x79000000 0xeca6cf023145a1e0 0x6807 0x3403801879000000 0xab623b022f456020 0xde05956a3 0xde05961cc 0x32a35a68070030f2 0x32a35a6807003278 0x0 0xde05956a36459112 0x890df57a38358196 0x890df57a151a92f9 0xfd4b1771dc27bd1b 0xcfe84d19db278de9 0x6f48ebef643622eb 0x5b4b6bf71d3622eb 0x574b5fe6a2fd5551 0x574b5feb42a403f2 0xf917eec23cb2b436 0xf917eec20af72524 0x3acfd7b8a1f41c2c 0x3acfd7b8d8f41c2c 0xe347bb18a6cbdec4 0xfe1741a978e7f24 0x8a976d2f87220a2c 0x8a976d2f8722622b 0xa1b0b2c29f6ccf11 0x95b332dae66ccf11 0xcc4e7af58ae3d9e3 0x672c41f7a5a6b9c3 0xf6eddace7a4da659 0x82ea69da9d19c2c0 0x8e149e78f2c5ec40 0x8e149e75129cbae3 0x9c423eea0518fb9 0x9c423e34008ee75 0xa1377025cf2d30cf 0x93942a4dc82d003d 0xf1c41f2b247767a7 0xc3674543237755df 0xffffffff80000000 0x8000000000000000 0xffffffffffffffff 0x0 0x100000001b3
; fp-exec function 1 result 0x74b09360db957390 values 0xf45f875f70c758cb 0xc1af56003e400000 0x93a8a455fbc0a7d0 0x200e247c 0x67f7230a8b07ff1b 0xc3db15d6ea810fd6 0x67f7230a8b07ff1b 0x83ff8d8000000000 0xf7ffa75ffbc7ffdb 0x74002adffbc7ffdb 0x8b07ff1b 0xf75fd1164e2491f0 0xf75ffbdfffe7fffb 0x83ff8d8000000000 0xd8666c8000000000 0xab162397 0x93a8a455fbc0a7d0 0x93a8a455fbc0b680 0xf75fd1164e2491f0 0xf75fd1164e24a1be 0x83ff8d8000000000 0x0 0xf45f875f70c758cb 0x5abd22ca2bbe0f1 0xc404842c9cfbe0f1 0xf8d88cebfff3983 0x9c252c9b443f9e53 0x92c91ed4f81a0709 0x92c91ed4d8142375 0x7fe2d8ab2a383fcf 0x1815fba1a13fc0d4 0x2d1b67a4ff54a83c 0xeec0727215d5a7ea 0x86aa61db1a0c529e 0xe15d42d1910bad85 0xfd260f1976d7d8ff 0x7ed9829976d7d8ff 0x6371e9c4f0c5b94d 0x948e4e9b0b024696 0x70162773b4ddf0e2 0x4160dac4f1a0f39 0xb8874ca6947dddb 0xb8874cae24022c0 0xd90134be72fb0c40 0x2e5ee5a83cdf9db0 0xaaddecdf6ff8f210 0x5d821700901f0deb 0x31b00f4e4c4a651 0x80e48d74e4c4a651 0xc902aea0ba269ba3 0x1164c220ba269ba3 0xb4d1809c4f9a75f9 0xb4d1809ce48c566e 0xcc53f8985a76dcea 0x5ffb5ccda1b67b3a 0xce99eb69c913638e 0x5d314f3c32d3d50e 0x2e9eb14a5df306ca 0xd9c1605c13d7973a 0xdb2df675b755f78e 0x2c722763f9715630 0xf74f1ee0db957390 0x74b09360db957390 0x100000001b3
; fp-exec function 2 result 0xc954273cd48264bd values 0x993ce3819cc16bad 0xe8fc5bad950db7b6 0x82393f2f31cf2363 0x264f38 0xe8fc5bad950db7b6 0x31cf2363 0x950db7b6 0x0 0x993ce3819cc16bad 0x23e2423d5ca9f6f7 0xcb1e1990c9a44141 0xc866b206a21ae173 0x4a5f8d2993d5c210 0x361eeda63438c130 0x361eeda6341e8e08 0x151bd96a8feb5798 0xfde782c71ae6e02e 0x57436652b64eee2a 0x574366528781cd49 0xc954273c418fd30b 0xc954273cd48264bd 0x100000001b3
; fp-exec function 3 result 0x262fbe6b280cfed4 values 0xd1912982b0ee4741 0xc1a56ab8dc000000 0xc1a7c7e677c00000 0xc1a7d72890400000 0xb1ed6af390cf0492 0xfff90e0232712c83 0xa322530561dc8e82 0xa322530561dc8e82 0x74b37c8812cad5c3 0xc3d7376b3ea788dc 0xb0ee4741 0x74b37c8812cad5c3 0x74b37c8812cae2df 0x0 0xd1912982b0ee4741 0x7f0ca12a4e31373 0xc655a0aa78e31373 0xe69374ab69da0c69 0x2734b34d1e1a0c69 0xb899150a2643166b 0x793ec222b603166b 0x8ba4bfb473f17d1 0xab9818fe26e39953 0x770bcadc14bd8809 0xd42999d97561068b 0xe3b6f78273de1e31 0x97058b0a6114cbf2 0xb33734a2f6568c36 0x70e003c9c8f104ea 0xbdab59e0718b599e 0xbdab59e0c1651edf 0xaf4897e89ed374ed 0x1ea5fd1b0e1c707f 0x307d93f8fa5327cd 0xcf849dfac8220b4e 0xc063bf2211d9358a 0xb4d0c3aa0313e049 0x529cc2e33ac61c0b 0x262fbe6b280cfed4 0xff 0x100000001b3
; fp-exec site 804254069 statepoint function 0 : i64:0x0 i64:0x0 i64:0x0 | 0xde05956a3:0xde05956a3 0xde05956a3:0xde05961cc 0x32a35a68070030f2:0x32a35a68070030f2 0x32a35a68070030f2:0x32a35a6807003278
; fp-exec site 111116151 stackmap function 0 : i64:0xffffffff80000000 ptr:0x3403801879000000 i64:0x8000000000000000 i64:0xde05956a3 i64:0xffffffffffffffff
; fp-exec site 994039603 statepoint function 0 : i64:0x0 i64:0x0 i64:0x1 ptr:0x0 | 0xde05956a3:0xde05956a3 0xde05956a3:0xde05961cc 0x32a35a68070030f2:0x32a35a68070030f2 0x32a35a68070030f2:0x32a35a6807003278
; fp-exec site 2041876370 statepoint function 1 : i64:0x0 i64:0x0 i64:0x0 | 0x93a8a455fbc0a7d0:0x93a8a455fbc0a7d0 0x93a8a455fbc0a7d0:0x93a8a455fbc0b680 0xf75fd1164e2491f0:0xf75fd1164e2491f0 0xf75fd1164e2491f0:0xf75fd1164e24a1be 0x83ff8d8000000000:0x83ff8d8000000000
; fp-exec site 543403893 patchpoint function 2 :
; fp-exec site 1958402187 anyreg function 3 : any: i64:0xa322530561dc8e82 i32:0xb0ee4741 ptr:0xa322530561dc8e82 f64:0xc1a7c7e677c00000 f64:0xc1a7c7e677c00000 alloca:0xfff90e0232712c83
; fp-exec site 230687753 statepoint function 3 : i64:0x0 i64:0x0 i64:0x2 i32:0xff i64:0xa322530561dc8e82 | 0x74b37c8812cad5c3:0x74b37c8812cad5c3 0x74b37c8812cad5c3:0x74b37c8812cae2df
; fp-exec site 742320480 patchpoint function 3 : ptr:0xa322530561dc8e82

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

define i64 @fp_case_0(i64 %a1, i32 %a2, i64 %a3) noredzone nounwind "frame-pointer"="all" gc "statepoint-example" {
entry:
  %slot4 = alloca i64
  store volatile i64 8360848135598400665, i64* %slot4
  %slotp5 = bitcast i64* %slot4 to i8*
  %v6 = shl i64 %a3, 23
  %v7 = lshr i64 %a1, 28
  %v8 = trunc i64 %a1 to i32
  %v9 = trunc i64 %v6 to i32
  %v10 = xor i64 %a3, %a1
  %v11 = lshr i64 %v6, 47
  %v12 = inttoptr i64 %v6 to i8*
  %v13 = sub i64 %a1, %a3
  %gc14 = inttoptr i64 %v7 to i8 addrspace(1)*
  %gcd15 = getelementptr i8, i8 addrspace(1)* %gc14, i64 2857
  %gc16 = inttoptr i64 %a3 to i8 addrspace(1)*
  %gcd17 = getelementptr i8, i8 addrspace(1)* %gc16, i64 390
  %token18 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 804254069, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(), "gc-live"(i8 addrspace(1)* %gc14, i8 addrspace(1)* %gcd15, i8 addrspace(1)* %gc16, i8 addrspace(1)* %gcd17) ]
  %rel19 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token18, i32 0, i32 0)
  %rel20 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token18, i32 0, i32 1)
  %rel21 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token18, i32 2, i32 2)
  %rel22 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token18, i32 2, i32 3)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 111116151, i32 8, i64 -2147483648, i8* %v12, i64 -9223372036854775808, i64 %v7, i64 -1)
  %token23 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 994039603, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i8* null), "gc-live"(i8 addrspace(1)* %rel19, i8 addrspace(1)* %rel20, i8 addrspace(1)* %rel21, i8 addrspace(1)* %rel22) ]
  %rel24 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token23, i32 0, i32 0)
  %rel25 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token23, i32 0, i32 1)
  %rel26 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token23, i32 2, i32 2)
  %rel27 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token23, i32 2, i32 3)
  %scaled29 = mul i64 0, 1099511628211
  %sum30 = xor i64 %scaled29, %a1
  %w31 = zext i32 %a2 to i64
  %scaled32 = mul i64 %sum30, 1099511628211
  %sum33 = xor i64 %scaled32, %w31
  %scaled35 = mul i64 %sum33, 1099511628211
  %sum36 = xor i64 %scaled35, %a3
  %scaled39 = mul i64 %sum36, 1099511628211
  %sum40 = xor i64 %scaled39, %v6
  %scaled42 = mul i64 %sum40, 1099511628211
  %sum43 = xor i64 %scaled42, %v7
  %w44 = zext i32 %v8 to i64
  %scaled45 = mul i64 %sum43, 1099511628211
  %sum46 = xor i64 %scaled45, %w44
  %w47 = zext i32 %v9 to i64
  %scaled48 = mul i64 %sum46, 1099511628211
  %sum49 = xor i64 %scaled48, %w47
  %scaled51 = mul i64 %sum49, 1099511628211
  %sum52 = xor i64 %scaled51, %v10
  %scaled54 = mul i64 %sum52, 1099511628211
  %sum55 = xor i64 %scaled54, %v11
  %w56 = ptrtoint i8* %v12 to i64
  %scaled57 = mul i64 %sum55, 1099511628211
  %sum58 = xor i64 %scaled57, %w56
  %scaled60 = mul i64 %sum58, 1099511628211
  %sum61 = xor i64 %scaled60, %v13
  %w62 = load volatile i64, i64* %slot4
  %scaled63 = mul i64 %sum61, 1099511628211
  %sum64 = xor i64 %scaled63, %w62
  %w65 = ptrtoint i8 addrspace(1)* %rel24 to i64
  %scaled66 = mul i64 %sum64, 1099511628211
  %sum67 = xor i64 %scaled66, %w65
  %w68 = ptrtoint i8 addrspace(1)* %rel25 to i64
  %scaled69 = mul i64 %sum67, 1099511628211
  %sum70 = xor i64 %scaled69, %w68
  %w71 = ptrtoint i8 addrspace(1)* %rel26 to i64
  %scaled72 = mul i64 %sum70, 1099511628211
  %sum73 = xor i64 %scaled72, %w71
  %w74 = ptrtoint i8 addrspace(1)* %rel27 to i64
  %scaled75 = mul i64 %sum73, 1099511628211
  %sum76 = xor i64 %scaled75, %w74
  ret i64 %sum76
}

define i64 @fp_case_1(i64 %a1, double %a2, i64 %a3, i32 %a4) noredzone nounwind gc "statepoint-example" {
entry:
  %v5 = xor i64 %a1, %a3
  %v6 = sitofp i64 %a3 to double
  %v7 = inttoptr i64 %v5 to i8*
  %v8 = shl i64 %v5, 39
  %v9 = or i64 %a3, %a1
  %v10 = xor i64 %v9, %v8
  %v11 = trunc i64 %v5 to i32
  %v12 = mul i64 %a3, %a1
  %v13 = or i64 %v10, %v12
  %v14 = xor i64 %v9, %v10
  %v15 = mul i64 %v5, %v14
  %v16 = add i32 %v11, %a4
  %gc17 = inttoptr i64 %a3 to i8 addrspace(1)*
  %gcd18 = getelementptr i8, i8 addrspace(1)* %gc17, i64 3760
  %gc19 = inttoptr i64 %v12 to i8 addrspace(1)*
  %gcd20 = getelementptr i8, i8 addrspace(1)* %gc19, i64 4046
  %gc21 = inttoptr i64 %v8 to i8 addrspace(1)*
  %token22 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 2041876370, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(), "gc-live"(i8 addrspace(1)* %gc17, i8 addrspace(1)* %gcd18, i8 addrspace(1)* %gc19, i8 addrspace(1)* %gcd20, i8 addrspace(1)* %gc21) ]
  %rel23 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token22, i32 0, i32 0)
  %rel24 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token22, i32 0, i32 1)
  %rel25 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token22, i32 2, i32 2)
  %rel26 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token22, i32 2, i32 3)
  %rel27 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token22, i32 4, i32 4)
  %scaled29 = mul i64 0, 1099511628211
  %sum30 = xor i64 %scaled29, %a1
  %w31 = bitcast double %a2 to i64
  %scaled32 = mul i64 %sum30, 1099511628211
  %sum33 = xor i64 %scaled32, %w31
  %scaled35 = mul i64 %sum33, 1099511628211
  %sum36 = xor i64 %scaled35, %a3
  %w37 = zext i32 %a4 to i64
  %scaled38 = mul i64 %sum36, 1099511628211
  %sum39 = xor i64 %scaled38, %w37
  %scaled41 = mul i64 %sum39, 1099511628211
  %sum42 = xor i64 %scaled41, %v5
  %w43 = bitcast double %v6 to i64
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %w43
  %w46 = ptrtoint i8* %v7 to i64
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %w46
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %v8
  %scaled53 = mul i64 %sum51, 1099511628211
  %sum54 = xor i64 %scaled53, %v9
  %scaled56 = mul i64 %sum54, 1099511628211
  %sum57 = xor i64 %scaled56, %v10
  %w58 = zext i32 %v11 to i64
  %scaled59 = mul i64 %sum57, 1099511628211
  %sum60 = xor i64 %scaled59, %w58
  %scaled62 = mul i64 %sum60, 1099511628211
  %sum63 = xor i64 %scaled62, %v12
  %scaled65 = mul i64 %sum63, 1099511628211
  %sum66 = xor i64 %scaled65, %v13
  %scaled68 = mul i64 %sum66, 1099511628211
  %sum69 = xor i64 %scaled68, %v14
  %scaled71 = mul i64 %sum69, 1099511628211
  %sum72 = xor i64 %scaled71, %v15
  %w73 = zext i32 %v16 to i64
  %scaled74 = mul i64 %sum72, 1099511628211
  %sum75 = xor i64 %scaled74, %w73
  %w76 = ptrtoint i8 addrspace(1)* %rel23 to i64
  %scaled77 = mul i64 %sum75, 1099511628211
  %sum78 = xor i64 %scaled77, %w76
  %w79 = ptrtoint i8 addrspace(1)* %rel24 to i64
  %scaled80 = mul i64 %sum78, 1099511628211
  %sum81 = xor i64 %scaled80, %w79
  %w82 = ptrtoint i8 addrspace(1)* %rel25 to i64
  %scaled83 = mul i64 %sum81, 1099511628211
  %sum84 = xor i64 %scaled83, %w82
  %w85 = ptrtoint i8 addrspace(1)* %rel26 to i64
  %scaled86 = mul i64 %sum84, 1099511628211
  %sum87 = xor i64 %scaled86, %w85
  %w88 = ptrtoint i8 addrspace(1)* %rel27 to i64
  %scaled89 = mul i64 %sum87, 1099511628211
  %sum90 = xor i64 %scaled89, %w88
  ret i64 %sum90
}

define i64 @fp_case_2(i64 %a1, i64 %a2) noredzone nounwind {
entry:
  %v3 = add i64 %a1, %a2
  %v4 = lshr i64 %a1, 42
  %v5 = inttoptr i64 %a2 to i8*
  %v6 = trunc i64 %v3 to i32
  %v7 = trunc i64 %a2 to i32
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 543403893, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 2, i32 %v7, i64 %a2)
  %scaled9 = mul i64 0, 1099511628211
  %sum10 = xor i64 %scaled9, %a1
  %scaled12 = mul i64 %sum10, 1099511628211
  %sum13 = xor i64 %scaled12, %a2
  %scaled15 = mul i64 %sum13, 1099511628211
  %sum16 = xor i64 %scaled15, %v3
  %scaled18 = mul i64 %sum16, 1099511628211
  %sum19 = xor i64 %scaled18, %v4
  %w20 = ptrtoint i8* %v5 to i64
  %scaled21 = mul i64 %sum19, 1099511628211
  %sum22 = xor i64 %scaled21, %w20
  %w23 = zext i32 %v6 to i64
  %scaled24 = mul i64 %sum22, 1099511628211
  %sum25 = xor i64 %scaled24, %w23
  %w26 = zext i32 %v7 to i64
  %scaled27 = mul i64 %sum25, 1099511628211
  %sum28 = xor i64 %scaled27, %w26
  ret i64 %sum28
}

define i64 @fp_case_3(i64 %a1, double %a2, double %a3, double %a4) noredzone nounwind "frame-pointer"="all" gc "statepoint-example" {
entry:
  %slot5 = alloca i64
  store volatile i64 -5625722765176798062, i64* %slot5
  %slotp6 = bitcast i64* %slot5 to i8*
  %slot7 = alloca i64
  store volatile i64 -1954922237973373, i64* %slot7
  %slotp8 = bitcast i64* %slot7 to i8*
  %v9 = add i64 %a1, %a1
  %v10 = inttoptr i64 %v9 to i8*
  %v11 = add i64 %a1, %v9
  %v12 = sitofp i64 %v9 to double
  %v13 = trunc i64 %a1 to i32
  %gc14 = inttoptr i64 %v11 to i8 addrspace(1)*
  %gcd15 = getelementptr i8, i8 addrspace(1)* %gc14, i64 3356
  %unused16 = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 1958402187, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 2, i64 %v9, i32 %v13, i8* %v10, double %a3, double %a3, i8* %slotp8)
  %token17 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 230687753, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i32 255, i64 %v9), "gc-live"(i8 addrspace(1)* %gc14, i8 addrspace(1)* %gcd15) ]
  %rel18 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token17, i32 0, i32 0)
  %rel19 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token17, i32 0, i32 1)
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 742320480, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 2, i8* %slotp8, i8* %slotp6, i8* %v10)
  %scaled21 = mul i64 0, 1099511628211
  %sum22 = xor i64 %scaled21, %a1
  %w23 = bitcast double %a2 to i64
  %scaled24 = mul i64 %sum22, 1099511628211
  %sum25 = xor i64 %scaled24, %w23
  %w26 = bitcast double %a3 to i64
  %scaled27 = mul i64 %sum25, 1099511628211
  %sum28 = xor i64 %scaled27, %w26
  %w29 = bitcast double %a4 to i64
  %scaled30 = mul i64 %sum28, 1099511628211
  %sum31 = xor i64 %scaled30, %w29
  %scaled35 = mul i64 %sum31, 1099511628211
  %sum36 = xor i64 %scaled35, %v9
  %w37 = ptrtoint i8* %v10 to i64
  %scaled38 = mul i64 %sum36, 1099511628211
  %sum39 = xor i64 %scaled38, %w37
  %scaled41 = mul i64 %sum39, 1099511628211
  %sum42 = xor i64 %scaled41, %v11
  %w43 = bitcast double %v12 to i64
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %w43
  %w46 = zext i32 %v13 to i64
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %w46
  %w49 = load volatile i64, i64* %slot5
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %w49
  %w52 = load volatile i64, i64* %slot7
  %scaled53 = mul i64 %sum51, 1099511628211
  %sum54 = xor i64 %scaled53, %w52
  %w55 = ptrtoint i8 addrspace(1)* %rel18 to i64
  %scaled56 = mul i64 %sum54, 1099511628211
  %sum57 = xor i64 %scaled56, %w55
  %w58 = ptrtoint i8 addrspace(1)* %rel19 to i64
  %scaled59 = mul i64 %sum57, 1099511628211
  %sum60 = xor i64 %scaled59, %w58
  ret i64 %sum60
}

define void @fp_main() {
  store i64 0, i64* @fp_current_case
  store i8* bitcast (i64 (i64, i32, i64)* @fp_case_0 to i8*), i8** @fp_next_case
  %r0 = call i64 bitcast (void ()* @fp_enter to i64 (i64, i32, i64)*)(i64 -2448386538996395758, i32 758059887, i64 3648859525940785394)
  call void @fp_report_result(i64 %r0)
  store i64 1, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double, i64, i32)* @fp_case_1 to i8*), i8** @fp_next_case
  %r1 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double, i64, i32)*)(i64 -837802161683867445, double 0xc1af56003e400000, i64 -7806809264843872304, i32 537797756)
  call void @fp_report_result(i64 %r1)
  store i64 2, i64* @fp_current_case
  store i8* bitcast (i64 (i64, i64)* @fp_case_2 to i8*), i8** @fp_next_case
  %r2 = call i64 bitcast (void ()* @fp_enter to i64 (i64, i64)*)(i64 -7404793541483730003, i64 -1658349761691011146)
  call void @fp_report_result(i64 %r2)
  store i64 3, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double, double, double)* @fp_case_3 to i8*), i8** @fp_next_case
  %r3 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double, double, double)*)(i64 -3345847406868674751, double 0xc1a56ab8dc000000, double 0xc1a7c7e677c00000, double 0xc1a7d72890400000)
  call void @fp_report_result(i64 %r3)
  ret void
}
