; llc 13-16 leave the callee-saved registers a function never touches (pristine registers) out
; of a patchpoint's live-outs, though they hold the caller's values, which code patched into the
; patchpoint must preserve. Both calling conventions show it. Public report: fixed in LLVM 19 by
; https://github.com/llvm/llvm-project/pull/90529 ("[llvm][stackmaps] Include pristine
; registers for liveness computation").
declare void @llvm.experimental.patchpoint.void(i64, i32, i8*, i32, ...)
declare i64 @llvm.experimental.patchpoint.i64(i64, i32, i8*, i32, ...)

define i64 @h(i64 %a, i64 %b, i32 %c) {
entry:
  %x = mul i64 %a, %b
  %y = xor i64 %x, 12345
  %r = call anyregcc i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 9, i32 16, i8* null, i32 2, i64 %a, i64 %y, i32 %c, i64 %b)
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 10, i32 20, i8* inttoptr (i64 -559038737 to i8*), i32 1, i64 %x, i32 %c, i64 %a)
  ret i64 %y
}
