; Pointers, which two builds place apart: into a global (compared as @G + offset), into a driver
; buffer, and into the function's own frame (a Direct location, or a spilled alloca address).
@G = global [4 x i64] [i64 1, i64 2, i64 3, i64 4]
declare void @llvm.experimental.stackmap(i64, i32, ...)

define i64 @k(i64* %p, i64 %n) {
entry:
  %slot = alloca i64
  store i64 %n, i64* %slot
  %q = getelementptr i64, i64* %p, i64 1
  %g = getelementptr [4 x i64], [4 x i64]* @G, i64 0, i64 2
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3, i32 0, i64* %q, i64* %g, i64* %slot, i64 %n)
  %v = load i64, i64* %slot
  ret i64 %v
}
