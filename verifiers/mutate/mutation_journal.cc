#include "verifiers/mutate/mutation_journal.h"

#include <fstream>

#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "verifiers/util/file_bytes.h"

namespace frameproof::mutate {
namespace {

constexpr absl::string_view kHeader =
    "# frameproof mutate journal: `frameproof mutate --resume` carries the run on";
constexpr absl::string_view kRunTag = "run";
constexpr absl::string_view kBaselineTag = "baseline";
constexpr absl::string_view kMutantTag = "mutant";
constexpr size_t kBaselineFields = 3;  // tag, step, seconds
constexpr size_t kMutantFields = 8;    // tag, key, status, step, step s, build s, note, reproduce

std::string Seconds(double seconds) { return absl::StrFormat("%.3f", seconds); }

}  // namespace

absl::StatusOr<MutationJournal> MutationJournal::Open(const std::filesystem::path& path,
                                                      std::string run_key, bool resume) {
  MutationJournal journal(path, std::move(run_key));
  const std::optional<std::string> text = resume ? ReadFileText(path.string()) : std::nullopt;
  if (!text.has_value()) {
    // Nothing to carry on: a fresh journal, replacing any earlier one.
    if (!WriteFileText(path.string(), absl::StrCat(kHeader, "\n", kRunTag, "\t",
                                                   absl::CEscape(journal.run_key_), "\n"))) {
      return absl::PermissionDeniedError(absl::StrCat("cannot write ", path.string()));
    }
    return journal;
  }
  std::vector<absl::string_view> lines = absl::StrSplit(*text, '\n');
  // The last line is cut off when a run was killed while writing it: its mutant runs again.
  lines.pop_back();
  const auto malformed = [&](size_t index, absl::string_view why) {
    return absl::DataLossError(absl::StrCat(path.string(), ":", index + 1, ": ", why,
                                            "; run without --resume to start over"));
  };
  bool run_seen = false;
  for (size_t index = 0; index < lines.size(); ++index) {
    if (lines[index].empty() || lines[index][0] == '#') continue;
    const std::vector<absl::string_view> fields = absl::StrSplit(lines[index], '\t');
    if (fields[0] == kRunTag && fields.size() == 2) {
      std::string recorded;
      if (!absl::CUnescape(fields[1], &recorded)) return malformed(index, "a bad run line");
      if (recorded != journal.run_key_) {
        return absl::FailedPreconditionError(absl::StrCat(
            "--resume: ", path.string(), " is the journal of another run (", recorded,
            "), not of this one (", journal.run_key_,
            "): the sources, the sample or the gate differ; run without --resume to start over"));
      }
      run_seen = true;
    } else if (!run_seen) {
      return malformed(index, "no run line before the results");
    } else if (fields[0] == kBaselineTag && fields.size() == kBaselineFields) {
      BaselineStep step{std::string(fields[1])};
      if (!absl::SimpleAtod(fields[2], &step.seconds)) return malformed(index, "bad seconds");
      journal.baseline_.push_back(std::move(step));
    } else if (fields[0] == kMutantTag && fields.size() == kMutantFields) {
      MutantResult result;
      const std::optional<MutantStatus> status = EnumNamed(kMutantStatusNames, fields[2]);
      if (!status.has_value() || !absl::SimpleAtod(fields[4], &result.step_seconds) ||
          !absl::SimpleAtod(fields[5], &result.build_seconds) ||
          !absl::CUnescape(fields[6], &result.kill_note) ||
          !absl::CUnescape(fields[7], &result.reproduce)) {
        return malformed(index, "a bad mutant line");
      }
      result.status = *status;
      result.killed_by = std::string(fields[3]);
      journal.results_[std::string(fields[1])] = std::move(result);
    } else {
      return malformed(index, absl::StrCat("an unknown line '", fields[0], "'"));
    }
  }
  if (!run_seen) return malformed(0, "no run line");
  // Rewritten without the cut-off line, so appends start on a line of their own.
  std::string kept = absl::StrCat(absl::StrJoin(lines, "\n"), "\n");
  if (!WriteFileText(path.string(), kept)) {
    return absl::PermissionDeniedError(absl::StrCat("cannot write ", path.string()));
  }
  return journal;
}

absl::Status MutationJournal::Append(const std::string& line) {
  std::ofstream out(path_, std::ios::app);
  out << line << "\n";
  out.flush();
  if (!out) return absl::DataLossError(absl::StrCat("cannot append to ", path_.string()));
  return absl::OkStatus();
}

absl::Status MutationJournal::RecordBaseline(std::vector<BaselineStep> steps) {
  std::string lines;
  for (const BaselineStep& step : steps) {
    absl::StrAppend(&lines, lines.empty() ? "" : "\n", kBaselineTag, "\t", step.name, "\t",
                    Seconds(step.seconds));
  }
  baseline_ = std::move(steps);
  return lines.empty() ? absl::OkStatus() : Append(lines);
}

std::optional<MutantResult> MutationJournal::Find(const std::string& key) const {
  const auto found = results_.find(key);
  if (found == results_.end()) return std::nullopt;
  return found->second;
}

absl::Status MutationJournal::Record(const MutantResult& result) {
  if (result.status != MutantStatus::kKilled && result.status != MutantStatus::kSurvived &&
      result.status != MutantStatus::kNotCompiled) {
    return absl::OkStatus();
  }
  const std::string key = result.mutant.Key();
  // Kept as the line below holds it (no mutant, no diff), so Find answers the same in this run
  // as after a reload.
  MutantResult& kept = results_[key];
  kept.status = result.status;
  kept.killed_by = result.killed_by;
  kept.kill_note = result.kill_note;
  kept.reproduce = result.reproduce;
  kept.step_seconds = result.step_seconds;
  kept.build_seconds = result.build_seconds;
  return Append(absl::StrCat(kMutantTag, "\t", key, "\t", MutantStatusName(result.status), "\t",
                             result.killed_by, "\t", Seconds(result.step_seconds), "\t",
                             Seconds(result.build_seconds), "\t", absl::CEscape(result.kill_note),
                             "\t", absl::CEscape(result.reproduce)));
}

}  // namespace frameproof::mutate
