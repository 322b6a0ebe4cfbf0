// The live check's report as an operator reads it at a terminal: a section per provider, one line
// per check (FAIL and warn stand out from ok), what to register at each provider, and a last line
// that says whether live mode may open and which settings to fix. `--json` prints the report
// itself instead, for scripts.
import type { Check, LiveCheckReport, Section } from "./report.ts";

const MARK: Record<Check["status"], string> = { pass: "ok  ", warn: "warn", fail: "FAIL" };

function sectionText(section: Section): string[] {
  const lines = [section.title];
  for (const each of section.checks) lines.push(`  ${MARK[each.status]} ${each.name}: ${each.detail}`);
  if (section.register.length) {
    lines.push("  Register at the provider:");
    for (const entry of section.register) {
      lines.push(`    ${entry.what}: ${entry.url}`);
      if (entry.with?.length) lines.push(`      with ${entry.with.join(", ")}`);
    }
  }
  return lines;
}

export function liveCheckText(report: LiveCheckReport): string {
  const heading =
    report.target === "live"
      ? "Live check: this deployment's configuration for live mode, against the providers."
      : "Live check (rehearsal): the go-live configuration against the providers' test accounts.";
  const verdict = report.ok
    ? "Result: everything live mode needs passes."
    : `Result: not ready for live mode. Fix: ${report.failingSettings.join(", ") || "the checks marked FAIL"}.`;
  return [heading, "", ...report.sections.flatMap((section) => [...sectionText(section), ""]), verdict].join("\n");
}
