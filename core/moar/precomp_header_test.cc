// Rakudo's precompiled modules: the text header before the unit (precomp_header.h), read line by
// line and written back, and ReadMoarFile holding the unit after it to every check of a bare unit,
// with error offsets counted from the start of the file.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/moar/bytecode_reader.h"
#include "core/moar/bytecode_writer.h"
#include "core/moar/precomp_header.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof::moar {
namespace {

using ::testing::HasSubstr;

constexpr char kChecksum[] = "212810EE63FE50AF234A504751BB1AAD502CB233";
constexpr char kSourceChecksum[] = "DF1A03857AA8CADC68107C0F67E5B76748879BAA";
constexpr char kDependencyId[] = "B97D7E6259E10E9058A2BF748089078D62033CD6";
constexpr char kDependencyChecksum[] = "488398CA3482D43374B168CC23EFB6708F22B214";
constexpr char kSpec[] = "CompUnit::DependencySpecification.new(:short-name<MoarVM::Spesh>)";
// Two checksum lines of 41 bytes and the empty line: where the unit starts without dependencies.
constexpr uint64_t kHeaderWithoutDependencies = 83;

std::string DependencyLine(absl::string_view id, absl::string_view source,
                           absl::string_view checksum, absl::string_view spec) {
  return absl::StrCat(id, std::string(1, '\0'), source, std::string(1, '\0'), checksum,
                      std::string(1, '\0'), spec, "\n");
}

// A header as Rakudo writes it: the checksums, `dependencies` lines, the empty line.
std::string HeaderText(const std::vector<std::string>& dependencies) {
  std::string text = absl::StrCat(kChecksum, "\n", kSourceChecksum, "\n");
  for (const std::string& line : dependencies) text += line;
  return text + "\n";
}

std::string SpeshDependency() {
  return DependencyLine(kDependencyId, absl::StrCat("core#sources/", kDependencyId),
                        kDependencyChecksum, kSpec);
}

std::vector<uint8_t> Bytes(absl::string_view text) {
  return std::vector<uint8_t>(text.begin(), text.end());
}

std::vector<uint8_t> ModuleLoader() {
  std::ifstream in(absl::StrCat(FRAMEPROOF_NQP_LIB_DIR, "/ModuleLoader.moarvm"), std::ios::binary);
  EXPECT_TRUE(in) << "scripts/setup installs nqp-data";
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

// A precompiled module: `header`, then ModuleLoader's unit.
std::vector<uint8_t> Module(absl::string_view header) {
  std::vector<uint8_t> file = Bytes(header);
  const std::vector<uint8_t> unit = ModuleLoader();
  file.insert(file.end(), unit.begin(), unit.end());
  return file;
}

std::string ErrorOf(absl::string_view header_text) {
  return std::string(ReadPrecompHeader(Bytes(header_text)).status().message());
}

TEST(PrecompHeader, ReadsTheChecksumsAndEachDependencyLine) {
  const std::string text = HeaderText({SpeshDependency()});
  const absl::StatusOr<PrecompHeader> header = ReadPrecompHeader(Bytes(text));
  ASSERT_TRUE(header.ok()) << header.status();
  EXPECT_EQ(header->checksum, kChecksum);
  EXPECT_EQ(header->source_checksum, kSourceChecksum);
  ASSERT_EQ(header->dependencies.size(), 1u);
  EXPECT_EQ(header->dependencies[0],
            (PrecompDependency{kDependencyId, absl::StrCat("core#sources/", kDependencyId),
                               kDependencyChecksum, kSpec}));
  EXPECT_EQ(header->size, text.size());
}

TEST(PrecompHeader, WithoutDependenciesIsTwoChecksumsAndTheEmptyLine) {
  const absl::StatusOr<PrecompHeader> header = ReadPrecompHeader(Bytes(HeaderText({})));
  ASSERT_TRUE(header.ok()) << header.status();
  EXPECT_TRUE(header->dependencies.empty());
  EXPECT_EQ(header->size, kHeaderWithoutDependencies);
}

TEST(PrecompHeader, WritesBackTheBytesItRead) {
  const std::string text =
      HeaderText({SpeshDependency(),
                  DependencyLine(kChecksum, "/home/träger/lib/Ünï.rakumod", kSourceChecksum,
                                 "CompUnit::DependencySpecification.new(:short-name<Ω>)")});
  const absl::StatusOr<PrecompHeader> header = ReadPrecompHeader(Bytes(text));
  ASSERT_TRUE(header.ok()) << header.status();
  EXPECT_EQ(WritePrecompHeader(*header), Bytes(text));
}

TEST(PrecompHeader, AChecksumOfLowercaseDigitsIsAnError) {
  EXPECT_EQ(ErrorOf(absl::StrCat(absl::AsciiStrToLower(kChecksum), "\n")),
            "precomp.checksum (byte 0): \"212810ee63fe50af234a504751bb1aad502cb233\" is not 40 "
            "uppercase hex digits (a SHA-1)");
}

TEST(PrecompHeader, AShortSourceChecksumIsAnErrorAtItsLine) {
  EXPECT_THAT(ErrorOf(absl::StrCat(kChecksum, "\nABC\n\n")),
              HasSubstr("precomp.source_checksum (byte 41): \"ABC\" is not 40 uppercase hex"));
}

TEST(PrecompHeader, AHeaderWithoutItsEmptyLineIsAnError) {
  EXPECT_EQ(ErrorOf(absl::StrCat(kChecksum, "\n", kSourceChecksum, "\n", SpeshDependency())),
            absl::StrCat("precomp.dependencies[1] (byte ", 82 + SpeshDependency().size(),
                         "): the header runs to the end of the file without the empty line that "
                         "ends it"));
}

// The error points at the field after which the missing separator should stand.
TEST(PrecompHeader, ADependencyOfThreeFieldsIsAnError) {
  const std::string line = absl::StrCat(kDependencyId, std::string(1, '\0'), "core#sources/x",
                                        std::string(1, '\0'), kDependencyChecksum, "\n");
  EXPECT_THAT(ErrorOf(HeaderText({line})),
              HasSubstr("precomp.dependencies[0] (byte 138): the line has 2 NUL separators; a "
                        "dependency has 3 (id, source, checksum, spec)"));
}

TEST(PrecompHeader, ADependencyWithAnEmptySpecIsAnError) {
  EXPECT_THAT(ErrorOf(HeaderText({DependencyLine(kDependencyId, "src", kDependencyChecksum, "")})),
              HasSubstr("precomp.dependencies[0].spec (byte 168): empty"));
}

TEST(PrecompHeader, AnIdThatIsNoPrecompIdIsAnError) {
  EXPECT_THAT(
      ErrorOf(HeaderText({DependencyLine("Test", "src", kDependencyChecksum, kSpec)})),
      HasSubstr("precomp.dependencies[0].id (byte 82): the precomp id is not 40 uppercase hex"));
}

TEST(PrecompHeader, ACarriageReturnIsAnError) {
  EXPECT_THAT(ErrorOf(absl::StrCat(kChecksum, "\r\n", kSourceChecksum, "\r\n\r\n")),
              HasSubstr("precomp.checksum (byte 40): a \"\\r\" in the line"));
}

TEST(PrecompHeader, ALineThatIsNotUtf8IsAnError) {
  EXPECT_THAT(
      ErrorOf(HeaderText({DependencyLine(kDependencyId, "\xff\xfe", kDependencyChecksum, kSpec)})),
      HasSubstr("precomp.dependencies[0] (byte 82): the line is not UTF-8"));
}

TEST(MoarFile, APrecompiledModuleIsItsHeaderAndTheUnitAfterIt) {
  const std::vector<uint8_t> file = Module(HeaderText({SpeshDependency()}));
  const absl::StatusOr<MoarFile> read = ReadMoarFile(file);
  ASSERT_TRUE(read.ok()) << read.status();
  ASSERT_TRUE(read->precomp.has_value());
  EXPECT_EQ(read->precomp->dependencies.size(), 1u);
  EXPECT_EQ(read->unit, *ReadCompilationUnit(ModuleLoader()));
  EXPECT_EQ(WriteMoarFile(*read), file);
}

TEST(MoarFile, ABareUnitHasNoHeader) {
  const absl::StatusOr<MoarFile> read = ReadMoarFile(ModuleLoader());
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_FALSE(read->precomp.has_value());
  EXPECT_EQ(WriteMoarFile(*read), ModuleLoader());
}

TEST(MoarFile, ErrorsInTheUnitGiveFileOffsets) {
  std::vector<uint8_t> file = Module(HeaderText({}));
  const size_t frame0_outer = kHeaderWithoutDependencies + 104 + 24;
  file[frame0_outer] = 0xf4;  // frame 0's u16 outer: 500
  file[frame0_outer + 1] = 0x01;
  EXPECT_THAT(ReadMoarFile(file).status().message(),
              HasSubstr("frames[0].outer (byte 211): frame 500 does not exist (24 frames)"));
}

TEST(MoarFile, AHeaderNotFollowedByAUnitIsAnError) {
  std::vector<uint8_t> file = Module(HeaderText({}));
  file[kHeaderWithoutDependencies] = 'm';
  EXPECT_THAT(ReadMoarFile(file).status().message(),
              HasSubstr("header.magic (byte 83): the unit after the precompilation header does "
                        "not start with"));
}

TEST(MoarFile, JunkBeforeTheUnitThatIsNoPrecompHeaderIsAnError) {
  std::vector<uint8_t> file = ModuleLoader();
  const std::string junk = "#!/usr/bin/env moar\n";
  file.insert(file.begin(), junk.begin(), junk.end());
  EXPECT_THAT(ReadMoarFile(file).status().message(),
              HasSubstr("header.magic (byte 0): the file starts neither with"));
}

TEST(MoarFile, EveryTruncationIsAnErrorAndInsideTheHeaderNamesItsLine) {
  const std::string header = HeaderText({SpeshDependency()});
  const std::vector<uint8_t> file = Module(header);
  for (size_t length = 0; length < file.size(); length += length < header.size() + 256 ? 1 : 13) {
    const absl::StatusOr<MoarFile> read = ReadMoarFile(absl::MakeConstSpan(file.data(), length));
    ASSERT_FALSE(read.ok()) << "truncated to " << length;
    if (length > 40 && length < header.size()) {
      ASSERT_THAT(read.status().message(), HasSubstr("precomp.")) << "truncated to " << length;
    }
  }
}

// Every single-bit flip of a precompiled module is an error or reads into a file that writes back
// to the flipped bytes. The module is Rakudo's SL (corpora/moar_bytecode), or the file
// FRAMEPROOF_MOAR_FLIP_FILE names; every bit of its first 1024 bytes (the header and the unit's
// header) flips, then every 97th, or every FRAMEPROOF_MOAR_FLIP_STRIDE-th.
TEST(MoarFile, BitFlipsOfAPrecompiledModuleAreErrorsOrRoundTrip) {
  const char* file_env = std::getenv("FRAMEPROOF_MOAR_FLIP_FILE");
  const std::string path = file_env != nullptr
                               ? std::string(file_env)
                               : absl::StrCat(FRAMEPROOF_CORPORA_DIR,
                                              "/moar_bytecode/rakudo-precomp-SL-2-dependencies");
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "cannot read " << path;
  const std::vector<uint8_t> original{std::istreambuf_iterator<char>(in), {}};
  const char* stride_env = std::getenv("FRAMEPROOF_MOAR_FLIP_STRIDE");
  const size_t stride = stride_env != nullptr ? std::strtoul(stride_env, nullptr, 10) : 97;
  ASSERT_GT(stride, 0u);
  constexpr size_t kEveryBitOfTheFirstBytes = 1024;
  size_t rejected = 0, accepted = 0;
  std::vector<uint8_t> flipped = original;
  for (size_t bit = 0; bit < original.size() * 8;
       bit += bit < kEveryBitOfTheFirstBytes * 8 ? 1 : stride) {
    flipped[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
    const absl::StatusOr<MoarFile> file = ReadMoarFile(flipped);
    if (file.ok()) {
      ++accepted;
      ASSERT_EQ(WriteMoarFile(*file), flipped) << "bit " << bit;
    } else {
      ++rejected;
    }
    flipped[bit / 8] = original[bit / 8];
  }
  std::printf("%s: %zu bit flips, %zu rejected, %zu accepted and written back\n", path.c_str(),
              rejected + accepted, rejected, accepted);
  EXPECT_GT(rejected, 0u);
}

}  // namespace
}  // namespace frameproof::moar
