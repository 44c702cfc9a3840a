#ifndef FRAMEPROOF_VERIFIERS_GATE_REPORT_MARKUP_H_
#define FRAMEPROOF_VERIFIERS_GATE_REPORT_MARKUP_H_

// What every frameproof report page shares: escaping for XML, HTML and Markdown tables, and the
// one stylesheet, so the gate's and the mutation run's pages read alike.

#include <string>

#include "absl/strings/string_view.h"

namespace frameproof::gate {

// Escapes text for XML and HTML content and attribute values alike; control characters, which
// XML 1.0 forbids and crash output can carry, become '?'.
std::string MarkupEscape(absl::string_view text);

// Text for a Markdown table cell: pipes escaped, newlines as spaces.
std::string MarkdownCell(absl::string_view text);

// The stylesheet of the report pages: banner, cards, tables, badges, bars.
inline constexpr char kReportStyle[] = R"css(
:root { --pass:#1e7e34; --fail:#c62828; --skip:#b26a00; --muted:#5f6b7a; --line:#e3e7ec; }
* { box-sizing: border-box; }
body { font: 14px/1.45 "DejaVu Sans", system-ui, sans-serif; color:#1d2430; margin:0; background:#f5f7fa; }
main { max-width: 1180px; margin: 0 auto; padding: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 10px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
.banner { display:flex; align-items:center; gap:20px; padding:18px 22px; border-radius:8px; color:#fff; }
.banner.pass { background: var(--pass); } .banner.fail { background: var(--fail); }
.banner .verdict { font-size: 30px; font-weight: 700; letter-spacing: 1px; }
.banner .what { font-size: 16px; }
.meta { color: var(--muted); margin: 10px 0 0; display:flex; flex-wrap:wrap; gap: 4px 18px; }
.meta b { color:#1d2430; font-weight:600; }
code, pre { font-family: "DejaVu Sans Mono", monospace; font-size: 12.5px; }
pre.cmd { background:#1d2430; color:#e8edf3; padding:8px 10px; border-radius:5px; overflow-x:auto; margin:6px 0; white-space: pre-wrap; word-break: break-all; }
.card { background:#fff; border:1px solid var(--line); border-radius:8px; padding:14px 16px; margin: 10px 0; }
.card.fail { border-left: 5px solid var(--fail); } .card.skip { border-left: 5px solid var(--skip); }
.card h3 { margin:0 0 6px; font-size: 15px; }
.case { margin: 8px 0 0 4px; } .case .msg { color:#444; }
table { border-collapse: collapse; width: 100%; background:#fff; border:1px solid var(--line); }
th, td { text-align:left; padding: 5px 9px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background:#eef1f5; font-weight:600; font-size: 13px; }
td.num, th.num { text-align:right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.FAIL td { background:#fdecea; } tr.SKIP td { background:#fff6e5; }
.badge { display:inline-block; min-width: 44px; text-align:center; padding: 1px 7px; border-radius: 10px; color:#fff; font-size: 12px; font-weight:700; }
.badge.PASS { background: var(--pass); } .badge.FAIL { background: var(--fail); } .badge.SKIP { background: var(--skip); }
.bar { position:relative; background:#eef1f5; border-radius:3px; height: 14px; min-width: 120px; }
.bar span { position:absolute; left:0; top:0; bottom:0; border-radius:3px; background:#4a90c2; }
.bar.low span { background: var(--fail); }
.plots { display:grid; grid-template-columns: repeat(auto-fill, minmax(470px, 1fr)); gap: 12px; }
.plots img { width:100%; background:#fff; border:1px solid var(--line); border-radius:6px; }
.wide img { width:100%; max-width: 760px; background:#fff; border:1px solid var(--line); border-radius:6px; }
nav { margin: 8px 0 0; } nav a { margin-right: 14px; }
.note { color: var(--muted); }
a { color:#1f5fa0; }
)css";

}  // namespace frameproof::gate

#endif  // FRAMEPROOF_VERIFIERS_GATE_REPORT_MARKUP_H_
