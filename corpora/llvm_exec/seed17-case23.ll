; frameproof llvm-exec program: seed 17, case 23
; fp-exec function 0 result 0xb56205f64e604fab values 0x8f094df27d26423 0xd2ca65ef 0x2766044c0d6f7c43 0xe259991282e4ad7b 0x3f5f4b70 0xa8ea649411e0a3de 0x3ddfd1b97d35fb31 0xc1c69acd08800000 0xe18a90931a62e7e0 0x439fef8d8c8709d5 0x439fef8d8bd2336d 0x34ef3cda5563970e 0x41cfafa5b8000000 0x7bbfa37 0x9d01fdd13d53cd8b 0xe2599912855f574c 0x439fef8d8bd2336d 0xc3d8bf808bb0ab0d 0x41cfafa5b8000000 0x7f5864c3bfb760f0 0x712ccc8941725 0x1229b15f 0x43afef8d8c2c9ea1 0x5188fccf 0x7f5864c3bfb760f0 0x27d26423 0xfffffffffd85562f 0x0 0x8f094df27d26423 0x3311a30aa802779 0x3311a30784a4296 0xb6b2165c662f24e2 0x91d412106b4058a1 0xbb352e63e569993 0xe9eacbf4bcb234e8 0x2c2d78dca2cfe638 0x2c2d78dc9d90ad48 0xa1f1a6dfbcd67158 0x9c2e7766c1e38a69 0x467f4c9b75a4306b 0x87b9d6567d24306b 0xc4f79ff6a47e45d1 0x257d0f65be1ca231 0xd0235ae20aa79943 0x93bcb56f86209096 0x2a38e280e955aee2 0x69a70d0d62879d8f 0xe78bcbe6c70b9fd 0x3a97806439132ef3 0xa29e1d4cfb98c6e9 0xe351b2e94398c6e9 0xdc99eb5ddc99fdeb 0xdc99eb5ddb2207dc 0xfb92cc7b5ad35ad4 0x669331aa6780975f 0xccb4c38ddf81366d 0x2eed5a9f5ade6121 0x9bb21dc767df0b13 0xd82df24aec0d387e 0x634b334f1a76fe1a 0xa0938ccf91c65517 0xa10d5bb4b4029615 0xe0c2f4110c029615 0xeddacdf7686505af 0x9282a934d7d2655f 0xc66ae3caba82406d 0xc66df10672165748 0x4327d5f3dbf64f58 0x4327d5f3c9dffe07 0xfcae9440079ca5e5 0xbf017bcd8bb03b44 0x3fc0a2445c74b48c 0x3fc0a2440dfc4843 0x509bfca3c3aec9d9 0x2fc398607c19a929 0x430514f2df9a70ab 0x430514f2f8481488 0x29b720dbe27ae318 0xd648df241fffb537 0x1d8861625f80ec75 0xb56205f64e604fab 0x0 0x0 0xffffffffffffffd6 0x123456789abcdef0 0x3ff8000000000000 0x1000 0x100000001b3
; fp-exec function 1 result 0xce4bd9d58ccf3348 values 0xb2569dd515076ab3 0xbcde3292 0x7aac5b6ea5668d84 0x64ad3baa2a0ed566 0xd6fba67f3f09bfd5 0xc1d0c8735b800000 0xb2569dd515076ab3 0x2a0ed566 0xc1e0c8735b800000 0xb2569dd515076ab3 0x8952445454112a88 0x0 0xb2569dd515076ab3 0x1098e412bb9a4e29 0x1098e41207447cbb 0x784845a2595ff1c1 0x1ce57e08735124a7 0x6b19cf5bf2e147c5 0xbde26924cde8f810 0x90b0b989e2dd8330 0x516071fab95d8330 0xa464dd08f9e5ea90 0x163240ddece28023 0x99e45c1984dfbb79 0x99e45c19aed16e1f 0x50769ea40dde1ead 0x919656d7565e1ead 0xc0943ce7c1ee1ff7 0x72c2a132d4e97544 0xea2d2d5fc8b2428c 0x637f690b9ca36804 0xb4e782bb29a9becc 0xce4bd9d58ccf3348 0x80000000 0x123456789abcdef0 0x123456789abcdef0 0x100000001b3
; fp-exec function 2 result 0x89f34a2659049d1e values 0x266ad5da8ada1223 0x4cd5abb515b42446 0x8ada1223 0xed456d0911800000 0xffffffff8ada1223 0x8ada1223 0xffffffff8ada1223 0x0 0xff8ada1223000000 0x3a1b18be27342446 0x4cd5abb 0x0 0xffffffff8e174898 0xc1dd497b77400000 0x266ad5da15b42446 0x23000000 0xffffffff8ada1223 0x43cacdd885507278 0xffffffff8e174898 0xffffffff8ada1223 0x4cd5abb 0x4cd63d1 0xff8ada1223000000 0x0 0x266ad5da8ada1223 0x219b8559f08cd179 0x6d4e2eece538f53f 0xf4cefb897fc8ba0d 0xf4cefb89f512a82e 0xe5d996b6eb3c62a 0xe318f4627f33c62a 0x172d6d5e24f9b95e 0xe8d292a1ae23ab7d 0xc17aa5bae69c6567 0xc17aa5ba6c467744 0x9dedfc5fbbca88c 0xf621203a7166baaf 0xa104724eb18f375d 0xa104724eb18f375d 0x29c598b7b65b1307 0xd64f42a5955b1307 0x83c1465cc9c154e5 0xb9da5ee2eef570a3 0xc37fde9c0b0e64f9 0xc37fde9c0fc33e42 0xf585852ec8c2ca26 0xf585852ec8c2ca26 0xf4ab747f22fd7e92 0xb548b80acea360a 0x2adf15a5d1f9d2fe 0xeb025cdea6b9d2fe 0xed6cc554dc1859a 0x28bc198f5875a1dc 0xad414a934fe208d4 0xad414a936ce208d4 0x47fa8c820415003c 0xb805737d8ecf121f 0x80555d59a9dbcaad 0xc39f90812c8bb8d5 0xf3db607eb16b11ef 0xc249f813f7c5977 0x1e947f9ee04c0535 0xe16b80616a961716 0x9fc23b881d093a62 0x9fc23b8819c460d9 0x3b6c0143c8b090bb 0x3b6c0143cc7df36a 0x767990347a049d1e 0x89f34a2659049d1e 0x7fffffffffffffff 0x80000000 0x123456789abcdef0 0x100000001b3
; fp-exec site 715083688 stackmap function 0 : f64:0x0 f64:0x43afef8d8c2c9ea1 ptr:0x0 i64:0xffffffffffffffd6 i64:0x123456789abcdef0 i32:0xd2ca65ef f64:0x3ff8000000000000 i64:0xfffffffffd85562f i64:0x1000 f64:0xc3d8bf808bb0ab0d i32:0x27d26423 f64:0xc1c69acd08800000 i32:0x1229b15f f64:0xc1c69acd08800000 i64:0x34ef3cda5563970e f64:0x439fef8d8bd2336d ptr:0x7f5864c3bfb760f0
; fp-exec site 1378604503 stackmap function 1 : i32:0xbcde3292 i32:0xbcde3292 i64:0xb2569dd515076ab3 i32:0xbcde3292
; fp-exec site 784217589 stackmap function 1 : f64:0xc1e0c8735b800000 i32:0x2a0ed566 i64:0xb2569dd515076ab3 i64:0x80000000
; fp-exec site 686090988 anyreg function 1 : any: i32:0x2a0ed566 i64:0xb2569dd515076ab3 i64:0x123456789abcdef0 i64:0x123456789abcdef0 i64:0xb2569dd515076ab3
; fp-exec site 30032037 stackmap function 2 : f64:0x43cacdd885507278 i64:0x4cd5abb
; fp-exec site 1978912800 statepoint function 2 : i64:0x0 i64:0x0 i64:0x3 i64:0x7fffffffffffffff i64:0x266ad5da8ada1223 i64:0xffffffff8ada1223 | 0x4cd5abb:0x4cd5abb 0x4cd5abb:0x4cd63d1 0xff8ada1223000000:0xff8ada1223000000
; fp-exec site 2074649101 stackmap function 2 : i32:0x8ada1223 i64:0xffffffff8e174898 i64:0xffffffff8ada1223 i64:0x80000000 i64:0xed456d0911800000 i64:0x266ad5da15b42446 i64:0x123456789abcdef0 ptr:0xffffffff8ada1223

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

define i64 @fp_case_0(i64 %a1, i32 %a2, i64 %a3, i64 %a4, i32 %a5) noredzone nounwind "frame-pointer"="all" {
entry:
  %pad6 = alloca [160 x i64]
  %padslot7 = getelementptr [160 x i64], [160 x i64]* %pad6, i64 0, i64 159
  store volatile i64 1, i64* %padslot7
  %dynlow8 = and i64 %a1, 63
  %dyncount9 = add i64 %dynlow8, 8
  %dyn10 = alloca i8, i64 %dyncount9, align 16
  store volatile i8 1, i8* %dyn10
  %slot11 = alloca i64
  store volatile i64 -6275092543669492770, i64* %slot11
  %slotp12 = bitcast i64* %slot11 to i8*
  %v13 = mul i64 %a4, %a3
  %v14 = sitofp i32 %a2 to double
  %v15 = sub i64 %a1, %a3
  %v16 = fmul double %v14, %v14
  %v17 = fadd double %v14, %v16
  %v18 = sub i64 %v13, %a1
  %v19 = sitofp i32 %a5 to double
  %v20 = lshr i64 %v13, 35
  %v21 = mul i64 %a4, %v13
  %v22 = xor i64 %a4, %v20
  %v23 = fadd double %v16, %v14
  %v24 = sitofp i64 %v21 to double
  %v25 = sitofp i32 %a5 to double
  %v26 = xor i64 %v21, %a4
  %v27 = lshr i64 %a4, 13
  %v28 = add i32 %a2, %a5
  %v29 = fadd double %v16, %v23
  %v30 = add i32 %a5, %v28
  %v31 = inttoptr i64 %v26 to i8*
  %v32 = trunc i64 %a1 to i32
  %v33 = sub i64 %a4, %v22
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 715083688, i32 8, double 0x0000000000000000, double %v29, i8* null, i64 -42, i64 1311768467463790320, i32 %a2, double 0x3ff8000000000000, i64 %v33, i64 4096, double %v24, i32 %v32, double %v14, i32 %v28, double %v14, i64 %v18, double %v17, i8* %v31)
  %scaled35 = mul i64 0, 1099511628211
  %sum36 = xor i64 %scaled35, %a1
  %w37 = zext i32 %a2 to i64
  %scaled38 = mul i64 %sum36, 1099511628211
  %sum39 = xor i64 %scaled38, %w37
  %scaled41 = mul i64 %sum39, 1099511628211
  %sum42 = xor i64 %scaled41, %a3
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %a4
  %w46 = zext i32 %a5 to i64
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %w46
  %scaled51 = mul i64 %sum48, 1099511628211
  %sum52 = xor i64 %scaled51, %v13
  %w53 = bitcast double %v14 to i64
  %scaled54 = mul i64 %sum52, 1099511628211
  %sum55 = xor i64 %scaled54, %w53
  %scaled57 = mul i64 %sum55, 1099511628211
  %sum58 = xor i64 %scaled57, %v15
  %w59 = bitcast double %v16 to i64
  %scaled60 = mul i64 %sum58, 1099511628211
  %sum61 = xor i64 %scaled60, %w59
  %w62 = bitcast double %v17 to i64
  %scaled63 = mul i64 %sum61, 1099511628211
  %sum64 = xor i64 %scaled63, %w62
  %scaled66 = mul i64 %sum64, 1099511628211
  %sum67 = xor i64 %scaled66, %v18
  %w68 = bitcast double %v19 to i64
  %scaled69 = mul i64 %sum67, 1099511628211
  %sum70 = xor i64 %scaled69, %w68
  %scaled72 = mul i64 %sum70, 1099511628211
  %sum73 = xor i64 %scaled72, %v20
  %scaled75 = mul i64 %sum73, 1099511628211
  %sum76 = xor i64 %scaled75, %v21
  %scaled78 = mul i64 %sum76, 1099511628211
  %sum79 = xor i64 %scaled78, %v22
  %w80 = bitcast double %v23 to i64
  %scaled81 = mul i64 %sum79, 1099511628211
  %sum82 = xor i64 %scaled81, %w80
  %w83 = bitcast double %v24 to i64
  %scaled84 = mul i64 %sum82, 1099511628211
  %sum85 = xor i64 %scaled84, %w83
  %w86 = bitcast double %v25 to i64
  %scaled87 = mul i64 %sum85, 1099511628211
  %sum88 = xor i64 %scaled87, %w86
  %scaled90 = mul i64 %sum88, 1099511628211
  %sum91 = xor i64 %scaled90, %v26
  %scaled93 = mul i64 %sum91, 1099511628211
  %sum94 = xor i64 %scaled93, %v27
  %w95 = zext i32 %v28 to i64
  %scaled96 = mul i64 %sum94, 1099511628211
  %sum97 = xor i64 %scaled96, %w95
  %w98 = bitcast double %v29 to i64
  %scaled99 = mul i64 %sum97, 1099511628211
  %sum100 = xor i64 %scaled99, %w98
  %w101 = zext i32 %v30 to i64
  %scaled102 = mul i64 %sum100, 1099511628211
  %sum103 = xor i64 %scaled102, %w101
  %w104 = ptrtoint i8* %v31 to i64
  %scaled105 = mul i64 %sum103, 1099511628211
  %sum106 = xor i64 %scaled105, %w104
  %w107 = zext i32 %v32 to i64
  %scaled108 = mul i64 %sum106, 1099511628211
  %sum109 = xor i64 %scaled108, %w107
  %scaled111 = mul i64 %sum109, 1099511628211
  %sum112 = xor i64 %scaled111, %v33
  %w113 = load volatile i64, i64* %slot11
  %scaled114 = mul i64 %sum112, 1099511628211
  %sum115 = xor i64 %scaled114, %w113
  ret i64 %sum115
}

define i64 @fp_case_1(i64 %a1, i32 %a2) noredzone nounwind "frame-pointer"="all" {
entry:
  %dynlow3 = and i64 %a1, 63
  %dyncount4 = add i64 %dynlow3, 8
  %dyn5 = alloca i8, i64 %dyncount4, align 16
  store volatile i8 1, i8* %dyn5
  %slot6 = alloca i64
  store volatile i64 8839540699400932740, i64* %slot6
  %slotp7 = bitcast i64* %slot6 to i8*
  %v8 = add i64 %a1, %a1
  %v9 = xor i64 %v8, %a1
  %v10 = sitofp i32 %a2 to double
  %v11 = sub i64 %v8, %a1
  %v12 = trunc i64 %v8 to i32
  %v13 = fadd double %v10, %v10
  %v14 = or i64 %v11, %a1
  %v15 = add i64 %a1, %v9
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1378604503, i32 8, i32 %a2, i32 %a2, i64 %v14, i32 %a2)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 784217589, i32 8, double %v13, i32 %v12, i64 %a1, i64 2147483648)
  %unused16 = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 686090988, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 2, i32 %v12, i64 %v11, i64 1311768467463790320, i64 1311768467463790320, i64 %v14)
  %scaled18 = mul i64 0, 1099511628211
  %sum19 = xor i64 %scaled18, %a1
  %w20 = zext i32 %a2 to i64
  %scaled21 = mul i64 %sum19, 1099511628211
  %sum22 = xor i64 %scaled21, %w20
  %scaled25 = mul i64 %sum22, 1099511628211
  %sum26 = xor i64 %scaled25, %v8
  %scaled28 = mul i64 %sum26, 1099511628211
  %sum29 = xor i64 %scaled28, %v9
  %w30 = bitcast double %v10 to i64
  %scaled31 = mul i64 %sum29, 1099511628211
  %sum32 = xor i64 %scaled31, %w30
  %scaled34 = mul i64 %sum32, 1099511628211
  %sum35 = xor i64 %scaled34, %v11
  %w36 = zext i32 %v12 to i64
  %scaled37 = mul i64 %sum35, 1099511628211
  %sum38 = xor i64 %scaled37, %w36
  %w39 = bitcast double %v13 to i64
  %scaled40 = mul i64 %sum38, 1099511628211
  %sum41 = xor i64 %scaled40, %w39
  %scaled43 = mul i64 %sum41, 1099511628211
  %sum44 = xor i64 %scaled43, %v14
  %scaled46 = mul i64 %sum44, 1099511628211
  %sum47 = xor i64 %scaled46, %v15
  %w48 = load volatile i64, i64* %slot6
  %scaled49 = mul i64 %sum47, 1099511628211
  %sum50 = xor i64 %scaled49, %w48
  ret i64 %sum50
}

define i64 @fp_case_2(i64 %a1) noredzone nounwind gc "statepoint-example" {
entry:
  %v2 = add i64 %a1, %a1
  %v3 = trunc i64 %a1 to i32
  %v4 = shl i64 %v2, 22
  %v5 = sext i32 %v3 to i64
  %v6 = trunc i64 %v5 to i32
  %v7 = sext i32 %v3 to i64
  %v8 = xor i32 %v6, %v3
  %v9 = shl i64 %v7, 24
  %v10 = add i64 %v2, %v4
  %v11 = lshr i64 %v2, 36
  %v12 = mul i32 %v8, %v3
  %v13 = xor i64 %v11, %v5
  %v14 = sitofp i32 %v3 to double
  %v15 = add i64 %v5, %a1
  %v16 = trunc i64 %v9 to i32
  %v17 = inttoptr i64 %v5 to i8*
  %v18 = fmul double %v14, %v14
  %v19 = inttoptr i64 %v13 to i8*
  %v20 = inttoptr i64 %v7 to i8*
  %gc21 = inttoptr i64 %v11 to i8 addrspace(1)*
  %gcd22 = getelementptr i8, i8 addrspace(1)* %gc21, i64 2326
  %gc23 = inttoptr i64 %v9 to i8 addrspace(1)*
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 30032037, i32 8, double %v18, i64 %v11)
  %token24 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 1978912800, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 9223372036854775807, i64 %a1, i64 %v7), "gc-live"(i8 addrspace(1)* %gc21, i8 addrspace(1)* %gcd22, i8 addrspace(1)* %gc23) ]
  %rel25 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token24, i32 0, i32 0)
  %rel26 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token24, i32 0, i32 1)
  %rel27 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token24, i32 2, i32 2)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2074649101, i32 8, i32 %v3, i64 %v13, i64 %v5, i64 2147483648, i64 %v4, i64 %v15, i64 1311768467463790320, i8* %v17)
  %scaled29 = mul i64 0, 1099511628211
  %sum30 = xor i64 %scaled29, %a1
  %scaled32 = mul i64 %sum30, 1099511628211
  %sum33 = xor i64 %scaled32, %v2
  %w34 = zext i32 %v3 to i64
  %scaled35 = mul i64 %sum33, 1099511628211
  %sum36 = xor i64 %scaled35, %w34
  %scaled38 = mul i64 %sum36, 1099511628211
  %sum39 = xor i64 %scaled38, %v4
  %scaled41 = mul i64 %sum39, 1099511628211
  %sum42 = xor i64 %scaled41, %v5
  %w43 = zext i32 %v6 to i64
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %w43
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %v7
  %w49 = zext i32 %v8 to i64
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %w49
  %scaled53 = mul i64 %sum51, 1099511628211
  %sum54 = xor i64 %scaled53, %v9
  %scaled56 = mul i64 %sum54, 1099511628211
  %sum57 = xor i64 %scaled56, %v10
  %scaled59 = mul i64 %sum57, 1099511628211
  %sum60 = xor i64 %scaled59, %v11
  %w61 = zext i32 %v12 to i64
  %scaled62 = mul i64 %sum60, 1099511628211
  %sum63 = xor i64 %scaled62, %w61
  %scaled65 = mul i64 %sum63, 1099511628211
  %sum66 = xor i64 %scaled65, %v13
  %w67 = bitcast double %v14 to i64
  %scaled68 = mul i64 %sum66, 1099511628211
  %sum69 = xor i64 %scaled68, %w67
  %scaled71 = mul i64 %sum69, 1099511628211
  %sum72 = xor i64 %scaled71, %v15
  %w73 = zext i32 %v16 to i64
  %scaled74 = mul i64 %sum72, 1099511628211
  %sum75 = xor i64 %scaled74, %w73
  %w76 = ptrtoint i8* %v17 to i64
  %scaled77 = mul i64 %sum75, 1099511628211
  %sum78 = xor i64 %scaled77, %w76
  %w79 = bitcast double %v18 to i64
  %scaled80 = mul i64 %sum78, 1099511628211
  %sum81 = xor i64 %scaled80, %w79
  %w82 = ptrtoint i8* %v19 to i64
  %scaled83 = mul i64 %sum81, 1099511628211
  %sum84 = xor i64 %scaled83, %w82
  %w85 = ptrtoint i8* %v20 to i64
  %scaled86 = mul i64 %sum84, 1099511628211
  %sum87 = xor i64 %scaled86, %w85
  %w88 = ptrtoint i8 addrspace(1)* %rel25 to i64
  %scaled89 = mul i64 %sum87, 1099511628211
  %sum90 = xor i64 %scaled89, %w88
  %w91 = ptrtoint i8 addrspace(1)* %rel26 to i64
  %scaled92 = mul i64 %sum90, 1099511628211
  %sum93 = xor i64 %scaled92, %w91
  %w94 = ptrtoint i8 addrspace(1)* %rel27 to i64
  %scaled95 = mul i64 %sum93, 1099511628211
  %sum96 = xor i64 %scaled95, %w94
  ret i64 %sum96
}

define void @fp_main() {
  store i64 0, i64* @fp_current_case
  store i8* bitcast (i64 (i64, i32, i64, i64, i32)* @fp_case_0 to i8*), i8** @fp_next_case
  %r0 = call i64 bitcast (void ()* @fp_enter to i64 (i64, i32, i64, i64, i32)*)(i64 644178432880698403, i32 -758487569, i64 2838961339793112131, i64 -2136508243426103941, i32 1063209840)
  call void @fp_report_result(i64 %r0)
  store i64 1, i64* @fp_current_case
  store i8* bitcast (i64 (i64, i32)* @fp_case_1 to i8*), i8** @fp_next_case
  %r1 = call i64 bitcast (void ()* @fp_enter to i64 (i64, i32)*)(i64 -5596111948454860109, i32 -1126288750)
  call void @fp_report_result(i64 %r1)
  store i64 2, i64* @fp_current_case
  store i8* bitcast (i64 (i64)* @fp_case_2 to i8*), i8** @fp_next_case
  %r2 = call i64 bitcast (void ()* @fp_enter to i64 (i64)*)(i64 2768260055581725219)
  call void @fp_report_result(i64 %r2)
  ret void
}
