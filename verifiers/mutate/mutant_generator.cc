#include "verifiers/mutate/mutant_generator.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <limits>

#include "absl/container/btree_set.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "core/base/prng.h"

namespace frameproof::mutate {
namespace {

enum class TokenKind : uint8_t { kIdentifier, kNumber, kLiteral, kPunctuator };

struct Token {
  TokenKind kind;
  size_t offset;
  absl::string_view text;
  bool space_before;  // whitespace right before it
  bool space_after;   // whitespace right after it
};

// Longest first, so the lexer can take the first that matches.
constexpr std::array<absl::string_view, 28> kPunctuators = {
    "<<=", ">>=", "<=>", "->*", "...", "::", "->", "++", "--", "<<", ">>", "<=", ">=", "==",
    "!=",  "&&",  "||",  "+=",  "-=",  "*=", "/=", "%=", "&=", "|=", "^=", ".*", "##", "#"};

// Words that start a statement this generator must not delete, or a declaration.
const absl::flat_hash_set<absl::string_view>& NotStatementStarts() {
  static const auto* const kWords = new absl::flat_hash_set<absl::string_view>{
      "return",        "break",     "continue",     "goto",      "if",
      "else",          "for",       "while",        "do",        "switch",
      "case",          "default",   "const",        "constexpr", "static",
      "auto",          "using",     "typedef",      "namespace", "template",
      "typename",      "class",     "struct",       "enum",      "public",
      "private",       "protected", "friend",       "virtual",   "inline",
      "explicit",      "delete",    "new",          "throw",     "operator",
      "sizeof",        "unsigned",  "signed",       "int",       "char",
      "bool",          "void",      "double",       "float",     "long",
      "short",         "extern",    "thread_local", "mutable",   "volatile",
      "static_assert", "co_return", "union",        "constinit", "consteval",
      "concept",       "requires",  "decltype",     "alignas",   "asm"};
  return *kWords;
}

bool IsIdentifierStart(char c) { return absl::ascii_isalpha(c) || c == '_'; }
bool IsIdentifierChar(char c) { return absl::ascii_isalnum(c) || c == '_'; }

// Where `source` holds code, as tokens: comments, preprocessor lines and the insides of
// literals never become tokens a mutant can touch.
class Lexer {
 public:
  explicit Lexer(absl::string_view source) : source_(source) {}

  std::vector<Token> Run() {
    bool line_start = true;
    while (pos_ < source_.size()) {
      const char c = source_[pos_];
      if (c == '\n') {
        line_start = true;
        ++pos_;
      } else if (absl::ascii_isspace(c)) {
        ++pos_;
      } else if (line_start && c == '#') {
        SkipPreprocessorLine();
      } else if (StartsWith("//")) {
        SkipTo("\n", /*consume=*/false);
      } else if (StartsWith("/*")) {
        pos_ += 2;
        SkipTo("*/", /*consume=*/true);
      } else {
        line_start = false;
        LexToken();
      }
    }
    return std::move(tokens_);
  }

 private:
  bool StartsWith(absl::string_view prefix) const {
    return absl::StartsWith(source_.substr(pos_), prefix);
  }
  void SkipTo(absl::string_view end, bool consume) {
    const size_t found = source_.find(end, pos_);
    pos_ = found == absl::string_view::npos ? source_.size() : found + (consume ? end.size() : 0);
  }
  void SkipPreprocessorLine() {
    while (pos_ < source_.size() && source_[pos_] != '\n') {
      // A backslash before the newline continues the directive.
      if (source_[pos_] == '\\' && pos_ + 1 < source_.size() && source_[pos_ + 1] == '\n') ++pos_;
      ++pos_;
    }
  }
  void SkipQuoted(char quote) {
    ++pos_;
    while (pos_ < source_.size() && source_[pos_] != quote && source_[pos_] != '\n') {
      pos_ += source_[pos_] == '\\' ? 2 : 1;
    }
    pos_ = std::min(source_.size(), pos_ + 1);
  }
  // R"delim( ... )delim", with pos_ on the opening quote.
  void SkipRawString() {
    const size_t open = source_.find('(', pos_);
    if (open == absl::string_view::npos) {
      pos_ = source_.size();
      return;
    }
    const std::string close = absl::StrCat(")", source_.substr(pos_ + 1, open - pos_ - 1), "\"");
    pos_ = open;
    SkipTo(close, /*consume=*/true);
  }
  void Emit(TokenKind kind, size_t start) {
    const bool before = start > 0 && absl::ascii_isspace(source_[start - 1]);
    const bool after = pos_ < source_.size() && absl::ascii_isspace(source_[pos_]);
    tokens_.push_back({kind, start, source_.substr(start, pos_ - start), before, after});
  }
  void LexToken() {
    const size_t start = pos_;
    const char c = source_[pos_];
    if (IsIdentifierStart(c)) {
      while (pos_ < source_.size() && IsIdentifierChar(source_[pos_])) ++pos_;
      const absl::string_view word = source_.substr(start, pos_ - start);
      const bool quote_follows = pos_ < source_.size() && source_[pos_] == '"';
      if (quote_follows && absl::EndsWith(word, "R") && word.size() <= 3) {
        SkipRawString();
        Emit(TokenKind::kLiteral, start);
      } else if (quote_follows && (word == "u8" || word == "u" || word == "U" || word == "L")) {
        SkipQuoted('"');
        Emit(TokenKind::kLiteral, start);
      } else {
        Emit(TokenKind::kIdentifier, start);
      }
    } else if (absl::ascii_isdigit(c) ||
               (c == '.' && pos_ + 1 < source_.size() && absl::ascii_isdigit(source_[pos_ + 1]))) {
      // A pp-number: digits, letters, separators, dots and exponent signs.
      while (pos_ < source_.size()) {
        const char d = source_[pos_];
        const bool exponent_sign =
            (d == '+' || d == '-') && (source_[pos_ - 1] == 'e' || source_[pos_ - 1] == 'E' ||
                                       source_[pos_ - 1] == 'p' || source_[pos_ - 1] == 'P');
        if (!IsIdentifierChar(d) && d != '.' && d != '\'' && !exponent_sign) break;
        ++pos_;
      }
      Emit(TokenKind::kNumber, start);
    } else if (c == '"' || c == '\'') {
      SkipQuoted(c);
      Emit(TokenKind::kLiteral, start);
    } else {
      size_t length = 1;
      for (absl::string_view punctuator : kPunctuators) {
        if (StartsWith(punctuator)) {
          length = punctuator.size();
          break;
        }
      }
      pos_ += length;
      Emit(TokenKind::kPunctuator, start);
    }
  }

  absl::string_view source_;
  size_t pos_ = 0;
  std::vector<Token> tokens_;
};

// An integer literal: its value, how it was written, and its suffix.
struct IntegerLiteral {
  uint64_t value = 0;
  bool hex = false;
  bool upper_digits = false;
  absl::string_view prefix;  // "0x" or "0X" for hex
  absl::string_view suffix;  // u, l, ul, ull, z...
};

std::optional<IntegerLiteral> ParseIntegerLiteral(absl::string_view text) {
  IntegerLiteral literal;
  std::string digits;
  size_t i = 0;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    literal.hex = true;
    literal.prefix = text.substr(0, 2);
    i = 2;
    for (; i < text.size() && (absl::ascii_isxdigit(text[i]) || text[i] == '\''); ++i) {
      if (text[i] == '\'') continue;
      literal.upper_digits |= absl::ascii_isupper(text[i]);
      digits += text[i];
    }
  } else {
    for (; i < text.size() && (absl::ascii_isdigit(text[i]) || text[i] == '\''); ++i) {
      if (text[i] != '\'') digits += text[i];
    }
  }
  literal.suffix = text.substr(i);
  for (char c : literal.suffix) {
    const char lower = absl::ascii_tolower(c);
    if (lower != 'u' && lower != 'l' && lower != 'z') return std::nullopt;  // a float, 0b, ...
  }
  if (digits.empty()) return std::nullopt;
  const bool parsed = literal.hex ? absl::SimpleHexAtoi(digits, &literal.value)
                                  : absl::SimpleAtoi(digits, &literal.value);
  if (!parsed) return std::nullopt;
  // Octal (a leading 0 with more digits) is not written in this codebase; leave it alone.
  if (!literal.hex && digits.size() > 1 && digits[0] == '0') return std::nullopt;
  return literal;
}

std::string FormatLike(const IntegerLiteral& literal, uint64_t value) {
  if (!literal.hex) return absl::StrCat(value, literal.suffix);
  return absl::StrCat(
      literal.prefix,
      literal.upper_digits ? absl::StrFormat("%X", value) : absl::StrFormat("%x", value),
      literal.suffix);
}

class MutantFinder {
 public:
  MutantFinder(absl::string_view file, absl::string_view source)
      : file_(file), source_(source), tokens_(Lexer(source).Run()) {
    line_starts_.push_back(0);
    for (size_t i = 0; i < source.size(); ++i) {
      if (source[i] == '\n') line_starts_.push_back(i + 1);
    }
    for (size_t line = 0; line < line_starts_.size(); ++line) {
      const size_t end = line + 1 < line_starts_.size() ? line_starts_[line + 1] : source.size();
      const absl::string_view text = source.substr(line_starts_[line], end - line_starts_[line]);
      if (absl::StrContains(absl::AsciiStrToLower(text), "planted")) {
        excluded_lines_.insert(line + 1);
      }
    }
  }

  std::vector<Mutant> Run() {
    for (size_t i = 0; i < tokens_.size(); ++i) {
      if (tokens_[i].text == "static_assert") {
        i = StatementEnd(i);  // a compile-time check: nothing in it runs
        continue;
      }
      VisitToken(i);
    }
    std::sort(mutants_.begin(), mutants_.end(), [](const Mutant& a, const Mutant& b) {
      return std::tie(a.offset, a.replacement) < std::tie(b.offset, b.replacement);
    });
    return std::move(mutants_);
  }

 private:
  const Token* At(size_t i) const { return i < tokens_.size() ? &tokens_[i] : nullptr; }
  const Token* Before(size_t i) const { return i > 0 ? &tokens_[i - 1] : nullptr; }
  bool TextIs(const Token* token, absl::string_view text) const {
    return token != nullptr && token->text == text;
  }

  void Add(size_t offset, absl::string_view original, std::string replacement,
           MutationOperator op) {
    const auto next_line = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    const uint32_t line = static_cast<uint32_t>(next_line - line_starts_.begin());
    if (excluded_lines_.contains(line)) return;
    Mutant mutant;
    mutant.file = std::string(file_);
    mutant.offset = offset;
    mutant.line = line;
    mutant.column = static_cast<uint32_t>(offset - line_starts_[line - 1] + 1);
    mutant.op = op;
    mutant.original = std::string(original);
    mutant.replacement = std::move(replacement);
    mutants_.push_back(std::move(mutant));
  }

  void VisitToken(size_t i) {
    const Token& token = tokens_[i];
    const bool binary = token.space_before && token.space_after;
    const Token* before = Before(i);
    switch (token.kind) {
      case TokenKind::kPunctuator:
        if (binary && !TextIs(before, "template") && !TextIs(before, "operator")) {
          VisitBinaryOperator(token);
        }
        if (token.text == "!" && !token.space_after && At(i + 1) != nullptr &&
            (At(i + 1)->kind == TokenKind::kIdentifier || At(i + 1)->text == "(")) {
          Add(token.offset, token.text, "", MutationOperator::kNegationRemoved);
        }
        if (token.text == "++" || token.text == "--") VisitStatement(i);
        break;
      case TokenKind::kIdentifier:
        if ((token.text == "true" || token.text == "false") && TextIs(before, "return")) {
          Add(token.offset, token.text, token.text == "true" ? "false" : "true",
              MutationOperator::kReturnFlag);
        }
        VisitStatement(i);
        break;
      case TokenKind::kNumber:
        VisitNumber(i);
        break;
      case TokenKind::kLiteral:
        break;
    }
  }

  void VisitBinaryOperator(const Token& token) {
    static constexpr std::array<std::pair<absl::string_view, absl::string_view>, 8> kSwaps = {{
        {"<", "<="},
        {"<=", "<"},
        {">", ">="},
        {">=", ">"},
        {"==", "!="},
        {"!=", "=="},
        {"&&", "||"},
        {"||", "&&"},
    }};
    for (const auto& [from, to] : kSwaps) {
      if (token.text != from) continue;
      const MutationOperator op = from[0] == '<' || from[0] == '>'   ? MutationOperator::kRelational
                                  : from[0] == '&' || from[0] == '|' ? MutationOperator::kLogical
                                                                     : MutationOperator::kEquality;
      Add(token.offset, token.text, std::string(to), op);
    }
  }

  void VisitNumber(size_t i) {
    const Token& token = tokens_[i];
    const std::optional<IntegerLiteral> literal = ParseIntegerLiteral(token.text);
    if (!literal.has_value()) return;
    if (literal->hex) {
      if (literal->value > 1) {
        Add(token.offset, token.text, FormatLike(*literal, literal->value >> 1),
            MutationOperator::kMaskWidth);
      }
      if (literal->value < (uint64_t{1} << 62)) {
        Add(token.offset, token.text, FormatLike(*literal, (literal->value << 1) | 1),
            MutationOperator::kMaskWidth);
      }
      return;
    }
    const Token* before = Before(i);
    const bool shift = before != nullptr && (before->text == "<<" || before->text == ">>" ||
                                             before->text == "<<=" || before->text == ">>=");
    const MutationOperator op = shift ? MutationOperator::kShiftWidth : MutationOperator::kConstant;
    if (literal->value < std::numeric_limits<uint64_t>::max()) {
      Add(token.offset, token.text, FormatLike(*literal, literal->value + 1), op);
    }
    if (literal->value > 0) {
      Add(token.offset, token.text, FormatLike(*literal, literal->value - 1), op);
    }
  }

  // The index of the ';' that ends the statement starting at `i` (brackets balanced), or
  // tokens_.size() if a closing bracket or the end comes first.
  size_t StatementEnd(size_t i) const {
    int depth = 0;
    for (; i < tokens_.size(); ++i) {
      const absl::string_view text = tokens_[i].text;
      if (text == "(" || text == "[" || text == "{") {
        ++depth;
      } else if (text == ")" || text == "]" || text == "}") {
        if (--depth < 0) return tokens_.size();
      } else if (text == ";" && depth == 0) {
        return i;
      }
    }
    return tokens_.size();
  }

  // A call, assignment or increment statement starting at `i`: `a.b[c]->d(...);`, `x += y;`,
  // `++n;`. Declarations never match: a type followed by a name is not an operator.
  void VisitStatement(size_t i) {
    const Token* before = Before(i);
    if (before == nullptr || !(before->text == ";" || before->text == "{" || before->text == "}")) {
      return;
    }
    const Token& first = tokens_[i];
    if (first.kind == TokenKind::kIdentifier && NotStatementStarts().contains(first.text)) return;
    size_t j = i;
    if (first.kind == TokenKind::kPunctuator) {
      ++j;  // ++x or --x
      if (At(j) == nullptr || At(j)->kind != TokenKind::kIdentifier) return;
    } else {
      // The object: names joined by '.', '->' and '::', and subscripts.
      ++j;
      while (At(j) != nullptr) {
        const absl::string_view text = At(j)->text;
        if ((text == "." || text == "->" || text == "::") && At(j + 1) != nullptr &&
            At(j + 1)->kind == TokenKind::kIdentifier) {
          j += 2;
        } else if (text == "[") {
          int depth = 0;
          do {
            depth += At(j)->text == "[" ? 1 : At(j)->text == "]" ? -1 : 0;
            ++j;
          } while (At(j) != nullptr && depth > 0);
        } else {
          break;
        }
      }
      static constexpr std::array<absl::string_view, 13> kEffects = {
          "(", "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "++"};
      if (At(j) == nullptr ||
          std::find(kEffects.begin(), kEffects.end(), At(j)->text) == kEffects.end()) {
        if (!TextIs(At(j), "--")) return;
      }
    }
    const size_t end = StatementEnd(i);
    if (end >= tokens_.size()) return;
    const size_t stop = tokens_[end].offset + 1;
    Add(first.offset, source_.substr(first.offset, stop - first.offset), "",
        MutationOperator::kStatementRemoved);
  }

  absl::string_view file_;
  absl::string_view source_;
  std::vector<Token> tokens_;
  std::vector<size_t> line_starts_;
  absl::flat_hash_set<uint32_t> excluded_lines_;
  std::vector<Mutant> mutants_;
};

}  // namespace

std::vector<Mutant> FindMutants(absl::string_view file, absl::string_view source) {
  return MutantFinder(file, source).Run();
}

std::string ApplyMutant(absl::string_view source, const Mutant& mutant) {
  return absl::StrCat(source.substr(0, mutant.offset), mutant.replacement,
                      source.substr(mutant.offset + mutant.original.size()));
}

std::string MutantDiff(absl::string_view source, const Mutant& mutant, int context) {
  const std::string mutated = ApplyMutant(source, mutant);
  const std::vector<absl::string_view> before = absl::StrSplit(source, '\n');
  const std::vector<absl::string_view> after = absl::StrSplit(mutated, '\n');
  // The changed lines are [first, first + old_count) before and [first, first + new_count) after.
  const size_t first = mutant.line - 1;
  const size_t old_count = 1 + std::count(mutant.original.begin(), mutant.original.end(), '\n');
  const size_t new_count =
      1 + std::count(mutant.replacement.begin(), mutant.replacement.end(), '\n');
  const size_t from = first >= static_cast<size_t>(context) ? first - context : 0;
  const size_t old_end = std::min(before.size(), first + old_count + context);
  const size_t tail = old_end - (first + old_count);
  std::string diff =
      absl::StrFormat("--- a/%s\n+++ b/%s\n@@ -%d,%d +%d,%d @@\n", mutant.file, mutant.file,
                      from + 1, old_end - from, from + 1, old_end - from - old_count + new_count);
  for (size_t line = from; line < first; ++line) absl::StrAppend(&diff, " ", before[line], "\n");
  for (size_t line = first; line < first + old_count; ++line) {
    absl::StrAppend(&diff, "-", before[line], "\n");
  }
  for (size_t line = first; line < first + new_count && line < after.size(); ++line) {
    absl::StrAppend(&diff, "+", after[line], "\n");
  }
  for (size_t line = first + old_count; line < first + old_count + tail; ++line) {
    absl::StrAppend(&diff, " ", before[line], "\n");
  }
  return diff;
}

std::vector<Mutant> SampleMutants(const std::vector<Mutant>& all, uint64_t seed, size_t count) {
  if (count >= all.size()) return all;
  // Floyd's algorithm: `count` distinct indexes, each equally likely.
  Prng prng(seed);
  absl::btree_set<size_t> chosen;
  for (size_t j = all.size() - count; j < all.size(); ++j) {
    const size_t pick = prng.Below(static_cast<uint32_t>(j + 1));
    if (!chosen.insert(pick).second) chosen.insert(j);
  }
  std::vector<Mutant> sample;
  sample.reserve(count);
  for (size_t index : chosen) sample.push_back(all[index]);
  return sample;
}

}  // namespace frameproof::mutate
