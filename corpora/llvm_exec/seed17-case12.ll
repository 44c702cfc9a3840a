; frameproof llvm-exec program: seed 17, case 12
; fp-exec function 0 result 0x80a84a0b44dc1ceb values 0x8f89aacedd28fa9c 0x41aae54e1f400000 0x1f13559dba51f538 0x41bae54e1f400000 0xdd28fa9c 0xffffffffdd28fa9c 0x7076553122d70564 0xdd28fa9c 0xae9d006c977aefd4 0x7076553100000000 0xaf37f1d361eaf0f0 0xb024a44edbbb05c8 0x7076553122d70564 0x9e150f10 0x1f13559dba51f538 0x1f13559dba51fed3 0x8f89aacedd28fa9c 0x8f89aacedd290a60 0x0 0x8f89aacedd28fa9c 0xfe7d981cca1d714 0x4e4d3ccfd3e1d714 0xef15692508c076fc 0xf0063cb8b29183c4 0x6c1cf1d76d42e60c 0x2da614997202e60c 0x941b0cbcbaece664 0x941b0cbc67c41cf8 0x6e139c24523d3968 0x91ec63db8f15c3f4 0xa71a21421fbf79c 0x7a07f725032cf2f8 0x887bebe46560db68 0x887bebe4b84821f4 0x32b3c9a52291b19c 0x9c2ec9c9b5eb5e48 0x4edf29c01ef13458 0x3ea97cf11ef13458 0x6b33a5b793dbf188 0xc4045464f2310178 0x445cdf8789457ee8 0xf4787bc952fe7b20 0x67357718066b3760 0x1743222924bc3204 0x43450fe96bc8fccc 0x43450fe9f5ddf3dc 0x2c4de68cc8255ed4 0x335eb3117274abec 0xbe9632a57c402204 0xa1856738c611dcd7 0x878b3c78905a4155 0x80296b64d72bbc9 0xf21e0c599f5168b 0x80a84a0b44dc1ceb 0x0 0xffffffff 0x0 0x100000001b3
; fp-exec function 1 result 0x95d6b5071d05624 values 0x3fabc9ee6df5a5c1 0x6df5a5c1 0x7f5793dcdbeb4b82 0x7f5793dcdbeb4b82 0xfeaf27b9b7 0x43cfd5e4f736fad3 0x0 0x0 0x0 0x3fabc9ee6df5a5c1 0x268de124d868a6f3 0x268de124b59d0332 0x2018c36099cc6df6 0x5f4f50bc42272674 0x1aeca3e46886571c 0x65bb3038b36d1c9e 0x4a2f8e58e267a07a 0x4a2f8ea64d4019cd 0x4ee9319543ebd757 0xd26e471b4dd2d84 0x3643b13653d4574c 0x3643b13653d4574c 0x95d6b5071d05624 0x95d6b5071d05624 0x123456789abcdef0 0x123456789abcdef0 0x100000000 0x0 0x0 0x100000001b3
; fp-exec function 2 result 0x3097f419c6a2bb76 values 0x4a4ad2dae2dc3514 0xda98b7e11bab53e9 0xc8b6ffa832c4102d 0xe2dc3514 0x9495a5b5c5b86a28 0x9495a5b5c5b86a28 0x43d292b4b6b8b70d 0xc5b86a28 0x0 0x9495a5b5c5b86a28 0x9495a5b5c5b86a28 0x9495a5b5c5b86a28 0x2ac29320 0x1292b4b6b 0x9495a5b5c5b86a28 0x9495a5b5c5b86a28 0x9495a5b5c5b86c88 0x0 0x4a4ad2dae2dc3514 0x19595def7c2e30fc 0x19595def9ef205e8 0x4e0862b15400938 0x9075239ed0f86310 0x6f6e96dd16105430 0xfbfb3368d3a83e18 0xd416731fa6e182c8 0x97c4e1ab105935c5 0x3cc13aacc7965dbf 0x3cc13aac022e3797 0x6a8e4947b4887595 0x6a8e4947b4887595 0x983c19d7c3dfcc2f 0xca9bc620667a607 0xec112190e21f1de5 0x7884842527a777cd 0x70a4582261909157 0xe431fd97a428fb7f 0xe9ed67abf1a358cd 0xe9ed67abdb61cbed 0xe0331605c72d83b7 0xe0331604ee06c8dc 0xfd97466075874dd4 0x270ff1816e2c1e3d 0x8c359bee34f761a7 0x448364460633718a 0x9eb4ecfc8969ed7e 0xa2149494cd18756 0x816dd8d8808f722 0x9c8378384db09d0a 0xa40251ac031ad7fe 0x3097f419c6a2bb76 0xffffffffffffffff 0x100000001b3
; fp-exec site 1927063965 statepoint function 0 : i64:0x0 i64:0x0 i64:0x5 ptr:0x0 i64:0x8f89aacedd28fa9c i32:0xdd28fa9c i32:0xffffffff ptr:0x0 | 0x1f13559dba51f538:0x1f13559dba51f538 0x1f13559dba51f538:0x1f13559dba51fed3 0x8f89aacedd28fa9c:0x8f89aacedd28fa9c 0x8f89aacedd28fa9c:0x8f89aacedd290a60
; fp-exec site 832637805 anyreg function 0 : any: i32:0x9e150f10 i64:0x1f13559dba51f538 i32:0x9e150f10 i64:0x8f89aacedd28fa9c
; fp-exec site 346247522 patchpoint function 1 : i64:0x123456789abcdef0 f64:0x0 i32:0x6df5a5c1 i64:0x123456789abcdef0 i64:0x3fabc9ee6df5a5c1 i64:0xfeaf27b9b7 i64:0x100000000 ptr:0x0 f64:0x43cfd5e4f736fad3 f64:0x0 f64:0x43cfd5e4f736fad3 ptr:0x0
; fp-exec site 1515942197 statepoint function 2 : i64:0x0 i64:0x0 i64:0x1 i64:0x4a4ad2dae2dc3514 | 0x9495a5b5c5b86a28:0x9495a5b5c5b86a28 0x9495a5b5c5b86a28:0x9495a5b5c5b86a28 0x9495a5b5c5b86a28:0x9495a5b5c5b86c88
; fp-exec site 645760808 statepoint function 2 : i64:0x0 i64:0x0 i64:0x3 i64:0xffffffffffffffff alloca:0xc8b6ffa832c4102d i64:0x4a4ad2dae2dc3514 | 0x9495a5b5c5b86a28:0x9495a5b5c5b86a28 0x9495a5b5c5b86a28:0x9495a5b5c5b86a28 0x9495a5b5c5b86a28:0x9495a5b5c5b86c88

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

define i64 @fp_case_0(i64 %a1, double %a2) noredzone nounwind gc "statepoint-example" {
entry:
  %dynlow3 = and i64 %a1, 63
  %dyncount4 = add i64 %dynlow3, 8
  %dyn5 = alloca i8, i64 %dyncount4, align 16
  store volatile i8 1, i8* %dyn5
  %v6 = add i64 %a1, %a1
  %v7 = fadd double %a2, %a2
  %v8 = trunc i64 %a1 to i32
  %v9 = sext i32 %v8 to i64
  %v10 = sub i64 %a1, %v6
  %v11 = trunc i64 %a1 to i32
  %v12 = sub i64 %v6, %v10
  %v13 = xor i64 %v9, %a1
  %v14 = mul i64 %v9, %v10
  %v15 = xor i64 %v6, %v14
  %v16 = inttoptr i64 %v10 to i8*
  %v17 = mul i32 %v8, %v11
  %gc18 = inttoptr i64 %v6 to i8 addrspace(1)*
  %gcd19 = getelementptr i8, i8 addrspace(1)* %gc18, i64 2459
  %gc20 = inttoptr i64 %a1 to i8 addrspace(1)*
  %gcd21 = getelementptr i8, i8 addrspace(1)* %gc20, i64 4036
  %token22 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 1927063965, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i8* null, i64 %a1, i32 %v8, i32 -1, i8* null), "gc-live"(i8 addrspace(1)* %gc18, i8 addrspace(1)* %gcd19, i8 addrspace(1)* %gc20, i8 addrspace(1)* %gcd21) ]
  %rel23 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token22, i32 0, i32 0)
  %rel24 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token22, i32 0, i32 1)
  %rel25 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token22, i32 2, i32 2)
  %rel26 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token22, i32 2, i32 3)
  %unused27 = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 832637805, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 2, i32 %v17, i64 %v6, i32 %v17, i64 %a1)
  %scaled29 = mul i64 0, 1099511628211
  %sum30 = xor i64 %scaled29, %a1
  %w31 = bitcast double %a2 to i64
  %scaled32 = mul i64 %sum30, 1099511628211
  %sum33 = xor i64 %scaled32, %w31
  %scaled35 = mul i64 %sum33, 1099511628211
  %sum36 = xor i64 %scaled35, %v6
  %w37 = bitcast double %v7 to i64
  %scaled38 = mul i64 %sum36, 1099511628211
  %sum39 = xor i64 %scaled38, %w37
  %w40 = zext i32 %v8 to i64
  %scaled41 = mul i64 %sum39, 1099511628211
  %sum42 = xor i64 %scaled41, %w40
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %v9
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %v10
  %w49 = zext i32 %v11 to i64
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %w49
  %scaled53 = mul i64 %sum51, 1099511628211
  %sum54 = xor i64 %scaled53, %v12
  %scaled56 = mul i64 %sum54, 1099511628211
  %sum57 = xor i64 %scaled56, %v13
  %scaled59 = mul i64 %sum57, 1099511628211
  %sum60 = xor i64 %scaled59, %v14
  %scaled62 = mul i64 %sum60, 1099511628211
  %sum63 = xor i64 %scaled62, %v15
  %w64 = ptrtoint i8* %v16 to i64
  %scaled65 = mul i64 %sum63, 1099511628211
  %sum66 = xor i64 %scaled65, %w64
  %w67 = zext i32 %v17 to i64
  %scaled68 = mul i64 %sum66, 1099511628211
  %sum69 = xor i64 %scaled68, %w67
  %w70 = ptrtoint i8 addrspace(1)* %rel23 to i64
  %scaled71 = mul i64 %sum69, 1099511628211
  %sum72 = xor i64 %scaled71, %w70
  %w73 = ptrtoint i8 addrspace(1)* %rel24 to i64
  %scaled74 = mul i64 %sum72, 1099511628211
  %sum75 = xor i64 %scaled74, %w73
  %w76 = ptrtoint i8 addrspace(1)* %rel25 to i64
  %scaled77 = mul i64 %sum75, 1099511628211
  %sum78 = xor i64 %scaled77, %w76
  %w79 = ptrtoint i8 addrspace(1)* %rel26 to i64
  %scaled80 = mul i64 %sum78, 1099511628211
  %sum81 = xor i64 %scaled80, %w79
  ret i64 %sum81
}

define i64 @fp_case_1(i64 %a1) noredzone nounwind "frame-pointer"="all" {
entry:
  %pad2 = alloca [160 x i64]
  %padslot3 = getelementptr [160 x i64], [160 x i64]* %pad2, i64 0, i64 159
  store volatile i64 1, i64* %padslot3
  %dynlow4 = and i64 %a1, 63
  %dyncount5 = add i64 %dynlow4, 8
  %dyn6 = alloca i8, i64 %dyncount5, align 16
  store volatile i8 1, i8* %dyn6
  %v7 = trunc i64 %a1 to i32
  %v8 = add i64 %a1, %a1
  %v9 = add i64 %a1, %a1
  %v10 = lshr i64 %a1, 22
  %v11 = sitofp i64 %a1 to double
  %v12 = fsub double %v11, %v11
  %v13 = fsub double %v11, %v11
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 346247522, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 0, i64 1311768467463790320, double %v12, i32 %v7, i64 1311768467463790320, i64 %a1, i64 %v10, i64 4294967296, i8* null, double %v11, double %v12, double %v11, i8* null)
  %scaled15 = mul i64 0, 1099511628211
  %sum16 = xor i64 %scaled15, %a1
  %w17 = zext i32 %v7 to i64
  %scaled18 = mul i64 %sum16, 1099511628211
  %sum19 = xor i64 %scaled18, %w17
  %scaled21 = mul i64 %sum19, 1099511628211
  %sum22 = xor i64 %scaled21, %v8
  %scaled24 = mul i64 %sum22, 1099511628211
  %sum25 = xor i64 %scaled24, %v9
  %scaled27 = mul i64 %sum25, 1099511628211
  %sum28 = xor i64 %scaled27, %v10
  %w29 = bitcast double %v11 to i64
  %scaled30 = mul i64 %sum28, 1099511628211
  %sum31 = xor i64 %scaled30, %w29
  %w32 = bitcast double %v12 to i64
  %scaled33 = mul i64 %sum31, 1099511628211
  %sum34 = xor i64 %scaled33, %w32
  %w35 = bitcast double %v13 to i64
  %scaled36 = mul i64 %sum34, 1099511628211
  %sum37 = xor i64 %scaled36, %w35
  ret i64 %sum37
}

define i64 @fp_case_2(i64 %a1) noredzone nounwind gc "statepoint-example" {
entry:
  %dynlow2 = and i64 %a1, 63
  %dyncount3 = add i64 %dynlow2, 8
  %dyn4 = alloca i8, i64 %dyncount3, align 16
  store volatile i8 1, i8* %dyn4
  %slot5 = alloca i64
  store volatile i64 -2695202199521504279, i64* %slot5
  %slotp6 = bitcast i64* %slot5 to i8*
  %slot7 = alloca i64
  store volatile i64 -3983715722491326419, i64* %slot7
  %slotp8 = bitcast i64* %slot7 to i8*
  %v9 = trunc i64 %a1 to i32
  %v10 = add i64 %a1, %a1
  %v11 = add i64 %a1, %a1
  %v12 = sitofp i64 %a1 to double
  %v13 = trunc i64 %v10 to i32
  %v14 = xor i64 %v11, %v10
  %v15 = inttoptr i64 %v10 to i8*
  %v16 = inttoptr i64 %v11 to i8*
  %v17 = or i64 %v11, %v14
  %v18 = mul i32 %v13, %v9
  %v19 = lshr i64 %v17, 31
  %gc20 = inttoptr i64 %v17 to i8 addrspace(1)*
  %gc21 = inttoptr i64 %v11 to i8 addrspace(1)*
  %gcd22 = getelementptr i8, i8 addrspace(1)* %gc21, i64 608
  %token23 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 1515942197, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 %a1), "gc-live"(i8 addrspace(1)* %gc20, i8 addrspace(1)* %gc21, i8 addrspace(1)* %gcd22) ]
  %rel24 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token23, i32 0, i32 0)
  %rel25 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token23, i32 1, i32 1)
  %rel26 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token23, i32 1, i32 2)
  %token27 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 645760808, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 -1, i8* %slotp8, i64 %a1), "gc-live"(i8 addrspace(1)* %rel24, i8 addrspace(1)* %rel25, i8 addrspace(1)* %rel26) ]
  %rel28 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token27, i32 0, i32 0)
  %rel29 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token27, i32 1, i32 1)
  %rel30 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token27, i32 1, i32 2)
  %scaled32 = mul i64 0, 1099511628211
  %sum33 = xor i64 %scaled32, %a1
  %w36 = zext i32 %v9 to i64
  %scaled37 = mul i64 %sum33, 1099511628211
  %sum38 = xor i64 %scaled37, %w36
  %scaled40 = mul i64 %sum38, 1099511628211
  %sum41 = xor i64 %scaled40, %v10
  %scaled43 = mul i64 %sum41, 1099511628211
  %sum44 = xor i64 %scaled43, %v11
  %w45 = bitcast double %v12 to i64
  %scaled46 = mul i64 %sum44, 1099511628211
  %sum47 = xor i64 %scaled46, %w45
  %w48 = zext i32 %v13 to i64
  %scaled49 = mul i64 %sum47, 1099511628211
  %sum50 = xor i64 %scaled49, %w48
  %scaled52 = mul i64 %sum50, 1099511628211
  %sum53 = xor i64 %scaled52, %v14
  %w54 = ptrtoint i8* %v15 to i64
  %scaled55 = mul i64 %sum53, 1099511628211
  %sum56 = xor i64 %scaled55, %w54
  %w57 = ptrtoint i8* %v16 to i64
  %scaled58 = mul i64 %sum56, 1099511628211
  %sum59 = xor i64 %scaled58, %w57
  %scaled61 = mul i64 %sum59, 1099511628211
  %sum62 = xor i64 %scaled61, %v17
  %w63 = zext i32 %v18 to i64
  %scaled64 = mul i64 %sum62, 1099511628211
  %sum65 = xor i64 %scaled64, %w63
  %scaled67 = mul i64 %sum65, 1099511628211
  %sum68 = xor i64 %scaled67, %v19
  %w69 = load volatile i64, i64* %slot5
  %scaled70 = mul i64 %sum68, 1099511628211
  %sum71 = xor i64 %scaled70, %w69
  %w72 = load volatile i64, i64* %slot7
  %scaled73 = mul i64 %sum71, 1099511628211
  %sum74 = xor i64 %scaled73, %w72
  %w75 = ptrtoint i8 addrspace(1)* %rel28 to i64
  %scaled76 = mul i64 %sum74, 1099511628211
  %sum77 = xor i64 %scaled76, %w75
  %w78 = ptrtoint i8 addrspace(1)* %rel29 to i64
  %scaled79 = mul i64 %sum77, 1099511628211
  %sum80 = xor i64 %scaled79, %w78
  %w81 = ptrtoint i8 addrspace(1)* %rel30 to i64
  %scaled82 = mul i64 %sum80, 1099511628211
  %sum83 = xor i64 %scaled82, %w81
  ret i64 %sum83
}

define void @fp_main() {
  store i64 0, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double)* @fp_case_0 to i8*), i8** @fp_next_case
  %r0 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double)*)(i64 -8103758249026061668, double 0x41aae54e1f400000)
  call void @fp_report_result(i64 %r0)
  store i64 1, i64* @fp_current_case
  store i8* bitcast (i64 (i64)* @fp_case_1 to i8*), i8** @fp_next_case
  %r1 = call i64 bitcast (void ()* @fp_enter to i64 (i64)*)(i64 4587982671291196865)
  call void @fp_report_result(i64 %r1)
  store i64 2, i64* @fp_current_case
  store i8* bitcast (i64 (i64)* @fp_case_2 to i8*), i8** @fp_next_case
  %r2 = call i64 bitcast (void ()* @fp_enter to i64 (i64)*)(i64 5353322944634041620)
  call void @fp_report_result(i64 %r2)
  ret void
}
