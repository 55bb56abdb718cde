import { Injectable } from '@nestjs/common';
import {
  EVALUATION_LIMITS,
  EVALUATION_SEVERITIES,
  type EvaluationReport,
  type Ruleset,
  type RequestContext,
  RulesetEvaluationRpc,
  RULESET_CATEGORIES,
  RULESET_LIFECYCLE_STATUSES,
  RULESET_LIMITS,
  RULESET_SORTS,
  RULESET_SOURCES,
  RULESET_SUBMISSION_STATUSES,
  type RulesetSubmission,
  type RulesetSummary,
  RulesetsRpc,
  SCOPE_FILTERS,
  SORT_ORDERS,
  TARGET_SCOPES,
  VENDOR_SLUG_PATTERN,
  type VendorRuleset,
  type VendorRulesetSummary,
} from '@pc/contracts';
import { BusClient, RemoteError } from '@pc/platform';
import { z } from 'zod';
import { TOOL_PAGE } from './catalog-inputs';
import { docTabSchema, id, page, text, toDocTab } from './schemas';
import { entryMarkdown, offsetOf, READ_ONLY, type ToolKit } from './tool-kit';
import type { ToolSet } from './tool-set';

const nullableString = z.string().nullable();
const ruleCounts = z.object({
  violation: z.number().int(),
  warning: z.number().int(),
  info: z.number().int(),
});

const SUMMARY_MAX = 280;
const summary = (markdown: string): string =>
  markdown.length <= SUMMARY_MAX ? markdown : `${markdown.slice(0, SUMMARY_MAX - 1).trimEnd()}…`;

const communityRulesetSummarySchema = z.object({
  source: z.literal('community'),
  id: z.string(),
  name: z.string(),
  summary: z.string().describe('The start of the description.'),
  category: z.enum(RULESET_CATEGORIES),
  lifecycle_status: z.enum(RULESET_LIFECYCLE_STATUSES),
  target_scopes: z.array(z.enum(TARGET_SCOPES)),
  rule_counts: ruleCounts,
  tags: z.array(z.string()),
  likes: z.number().int(),
  owner_username: nullableString,
  published_at: nullableString,
});

const vendorRulesetSummarySchema = z.object({
  source: z.literal('vendor'),
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  category: nullableString,
});

const rulesetSchema = communityRulesetSummarySchema.omit({ summary: true }).extend({
  description: z.string(),
  profile_name: nullableString,
  rule_names: z.array(z.string()),
  source_url: z.string(),
  source_ref: nullableString,
  ruleset_path: nullableString,
  registry_asset_id: nullableString,
  video_tutorial_url: nullableString,
  examples_url: nullableString,
  delivers_ideas: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      phase: z.enum(['declared', 'delivered']),
      coverage: z.enum(['full', 'partial']),
    }),
  ),
  updated_at: z.string(),
  evaluable: z
    .boolean()
    .nullable()
    .describe('evaluate_api can run it (false: it governs MCP servers or agents; null: not known).'),
  examples_passed: z
    .boolean()
    .nullable()
    .describe('Its tested examples passed at validation (null: it has none, or they were not checked).'),
});

const vendorRulesetSchema = vendorRulesetSummarySchema.extend({
  body_md: z.string(),
  evaluable: z.boolean().describe('evaluate_api can run it (false: it governs MCP servers or agents).'),
});

const rulesetSubmissionSchema = z.object({
  id: z.string(),
  ruleset_id: z.string(),
  name: z.string(),
  status: z.enum(RULESET_SUBMISSION_STATUSES),
  review_feedback: nullableString,
  reviewed_at: nullableString,
  created_at: z.string(),
  updated_at: z.string(),
});

const toSummary = (
  r: RulesetSummary | VendorRulesetSummary,
): z.infer<typeof communityRulesetSummarySchema> | z.infer<typeof vendorRulesetSummarySchema> =>
  r.source === 'vendor'
    ? { source: 'vendor', slug: r.slug, name: r.name, summary: summary(r.summary), category: r.category }
    : {
        source: 'community',
        id: r.id,
        name: r.name,
        summary: summary(r.description),
        category: r.category,
        lifecycle_status: r.lifecycle_status,
        target_scopes: r.target_scopes,
        rule_counts: { ...r.rule_counts },
        tags: r.tags,
        likes: r.likes,
        owner_username: r.owner_username,
        published_at: r.published_at,
      };

const toRuleset = (r: Ruleset): z.infer<typeof rulesetSchema> => ({
  source: 'community',
  id: r.id,
  name: r.name,
  description: r.description,
  category: r.category,
  lifecycle_status: r.lifecycle_status,
  target_scopes: r.target_scopes,
  rule_counts: {
    violation: r.rule_counts.violation,
    warning: r.rule_counts.warning,
    info: r.rule_counts.info,
  },
  tags: r.tags,
  likes: r.likes,
  owner_username: r.owner_username,
  published_at: r.published_at,
  profile_name: r.profile_name,
  rule_names: r.rule_names,
  source_url: r.source_url,
  source_ref: r.source_ref,
  ruleset_path: r.ruleset_path,
  registry_asset_id: r.registry_asset_id,
  video_tutorial_url: r.video_tutorial_url,
  examples_url: r.examples_url,
  delivers_ideas: r.delivers_ideas.map((d) => ({
    id: d.id,
    title: d.title,
    phase: d.phase,
    coverage: d.coverage,
  })),
  updated_at: r.updated_at,
  evaluable: r.engine_check?.evaluable ?? null,
  examples_passed: r.engine_check?.examples?.passed ?? null,
});

const toVendorRuleset = (r: VendorRuleset): z.infer<typeof vendorRulesetSchema> => ({
  source: 'vendor',
  slug: r.slug,
  name: r.name,
  summary: r.summary,
  category: r.category,
  body_md: r.body_md,
  evaluable: r.evaluable,
});

const toRulesetSubmission = (s: RulesetSubmission): z.infer<typeof rulesetSubmissionSchema> => ({
  id: s.id,
  ruleset_id: s.ruleset_id,
  name: s.name,
  status: s.status,
  review_feedback: s.review_feedback,
  reviewed_at: s.reviewed_at,
  created_at: s.created_at,
  updated_at: s.updated_at,
});

const severityCounts = z.object({
  violation: z.number().int(),
  warning: z.number().int(),
  info: z.number().int(),
});
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

/** API-governance rulesets: the rulesets service, with the same filters and visibility as GET /api/rulesets. */
@Injectable()
export class RulesetTools implements ToolSet {
  constructor(private readonly bus: BusClient) {}

  register(kit: ToolKit): void {
    this.registerResources(kit);
    kit.define('search_rulesets', {
      title: 'Search governance rulesets',
      description:
        'Searches API-governance rulesets, like GET /api/rulesets. source community (default): rulesets ' +
        'people submitted (published ones, plus your own under review); source vendor: the vendor ' +
        'rulesets. Filters: q (words of the name and description), category (e.g. Security, ' +
        'API Design), scope (what the ruleset governs: rest-api, async-api, http-api, grpc-api, agent, ' +
        'mcp), sort alpha, submitted, likes or views, order. Answers summaries: use get_ruleset (community, ' +
        'by id, with its documentation) or get_vendor_ruleset (vendor, by slug).',
      scope: 'api:read',
      input: {
        source: z.enum(RULESET_SOURCES).default('community').describe('community (default) or vendor.'),
        q: text(1, RULESET_LIMITS.q.max).optional().describe('Words to find in the name and description.'),
        category: text(1, RULESET_LIMITS.category.max).optional().describe('A category, e.g. Security.'),
        scope: z.enum(SCOPE_FILTERS).optional().describe('Only rulesets that govern this kind of API.'),
        sort: z.enum(RULESET_SORTS).optional().describe('alpha (default), submitted, likes or views.'),
        order: z.enum(SORT_ORDERS).optional().describe('asc or desc.'),
        ...page(TOOL_PAGE.max, TOOL_PAGE.default, RULESET_LIMITS.offset.max),
      },
      output: {
        rulesets: z.array(z.union([communityRulesetSummarySchema, vendorRulesetSummarySchema])),
        hasMore: z.boolean(),
        nextOffset: z.number().int().nullable(),
      },
      annotations: READ_ONLY,
      run: async (args, ctx) => {
        const { rulesets, hasMore } = await this.bus.request(RulesetsRpc.list, ctx, args);
        const summaries = rulesets.map(toSummary);
        const nextOffset = hasMore ? args.offset + rulesets.length : null;
        const lines = summaries.map((r) =>
          r.source === 'vendor'
            ? `- ${r.name} (vendor, slug ${r.slug})`
            : `- ${r.name} (${r.category}, ${r.target_scopes.join('/') || 'any scope'}, ${r.lifecycle_status}) id ${r.id}`,
        );
        const head = summaries.length === 0 ? 'No rulesets match.' : `${summaries.length} rulesets:`;
        return {
          data: { rulesets: summaries, hasMore, nextOffset },
          text: [head, ...lines, ...(hasMore ? [`More: offset ${nextOffset}.`] : [])].join('\n'),
        };
      },
    });

    kit.define('get_ruleset', {
      title: 'Get a governance ruleset with its documentation',
      description:
        'Gets one community ruleset by id: description, category, the scopes it governs, its rules ' +
        '(names and counts by severity), source repository, the ideas it delivers, and its documentation ' +
        'tabs (overview, rules, examples, faq and custom tabs) in display order. Rulesets under review ' +
        'are visible only to their owner.',
      scope: 'api:read',
      input: { id: id('ruleset') },
      output: {
        ruleset: rulesetSchema,
        tabs: z.array(docTabSchema),
        completeness: z.object({ filled: z.number().int(), total: z.number().int(), ratio: z.number() }),
      },
      annotations: READ_ONLY,
      run: async ({ id }, ctx) => {
        const [{ ruleset }, docs] = await Promise.all([
          this.bus.request(RulesetsRpc.get, ctx, { id }),
          this.bus.request(RulesetsRpc.getDocs, ctx, { id }),
        ]);
        const { filled, total, ratio } = docs.completeness;
        return {
          data: {
            ruleset: toRuleset(ruleset),
            tabs: docs.tabs.map(toDocTab),
            completeness: { filled, total, ratio },
          },
          text: [
            `${ruleset.name} (${ruleset.category}, ${ruleset.lifecycle_status}): ${ruleset.rule_names.length} rules`,
            ...docs.tabs.map((t) => `## ${t.title}\n\n${t.bodyMd}`),
          ].join('\n\n'),
        };
      },
    });

    kit.define('get_vendor_ruleset', {
      title: 'Get a vendor ruleset',
      description:
        'Gets one vendor ruleset by its slug (from search_rulesets with source vendor), with its ' +
        'documentation in Markdown.',
      scope: 'api:read',
      input: {
        slug: z
          .string()
          .regex(VENDOR_SLUG_PATTERN, 'must be a slug: lowercase letters, digits and dashes')
          .describe('The vendor ruleset slug.'),
      },
      output: { ruleset: vendorRulesetSchema },
      annotations: READ_ONLY,
      run: async ({ slug }, ctx) => {
        const { ruleset } = await this.bus.request(RulesetsRpc.getVendorRuleset, ctx, { slug });
        return { data: { ruleset: toVendorRuleset(ruleset) }, text: `${ruleset.name}: ${ruleset.summary}` };
      },
    });

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
          .array(id('ruleset'))
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
        const report = await this.bus.request(
          RulesetEvaluationRpc.evaluate,
          ctx,
          {
            rulesets,
            specification:
              args.content !== undefined
                ? { content: args.content, filename: args.filename }
                : { repoUrl: args.repo_url, path: args.path, ref: args.ref },
          },
          { timeoutMs: 11 * 60_000 },
        );
        return { data: { report }, text: reportText(report) };
      },
    });

    kit.define('list_my_ruleset_submissions', {
      title: 'List my ruleset submissions',
      description:
        'Lists the rulesets you submitted for review with their status (submitted: waiting for review; ' +
        "needs_improvement: sent back with the reviewer's feedback; approved; rejected).",
      scope: 'api:read',
      input: {},
      output: { submissions: z.array(rulesetSubmissionSchema) },
      annotations: READ_ONLY,
      run: async (_args, ctx) => {
        const { submissions } = await this.bus.request(RulesetsRpc.listSubmissions, ctx, {});
        const lines = submissions.map(
          (s) =>
            `- ${s.name}: ${s.status}${s.review_feedback ? ` (feedback: ${s.review_feedback})` : ''} id ${s.id}`,
        );
        return {
          data: { submissions: submissions.map(toRulesetSubmission) },
          text: lines.length === 0 ? 'You have no ruleset submissions.' : lines.join('\n'),
        };
      },
    });
  }

  /** Rulesets as resources an assistant can attach: community ones by id, vendor ones by slug. */
  private registerResources(kit: ToolKit): void {
    const page = async (
      source: 'community' | 'vendor',
      after: string | undefined,
      limit: number,
      ctx: RequestContext,
    ) => {
      const offset = offsetOf(after, RULESET_LIMITS.offset.max);
      const result = await this.bus.request(RulesetsRpc.list, ctx, { source, limit, offset });
      return {
        items: result.rulesets.map((r) =>
          r.source === 'vendor'
            ? { key: r.slug, name: r.name, description: r.summary }
            : { key: r.id, name: r.name, description: summary(r.description) },
        ),
        next: result.hasMore ? String(offset + result.rulesets.length) : null,
      };
    };
    kit.collection({
      path: 'rulesets',
      title: 'Community ruleset',
      description:
        'A community API-governance ruleset with its rules and documentation (published ones, and your ' +
        'own under review).',
      key: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      list: (after, limit, ctx) => page('community', after, limit, ctx),
      read: async (key, ctx) => {
        const [{ ruleset }, docs] = await Promise.all([
          this.bus.request(RulesetsRpc.get, ctx, { id: key }),
          this.bus.request(RulesetsRpc.getDocs, ctx, { id: key }),
        ]);
        const json = { ruleset: toRuleset(ruleset), tabs: docs.tabs.map(toDocTab) };
        const markdown = entryMarkdown(
          ruleset.name,
          [
            ['Category', ruleset.category],
            ['Governs', ruleset.target_scopes.join(', ')],
            ['Status', ruleset.lifecycle_status],
            ['Rules', ruleset.rule_names.join(', ')],
            ['Source', ruleset.source_url],
          ],
          ruleset.description,
          docs.tabs,
        );
        return { markdown, json };
      },
    });
    kit.collection({
      path: 'vendor-rulesets',
      title: 'Vendor ruleset',
      description: 'A vendor API-governance ruleset with its documentation.',
      key: VENDOR_SLUG_PATTERN,
      list: (after, limit, ctx) => page('vendor', after, limit, ctx),
      read: async (key, ctx) => {
        const { ruleset } = await this.bus.request(RulesetsRpc.getVendorRuleset, ctx, { slug: key });
        const json = { ruleset: toVendorRuleset(ruleset) };
        return {
          markdown: entryMarkdown(ruleset.name, [['Vendor ruleset', ruleset.slug]], ruleset.body_md),
          json,
        };
      },
    });
  }
}
