; llc 13-16 record a {i64, i64, i64} stackmap operand as one 8-byte register: the other sixteen
; bytes of the value have no location. Public report: https://github.com/llvm/llvm-project/issues/55649
%s = type {i64, i64, i64}

define void @main() {
  %s1 = insertvalue %s undef, i64 55, 0
  %s2 = insertvalue %s %s1, i64 66, 1
  %s3 = insertvalue %s %s2, i64 77, 2
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 99, i32 0, %s %s3)
  ret void
}
declare void @llvm.experimental.stackmap(i64, i32, ...)
