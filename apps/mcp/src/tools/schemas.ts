import {
  ASSET_KINDS,
  type Comment,
  DIRECTIONS,
  type DocsCompleteness,
  type DocTab,
  IDEA_STATUSES,
  type Idea,
  type Notification,
  type Policy,
  POLICY_STATUSES,
  type PolicySubmission,
  RULESET_CATEGORIES,
  RULESET_LIFECYCLE_STATUSES,
  RULESET_SUBMISSION_STATUSES,
  type Ruleset,
  type RulesetSubmission,
  type RulesetSummary,
  SUBMISSION_STATUSES,
  TARGET_SCOPES,
  type VendorPolicy,
  type VendorPolicySummary,
  type VendorRuleset,
  type VendorRulesetSummary,
} from '@pc/contracts';
import { z } from 'zod';

// ---- Inputs -------------------------------------------------------------------------------------

const NUL = String.fromCharCode(0);
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text as PostgreSQL can store it: no NUL characters, no lone surrogates. */
/** A type's message, or "is required" when the argument is missing (zod would say "received undefined"). */
const required =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? 'is required' : message;

export const text = (min: number, max: number) =>
  z
    .string({ error: required('must be text') })
    .trim()
    .min(min, `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .refine(
      (value) => !value.includes(NUL) && !LONE_SURROGATE.test(value),
      'must be valid text without NUL characters',
    );

/** An id argument: what it names, and where an assistant finds one (a tool that lists them, a page, a route). */
export const id = (what: string, from: string) =>
  z.uuid({ error: required('must be a UUID') }).describe(`The ${what}'s id (a UUID), ${from}.`);

/** Where a workspace's id is found. */
export const WORKSPACE_FROM = 'from list_workspaces';

export const page = (max: number, fallback: number, maxOffset: number) => ({
  limit: z
    .number()
    .int()
    .min(1)
    .max(max)
    .default(fallback)
    .describe(`How many to return, 1 to ${max} (default ${fallback}).`),
  offset: z
    .number()
    .int()
    .min(0)
    .max(maxOffset)
    .default(0)
    .describe("How many to skip: pass the previous answer's nextOffset to get the next page."),
});

// ---- Outputs (each mapper returns exactly what its schema declares) -----------------------------

const nullableString = z.string().nullable();

export const ideaSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(IDEA_STATUSES),
  votes: z.number().int(),
  voted: z.boolean().describe('Whether you have voted for it.'),
  submitter_id: z.string(),
  created_at: z.string(),
});

export const toIdea = (idea: Idea): z.infer<typeof ideaSchema> => ({
  id: idea.id,
  title: idea.title,
  description: idea.description,
  status: idea.status,
  votes: idea.votes,
  voted: idea.voted,
  submitter_id: idea.submitter_id,
  created_at: idea.created_at,
});

const SUMMARY_MAX = 280;
/** The start of a listing's text, as its summary shows it. */
export const summary = (markdown: string): string =>
  markdown.length <= SUMMARY_MAX ? markdown : `${markdown.slice(0, SUMMARY_MAX - 1).trimEnd()}…`;

/** An idea a listing declares or delivers, as every kind answers it. */
const deliveredIdeaSchema = z.object({
  id: z.string(),
  title: z.string(),
  phase: z.enum(['declared', 'delivered']),
  coverage: z.enum(['full', 'partial']),
});

const toDeliveredIdea = (idea: z.infer<typeof deliveredIdeaSchema>): z.infer<typeof deliveredIdeaSchema> => ({
  id: idea.id,
  title: idea.title,
  phase: idea.phase,
  coverage: idea.coverage,
});

export const communityPolicySummarySchema = z.object({
  source: z.literal('community'),
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  summary: z.string().describe('The start of the About text.'),
  category: nullableString,
  status: z.enum(POLICY_STATUSES),
  direction: z.enum(DIRECTIONS),
  asset_kinds: z.array(z.enum(ASSET_KINDS)),
  likes: z.number().int(),
  owner_username: nullableString,
  published_at: nullableString,
});

export const vendorPolicySummarySchema = z.object({
  source: z.literal('vendor'),
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  direction: z.enum(DIRECTIONS),
  category: nullableString,
});

export const toPolicySummary = (
  policy: Policy | VendorPolicySummary,
): z.infer<typeof communityPolicySummarySchema> | z.infer<typeof vendorPolicySummarySchema> =>
  'source' in policy && policy.source === 'vendor'
    ? {
        source: 'vendor',
        slug: policy.slug,
        name: policy.name,
        summary: summary(policy.summary),
        direction: policy.direction,
        category: policy.category,
      }
    : toCommunitySummary(policy as Policy);

const toCommunitySummary = (policy: Policy): z.infer<typeof communityPolicySummarySchema> => ({
  source: 'community',
  id: policy.id,
  slug: policy.slug,
  name: policy.name,
  summary: summary(policy.description),
  category: policy.category,
  status: policy.status,
  direction: policy.direction,
  asset_kinds: policy.asset_kinds,
  likes: policy.likes,
  owner_username: policy.owner_username,
  published_at: policy.published_at,
});

export const policySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().describe('The About text (Markdown).'),
  category: nullableString,
  status: z.enum(POLICY_STATUSES),
  direction: z.enum(DIRECTIONS),
  asset_kinds: z.array(z.enum(ASSET_KINDS)),
  a2a_protocol_versions: z.array(z.string()),
  project_type: z.enum(['unified', 'split']),
  source_host_url: z.string(),
  implementation_source_host_url: nullableString,
  source_ref: nullableString,
  version: nullableString,
  likes: z.number().int(),
  liked: z.boolean(),
  downloads: z.number().int(),
  owner_name: nullableString,
  owner_username: nullableString,
  contributors: z.array(z.object({ user_id: z.string(), username: nullableString, name: z.string() })),
  delivers_ideas: z.array(
    deliveredIdeaSchema.extend({ scope_note: nullableString, completes_idea: z.boolean() }),
  ),
  docs: z.object({ tabCount: z.number().int(), filled: z.number().int(), total: z.number().int() }),
  video_tutorial_url: nullableString,
  examples_url: nullableString,
  published_at: nullableString,
  created_at: z.string(),
  updated_at: z.string(),
});

export const toPolicy = (p: Policy): z.infer<typeof policySchema> => ({
  id: p.id,
  slug: p.slug,
  name: p.name,
  description: p.description,
  category: p.category,
  status: p.status,
  direction: p.direction,
  asset_kinds: p.asset_kinds,
  a2a_protocol_versions: p.a2a_protocol_versions,
  project_type: p.project_type,
  source_host_url: p.source_host_url,
  implementation_source_host_url: p.implementation_source_host_url,
  source_ref: p.source_ref,
  version: p.version,
  likes: p.likes,
  liked: p.liked,
  downloads: p.downloads,
  owner_name: p.owner_name,
  owner_username: p.owner_username,
  contributors: p.contributors.map((c) => ({ user_id: c.user_id, username: c.username, name: c.name })),
  delivers_ideas: p.delivers_ideas.map((d) => ({
    ...toDeliveredIdea(d),
    scope_note: d.scope_note,
    completes_idea: d.completes_idea,
  })),
  docs: {
    tabCount: p.docs_summary.tabCount,
    filled: p.docs_summary.completeness.filled,
    total: p.docs_summary.completeness.total,
  },
  video_tutorial_url: p.video_tutorial_url,
  examples_url: p.examples_url,
  published_at: p.published_at,
  created_at: p.created_at,
  updated_at: p.updated_at,
});

export const vendorPolicySchema = vendorPolicySummarySchema.extend({
  body_md: z.string().describe('The documentation (Markdown).'),
});

export const toVendorPolicy = (p: VendorPolicy): z.infer<typeof vendorPolicySchema> => ({
  source: 'vendor',
  slug: p.slug,
  name: p.name,
  summary: p.summary,
  direction: p.direction,
  category: p.category,
  body_md: p.body_md,
});

/** Results by severity: a ruleset's rules, an evaluation's findings. */
export const severityCounts = z.object({
  violation: z.number().int(),
  warning: z.number().int(),
  info: z.number().int(),
});

export const communityRulesetSummarySchema = z.object({
  source: z.literal('community'),
  id: z.string(),
  name: z.string(),
  summary: z.string().describe('The start of the description.'),
  category: z.enum(RULESET_CATEGORIES),
  lifecycle_status: z.enum(RULESET_LIFECYCLE_STATUSES),
  target_scopes: z.array(z.enum(TARGET_SCOPES)),
  rule_counts: severityCounts,
  tags: z.array(z.string()),
  likes: z.number().int(),
  owner_username: nullableString,
  published_at: nullableString,
});

export const vendorRulesetSummarySchema = z.object({
  source: z.literal('vendor'),
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  category: nullableString,
});

export const rulesetSchema = communityRulesetSummarySchema.omit({ summary: true }).extend({
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
    deliveredIdeaSchema.extend({
      slug: z
        .string()
        .optional()
        .describe(
          "The idea's slug: the words of its title, lower-case, joined by '-' (its id when it has none).",
        ),
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

export const vendorRulesetSchema = vendorRulesetSummarySchema.extend({
  body_md: z.string(),
  evaluable: z.boolean().describe('evaluate_api can run it (false: it governs MCP servers or agents).'),
});

export const toRulesetSummary = (
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

export const toRuleset = (r: Ruleset): z.infer<typeof rulesetSchema> => ({
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
  delivers_ideas: r.delivers_ideas.map((d) => ({ ...toDeliveredIdea(d), slug: d.slug })),
  updated_at: r.updated_at,
  evaluable: r.engine_check?.evaluable ?? null,
  examples_passed: r.engine_check?.examples?.passed ?? null,
});

export const toVendorRuleset = (r: VendorRuleset): z.infer<typeof vendorRulesetSchema> => ({
  source: 'vendor',
  slug: r.slug,
  name: r.name,
  summary: r.summary,
  category: r.category,
  body_md: r.body_md,
  evaluable: r.evaluable,
});

export const docTabSchema = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(['predefined', 'custom']),
  bodyMd: z.string(),
  sortOrder: z.number().int(),
});

export const toDocTab = (t: DocTab): z.infer<typeof docTabSchema> => ({
  key: t.key,
  title: t.title,
  kind: t.kind,
  bodyMd: t.bodyMd,
  sortOrder: t.sortOrder,
});

/** A listing's documentation, as the tools answer it: its tabs in display order and how complete it is. */
export const docsOutput = {
  tabs: z.array(docTabSchema),
  completeness: z.object({ filled: z.number().int(), total: z.number().int(), ratio: z.number() }),
};

export const toDocs = (docs: {
  tabs: DocTab[];
  completeness: DocsCompleteness;
}): z.infer<z.ZodObject<typeof docsOutput>> => ({
  tabs: docs.tabs.map(toDocTab),
  completeness: {
    filled: docs.completeness.filled,
    total: docs.completeness.total,
    ratio: docs.completeness.ratio,
  },
});

export const commentSchema = z.object({
  id: z.string(),
  parentId: nullableString.describe('The top-level comment this replies to; null for a top-level comment.'),
  deleted: z.boolean(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});

export const toComment = (c: Comment): z.infer<typeof commentSchema> => ({
  id: c.id,
  parentId: c.parentId,
  deleted: c.deleted,
  body: c.body,
  authorName: c.authorName,
  createdAt: c.createdAt,
});

export const submissionSchema = z.object({
  id: z.string(),
  policyId: z.string(),
  name: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  sourceHostUrl: z.string(),
  feedback: nullableString.describe("The reviewer's feedback, when there is some."),
  reviewedAt: nullableString,
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const toSubmission = (s: PolicySubmission): z.infer<typeof submissionSchema> => ({
  id: s.id,
  policyId: s.policyId,
  name: s.name,
  status: s.status,
  sourceHostUrl: s.sourceHostUrl,
  feedback: s.feedback,
  reviewedAt: s.reviewedAt,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

export const rulesetSubmissionSchema = z.object({
  id: z.string(),
  ruleset_id: z.string(),
  name: z.string(),
  status: z.enum(RULESET_SUBMISSION_STATUSES),
  review_feedback: nullableString,
  reviewed_at: nullableString,
  created_at: z.string(),
  updated_at: z.string(),
});

export const toRulesetSubmission = (s: RulesetSubmission): z.infer<typeof rulesetSubmissionSchema> => ({
  id: s.id,
  ruleset_id: s.ruleset_id,
  name: s.name,
  status: s.status,
  review_feedback: s.review_feedback,
  reviewed_at: s.reviewed_at,
  created_at: s.created_at,
  updated_at: s.updated_at,
});

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  created_at: z.string(),
});

export const toNotification = (n: Notification): z.infer<typeof notificationSchema> => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  data: n.data,
  read: n.read,
  created_at: n.created_at,
});
