; A gc.statepoint with deopt values of two widths and a base and derived GC pointer, both
; relocated; the callee is a declared function (a stub the driver defines), its result used.
declare token @llvm.experimental.gc.statepoint.p0f_i64i64f(i64, i32, i64 (i64)*, i32, i32, ...)
declare i64 @llvm.experimental.gc.result.i64(token)
declare i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token, i32, i32)
declare i64 @callee(i64)

define i64 @f(i64 %a, i8 addrspace(1)* %obj, i32 %k) gc "statepoint-example" {
entry:
  %d = getelementptr i8, i8 addrspace(1)* %obj, i64 16
  %x = mul i64 %a, 3
  %tok = call token (i64, i32, i64 (i64)*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_i64i64f(i64 42, i32 0, i64 (i64)* elementtype(i64 (i64)) @callee, i32 1, i32 0, i64 %x, i32 0, i32 0) [ "deopt"(i64 %a, i32 %k, i64 %x), "gc-live"(i8 addrspace(1)* %obj, i8 addrspace(1)* %d) ]
  %r = call i64 @llvm.experimental.gc.result.i64(token %tok)
  %o2 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 0)
  %d2 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 1)
  %l = load i8, i8 addrspace(1)* %d2
  %l64 = zext i8 %l to i64
  %s = add i64 %r, %l64
  ret i64 %s
}
