; frameproof llvm-exec program: seed 17, case 21
; fp-exec function 0 result 0x73f6d02eb6837ef6 values 0x79452b0805e3fbc6 0x43de514ac20178ff 0xf28a56100bc7f78c 0x79452b0805e3fbc6 0x5e3fbc6 0x7f78c00000000000 0xf28a56100bc7f78c 0x6bcf811811abf352 0x5f9a900000000000 0x0 0x3ca2958402f1fd 0x7f4462958402f1fd 0x3ca2958402f1fd 0x5e3fbc6 0x43dfd118a56100bc 0x7fb562958402f1fd 0x7979899d81e10a3b 0x797dab9d85e3fbff 0x6c8c90801e10a02 0x47ccb93aaee79032 0x5e3fbc6 0x860d2b9d85e3fbff 0x0 0x79452b0805e3fbc6 0xf483e4a20264d172 0xb75db5e8c065a98d 0xf9e5a77eecbf1a97 0xb6ff16ee778ed1b 0xe8245a73527ae4e1 0x9161717b57991f27 0xa1b2fb95d92fef45 0xa1b2fb95dccc1483 0x8f3602a62ec6da99 0xf04ec2a62ec6da99 0x1caf59617be571fb 0xee250f7170228677 0xcb7fb4c18aaa7c35 0xa0b035d99b018f67 0xcfae7c263a6ac05 0x536077c263a6ac05 0x5397844f54364c7f 0x5397844f54364c7f 0x40c251cc1843fbcd 0x40fef3599c410a30 0xb241b14482844f90 0xcd05d3d10686be6d 0xe7a5592e16f59337 0xe799fbbb92f762ca 0x820989baba5cdd3e 0x820989babfbf26f8 0xb55c0053d1cf3768 0xf683d14b74ae37d4 0x903477374408dd3c 0xef8115a2c00a2cc1 0x284848c514a0bf3 0x7bfd0d11d0ab01c8 0x59fefd45929406d8 0x208356d81777fd27 0xb729b82fe0e32945 0xb1e17127e1022347 0x44368dc356a1f1a5 0x3fa34f9f8466197 0x8899bc0df97d395 0x8899bc0da742853 0xf5fbfbb333608509 0x73f6d02eb6837ef6 0x1 0x0 0x2 0x100000001b3
; fp-exec function 1 result 0xfdff7d9cdaf366cd values 0x32b6aa54b4bd22e8 0x41a6b3a4e6400000 0x7ff9bce18c0b7dd5 0x43601af33cb9aa89 0x0 0x656d54a9697a45d0 0x77fffefdfdff67f8 0x77fffefdfdff67f8 0x656d54a9697a45d0 0x77fffefdfdff67f8 0x77fffefdfdff6857 0x0 0x32b6aa54b4bd22e8 0xe98655ef1d625038 0xa820e64bfb225038 0xd2378b1bbb4e4f28 0x915791e887f7e5a1 0xefb28f1f0a3b3093 0xefb28f1f0a3b3093 0x8799c4be629389c9 0xe2f490170be9cc19 0x8f5cf0293e45ce7b 0xf8a30ed4c3baa983 0x37bbb688962e0999 0x404448756bd16e61 0x575808634de8ed3 0x7a8c3c67b8d5f306 0x123daa3f138bf332 0x7750fe967af1b6e2 0xb0577bb2e8b9c206 0xc7a8854f1546a5fe 0x8a008361270c0e9a 0xfdff7d9cdaf366cd 0x100000000 0x8000000000000000 0x0 0xffffffffffffffd6 0x100000001b3
; fp-exec function 2 result 0xd4d05846137ab876 values 0xf540baaf3b77467 0xae3e57d21e34d973 0x2e71c1b4 0x793af93bbfad8726 0x8a3a7280dba5b7f4 0x571f2be 0x50a06c84b2a8c272 0xf3b77467 0x50a06c84b2a8c272 0xc1a8911732000000 0x0 0xa140d909655184e4 0xddc6b5d3 0x888f04e6b364fb8d 0x4362dc34a545f02e 0x4281b212caa309c8 0xf540baaf3b77467 0x8503642595461390 0x2777f5b0e4c00000 0x50a06c84b2a8c272 0x2e71c1b4 0xa140d909655184e4 0x77f7fdb4f6e8c272 0x41c738e0da000000 0x5ce38368 0x41c738e0da000000 0xb2a8c272 0x793af93bbfad8726 0x0 0xf540baaf3b77467 0xc3443a7c20bacb05 0x6d7a6dae3e8e1276 0x951ad5144b695e82 0x951ad51465189f36 0x753747a7c8d688c2 0xc0dbe9c777b0fe4 0xf66ac7df061c006c 0xf66ac7df036df2d2 0x256471f2d3d39ad6 0x75c41d76617b58a4 0x9796b427a4979eac 0x9796b4275720eacb 0xb5fee9d90ceef6f1 0xe55e855dbe463483 0x5d1214a514b3a99 0xc479b05d634b3a99 0x260147afb8d491fb 0x260147afb8d491fb 0x68beca9711340d81 0xc9fe139e74658965 0xa044bb3fc888769f 0xa044bb3f154ec34c 0xa38d783134d5da24 0x2b027cd787b121a9 0xc65bcb3b91fc322b 0x8539170f34b9c205 0x19c433d697a4ae7f 0x5b4581c45d07a7b7 0x1ec337aa1401fbf5 0x11973c00e7b68f92 0x9a8a8789bb35f516 0x1f89e3ac2e73e686 0xb346392eef0b5b2 0x2c4396220a30b5b2 0x678dcdd750c4bd76 0x372da153e26c7f04 0x2f082589be5bd3cc 0x2f082589902a1278 0x14ea40bff77d61e8 0xb5aa99b6922ce50c 0xddc83d3a62493364 0xaa3fc08e94a1f116 0xec4548468f2ca862 0xad8270a6552ca862 0x14dcca2bae21e86 0x14dcca2e6019dee 0x38d0a6ccd4bf5b6a 0x79179e2c0ebf5b6a 0x827d2edd0f28551e 0x827d2eddbd80976c 0x3b4e0ec901814c84 0xb1747c49da24fb70 0xadeaa17dacd73f50 0xd4d05846137ab876 0x123456789abcdef0 0x100000001b3
; fp-exec function 3 result 0x4e87981552a99ec4 values 0x8b8d50d1ad2c19c6 0xc1a313e8c0800000 0xed91d7eb 0x272270c34fa041df 0x171aa1a35a58338c 0xa2a7f27507844d52 0xb7bff3f75fdc7fde 0x5fdc7fde 0xb7bff3f75fdc7fde 0x171aa1a35a58338c 0x171aa1a35a584239 0xb7bff3f75fdc7fde 0xb7bff3f75fdc8135 0x0 0x8b8d50d1ad2c19c6 0x4d3a1a4941efcb72 0x8c9909a1816fcb72 0x57d6cf6ef0f6b2b6 0x57d6cf6e1d67655d 0xa967d51bf6b13d07 0xbe7d74b8ace90e8b 0x983be0cdd003b631 0x3a9c12b8d787fb63 0x1f2f33163c102939 0xa890c0e163cc56e7 0x3a4ea5fc9437aa85 0x3a4ea5fccbebd55b 0xff79678e81bb89a1 0x48c69479de67f67f 0x1164ca14eaa7d9cd 0x3646bad7a5079812 0x41c78e6d6be76696 0x56dd2fce31bf551a 0x592d555e881d9b2e 0x4e37f4fdd245d917 0x2eee624c4cafe215 0x995191bb13739dcb 0xf9386be20d751ff1 0x4e87981552a99ec4 0x100000001b3
; fp-exec site 1547115434 anyreg function 0 : any: ptr:0xf28a56100bc7f78c i64:0x79452b0805e3fbc6 f64:0x43de514ac20178ff i64:0x1 i64:0x7f78c00000000000 i64:0x5f9a900000000000
; fp-exec site 962584050 stackmap function 0 : ptr:0x0 f64:0x43de514ac20178ff i64:0x7fb562958402f1fd
; fp-exec site 1879528025 patchpoint function 0 : ptr:0xf28a56100bc7f78c i64:0x797dab9d85e3fbff i64:0x797dab9d85e3fbff i64:0x5f9a900000000000 i32:0x2 ptr:0x79452b0805e3fbc6
; fp-exec site 1070724679 statepoint function 1 : i64:0x0 i64:0x0 i64:0xb i64:0x656d54a9697a45d0 f64:0x41a6b3a4e6400000 alloca:0x7ff9bce18c0b7dd5 f64:0x43601af33cb9aa89 i64:0x100000000 f64:0x8000000000000000 ptr:0x0 i64:0xffffffffffffffd6 f64:0x43601af33cb9aa89 alloca:0x7ff9bce18c0b7dd5 ptr:0x77fffefdfdff67f8 | 0x656d54a9697a45d0:0x656d54a9697a45d0 0x77fffefdfdff67f8:0x77fffefdfdff67f8 0x77fffefdfdff67f8:0x77fffefdfdff6857
; fp-exec site 1091461335 statepoint function 1 : i64:0x0 i64:0x0 i64:0x0 | 0x656d54a9697a45d0:0x656d54a9697a45d0 0x77fffefdfdff67f8:0x77fffefdfdff67f8 0x77fffefdfdff67f8:0x77fffefdfdff6857
; fp-exec site 1708868114 statepoint function 2 : i64:0x0 i64:0x0 i64:0x1 i64:0x571f2be | 0x793af93bbfad8726:0x793af93bbfad8726
; fp-exec site 466783022 patchpoint function 2 : ptr:0xa140d909655184e4 i64:0x2777f5b0e4c00000 i64:0x4281b212caa309c8
; fp-exec site 1536022808 patchpoint function 2 : i64:0x123456789abcdef0 i32:0x2e71c1b4
; fp-exec site 2038539746 stackmap function 3 : f64:0xc1a313e8c0800000 i64:0x8b8d50d1ad2c19c6 i64:0xb7bff3f75fdc7fde
; fp-exec site 2001855117 statepoint function 3 : i64:0x0 i64:0x0 i64:0x0 | 0x171aa1a35a58338c:0x171aa1a35a58338c 0x171aa1a35a58338c:0x171aa1a35a584239 0xb7bff3f75fdc7fde:0xb7bff3f75fdc7fde 0xb7bff3f75fdc7fde:0xb7bff3f75fdc8135

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

define i64 @fp_case_0(i64 %a1) noredzone nounwind "frame-pointer"="all" {
entry:
  %v2 = sitofp i64 %a1 to double
  %v3 = add i64 %a1, %a1
  %v4 = inttoptr i64 %a1 to i8*
  %v5 = trunc i64 %a1 to i32
  %v6 = shl i64 %v3, 44
  %v7 = inttoptr i64 %v3 to i8*
  %v8 = add i64 %a1, %v3
  %v9 = shl i64 %v8, 43
  %v10 = trunc i64 %v9 to i32
  %v11 = lshr i64 %a1, 9
  %v12 = xor i64 %v6, %v11
  %v13 = xor i64 %v12, %v6
  %v14 = xor i32 %v10, %v5
  %v15 = sitofp i64 %v12 to double
  %v16 = add i64 %v6, %v11
  %v17 = xor i64 %a1, %v13
  %v18 = or i64 %v11, %a1
  %v19 = xor i64 %v16, %v18
  %v20 = fmul double %v2, %v2
  %v21 = xor i32 %v10, %v5
  %v22 = add i64 %v19, %v12
  %unused23 = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 1547115434, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 2, i8* %v7, i64 %a1, double %v2, i64 1, i64 %v6, i64 %v9)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 962584050, i32 8, i8* null, double %v2, i64 %v16)
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 1879528025, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 0, i8* %v7, i64 %v18, i64 %v18, i64 %v9, i32 2, i8* %v4)
  %scaled25 = mul i64 0, 1099511628211
  %sum26 = xor i64 %scaled25, %a1
  %w27 = bitcast double %v2 to i64
  %scaled28 = mul i64 %sum26, 1099511628211
  %sum29 = xor i64 %scaled28, %w27
  %scaled31 = mul i64 %sum29, 1099511628211
  %sum32 = xor i64 %scaled31, %v3
  %w33 = ptrtoint i8* %v4 to i64
  %scaled34 = mul i64 %sum32, 1099511628211
  %sum35 = xor i64 %scaled34, %w33
  %w36 = zext i32 %v5 to i64
  %scaled37 = mul i64 %sum35, 1099511628211
  %sum38 = xor i64 %scaled37, %w36
  %scaled40 = mul i64 %sum38, 1099511628211
  %sum41 = xor i64 %scaled40, %v6
  %w42 = ptrtoint i8* %v7 to i64
  %scaled43 = mul i64 %sum41, 1099511628211
  %sum44 = xor i64 %scaled43, %w42
  %scaled46 = mul i64 %sum44, 1099511628211
  %sum47 = xor i64 %scaled46, %v8
  %scaled49 = mul i64 %sum47, 1099511628211
  %sum50 = xor i64 %scaled49, %v9
  %w51 = zext i32 %v10 to i64
  %scaled52 = mul i64 %sum50, 1099511628211
  %sum53 = xor i64 %scaled52, %w51
  %scaled55 = mul i64 %sum53, 1099511628211
  %sum56 = xor i64 %scaled55, %v11
  %scaled58 = mul i64 %sum56, 1099511628211
  %sum59 = xor i64 %scaled58, %v12
  %scaled61 = mul i64 %sum59, 1099511628211
  %sum62 = xor i64 %scaled61, %v13
  %w63 = zext i32 %v14 to i64
  %scaled64 = mul i64 %sum62, 1099511628211
  %sum65 = xor i64 %scaled64, %w63
  %w66 = bitcast double %v15 to i64
  %scaled67 = mul i64 %sum65, 1099511628211
  %sum68 = xor i64 %scaled67, %w66
  %scaled70 = mul i64 %sum68, 1099511628211
  %sum71 = xor i64 %scaled70, %v16
  %scaled73 = mul i64 %sum71, 1099511628211
  %sum74 = xor i64 %scaled73, %v17
  %scaled76 = mul i64 %sum74, 1099511628211
  %sum77 = xor i64 %scaled76, %v18
  %scaled79 = mul i64 %sum77, 1099511628211
  %sum80 = xor i64 %scaled79, %v19
  %w81 = bitcast double %v20 to i64
  %scaled82 = mul i64 %sum80, 1099511628211
  %sum83 = xor i64 %scaled82, %w81
  %w84 = zext i32 %v21 to i64
  %scaled85 = mul i64 %sum83, 1099511628211
  %sum86 = xor i64 %scaled85, %w84
  %scaled88 = mul i64 %sum86, 1099511628211
  %sum89 = xor i64 %scaled88, %v22
  ret i64 %sum89
}

define i64 @fp_case_1(i64 %a1, double %a2) noredzone nounwind gc "statepoint-example" {
entry:
  %pad3 = alloca [160 x i64]
  %padslot4 = getelementptr [160 x i64], [160 x i64]* %pad3, i64 0, i64 159
  store volatile i64 1, i64* %padslot4
  %slot5 = alloca i64
  store volatile i64 9221609388921028053, i64* %slot5
  %slotp6 = bitcast i64* %slot5 to i8*
  %v7 = fmul double %a2, %a2
  %v8 = fsub double %v7, %v7
  %v9 = add i64 %a1, %a1
  %v10 = or i64 %v9, %a1
  %v11 = inttoptr i64 %v10 to i8*
  %gc12 = inttoptr i64 %v9 to i8 addrspace(1)*
  %gc13 = inttoptr i64 %v10 to i8 addrspace(1)*
  %gcd14 = getelementptr i8, i8 addrspace(1)* %gc13, i64 95
  %token15 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 1070724679, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 %v9, double %a2, i8* %slotp6, double %v7, i64 4294967296, double 0x8000000000000000, i8* null, i64 -42, double %v7, i8* %slotp6, i8* %v11), "gc-live"(i8 addrspace(1)* %gc12, i8 addrspace(1)* %gc13, i8 addrspace(1)* %gcd14) ]
  %rel16 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token15, i32 0, i32 0)
  %rel17 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token15, i32 1, i32 1)
  %rel18 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token15, i32 1, i32 2)
  %token19 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 1091461335, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(), "gc-live"(i8 addrspace(1)* %rel16, i8 addrspace(1)* %rel17, i8 addrspace(1)* %rel18) ]
  %rel20 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token19, i32 0, i32 0)
  %rel21 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token19, i32 1, i32 1)
  %rel22 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token19, i32 1, i32 2)
  %scaled24 = mul i64 0, 1099511628211
  %sum25 = xor i64 %scaled24, %a1
  %w26 = bitcast double %a2 to i64
  %scaled27 = mul i64 %sum25, 1099511628211
  %sum28 = xor i64 %scaled27, %w26
  %w30 = bitcast double %v7 to i64
  %scaled31 = mul i64 %sum28, 1099511628211
  %sum32 = xor i64 %scaled31, %w30
  %w33 = bitcast double %v8 to i64
  %scaled34 = mul i64 %sum32, 1099511628211
  %sum35 = xor i64 %scaled34, %w33
  %scaled37 = mul i64 %sum35, 1099511628211
  %sum38 = xor i64 %scaled37, %v9
  %scaled40 = mul i64 %sum38, 1099511628211
  %sum41 = xor i64 %scaled40, %v10
  %w42 = ptrtoint i8* %v11 to i64
  %scaled43 = mul i64 %sum41, 1099511628211
  %sum44 = xor i64 %scaled43, %w42
  %w45 = load volatile i64, i64* %slot5
  %scaled46 = mul i64 %sum44, 1099511628211
  %sum47 = xor i64 %scaled46, %w45
  %w48 = ptrtoint i8 addrspace(1)* %rel20 to i64
  %scaled49 = mul i64 %sum47, 1099511628211
  %sum50 = xor i64 %scaled49, %w48
  %w51 = ptrtoint i8 addrspace(1)* %rel21 to i64
  %scaled52 = mul i64 %sum50, 1099511628211
  %sum53 = xor i64 %scaled52, %w51
  %w54 = ptrtoint i8 addrspace(1)* %rel22 to i64
  %scaled55 = mul i64 %sum53, 1099511628211
  %sum56 = xor i64 %scaled55, %w54
  ret i64 %sum56
}

define i64 @fp_case_2(i64 %a1, i64 %a2, i32 %a3, i64 %a4) noredzone nounwind "frame-pointer"="all" gc "statepoint-example" {
entry:
  %slot5 = alloca i64
  store volatile i64 -8486344650059827212, i64* %slot5
  %slotp6 = bitcast i64* %slot5 to i8*
  %v7 = lshr i64 %a2, 37
  %v8 = mul i64 %v7, %a1
  %v9 = trunc i64 %a1 to i32
  %v10 = mul i64 %v7, %a1
  %v11 = sitofp i32 %v9 to double
  %v12 = shl i64 %v7, 63
  %v13 = add i64 %v10, %v8
  %v14 = xor i32 %v9, %a3
  %v15 = add i64 %a1, %a4
  %v16 = fmul double %v11, %v11
  %v17 = shl i64 %v8, 2
  %v18 = inttoptr i64 %a1 to i8*
  %v19 = shl i64 %v10, 3
  %v20 = shl i64 %a4, 21
  %v21 = inttoptr i64 %v10 to i8*
  %v22 = xor i32 %v14, %v9
  %v23 = inttoptr i64 %v13 to i8*
  %v24 = or i64 %v10, %v20
  %v25 = sitofp i32 %a3 to double
  %v26 = add i32 %a3, %v22
  %v27 = sitofp i32 %a3 to double
  %v28 = trunc i64 %v10 to i32
  %gc29 = inttoptr i64 %a4 to i8 addrspace(1)*
  %token30 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 1708868114, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 %v7), "gc-live"(i8 addrspace(1)* %gc29) ]
  %rel31 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token30, i32 0, i32 0)
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 466783022, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 2, i8* %v18, i64 %v24, i8* %v23, i64 %v20, i64 %v17)
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 1536022808, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 0, i64 1311768467463790320, i32 %v22)
  %scaled33 = mul i64 0, 1099511628211
  %sum34 = xor i64 %scaled33, %a1
  %scaled36 = mul i64 %sum34, 1099511628211
  %sum37 = xor i64 %scaled36, %a2
  %w38 = zext i32 %a3 to i64
  %scaled39 = mul i64 %sum37, 1099511628211
  %sum40 = xor i64 %scaled39, %w38
  %scaled42 = mul i64 %sum40, 1099511628211
  %sum43 = xor i64 %scaled42, %a4
  %scaled46 = mul i64 %sum43, 1099511628211
  %sum47 = xor i64 %scaled46, %v7
  %scaled49 = mul i64 %sum47, 1099511628211
  %sum50 = xor i64 %scaled49, %v8
  %w51 = zext i32 %v9 to i64
  %scaled52 = mul i64 %sum50, 1099511628211
  %sum53 = xor i64 %scaled52, %w51
  %scaled55 = mul i64 %sum53, 1099511628211
  %sum56 = xor i64 %scaled55, %v10
  %w57 = bitcast double %v11 to i64
  %scaled58 = mul i64 %sum56, 1099511628211
  %sum59 = xor i64 %scaled58, %w57
  %scaled61 = mul i64 %sum59, 1099511628211
  %sum62 = xor i64 %scaled61, %v12
  %scaled64 = mul i64 %sum62, 1099511628211
  %sum65 = xor i64 %scaled64, %v13
  %w66 = zext i32 %v14 to i64
  %scaled67 = mul i64 %sum65, 1099511628211
  %sum68 = xor i64 %scaled67, %w66
  %scaled70 = mul i64 %sum68, 1099511628211
  %sum71 = xor i64 %scaled70, %v15
  %w72 = bitcast double %v16 to i64
  %scaled73 = mul i64 %sum71, 1099511628211
  %sum74 = xor i64 %scaled73, %w72
  %scaled76 = mul i64 %sum74, 1099511628211
  %sum77 = xor i64 %scaled76, %v17
  %w78 = ptrtoint i8* %v18 to i64
  %scaled79 = mul i64 %sum77, 1099511628211
  %sum80 = xor i64 %scaled79, %w78
  %scaled82 = mul i64 %sum80, 1099511628211
  %sum83 = xor i64 %scaled82, %v19
  %scaled85 = mul i64 %sum83, 1099511628211
  %sum86 = xor i64 %scaled85, %v20
  %w87 = ptrtoint i8* %v21 to i64
  %scaled88 = mul i64 %sum86, 1099511628211
  %sum89 = xor i64 %scaled88, %w87
  %w90 = zext i32 %v22 to i64
  %scaled91 = mul i64 %sum89, 1099511628211
  %sum92 = xor i64 %scaled91, %w90
  %w93 = ptrtoint i8* %v23 to i64
  %scaled94 = mul i64 %sum92, 1099511628211
  %sum95 = xor i64 %scaled94, %w93
  %scaled97 = mul i64 %sum95, 1099511628211
  %sum98 = xor i64 %scaled97, %v24
  %w99 = bitcast double %v25 to i64
  %scaled100 = mul i64 %sum98, 1099511628211
  %sum101 = xor i64 %scaled100, %w99
  %w102 = zext i32 %v26 to i64
  %scaled103 = mul i64 %sum101, 1099511628211
  %sum104 = xor i64 %scaled103, %w102
  %w105 = bitcast double %v27 to i64
  %scaled106 = mul i64 %sum104, 1099511628211
  %sum107 = xor i64 %scaled106, %w105
  %w108 = zext i32 %v28 to i64
  %scaled109 = mul i64 %sum107, 1099511628211
  %sum110 = xor i64 %scaled109, %w108
  %w111 = load volatile i64, i64* %slot5
  %scaled112 = mul i64 %sum110, 1099511628211
  %sum113 = xor i64 %scaled112, %w111
  %w114 = ptrtoint i8 addrspace(1)* %rel31 to i64
  %scaled115 = mul i64 %sum113, 1099511628211
  %sum116 = xor i64 %scaled115, %w114
  ret i64 %sum116
}

define i64 @fp_case_3(i64 %a1, double %a2, i32 %a3) noredzone nounwind gc "statepoint-example" {
entry:
  %slot4 = alloca i64
  store volatile i64 2819940300844188127, i64* %slot4
  %slotp5 = bitcast i64* %slot4 to i8*
  %v6 = add i64 %a1, %a1
  %v7 = add i64 %v6, %a1
  %v8 = or i64 %v6, %v7
  %v9 = trunc i64 %v8 to i32
  %v10 = or i64 %v8, %v7
  %gc11 = inttoptr i64 %v6 to i8 addrspace(1)*
  %gcd12 = getelementptr i8, i8 addrspace(1)* %gc11, i64 3757
  %gc13 = inttoptr i64 %v10 to i8 addrspace(1)*
  %gcd14 = getelementptr i8, i8 addrspace(1)* %gc13, i64 343
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2038539746, i32 8, double %a2, i64 %a1, i64 %v8)
  %token15 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 2001855117, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(), "gc-live"(i8 addrspace(1)* %gc11, i8 addrspace(1)* %gcd12, i8 addrspace(1)* %gc13, i8 addrspace(1)* %gcd14) ]
  %rel16 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token15, i32 0, i32 0)
  %rel17 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token15, i32 0, i32 1)
  %rel18 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token15, i32 2, i32 2)
  %rel19 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token15, i32 2, i32 3)
  %scaled21 = mul i64 0, 1099511628211
  %sum22 = xor i64 %scaled21, %a1
  %w23 = bitcast double %a2 to i64
  %scaled24 = mul i64 %sum22, 1099511628211
  %sum25 = xor i64 %scaled24, %w23
  %w26 = zext i32 %a3 to i64
  %scaled27 = mul i64 %sum25, 1099511628211
  %sum28 = xor i64 %scaled27, %w26
  %scaled31 = mul i64 %sum28, 1099511628211
  %sum32 = xor i64 %scaled31, %v6
  %scaled34 = mul i64 %sum32, 1099511628211
  %sum35 = xor i64 %scaled34, %v7
  %scaled37 = mul i64 %sum35, 1099511628211
  %sum38 = xor i64 %scaled37, %v8
  %w39 = zext i32 %v9 to i64
  %scaled40 = mul i64 %sum38, 1099511628211
  %sum41 = xor i64 %scaled40, %w39
  %scaled43 = mul i64 %sum41, 1099511628211
  %sum44 = xor i64 %scaled43, %v10
  %w45 = load volatile i64, i64* %slot4
  %scaled46 = mul i64 %sum44, 1099511628211
  %sum47 = xor i64 %scaled46, %w45
  %w48 = ptrtoint i8 addrspace(1)* %rel16 to i64
  %scaled49 = mul i64 %sum47, 1099511628211
  %sum50 = xor i64 %scaled49, %w48
  %w51 = ptrtoint i8 addrspace(1)* %rel17 to i64
  %scaled52 = mul i64 %sum50, 1099511628211
  %sum53 = xor i64 %scaled52, %w51
  %w54 = ptrtoint i8 addrspace(1)* %rel18 to i64
  %scaled55 = mul i64 %sum53, 1099511628211
  %sum56 = xor i64 %scaled55, %w54
  %w57 = ptrtoint i8 addrspace(1)* %rel19 to i64
  %scaled58 = mul i64 %sum56, 1099511628211
  %sum59 = xor i64 %scaled58, %w57
  ret i64 %sum59
}

define void @fp_main() {
  store i64 0, i64* @fp_current_case
  store i8* bitcast (i64 (i64)* @fp_case_0 to i8*), i8** @fp_next_case
  %r0 = call i64 bitcast (void ()* @fp_enter to i64 (i64)*)(i64 8738437965440875462)
  call void @fp_report_result(i64 %r0)
  store i64 1, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double)* @fp_case_1 to i8*), i8** @fp_next_case
  %r1 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double)*)(i64 3654295428444005096, double 0x41a6b3a4e6400000)
  call void @fp_report_result(i64 %r1)
  store i64 2, i64* @fp_current_case
  store i8* bitcast (i64 (i64, i64, i32, i64)* @fp_case_2 to i8*), i8** @fp_next_case
  %r2 = call i64 bitcast (void ()* @fp_enter to i64 (i64, i64, i32, i64)*)(i64 1104520637473846375, i64 -5891174702592501389, i32 779207092, i64 8735568462252705574)
  call void @fp_report_result(i64 %r2)
  store i64 3, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double, i32)* @fp_case_3 to i8*), i8** @fp_next_case
  %r3 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double, i32)*)(i64 -8390961669237630522, double 0xc1a313e8c0800000, i32 -309209109)
  call void @fp_report_result(i64 %r3)
  ret void
}
