; frameproof llvm-exec program: seed 17, case 0
; fp-exec function 0 result 0xa3f30ee1c7c74acb values 0xedf5f1d90dca2f6a 0xdd7c01d4f5407269 0x40d29eb5 0xf16952ee 0x69630f7593d108c3 0x417ef96181daa383 0xcb71f3ae030aa1d3 0x268402770ec08eb9 0x40d29eb5 0xfffffffff16952ee 0xc1ad2d5a24000000 0x7c562d5bd1a2088c 0xc800000000000000 0x436a9a73a7c32aa8 0xb56f468822300000 0xedf5f1d90dca2f6a 0x436a9a73a5f05506 0x41d034a7ad400000 0xb56f468822300000 0x3fffff 0xcb71f3ae034aa1d2 0xdfd00667474fb23d 0x3fffff 0x3fffff 0x4ba9d2a42e5df774 0xb56f468822300000 0xb56f468822300a1a 0x3fffff 0x40012d 0x0 0xedf5f1d90dca2f6a 0x23195dd26e8e911e 0xfe655c069bcee377 0x151ed63ac08c8335 0x151ed63a805e1d80 0x418385681fec2080 0x41838568ee85726e 0xd7ee1f4d4cc170ea 0x1c9fece34fcbd139 0x6f90bf40975483db 0x4914bd3799940d62 0xc24ae779f692bd86 0xc24ae779b6402333 0x656a86d0aefbcfa9 0x9a95792f5f929d47 0x3e9a327f66213fa5 0xff371f2542213fa5 0xcbe9914f5e7f255f 0xb7bfbc148fdd2dd3 0x17fa69f074d4dd89 0xdffa69f074d4dd89 0x6b5f8c9685b46fcb 0x283516e522774563 0xc97b4a5990aae739 0x7c140cd1b29ae739 0x70f901527d36e5db 0x9d0cf08b70fccab1 0xd9c76df0fd8c6ac3 0x9aadf783587c3fc5 0x51db592f5b205bbf 0x100b6d88f6605bbf 0xa3c6debaa5bbe58d 0x16a99832878be58d 0xe132adc52b70e97 0xe132adc5288f168 0x73833c603eb233b8 0xb8f2cfce3df8926a 0x3d2985734d60ca1e 0xe2f983140a2f7823 0xdd71de0d4ea92379 0xdd71de0d4e96dc86 0xdf58d69c8a58b7b2 0xdf58d69c8a67484d 0xeb3cf8ff2d7fdad7 0xa0952a5b03222da3 0xffa49ba653138bf9 0x96c794d3c0c2833a 0xf7a51dd08a84fb8e 0xb6dbe4b10b5e580d 0x15fda5d6514f9e17 0xa092e35e737f9e17 0x5936707e41d9a115 0xec5936f663e9ab0f 0x854373abc60daa7d 0x854373abc6325582 0xa3f30ee1c7874be6 0xa3f30ee1c7c74acb 0x8000000000000000 0x2a 0x0 0x100000001b3
; fp-exec function 1 result 0xd7ca75adbbacb3d6 values 0x87d4a5180f6a3645 0xf6a3645 0x87d4a5180f6a3645 0xfa94a301ed46c8a 0x41aed46c8a000000 0xf6a3645 0xfa94a301ed46c8a 0x1ed46c8a 0x41bed46c8a000000 0x0 0x87d4a5180f6a3645 0x388acce2317a373f 0x388acce23e10017a 0x23db9e6f7532824e 0xa40f3b777a58b40b 0x1e961704e4b9eeb1 0x113f5d34fa6d823b 0xbc2d9c0588144a41 0xfd83486902144a41 0xda5e4b6e887a2c73 0xda5e4b6e87101a36 0x1e5462cf805c89c2 0x11fd28ff9e88e548 0x1a11f25a629d9958 0x1a11f25a7c49f5d2 0x9674a1c131acb3d6 0xd7ca75adbbacb3d6 0x0 0xffff 0x0 0xffffffd6 0x2 0x100000001b3
; fp-exec function 2 result 0x1e106e3bad1442a3 values 0x339200f4feb62d07 0x419906f7a7800000 0x781b9d03 0x672401e9fd6c5a0e 0x339200f4feb62d07 0xfeb62d07 0x77b601fdfffe7f0f 0x4a0a9e79e5ea38d2 0x339200f4feb62d07 0xfeb62d07 0x672401e9fd6c5a0e 0x339200f4feb62d07 0x339200f4feb631c7 0x0 0x339200f4feb62d07 0x5744a74ccf8e82e5 0x16dda1bb680e82e5 0xe91cb671d0a86b1f 0xe91cb671a8b3f61c 0xcfc01f21a9cb3194 0xa8e41ec854a76b9a 0xa30be867d87bd6ae 0x9099e89326cdfba9 0x8381db0af002a02b 0x8381db0a0eb48d2c 0x2a345e16fccbe1c4 0x5d825feb03359ecb 0x1a27c756741cd2f1 0x502d592f91f6ea23 0x33f8aed5068fd979 0x6aae21f839f47e 0xef3a61b8ca7a721a 0xef3a61b834cc5f1d 0x4c932901b7459e47 0x2bb728e84a29c449 0x71fecbb604f8880b 0x426ccb42fa4ea50c 0x2d826ecf53a27364 0x1e106e3bad1442a3 0x7fffffffffffffff 0x0 0x100000001b3
; fp-exec function 3 result 0xff43ab5130de4f64 values 0x2b181597907baf2e 0x41a311ea31000000 0x63fa700b 0x56302b2f20f75e5c 0x7f383fbfb0ffff7e 0xb0ffff7e 0xd3058f75 0x0 0x2b181597907baf2e 0xb59bde8a822aab2a 0xf438cf60b32aab2a 0x27338b507180d85e 0x27338b50127aa855 0x173e0e0f666c086f 0x410e2520469b5633 0x265f48d7f9f378a9 0x59677768490c87d7 0xf757bd34204ad255 0xf757bd3490b52d2b 0xff43ab51e3dbc011 0xff43ab5130de4f64 0x100000000 0x2 0x1 0x100000001b3
; fp-exec site 1961069708 statepoint function 0 : i64:0x0 i64:0x0 i64:0x5 i64:0xc800000000000000 i64:0xc800000000000000 f64:0x8000000000000000 i32:0x2a ptr:0x0 | 0xb56f468822300000:0xb56f468822300000 0xb56f468822300000:0xb56f468822300a1a 0x3fffff:0x3fffff 0x3fffff:0x40012d
; fp-exec site 435072442 stackmap function 1 : ptr:0x0 i32:0xffff ptr:0x0 i32:0xffffffd6 i64:0x87d4a5180f6a3645 i32:0x1ed46c8a i32:0xf6a3645 i64:0x2 i32:0x1ed46c8a f64:0x41aed46c8a000000 f64:0x41bed46c8a000000
; fp-exec site 1472520238 stackmap function 1 : i32:0xf6a3645 ptr:0x87d4a5180f6a3645 i32:0xf6a3645
; fp-exec site 1650996817 stackmap function 1 : i64:0x87d4a5180f6a3645 i64:0xfa94a301ed46c8a i32:0x1ed46c8a
; fp-exec site 1734658119 patchpoint function 2 : i64:0x7fffffffffffffff f64:0x419906f7a7800000
; fp-exec site 321183504 statepoint function 2 : i64:0x0 i64:0x0 i64:0x2 i64:0x4a0a9e79e5ea38d2 ptr:0x0 | 0x339200f4feb62d07:0x339200f4feb62d07 0x339200f4feb62d07:0x339200f4feb631c7
; fp-exec site 2050973729 patchpoint function 2 :
; fp-exec site 6146417 stackmap function 3 : i64:0x100000000 i64:0x56302b2f20f75e5c i32:0x63fa700b i64:0x7f383fbfb0ffff7e i32:0x2 i64:0x56302b2f20f75e5c i64:0x56302b2f20f75e5c i32:0x1

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

define i64 @fp_case_0(i64 %a1, i64 %a2, i32 %a3, i32 %a4) noredzone nounwind gc "statepoint-example" {
entry:
  %dynlow5 = and i64 %a1, 63
  %dyncount6 = add i64 %dynlow5, 8
  %dyn7 = alloca i8, i64 %dyncount6, align 16
  store volatile i8 1, i8* %dyn7
  %slot8 = alloca i64
  store volatile i64 7593930394342328515, i64* %slot8
  %slotp9 = bitcast i64* %slot8 to i8*
  %slot10 = alloca i64
  store volatile i64 4719483656716592003, i64* %slot10
  %slotp11 = bitcast i64* %slot10 to i8*
  %v12 = add i64 %a2, %a1
  %v13 = xor i64 %v12, %a1
  %v14 = sext i32 %a3 to i64
  %v15 = sext i32 %a4 to i64
  %v16 = sitofp i32 %a4 to double
  %v17 = mul i64 %v15, %a1
  %v18 = shl i64 %v13, 59
  %v19 = fmul double %v16, %v16
  %v20 = shl i64 %v17, 18
  %v21 = xor i64 %v12, %v13
  %v22 = fadd double %v19, %v16
  %v23 = sitofp i32 %a3 to double
  %v24 = inttoptr i64 %v20 to i8*
  %v25 = lshr i64 %v15, 42
  %v26 = add i64 %v25, %v12
  %v27 = mul i64 %v14, %a2
  %v28 = inttoptr i64 %v25 to i8*
  %v29 = inttoptr i64 %v25 to i8*
  %v30 = sub i64 %v18, %v17
  %gc31 = inttoptr i64 %v20 to i8 addrspace(1)*
  %gcd32 = getelementptr i8, i8 addrspace(1)* %gc31, i64 2586
  %gc33 = inttoptr i64 %v25 to i8 addrspace(1)*
  %gcd34 = getelementptr i8, i8 addrspace(1)* %gc33, i64 302
  %token35 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 1961069708, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 %v18, i64 %v18, double 0x8000000000000000, i32 42, i8* null), "gc-live"(i8 addrspace(1)* %gc31, i8 addrspace(1)* %gcd32, i8 addrspace(1)* %gc33, i8 addrspace(1)* %gcd34) ]
  %rel36 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token35, i32 0, i32 0)
  %rel37 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token35, i32 0, i32 1)
  %rel38 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token35, i32 2, i32 2)
  %rel39 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token35, i32 2, i32 3)
  %scaled41 = mul i64 0, 1099511628211
  %sum42 = xor i64 %scaled41, %a1
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %a2
  %w46 = zext i32 %a3 to i64
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %w46
  %w49 = zext i32 %a4 to i64
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %w49
  %scaled55 = mul i64 %sum51, 1099511628211
  %sum56 = xor i64 %scaled55, %v12
  %scaled58 = mul i64 %sum56, 1099511628211
  %sum59 = xor i64 %scaled58, %v13
  %scaled61 = mul i64 %sum59, 1099511628211
  %sum62 = xor i64 %scaled61, %v14
  %scaled64 = mul i64 %sum62, 1099511628211
  %sum65 = xor i64 %scaled64, %v15
  %w66 = bitcast double %v16 to i64
  %scaled67 = mul i64 %sum65, 1099511628211
  %sum68 = xor i64 %scaled67, %w66
  %scaled70 = mul i64 %sum68, 1099511628211
  %sum71 = xor i64 %scaled70, %v17
  %scaled73 = mul i64 %sum71, 1099511628211
  %sum74 = xor i64 %scaled73, %v18
  %w75 = bitcast double %v19 to i64
  %scaled76 = mul i64 %sum74, 1099511628211
  %sum77 = xor i64 %scaled76, %w75
  %scaled79 = mul i64 %sum77, 1099511628211
  %sum80 = xor i64 %scaled79, %v20
  %scaled82 = mul i64 %sum80, 1099511628211
  %sum83 = xor i64 %scaled82, %v21
  %w84 = bitcast double %v22 to i64
  %scaled85 = mul i64 %sum83, 1099511628211
  %sum86 = xor i64 %scaled85, %w84
  %w87 = bitcast double %v23 to i64
  %scaled88 = mul i64 %sum86, 1099511628211
  %sum89 = xor i64 %scaled88, %w87
  %w90 = ptrtoint i8* %v24 to i64
  %scaled91 = mul i64 %sum89, 1099511628211
  %sum92 = xor i64 %scaled91, %w90
  %scaled94 = mul i64 %sum92, 1099511628211
  %sum95 = xor i64 %scaled94, %v25
  %scaled97 = mul i64 %sum95, 1099511628211
  %sum98 = xor i64 %scaled97, %v26
  %scaled100 = mul i64 %sum98, 1099511628211
  %sum101 = xor i64 %scaled100, %v27
  %w102 = ptrtoint i8* %v28 to i64
  %scaled103 = mul i64 %sum101, 1099511628211
  %sum104 = xor i64 %scaled103, %w102
  %w105 = ptrtoint i8* %v29 to i64
  %scaled106 = mul i64 %sum104, 1099511628211
  %sum107 = xor i64 %scaled106, %w105
  %scaled109 = mul i64 %sum107, 1099511628211
  %sum110 = xor i64 %scaled109, %v30
  %w111 = load volatile i64, i64* %slot8
  %scaled112 = mul i64 %sum110, 1099511628211
  %sum113 = xor i64 %scaled112, %w111
  %w114 = load volatile i64, i64* %slot10
  %scaled115 = mul i64 %sum113, 1099511628211
  %sum116 = xor i64 %scaled115, %w114
  %w117 = ptrtoint i8 addrspace(1)* %rel36 to i64
  %scaled118 = mul i64 %sum116, 1099511628211
  %sum119 = xor i64 %scaled118, %w117
  %w120 = ptrtoint i8 addrspace(1)* %rel37 to i64
  %scaled121 = mul i64 %sum119, 1099511628211
  %sum122 = xor i64 %scaled121, %w120
  %w123 = ptrtoint i8 addrspace(1)* %rel38 to i64
  %scaled124 = mul i64 %sum122, 1099511628211
  %sum125 = xor i64 %scaled124, %w123
  %w126 = ptrtoint i8 addrspace(1)* %rel39 to i64
  %scaled127 = mul i64 %sum125, 1099511628211
  %sum128 = xor i64 %scaled127, %w126
  ret i64 %sum128
}

define i64 @fp_case_1(i64 %a1) noredzone nounwind "frame-pointer"="all" {
entry:
  %v2 = trunc i64 %a1 to i32
  %v3 = inttoptr i64 %a1 to i8*
  %v4 = add i64 %a1, %a1
  %v5 = sitofp i32 %v2 to double
  %v6 = trunc i64 %a1 to i32
  %v7 = inttoptr i64 %v4 to i8*
  %v8 = add i32 %v2, %v6
  %v9 = fadd double %v5, %v5
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 435072442, i32 8, i8* null, i32 65535, i8* null, i32 -42, i64 %a1, i32 %v8, i32 %v6, i64 2, i32 %v8, double %v5, double %v9)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1472520238, i32 8, i32 %v2, i8* %v3, i32 %v6)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1650996817, i32 8, i64 %a1, i64 %v4, i32 %v8)
  %scaled11 = mul i64 0, 1099511628211
  %sum12 = xor i64 %scaled11, %a1
  %w13 = zext i32 %v2 to i64
  %scaled14 = mul i64 %sum12, 1099511628211
  %sum15 = xor i64 %scaled14, %w13
  %w16 = ptrtoint i8* %v3 to i64
  %scaled17 = mul i64 %sum15, 1099511628211
  %sum18 = xor i64 %scaled17, %w16
  %scaled20 = mul i64 %sum18, 1099511628211
  %sum21 = xor i64 %scaled20, %v4
  %w22 = bitcast double %v5 to i64
  %scaled23 = mul i64 %sum21, 1099511628211
  %sum24 = xor i64 %scaled23, %w22
  %w25 = zext i32 %v6 to i64
  %scaled26 = mul i64 %sum24, 1099511628211
  %sum27 = xor i64 %scaled26, %w25
  %w28 = ptrtoint i8* %v7 to i64
  %scaled29 = mul i64 %sum27, 1099511628211
  %sum30 = xor i64 %scaled29, %w28
  %w31 = zext i32 %v8 to i64
  %scaled32 = mul i64 %sum30, 1099511628211
  %sum33 = xor i64 %scaled32, %w31
  %w34 = bitcast double %v9 to i64
  %scaled35 = mul i64 %sum33, 1099511628211
  %sum36 = xor i64 %scaled35, %w34
  ret i64 %sum36
}

define i64 @fp_case_2(i64 %a1, double %a2, i32 %a3) noredzone nounwind "frame-pointer"="all" gc "statepoint-example" {
entry:
  %pad4 = alloca [160 x i64]
  %padslot5 = getelementptr [160 x i64], [160 x i64]* %pad4, i64 0, i64 159
  store volatile i64 1, i64* %padslot5
  %v6 = add i64 %a1, %a1
  %v7 = sub i64 %v6, %a1
  %v8 = trunc i64 %a1 to i32
  %v9 = or i64 %v6, %v7
  %v10 = mul i64 %v9, %v6
  %v11 = inttoptr i64 %v7 to i8*
  %v12 = trunc i64 %v7 to i32
  %v13 = add i64 %v7, %a1
  %gc14 = inttoptr i64 %a1 to i8 addrspace(1)*
  %gcd15 = getelementptr i8, i8 addrspace(1)* %gc14, i64 1216
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 1734658119, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 2, i64 %v10, i32 %v12, i64 9223372036854775807, double %a2)
  %token16 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 321183504, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 %v10, i8* null), "gc-live"(i8 addrspace(1)* %gc14, i8 addrspace(1)* %gcd15) ]
  %rel17 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token16, i32 0, i32 0)
  %rel18 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token16, i32 0, i32 1)
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 2050973729, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 1, i64 %a1)
  %scaled20 = mul i64 0, 1099511628211
  %sum21 = xor i64 %scaled20, %a1
  %w22 = bitcast double %a2 to i64
  %scaled23 = mul i64 %sum21, 1099511628211
  %sum24 = xor i64 %scaled23, %w22
  %w25 = zext i32 %a3 to i64
  %scaled26 = mul i64 %sum24, 1099511628211
  %sum27 = xor i64 %scaled26, %w25
  %scaled29 = mul i64 %sum27, 1099511628211
  %sum30 = xor i64 %scaled29, %v6
  %scaled32 = mul i64 %sum30, 1099511628211
  %sum33 = xor i64 %scaled32, %v7
  %w34 = zext i32 %v8 to i64
  %scaled35 = mul i64 %sum33, 1099511628211
  %sum36 = xor i64 %scaled35, %w34
  %scaled38 = mul i64 %sum36, 1099511628211
  %sum39 = xor i64 %scaled38, %v9
  %scaled41 = mul i64 %sum39, 1099511628211
  %sum42 = xor i64 %scaled41, %v10
  %w43 = ptrtoint i8* %v11 to i64
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %w43
  %w46 = zext i32 %v12 to i64
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %w46
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %v13
  %w52 = ptrtoint i8 addrspace(1)* %rel17 to i64
  %scaled53 = mul i64 %sum51, 1099511628211
  %sum54 = xor i64 %scaled53, %w52
  %w55 = ptrtoint i8 addrspace(1)* %rel18 to i64
  %scaled56 = mul i64 %sum54, 1099511628211
  %sum57 = xor i64 %scaled56, %w55
  ret i64 %sum57
}

define i64 @fp_case_3(i64 %a1, double %a2, i32 %a3) noredzone nounwind {
entry:
  %dynlow4 = and i64 %a1, 63
  %dyncount5 = add i64 %dynlow4, 8
  %dyn6 = alloca i8, i64 %dyncount5, align 16
  store volatile i8 1, i8* %dyn6
  %v7 = add i64 %a1, %a1
  %v8 = or i64 %a1, %v7
  %v9 = trunc i64 %v8 to i32
  %v10 = xor i32 %a3, %v9
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6146417, i32 8, i64 4294967296, i64 %v7, i32 %a3, i64 %v8, i32 2, i64 %v7, i64 %v7, i32 1)
  %scaled12 = mul i64 0, 1099511628211
  %sum13 = xor i64 %scaled12, %a1
  %w14 = bitcast double %a2 to i64
  %scaled15 = mul i64 %sum13, 1099511628211
  %sum16 = xor i64 %scaled15, %w14
  %w17 = zext i32 %a3 to i64
  %scaled18 = mul i64 %sum16, 1099511628211
  %sum19 = xor i64 %scaled18, %w17
  %scaled21 = mul i64 %sum19, 1099511628211
  %sum22 = xor i64 %scaled21, %v7
  %scaled24 = mul i64 %sum22, 1099511628211
  %sum25 = xor i64 %scaled24, %v8
  %w26 = zext i32 %v9 to i64
  %scaled27 = mul i64 %sum25, 1099511628211
  %sum28 = xor i64 %scaled27, %w26
  %w29 = zext i32 %v10 to i64
  %scaled30 = mul i64 %sum28, 1099511628211
  %sum31 = xor i64 %scaled30, %w29
  ret i64 %sum31
}

define void @fp_main() {
  store i64 0, i64* @fp_current_case
  store i8* bitcast (i64 (i64, i64, i32, i32)* @fp_case_0 to i8*), i8** @fp_next_case
  %r0 = call i64 bitcast (void ()* @fp_enter to i64 (i64, i64, i32, i32)*)(i64 -1299867002884968598, i64 -2487110880056020375, i32 1087545013, i32 -244755730)
  call void @fp_report_result(i64 %r0)
  store i64 1, i64* @fp_current_case
  store i8* bitcast (i64 (i64)* @fp_case_1 to i8*), i8** @fp_next_case
  %r1 = call i64 bitcast (void ()* @fp_enter to i64 (i64)*)(i64 -8659114660770204091)
  call void @fp_report_result(i64 %r1)
  store i64 2, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double, i32)* @fp_case_2 to i8*), i8** @fp_next_case
  %r2 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double, i32)*)(i64 3716033694779452679, double 0x419906f7a7800000, i32 2015075587)
  call void @fp_report_result(i64 %r2)
  store i64 3, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double, i32)* @fp_case_3 to i8*), i8** @fp_next_case
  %r3 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double, i32)*)(i64 3105255683780226862, double 0x41a311ea31000000, i32 1677357067)
  call void @fp_report_result(i64 %r3)
  ret void
}
