// The llvm-exec runtime for arm64: the process entry, fp_enter (which records the stack pointer a
// generated function starts with), the hooks stack map points reach, and one trampoline per
// patchable stackmap. Each hook saves x0-x30, sp, v0-v31 and NZCV into a hook record on its own
// stack, hands it to fp_on_hook (harness.c), and restores everything, so the compiled code resumes
// as if the hook were not there: anyregcc patchpoints and patched stackmaps rely on that.
//
// A stackmap's shadow word becomes "b trampoline_k". A bl there would clobber x30, which a leaf
// function may still need, so the trampoline saves x16 and x30 below the stack pointer (AArch64
// Linux has no red zone), calls the hook, restores them and branches back to the restored site.

#include "hook_record.h"

.set TRAMPOLINE_SAVE, 16          // x16 and x30, stored by a trampoline under the site's sp

  .text
  .globl _start
_start:
  mov x29, #0
  mov x30, #0
  mov x0, sp
  and x0, x0, #-16
  mov sp, x0
  bl fp_harness_main
  brk #0

  // Branches to fp_next_case with the caller's arguments untouched; x16 and x17 are free at a call.
  .globl fp_enter
fp_enter:
  adrp x16, fp_case_entry_sp
  mov x17, sp
  str x17, [x16, :lo12:fp_case_entry_sp]
  adrp x16, fp_next_case
  ldr x16, [x16, :lo12:fp_next_case]
  br x16

  // fp_enter, with FP_CALLEE_SAVED_CANARY + n in each callee-saved register xn. Its caller (a
  // module driver's case function) declares them clobbered, so it keeps nothing in them.
  .globl fp_enter_with_canaries
fp_enter_with_canaries:
  .irp n, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28
  ldr x\n, =(FP_CALLEE_SAVED_CANARY + \n)
  .endr
  b fp_enter
  .ltorg

  // Makes a patched instruction word visible to instruction fetch.
  .globl fp_flush_icache
fp_flush_icache:
  dc cvau, x0
  dsb ish
  ic ivau, x0
  dsb ish
  isb
  ret

// Each entry leaves the caller's sp in x0 for fp_hook_common; sub and add leave NZCV alone.
.macro FP_HOOK name, kind, site_sp_offset
  .globl \name
\name:
  sub sp, sp, #FRAME
  stp x0, x1, [sp, #GP]
  mov x0, #\kind
  str x0, [sp, #KIND]
  add x0, sp, #(FRAME + \site_sp_offset)
  b fp_hook_common
.endm

  .section .fp_hooks, "ax", @progbits
  FP_HOOK fp_hook_patchpoint, FP_HOOK_KIND_PATCHPOINT, 0   // first: at FP_HOOK_PATCHPOINT_ADDRESS
  FP_HOOK fp_hook_stackmap, FP_HOOK_KIND_STACKMAP, TRAMPOLINE_SAVE
  FP_HOOK fp_hook_statepoint, FP_HOOK_KIND_STATEPOINT, 0


fp_hook_common:
  str x0, [sp, #SITE_SP]
  str x0, [sp, #GP + 31 * WORD]
  mrs x1, nzcv
  str x1, [sp, #FLAGS]
  stp x2, x3, [sp, #GP + 2 * WORD]
  stp x4, x5, [sp, #GP + 4 * WORD]
  stp x6, x7, [sp, #GP + 6 * WORD]
  stp x8, x9, [sp, #GP + 8 * WORD]
  stp x10, x11, [sp, #GP + 10 * WORD]
  stp x12, x13, [sp, #GP + 12 * WORD]
  stp x14, x15, [sp, #GP + 14 * WORD]
  stp x16, x17, [sp, #GP + 16 * WORD]
  stp x18, x19, [sp, #GP + 18 * WORD]
  stp x20, x21, [sp, #GP + 20 * WORD]
  stp x22, x23, [sp, #GP + 22 * WORD]
  stp x24, x25, [sp, #GP + 24 * WORD]
  stp x26, x27, [sp, #GP + 26 * WORD]
  stp x28, x29, [sp, #GP + 28 * WORD]
  str x30, [sp, #GP + 30 * WORD]
  str x30, [sp, #RETURN_PC]
  add x9, sp, #VEC
  stp q0, q1, [x9, #0]
  stp q2, q3, [x9, #32]
  stp q4, q5, [x9, #64]
  stp q6, q7, [x9, #96]
  stp q8, q9, [x9, #128]
  stp q10, q11, [x9, #160]
  stp q12, q13, [x9, #192]
  stp q14, q15, [x9, #224]
  stp q16, q17, [x9, #256]
  stp q18, q19, [x9, #288]
  stp q20, q21, [x9, #320]
  stp q22, q23, [x9, #352]
  stp q24, q25, [x9, #384]
  stp q26, q27, [x9, #416]
  stp q28, q29, [x9, #448]
  stp q30, q31, [x9, #480]
  ldr x1, [sp, #KIND]
  cmp x1, #FP_HOOK_KIND_STACKMAP
  b.ne 1f
  ldp x2, x3, [x0, #-TRAMPOLINE_SAVE]   // the site's own x16 and x30
  str x2, [sp, #GP + 16 * WORD]
  str x3, [sp, #GP + 30 * WORD]
1:
  mov x19, sp
  mov x0, sp
  bl fp_on_hook
  mov sp, x19
  add x9, sp, #VEC
  ldp q0, q1, [x9, #0]
  ldp q2, q3, [x9, #32]
  ldp q4, q5, [x9, #64]
  ldp q6, q7, [x9, #96]
  ldp q8, q9, [x9, #128]
  ldp q10, q11, [x9, #160]
  ldp q12, q13, [x9, #192]
  ldp q14, q15, [x9, #224]
  ldp q16, q17, [x9, #256]
  ldp q18, q19, [x9, #288]
  ldp q20, q21, [x9, #320]
  ldp q22, q23, [x9, #352]
  ldp q24, q25, [x9, #384]
  ldp q26, q27, [x9, #416]
  ldp q28, q29, [x9, #448]
  ldp q30, q31, [x9, #480]
  ldr x1, [sp, #FLAGS]
  msr nzcv, x1
  ldp x2, x3, [sp, #GP + 2 * WORD]
  ldp x4, x5, [sp, #GP + 4 * WORD]
  ldp x6, x7, [sp, #GP + 6 * WORD]
  ldp x8, x9, [sp, #GP + 8 * WORD]
  ldp x10, x11, [sp, #GP + 10 * WORD]
  ldp x12, x13, [sp, #GP + 12 * WORD]
  ldp x14, x15, [sp, #GP + 14 * WORD]
  ldp x16, x17, [sp, #GP + 16 * WORD]
  ldp x18, x19, [sp, #GP + 18 * WORD]
  ldp x20, x21, [sp, #GP + 20 * WORD]
  ldp x22, x23, [sp, #GP + 22 * WORD]
  ldp x24, x25, [sp, #GP + 24 * WORD]
  ldp x26, x27, [sp, #GP + 26 * WORD]
  ldp x28, x29, [sp, #GP + 28 * WORD]
  ldr x30, [sp, #RETURN_PC]             // for a stackmap, the trampoline's tail
  ldp x0, x1, [sp, #GP]
  add sp, sp, #FRAME
  ret

  // 32 bytes each; harness.c writes the branch back to the site at offset 20.
  .balign 32
  .globl fp_stackmap_trampolines
fp_stackmap_trampolines:
  .rept FP_PATCH_CAPACITY
  sub sp, sp, #TRAMPOLINE_SAVE
  stp x16, x30, [sp]
  bl fp_hook_stackmap
  ldp x16, x30, [sp]
  add sp, sp, #TRAMPOLINE_SAVE
  brk #1
  brk #1
  brk #1
  .endr

// Statepoint thunks: thunk k calls fp_statepoint_targets[k] in place of its caller's call, and
// then reaches the statepoint hook as if returning to the statepoint (x30 its return address).
// x16 and x17 are free at a call, and x30 once its value is kept aside.
  .text
.macro FP_STATEPOINT_THUNK k
  .globl fp_statepoint_thunk_\k
fp_statepoint_thunk_\k:
  mov x16, #\k
  b fp_statepoint_common
.endm
  .irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
  FP_STATEPOINT_THUNK \k
  .endr

fp_statepoint_common:
  adrp x17, fp_statepoint_targets
  add x17, x17, :lo12:fp_statepoint_targets
  ldr x16, [x17, x16, lsl #3]
  adrp x17, fp_statepoint_top
  ldr x17, [x17, :lo12:fp_statepoint_top]
  str x30, [x17], #WORD                 // the statepoint's return address, kept aside
  adrp x30, fp_statepoint_top
  str x17, [x30, :lo12:fp_statepoint_top]
  blr x16
  adrp x17, fp_statepoint_top
  ldr x16, [x17, :lo12:fp_statepoint_top]
  ldr x30, [x16, #-WORD]!
  str x16, [x17, :lo12:fp_statepoint_top]
  adrp x9, fp_caller_saved_canary       // x0-x8 may hold the result
  ldr x9, [x9, :lo12:fp_caller_saved_canary]
  mov x10, x9
  mov x11, x9
  mov x12, x9
  mov x13, x9
  mov x14, x9
  mov x15, x9
  mov x16, x9
  mov x17, x9
  b fp_hook_statepoint

  .section .note.GNU-stack, "", @progbits
