; llc 13 and 14 crash in llvm::PMDataManager::~PMDataManager, after code generation, whenever
; -regalloc=fast is asked for at -O1, -O2 or -O3, whatever the module: this one has nothing but
; a stackmap. The object file is not kept. llc 15 and 16 compile it. Found by `scripts/llvm-matrix`
; on every module of those cells (864 findings in the one-hour run). No public report found.
; ctest llvm-module.release.fast-register-allocator-above-O0-crashes-on-exit.*: a compiler
; finding with llc-13 and llc-14 -O1 -regalloc=fast, a pass with llc-15 at the same flags.
declare void @llvm.experimental.stackmap(i64, i32, ...)

define i64 @f(i64 %a) {
  %b = add i64 %a, 1
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %b)
  ret i64 %b
}
