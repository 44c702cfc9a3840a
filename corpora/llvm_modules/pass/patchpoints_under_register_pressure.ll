; Patchpoints of both calling conventions under register pressure: sixteen values live across
; them use every callee-saved register, so the live-outs have nothing pristine to leave out.
declare void @llvm.experimental.patchpoint.void(i64, i32, i8*, i32, ...)
declare i64 @llvm.experimental.patchpoint.i64(i64, i32, i8*, i32, ...)
define i64 @busy(i64 %a, i64 %b) {
entry:
  %v0 = mul i64 %a, 3
  %w0 = xor i64 %v0, %b
  %v1 = mul i64 %a, 10
  %w1 = xor i64 %v1, %b
  %v2 = mul i64 %a, 17
  %w2 = xor i64 %v2, %b
  %v3 = mul i64 %a, 24
  %w3 = xor i64 %v3, %b
  %v4 = mul i64 %a, 31
  %w4 = xor i64 %v4, %b
  %v5 = mul i64 %a, 38
  %w5 = xor i64 %v5, %b
  %v6 = mul i64 %a, 45
  %w6 = xor i64 %v6, %b
  %v7 = mul i64 %a, 52
  %w7 = xor i64 %v7, %b
  %v8 = mul i64 %a, 59
  %w8 = xor i64 %v8, %b
  %v9 = mul i64 %a, 66
  %w9 = xor i64 %v9, %b
  %v10 = mul i64 %a, 73
  %w10 = xor i64 %v10, %b
  %v11 = mul i64 %a, 80
  %w11 = xor i64 %v11, %b
  %v12 = mul i64 %a, 87
  %w12 = xor i64 %v12, %b
  %v13 = mul i64 %a, 94
  %w13 = xor i64 %v13, %b
  %v14 = mul i64 %a, 101
  %w14 = xor i64 %v14, %b
  %v15 = mul i64 %a, 108
  %w15 = xor i64 %v15, %b
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 11, i32 16, i8* null, i32 0, i64 %w0, i64 %w1, i64 %w2, i64 %w3)
  %r = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 12, i32 16, i8* null, i32 1, i64 %w5, i64 %w6)
  %s1 = add i64 %w0, %w1
  %s2 = add i64 %s1, %w2
  %s3 = add i64 %s2, %w3
  %s4 = add i64 %s3, %w4
  %s5 = add i64 %s4, %w5
  %s6 = add i64 %s5, %w6
  %s7 = add i64 %s6, %w7
  %s8 = add i64 %s7, %w8
  %s9 = add i64 %s8, %w9
  %s10 = add i64 %s9, %w10
  %s11 = add i64 %s10, %w11
  %s12 = add i64 %s11, %w12
  %s13 = add i64 %s12, %w13
  %s14 = add i64 %s13, %w14
  %s15 = add i64 %s14, %w15
  ret i64 %s15
}
