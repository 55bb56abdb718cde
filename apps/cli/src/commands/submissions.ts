import { PolicyCatalogError } from '@policy-catalog/sdk';
import type { Schemas } from '@policy-catalog/sdk';
import type { Command } from 'commander';
import type { CliEnv } from '../cli.env';
import { Context } from '../context';
import { CliError, EXIT, type Output } from '../output';
import { UUID } from './catalog';

interface SubmitOptions {
  ruleset?: boolean;
  name?: string;
  description?: string;
  category?: string;
  ref?: string;
  rulesetPath?: string;
  implementation?: string;
  validateOnly?: boolean;
}

type RulesetCategory = NonNullable<Schemas['CreateRulesetSubmissionDto']['category']>;

/** What a validation found, as both kinds report it. */
interface Findings {
  ok: boolean;
  errors: string[];
  warnings: string[];
}

/** `submit` (validate, print the findings, submit) and `submissions status`. */
export function submissionCommands(program: Command, env: CliEnv): void {
  program
    .command('submit <repo-url>')
    .description(
      'Validate a repository as the reviewers will, print the findings (file and line where known), and submit it when it passes; exits 1 when it does not',
    )
    .option('--ruleset', 'a governance ruleset (default: a gateway policy)')
    .option('--name <name>', 'the name shown in the catalog (required to submit)')
    .option('--description <text>', 'what it does (required to submit)')
    .option(
      '--category <category>',
      'the catalog category (rulesets: Security, API Design, ...: the API checks it)',
    )
    .option('--ref <ref>', 'branch, tag or commit to read (default: the URL’s, else the default branch)')
    .option('--ruleset-path <path>', 'rulesets: the profile file, relative to the ruleset root')
    .option('--implementation <repo-url>', 'split policies: the implementation repository')
    .option('--validate-only', 'validate and print the findings, do not submit')
    .action(async (repoUrl: string, options: SubmitOptions, command: Command) => {
      const ctx = new Context(command, env);
      if (!options.validateOnly && (!options.name || !options.description))
        throw new CliError(
          '--name and --description are required to submit (or use --validate-only)',
          EXIT.usage,
        );
      const client = ctx.client();
      const kind = options.ruleset ? 'ruleset' : 'policy';
      const validation: Findings & Record<string, unknown> = await ctx.out.task(
        `Validating the ${kind} repository ${repoUrl}`,
        async () =>
          options.ruleset
            ? (
                await client.api.rulesetSubmissions.validate({
                  body: { repoUrl, ref: options.ref, rulesetPath: options.rulesetPath },
                })
              ).validation
            : (
                await client.api.submissions.validate({
                  body: {
                    sourceHostUrl: repoUrl,
                    // The ref submitted is the ref validated, not the default branch.
                    sourceRef: options.ref,
                    ...(options.implementation
                      ? { projectType: 'split' as const, implementationSourceHostUrl: options.implementation }
                      : {}),
                  },
                })
              ).validation,
      );
      if (!validation.ok || options.validateOnly) {
        if (ctx.out.json) ctx.out.data({ validation });
        else printFindings(ctx.out, validation);
        if (!validation.ok) throw new CliError(`the ${kind} repository did not pass validation`, EXIT.failed);
        return;
      }
      try {
        const submitted = await ctx.out.task(`Submitting ${options.name}`, async () =>
          options.ruleset
            ? await client.api.rulesetSubmissions.create({
                body: {
                  repoUrl,
                  name: options.name!,
                  description: options.description!,
                  sourceRef: options.ref,
                  rulesetPath: options.rulesetPath,
                  // An unknown category is the API's 400, which names the ones it knows.
                  category: (options.category ?? 'Other') as RulesetCategory,
                },
              })
            : await client.api.submissions.create({
                body: {
                  sourceHostUrl: repoUrl,
                  name: options.name!,
                  description: options.description!,
                  sourceRef: options.ref,
                  category: options.category,
                  ...(options.implementation
                    ? { projectType: 'split' as const, implementationSourceHostUrl: options.implementation }
                    : {}),
                },
              }),
        );
        if (ctx.out.json) return ctx.out.data({ validation, ...submitted });
        printFindings(ctx.out, validation);
        const s = submitted.submission;
        const target = 'policyId' in s ? `policy ${s.policyId}` : `ruleset ${s.ruleset_id}`;
        ctx.out.line(`Submitted "${s.name}": submission ${s.id} (${s.status}), ${target}`);
        ctx.out.line(
          `Follow it with: policy-catalog submissions status ${s.id}${options.ruleset ? ' --ruleset' : ''}`,
        );
      } catch (error) {
        // The repository changed between validation and submission: the API answers 422 with the report.
        const report =
          error instanceof PolicyCatalogError ? (error.body?.validation as Findings | undefined) : undefined;
        if (!report) throw error;
        if (ctx.out.json) ctx.out.data({ validation: report });
        else printFindings(ctx.out, report);
        throw new CliError(error instanceof Error ? error.message : String(error), EXIT.failed);
      }
    });

  program
    .command('submissions')
    .description('Your submissions')
    .command('status [id]')
    .description('Your submissions and their review status; with an id, that one in detail')
    .option('--ruleset', 'with an id: only a ruleset submission (default: a policy’s, else a ruleset’s)')
    .action(async (id: string | undefined, options: { ruleset?: boolean }, command: Command) => {
      const ctx = new Context(command, env);
      const client = ctx.client();
      if (id) {
        if (!UUID.test(id)) throw new CliError(`not a submission id: ${id}`, EXIT.usage);
        const { submission } = options.ruleset
          ? await client.api.rulesetSubmissions.get({ params: { path: { id } } })
          : await client.api.submissions.get({ params: { path: { id } } }).catch((error: unknown) => {
              // The list prints both kinds' ids in one table: an id no policy submission has may be a ruleset's.
              if (!(error instanceof PolicyCatalogError && error.status === 404)) throw error;
              return client.api.rulesetSubmissions.get({ params: { path: { id } } });
            });
        if (ctx.out.json) return ctx.out.data({ submission });
        ctx.out.line(`${ctx.out.c.bold(submission.name)}: ${submission.status}`);
        const feedback = 'feedback' in submission ? submission.feedback : submission.review_feedback;
        if (feedback) ctx.out.line(`feedback: ${feedback}`);
        if ('validation' in submission) printFindings(ctx.out, submission.validation);
        return;
      }
      const policies = [];
      for await (const s of client.items('Submissions_list', { params: { query: { limit: 50 } } }))
        policies.push(s);
      const rulesets = [];
      for await (const s of client.items('RulesetSubmissions_list', { params: { query: { limit: 100 } } }))
        rulesets.push(s);
      if (ctx.out.json) return ctx.out.data({ policies, rulesets });
      const rows = [
        ...policies.map((s) => [s.id, 'policy', s.name, s.status, s.updatedAt]),
        ...rulesets.map((s) => [s.id, 'ruleset', s.name, s.status, s.updated_at]),
      ];
      if (rows.length === 0) return ctx.out.line('No submission yet.');
      ctx.out.table(rows, ['ID', 'KIND', 'NAME', 'STATUS', 'UPDATED']);
    });
}

/** Each error and warning on a line of its own (`file:line[:column]: problem` where the service knows it). */
export function printFindings(out: Output, findings: Findings): void {
  for (const e of findings.errors) out.line(`${out.c.red('error')}    ${e}`);
  for (const w of findings.warnings) out.line(`${out.c.yellow('warning')}  ${w}`);
  out.line(
    findings.ok
      ? out.c.green(
          `Validation passed${findings.warnings.length ? ` with ${findings.warnings.length} warning(s)` : ''}.`,
        )
      : out.c.red(`Validation failed: ${findings.errors.length} error(s).`),
  );
}
