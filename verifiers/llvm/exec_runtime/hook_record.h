#ifndef FRAMEPROOF_VERIFIERS_LLVM_EXEC_RUNTIME_HOOK_RECORD_H_
#define FRAMEPROOF_VERIFIERS_LLVM_EXEC_RUNTIME_HOOK_RECORD_H_

/* The bytes the llvm-exec runtime writes to stdout each time a stack map point reaches its hook,
 * and the patch table frameproof writes into the linked executable. Shared by the freestanding C
 * harness (compiled for the target by clang) and by frameproof's reader, so both sides agree on
 * every offset. All fields are 64-bit little-endian words; no padding. */

#define FP_HOOK_RECORD_MAGIC 0x314345524B4F4F48ull /* "HOOKREC1" as a little-endian word */

/* How control reached the hook. */
#define FP_HOOK_KIND_STACKMAP 1   /* a call patched into a stackmap's shadow bytes */
#define FP_HOOK_KIND_PATCHPOINT 2 /* a patchpoint's call target */
#define FP_HOOK_KIND_STATEPOINT 3 /* a gc.statepoint's callee */

#define FP_GP_REGISTER_SLOTS 32  /* x86_64: hardware order rax..r15 in 0-15; arm64: x0-x30, sp */
#define FP_VECTOR_REGISTER_SLOTS 32 /* x86_64: xmm0-15 in 0-15; arm64: v0-v31 */
#define FP_VECTOR_REGISTER_BYTES 16
#define FP_STACK_WINDOW_LIMIT 1048576 /* at most this many bytes of the caller's frame are dumped */

/* The fixed part of one hook record, in words. The dumped stack bytes follow it. */
#define FP_HOOK_WORD_MAGIC 0
#define FP_HOOK_WORD_KIND 1
#define FP_HOOK_WORD_SITE_PC 2     /* the stack map point: the patched address, or the return address */
#define FP_HOOK_WORD_RETURN_PC 3   /* the hook's own return address as the call left it */
#define FP_HOOK_WORD_SITE_SP 4     /* the caller's stack pointer at the call */
#define FP_HOOK_WORD_ENTRY_SP 5    /* the stack pointer the compiled function was entered with */
#define FP_HOOK_WORD_CASE 6        /* which generated function fp_main was running */
#define FP_HOOK_WORD_GP 7          /* FP_GP_REGISTER_SLOTS words */
#define FP_HOOK_WORD_VECTOR (FP_HOOK_WORD_GP + FP_GP_REGISTER_SLOTS)
#define FP_HOOK_WORD_STACK_BYTES \
  (FP_HOOK_WORD_VECTOR + FP_VECTOR_REGISTER_SLOTS * FP_VECTOR_REGISTER_BYTES / 8)
#define FP_HOOK_FIXED_WORDS (FP_HOOK_WORD_STACK_BYTES + 1)

/* A case's result: three words, this magic, the case number and the value the function returned,
 * so a patch that broke the code after a stack map point shows as a wrong result. */
#define FP_RESULT_MAGIC 0x31544C5553455246ull /* "FRESULT1" */
#define FP_RESULT_WORDS 3
#ifdef __ASSEMBLER__
/* Byte offsets into the hook record the runtimes build on their own stack, for their assembly.
 * FLAGS is scratch beyond the record; FRAME, a multiple of 16, is what the hook reserves. */
#define WORD 8
#define KIND (FP_HOOK_WORD_KIND * WORD)
#define RETURN_PC (FP_HOOK_WORD_RETURN_PC * WORD)
#define SITE_SP (FP_HOOK_WORD_SITE_SP * WORD)
#define GP (FP_HOOK_WORD_GP * WORD)
#define VEC (FP_HOOK_WORD_VECTOR * WORD)
#define RECORD_BYTES (FP_HOOK_FIXED_WORDS * WORD)
#define FLAGS RECORD_BYTES
#define FRAME (RECORD_BYTES + 16)
#endif

/* The end of the run: one word, written after fp_main returns. */
#define FP_END_MAGIC 0x00444E454B4F4F48ull /* "HOOKEND" */

/* llc takes a patchpoint's target only as a constant address, as a JIT patches it in; the linker
 * places fp_hook_patchpoint, the first thing in section FP_HOOK_SECTION, at this address. */
#define FP_HOOK_SECTION ".fp_hooks"
#define FP_HOOK_PATCHPOINT_ADDRESS 0x1000000

/* The patch table (section .fp_patches): a count, then per stackmap the address of its first
 * shadow byte. The harness patches each one to reach the hook and restores it on the first hit. */
#define FP_PATCH_SECTION ".fp_patches"
#define FP_PATCH_CAPACITY 512
#define FP_PATCH_WORD_COUNT 0
#define FP_PATCH_WORD_FIRST_SITE 1

/* Events of a module llvm-exec did not write (verify llvm-exec --program without expectations).
 * Both builds of such a module report the module's globals and the declared functions they ran;
 * the reference build also reports, where each stack map point was, the value of every operand,
 * scalar leaf by scalar leaf. An event is FP_EVENT_WORDS words, then its payload padded to a
 * word. */
#define FP_EVENT_MAGIC 0x31544E4556455246ull /* "FREVENT1" */
#define FP_EVENT_WORD_KIND 1
#define FP_EVENT_WORD_CASE 2
#define FP_EVENT_WORD_ARGS 3 /* three words, by kind */
#define FP_EVENT_WORD_PAYLOAD_BYTES 6
#define FP_EVENT_WORDS 7
#define FP_EVENT_SITE 1   /* args: site ordinal, the ID the IR gives */
#define FP_EVENT_LEAF 2   /* args: operand, byte offset in the operand, FP_LEAF_* flags; payload */
#define FP_EVENT_GLOBAL 3 /* args: index, address, size in bytes */
#define FP_EVENT_STUB 4   /* args: which declared function ran */
#define FP_LEAF_POINTER 1   /* a pointer: compared by what it points into */
#define FP_LEAF_UNDEFINED 2 /* undef or poison: any bytes */
#define FP_LEAF_FRAME 4     /* set by the runtime: the pointer is into the running frames */
#define FP_LEAF_MAX_BYTES 256
/* The reference build stores each operand here before reporting its leaves. */
#define FP_REF_SCRATCH_BYTES 4096

/* A statepoint of a module llvm-exec did not write calls its own callee, through thunk k
 * (fp_statepoint_thunk_<k>, k < FP_STATEPOINT_THUNKS), which calls fp_statepoint_targets[k] and,
 * once it returns, fills the caller-saved registers that hold no result with
 * FP_CALLER_SAVED_CANARY and enters the statepoint hook at the statepoint's return address:
 * the state its record describes, in which no caller-saved register still holds a value. */
#define FP_STATEPOINT_THUNKS 32
#define FP_STATEPOINT_DEPTH 1024 /* statepoint calls in flight at once */
#define FP_CALLER_SAVED_CANARY 0x0DDBA11CA11E75AFull

/* fp_enter_with_canaries enters a module's function with each callee-saved register (x86_64
 * rbx, r12-r15; arm64 x19-x28) holding FP_CALLEE_SAVED_CANARY plus its hardware number: the
 * caller's values, which the function must preserve. One still there at a patchpoint is live
 * across it, and its record must list it among the live-outs. */
#define FP_CALLEE_SAVED_CANARY 0xCA11EE5A7ED00000 /* no suffix: the assembler reads it too */

/* Exit statuses that name what went wrong inside the harness. */
#define FP_EXIT_WRITE_FAILED 3
#define FP_EXIT_UNKNOWN_STACKMAP_HOOK 4
#define FP_EXIT_TOO_MANY_PATCHES 5
#define FP_EXIT_MPROTECT_FAILED 6
#define FP_EXIT_BAD_LEAF 7

#endif /* FRAMEPROOF_VERIFIERS_LLVM_EXEC_RUNTIME_HOOK_RECORD_H_ */
