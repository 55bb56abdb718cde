import path from 'node:path';
import type { Schemas } from '@policy-catalog/sdk';
import type { LogicalLocation, Log, ReportingDescriptor, Result } from 'sarif';

export type EvaluationReport = Schemas['EvaluationReportDto'];
type RulesetEvaluation = Schemas['RulesetEvaluationDto'];
type Finding = Schemas['EvaluationResultDto'];
export type Severity = Finding['severity'];

/** Which severities fail the pipeline: `violation` (default), `warning` (and violations), or `none`. */
export type FailOn = Severity | 'none';
const RANK: Record<Severity, number> = { violation: 3, warning: 2, info: 1 };

/**
 * A finding a waiver covers (an evaluation kept for a governed API, `evaluate --api`): shown, but it fails
 * nothing; JUnit reports it skipped and SARIF suppressed.
 */
export function waived(r: Finding): boolean {
  return Boolean((r as Finding & { waiver_id?: string | null }).waiver_id);
}

export function fails(severity: Severity, failOn: FailOn): boolean {
  return failOn !== 'none' && RANK[severity] >= RANK[failOn];
}

/** True when some result is at or above the `--fail-on` severity (the exit code is then 1). */
export function reportFails(report: EvaluationReport, failOn: FailOn): boolean {
  return report.evaluations.some((e) => e.results.some((r) => !waived(r) && fails(r.severity, failOn)));
}

/** A file's path relative to the working directory (`./api/x.yaml` is `api/x.yaml`), `/` between parts. */
export function pathAsGiven(file: string, cwd = process.cwd()): string {
  return path.relative(cwd, path.resolve(cwd, file)).split(path.sep).join('/') || path.basename(file);
}

/**
 * The report with each file named as the user gave it (`api/openapi.yaml`), not as the API stored it
 * (`openapi.yaml`: the API takes a bare file name), so CI code scanning attaches findings to the file
 * in the repository. `names` maps the API's name to the user's path; other names stay as they are.
 */
export function withPathsAsGiven(
  report: EvaluationReport,
  names: ReadonlyMap<string, string>,
): EvaluationReport {
  const rename = (file: string): string => names.get(file) ?? file;
  return {
    ...report,
    specification: { ...report.specification, files: report.specification.files.map(rename) },
    evaluations: report.evaluations.map((e) => ({
      ...e,
      results: e.results.map((r) => (r.file ? { ...r, file: rename(r.file) } : r)),
    })),
  };
}

/** The ruleset as results name it: its slug (vendor) or id (community). */
export function rulesetKey(evaluation: RulesetEvaluation): string {
  return evaluation.ruleset.slug ?? evaluation.ruleset.id ?? evaluation.ruleset.name;
}

function where(r: Finding): string {
  if (!r.file) return r.pointer ?? r.modelPath ?? '';
  return [r.file, r.line, r.line !== null ? r.column : null].filter((p) => p !== null).join(':');
}

/** Plain text: one block per ruleset, one line per result (`file:line:col  severity  rule  message`). */
export function textReport(
  report: EvaluationReport,
  c: {
    red(s: string): string;
    yellow(s: string): string;
    green(s: string): string;
    dim(s: string): string;
    bold(s: string): string;
  },
): string {
  const lines: string[] = [];
  lines.push(
    `${report.specification.format} · ${report.specification.files.join(', ')} · ${report.evaluations.length} ruleset(s)`,
  );
  for (const e of report.evaluations) {
    const counts = `${e.counts.violation} violation(s), ${e.counts.warning} warning(s), ${e.counts.info} info`;
    lines.push('');
    lines.push(
      `${e.conforms ? c.green('✔') : c.red('✖')} ${c.bold(e.ruleset.name)} (${rulesetKey(e)}): ${counts}`,
    );
    for (const r of e.results) {
      const severity =
        r.severity === 'violation'
          ? c.red(r.severity)
          : r.severity === 'warning'
            ? c.yellow(r.severity)
            : r.severity;
      lines.push(`  ${where(r) || c.dim('(no location)')}  ${severity}  ${r.rule}  ${r.message}`);
    }
    if (e.truncated) lines.push(c.dim(`  ... more results than shown (counts are complete)`));
  }
  lines.push('');
  lines.push(
    `${report.counts.violation} violation(s), ${report.counts.warning} warning(s), ${report.counts.info} info in all`,
  );
  return `${lines.join('\n')}\n`;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data or an attribute value; characters XML 1.0 cannot hold are dropped. */
function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- XML 1.0 names the characters it allows by their codes
      .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
      .replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch])
  );
}

/**
 * JUnit XML (the Ant/Jenkins format GitLab, Jenkins, Azure and GitHub test reporters read): one
 * `testsuite` per ruleset, one `testcase` per result (a `failure` when it is at or above `--fail-on`),
 * and a passing `conforms` case for a ruleset without results.
 */
export function junitReport(report: EvaluationReport, failOn: FailOn): string {
  const seconds = (report.durationMs / 1000).toFixed(3);
  const suites = report.evaluations.map((e) => {
    const key = rulesetKey(e);
    const cases = e.results.map((r) => {
      const name = `${r.rule} ${where(r)}`.trim();
      const body = [`${r.severity}: ${r.message}`, r.pointer, r.modelPath].filter(Boolean).join('\n');
      const inner = waived(r)
        ? `<skipped message="waived"/><system-out>${xml(body)}</system-out>`
        : fails(r.severity, failOn)
          ? `<failure message="${xml(r.message)}" type="${r.severity}">${xml(body)}</failure>`
          : `<system-out>${xml(body)}</system-out>`;
      return `    <testcase name="${xml(name)}" classname="${xml(key)}" time="0">${inner}</testcase>`;
    });
    if (cases.length === 0) cases.push(`    <testcase name="conforms" classname="${xml(key)}" time="0"/>`);
    const failures = e.results.filter((r) => !waived(r) && fails(r.severity, failOn)).length;
    const skipped = e.results.filter(waived).length;
    return (
      `  <testsuite name="${xml(e.ruleset.name)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds}">\n` +
      `${cases.join('\n')}\n  </testsuite>`
    );
  });
  const tests = report.evaluations.reduce((n, e) => n + Math.max(1, e.results.length), 0);
  const failures = report.evaluations.reduce(
    (n, e) => n + e.results.filter((r) => !waived(r) && fails(r.severity, failOn)).length,
    0,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="policy-catalog evaluate" tests="${tests}" failures="${failures}" errors="0" time="${seconds}">\n` +
    `${suites.join('\n')}\n</testsuites>\n`
  );
}

const SARIF_LEVEL: Record<Severity, Result.level> = { violation: 'error', warning: 'warning', info: 'note' };

/** The element in the document's own terms (its JSON pointer) first, then in the engine's model. */
function logicalLocations(r: Finding): LogicalLocation[] {
  const locations: LogicalLocation[] = [];
  if (r.pointer) locations.push({ fullyQualifiedName: r.pointer, kind: 'object' });
  if (r.modelPath) locations.push({ fullyQualifiedName: r.modelPath });
  return locations;
}

/**
 * SARIF 2.1.0 (GitHub code scanning, Azure DevOps, GitLab): one run, a rule per ruleset rule
 * (`<ruleset>/<rule>`), a result per finding with its file, line and column when the engine gave them,
 * and as logical locations its JSON pointer in the document and its path in the engine's model.
 */
export function sarifReport(report: EvaluationReport, toolVersion: string): Log {
  const rules: ReportingDescriptor[] = [];
  const index = new Map<string, number>();
  const results: Result[] = [];
  for (const e of report.evaluations) {
    for (const r of e.results) {
      const ruleId = `${rulesetKey(e)}/${r.rule}`;
      if (!index.has(ruleId)) {
        index.set(ruleId, rules.length);
        rules.push({
          id: ruleId,
          name: r.rule,
          shortDescription: { text: `${r.rule} (${e.ruleset.name})` },
          properties: { ruleset: e.ruleset.name },
        });
      }
      const result: Result = {
        ruleId,
        ruleIndex: index.get(ruleId),
        level: SARIF_LEVEL[r.severity],
        message: { text: r.message },
        ...(waived(r)
          ? { suppressions: [{ kind: 'external', justification: 'Waived in the governed API' }] }
          : {}),
      };
      if (r.file) {
        result.locations = [
          {
            physicalLocation: {
              artifactLocation: { uri: r.file },
              ...(r.line !== null
                ? { region: { startLine: r.line, ...(r.column !== null ? { startColumn: r.column } : {}) } }
                : {}),
            },
            ...(r.pointer || r.modelPath ? { logicalLocations: logicalLocations(r) } : {}),
          },
        ];
      }
      results.push(result);
    }
  }
  return {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: {
          driver: {
            name: 'policy-catalog',
            version: toolVersion,
            rules,
          },
        },
        artifacts: report.specification.files.map((file) => ({ location: { uri: file } })),
        results,
      },
    ],
  };
}
