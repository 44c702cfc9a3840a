#include "verifiers/gate/output_parsers.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace frameproof::gate {
namespace {

std::vector<absl::string_view> Words(absl::string_view line) {
  return absl::StrSplit(line, absl::ByAnyChar(" \t"), absl::SkipEmpty());
}

}  // namespace

std::optional<GateCase> ParseVerdictLine(absl::string_view line) {
  GateCase gate_case;
  if (absl::ConsumePrefix(&line, "PASS ")) {
    gate_case.name = std::string(line);
    return gate_case;
  }
  if (!absl::ConsumePrefix(&line, "FAIL ")) return std::nullopt;
  const size_t colon = line.find(": ");
  gate_case.status = StepStatus::kFail;
  gate_case.name = std::string(line.substr(0, colon));
  if (colon != absl::string_view::npos) gate_case.message = std::string(line.substr(colon + 2));
  return gate_case;
}

std::optional<Counts> ParseCountsLine(absl::string_view line) {
  const std::vector<absl::string_view> words = absl::StrSplit(line, ' ');
  Counts counts;
  if (words.size() == 4 && words[1] == "passed," && words[3] == "failed" &&
      absl::SimpleAtoi(words[0], &counts.passed) && absl::SimpleAtoi(words[2], &counts.failed)) {
    return counts;
  }
  return std::nullopt;
}

std::optional<CtestResult> ParseCtestResultLine(absl::string_view line) {
  absl::string_view rest = absl::StripLeadingAsciiWhitespace(line);
  const size_t colon = rest.find(": ");
  if (colon == absl::string_view::npos || !absl::StrContains(rest.substr(0, colon), " Test ") ||
      !absl::StrContains(rest.substr(0, colon), "#")) {
    return std::nullopt;
  }
  rest = rest.substr(colon + 2);
  // Names may hold spaces ("Typed<std::integral_constant<unsigned long, 1ul>>"); ctest pads them
  // with " ....", and a name too long for padding runs straight into the verdict.
  const size_t name_end = std::min({rest.find(" ."), rest.find("***"), rest.find("   Passed")});
  if (name_end == absl::string_view::npos || !absl::ConsumeSuffix(&rest, " sec")) {
    return std::nullopt;
  }
  CtestResult result;
  result.name = std::string(rest.substr(0, name_end));
  rest.remove_prefix(name_end);
  const size_t seconds_start = rest.find_last_of(' ');
  if (seconds_start == absl::string_view::npos ||
      !absl::SimpleAtod(rest.substr(seconds_start + 1), &result.seconds)) {
    return std::nullopt;
  }
  rest = rest.substr(0, seconds_start);
  const size_t verdict_start = rest.find_first_not_of(" .*");
  if (verdict_start == absl::string_view::npos) return std::nullopt;
  result.verdict = std::string(absl::StripAsciiWhitespace(rest.substr(verdict_start)));
  return result;
}

std::optional<FuzzSample> ParseLibFuzzerStatusLine(absl::string_view line, double seconds) {
  constexpr absl::string_view kEvents[] = {"INITED", "NEW", "REDUCE", "pulse", "DONE", "RELOAD"};
  std::vector<absl::string_view> words = Words(line);
  FuzzSample sample{seconds};
  if (words.size() < 2 || !absl::ConsumePrefix(&words[0], "#") ||
      !absl::SimpleAtoi(words[0], &sample.execs) ||
      std::find(std::begin(kEvents), std::end(kEvents), words[1]) == std::end(kEvents)) {
    return std::nullopt;
  }
  const auto value_after = [&](absl::string_view key, uint64_t* value) {
    const auto at = std::find(words.begin(), words.end(), key);
    return at != words.end() && at + 1 != words.end() && absl::SimpleAtoi(*(at + 1), value);
  };
  if (!value_after("cov:", &sample.coverage) || !value_after("ft:", &sample.features)) {
    return std::nullopt;
  }
  (void)value_after("exec/s:", &sample.exec_per_second);
  return sample;
}

std::optional<AflStats> ParseAflFuzzerStats(absl::string_view text) {
  AflStats stats;
  bool have_execs = false;
  bool have_rate = false;
  bool have_edges = false;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    const std::pair<absl::string_view, absl::string_view> entry =
        absl::StrSplit(line, absl::MaxSplits(':', 1));
    const absl::string_view key = absl::StripAsciiWhitespace(entry.first);
    const absl::string_view value = absl::StripAsciiWhitespace(entry.second);
    if (key == "execs_done") have_execs = absl::SimpleAtoi(value, &stats.execs);
    if (key == "execs_per_sec") have_rate = absl::SimpleAtod(value, &stats.exec_per_second);
    if (key == "edges_found") have_edges = absl::SimpleAtoi(value, &stats.edges);
    if (key == "corpus_count") (void)absl::SimpleAtoi(value, &stats.corpus);
    if (key == "saved_crashes") (void)absl::SimpleAtoi(value, &stats.crashes);
    if (key == "saved_hangs") (void)absl::SimpleAtoi(value, &stats.hangs);
  }
  if (!have_execs || !have_rate || !have_edges) return std::nullopt;
  return stats;
}

std::vector<FuzzSample> ParseAflPlotData(absl::string_view text) {
  std::vector<FuzzSample> samples;
  std::vector<std::string> columns;
  const auto column = [&](absl::string_view name) -> std::optional<size_t> {
    const auto at = std::find(columns.begin(), columns.end(), name);
    if (at == columns.end()) return std::nullopt;
    return static_cast<size_t>(at - columns.begin());
  };
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    if (absl::ConsumePrefix(&line, "#")) {
      columns.clear();
      for (absl::string_view name : absl::StrSplit(line, ',')) {
        columns.emplace_back(absl::StripAsciiWhitespace(name));
      }
      continue;
    }
    const std::optional<size_t> time = column("relative_time");
    const std::optional<size_t> execs = column("total_execs");
    const std::optional<size_t> edges = column("edges_found");
    const std::optional<size_t> rate = column("execs_per_sec");
    if (!time || !execs || !edges || !rate) continue;
    std::vector<absl::string_view> fields = absl::StrSplit(line, ',');
    for (absl::string_view& field : fields) field = absl::StripAsciiWhitespace(field);
    if (fields.size() != columns.size()) continue;
    FuzzSample sample;
    double per_second = 0;
    if (!absl::SimpleAtod(fields[*time], &sample.seconds) ||
        !absl::SimpleAtoi(fields[*execs], &sample.execs) ||
        !absl::SimpleAtoi(fields[*edges], &sample.coverage) ||
        !absl::SimpleAtod(fields[*rate], &per_second)) {
      continue;
    }
    sample.exec_per_second = static_cast<uint64_t>(per_second);
    samples.push_back(sample);
  }
  return samples;
}

std::optional<uint64_t> ParseExecFailLine(absl::string_view line) {
  const std::vector<absl::string_view> words = absl::StrSplit(line, ' ');
  uint64_t index = 0;
  if (words.size() == 7 && words[0] == "FAIL" && words[2] == "case" &&
      absl::SimpleAtoi(words[3], &index)) {
    return index;
  }
  return std::nullopt;
}

std::optional<uint64_t> ParseExecRateLine(absl::string_view line) {
  const std::vector<absl::string_view> words = absl::StrSplit(line, ' ');
  uint64_t rate = 0;
  if (words.size() == 4 && words[0] == "exec:" && words[3] == "cases/s" &&
      absl::SimpleAtoi(words[2], &rate)) {
    return rate;
  }
  return std::nullopt;
}

std::optional<std::string> ParseReplayLine(absl::string_view line) {
  if (!absl::ConsumePrefix(&line, "replay: ")) return std::nullopt;
  const size_t size_start = line.rfind(" (");
  if (size_start == absl::string_view::npos || !absl::EndsWith(line, " bytes)")) {
    return std::nullopt;
  }
  return std::string(line.substr(0, size_start));
}

namespace {

// The number after `prefix` ("FAIL case "), up to a blank or a colon.
std::optional<uint64_t> LlvmExecCaseAfter(absl::string_view line, absl::string_view prefix) {
  if (!absl::ConsumePrefix(&line, prefix)) return std::nullopt;
  const size_t end = line.find_first_of(" :");
  uint64_t program = 0;
  if (end == absl::string_view::npos || !absl::SimpleAtoi(line.substr(0, end), &program)) {
    return std::nullopt;
  }
  return program;
}

}  // namespace

std::optional<uint64_t> ParseLlvmExecFailLine(absl::string_view line) {
  if (std::optional<uint64_t> program = LlvmExecCaseAfter(line, "FAIL case ")) return program;
  return LlvmExecCaseAfter(line, "UNSUPPORTED case ");
}

std::optional<uint64_t> ParseLlvmExecKnownLine(absl::string_view line) {
  return LlvmExecCaseAfter(line, "KNOWN case ");
}

std::optional<uint64_t> ParseLlvmCorpusFailureLine(absl::string_view line) {
  absl::string_view number;
  if (absl::ConsumePrefix(&line, "DIFF case ")) {
    number = line;
  } else if (absl::ConsumePrefix(&line, "GENERATOR BUG: ")) {
    const size_t at = line.find(" on case ");
    if (at == absl::string_view::npos) return std::nullopt;
    number = line.substr(at + absl::string_view(" on case ").size());
  } else {
    return std::nullopt;
  }
  uint64_t module = 0;
  if (!absl::SimpleAtoi(number.substr(0, number.find(' ')), &module)) return std::nullopt;
  return module;
}


namespace {

// N in "<prefix>N" followed by ':', ' ' or the end of the line.
std::optional<uint64_t> NumberAfter(absl::string_view line, absl::string_view prefix) {
  if (!absl::ConsumePrefix(&line, prefix)) return std::nullopt;
  uint64_t number = 0;
  if (!absl::SimpleAtoi(line.substr(0, line.find_first_of(": ")), &number)) return std::nullopt;
  return number;
}

}  // namespace

std::optional<uint64_t> ParseMoarCorpusFailureLine(absl::string_view line) {
  return NumberAfter(line, "FAIL case ");
}

std::optional<uint64_t> ParseMoarHostileFailureLine(absl::string_view line) {
  return NumberAfter(line, "FAIL flip ");
}

std::optional<uint64_t> ParseMoarHostileFindingLine(absl::string_view line) {
  if (std::optional<uint64_t> flip = NumberAfter(line, "MOAR CRASH flip ")) return flip;
  return NumberAfter(line, "MOAR HANG flip ");
}

std::string FirstReportLine(absl::string_view output) {
  constexpr absl::string_view kMarkers[] = {
      "frameproof mismatch", "ERROR: AddressSanitizer", "ERROR: LeakSanitizer",
      "runtime error:",      "ERROR: libFuzzer",        "==ERROR",
      "PROGRAM ABORT"};  // AFL++ giving up
  for (absl::string_view line : absl::StrSplit(output, '\n')) {
    for (absl::string_view marker : kMarkers) {
      if (absl::StrContains(line, marker)) return std::string(absl::StripAsciiWhitespace(line));
    }
  }
  return "";
}

}  // namespace frameproof::gate
