#include "verifiers/libart/libart_abi.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <sstream>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace frameproof::libart {
namespace {

// What libart.so leaves undefined and expects the process to have loaded (its ELF file names none
// of them, so the loader would not): Debian's Android libraries, then zlib and lz4 of the system.
constexpr const char* kAndroidDependencies[] = {
    "liblog.so",          "libbase.so",         "libziparchive.so", "libbacktrace.so",
    "libnativebridge.so", "libnativeloader.so", "libsigchain.so",   "libdexfile_support.so"};
constexpr const char* kSystemDependencies[] = {"libz.so.1", "liblz4.so.1"};

// A CodeInfo of this release with known answers: frame 64 bytes, two dex registers, one stack
// map (Default, native pc 4, dex pc 3) and nothing else. Header nibbles 0 4 0 0 2 1; StackMap
// header 1 0 3 3 0 0 0 0 0; then packed pc 4 and dex pc 3, biased, in 3 bits each: 66 bits.
constexpr uint8_t kKnownCodeInfo[] = {0x40, 0x00, 0x12, 0x01, 0x33, 0x00, 0x00, 0x50, 0x02};
constexpr size_t kKnownCodeInfoBits = 66;
constexpr char kKnownDump[] =
    "CodeInfo  FrameSize:64 CoreSpillMask:0 FpSpillMask:0 NumberOfDexRegisters:2\n"
    "  StackMap BitSize=6 Rows=1 Bits={Kind=0 PackedNativePc=3 DexPc=3 RegisterMaskIndex=0 "
    "StackMaskIndex=0 InlineInfoIndex=0 DexRegisterMaskIndex=0 DexRegisterMapIndex=0}\n"
    "    [  0]={      -1        4        3       -1       -1       -1       -1       -1}\n"
    "  StackMap[0] (native_pc=0x4, dex_pc=0x3, register_mask=0x0, stack_mask=0b)\n";

template <typename Fn>
absl::Status Bind(void* handle, const char* symbol, Fn& fn) {
  void* address = dlsym(handle, symbol);
  if (address == nullptr) {
    return absl::NotFoundError(absl::StrCat("libart.so exports no ", symbol));
  }
  fn = reinterpret_cast<Fn>(address);
  return absl::OkStatus();
}

}  // namespace

RegisterMap::RegisterMap(size_t registers) : count(registers) {
  const Location invalid{kInvalidLocationKind, 0};
  if (count <= kSmallCount) {
    std::fill_n(small.begin(), count, invalid);
  } else {
    large.assign(count, invalid);
  }
}

std::streamsize Indenter::xsputn(const char* text, std::streamsize size) {
  const std::streamsize written = size;
  while (size > 0) {
    const char* newline = static_cast<const char*>(std::memchr(text, '\n', size));
    const std::streamsize line = newline == nullptr ? size : newline + 1 - text;
    Write(text, line);
    if (newline != nullptr) indent_next_ = true;
    text += line;
    size -= line;
  }
  return written;
}

Indenter::int_type Indenter::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return c;
  const char character = traits_type::to_char_type(c);
  Write(&character, 1);
  indent_next_ = character == '\n';
  return c;
}

void Indenter::Write(const char* text, std::streamsize size) {
  if (indent_next_) {
    for (size_t i = 0; i < count_; ++i) out_->sputc(text_[0]);
    indent_next_ = false;
  }
  out_->sputn(text, size);
}

struct Libart::DeduperObject {
  // art::BitMemoryWriter<std::vector<uint8_t>>.
  std::vector<uint8_t>* out;
  size_t bit_start;
  size_t bit_offset;
  // std::map<BitMemoryRegion, uint32_t, BitMemoryRegion::Less>: only its storage is ours; libart
  // inserts with its own comparison.
  struct Less {
    bool operator()(const BitRegion&, const BitRegion&) const { return false; }
  };
  std::map<BitRegion, uint32_t, Less> dedupe_map;
};

std::string Libart::DefaultDir() { return "/usr/lib/x86_64-linux-gnu/android"; }

absl::StatusOr<Libart> Libart::Load(const std::string& dir) {
  if (!kLayoutsDeclared) {
    return absl::UnimplementedError(
        "the libart oracle's layout declarations are written for x86_64 only");
  }
  for (const char* name : kSystemDependencies) {
    if (dlopen(name, RTLD_NOW | RTLD_GLOBAL) == nullptr) {
      return absl::NotFoundError(absl::StrCat("cannot load ", name, ": ", dlerror()));
    }
  }
  for (const char* name : kAndroidDependencies) {
    const std::string path = absl::StrCat(dir, "/", name);
    if (dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL) == nullptr) {
      return absl::NotFoundError(
          absl::StrCat("cannot load ", path,
                       " (Debian packages android-libart android-libbacktrace "
                       "android-libziparchive android-libnativeloader): ",
                       dlerror()));
    }
  }
  const std::string path = absl::StrCat(dir, "/libart.so");
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (handle == nullptr) {
    return absl::NotFoundError(absl::StrCat("cannot load ", path, ": ", dlerror()));
  }
  Libart libart;
  if (absl::Status status = libart.Resolve(handle); !status.ok()) return status;
  if (absl::Status status = libart.SelfCheck(); !status.ok()) return status;
  return libart;
}

absl::Status Libart::Resolve(void* handle) {
  const absl::Status statuses[] = {
      Bind(handle, "_ZN3art8CodeInfoC1EPKhPm", construct_),
      Bind(handle, "_ZN3art8CodeInfo15DecodeFrameInfoEPKh", decode_frame_info_),
      Bind(handle, "_ZN3art8CodeInfo17DecodeGcMasksOnlyEPKNS_20OatQuickMethodHeaderE",
           decode_gc_masks_only_),
      Bind(handle, "_ZN3art8CodeInfo20DecodeInlineInfoOnlyEPKNS_20OatQuickMethodHeaderE",
           decode_inline_info_only_),
      Bind(handle, "_ZNK3art8CodeInfo28GetStackMapForNativePcOffsetEjNS_14InstructionSetE",
           for_native_pc_),
      Bind(handle, "_ZNK3art8CodeInfo19GetStackMapForDexPcEj", for_dex_pc_),
      Bind(handle, "_ZNK3art8CodeInfo24GetCatchStackMapForDexPcEj", catch_for_dex_pc_),
      Bind(handle, "_ZNK3art8CodeInfo22GetOsrStackMapForDexPcEj", osr_for_dex_pc_),
      Bind(handle, "_ZNK3art8CodeInfo17GetRegisterMaskOfERKNS_8StackMapE", register_mask_of_),
      Bind(handle, "_ZNK3art8CodeInfo16GetInlineInfosOfENS_8StackMapE", inline_infos_of_),
      Bind(handle, "_ZNK3art8CodeInfo16GetMethodIndexOfENS_10InlineInfoE", method_index_of_),
      Bind(handle, "_ZNK3art8CodeInfo20DecodeDexRegisterMapEjjPNS_14DexRegisterMapE",
           decode_dex_register_map_),
      Bind(handle,
           "_ZNK3art8CodeInfo4DumpEPNS_31VariableIndentationOutputStreamEjbNS_14InstructionSetE",
           dump_),
      Bind(handle, "_ZN3art8CodeInfo7Deduper6DedupeEPKh", dedupe_),
  };
  for (const absl::Status& status : statuses) {
    if (!status.ok()) return status;
  }
  return absl::OkStatus();
}

absl::Status Libart::SelfCheck() const {
  std::array<uint8_t, sizeof(kKnownCodeInfo) + kReadSlack> bytes{};
  std::copy(std::begin(kKnownCodeInfo), std::end(kKnownCodeInfo), bytes.begin());
  CodeInfoObject info{};
  size_t read_bits = 0;
  Construct(&info, bytes.data(), &read_bits);
  const auto mismatch = [](absl::string_view what, auto expected, auto got) {
    return absl::FailedPreconditionError(
        absl::StrCat("libart.so does not answer as the declarations in libart_abi.h expect (", what,
                     ": expected ", expected, ", got ", got,
                     "); this is not the Android 11 libart they "
                     "describe"));
  };
  if (read_bits != kKnownCodeInfoBits) return mismatch("bits read", kKnownCodeInfoBits, read_bits);
  if (info.packed_frame_size != 4 || info.number_of_dex_registers != 2 ||
      info.bit_table_flags != 1) {
    return mismatch("header (packed frame, registers, table flags)", "4 2 1",
                    absl::StrCat(info.packed_frame_size, " ", info.number_of_dex_registers, " ",
                                 info.bit_table_flags));
  }
  if (info.stack_maps.num_rows != 1 || info.stack_maps.ColumnBits(1) != 3 ||
      info.stack_maps.ColumnBits(2) != 3) {
    return mismatch("StackMap rows and pc widths", "1 3 3",
                    absl::StrCat(info.stack_maps.num_rows, " ", info.stack_maps.ColumnBits(1), " ",
                                 info.stack_maps.ColumnBits(2)));
  }
  const Row by_dex_pc = GetStackMapForDexPc(info, 3);
  if (by_dex_pc.table != &info.stack_maps || by_dex_pc.row != 0) {
    return mismatch("GetStackMapForDexPc(3)", "row 0 of the StackMap table",
                    absl::StrCat("row ", by_dex_pc.row));
  }
  if (const Row by_pc = GetStackMapForNativePcOffset(info, 4, Isa::kX86_64); by_pc.row != 0) {
    return mismatch("GetStackMapForNativePcOffset(4)", 0, by_pc.row);
  }
  if (const FrameInfo frame = DecodeFrameInfo(bytes.data()); frame.frame_size_in_bytes != 64) {
    return mismatch("DecodeFrameInfo frame size", 64, frame.frame_size_in_bytes);
  }
  if (const std::string dump = Dump(info, 0, true, Isa::kX86_64); dump != kKnownDump) {
    return mismatch("CodeInfo::Dump", absl::StrCat("\n", kKnownDump), absl::StrCat("\n", dump));
  }
  return absl::OkStatus();
}

std::string Libart::Dump(const CodeInfoObject& info, uint32_t code_offset, bool verbose,
                         Isa isa) const {
  std::stringbuf text;
  IndentedStream stream(&text);
  dump_(&info, &stream, code_offset, verbose, isa);
  stream.stream.flush();
  return text.str();
}

std::vector<size_t> Libart::Dedupe(absl::Span<const uint8_t* const> code_infos,
                                   std::vector<uint8_t>* out) const {
  out->clear();
  DeduperObject deduper{out, 0, 0, {}};
  std::vector<size_t> offsets;
  for (const uint8_t* code_info : code_infos) offsets.push_back(dedupe_(&deduper, code_info));
  return offsets;
}

}  // namespace frameproof::libart
