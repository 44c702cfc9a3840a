#include "verifiers/llvm/exec/ir_text.h"

#include <array>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/bits/bit_utils.h"

namespace frameproof {

bool IsIrNameChar(char c) {
  return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '$' || c == '.' ||
         c == '_';
}

namespace {

constexpr size_t kMaxTypeDepth = 16;
constexpr uint32_t kPointerBytes = 8;

char ClosingBracket(char open) {
  switch (open) {
    case '(':
      return ')';
    case '[':
      return ']';
    case '{':
      return '}';
    case '<':
      return '>';
    default:
      return '\0';
  }
}

bool IsOpening(char c) { return ClosingBracket(c) != '\0'; }
bool IsClosing(char c) { return c == ')' || c == ']' || c == '}' || c == '>'; }

// The end of the quoted string that starts at `quote`, past its closing quote.
size_t SkipQuoted(absl::string_view text, size_t quote) {
  const size_t end = text.find('"', quote + 1);
  return end == absl::string_view::npos ? text.size() : end + 1;
}

// The length of a name after its sigil at `at` ('%' or '@'), quoted or plain.
size_t NameEnd(absl::string_view text, size_t at) {
  size_t i = at + 1;
  if (i < text.size() && text[i] == '"') return SkipQuoted(text, i);
  while (i < text.size() && IsIrNameChar(text[i])) ++i;
  return i;
}

size_t SkipBlanks(absl::string_view text, size_t i) {
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
  return i;
}

// The width in bits of a scalar type's spelling, or nullopt for anything else.
std::optional<uint32_t> ScalarBits(absl::string_view type) {
  if (const std::optional<uint32_t> bits = IrIntegerBits(type)) return bits;
  struct Named {
    absl::string_view name;
    uint32_t bits;
  };
  constexpr std::array<Named, 7> kFloating = {{{"half", 16},
                                               {"bfloat", 16},
                                               {"float", 32},
                                               {"double", 64},
                                               {"x86_fp80", 80},
                                               {"fp128", 128},
                                               {"ppc_fp128", 128}}};
  for (const Named& named : kFloating) {
    if (type == named.name) return named.bits;
  }
  if (IsIrPointerType(type)) return kPointerBytes * kBitsPerByte;
  return std::nullopt;
}

constexpr std::array<absl::string_view, 8> kOtherTypeWords = {
    "void", "label", "token", "metadata", "x86_mmx", "x86_amx", "opaque", "ptr"};

bool IsTypeWord(absl::string_view word) {
  if (ScalarBits(word).has_value()) return true;
  for (absl::string_view other : kOtherTypeWords) {
    if (word == other) return true;
  }
  return false;
}

struct Attribute {
  absl::string_view word;
  bool takes_value;  // `align 8`
};
constexpr std::array<Attribute, 22> kOperandAttributes = {{
    {"noundef", false},   {"nonnull", false},         {"signext", false},
    {"zeroext", false},   {"inreg", false},           {"noalias", false},
    {"nocapture", false}, {"readonly", false},        {"writeonly", false},
    {"immarg", false},    {"returned", false},        {"nest", false},
    {"swiftself", false}, {"swifterror", false},      {"elementtype", false},
    {"align", true},      {"dereferenceable", false}, {"dereferenceable_or_null", false},
    {"byval", false},     {"byref", false},           {"sret", false},
    {"inalloca", false},
}};

// The length of the attributes at the start of `text` (with their parenthesised arguments).
size_t AttributesLength(absl::string_view text) {
  size_t i = SkipBlanks(text, 0);
  for (;;) {
    size_t end = i;
    while (end < text.size() && IsIrNameChar(text[end])) ++end;
    const absl::string_view word = text.substr(i, end - i);
    const Attribute* found = nullptr;
    for (const Attribute& attribute : kOperandAttributes) {
      if (word == attribute.word) found = &attribute;
    }
    if (found == nullptr || word.empty()) return i;
    if (end < text.size() && text[end] == '(') {
      const size_t close = MatchingIrBracket(text, end);
      if (close == absl::string_view::npos) return i;
      end = close + 1;
    } else if (found->takes_value) {
      end = SkipBlanks(text, end);
      while (end < text.size() && absl::ascii_isdigit(static_cast<unsigned char>(text[end]))) {
        ++end;
      }
    }
    i = SkipBlanks(text, end);
  }
}

absl::Status LeavesOf(absl::string_view type, const IrNamedTypes& named, size_t max_leaves,
                      size_t depth, std::vector<IrLeaf::Step>& path, std::vector<IrLeaf>& leaves) {
  type = absl::StripAsciiWhitespace(type);
  if (depth > kMaxTypeDepth) {
    return absl::UnimplementedError(absl::StrCat("type nests deeper than ", kMaxTypeDepth));
  }
  if (leaves.size() > max_leaves) {
    return absl::UnimplementedError(absl::StrCat("a value of more than ", max_leaves, " scalars"));
  }
  if (const std::optional<uint32_t> bits = ScalarBits(type)) {
    leaves.push_back({path, std::string(type), *bits,
                      static_cast<uint32_t>(BitsToBytesRoundUp(*bits)), IsIrPointerType(type)});
    return absl::OkStatus();
  }
  if (type.empty()) return absl::InvalidArgumentError("an empty type");
  if (type[0] == '%') {
    const auto body = named.find(type);
    if (body == named.end()) {
      return absl::InvalidArgumentError(absl::StrCat("type ", type, " is not defined"));
    }
    if (body->second == "opaque") {
      return absl::UnimplementedError(absl::StrCat("opaque struct ", type, " has no layout"));
    }
    return LeavesOf(body->second, named, max_leaves, depth + 1, path, leaves);
  }
  const bool packed = absl::StartsWith(type, "<{");
  if (type[0] == '{' || packed) {
    absl::string_view body = type.substr(packed ? 2 : 1, type.size() - (packed ? 4 : 2));
    const std::vector<std::string> fields = SplitIrList(body);
    for (size_t f = 0; f < fields.size(); ++f) {
      if (fields[f].empty()) continue;
      path.push_back({f, true});
      const absl::Status status = LeavesOf(fields[f], named, max_leaves, depth + 1, path, leaves);
      path.pop_back();
      if (!status.ok()) return status;
    }
    return absl::OkStatus();
  }
  if (type[0] == '[' || type[0] == '<') {
    // [N x T] or <N x T> (a vector is one leaf: it sits in one vector register or slot).
    const absl::string_view body = type.substr(1, type.size() - 2);
    const size_t x = body.find(" x ");
    uint64_t count = 0;
    if (x == absl::string_view::npos ||
        !absl::SimpleAtoi(absl::StripAsciiWhitespace(body.substr(0, x)), &count)) {
      return absl::InvalidArgumentError(absl::StrCat("cannot read the type ", type));
    }
    const absl::string_view element = absl::StripAsciiWhitespace(body.substr(x + 3));
    if (type[0] == '<') {
      const std::optional<uint32_t> bits = ScalarBits(element);
      if (!bits.has_value()) {
        return absl::InvalidArgumentError(absl::StrCat("cannot read the vector type ", type));
      }
      const uint64_t vector_bits = count * *bits;
      leaves.push_back({path, std::string(type), static_cast<uint32_t>(vector_bits),
                        static_cast<uint32_t>(BitsToBytesRoundUp(vector_bits)), false});
      return absl::OkStatus();
    }
    if (count > max_leaves) {
      return absl::UnimplementedError(
          absl::StrCat("a value of more than ", max_leaves, " scalars"));
    }
    for (uint64_t i = 0; i < count; ++i) {
      path.push_back({i, false});
      const absl::Status status = LeavesOf(element, named, max_leaves, depth + 1, path, leaves);
      path.pop_back();
      if (!status.ok()) return status;
    }
    return absl::OkStatus();
  }
  return absl::UnimplementedError(absl::StrCat("a value of type ", type));
}

}  // namespace

std::optional<uint32_t> IrIntegerBits(absl::string_view type) {
  uint32_t bits = 0;
  if (type.size() < 2 || type[0] != 'i' || !absl::SimpleAtoi(type.substr(1), &bits) || bits == 0) {
    return std::nullopt;
  }
  return bits;
}

bool IsIrPointerType(absl::string_view type) {
  return type == "ptr" || absl::StartsWith(type, "ptr ") || absl::EndsWith(type, "*");
}

size_t MatchingIrBracket(absl::string_view text, size_t open) {
  std::vector<char> stack;
  for (size_t i = open; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      i = SkipQuoted(text, i) - 1;
    } else if (IsOpening(c)) {
      stack.push_back(ClosingBracket(c));
    } else if (IsClosing(c)) {
      if (stack.empty() || stack.back() != c) return absl::string_view::npos;
      stack.pop_back();
      if (stack.empty()) return i;
    }
  }
  return absl::string_view::npos;
}

absl::StatusOr<std::vector<IrStatement>> SplitIrStatements(absl::string_view module) {
  std::vector<IrStatement> statements;
  IrStatement current;
  int depth = 0;
  size_t line_number = 0;
  for (absl::string_view line : absl::StrSplit(module, '\n')) {
    ++line_number;
    std::string kept;
    for (size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (c == ';') break;
      if (c == '"') {
        const size_t end = SkipQuoted(line, i);
        absl::StrAppend(&kept, line.substr(i, end - i));
        i = end - 1;
        continue;
      }
      if (IsOpening(c)) ++depth;
      if (IsClosing(c)) --depth;
      kept.push_back(c);
    }
    const absl::string_view text = absl::StripAsciiWhitespace(kept);
    if (text.empty()) continue;
    // A function body's braces are not one statement: its header ends at the '{' and its end
    // is a '}' of its own.
    if (current.text.empty() && absl::StartsWith(text, "define") && absl::EndsWith(text, "{")) {
      --depth;
    } else if (current.text.empty() && text == "}") {
      ++depth;
    }
    if (current.text.empty()) {
      current.first_line = line_number;
    } else {
      current.text.push_back(' ');
    }
    absl::StrAppend(&current.text, text);
    current.last_line = line_number;
    if (depth <= 0) {
      depth = 0;
      statements.push_back(std::move(current));
      current = IrStatement();
    }
  }
  if (!current.text.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("line ", current.first_line, ": a bracket opened here is never closed"));
  }
  return statements;
}

std::optional<size_t> IrTypeLength(absl::string_view text) {
  size_t i = SkipBlanks(text, 0);
  if (i >= text.size()) return std::nullopt;
  const char c = text[i];
  if (c == '{' || c == '[' || c == '<') {
    const size_t close = MatchingIrBracket(text, i);
    if (close == absl::string_view::npos) return std::nullopt;
    i = close + 1;
  } else if (c == '%') {
    i = NameEnd(text, i);
    if (i == 1) return std::nullopt;
  } else {
    size_t end = i;
    while (end < text.size() && IsIrNameChar(text[end])) ++end;
    if (!IsTypeWord(text.substr(i, end - i))) return std::nullopt;
    i = end;
  }
  // Suffixes: address spaces, pointer stars and function parameter lists.
  for (;;) {
    const size_t next = SkipBlanks(text, i);
    if (next >= text.size()) break;
    if (absl::StartsWith(text.substr(next), "addrspace(")) {
      const size_t close = MatchingIrBracket(text, next + std::string_view("addrspace").size());
      if (close == absl::string_view::npos) return std::nullopt;
      i = close + 1;
    } else if (text[next] == '*') {
      i = next + 1;
    } else if (text[next] == '(') {
      const size_t close = MatchingIrBracket(text, next);
      if (close == absl::string_view::npos) return std::nullopt;
      i = close + 1;
    } else {
      break;
    }
  }
  return i;
}

std::vector<std::string> SplitIrList(absl::string_view text) {
  std::vector<std::string> pieces;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      i = SkipQuoted(text, i) - 1;
    } else if (IsOpening(c)) {
      ++depth;
    } else if (IsClosing(c)) {
      --depth;
    } else if (c == ',' && depth == 0) {
      pieces.emplace_back(absl::StripAsciiWhitespace(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  const absl::string_view last = absl::StripAsciiWhitespace(text.substr(start));
  if (!last.empty() || !pieces.empty()) pieces.emplace_back(last);
  return pieces;
}

absl::StatusOr<IrOperand> ParseIrOperand(absl::string_view text) {
  text = absl::StripAsciiWhitespace(text);
  const std::optional<size_t> length = IrTypeLength(text);
  if (!length.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat("'", text, "' does not start with a type"));
  }
  IrOperand operand;
  operand.type = std::string(absl::StripAsciiWhitespace(text.substr(0, *length)));
  const absl::string_view rest = text.substr(*length);
  const size_t attributes = AttributesLength(rest);
  operand.attributes = std::string(absl::StripAsciiWhitespace(rest.substr(0, attributes)));
  operand.value = std::string(absl::StripAsciiWhitespace(rest.substr(attributes)));
  return operand;
}

IrNamedTypes CollectIrNamedTypes(const std::vector<IrStatement>& statements) {
  IrNamedTypes named;
  for (const IrStatement& statement : statements) {
    const absl::string_view text = statement.text;
    if (text.empty() || text[0] != '%') continue;
    const size_t name_end = NameEnd(text, 0);
    absl::string_view rest = absl::StripLeadingAsciiWhitespace(text.substr(name_end));
    if (!absl::ConsumePrefix(&rest, "=")) continue;
    rest = absl::StripLeadingAsciiWhitespace(rest);
    if (!absl::ConsumePrefix(&rest, "type")) continue;
    named[std::string(text.substr(0, name_end))] = std::string(absl::StripAsciiWhitespace(rest));
  }
  return named;
}

absl::StatusOr<std::vector<IrLeaf>> IrTypeLeaves(absl::string_view type, const IrNamedTypes& named,
                                                 size_t max_leaves) {
  std::vector<IrLeaf> leaves;
  std::vector<IrLeaf::Step> path;
  const absl::Status status = LeavesOf(type, named, max_leaves, 0, path, leaves);
  if (!status.ok()) return status;
  if (leaves.size() > max_leaves) {
    return absl::UnimplementedError(absl::StrCat("a value of more than ", max_leaves, " scalars"));
  }
  return leaves;
}

std::optional<IrTrailingType> TrailingIrType(absl::string_view text) {
  text = absl::StripTrailingAsciiWhitespace(text);
  // The shortest suffix that starts a word and is exactly one type.
  for (size_t start = 0; start < text.size(); ++start) {
    if (start > 0 && text[start - 1] != ' ') continue;
    const absl::string_view candidate = text.substr(start);
    const std::optional<size_t> length = IrTypeLength(candidate);
    if (length.has_value() && absl::StripAsciiWhitespace(candidate.substr(*length)).empty()) {
      return IrTrailingType{start, std::string(candidate)};
    }
  }
  return std::nullopt;
}

std::optional<IrFunctionHeader> ParseIrFunctionHeader(absl::string_view statement) {
  IrFunctionHeader header;
  absl::string_view rest = statement;
  if (absl::ConsumePrefix(&rest, "define ")) {
    header.defined = true;
  } else if (!absl::ConsumePrefix(&rest, "declare ")) {
    return std::nullopt;
  }
  // The name: the first '@' outside brackets and quotes.
  size_t at = absl::string_view::npos;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '"') {
      i = SkipQuoted(rest, i) - 1;
    } else if (IsOpening(rest[i])) {
      const size_t close = MatchingIrBracket(rest, i);
      if (close == absl::string_view::npos) return std::nullopt;
      i = close;
    } else if (rest[i] == '@') {
      at = i;
      break;
    }
  }
  if (at == absl::string_view::npos) return std::nullopt;
  const size_t name_end = NameEnd(rest, at);
  if (name_end >= rest.size() || rest[name_end] != '(') return std::nullopt;
  header.name = std::string(rest.substr(at, name_end - at));
  const absl::string_view prefix = absl::StripAsciiWhitespace(rest.substr(0, at));
  // The words before the return type are linkage, calling convention and attributes.
  const std::optional<IrTrailingType> return_type = TrailingIrType(prefix);
  if (!return_type.has_value()) return std::nullopt;
  header.return_type = return_type->type;
  const absl::string_view words = prefix.substr(0, return_type->start);
  for (absl::string_view word : absl::StrSplit(words, ' ', absl::SkipEmpty())) {
    if (absl::EndsWith(word, "cc") && word != "cc") header.calling_convention = std::string(word);
  }
  const size_t cc = words.find("cc ");
  if (cc != absl::string_view::npos && (cc == 0 || words[cc - 1] == ' ')) {
    size_t end = cc + 3;
    while (end < words.size() && absl::ascii_isdigit(static_cast<unsigned char>(words[end]))) {
      ++end;
    }
    header.calling_convention = std::string(words.substr(cc, end - cc));
  }
  const size_t close = MatchingIrBracket(rest, name_end);
  if (close == absl::string_view::npos) return std::nullopt;
  for (const std::string& parameter :
       SplitIrList(rest.substr(name_end + 1, close - name_end - 1))) {
    if (parameter.empty()) continue;
    if (parameter == "...") {
      header.variadic = true;
      continue;
    }
    const absl::StatusOr<IrOperand> operand = ParseIrOperand(parameter);
    if (!operand.ok()) return std::nullopt;
    header.parameter_types.push_back(operand->type);
  }
  return header;
}

bool UsesOpaquePointers(absl::string_view module) {
  for (size_t at = module.find("ptr"); at != absl::string_view::npos;
       at = module.find("ptr", at + 1)) {
    const bool starts = at == 0 || !(IsIrNameChar(module[at - 1]) || module[at - 1] == '%' ||
                                     module[at - 1] == '@' || module[at - 1] == '"');
    const bool ends = at + 3 >= module.size() || !IsIrNameChar(module[at + 3]);
    if (starts && ends) return true;
  }
  return false;
}

size_t CountIrUndefinedValues(absl::string_view module) {
  size_t count = 0;
  for (absl::string_view line : absl::StrSplit(module, '\n')) {
    bool quoted = false;  // a ';' inside a string constant starts no comment
    size_t code_end = 0;
    while (code_end < line.size() && (quoted || line[code_end] != ';')) {
      quoted ^= line[code_end] == '"';
      ++code_end;
    }
    line = line.substr(0, code_end);
    for (absl::string_view word : {absl::string_view("undef"), absl::string_view("poison")}) {
      for (size_t at = line.find(word); at != absl::string_view::npos;
           at = line.find(word, at + word.size())) {
        const size_t end = at + word.size();
        const bool starts =
            at == 0 || (!IsIrNameChar(line[at - 1]) && line[at - 1] != '%' && line[at - 1] != '@');
        const bool ends = end == line.size() || !IsIrNameChar(line[end]);
        count += starts && ends ? 1 : 0;
      }
    }
  }
  return count;
}

}  // namespace frameproof
