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

  .section .note.GNU-stack, "", @progbits
