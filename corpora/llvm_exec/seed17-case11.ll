; frameproof llvm-exec program: seed 17, case 11
; fp-exec function 0 result 0xe73fc192d76fcfd7 values 0xa7a7d6cc3a36af3e 0xc1a020faf5800000 0xa400ab22 0x4f4fad98746d5e7c 0x43504239e6364697 0xa7a7d6cc3a36af3e 0xc3504239e83a65f6 0xc50063bd5e438899 0x90878bccfc3ba608 0xb7a7dfccfe3faf3e 0x746d5e7c 0x746d5e7c 0x186e099e 0xdfcfafdcfc7ffe7c 0x61d1b579f0000000 0x90878bccfc3ba608 0x90878bccfc3bac6d 0xdfcfafdcfc7ffe7c 0x0 0xa7a7d6cc3a36af3e 0x18e13b06eaebc65a 0xd9411bfc1f6bc65a 0x9568e76964220aee 0x9568e769c022a1cc 0x3e304b17ad8eda4 0x4caca9290eb5b3d8 0xff1748c3fec09808 0xbc470afa18f6de9f 0xe39645f86b7c482d 0x44319334514ae713 0x2b2434e62246a549 0xe87476dfca7cc0bf 0x7aa6bd4511fb848d 0xbfa6def84fb80c14 0x6098f3ef75bc85fc 0xf01f7823898723f4 0x8c9d1862b0a2179c 0x3b3ac7ae4e9db8a2 0x4299ef2f9600bb46 0x4299ef2fe26de53a 0x9976a85dc0bc818e 0x9976a85db4d1dff2 0x9680093a409f8836 0x9680093a58f181a8 0xad115625225f5078 0x72def9f9de20ae04 0x5190c7947187b0cc 0x304172ed8187b0cc 0x86e7159319916aa4 0x16609e5fe5aaccac 0xb0f9c8f34139c844 0x207e433fbd026429 0x38f06e4e2b1031ab 0xe73fc192d76fcfd7 0x8000000000000000 0x100000001b3
; fp-exec function 1 result 0x78a898adcd143712 values 0xc15c7b1753e2c835 0x4199de09dd000000 0x419040c227000000 0x4058056c2179b5a1 0x1b48083755c7dd6 0x1b48083755c7dd6 0x41833a8f6c000000 0xc15c7b1753e2c835 0x755c7dd6 0xc15c7f7f73fbfdb5 0x4058056c2179b5a1 0xc0e8fb9426beb5e3 0x4058056c2179b5a1 0xc15c7f7f73fbfdb5 0xc15c7f7f73fc0214 0x0 0xc15c7b1753e2c835 0x72ed5da38a5a320f 0x337483aa575a320f 0xc92dc9726e430f7d 0x88bd89b049430f7d 0x9d20738c7cf35167 0xdd7876e05d8ae4c6 0xde96c53ef302bc72 0xdf2245bd865ec1a4 0x85fe250b530309ac 0x844aa588265f747a 0x2a4bc0593432eb4e 0x6bc8fad65832eb4e 0x596d8837de85d58a 0x9831f3208d671dbf 0x3fddf5046378b8d 0x3fddf50336bf65b 0x3458d04760739ca1 0xf504af3813886114 0xdf56d04930bcf4fc 0x9f0ed52511c5415d 0xb758afd322e1107 0xcb9d71691490a4e4 0x8d2c998df1c82f6c 0xcd749ce1d0b19acd 0xcec160b59dca0a57 0xf9d1fcaee31f7e2 0xb9f4e7d2bee83506 0x78a898adcd143712 0x100000001b3
; fp-exec function 2 result 0xa00dcab2cb8e4be7 values 0x58e09c29ac0c5975 0xc1a02787f4800000 0xc18319b1ee000000 0xc1902f5386800000 0xc17a89ea3e000000 0xac0c5975 0xb1c138535818b2ea 0xac0c5975 0xf9e1bc7bfc1cfbff 0xe921a47af414eb9f 0xe921a47af414eb9f 0x58e09c29ac0c5975 0x52c258a5a8295574 0xac0c5975 0x67293a4e19da516 0x58e09c29ac0c5975 0xef3fe7fef7f7efa0 0xc398790e100f8c10 0x9b53a768ed3f9861 0xfc1cfbff 0x5ae2dcadac2d5d75 0x4548b58515b7385e 0x9ffbdfdfbe800000 0xa22c48c04250c01 0xb14228625818b28c 0x2d716e56d 0xffffffffac0c5975 0xc1d4fce9a2c00000 0x52c258a5a8295574 0xffffffffac0c5975 0xffffffffac0c64a9 0x0 0x58e09c29ac0c5975 0x1202cfcf58fc01cf 0xd3a2e848ac7c01cf 0x19d2827d16b712bd 0xd8519bccf8b712bd 0x49be7a4a9f14d727 0x882e55191994d727 0xfb91c0a677e99745 0x3aeb494c49e99745 0x764d1a197ec0a3f 0x764d1a13be0534a 0x70a37ef8be2d86be 0xc16246abe6353454 0xcf326a182c67eabc 0xcf326a18806bb3c9 0x7e5e10a237027e8b 0x87bfacd9cb1e8574 0xc9382a1424dcc41c 0x20198e6ed0c82f83 0x539c894cc428bb99 0xbabd2d36303c5006 0x8bc3d913f67bfa32 0xd323453a5a77a347 0x3c91e927b94a71a5 0x6e53b182116324d1 0xdb5b71038b778f23 0xdb5b7103277bd656 0x38375e5c176d3422 0x3e45cdf8f6f09134 0xc12e320b9ac6bb5c 0x99ceae2236cae229 0x25140d231abe4bab 0xca2beadded49a40b 0xd244221a3421beb1 0x11dc5b14242e32a1 0x87a164397a800793 0x1cf2c35197bf9ff2 0xf021d5a4da9cc836 0xf021d5a4268033c9 0x89b1ceed6bd7fe8b 0xd3531240c7faa3fe 0x10cc0213cee4a89a 0x5584b796db5390c4 0xa414b956aefefd0c 0x3bef6689107efd0c 0x56c846e707c7fb64 0x5cea826b03e2f765 0xc57300d79aaa609f 0x743128b5c2b2d213 0x225a3fd9d5daf649 0x225a3fdb02cc1324 0x2b6da525c0c4862c 0xd4925ada6cc8df59 0xfd8fba26d953843b 0x3c5b46cf7b93843b 0x229d8d8efba9b041 0x705fd52b5380e535 0x73bc6d9ee405790f 0x8c4392614809207a 0x5ff2354d67822f4e 0xa00dcab2cb8e4be7 0x3ff8000000000000 0x1000 0x0 0x100000000 0xc004000000000000 0xffffffffffffffff 0x7fffffffffffffff 0x7fffffffffffffff 0x100000001b3
; fp-exec function 3 result 0x68fa70339bbc581c values 0x88dd10dbd8e4372c 0x27562c8fc781aa66 0xd8e4372c 0xd8e4372c 0xd8e4372c 0xc3ddc8bbc909c6f2 0x11ba21b7b1c86e58 0xd8e4372c 0xc3ddc8bbc909c6f2 0xae2b9ba92487df20 0x446e886dec 0x21b9600000000000 0xc3edc8bbc909c6f2 0x8f92fba92487df20 0xae2b9bed6e8fffec 0xae2b9ba92487df20 0xae2b9bed6e8fffec 0xd8e4372c 0x638e85ca43386e6c 0x0 0x88dd10dbd8e4372c 0x73dad1918bc9bfc4 0x73dad191532d88e8 0xa5b01f0565fa238 0xa5b01f08ebb9514 0x54395fc288be50fc 0x54395fc2505a67d0 0x77e5872e899e6670 0xb4384f954097a082 0xd34fbc9cc1a5bce6 0xc2f59d2b706dd2be 0xb52cced00a9d18da 0xb52cced0d2792ff6 0x545362d5a3ec7f02 0x978eaa6e6ae5b9f0 0x6d25899fa45af2d0 0xc30e123680dd2df0 0x4e16e29cf7d50ed0 0x4e16e2d8995d633c 0xe46b20c99af9ef4 0x2fffd20c99af9ef4 0x3f50df69256b189c 0xfcbd17d2ec62de6e 0xd82de967abfff4ea 0x57bf12ce8f782bca 0x91d8befdc932683e 0x3ff32510a7bd97d2 0x67bfcd4d0728f9d6 0xc99456e423af26f6 0x36369ba8a29f3402 0x981d0045cc10cbee 0x8a136499c08a856a 0x8a136499186eb246 0xda636248418ecf2 0x6e28b3eec720829e 0x4fac5cbc5c3df27a 0x68fa70339bbc581c 0x7fffffffffffffff 0xc004000000000000 0x0 0x3ff8000000000000 0x0 0x100000001b3
; fp-exec site 913837501 statepoint function 0 : i64:0x0 i64:0x0 i64:0x2 i64:0xb7a7dfccfe3faf3e i64:0x90878bccfc3ba608 | 0x90878bccfc3ba608:0x90878bccfc3ba608 0x90878bccfc3ba608:0x90878bccfc3bac6d 0xdfcfafdcfc7ffe7c:0xdfcfafdcfc7ffe7c
; fp-exec site 1216121327 stackmap function 0 : f64:0x8000000000000000 i64:0xa7a7d6cc3a36af3e ptr:0xa7a7d6cc3a36af3e
; fp-exec site 194498363 statepoint function 0 : i64:0x0 i64:0x0 i64:0x1 f64:0xc1a020faf5800000 | 0x90878bccfc3ba608:0x90878bccfc3ba608 0x90878bccfc3ba608:0x90878bccfc3bac6d 0xdfcfafdcfc7ffe7c:0xdfcfafdcfc7ffe7c
; fp-exec site 387569867 statepoint function 1 : i64:0x0 i64:0x0 i64:0x5 i64:0xc15c7f7f73fbfdb5 i64:0xc15c7b1753e2c835 i32:0x755c7dd6 i64:0xc15c7b1753e2c835 i64:0xc15c7b1753e2c835 | 0x4058056c2179b5a1:0x4058056c2179b5a1 0xc15c7f7f73fbfdb5:0xc15c7f7f73fbfdb5 0xc15c7f7f73fbfdb5:0xc15c7f7f73fc0214
; fp-exec site 306916679 anyreg function 2 : any: f64:0x4548b58515b7385e f64:0xc17a89ea3e000000 f64:0x3ff8000000000000 i32:0x1000 ptr:0x0 i64:0xb1c138535818b2ea i32:0xac0c5975 i64:0x100000000 i64:0xffffffffac0c5975 ptr:0x58e09c29ac0c5975 f64:0xc004000000000000 f64:0xc18319b1ee000000 i64:0xffffffffffffffff i64:0xef3fe7fef7f7efa0 f64:0xc17a89ea3e000000
; fp-exec site 1176364827 patchpoint function 2 : i32:0xac0c5975 i64:0x9ffbdfdfbe800000 i64:0x7fffffffffffffff i64:0xe921a47af414eb9f i32:0xac0c5975 i32:0xac0c5975 i64:0xa22c48c04250c01 f64:0xc1d4fce9a2c00000 i64:0xb14228625818b28c f64:0xc17a89ea3e000000 i64:0x7fffffffffffffff i64:0x67293a4e19da516 i64:0xb1c138535818b2ea i64:0xb14228625818b28c i64:0x52c258a5a8295574 f64:0x4548b58515b7385e
; fp-exec site 614298414 statepoint function 2 : i64:0x0 i64:0x0 i64:0x0 | 0x52c258a5a8295574:0x52c258a5a8295574 0xffffffffac0c5975:0xffffffffac0c5975 0xffffffffac0c5975:0xffffffffac0c64a9
; fp-exec site 881815845 stackmap function 3 : i64:0xae2b9ba92487df20 i64:0x638e85ca43386e6c i32:0xd8e4372c i64:0x21b9600000000000 i64:0xae2b9ba92487df20 i64:0x7fffffffffffffff i64:0xae2b9bed6e8fffec f64:0xc004000000000000 ptr:0x0 i32:0xd8e4372c f64:0x3ff8000000000000 f64:0x0 i32:0xd8e4372c

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

define i64 @fp_case_0(i64 %a1, double %a2, i32 %a3) noredzone nounwind gc "statepoint-example" {
entry:
  %v4 = add i64 %a1, %a1
  %v5 = fmul double %a2, %a2
  %v6 = inttoptr i64 %a1 to i8*
  %v7 = fsub double %a2, %v5
  %v8 = fmul double %a2, %v5
  %v9 = mul i64 %v4, %a1
  %v10 = or i64 %a1, %v9
  %v11 = trunc i64 %v4 to i32
  %v12 = trunc i64 %v4 to i32
  %v13 = add i32 %v12, %a3
  %v14 = or i64 %v9, %v4
  %v15 = shl i64 %v4, 26
  %gc16 = inttoptr i64 %v9 to i8 addrspace(1)*
  %gcd17 = getelementptr i8, i8 addrspace(1)* %gc16, i64 1637
  %gc18 = inttoptr i64 %v14 to i8 addrspace(1)*
  %token19 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 913837501, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 %v10, i64 %v9), "gc-live"(i8 addrspace(1)* %gc16, i8 addrspace(1)* %gcd17, i8 addrspace(1)* %gc18) ]
  %rel20 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token19, i32 0, i32 0)
  %rel21 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token19, i32 0, i32 1)
  %rel22 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token19, i32 2, i32 2)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1216121327, i32 8, double 0x8000000000000000, i64 %a1, i8* %v6)
  %token23 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 194498363, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(double %a2), "gc-live"(i8 addrspace(1)* %rel20, i8 addrspace(1)* %rel21, i8 addrspace(1)* %rel22) ]
  %rel24 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token23, i32 0, i32 0)
  %rel25 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token23, i32 0, i32 1)
  %rel26 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token23, i32 2, i32 2)
  %scaled28 = mul i64 0, 1099511628211
  %sum29 = xor i64 %scaled28, %a1
  %w30 = bitcast double %a2 to i64
  %scaled31 = mul i64 %sum29, 1099511628211
  %sum32 = xor i64 %scaled31, %w30
  %w33 = zext i32 %a3 to i64
  %scaled34 = mul i64 %sum32, 1099511628211
  %sum35 = xor i64 %scaled34, %w33
  %scaled37 = mul i64 %sum35, 1099511628211
  %sum38 = xor i64 %scaled37, %v4
  %w39 = bitcast double %v5 to i64
  %scaled40 = mul i64 %sum38, 1099511628211
  %sum41 = xor i64 %scaled40, %w39
  %w42 = ptrtoint i8* %v6 to i64
  %scaled43 = mul i64 %sum41, 1099511628211
  %sum44 = xor i64 %scaled43, %w42
  %w45 = bitcast double %v7 to i64
  %scaled46 = mul i64 %sum44, 1099511628211
  %sum47 = xor i64 %scaled46, %w45
  %w48 = bitcast double %v8 to i64
  %scaled49 = mul i64 %sum47, 1099511628211
  %sum50 = xor i64 %scaled49, %w48
  %scaled52 = mul i64 %sum50, 1099511628211
  %sum53 = xor i64 %scaled52, %v9
  %scaled55 = mul i64 %sum53, 1099511628211
  %sum56 = xor i64 %scaled55, %v10
  %w57 = zext i32 %v11 to i64
  %scaled58 = mul i64 %sum56, 1099511628211
  %sum59 = xor i64 %scaled58, %w57
  %w60 = zext i32 %v12 to i64
  %scaled61 = mul i64 %sum59, 1099511628211
  %sum62 = xor i64 %scaled61, %w60
  %w63 = zext i32 %v13 to i64
  %scaled64 = mul i64 %sum62, 1099511628211
  %sum65 = xor i64 %scaled64, %w63
  %scaled67 = mul i64 %sum65, 1099511628211
  %sum68 = xor i64 %scaled67, %v14
  %scaled70 = mul i64 %sum68, 1099511628211
  %sum71 = xor i64 %scaled70, %v15
  %w72 = ptrtoint i8 addrspace(1)* %rel24 to i64
  %scaled73 = mul i64 %sum71, 1099511628211
  %sum74 = xor i64 %scaled73, %w72
  %w75 = ptrtoint i8 addrspace(1)* %rel25 to i64
  %scaled76 = mul i64 %sum74, 1099511628211
  %sum77 = xor i64 %scaled76, %w75
  %w78 = ptrtoint i8 addrspace(1)* %rel26 to i64
  %scaled79 = mul i64 %sum77, 1099511628211
  %sum80 = xor i64 %scaled79, %w78
  ret i64 %sum80
}

define i64 @fp_case_1(i64 %a1, double %a2, double %a3, i64 %a4) noredzone nounwind "frame-pointer"="all" gc "statepoint-example" {
entry:
  %dynlow5 = and i64 %a1, 63
  %dyncount6 = add i64 %dynlow5, 8
  %dyn7 = alloca i8, i64 %dyncount6, align 16
  store volatile i8 1, i8* %dyn7
  %v8 = add i64 %a4, %a1
  %v9 = inttoptr i64 %v8 to i8*
  %v10 = fsub double %a2, %a3
  %v11 = sub i64 %v8, %a4
  %v12 = trunc i64 %v8 to i32
  %v13 = or i64 %a4, %a1
  %v14 = inttoptr i64 %a4 to i8*
  %v15 = xor i64 %v11, %v8
  %gc16 = inttoptr i64 %a4 to i8 addrspace(1)*
  %gc17 = inttoptr i64 %v13 to i8 addrspace(1)*
  %gcd18 = getelementptr i8, i8 addrspace(1)* %gc17, i64 1119
  %token19 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 387569867, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 %v13, i64 %a1, i32 %v12, i64 %v11, i64 %a1), "gc-live"(i8 addrspace(1)* %gc16, i8 addrspace(1)* %gc17, i8 addrspace(1)* %gcd18) ]
  %rel20 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token19, i32 0, i32 0)
  %rel21 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token19, i32 1, i32 1)
  %rel22 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token19, i32 1, i32 2)
  %scaled24 = mul i64 0, 1099511628211
  %sum25 = xor i64 %scaled24, %a1
  %w26 = bitcast double %a2 to i64
  %scaled27 = mul i64 %sum25, 1099511628211
  %sum28 = xor i64 %scaled27, %w26
  %w29 = bitcast double %a3 to i64
  %scaled30 = mul i64 %sum28, 1099511628211
  %sum31 = xor i64 %scaled30, %w29
  %scaled33 = mul i64 %sum31, 1099511628211
  %sum34 = xor i64 %scaled33, %a4
  %scaled36 = mul i64 %sum34, 1099511628211
  %sum37 = xor i64 %scaled36, %v8
  %w38 = ptrtoint i8* %v9 to i64
  %scaled39 = mul i64 %sum37, 1099511628211
  %sum40 = xor i64 %scaled39, %w38
  %w41 = bitcast double %v10 to i64
  %scaled42 = mul i64 %sum40, 1099511628211
  %sum43 = xor i64 %scaled42, %w41
  %scaled45 = mul i64 %sum43, 1099511628211
  %sum46 = xor i64 %scaled45, %v11
  %w47 = zext i32 %v12 to i64
  %scaled48 = mul i64 %sum46, 1099511628211
  %sum49 = xor i64 %scaled48, %w47
  %scaled51 = mul i64 %sum49, 1099511628211
  %sum52 = xor i64 %scaled51, %v13
  %w53 = ptrtoint i8* %v14 to i64
  %scaled54 = mul i64 %sum52, 1099511628211
  %sum55 = xor i64 %scaled54, %w53
  %scaled57 = mul i64 %sum55, 1099511628211
  %sum58 = xor i64 %scaled57, %v15
  %w59 = ptrtoint i8 addrspace(1)* %rel20 to i64
  %scaled60 = mul i64 %sum58, 1099511628211
  %sum61 = xor i64 %scaled60, %w59
  %w62 = ptrtoint i8 addrspace(1)* %rel21 to i64
  %scaled63 = mul i64 %sum61, 1099511628211
  %sum64 = xor i64 %scaled63, %w62
  %w65 = ptrtoint i8 addrspace(1)* %rel22 to i64
  %scaled66 = mul i64 %sum64, 1099511628211
  %sum67 = xor i64 %scaled66, %w65
  ret i64 %sum67
}

define i64 @fp_case_2(i64 %a1, double %a2, double %a3, double %a4) noredzone nounwind "frame-pointer"="all" gc "statepoint-example" {
entry:
  %v5 = fsub double %a4, %a3
  %v6 = trunc i64 %a1 to i32
  %v7 = add i64 %a1, %a1
  %v8 = trunc i64 %a1 to i32
  %v9 = or i64 %a1, %v7
  %v10 = xor i64 %a1, %v7
  %v11 = inttoptr i64 %v10 to i8*
  %v12 = xor i64 %v10, %v7
  %v13 = add i64 %v9, %a1
  %v14 = trunc i64 %a1 to i32
  %v15 = mul i64 %v7, %v9
  %v16 = inttoptr i64 %a1 to i8*
  %v17 = sub i64 %v10, %v9
  %v18 = sitofp i64 %v9 to double
  %v19 = mul i64 %v9, %v10
  %v20 = trunc i64 %v9 to i32
  %v21 = or i64 %a1, %v13
  %v22 = fmul double %v18, %a2
  %v23 = shl i64 %v17, 18
  %v24 = xor i64 %a1, %v13
  %v25 = sub i64 %v24, %v12
  %v26 = lshr i64 %v21, 29
  %v27 = sext i32 %v6 to i64
  %v28 = sitofp i64 %v27 to double
  %gc29 = inttoptr i64 %v13 to i8 addrspace(1)*
  %gc30 = inttoptr i64 %v27 to i8 addrspace(1)*
  %gcd31 = getelementptr i8, i8 addrspace(1)* %gc30, i64 2868
  %unused32 = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 306916679, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 0, double %v22, double %v5, double 0x3ff8000000000000, i32 4096, i8* null, i64 %v7, i32 %v14, i64 4294967296, i64 %v27, i8* %v16, double 0xc004000000000000, double %a3, i64 -1, i64 %v17, double %v5)
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 1176364827, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 1, i64 %v27, i32 %v6, i64 %v23, i64 9223372036854775807, i64 %v10, i32 %v8, i32 %v8, i64 %v24, double %v28, i64 %v25, double %v5, i64 9223372036854775807, i64 %v15, i64 %v7, i64 %v25, i64 %v13, double %v22)
  %token33 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 614298414, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(), "gc-live"(i8 addrspace(1)* %gc29, i8 addrspace(1)* %gc30, i8 addrspace(1)* %gcd31) ]
  %rel34 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token33, i32 0, i32 0)
  %rel35 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token33, i32 1, i32 1)
  %rel36 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token33, i32 1, i32 2)
  %scaled38 = mul i64 0, 1099511628211
  %sum39 = xor i64 %scaled38, %a1
  %w40 = bitcast double %a2 to i64
  %scaled41 = mul i64 %sum39, 1099511628211
  %sum42 = xor i64 %scaled41, %w40
  %w43 = bitcast double %a3 to i64
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %w43
  %w46 = bitcast double %a4 to i64
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %w46
  %w49 = bitcast double %v5 to i64
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %w49
  %w52 = zext i32 %v6 to i64
  %scaled53 = mul i64 %sum51, 1099511628211
  %sum54 = xor i64 %scaled53, %w52
  %scaled56 = mul i64 %sum54, 1099511628211
  %sum57 = xor i64 %scaled56, %v7
  %w58 = zext i32 %v8 to i64
  %scaled59 = mul i64 %sum57, 1099511628211
  %sum60 = xor i64 %scaled59, %w58
  %scaled62 = mul i64 %sum60, 1099511628211
  %sum63 = xor i64 %scaled62, %v9
  %scaled65 = mul i64 %sum63, 1099511628211
  %sum66 = xor i64 %scaled65, %v10
  %w67 = ptrtoint i8* %v11 to i64
  %scaled68 = mul i64 %sum66, 1099511628211
  %sum69 = xor i64 %scaled68, %w67
  %scaled71 = mul i64 %sum69, 1099511628211
  %sum72 = xor i64 %scaled71, %v12
  %scaled74 = mul i64 %sum72, 1099511628211
  %sum75 = xor i64 %scaled74, %v13
  %w76 = zext i32 %v14 to i64
  %scaled77 = mul i64 %sum75, 1099511628211
  %sum78 = xor i64 %scaled77, %w76
  %scaled80 = mul i64 %sum78, 1099511628211
  %sum81 = xor i64 %scaled80, %v15
  %w82 = ptrtoint i8* %v16 to i64
  %scaled83 = mul i64 %sum81, 1099511628211
  %sum84 = xor i64 %scaled83, %w82
  %scaled86 = mul i64 %sum84, 1099511628211
  %sum87 = xor i64 %scaled86, %v17
  %w88 = bitcast double %v18 to i64
  %scaled89 = mul i64 %sum87, 1099511628211
  %sum90 = xor i64 %scaled89, %w88
  %scaled92 = mul i64 %sum90, 1099511628211
  %sum93 = xor i64 %scaled92, %v19
  %w94 = zext i32 %v20 to i64
  %scaled95 = mul i64 %sum93, 1099511628211
  %sum96 = xor i64 %scaled95, %w94
  %scaled98 = mul i64 %sum96, 1099511628211
  %sum99 = xor i64 %scaled98, %v21
  %w100 = bitcast double %v22 to i64
  %scaled101 = mul i64 %sum99, 1099511628211
  %sum102 = xor i64 %scaled101, %w100
  %scaled104 = mul i64 %sum102, 1099511628211
  %sum105 = xor i64 %scaled104, %v23
  %scaled107 = mul i64 %sum105, 1099511628211
  %sum108 = xor i64 %scaled107, %v24
  %scaled110 = mul i64 %sum108, 1099511628211
  %sum111 = xor i64 %scaled110, %v25
  %scaled113 = mul i64 %sum111, 1099511628211
  %sum114 = xor i64 %scaled113, %v26
  %scaled116 = mul i64 %sum114, 1099511628211
  %sum117 = xor i64 %scaled116, %v27
  %w118 = bitcast double %v28 to i64
  %scaled119 = mul i64 %sum117, 1099511628211
  %sum120 = xor i64 %scaled119, %w118
  %w121 = ptrtoint i8 addrspace(1)* %rel34 to i64
  %scaled122 = mul i64 %sum120, 1099511628211
  %sum123 = xor i64 %scaled122, %w121
  %w124 = ptrtoint i8 addrspace(1)* %rel35 to i64
  %scaled125 = mul i64 %sum123, 1099511628211
  %sum126 = xor i64 %scaled125, %w124
  %w127 = ptrtoint i8 addrspace(1)* %rel36 to i64
  %scaled128 = mul i64 %sum126, 1099511628211
  %sum129 = xor i64 %scaled128, %w127
  ret i64 %sum129
}

define i64 @fp_case_3(i64 %a1) noredzone nounwind {
entry:
  %dynlow2 = and i64 %a1, 63
  %dyncount3 = add i64 %dynlow2, 8
  %dyn4 = alloca i8, i64 %dyncount3, align 16
  store volatile i8 1, i8* %dyn4
  %slot5 = alloca i64
  store volatile i64 2834502011515415142, i64* %slot5
  %slotp6 = bitcast i64* %slot5 to i8*
  %v7 = trunc i64 %a1 to i32
  %v8 = trunc i64 %a1 to i32
  %v9 = trunc i64 %a1 to i32
  %v10 = sitofp i64 %a1 to double
  %v11 = add i64 %a1, %a1
  %v12 = trunc i64 %a1 to i32
  %v13 = sitofp i64 %a1 to double
  %v14 = mul i64 %v11, %a1
  %v15 = lshr i64 %a1, 25
  %v16 = shl i64 %v11, 42
  %v17 = fadd double %v10, %v13
  %v18 = xor i64 %v14, %v16
  %v19 = or i64 %v15, %v14
  %v20 = xor i64 %v16, %v18
  %v21 = inttoptr i64 %v19 to i8*
  %v22 = trunc i64 %a1 to i32
  %v23 = sub i64 %v11, %v19
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 881815845, i32 8, i64 %v20, i64 %v23, i32 %v7, i64 %v16, i64 %v14, i64 9223372036854775807, i64 %v19, double 0xc004000000000000, i8* null, i32 %v9, double 0x3ff8000000000000, double 0x0000000000000000, i32 %v8)
  %scaled25 = mul i64 0, 1099511628211
  %sum26 = xor i64 %scaled25, %a1
  %w28 = zext i32 %v7 to i64
  %scaled29 = mul i64 %sum26, 1099511628211
  %sum30 = xor i64 %scaled29, %w28
  %w31 = zext i32 %v8 to i64
  %scaled32 = mul i64 %sum30, 1099511628211
  %sum33 = xor i64 %scaled32, %w31
  %w34 = zext i32 %v9 to i64
  %scaled35 = mul i64 %sum33, 1099511628211
  %sum36 = xor i64 %scaled35, %w34
  %w37 = bitcast double %v10 to i64
  %scaled38 = mul i64 %sum36, 1099511628211
  %sum39 = xor i64 %scaled38, %w37
  %scaled41 = mul i64 %sum39, 1099511628211
  %sum42 = xor i64 %scaled41, %v11
  %w43 = zext i32 %v12 to i64
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %w43
  %w46 = bitcast double %v13 to i64
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %w46
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %v14
  %scaled53 = mul i64 %sum51, 1099511628211
  %sum54 = xor i64 %scaled53, %v15
  %scaled56 = mul i64 %sum54, 1099511628211
  %sum57 = xor i64 %scaled56, %v16
  %w58 = bitcast double %v17 to i64
  %scaled59 = mul i64 %sum57, 1099511628211
  %sum60 = xor i64 %scaled59, %w58
  %scaled62 = mul i64 %sum60, 1099511628211
  %sum63 = xor i64 %scaled62, %v18
  %scaled65 = mul i64 %sum63, 1099511628211
  %sum66 = xor i64 %scaled65, %v19
  %scaled68 = mul i64 %sum66, 1099511628211
  %sum69 = xor i64 %scaled68, %v20
  %w70 = ptrtoint i8* %v21 to i64
  %scaled71 = mul i64 %sum69, 1099511628211
  %sum72 = xor i64 %scaled71, %w70
  %w73 = zext i32 %v22 to i64
  %scaled74 = mul i64 %sum72, 1099511628211
  %sum75 = xor i64 %scaled74, %w73
  %scaled77 = mul i64 %sum75, 1099511628211
  %sum78 = xor i64 %scaled77, %v23
  %w79 = load volatile i64, i64* %slot5
  %scaled80 = mul i64 %sum78, 1099511628211
  %sum81 = xor i64 %scaled80, %w79
  ret i64 %sum81
}

define void @fp_main() {
  store i64 0, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double, i32)* @fp_case_0 to i8*), i8** @fp_next_case
  %r0 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double, i32)*)(i64 -6365883375626571970, double 0xc1a020faf5800000, i32 -1543460062)
  call void @fp_report_result(i64 %r0)
  store i64 1, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double, double, i64)* @fp_case_1 to i8*), i8** @fp_next_case
  %r1 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double, double, i64)*)(i64 -4513597386410244043, double 0x4199de09dd000000, double 0x419040c227000000, i64 4636461778354156961)
  call void @fp_report_result(i64 %r1)
  store i64 2, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double, double, double)* @fp_case_2 to i8*), i8** @fp_next_case
  %r2 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double, double, double)*)(i64 6404290372914927989, double 0xc1a02787f4800000, double 0xc18319b1ee000000, double 0xc1902f5386800000)
  call void @fp_report_result(i64 %r2)
  store i64 3, i64* @fp_current_case
  store i8* bitcast (i64 (i64)* @fp_case_3 to i8*), i8** @fp_next_case
  %r3 = call i64 bitcast (void ()* @fp_enter to i64 (i64)*)(i64 -8584686778275580116)
  call void @fp_report_result(i64 %r3)
  ret void
}
