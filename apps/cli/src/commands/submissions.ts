import { type PolicyCatalog, PolicyCatalogError, type Schemas } from '@policy-catalog/sdk';
import type { Command } from 'commander';
import type { CliEnv } from '../cli.env';
import { Context } from '../context';
import { CliError, EXIT, type Output } from '../output';
import { type Kind, UUID } from './listings';

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

/** A submission as the commands print it, whatever its kind. */
interface SubmissionShown {
  /** The API's body, for `--json`. */
  body: Record<string, unknown>;
  id: string;
  name: string;
  status: string;
  feedback: string | null;
  /** The listing it creates or updates: `policy <id>`. */
  target: string;
  /** The validation report kept with it, where the kind keeps one. */
  validation?: Findings;
}

/** How each kind's repository is validated, submitted and its submission read back. */
const SUBMISSION_CALLS: Record<
  Kind,
  {
    validate: (client: PolicyCatalog, repoUrl: string, options: SubmitOptions) => Promise<Findings>;
    create: (
      client: PolicyCatalog,
      repoUrl: string,
      options: SubmitOptions & { name: string; description: string },
    ) => Promise<SubmissionShown>;
    get: (client: PolicyCatalog, id: string) => Promise<SubmissionShown>;
  }
> = {
  policy: {
    validate: async (client, repoUrl, options) =>
      (await client.api.submissions.validate({ body: { sourceHostUrl: repoUrl, ...split(options) } }))
        .validation,
    create: async (client, repoUrl, options) =>
      policySubmission(
        await client.api.submissions.create({
          body: {
            sourceHostUrl: repoUrl,
            name: options.name,
            description: options.description,
            sourceRef: options.ref,
            category: options.category,
            ...split(options),
          },
        }),
      ),
    get: async (client, id) =>
      policySubmission(await client.api.submissions.get({ params: { path: { id } } })),
  },
  ruleset: {
    validate: async (client, repoUrl, options) =>
      (
        await client.api.rulesetSubmissions.validate({
          body: { repoUrl, ref: options.ref, rulesetPath: options.rulesetPath },
        })
      ).validation,
    create: async (client, repoUrl, options) =>
      rulesetSubmission(
        await client.api.rulesetSubmissions.create({
          body: {
            repoUrl,
            name: options.name,
            description: options.description,
            sourceRef: options.ref,
            rulesetPath: options.rulesetPath,
            // An unknown category is the API's 400, which names the ones it knows.
            category: (options.category ?? 'Other') as RulesetCategory,
          },
        }),
      ),
    get: async (client, id) => {
      const { submission } = await client.api.rulesetSubmissions.get({ params: { path: { id } } });
      return rulesetSubmission({ submission });
    },
  },
};

/** A split policy's implementation repository, when given. */
const split = (options: SubmitOptions) =>
  options.implementation
    ? { projectType: 'split' as const, implementationSourceHostUrl: options.implementation }
    : {};

/** A policy submission as printed; `body` is what `--json` prints. */
const policySubmission = (
  body: Record<string, unknown> & { submission: Schemas['SubmissionDto'] },
): SubmissionShown => ({ body, ...body.submission, target: `policy ${body.submission.policyId}` });

/** A ruleset submission as printed; `body` is what `--json` prints. */
const rulesetSubmission = (
  body: Record<string, unknown> & { submission: Schemas['RulesetSubmissionDto'] },
): SubmissionShown => ({
  body,
  ...body.submission,
  feedback: body.submission.review_feedback,
  target: `ruleset ${body.submission.ruleset_id}`,
});

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
      const kind: Kind = options.ruleset ? 'ruleset' : 'policy';
      const calls = SUBMISSION_CALLS[kind];
      const validation = await ctx.out.task(`Validating the ${kind} repository ${repoUrl}`, () =>
        calls.validate(client, repoUrl, options),
      );
      if (!validation.ok || options.validateOnly) {
        if (ctx.out.json) ctx.out.data({ validation });
        else printFindings(ctx.out, validation);
        if (!validation.ok) throw new CliError(`the ${kind} repository did not pass validation`, EXIT.failed);
        return;
      }
      try {
        const submitted = await ctx.out.task(`Submitting ${options.name}`, () =>
          calls.create(client, repoUrl, {
            ...options,
            name: options.name!,
            description: options.description!,
          }),
        );
        if (ctx.out.json) return ctx.out.data({ validation, ...submitted.body });
        printFindings(ctx.out, validation);
        ctx.out.line(
          `Submitted "${submitted.name}": submission ${submitted.id} (${submitted.status}), ${submitted.target}`,
        );
        ctx.out.line(
          `Follow it with: policy-catalog submissions status ${submitted.id}${options.ruleset ? ' --ruleset' : ''}`,
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
    .option('--ruleset', 'with an id: a ruleset submission')
    .action(async (id: string | undefined, options: { ruleset?: boolean }, command: Command) => {
      const ctx = new Context(command, env);
      const client = ctx.client();
      if (id) {
        if (!UUID.test(id)) throw new CliError(`not a submission id: ${id}`, EXIT.usage);
        const submission = await SUBMISSION_CALLS[options.ruleset ? 'ruleset' : 'policy'].get(client, id);
        if (ctx.out.json) return ctx.out.data(submission.body);
        ctx.out.line(`${ctx.out.c.bold(submission.name)}: ${submission.status}`);
        if (submission.feedback) ctx.out.line(`feedback: ${submission.feedback}`);
        if (submission.validation) printFindings(ctx.out, submission.validation);
        return;
      }
      const policies = [];
      for await (const s of client.items('Submissions_list', { params: { query: { limit: 50 } } }))
        policies.push(s);
      const { submissions: rulesets } = await client.api.rulesetSubmissions.list();
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
