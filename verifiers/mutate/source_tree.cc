#include "verifiers/mutate/source_tree.h"

#include <algorithm>
#include <fstream>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/base/internal/fnv_hash.h"
#include "core/base/status_macros.h"
#include "verifiers/util/directories.h"
#include "verifiers/util/file_bytes.h"
#include "verifiers/util/subprocess.h"

namespace frameproof::mutate {
namespace {

// Runs git with `args` in `repo`, its standard output kept in `scratch`/`output_name` and its
// errors in `scratch`/git.log; returns the output.
absl::StatusOr<std::string> RunGit(const std::filesystem::path& repo,
                                   const std::vector<std::string>& args,
                                   const std::filesystem::path& scratch,
                                   const std::string& output_name) {
  std::vector<std::string> argv = {"git", "-C", repo.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  const std::filesystem::path output = scratch / output_name;
  std::ofstream log(scratch / "git.log", std::ios::app);
  Command command{argv};
  command.stdout_file = output.string();
  const CommandOutcome outcome = RunCommand(command, log);
  const std::optional<std::string> text = ReadFileText(output.string());
  if (!outcome.ok() || !text.has_value()) {
    return absl::FailedPreconditionError(absl::StrCat("`", ShellLine(argv), "` failed (",
                                                      outcome.Describe(), "); see ",
                                                      (scratch / "git.log").string()));
  }
  return *text;
}

std::vector<std::string> NulSeparated(absl::string_view text) {
  std::vector<std::string> names = absl::StrSplit(text, '\0', absl::SkipEmpty());
  std::sort(names.begin(), names.end());
  return names;
}

absl::StatusOr<SourceTree> OpenCheckout(const std::filesystem::path& repo,
                                        const std::filesystem::path& scratch) {
  absl::StatusOr<std::string> listing =
      RunGit(repo, {"ls-files", "-z", "--cached", "--others", "--exclude-standard"}, scratch,
             "git-files.txt");
  if (!listing.ok()) return listing.status();
  SourceTree tree;
  tree.root = repo;
  for (std::string& file : NulSeparated(*listing)) {
    // A tracked file deleted from the checkout is listed too, and is not part of the tree.
    if (std::filesystem::is_regular_file(repo / file)) tree.files.push_back(std::move(file));
  }
  const absl::StatusOr<std::string> describe =
      RunGit(repo, {"describe", "--always", "--dirty"}, scratch, "describe.txt");
  tree.label = describe.ok() ? std::string(absl::StripAsciiWhitespace(*describe)) : "";
  return tree;
}

absl::StatusOr<SourceTree> OpenCommit(const std::filesystem::path& repo, const std::string& commit,
                                      const std::filesystem::path& scratch) {
  const absl::StatusOr<std::string> resolved =
      RunGit(repo, {"rev-parse", "--verify", "--end-of-options", commit + "^{commit}"}, scratch,
             "commit.txt");
  if (!resolved.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--commit ", commit, " names no commit of ", repo.string()));
  }
  const std::string hash(absl::StripAsciiWhitespace(*resolved));
  SourceTree tree;
  tree.root = scratch / "commits" / hash;
  const absl::StatusOr<std::string> listing =
      RunGit(repo, {"ls-tree", "-r", "-z", "--name-only", hash}, scratch, "git-files.txt");
  if (!listing.ok()) return listing.status();
  tree.files = NulSeparated(*listing);
  // Exported once: a commit's files never change, so a later sitting reuses the export.
  const std::filesystem::path done = tree.root / ".exported";
  if (!std::filesystem::exists(done)) {
    std::error_code error;
    std::filesystem::remove_all(tree.root, error);
    FP_RETURN_IF_ERROR(MakeDirectories(tree.root));
    std::ofstream log(scratch / "git.log", std::ios::app);
    const std::string archive = (scratch / "commit.tar").string();
    Command export_command{{"git", "-C", repo.string(), "archive", "--format=tar", hash}};
    export_command.stdout_file = archive;
    const CommandOutcome exported = RunCommand(export_command, log);
    const CommandOutcome unpacked =
        exported.ok() ? RunCommand(Command{{"tar", "-xf", archive, "-C", tree.root.string()}}, log)
                      : exported;
    std::filesystem::remove(archive, error);
    if (!unpacked.ok() || !WriteFileText(done.string(), hash)) {
      return absl::FailedPreconditionError(absl::StrCat("cannot export commit ", hash, " into ",
                                                        tree.root.string(), " (",
                                                        unpacked.Describe(), ")"));
    }
  }
  const absl::StatusOr<std::string> describe =
      RunGit(repo, {"describe", "--always", hash}, scratch, "describe.txt");
  tree.label = describe.ok() ? std::string(absl::StripAsciiWhitespace(*describe)) : hash;
  return tree;
}

}  // namespace

absl::StatusOr<SourceTree> OpenSourceTree(const std::filesystem::path& repo,
                                          const std::string& commit,
                                          const std::filesystem::path& scratch) {
  FP_RETURN_IF_ERROR(MakeDirectories(scratch));
  absl::StatusOr<SourceTree> tree =
      commit.empty() ? OpenCheckout(repo, scratch) : OpenCommit(repo, commit, scratch);
  if (!tree.ok()) {
    if (commit.empty() && absl::IsFailedPrecondition(tree.status())) {
      return absl::FailedPreconditionError(
          absl::StrCat(tree.status().message(), "; frameproof mutate needs a git checkout"));
    }
    return tree.status();
  }
  absl::StatusOr<uint64_t> fingerprint = FingerprintFiles(tree->root, tree->files);
  if (!fingerprint.ok()) return fingerprint.status();
  tree->fingerprint = *fingerprint;
  return tree;
}

absl::StatusOr<uint64_t> FingerprintFiles(const std::filesystem::path& root,
                                          const std::vector<std::string>& files) {
  Fnv1aHasher hasher;
  uint64_t bytes = 0;
  for (const std::string& file : files) {
    const std::optional<std::string> text = ReadFileText((root / file).string());
    if (!text.has_value()) return absl::NotFoundError(absl::StrCat("cannot read ", file));
    // The lengths keep "ab" + "c" apart from "a" + "bc".
    hasher.AddWord(static_cast<uint32_t>(file.size()));
    hasher.AddBytes(
        absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(file.data()), file.size()));
    hasher.AddWord(static_cast<uint32_t>(text->size()));
    hasher.AddBytes(
        absl::MakeConstSpan(reinterpret_cast<const uint8_t*>(text->data()), text->size()));
    bytes += text->size();
  }
  hasher.AddWord(static_cast<uint32_t>(files.size()));
  return (uint64_t{hasher.hash()} << 32) | (bytes & 0xffffffffu);
}

}  // namespace frameproof::mutate
