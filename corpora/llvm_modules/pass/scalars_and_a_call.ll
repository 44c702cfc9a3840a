; A stackmap after an ordinary call: integers of two widths, a double, a pointer argument, the
; callee's result and a constant wider than 32 bits. Judged with no expectations: llvm-exec
; derives every value from a reference build.
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare i64 @ext(i64)

define i64 @f(i64 %a, i32 %b, double %d, i8* %p) {
entry:
  %x = add i64 %a, 7
  %y = mul i32 %b, 3
  %z = fadd double %d, 1.0
  %c = call i64 @ext(i64 %x)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %x, i32 %y, double %z, i8* %p, i64 %c, i64 12345678901234)
  %r = add i64 %c, %x
  ret i64 %r
}
