/* The llvm-exec harness: freestanding C compiled by clang for the target ISA and linked, with the
 * ISA's runtime_<isa>.s and llc's object, into a static executable that needs no libc. It patches
 * every stackmap's shadow bytes to reach the hook (the addresses come from frameproof, which read
 * them from the executable's own .llvm_stackmaps), runs the generated fp_main, and writes one hook
 * record per stack map point to stdout (hook_record.h). */

#include "hook_record.h"

typedef unsigned long long u64;
typedef unsigned char u8;

#if defined(__x86_64__)
#define FP_SYSCALL_WRITE 1
#define FP_SYSCALL_MPROTECT 10
#define FP_SYSCALL_EXIT_GROUP 231
#define FP_PATCH_BYTES 5 /* call rel32 */
#define FP_X86_CALL_REL32 0xE8
#elif defined(__aarch64__)
#define FP_SYSCALL_WRITE 64
#define FP_SYSCALL_MPROTECT 226
#define FP_SYSCALL_EXIT_GROUP 94
#define FP_PATCH_BYTES 4 /* b imm26 */
#define FP_ARM64_B 0x14000000u
#define FP_ARM64_IMM26_MASK 0x03FFFFFFu
#define FP_TRAMPOLINE_BYTES 32
#define FP_TRAMPOLINE_TAIL 12   /* the return address the trampoline's bl leaves */
#define FP_TRAMPOLINE_BRANCH 20 /* the b back to the site, written at patch time */
extern u8 fp_stackmap_trampolines[];
#else
#error "the llvm-exec harness supports x86_64 and aarch64"
#endif

/* Written by frameproof into the linked file: a count, then one site address per stackmap. */
__attribute__((section(FP_PATCH_SECTION), used)) volatile u64 fp_patches[1 + FP_PATCH_CAPACITY];

u64 fp_current_case;   /* set by fp_main before each call */
u64 fp_statepoint_targets[FP_STATEPOINT_THUNKS]; /* set by fp_main: thunk k's real callee */
u64 fp_statepoint_returns[FP_STATEPOINT_DEPTH];  /* the return addresses the thunks hold */
u64* fp_statepoint_top = fp_statepoint_returns;
u64 fp_caller_saved_canary = FP_CALLER_SAVED_CANARY;
u64 fp_next_case;      /* the function fp_enter jumps to */
u64 fp_case_entry_sp;  /* fp_enter records the stack pointer the function starts with */

static u8 fp_original_bytes[FP_PATCH_CAPACITY][FP_PATCH_BYTES];

extern u64 fp_main(void);
extern void fp_hook_stackmap(void);
extern void fp_flush_icache(u64 address);

/* clang may emit calls to these even when freestanding. */
void* memcpy(void* dst, const void* src, unsigned long n) {
  volatile u8* d = dst;
  const volatile u8* s = src;
  while (n--) *d++ = *s++;
  return dst;
}
void* memset(void* dst, int value, unsigned long n) {
  volatile u8* d = dst;
  while (n--) *d++ = (u8)value;
  return dst;
}

static long fp_syscall3(long number, long a, long b, long c) {
#if defined(__x86_64__)
  long result;
  __asm__ volatile("syscall" : "=a"(result) : "a"(number), "D"(a), "S"(b), "d"(c)
                   : "rcx", "r11", "memory");
  return result;
#else
  register long x8 __asm__("x8") = number;
  register long x0 __asm__("x0") = a;
  register long x1 __asm__("x1") = b;
  register long x2 __asm__("x2") = c;
  __asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
  return x0;
#endif
}

static void fp_exit(int status) {
  for (;;) fp_syscall3(FP_SYSCALL_EXIT_GROUP, status, 0, 0);
}

static void fp_write_all(const void* data, u64 size) {
  const u8* bytes = data;
  while (size > 0) {
    long written = fp_syscall3(FP_SYSCALL_WRITE, 1, (long)bytes, (long)size);
    if (written <= 0) fp_exit(FP_EXIT_WRITE_FAILED);
    bytes += written;
    size -= (u64)written;
  }
}

#define FP_PROT_READ_WRITE_EXEC 7

/* Code is mapped read-execute; the page size is 4 KiB under QEMU, and 4, 16 or 64 KiB on arm64. */
static void fp_make_writable(u64 address, u64 size) {
  static const u64 kPageSizes[] = {4096, 16384, 65536};
  for (unsigned i = 0; i < sizeof kPageSizes / sizeof kPageSizes[0]; ++i) {
    u64 page = kPageSizes[i];
    u64 start = address & ~(page - 1);
    u64 end = (address + size + page - 1) & ~(page - 1);
    if (fp_syscall3(FP_SYSCALL_MPROTECT, (long)start, (long)(end - start),
                    FP_PROT_READ_WRITE_EXEC) == 0) {
      return;
    }
  }
  fp_exit(FP_EXIT_MPROTECT_FAILED);
}

static void fp_patch_site(u64 index) {
  u8* site = (u8*)fp_patches[FP_PATCH_WORD_FIRST_SITE + index];
  fp_make_writable((u64)site, FP_PATCH_BYTES);
  memcpy(fp_original_bytes[index], site, FP_PATCH_BYTES);
#if defined(__x86_64__)
  long rel = (long)((u64)&fp_hook_stackmap - ((u64)site + FP_PATCH_BYTES));
  site[0] = FP_X86_CALL_REL32;
  memcpy(site + 1, &rel, 4);
#else
  u64 trampoline = (u64)fp_stackmap_trampolines + index * FP_TRAMPOLINE_BYTES;
  unsigned to_trampoline =
      FP_ARM64_B | (unsigned)(((long)(trampoline - (u64)site) >> 2) & FP_ARM64_IMM26_MASK);
  unsigned back_to_site =
      FP_ARM64_B |
      (unsigned)(((long)((u64)site - (trampoline + FP_TRAMPOLINE_BRANCH)) >> 2) & FP_ARM64_IMM26_MASK);
  fp_make_writable(trampoline + FP_TRAMPOLINE_BRANCH, 4);
  memcpy((u8*)(trampoline + FP_TRAMPOLINE_BRANCH), &back_to_site, 4);
  fp_flush_icache(trampoline + FP_TRAMPOLINE_BRANCH);
  memcpy(site, &to_trampoline, 4);
#endif
  fp_flush_icache((u64)site);
}

/* Which patch a stackmap hook came from, from the return address the patched call left. */
static u64 fp_patch_index(u64 return_pc) {
#if defined(__x86_64__)
  for (u64 i = 0; i < fp_patches[FP_PATCH_WORD_COUNT]; ++i) {
    if (fp_patches[FP_PATCH_WORD_FIRST_SITE + i] + FP_PATCH_BYTES == return_pc) return i;
  }
  fp_exit(FP_EXIT_UNKNOWN_STACKMAP_HOOK);
  return 0;
#else
  return (return_pc - FP_TRAMPOLINE_TAIL - (u64)fp_stackmap_trampolines) / FP_TRAMPOLINE_BYTES;
#endif
}

/* Called by the ISA's hook with the record it filled (registers, pcs, stack pointers). Writes the
 * record and the caller's frame; for a stackmap, restores the shadow bytes and resumes at the site. */
void fp_on_hook(u64* record) {
  record[FP_HOOK_WORD_MAGIC] = FP_HOOK_RECORD_MAGIC;
  record[FP_HOOK_WORD_CASE] = fp_current_case;
  record[FP_HOOK_WORD_ENTRY_SP] = fp_case_entry_sp;
  u64 index = 0;
  if (record[FP_HOOK_WORD_KIND] == FP_HOOK_KIND_STACKMAP) {
    index = fp_patch_index(record[FP_HOOK_WORD_RETURN_PC]);
    record[FP_HOOK_WORD_SITE_PC] = fp_patches[FP_PATCH_WORD_FIRST_SITE + index];
  } else {
    record[FP_HOOK_WORD_SITE_PC] = record[FP_HOOK_WORD_RETURN_PC];
  }
  u64 site_sp = record[FP_HOOK_WORD_SITE_SP];
  u64 window = 0;
  /* The frame up to and including the word at the entry stack pointer (x86_64's return address). */
  if (fp_case_entry_sp >= site_sp) window = fp_case_entry_sp - site_sp + 8;
  if (window > FP_STACK_WINDOW_LIMIT) window = FP_STACK_WINDOW_LIMIT;
  record[FP_HOOK_WORD_STACK_BYTES] = window;
  fp_write_all(record, FP_HOOK_FIXED_WORDS * 8);
  fp_write_all((const void*)site_sp, window);
  if (record[FP_HOOK_WORD_KIND] == FP_HOOK_KIND_STACKMAP) {
    u8* site = (u8*)record[FP_HOOK_WORD_SITE_PC];
    memcpy(site, fp_original_bytes[index], FP_PATCH_BYTES);
    fp_flush_icache((u64)site);
#if defined(__x86_64__)
    record[FP_HOOK_WORD_RETURN_PC] = (u64)site; /* run the restored instructions */
#endif
  }
}

static void fp_write_event(u64 kind, u64 a, u64 b, u64 c, const void* payload, u64 bytes) {
  u64 words[FP_EVENT_WORDS] = {FP_EVENT_MAGIC, kind, fp_current_case, a, b, c, bytes};
  fp_write_all(words, sizeof words);
  if (bytes == 0) return;
  fp_write_all(payload, bytes);
  static const u8 kZeros[8];
  if (bytes % 8 != 0) fp_write_all(kZeros, 8 - bytes % 8);
}

__attribute__((aligned(64))) u8 fp_ref_scratch[FP_REF_SCRATCH_BYTES];

/* The reference build reached stack map point `ordinal`, whose IR gives it `id`. */
void fp_ref_site(u64 ordinal, u64 id) { fp_write_event(FP_EVENT_SITE, ordinal, id, 0, 0, 0); }

/* One scalar leaf of operand `operand`, stored at fp_ref_scratch + offset. A pointer into the
 * frames below the function fp_enter started is marked, since frames differ between builds. */
void fp_ref_leaf(u64 operand, u64 offset, u64 bytes, u64 flags) {
  if (bytes > FP_LEAF_MAX_BYTES || offset > FP_REF_SCRATCH_BYTES - bytes) fp_exit(FP_EXIT_BAD_LEAF);
  if (flags & FP_LEAF_UNDEFINED) {
    fp_write_event(FP_EVENT_LEAF, operand, offset, flags, 0, 0);
    return;
  }
  if ((flags & FP_LEAF_POINTER) && bytes == 8) {
    u64 value = 0;
    memcpy(&value, fp_ref_scratch + offset, 8);
    u64 here = (u64)__builtin_frame_address(0);
    if (value >= here && value <= fp_case_entry_sp + 8) flags |= FP_LEAF_FRAME;
  }
  fp_write_event(FP_EVENT_LEAF, operand, offset, flags, fp_ref_scratch + offset, bytes);
}

/* Both builds: where global `index` of the module (or a buffer the driver passes) was placed. */
void fp_ref_global(u64 index, u64 address, u64 size) {
  fp_write_event(FP_EVENT_GLOBAL, index, address, size, 0, 0);
}

/* Both builds: the definition frameproof gave declared function `index` was called. */
void fp_stub_ran(u64 index) { fp_write_event(FP_EVENT_STUB, index, 0, 0, 0, 0); }

/* fp_main calls this after each case with what the function returned. */
void fp_report_result(u64 value) {
  u64 words[FP_RESULT_WORDS] = {FP_RESULT_MAGIC, fp_current_case, value};
  fp_write_all(words, sizeof words);
}

void fp_harness_main(void) {
  u64 count = fp_patches[FP_PATCH_WORD_COUNT];
  if (count > FP_PATCH_CAPACITY) fp_exit(FP_EXIT_TOO_MANY_PATCHES);
  for (u64 i = 0; i < count; ++i) fp_patch_site(i);
  fp_main();
  u64 end = FP_END_MAGIC;
  fp_write_all(&end, sizeof end);
  fp_exit(0);
}
