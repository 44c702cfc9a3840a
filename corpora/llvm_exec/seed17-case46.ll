; frameproof llvm-exec program: seed 17, case 46
; fp-exec function 0 result 0xed0bbeb91ae3dbc6 values 0x299c029f18921692 0x5338053e31242d24 0xd663fd60e76de96e 0x7aa407a129b63bb6 0xc3c4ce014f8c490b 0x0 0xbb2b2a2121b76398 0xbb2b2a2121b76398 0x6776583cba0eea40 0xbb2b2a2121b76398 0x18921692 0xc18f2d800801582e 0xe4c72cc03a497a2a 0x299c0 0x18921692 0xe76de96e 0x479b0d5fa89f2e71 0x14ce014f8c490b49 0xc18f2d800803c1ee 0x5338053e31242d24 0x479b0d5fa89f2e71 0x0 0x299c029f18921692 0x462f0656c03c5a16 0x15170368f1187732 0xee91fd51ac9289f6 0x38f200314bff6098 0xc296ebc422f12248 0xb832ec650b4719fe 0x45a1adb229d12a9a 0x866563b3665d6391 0xbbabfad6f0b02f63 0xbbabfad6f0b02f63 0x956a9e3afb608539 0x2e41b41bdad7e6a1 0x718bac54dcdce393 0xcaa08675fd6b800b 0xba44857d9daa92b1 0xdd32dd4127a478f1 0x81e6e6b65c798183 0x3acdcc977dcee21b 0xba94c06ac68a33e1 0xba94c06ade182573 0x22e868976307a269 0xe36745176b06fa47 0x6f74adcadcdb46a5 0x8bb3810ae6923c8f 0xf440d485ca7ce6fd 0xf440d485ca7e7f3d 0x88a85c5714f234a7 0x88a85c570c602235 0x96371cea075a200f 0x96371ceae037c961 0x776f841afecb2fd3 0x30f48945565401a2 0x8386e2d1b0bec646 0x9748e39e3cf7cd0f 0x8a7d4e19911707d 0xc928f9619112b193 0xe35153c982c3bcc9 0xb06956f7b3e791ed 0xaa90b3e6b27cf5b7 0xed0bbeb91ae3dbc6 0x0 0x0 0x3ff8000000000000 0xff 0xc004000000000000 0x7fffffff 0x7fffffffffffffff 0x80000000 0x54cb6e83b85f253b 0x100000001b3
; fp-exec function 1 result 0x1c53afd2f6103d7f values 0xdf7e135e770cc6d9 0xbefc26bcee198db2 0xc3d040f650c4799d 0x770cc6d9 0xc3e040f650c4799d 0xbefc26bcee198db2 0x770cc6d9 0xc3e861717926b66c 0x43e040f650c4799e 0x41ddc331b6400000 0xfccc63f1 0xdf7e135e770cc6d9 0x14d91d49 0x17 0x9e7a3a1b6526548b 0x9e7a3a1b6526548b 0xbefc26bcee198db 0xb513e4d720f81569 0x14d91d49 0xbefc26bcee198db 0xbefc26bdef99ddb 0xaa69fc87441ff266 0x9e7a3a1b6526548b 0x55960378bbe00db1 0xc3d2bb06ca37c1fb 0x8bc0a528 0x41ddc331b6400000 0x0 0xdf7e135e770cc6d9 0xd001c2844ab5e2bb 0x6efde438a4ac6f09 0x45d9d53fd100ac4b 0x860995c981c4d5d6 0x871f5b6781775aa2 0x871f5b67f67b9c7b 0x15e4cca7d40ae501 0xd6048c5184ce9c9c 0x78570a84ab141d14 0xc6ab2c38450d90a6 0xa26cc99d560cca12 0xa26cc99d21000ccb 0xfee760ff1315bcf1 0x3d0f018e6a330a9d 0xf38a41fe74bb08c7 0xb06a0108247f7159 0x439119d6048d9a3b 0x24cdae7b2cd9a3b 0xb63232b4d35d1241 0xb63232b42f9171b0 0x28bdd82cd4242e10 0xf7c3cb72a328e8c9 0x2a9b7ccb3e838d8b 0x2a9b7ccb2a5a90c2 0xc0c5cf38f7e3f9a6 0xc0c5cf38f7e3f9b1 0x7418cecd386147c3 0xea62f4d65d471348 0x8d3950407fc5c358 0x13436a5b1ae397d3 0x9f258bceb0bafb89 0x94ca49a57e5b6352 0x2f1e7635b549c456 0x9a0d92e295b1d13f 0x76e1d6045d268e0d 0x76e1d60449ff9344 0x151ed49bd473c8c 0xabe2f2273a6a457 0xe7ce6e8a84293fd5 0xec21ace15ad0a20e 0xddad0ed50835dca 0xa7b32c6a149cafac 0x92242441063e8144 0xc5e1e5a6318d5cf 0x1cc3629663334ebd 0x495561eed8d3430c 0x6f5874da6efaed64 0xac8acfdca4cd2c9f 0xfd0bd2ec08a2d22d 0xfd0bd2ec83627705 0x5d8e6ce340503d7f 0x1c53afd2f6103d7f 0x0 0x0 0x7 0xffffffffffffffff 0x0 0x100000001b3
; fp-exec function 2 result 0xb3784fb8948e00fc values 0x8f8af5d05a6a046b 0xc1953876ad000000 0x41a638de1d400000 0xd6884d57 0xddbefcc 0xe4643d23 0x5a6a046b 0xc1b06a8cb9e00000 0x1f15eba0b4d408d6 0x5a6a046b 0x9f9ffff0fefe0cff 0x41d69a811ac00000 0x5d3e7b5327f2d52a 0xd408d60000000000 0x73a8d5f0fefe0cff 0x909f1e70eebe0cbd 0xd408d60000000000 0xffffffffd6884d57 0xbe0e3948 0xc93eda54 0xb3d5d684 0x5a6a046b 0x3dad281a79e446ff 0x419739458d800000 0x1f15eba0b4d408d6 0x1f15eba0b4d41039 0x5d3e7b5327f2d52a 0x73a8d5f0fefe0cff 0x73a8d5f0fefe0f2b 0x0 0x8f8af5d05a6a046b 0x53241c09a22581d1 0x92b1247f0f2581d1 0x6882d4e6bcbb9623 0x2924ec38a1fb9623 0xe553873b3e801d79 0xe553873be808502e 0xb53ef8cb46203e2a 0xb53ef8cb4bfbd1e6 0xf5d2a7721ce5a9d2 0xf5d2a772f88194f1 0x3687795c44301583 0x3687795c1e5a11e8 0x2451f87930c6d38 0xc3f5750b2aec6d38 0xe68319f9efbd9628 0xf996f2595b699efe 0x851ccbd65479299a 0x851ccbd60e132df1 0x431c4db9ea971083 0xdc83b24914691c7c 0x1ce46e2dae9b66b4 0x5d32f4acb45b66b4 0xb8fc7576774f83dc 0xe5c20e2550bd56f6 0x2614ff6831bac402 0xf21c296831bac402 0x209e5e0c805b0f66 0x53368bfc7ea50399 0xab3770b32651cfb 0x9a2c697bdcdb1046 0xd4878378483ca6f2 0x8f5578483ca6f2 0x30352d62bf0fad36 0xcfcad29d6987e061 0x9d84427a51e244d3 0x9d84427aefec7d9b 0x943a91e5aed96e61 0x943a91e567e7b435 0xc73a1dcf8eb7360f 0xc73a1dcf3d62e08b 0xeaa132254f038c31 0xeaa132251569885a 0x19708f036252b0ee 0x24dda7191bb6f611 0x5b9900aa17e41ee3 0x1a0e39ef9a641ee3 0xaa4b552358207bb9 0xb55ebe83ecf4736f 0x2471292ba360259d 0x3b64c28b17b435a4 0xa06c3659473725ac 0xfd524d0a60c5f086 0x38c96ea27057b3b2 0x4b61bb528ea9bf4d 0xc0d09a486a700fd7 0xb3784fb8948e00fc 0x80000000 0x100000001b3
; fp-exec function 3 result 0xdc1cd5ace743ff9e values 0xac3e020adbc7612a 0xb6c78ce8 0x48d21dfd89d7912 0xc175b98a4e000000 0x234eb2787175c747 0xffffffffb6c78ce8 0x48d21e021d5ec2a 0xc3d4f07f7d490e28 0x47bb675daddd0bc9 0xb6c78ce8 0xbc7612a000000000 0x0 0xac3e020adbc7612a 0x74bea27373ca1a5e 0x74bea273c50d96b6 0x6d84c0b7d6171742 0x6909e1680e8a6e50 0x63853d0b53971f0 0xc74dea5afb3971f0 0xe2d72898e29c9ad0 0x1d28d767545b1638 0xe77c3c9456c6c128 0xe3f11d7477132d02 0x65e20ee655957a66 0xa636fe9928dc744e 0x4be6ec406e99a08a 0xc5d8b1dc344ab43 0x479ea692cdaf02d9 0x479ea6927b688e31 0x1b233be7b2a99d43 0xa7552947b2a99d43 0xff5267d4963638d9 0xdc1cd5ace743ff9e 0x7fffffff 0x100000000 0x80000000 0x100000001b3
; fp-exec site 375731472 anyreg function 0 : any: f64:0x479b0d5fa89f2e71 i64:0x14ce014f8c490b49 i64:0x5338053e31242d24 i64:0x14ce014f8c490b49
; fp-exec site 652538082 patchpoint function 0 : ptr:0x0 i32:0xe76de96e f64:0x479b0d5fa89f2e71 i64:0x5338053e31242d24 i64:0x0 f64:0x479b0d5fa89f2e71 i64:0xe4c72cc03a497a2a i32:0x18921692 f64:0x3ff8000000000000 i64:0xff i32:0xe76de96e f64:0xc004000000000000 i64:0x7fffffff i64:0x7fffffffffffffff
; fp-exec site 858753493 patchpoint function 0 : i64:0x80000000 f64:0x54cb6e83b85f253b ptr:0xbb2b2a2121b76398 i64:0xe4c72cc03a497a2a
; fp-exec site 636357862 patchpoint function 1 : ptr:0xbefc26bcee198db
; fp-exec site 24859154 stackmap function 1 : ptr:0x0 ptr:0x0 i32:0x770cc6d9 f64:0x43e040f650c4799e i32:0x7 ptr:0xbefc26bcee198db2 i64:0x55960378bbe00db1 ptr:0xbefc26bcee198db i64:0xffffffffffffffff i64:0xdf7e135e770cc6d9 i64:0xbefc26bcee198db ptr:0x0
; fp-exec site 1168224962 anyreg function 2 : any: i64:0x8f8af5d05a6a046b i32:0xbe0e3948 i64:0x1f15eba0b4d408d6 i64:0x80000000 f64:0xc1953876ad000000
; fp-exec site 449295172 statepoint function 2 : i64:0x0 i64:0x0 i64:0x2 i32:0xb3d5d684 i32:0x5a6a046b | 0x1f15eba0b4d408d6:0x1f15eba0b4d408d6 0x1f15eba0b4d408d6:0x1f15eba0b4d41039 0x5d3e7b5327f2d52a:0x5d3e7b5327f2d52a 0x73a8d5f0fefe0cff:0x73a8d5f0fefe0cff 0x73a8d5f0fefe0cff:0x73a8d5f0fefe0f2b
; fp-exec site 1742952422 stackmap function 3 : i64:0x7fffffff i64:0xac3e020adbc7612a i64:0x100000000 i32:0xb6c78ce8 i32:0xb6c78ce8 i64:0x80000000

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
  %pad2 = alloca [160 x i64]
  %padslot3 = getelementptr [160 x i64], [160 x i64]* %pad2, i64 0, i64 159
  store volatile i64 1, i64* %padslot3
  %v4 = add i64 %a1, %a1
  %v5 = sub i64 %a1, %v4
  %v6 = xor i64 %a1, %v4
  %v7 = sitofp i64 %v5 to double
  %v8 = add i64 %a1, %v5
  %v9 = mul i64 %v4, %v6
  %v10 = mul i64 %v4, %v6
  %v11 = mul i64 %v9, %v10
  %v12 = inttoptr i64 %v9 to i8*
  %v13 = trunc i64 %a1 to i32
  %v14 = xor i64 %v6, %v10
  %v15 = add i64 %v9, %a1
  %v16 = lshr i64 %v4, 45
  %v17 = sext i32 %v13 to i64
  %v18 = trunc i64 %v5 to i32
  %v19 = fmul double %v7, %v7
  %v20 = lshr i64 %a1, 1
  %v21 = xor i64 %v14, %v16
  %v22 = add i64 %v4, %v8
  %v23 = fsub double %v19, %v7
  %unused24 = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 375731472, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 0, double %v23, i64 %v20, i64 %v22, i64 %v20)
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 652538082, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 1, i64 %v10, i8* null, i32 %v18, double %v23, i64 %v4, i64 0, double %v19, i64 %v15, i32 %v13, double 0x3ff8000000000000, i64 255, i32 %v18, double 0xc004000000000000, i64 2147483647, i64 9223372036854775807)
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 858753493, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 2, i64 %v10, i64 %a1, i64 2147483648, double 0x54cb6e83b85f253b, i8* %v12, i64 %v15)
  %scaled26 = mul i64 0, 1099511628211
  %sum27 = xor i64 %scaled26, %a1
  %scaled29 = mul i64 %sum27, 1099511628211
  %sum30 = xor i64 %scaled29, %v4
  %scaled32 = mul i64 %sum30, 1099511628211
  %sum33 = xor i64 %scaled32, %v5
  %scaled35 = mul i64 %sum33, 1099511628211
  %sum36 = xor i64 %scaled35, %v6
  %w37 = bitcast double %v7 to i64
  %scaled38 = mul i64 %sum36, 1099511628211
  %sum39 = xor i64 %scaled38, %w37
  %scaled41 = mul i64 %sum39, 1099511628211
  %sum42 = xor i64 %scaled41, %v8
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %v9
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %v10
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %v11
  %w52 = ptrtoint i8* %v12 to i64
  %scaled53 = mul i64 %sum51, 1099511628211
  %sum54 = xor i64 %scaled53, %w52
  %w55 = zext i32 %v13 to i64
  %scaled56 = mul i64 %sum54, 1099511628211
  %sum57 = xor i64 %scaled56, %w55
  %scaled59 = mul i64 %sum57, 1099511628211
  %sum60 = xor i64 %scaled59, %v14
  %scaled62 = mul i64 %sum60, 1099511628211
  %sum63 = xor i64 %scaled62, %v15
  %scaled65 = mul i64 %sum63, 1099511628211
  %sum66 = xor i64 %scaled65, %v16
  %scaled68 = mul i64 %sum66, 1099511628211
  %sum69 = xor i64 %scaled68, %v17
  %w70 = zext i32 %v18 to i64
  %scaled71 = mul i64 %sum69, 1099511628211
  %sum72 = xor i64 %scaled71, %w70
  %w73 = bitcast double %v19 to i64
  %scaled74 = mul i64 %sum72, 1099511628211
  %sum75 = xor i64 %scaled74, %w73
  %scaled77 = mul i64 %sum75, 1099511628211
  %sum78 = xor i64 %scaled77, %v20
  %scaled80 = mul i64 %sum78, 1099511628211
  %sum81 = xor i64 %scaled80, %v21
  %scaled83 = mul i64 %sum81, 1099511628211
  %sum84 = xor i64 %scaled83, %v22
  %w85 = bitcast double %v23 to i64
  %scaled86 = mul i64 %sum84, 1099511628211
  %sum87 = xor i64 %scaled86, %w85
  ret i64 %sum87
}

define i64 @fp_case_1(i64 %a1) noredzone nounwind "frame-pointer"="all" {
entry:
  %v2 = add i64 %a1, %a1
  %v3 = sitofp i64 %v2 to double
  %v4 = trunc i64 %a1 to i32
  %v5 = fadd double %v3, %v3
  %v6 = inttoptr i64 %v2 to i8*
  %v7 = trunc i64 %a1 to i32
  %v8 = fadd double %v5, %v3
  %v9 = fsub double %v3, %v8
  %v10 = sitofp i32 %v4 to double
  %v11 = mul i32 %v7, %v4
  %v12 = inttoptr i64 %a1 to i8*
  %v13 = mul i32 %v4, %v11
  %v14 = lshr i64 %v2, 59
  %v15 = add i64 %a1, %v2
  %v16 = inttoptr i64 %v15 to i8*
  %v17 = lshr i64 %v2, 4
  %v18 = xor i64 %v2, %v17
  %v19 = sext i32 %v13 to i64
  %v20 = inttoptr i64 %v17 to i8*
  %v21 = or i64 %v19, %v17
  %v22 = add i64 %v21, %v15
  %v23 = inttoptr i64 %v15 to i8*
  %v24 = sub i64 %v14, %v22
  %v25 = sitofp i64 %v18 to double
  %v26 = xor i32 %v11, %v4
  %v27 = sitofp i32 %v4 to double
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 636357862, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 1, i32 %v7, i8* %v20)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 24859154, i32 8, i8* null, i8* null, i32 %v4, double %v9, i32 7, i8* %v6, i64 %v24, i8* %v20, i64 -1, i64 %a1, i64 %v17, i8* null)
  %scaled29 = mul i64 0, 1099511628211
  %sum30 = xor i64 %scaled29, %a1
  %scaled32 = mul i64 %sum30, 1099511628211
  %sum33 = xor i64 %scaled32, %v2
  %w34 = bitcast double %v3 to i64
  %scaled35 = mul i64 %sum33, 1099511628211
  %sum36 = xor i64 %scaled35, %w34
  %w37 = zext i32 %v4 to i64
  %scaled38 = mul i64 %sum36, 1099511628211
  %sum39 = xor i64 %scaled38, %w37
  %w40 = bitcast double %v5 to i64
  %scaled41 = mul i64 %sum39, 1099511628211
  %sum42 = xor i64 %scaled41, %w40
  %w43 = ptrtoint i8* %v6 to i64
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %w43
  %w46 = zext i32 %v7 to i64
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %w46
  %w49 = bitcast double %v8 to i64
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %w49
  %w52 = bitcast double %v9 to i64
  %scaled53 = mul i64 %sum51, 1099511628211
  %sum54 = xor i64 %scaled53, %w52
  %w55 = bitcast double %v10 to i64
  %scaled56 = mul i64 %sum54, 1099511628211
  %sum57 = xor i64 %scaled56, %w55
  %w58 = zext i32 %v11 to i64
  %scaled59 = mul i64 %sum57, 1099511628211
  %sum60 = xor i64 %scaled59, %w58
  %w61 = ptrtoint i8* %v12 to i64
  %scaled62 = mul i64 %sum60, 1099511628211
  %sum63 = xor i64 %scaled62, %w61
  %w64 = zext i32 %v13 to i64
  %scaled65 = mul i64 %sum63, 1099511628211
  %sum66 = xor i64 %scaled65, %w64
  %scaled68 = mul i64 %sum66, 1099511628211
  %sum69 = xor i64 %scaled68, %v14
  %scaled71 = mul i64 %sum69, 1099511628211
  %sum72 = xor i64 %scaled71, %v15
  %w73 = ptrtoint i8* %v16 to i64
  %scaled74 = mul i64 %sum72, 1099511628211
  %sum75 = xor i64 %scaled74, %w73
  %scaled77 = mul i64 %sum75, 1099511628211
  %sum78 = xor i64 %scaled77, %v17
  %scaled80 = mul i64 %sum78, 1099511628211
  %sum81 = xor i64 %scaled80, %v18
  %scaled83 = mul i64 %sum81, 1099511628211
  %sum84 = xor i64 %scaled83, %v19
  %w85 = ptrtoint i8* %v20 to i64
  %scaled86 = mul i64 %sum84, 1099511628211
  %sum87 = xor i64 %scaled86, %w85
  %scaled89 = mul i64 %sum87, 1099511628211
  %sum90 = xor i64 %scaled89, %v21
  %scaled92 = mul i64 %sum90, 1099511628211
  %sum93 = xor i64 %scaled92, %v22
  %w94 = ptrtoint i8* %v23 to i64
  %scaled95 = mul i64 %sum93, 1099511628211
  %sum96 = xor i64 %scaled95, %w94
  %scaled98 = mul i64 %sum96, 1099511628211
  %sum99 = xor i64 %scaled98, %v24
  %w100 = bitcast double %v25 to i64
  %scaled101 = mul i64 %sum99, 1099511628211
  %sum102 = xor i64 %scaled101, %w100
  %w103 = zext i32 %v26 to i64
  %scaled104 = mul i64 %sum102, 1099511628211
  %sum105 = xor i64 %scaled104, %w103
  %w106 = bitcast double %v27 to i64
  %scaled107 = mul i64 %sum105, 1099511628211
  %sum108 = xor i64 %scaled107, %w106
  ret i64 %sum108
}

define i64 @fp_case_2(i64 %a1, double %a2, double %a3, i32 %a4, i32 %a5) noredzone nounwind gc "statepoint-example" {
entry:
  %dynlow6 = and i64 %a1, 63
  %dyncount7 = add i64 %dynlow6, 8
  %dyn8 = alloca i8, i64 %dyncount7, align 16
  store volatile i8 1, i8* %dyn8
  %v9 = add i32 %a5, %a4
  %v10 = trunc i64 %a1 to i32
  %v11 = fsub double %a2, %a3
  %v12 = add i64 %a1, %a1
  %v13 = sext i32 %v10 to i64
  %v14 = or i64 %v12, %a1
  %v15 = sitofp i64 %v13 to double
  %v16 = mul i64 %v14, %v12
  %v17 = shl i64 %a1, 41
  %v18 = add i64 %v14, %v17
  %v19 = xor i64 %v12, %a1
  %v20 = inttoptr i64 %v17 to i8*
  %v21 = sext i32 %a4 to i64
  %v22 = xor i32 %v10, %v9
  %v23 = mul i32 %a5, %a4
  %v24 = xor i32 %v22, %a5
  %v25 = sext i32 %v10 to i64
  %v26 = mul i64 %v19, %v25
  %v27 = fadd double %a3, %a2
  %gc28 = inttoptr i64 %v12 to i8 addrspace(1)*
  %gcd29 = getelementptr i8, i8 addrspace(1)* %gc28, i64 1891
  %gc30 = inttoptr i64 %v16 to i8 addrspace(1)*
  %gc31 = inttoptr i64 %v18 to i8 addrspace(1)*
  %gcd32 = getelementptr i8, i8 addrspace(1)* %gc31, i64 556
  %unused33 = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 1168224962, i32 16, i8* inttoptr (i64 16777216 to i8*), i32 2, i64 %a1, i32 %v22, i64 %v12, i64 2147483648, double %a2)
  %token34 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 449295172, i32 0, void ()* elementtype(void ()) @fp_hook_statepoint, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i32 %v24, i32 %v10), "gc-live"(i8 addrspace(1)* %gc28, i8 addrspace(1)* %gcd29, i8 addrspace(1)* %gc30, i8 addrspace(1)* %gc31, i8 addrspace(1)* %gcd32) ]
  %rel35 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token34, i32 0, i32 0)
  %rel36 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token34, i32 0, i32 1)
  %rel37 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token34, i32 2, i32 2)
  %rel38 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token34, i32 3, i32 3)
  %rel39 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %token34, i32 3, i32 4)
  %scaled41 = mul i64 0, 1099511628211
  %sum42 = xor i64 %scaled41, %a1
  %w43 = bitcast double %a2 to i64
  %scaled44 = mul i64 %sum42, 1099511628211
  %sum45 = xor i64 %scaled44, %w43
  %w46 = bitcast double %a3 to i64
  %scaled47 = mul i64 %sum45, 1099511628211
  %sum48 = xor i64 %scaled47, %w46
  %w49 = zext i32 %a4 to i64
  %scaled50 = mul i64 %sum48, 1099511628211
  %sum51 = xor i64 %scaled50, %w49
  %w52 = zext i32 %a5 to i64
  %scaled53 = mul i64 %sum51, 1099511628211
  %sum54 = xor i64 %scaled53, %w52
  %w55 = zext i32 %v9 to i64
  %scaled56 = mul i64 %sum54, 1099511628211
  %sum57 = xor i64 %scaled56, %w55
  %w58 = zext i32 %v10 to i64
  %scaled59 = mul i64 %sum57, 1099511628211
  %sum60 = xor i64 %scaled59, %w58
  %w61 = bitcast double %v11 to i64
  %scaled62 = mul i64 %sum60, 1099511628211
  %sum63 = xor i64 %scaled62, %w61
  %scaled65 = mul i64 %sum63, 1099511628211
  %sum66 = xor i64 %scaled65, %v12
  %scaled68 = mul i64 %sum66, 1099511628211
  %sum69 = xor i64 %scaled68, %v13
  %scaled71 = mul i64 %sum69, 1099511628211
  %sum72 = xor i64 %scaled71, %v14
  %w73 = bitcast double %v15 to i64
  %scaled74 = mul i64 %sum72, 1099511628211
  %sum75 = xor i64 %scaled74, %w73
  %scaled77 = mul i64 %sum75, 1099511628211
  %sum78 = xor i64 %scaled77, %v16
  %scaled80 = mul i64 %sum78, 1099511628211
  %sum81 = xor i64 %scaled80, %v17
  %scaled83 = mul i64 %sum81, 1099511628211
  %sum84 = xor i64 %scaled83, %v18
  %scaled86 = mul i64 %sum84, 1099511628211
  %sum87 = xor i64 %scaled86, %v19
  %w88 = ptrtoint i8* %v20 to i64
  %scaled89 = mul i64 %sum87, 1099511628211
  %sum90 = xor i64 %scaled89, %w88
  %scaled92 = mul i64 %sum90, 1099511628211
  %sum93 = xor i64 %scaled92, %v21
  %w94 = zext i32 %v22 to i64
  %scaled95 = mul i64 %sum93, 1099511628211
  %sum96 = xor i64 %scaled95, %w94
  %w97 = zext i32 %v23 to i64
  %scaled98 = mul i64 %sum96, 1099511628211
  %sum99 = xor i64 %scaled98, %w97
  %w100 = zext i32 %v24 to i64
  %scaled101 = mul i64 %sum99, 1099511628211
  %sum102 = xor i64 %scaled101, %w100
  %scaled104 = mul i64 %sum102, 1099511628211
  %sum105 = xor i64 %scaled104, %v25
  %scaled107 = mul i64 %sum105, 1099511628211
  %sum108 = xor i64 %scaled107, %v26
  %w109 = bitcast double %v27 to i64
  %scaled110 = mul i64 %sum108, 1099511628211
  %sum111 = xor i64 %scaled110, %w109
  %w112 = ptrtoint i8 addrspace(1)* %rel35 to i64
  %scaled113 = mul i64 %sum111, 1099511628211
  %sum114 = xor i64 %scaled113, %w112
  %w115 = ptrtoint i8 addrspace(1)* %rel36 to i64
  %scaled116 = mul i64 %sum114, 1099511628211
  %sum117 = xor i64 %scaled116, %w115
  %w118 = ptrtoint i8 addrspace(1)* %rel37 to i64
  %scaled119 = mul i64 %sum117, 1099511628211
  %sum120 = xor i64 %scaled119, %w118
  %w121 = ptrtoint i8 addrspace(1)* %rel38 to i64
  %scaled122 = mul i64 %sum120, 1099511628211
  %sum123 = xor i64 %scaled122, %w121
  %w124 = ptrtoint i8 addrspace(1)* %rel39 to i64
  %scaled125 = mul i64 %sum123, 1099511628211
  %sum126 = xor i64 %scaled125, %w124
  ret i64 %sum126
}

define i64 @fp_case_3(i64 %a1, i32 %a2, i64 %a3, double %a4) noredzone nounwind {
entry:
  %slot5 = alloca i64
  store volatile i64 2544167069880272711, i64* %slot5
  %slotp6 = bitcast i64* %slot5 to i8*
  %v7 = sext i32 %a2 to i64
  %v8 = sub i64 %a3, %v7
  %v9 = sitofp i64 %a1 to double
  %v10 = fmul double %v9, %v9
  %v11 = trunc i64 %v7 to i32
  %v12 = shl i64 %a1, 36
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1742952422, i32 8, i64 2147483647, i64 %a1, i64 4294967296, i32 %v11, i32 %a2, i64 2147483648)
  %scaled14 = mul i64 0, 1099511628211
  %sum15 = xor i64 %scaled14, %a1
  %w16 = zext i32 %a2 to i64
  %scaled17 = mul i64 %sum15, 1099511628211
  %sum18 = xor i64 %scaled17, %w16
  %scaled20 = mul i64 %sum18, 1099511628211
  %sum21 = xor i64 %scaled20, %a3
  %w22 = bitcast double %a4 to i64
  %scaled23 = mul i64 %sum21, 1099511628211
  %sum24 = xor i64 %scaled23, %w22
  %scaled27 = mul i64 %sum24, 1099511628211
  %sum28 = xor i64 %scaled27, %v7
  %scaled30 = mul i64 %sum28, 1099511628211
  %sum31 = xor i64 %scaled30, %v8
  %w32 = bitcast double %v9 to i64
  %scaled33 = mul i64 %sum31, 1099511628211
  %sum34 = xor i64 %scaled33, %w32
  %w35 = bitcast double %v10 to i64
  %scaled36 = mul i64 %sum34, 1099511628211
  %sum37 = xor i64 %scaled36, %w35
  %w38 = zext i32 %v11 to i64
  %scaled39 = mul i64 %sum37, 1099511628211
  %sum40 = xor i64 %scaled39, %w38
  %scaled42 = mul i64 %sum40, 1099511628211
  %sum43 = xor i64 %scaled42, %v12
  %w44 = load volatile i64, i64* %slot5
  %scaled45 = mul i64 %sum43, 1099511628211
  %sum46 = xor i64 %scaled45, %w44
  ret i64 %sum46
}

define void @fp_main() {
  store i64 0, i64* @fp_current_case
  store i8* bitcast (i64 (i64)* @fp_case_0 to i8*), i8** @fp_next_case
  %r0 = call i64 bitcast (void ()* @fp_enter to i64 (i64)*)(i64 2998274334257190546)
  call void @fp_report_result(i64 %r0)
  store i64 1, i64* @fp_current_case
  store i8* bitcast (i64 (i64)* @fp_case_1 to i8*), i8** @fp_next_case
  %r1 = call i64 bitcast (void ()* @fp_enter to i64 (i64)*)(i64 -2342413459740899623)
  call void @fp_report_result(i64 %r1)
  store i64 2, i64* @fp_current_case
  store i8* bitcast (i64 (i64, double, double, i32, i32)* @fp_case_2 to i8*), i8** @fp_next_case
  %r2 = call i64 bitcast (void ()* @fp_enter to i64 (i64, double, double, i32, i32)*)(i64 -8103394304280886165, double 0xc1953876ad000000, double 0x41a638de1d400000, i32 -695710377, i32 232517580)
  call void @fp_report_result(i64 %r2)
  store i64 3, i64* @fp_current_case
  store i8* bitcast (i64 (i64, i32, i64, double)* @fp_case_3 to i8*), i8** @fp_next_case
  %r3 = call i64 bitcast (void ()* @fp_enter to i64 (i64, i32, i64, double)*)(i64 -6035384204969680598, i32 -1228436248, i64 327955593163536658, double 0xc175b98a4e000000)
  call void @fp_report_result(i64 %r3)
  ret void
}
