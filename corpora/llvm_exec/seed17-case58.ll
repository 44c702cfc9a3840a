; frameproof llvm-exec program: seed 17, case 58
; fp-exec function 0 result 0x504bbd993aa7bdd5 values 0x4be849555ca7baa 0x41a454eccf400000 0x2e7845df899a2af 0xee83ed9f 0x4be849555ca7baa 0xc1b17c1261000000 0x55ca7baa 0xffffffffee83ed9f 0x333824f260461d36 0x0 0x0 0x37bea4f775ce7fbe 0xab94f75400000000 0x0 0x4be849555ca7baa 0xda36f3c0c71021de 0x9b92a72c085021de 0xaa53edd220298c3a 0xa8b4698fd8b02e95 0x5abdf46d335f272f 0x5abdf46ddddccab0 0xd9106affe2c6910 0x92f823aabe612ba 0x81cd03b217f1d20e 0x407c7fa076f1d20e 0x855eebaa1ce7edca 0x855eebaa492d9660 0xcde0d25a58768520 0x321f2da5b6f568bf 0x20634f95e300fc8d 0x135b6b678346e1bb 0x2b393be4117190c1 0x2b393be4117190c1 0xe3d18589a3f8f7f3 0xe3d18589a3f8f7f3 0x15fddbe1a00d51e9 0x22437f16d5c32e57 0xfbdf4acd3aa7bdd5 0x504bbd993aa7bdd5 0x100000001b3
; fp-exec function 1 result 0xec8c93cfa4176a1c values 0xa7cbdca2eaae9b5 0x77eacdb2aff651e1 0xc1a41ec0f8800000 0xaaba6d4000000000 0x2eaae9b5 0x6fbe7e4000000000 0x0 0x2eaae9b5 0x584de6506717ad15 0x77eacdb2aff651e1 0xb917834000000000 0x2eaae9b5 0x2eaae9b5 0xc3d55164b0000000 0x0 0xa7cbdca2eaae9b5 0x7ce0338d4c6b1e8f 0xb0afe3fe39d4f6e 0x60fd748fc44df7ea 0xa1596a4f3ccdf7ea 0xf8e78ea451fc429e 0x525de3e451fc429e 0xf1ccdaf74fa5327a 0xf1ccdaf7610fdbcf 0xeef3e159edf280bd 0x814d9f19edf280bd 0xa966160f5310c127 0xa966160f5310c127 0xe938a30a25783545 0xe938a30a0bd2dcf0 0x1e19fa12174d6bd0 0x46541c42705ac6c5 0xdbb2c9e4ea3fc0bf 0xac58045645c9915e 0xa320bc98958202ba 0x1a373fd8958202ba 0xde437060beaa20e 0xde4370625404bbb 0xdb153a714c40aec1 0xdb153a7162ea4774 0x2f59c2ab14176a1c 0xec8c93cfa4176a1c 0x0 0x100000001b3
; fp-exec function 2 result 0xdd684a46605edc06 values 0x2abce21a92e4bfd6 0x41ae9eecaf400000 0xf679f4158f1f3f5d 0x1d07dd5f75dcb205 0x5579c43525c97fac 0xf8d0d5cb9e20dc8 0x7fc5262fb72dc07a 0x7fc5262fb72dc07a 0xb9e20dc8 0x5579c43525c97fac 0x5579c43525c98241 0xf8d0d5cb9e20dc8 0xf8d0d5cb9e21d53 0x0 0x2abce21a92e4bfd6 0x83b409279ab1f8a2 0xc21a97cb35f1f8a2 0xc528904caa297b46 0x905154798fe004ea 0x1a37748f79a8599e 0x15ba79d3c04a5456 0x363158cfbe4d4e22 0x49f47ee009608e58 0xb01eeafef11df88 0x74c4c880583c1ff2 0xa680a415ee2a4836 0xa680a41557c845fe 0xb4dcce44294eee9a 0x42a53a51a651d1c7 0x9093dfbd9d077525 0x8d9402e2e8dbc720 0x6e480791ad735b60 0x3b31c3a488ba24cc 0x4fb43c94544c86a4 0x1acdf8a1718504e5 0x11025f53e507511f 0x1e8f520f5ce55cd7 0xd2e5471ad9bcc155 0xdd684a46605edc06 0x1 0x4090000000000000 0x100000001b3
; fp-exec site 1745934297 anyreg function 0 : any: i64:0x2e7845df899a2af i64:0x4be849555ca7baa
; fp-exec site 1956686243 patchpoint function 1 : i64:0x77eacdb2aff651e1 i32:0x2eaae9b5
; fp-exec site 2065483555 stackmap function 1 : i32:0x2eaae9b5 i32:0x2eaae9b5 ptr:0x77eacdb2aff651e1 f64:0xc1a41ec0f8800000 i32:0x2eaae9b5 ptr:0x0
; fp-exec site 1868028519 statepoint function 2 : i64:0x0 i64:0x0 i64:0x0 | 0x5579c43525c97fac:0x5579c43525c97fac 0x5579c43525c97fac:0x5579c43525c98241 0xf8d0d5cb9e20dc8:0xf8d0d5cb9e20dc8 0xf8d0d5cb9e20dc8:0xf8d0d5cb9e21d53
; fp-exec site 750022147 statepoint function 2 : i64:0x0 i64:0x0 i64:0x2 i64:0x1 i64:0x5579c43525c97fac | 0x5579c43525c97fac:0x5579c43525c97fac 0x5579c43525c97fac:0x5579c43525c98241 0xf8d0d5cb9e20dc8:0xf8d0d5cb9e20dc8 0xf8d0d5cb9e20dc8:0xf8d0d5cb9e21d53
; fp-exec site 576908662 statepoint function 2 : i64:0x0 i64:0x0 i64:0x1 f64:0x4090000000000000 | 0x5579c43525c97fac:0x5579c43525c97fac 0x5579c43525c97fac:0x5579c43525c98241 0xf8d0d5cb9e20dc8:0xf8d0d5cb9e20dc8 0xf8d0d5cb9e20dc8:0xf8d0d5cb9e21d53

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

define i64 @fp_case_0(i64 %a1, double %a2, i64 %a3, i32 %a4) noredzone nounwind "frame-pointer"="all" {
entry:
  %pad5 = alloca [160 x i64]
  %padslot6 = getelementptr [160 x i64], [160 x i64]* %pad5, i64 0, i64 159
  store volatile i64 1, i64* %padslot6
  %dynlow7 = and i64 %a1, 63
  %dyncount8 = add i64 %dynlow7, 8
  %dyn9 = alloca i8, i64 %dyncount8, align 16
  store volatile i8 1, i8* %dyn9
  %v10 = inttoptr i64 %a1 to i8*
  %v11 = sitofp i32 %a4 to double
  %v12 = trunc i64 %a1 to i32
  %v13 = sext i32 %a4 to i64
  %v14 = mul i64 %a3, %a1
  %v15 = fsub double %a2, %a2
  %v16 = fmul double %a2, %v15
  %v17 = or i64 %a1, %v14
  %v18 = shl i64 %a1, 33
  %unused19 = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 1745934297, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 2, i64 %a3, i64 %a1)
  %scaled21 = mul i64 0, 1099511628211
  %sum22 = xor i64 %scaled21, %a1
  %w23 = bitcast double %a2 to i64
  %scaled24 = mul i64 %sum22, 1099511628211
  %sum25 = xor i64 %scaled24, %w23
  %scaled27 = mul i64 %sum25, 1099511628211
  %sum28 = xor i64 %scaled27, %a3
  %w29 = zext i32 %a4 to i64
  %scaled30 = mul i64 %sum28, 1099511628211
  %sum31 = xor i64 %scaled30, %w29
  %w32 = ptrtoint i8* %v10 to i64
  %scaled33 = mul i64 %sum31, 1099511628211
  %sum34 = xor i64 %scaled33, %w32
  %w35 = bitcast double %v11 to i64
  %scaled36 = mul i64 %sum34, 1099511628211
  %sum37 = xor i64 %scaled36, %w35
  %w38 = zext i32 %v12 to i64
  %scaled39 = mul i64 %sum37, 1099511628211
  %sum40 = xor i64 %scaled39, %w38
  %scaled42 = mul i64 %sum40, 1099511628211
  %sum43 = xor i64 %scaled42, %v13
  %scaled45 = mul i64 %sum43, 1099511628211
  %sum46 = xor i64 %scaled45, %v14
  %w47 = bitcast double %v15 to i64
  %scaled48 = mul i64 %sum46, 1099511628211
  %sum49 = xor i64 %scaled48, %w47
  %w50 = bitcast double %v16 to i64
  %scaled51 = mul i64 %sum49, 1099511628211
  %sum52 = xor i64 %scaled51, %w50
  %scaled54 = mul i64 %sum52, 1099511628211
  %sum55 = xor i64 %scaled54, %v17
  %scaled57 = mul i64 %sum55, 1099511628211
  %sum58 = xor i64 %scaled57, %v18
  ret i64 %sum58
}

define i64 @fp_case_1(i64 %a1, i64 %a2, double %a3) noredzone nounwind {
entry:
  %v4 = shl i64 %a1, 38
  %v5 = trunc i64 %a1 to i32
  %v6 = mul i64 %v4, %a1
  %v7 = trunc i64 %v4 to i32
  %v8 = xor i32 %v5, %v7
  %v9 = mul i64 %a2, %a1
  %v10 = inttoptr i64 %a2 to i8*
  %v11 = mul i64 %v6, %a1
  %v12 = add i32 %v7, %v5
  %v13 = xor i32 %v5, %v7
  %v14 = sitofp i64 %v4 to double
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 1956686243, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 0, i64 %a2, i32 %v5)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2065483555, i32 8, i32 %v5, i32 %v13, i8* %v10, double %a3, i32 %v8, i8* null)
  %scaled16 = mul i64 0, 1099511628211
  %sum17 = xor i64 %scaled16, %a1
  %scaled19 = mul i64 %sum17, 1099511628211
  %sum20 = xor i64 %scaled19, %a2
  %w21 = bitcast double %a3 to i64
  %scaled22 = mul i64 %sum20, 1099511628211
  %sum23 = xor i64 %scaled22, %w21
  %scaled25 = mul i64 %sum23, 1099511628211
  %sum26 = xor i64 %scaled25, %v4
  %w27 = zext i32 %v5 to i64
  %scaled28 = mul i64 %sum26, 1099511628211
  %sum29 = xor i64 %scaled28, %w27
  %scaled31 = mul i64 %sum29, 1099511628211
  %sum32 = xor i64 %scaled31, %v6
  %w33 = zext i32 %v7 to i64
  %scaled34 = mul i64 %sum32, 1099511628211
  %sum35 = xor i64 %scaled34, %w33
  %w36 = zext i32 %v8 to i64
  %scaled37 = mul i64 %sum35, 1099511628211
  %sum38 = xor i64 %scaled37, %w36
  %scaled40 = mul i64 %sum38, 1099511628211
  %sum41 = xor i64 %scaled40, %v9
  %w42 = ptrtoint i8* %v10 to i64
  %scaled43 = mul i64 %sum41, 1099511628211
  %sum44 = xor i64 %scaled43, %w42
  %scaled46 = mul i64 %sum44, 1099511628211
  %sum47 = xor i64 %scaled46, %v11
  %w48 = zext i32 %v12 to i64
  %scaled49 = mul i64 %sum47, 1099511628211
  %sum50 = xor i64 %scaled49, %w48
  %w51 = zext i32 %v13 to i64
  %scaled52 = mul i64 %sum50, 1099511628211
  %sum53 = xor i64 %scaled52, %w51
  %w54 = bitcast double %v14 to i64
  %scaled55 = mul i64 %sum53, 1099511628211
  %sum56 = xor i64 %scaled55, %w54
  ret i64 %sum56
}

define i64 @fp_case_2(i64 %a1, double %a2) noredzone nounwind "frame-pointer"="all" gc "statepoint-example" {
entry:
  %dynlow3 = and i64 %a1, 63
  %dyncount4 = add i64 %dynlow3, 8
  %dyn5 = alloca i8, i64 %dyncount4, align 16
  store volatile i8 1, i8* %dyn5
  %slot6 = alloca i64
  store volatile i64 -686249094764609699, i64* %slot6
  %slotp7 = bitcast i64* %slot6 to i8*
  %slot8 = alloca i64
  store volatile i64 2091883954005914117, i64* %slot8
  %slotp9 = bitcast i64* %slot8 to i8*
  %v10 = add i64 %a1, %a1
  %v11 = mul i64 %v10, %a1
  %v12 = xor i64 %a1, %v10
  %v13 = inttoptr i64 %v12 to i8*
  %v14 = trunc i64 %v11 to i32
  %gc15 = inttoptr i64 %v10 to i8 addrspace(1)*
  %gcd16 = getelementptr i8, i8 addrspace(1)* %gc15, i64 661
  %gc17 = inttoptr i64 %v11 to i8 addrspace(1)*
  %gcd18 = getelementptr i8, i8 addrspace(1)* %gc17, i64 3979
  %token19 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 1868028519, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(), "gc-live"(i8 addrspace(1)* %gc15, i8 addrspace(1)* %gcd16, i8 addrspace(1)* %gc17, i8 addrspace(1)* %gcd18) ]
  %rel20 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token19, i32 0, i32 0)
  %rel21 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token19, i32 0, i32 1)
  %rel22 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token19, i32 2, i32 2)
  %rel23 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token19, i32 2, i32 3)
  %token24 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 750022147, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 1, i64 %v10), "gc-live"(i8 addrspace(1)* %rel20, i8 addrspace(1)* %rel21, i8 addrspace(1)* %rel22, i8 addrspace(1)* %rel23) ]
  %rel25 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token24, i32 0, i32 0)
  %rel26 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token24, i32 0, i32 1)
  %rel27 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token24, i32 2, i32 2)
  %rel28 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token24, i32 2, i32 3)
  %token29 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 576908662, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(double 0x4090000000000000), "gc-live"(i8 addrspace(1)* %rel25, i8 addrspace(1)* %rel26, i8 addrspace(1)* %rel27, i8 addrspace(1)* %rel28) ]
  %rel30 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token29, i32 0, i32 0)
  %rel31 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token29, i32 0, i32 1)
  %rel32 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token29, i32 2, i32 2)
  %rel33 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token29, i32 2, i32 3)
  %scaled35 = mul i64 0, 1099511628211
  %sum36 = xor i64 %scaled35, %a1
  %w37 = bitcast double %a2 to i64
  %scaled38 = mul i64 %sum36, 1099511628211
  %sum39 = xor i64 %scaled38, %w37
  %scaled43 = mul i64 %sum39, 1099511628211
  %sum44 = xor i64 %scaled43, %v10
  %scaled46 = mul i64 %sum44, 1099511628211
  %sum47 = xor i64 %scaled46, %v11
  %scaled49 = mul i64 %sum47, 1099511628211
  %sum50 = xor i64 %scaled49, %v12
  %w51 = ptrtoint i8* %v13 to i64
  %scaled52 = mul i64 %sum50, 1099511628211
  %sum53 = xor i64 %scaled52, %w51
  %w54 = zext i32 %v14 to i64
  %scaled55 = mul i64 %sum53, 1099511628211
  %sum56 = xor i64 %scaled55, %w54
  %w57 = load volatile i64, i64* %slot6
  %scaled58 = mul i64 %sum56, 1099511628211
  %sum59 = xor i64 %scaled58, %w57
  %w60 = load volatile i64, i64* %slot8
  %scaled61 = mul i64 %sum59, 1099511628211
  %sum62 = xor i64 %scaled61, %w60
  %w63 = ptrtoint i8 addrspace(1)* %rel30 to i64
  %scaled64 = mul i64 %sum62, 1099511628211
  %sum65 = xor i64 %scaled64, %w63
  %w66 = ptrtoint i8 addrspace(1)* %rel31 to i64
  %scaled67 = mul i64 %sum65, 1099511628211
  %sum68 = xor i64 %scaled67, %w66
  %w69 = ptrtoint i8 addrspace(1)* %rel32 to i64
  %scaled70 = mul i64 %sum68, 1099511628211
  %sum71 = xor i64 %scaled70, %w69
  %w72 = ptrtoint i8 addrspace(1)* %rel33 to i64
  %scaled73 = mul i64 %sum71, 1099511628211
  %sum74 = xor i64 %scaled73, %w72
  ret i64 %sum74
}

define void @fp_main() {
  store i64 0, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double, i64, i32)* @fp_case_0 to i8*), i8** @fp_next_case
  %r0 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double, i64, i32)*)(i64 341856398651063210, double 0x41a454eccf400000, i64 209281446833660591, i32 -293343841)
  call void @fp_report_result(i64 %r0)
  store i64 1, i64* @fp_current_case
  store i8* bitcast (i64 (i64, i64, double)* @fp_case_1 to i8*), i8** @fp_next_case
  %r1 = call i64 bitcast (void ()* @fp_enter to i64 (i64, i64, double)*)(i64 755687513555397045, i64 8640945002403746273, double 0xc1a41ec0f8800000)
  call void @fp_report_result(i64 %r1)
  store i64 2, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double)* @fp_case_2 to i8*), i8** @fp_next_case
  %r2 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double)*)(i64 3079584848976068566, double 0x41ae9eecaf400000)
  call void @fp_report_result(i64 %r2)
  ret void
}
