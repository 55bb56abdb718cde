import { Injectable } from '@nestjs/common';
import {
  EVALUATION_LIMITS,
  EVALUATION_SEVERITIES,
  type EvaluateRequest,
  type EvaluationReport,
  type RequestContext,
  RulesetEvaluationRpc,
  RULESET_LIMITS,
  RULESET_SORTS,
  RulesetsRpc,
  SCOPE_FILTERS,
  VENDOR_SLUG_PATTERN,
} from '@pc/contracts';
import { BusClient, RemoteError } from '@pc/platform';
import { z } from 'zod';
import { defineMySubmissionsTool, registerListingTools } from './listing-tools';
import {
  communityRulesetSummarySchema,
  docsOutput,
  id,
  rulesetSchema,
  rulesetSubmissionSchema,
  severityCounts,
  summary,
  text,
  toDocs,
  toRuleset,
  toRulesetSubmission,
  toRulesetSummary,
  toVendorRuleset,
  vendorRulesetSchema,
  vendorRulesetSummarySchema,
} from './schemas';
import { offsetOf, READ_ONLY, type ToolKit } from './tool-kit';
import type { ToolSet } from './tool-set';

const nullableString = z.string().nullable();

const evaluationSchema = z.object({
  specification: z.object({
    format: z.string(),
    files: z.array(z.string()),
    digest: z.string(),
    parsed: z.boolean(),
  }),
  conforms: z.boolean(),
  counts: severityCounts,
  evaluations: z.array(
    z.object({
      ruleset: z.object({
        source: z.enum(['community', 'vendor']),
        id: nullableString,
        slug: nullableString,
        name: z.string(),
        profileName: nullableString,
      }),
      conforms: z.boolean(),
      counts: severityCounts,
      results: z.array(
        z.object({
          rule: z.string(),
          severity: z.enum(EVALUATION_SEVERITIES),
          message: z.string(),
          file: nullableString,
          line: z.number().int().nullable(),
          column: z.number().int().nullable(),
          pointer: nullableString,
          modelPath: nullableString,
        }),
      ),
      truncated: z.boolean(),
      cached: z.boolean(),
    }),
  ),
  durationMs: z.number(),
});

const reportText = (report: EvaluationReport): string =>
  [
    `${report.specification.format}: ${report.conforms ? 'conforms' : 'does not conform'} (${report.counts.violation} violations, ${report.counts.warning} warnings, ${report.counts.info} info)`,
    ...report.evaluations.flatMap((e) => [
      `## ${e.ruleset.name}: ${e.conforms ? 'conforms' : 'does not conform'}`,
      ...e.results.map(
        (r) =>
          `- ${r.severity} ${r.rule} at ${r.file ?? '?'}:${r.line ?? '?'}:${r.column ?? '?'} ${r.pointer ?? r.modelPath ?? ''}: ${r.message}`,
      ),
    ]),
  ].join('\n');

/**
 * The specification evaluate_api was given, as the rulesets service takes it: its content, or a repository
 * and the path of its main file; said in the tool's own argument names when it is neither or both.
 */
function specificationOf(args: {
  content?: string;
  filename?: string;
  repo_url?: string;
  path?: string;
  ref?: string;
}): EvaluateRequest['specification'] {
  const refuse = (message: string): never => {
    throw new RemoteError({ code: 'BAD_REQUEST', message });
  };
  const how = 'Give the specification as content, or as repo_url and path';
  const fromRepository = args.repo_url !== undefined || args.path !== undefined || args.ref !== undefined;
  if (args.content !== undefined) {
    if (fromRepository) refuse(`${how}, not both`);
    return { content: args.content, filename: args.filename };
  }
  if (args.repo_url === undefined) return refuse(`${how} (its main file in the repository)`);
  if (args.path === undefined)
    return refuse('path is required with repo_url: the main file of the specification in the repository');
  return { repoUrl: args.repo_url, path: args.path, ref: args.ref };
}

/** The rulesets service names the REST API's fields (repoUrl); the tool's argument is repo_url. */
function inToolNames(error: unknown): unknown {
  if (!(error instanceof RemoteError) || !/\brepoUrl\b/.test(error.payload.message)) return error;
  return new RemoteError({
    ...error.payload,
    message: error.payload.message.replace(/\brepoUrl\b/g, 'repo_url'),
  });
}

/** API-governance rulesets: the rulesets service, with the same filters and visibility as GET /api/rulesets. */
@Injectable()
export class RulesetTools implements ToolSet {
  constructor(private readonly bus: BusClient) {}

  register(kit: ToolKit): void {
    this.registerListing(kit);

    kit.define('evaluate_api', {
      title: 'Evaluate an API specification against rulesets',
      description:
        'Runs rulesets (community ones by id, vendor ones by slug) on an API specification (OpenAPI 2.0, 3.0 ' +
        'or 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0), like POST /api/ruleset-evaluations: give the document as content, or a ' +
        'repository URL on the source host and the path of its main file. Answers whether it conforms and ' +
        'every result with its rule, severity, message, file, line, column and place in the API model. ' +
        'Nothing is stored. Counts against the per-user evaluations budget of the REST API ' +
        '(RATE_LIMIT_EVALUATIONS_PER_MINUTE).',
      scope: 'api:read',
      budget: 'evaluation',
      input: {
        ruleset_ids: z
          .array(id('ruleset', 'from search_rulesets or search'))
          .max(EVALUATION_LIMITS.rulesets.max)
          .optional()
          .describe('Community rulesets.'),
        vendor_slugs: z
          .array(z.string().regex(VENDOR_SLUG_PATTERN, 'must be a slug'))
          .max(EVALUATION_LIMITS.rulesets.max)
          .optional()
          .describe('Vendor rulesets (slugs from search_rulesets with source vendor).'),
        // One bus message (and the tool server's 1 MiB body): larger documents, up to 5 MiB, through the
        // REST API, which sends them ahead in parts.
        content: z
          .string()
          .max(EVALUATION_LIMITS.uploadPartBytes)
          .optional()
          .describe(
            `The specification, JSON or YAML (RAML 1.0 too), at most ${EVALUATION_LIMITS.uploadPartBytes} characters here (up to ${EVALUATION_LIMITS.specificationBytes} bytes through POST /api/rulesets/{id}/evaluations).`,
          ),
        filename: z
          .string()
          .regex(/^[A-Za-z0-9._-]{1,255}$/)
          .optional()
          .describe('Its file name (default api.yaml).'),
        repo_url: z.url().max(RULESET_LIMITS.url.max).optional().describe('A repository on the source host.'),
        path: text(1, EVALUATION_LIMITS.path.max).optional().describe('With repo_url: the main file.'),
        ref: text(1, RULESET_LIMITS.sourceRef.max)
          .optional()
          .describe('With repo_url: branch, tag or commit.'),
      },
      output: { report: evaluationSchema },
      // It reads the source host when given a repository: open world.
      annotations: { ...READ_ONLY, openWorldHint: true },
      run: async (args, ctx) => {
        const rulesets = [
          ...(args.ruleset_ids ?? []).map((rid) => ({ id: rid })),
          ...(args.vendor_slugs ?? []).map((slug) => ({ slug })),
        ];
        const { min, max } = EVALUATION_LIMITS.rulesets;
        if (rulesets.length < min || rulesets.length > max)
          throw new RemoteError({
            code: 'BAD_REQUEST',
            message: `Give ${min} to ${max} rulesets in ruleset_ids and vendor_slugs together (given: ${rulesets.length})`,
          });
        const report = await this.bus
          .request(
            RulesetEvaluationRpc.evaluate,
            ctx,
            { rulesets, specification: specificationOf(args) },
            { timeoutMs: EVALUATION_LIMITS.evaluationWaitMs },
          )
          .catch((error: unknown) => {
            throw inToolNames(error);
          });
        return { data: { report }, text: reportText(report) };
      },
    });

    defineMySubmissionsTool(kit, 'list_my_ruleset_submissions', {
      title: 'List my ruleset submissions',
      description:
        'Lists the rulesets you submitted for review with their status (submitted: waiting for review; ' +
        "needs_improvement: sent back with the reviewer's feedback; approved; rejected).",
      schema: rulesetSubmissionSchema,
      list: async (ctx, page) => {
        const { submissions, hasMore, nextCursor } = await this.bus.request(
          RulesetsRpc.listSubmissions,
          ctx,
          page,
        );
        return { submissions, hasMore, nextCursor };
      },
      toJson: toRulesetSubmission,
      feedback: (submission) => submission.review_feedback,
      none: 'You have no ruleset submissions.',
    });
  }

  /** Search, get and the resources: community rulesets by id, vendor ones by slug. */
  private registerListing(kit: ToolKit): void {
    const entry = async (id: string, ctx: RequestContext) =>
      (await this.bus.request(RulesetsRpc.get, ctx, { id })).ruleset;
    const docs = (id: string, ctx: RequestContext) => this.bus.request(RulesetsRpc.getDocs, ctx, { id });
    registerListingTools(kit, {
      one: 'ruleset',
      many: 'rulesets',
      offsetMax: RULESET_LIMITS.offset.max,
      search: {
        title: 'Search governance rulesets',
        description:
          'Searches API-governance rulesets, like GET /api/rulesets. source community (default): rulesets ' +
          'people submitted (published ones, plus your own under review); source vendor: the vendor ' +
          'rulesets. Filters: q (words of the name and description), category (e.g. Security, ' +
          'API Design), scope (what the ruleset governs: rest-api, async-api, http-api, grpc-api, agent, ' +
          'mcp), sort alpha, submitted, likes or views, order. Answers summaries: use get_ruleset (community, ' +
          'by id, with its documentation) or get_vendor_ruleset (vendor, by slug).',
        input: {
          q: text(1, RULESET_LIMITS.q.max).optional().describe('Words to find in the name and description.'),
          category: text(1, RULESET_LIMITS.category.max).optional().describe('A category, e.g. Security.'),
          scope: z.enum(SCOPE_FILTERS).optional().describe('Only rulesets that govern this kind of API.'),
          sort: z.enum(RULESET_SORTS).optional().describe('alpha (default), submitted, likes or views.'),
        },
        summary: z.union([communityRulesetSummarySchema, vendorRulesetSummarySchema]),
        list: async (args, ctx) => {
          const { rulesets, hasMore } = await this.bus.request(RulesetsRpc.list, ctx, args);
          return { summaries: rulesets.map(toRulesetSummary), hasMore };
        },
        line: (r) =>
          r.source === 'vendor'
            ? `- ${r.name} (vendor, slug ${r.slug})`
            : `- ${r.name} (${r.category}, ${r.target_scopes.join('/') || 'any scope'}, ${r.lifecycle_status}) id ${r.id}`,
      },
      get: {
        title: 'Get a governance ruleset with its documentation',
        description:
          'Gets one community ruleset by id: description, category, the scopes it governs, its rules ' +
          '(names and counts by severity), source repository, the ideas it delivers, and its documentation ' +
          'tabs (overview, rules, examples, faq and custom tabs) in display order. Rulesets under review ' +
          'are visible only to their owner.',
        output: { ruleset: rulesetSchema, ...docsOutput },
        run: async (id, ctx) => {
          const [ruleset, found] = await Promise.all([entry(id, ctx), docs(id, ctx)]);
          return {
            data: { ruleset: toRuleset(ruleset), ...toDocs(found) },
            text: [
              `${ruleset.name} (${ruleset.category}, ${ruleset.lifecycle_status}): ${ruleset.rule_names.length} rules`,
              ...found.tabs.map((t) => `## ${t.title}\n\n${t.bodyMd}`),
            ].join('\n\n'),
          };
        },
      },
      community: {
        title: 'Community ruleset',
        description:
          'A community API-governance ruleset with its rules and documentation (published ones, and your ' +
          'own under review).',
        entry,
        docs,
        toJson: toRuleset,
        facts: (ruleset) => [
          ['Category', ruleset.category],
          ['Governs', ruleset.target_scopes.join(', ')],
          ['Status', ruleset.lifecycle_status],
          ['Rules', ruleset.rule_names.join(', ')],
          ['Source', ruleset.source_url],
        ],
        list: async (after, limit, ctx) => {
          const offset = offsetOf(after, RULESET_LIMITS.offset.max);
          const page = await this.bus.request(RulesetsRpc.list, ctx, { source: 'community', limit, offset });
          return {
            items: page.rulesets.map((r) =>
              r.source === 'vendor'
                ? { key: r.slug, name: r.name, description: r.summary }
                : { key: r.id, name: r.name, description: summary(r.description) },
            ),
            next: page.hasMore ? String(offset + page.rulesets.length) : null,
          };
        },
      },
      vendor: {
        description:
          'Gets one vendor ruleset by its slug (from search_rulesets with source vendor), with its ' +
          'documentation in Markdown.',
        resource: 'A vendor API-governance ruleset with its documentation.',
        slug: 'The vendor ruleset slug.',
        schema: vendorRulesetSchema,
        get: async (slug, ctx) =>
          (await this.bus.request(RulesetsRpc.getVendorRuleset, ctx, { slug })).ruleset,
        toJson: toVendorRuleset,
        list: async (query, ctx) => {
          const page = await this.bus.request(RulesetsRpc.list, ctx, { source: 'vendor', ...query });
          return {
            items: page.rulesets.flatMap((r) => (r.source === 'vendor' ? [r] : [])),
            hasMore: page.hasMore,
          };
        },
      },
    });
  }
}
