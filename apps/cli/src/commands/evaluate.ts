import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type PolicyCatalog, PolicyCatalogError, type Schemas } from '@policy-catalog/sdk';
import { Option, type Command } from 'commander';
import type { CliEnv } from '../cli.env';
import { Context } from '../context';
import { CliError, EXIT } from '../output';
import {
  type EvaluationReport,
  type FailOn,
  fails,
  junitReport,
  pathAsGiven,
  reportFails,
  sarifReport,
  textReport,
  waived,
  withPathsAsGiven,
} from '../reports/evaluation-report';
import { VERSION } from '../version';
import { UUID } from './catalog';
import { communityBySlug } from './listings';

interface EvaluateOptions {
  ruleset?: string[];
  api?: string;
  commit?: string;
  repo?: string;
  ref?: string;
  path?: string;
  format?: 'text' | 'json' | 'junit' | 'sarif';
  output?: string;
  failOn: FailOn;
}

/** `evaluate`: an API specification against rulesets, as text, JSON, JUnit XML or SARIF, with an exit code. */
export function evaluateCommand(program: Command, env: CliEnv): void {
  program
    .command('evaluate [spec-file]')
    .description(
      'Evaluate an API specification (OpenAPI 2.0, 3.0 or 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0; a file, or --repo for several files with references) against up to 10 rulesets; exits 1 when a result reaches --fail-on',
    )
    .option(
      '-r, --ruleset <id-or-slug...>',
      'ruleset id(s) or slug(s): a community ruleset of that slug first, else the vendor’s (as `rulesets show`)',
    )
    .option(
      '--api <id>',
      "a governed API: evaluate it against its workspace's profiles, keep the evaluation in its history, exit 1 below the workspace's threshold",
    )
    .option(
      '--commit <sha>',
      'with --api and a file: the commit the file was taken at (kept with the evaluation)',
    )
    .option('--repo <url>', 'read the specification from a repository on the source host instead of a file')
    .option('--ref <ref>', 'with --repo: branch, tag or commit')
    .option('--path <path>', 'with --repo: the main file')
    .addOption(new Option('--format <format>', 'report format').choices(['text', 'json', 'junit', 'sarif']))
    .option('-o, --output <file>', 'write the report to a file (a summary still goes to stdout)')
    .addOption(
      new Option('--fail-on <severity>', 'the lowest severity that fails (exit 1)')
        .choices(['violation', 'warning', 'info', 'none'])
        .default('violation'),
    )
    .action(async (specFile: string | undefined, options: EvaluateOptions, command: Command) => {
      const ctx = new Context(command, env);
      if (options.api !== undefined) return evaluateGovernedApi(ctx, options.api, specFile, options);
      if (!options.ruleset?.length)
        throw new CliError('give --ruleset <id-or-slug...> or --api <id>', EXIT.usage);
      if (!specFile === !options.repo)
        throw new CliError('give a specification file or --repo <url> (one of the two)', EXIT.usage);
      const format = options.format ?? (ctx.out.json ? 'json' : 'text');
      // Results name the file by the path given (relative to the working directory), as CI expects.
      const names = new Map<string, string>(specFile ? [[safeName(specFile), pathAsGiven(specFile)]] : []);
      const specification: Schemas['SpecificationInputDto'] = specFile
        ? { content: readSpecification(specFile), filename: safeName(specFile) }
        : { repoUrl: options.repo, ref: options.ref, path: options.path };
      const client = ctx.client();
      const keys = options.ruleset;
      let answer;
      try {
        answer = await ctx.out.task(`Evaluating against ${keys.length} ruleset(s)`, async () => {
          const rulesets = await Promise.all(keys.map((key) => rulesetKey(client, key)));
          return client.api.rulesetEvaluations.several({ body: { specification, rulesets } });
        });
      } catch (error) {
        // A specification that does not parse: 422 with the parser's findings, each with file and line.
        if (error instanceof PolicyCatalogError && error.body?.findings?.length) {
          for (const f of error.body.findings)
            ctx.out.error(
              `${[f.file && (names.get(f.file) ?? f.file), f.line, f.column].filter((p) => p != null).join(':')}: ${f.severity}: ${f.message}`,
            );
          throw new CliError(error.message, EXIT.failed);
        }
        throw error;
      }
      const report = withPathsAsGiven(answer, names);
      const rendered =
        format === 'junit'
          ? junitReport(report, options.failOn)
          : format === 'sarif'
            ? `${JSON.stringify(sarifReport(report, VERSION), null, 2)}\n`
            : format === 'json'
              ? `${JSON.stringify(report, null, 2)}\n`
              : textReport(report, ctx.out.c);
      const failed = reportFails(report, options.failOn);
      if (options.output) {
        writeFileSync(options.output, rendered);
        const c = report.counts;
        ctx.out.note(
          `${failed ? 'Failed' : 'Passed'}: ${c.violation} violation(s), ${c.warning} warning(s), ${c.info} info; ${format} report in ${options.output}`,
        );
      } else process.stdout.write(rendered);
      if (failed) {
        const n = report.evaluations
          .flatMap((e) => e.results)
          .filter((r) => !waived(r) && fails(r.severity, options.failOn)).length;
        throw new CliError(
          `${n} ${n === 1 ? 'result' : 'results'} at or above ${options.failOn} (--fail-on ${options.failOn}): the specification fails`,
          EXIT.failed,
        );
      }
    });
}

/**
 * `evaluate --api <id> [spec-file]`: records an evaluation of a governed API (the file pushed with it, else
 * its source or newest document) and exits 1 when its conformance is below the workspace's threshold.
 * Waived findings are shown as waived: JUnit skips them, SARIF suppresses them.
 */
async function evaluateGovernedApi(
  ctx: Context,
  apiId: string,
  specFile: string | undefined,
  options: EvaluateOptions,
): Promise<void> {
  if (!UUID.test(apiId)) throw new CliError('--api takes the id of a governed API', EXIT.usage);
  if (options.ruleset?.length || options.repo)
    throw new CliError(
      "--api evaluates against the workspace's profiles: no --ruleset or --repo",
      EXIT.usage,
    );
  const client = ctx.client();
  const path = { id: apiId };
  const names = new Map<string, string>(specFile ? [[safeName(specFile), pathAsGiven(specFile)]] : []);
  const document = specFile
    ? {
        content: readSpecification(specFile),
        filename: safeName(specFile),
        ...(options.commit ? { commit: options.commit } : {}),
      }
    : undefined;
  const { evaluation } = await ctx.out.task('Evaluating the governed API', () =>
    client.api.governance.record({
      params: { path },
      body: { trigger: 'ci', ...(document ? { document } : {}) },
    }),
  );
  const [{ api }, { threshold }] = await Promise.all([
    client.api.governance.get({ params: { path } }),
    client.api.governance.history({ params: { path, query: { limit: 1 } } }),
  ]);
  const format = options.format ?? (ctx.out.json ? 'json' : 'text');
  const report = withPathsAsGiven(asReport(evaluation), names);
  const conformance = evaluation.conformance;
  const below = conformance !== null && conformance < threshold;
  const summary = `${api.name}: ${conformance === null ? 'no rule applies' : `${conformance}% conformance`} (${evaluation.passed_rules} of ${evaluation.applicable_rules} rules passed, ${evaluation.waived} finding(s) waived); threshold ${threshold}%`;
  const rendered =
    format === 'junit'
      ? junitReport(report, 'violation')
      : format === 'sarif'
        ? `${JSON.stringify(sarifReport(report, VERSION), null, 2)}\n`
        : format === 'json'
          ? `${JSON.stringify({ evaluation, threshold, at_risk: below }, null, 2)}\n`
          : `${summary}\n${textReport(report, ctx.out.c)}`;
  if (options.output) {
    writeFileSync(options.output, rendered);
    ctx.out.note(`${below ? 'Failed' : 'Passed'}: ${summary}; ${format} report in ${options.output}`);
  } else process.stdout.write(rendered);
  if (below)
    throw new CliError(`conformance ${conformance}% is below the threshold (${threshold}%)`, EXIT.failed);
}

/** An evaluation kept, in the shape of an evaluation report (one ruleset per evaluated ruleset). */
function asReport(evaluation: Schemas['ApiEvaluationDto']): EvaluationReport {
  return {
    specification: {
      format: evaluation.specification.format,
      files: [...new Set(evaluation.findings.flatMap((f) => (f.file ? [f.file] : [])))].sort(),
      digest: evaluation.specification.digest,
      parsed: true,
    },
    conforms: evaluation.rulesets.every((r) => r.failed_rules === 0),
    counts: evaluation.counts,
    evaluations: evaluation.rulesets.map((r) => ({
      ruleset: { source: 'community', id: r.ruleset_id, slug: null, name: r.name, profileName: null },
      conforms: r.failed_rules === 0,
      counts: r.counts,
      results: evaluation.findings
        .filter((f) => f.ruleset_id === r.ruleset_id)
        .map((f) => ({ ...f, modelPath: null })),
      truncated: evaluation.findings_truncated,
      cached: false,
    })),
    durationMs: 0,
  };
}

/**
 * A ruleset as the evaluation takes it: an id, a community ruleset's slug as its id (the API reads a
 * slug as the vendor's), else the slug for the vendor index, so `-r` finds what `rulesets show` finds.
 */
async function rulesetKey(client: PolicyCatalog, key: string): Promise<{ id: string } | { slug: string }> {
  if (UUID.test(key)) return { id: key };
  const community = await communityBySlug(client, key, 'ruleset');
  return community?.catalog === 'community' ? { id: community.id } : { slug: key };
}

const MAX_BYTES = 524_288;

function readSpecification(file: string): string {
  let content: Buffer;
  try {
    content = readFileSync(file);
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`, EXIT.usage);
  }
  if (content.length > MAX_BYTES)
    throw new CliError(
      `${file} is over ${MAX_BYTES} bytes: evaluate it from a repository (--repo)`,
      EXIT.usage,
    );
  return content.toString('utf8');
}

/** The file's name as results will name it (the API takes letters, digits, dot, dash and underscore). */
function safeName(file: string): string {
  return (
    path
      .basename(file)
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .slice(0, 255) || 'api.yaml'
  );
}
