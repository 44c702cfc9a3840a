// The llvm-exec runtime for x86_64: the process entry, fp_enter (which records the stack pointer a
// generated function starts with), and the hooks stack map points reach. Each hook saves every
// general and xmm register, the flags and the caller's stack pointer into a hook record on its own
// stack, hands the record to fp_on_hook (harness.c), and restores everything, so the compiled code
// resumes as if the hook were not there: anyregcc patchpoints and patched stackmaps rely on that.

#include "hook_record.h"

  .text
  .globl _start
_start:
  xor %ebp, %ebp
  and $-16, %rsp
  call fp_harness_main
  ud2

  // Jumps to fp_next_case with the caller's arguments untouched; r11 is free at a call.
  .globl fp_enter
fp_enter:
  mov %rsp, fp_case_entry_sp(%rip)
  mov fp_next_case(%rip), %r11
  jmp *%r11

  // fp_enter, with FP_CALLEE_SAVED_CANARY + n in each callee-saved register n. Its caller (a
  // module driver's case function) declares them clobbered, so it keeps nothing in them.
  .globl fp_enter_with_canaries
fp_enter_with_canaries:
  movabs $(FP_CALLEE_SAVED_CANARY + 3), %rbx
  movabs $(FP_CALLEE_SAVED_CANARY + 12), %r12
  movabs $(FP_CALLEE_SAVED_CANARY + 13), %r13
  movabs $(FP_CALLEE_SAVED_CANARY + 14), %r14
  movabs $(FP_CALLEE_SAVED_CANARY + 15), %r15
  jmp fp_enter

  // x86_64 keeps instruction fetch coherent with stores.
  .globl fp_flush_icache
fp_flush_icache:
  ret

// lea leaves the flags alone: a patched stackmap can sit between a compare and its branch.
.macro FP_HOOK name, kind
  .globl \name
\name:
  lea -FRAME(%rsp), %rsp
  mov %rax, GP + 0 * WORD(%rsp)
  movq $\kind, KIND(%rsp)
  jmp fp_hook_common
.endm

  .section .fp_hooks, "ax", @progbits
  FP_HOOK fp_hook_patchpoint, FP_HOOK_KIND_PATCHPOINT   // first: at FP_HOOK_PATCHPOINT_ADDRESS
  FP_HOOK fp_hook_stackmap, FP_HOOK_KIND_STACKMAP
  FP_HOOK fp_hook_statepoint, FP_HOOK_KIND_STATEPOINT

// Slots are in hardware encoding order: rax rcx rdx rbx rsp rbp rsi rdi r8-r15.
.macro FP_GP_REGISTERS op
  \op %rcx, 1
  \op %rdx, 2
  \op %rbx, 3
  \op %rbp, 5
  \op %rsi, 6
  \op %rdi, 7
  \op %r8, 8
  \op %r9, 9
  \op %r10, 10
  \op %r11, 11
  \op %r12, 12
  \op %r13, 13
  \op %r14, 14
  \op %r15, 15
.endm
.macro FP_SAVE_GP reg, slot
  mov \reg, GP + \slot * WORD(%rsp)
.endm
.macro FP_LOAD_GP reg, slot
  mov GP + \slot * WORD(%rsp), \reg
.endm
.macro FP_XMM_REGISTERS op
  .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
  \op \n
  .endr
.endm
.macro FP_SAVE_XMM n
  movdqu %xmm\n, VEC + \n * FP_VECTOR_REGISTER_BYTES(%rsp)
.endm
.macro FP_LOAD_XMM n
  movdqu VEC + \n * FP_VECTOR_REGISTER_BYTES(%rsp), %xmm\n
.endm

fp_hook_common:
  pushfq
  pop %rax
  mov %rax, FLAGS(%rsp)
  FP_GP_REGISTERS FP_SAVE_GP
  FP_XMM_REGISTERS FP_SAVE_XMM
  lea FRAME + WORD(%rsp), %rax        // the caller's stack pointer before its call
  mov %rax, SITE_SP(%rsp)
  mov %rax, GP + 4 * WORD(%rsp)
  mov FRAME(%rsp), %rax
  mov %rax, RETURN_PC(%rsp)
  mov %rsp, %rbx
  mov %rsp, %rdi
  and $-16, %rsp
  cld
  call fp_on_hook
  mov %rbx, %rsp
  mov RETURN_PC(%rsp), %rax           // fp_on_hook moves it back to a restored stackmap site
  mov %rax, FRAME(%rsp)
  FP_XMM_REGISTERS FP_LOAD_XMM
  mov FLAGS(%rsp), %rax
  push %rax
  popfq
  FP_GP_REGISTERS FP_LOAD_GP
  mov GP + 0 * WORD(%rsp), %rax
  lea FRAME(%rsp), %rsp
  ret

// Statepoint thunks: thunk k calls fp_statepoint_targets[k] in place of its caller's call, so
// the callee sees the stack it would have seen, and then reaches the statepoint hook as if
// returning to the statepoint: rsp is the caller's, the return address is the statepoint's.
// r10 and r11 are free at a call; the flags are undefined after one.
  .text
.macro FP_STATEPOINT_THUNK k
  .globl fp_statepoint_thunk_\k
fp_statepoint_thunk_\k:
  mov $\k, %r11d
  jmp fp_statepoint_common
.endm
  .irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
  FP_STATEPOINT_THUNK \k
  .endr

fp_statepoint_common:
  mov fp_statepoint_top(%rip), %r10
  popq (%r10)                          // the statepoint's return address, kept aside
  add $WORD, %r10
  mov %r10, fp_statepoint_top(%rip)
  lea fp_statepoint_targets(%rip), %r10
  mov (%r10,%r11,WORD), %r11
  call *%r11
  mov fp_statepoint_top(%rip), %r10
  sub $WORD, %r10
  mov %r10, fp_statepoint_top(%rip)
  pushq (%r10)                         // the hook returns to the statepoint
  mov fp_caller_saved_canary(%rip), %r11
  mov %r11, %rcx                       // rax, rdx, xmm0 and xmm1 may hold the result
  mov %r11, %rsi
  mov %r11, %rdi
  mov %r11, %r8
  mov %r11, %r9
  mov %r11, %r10
  jmp fp_hook_statepoint

  .section .note.GNU-stack, "", @progbits
