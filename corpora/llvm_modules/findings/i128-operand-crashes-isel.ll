; llc 13-16 crash in instruction selection on an i128 stackmap operand (valid IR: llvm-as takes it).
declare void @llvm.experimental.stackmap(i64, i32, ...)

define i64 @g(i64 %a, i64 %b) {
entry:
  %w = zext i64 %a to i128
  %s = shl i128 %w, 64
  %x = or i128 %s, 99
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 5, i32 0, i128 %x, i1 true, i8 -3, float 2.5)
  ret i64 %b
}
