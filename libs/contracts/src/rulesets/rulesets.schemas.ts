import { z } from 'zod';
import { COMMIT_SHA_PATTERN, LIST_CURSOR_MAX } from '../catalog/catalog.limits';
import {
  type EndRulesetTransferRequest,
  type EndRulesetTransfersRequest,
  IDEA_COVERAGES,
  type MoveRulesetOwnershipRequest,
  RULESET_TRANSFER_ENDINGS,
  RULESET_TRANSFER_ENDS_MAX,
} from '../catalog/catalog-review.types';
import { type PageRequest, SORT_ORDERS } from '../catalog/catalog.types';
import type { MessageSchema } from '../common/message-schemas';
import {
  EVALUATION_LIMITS as E,
  type EvaluateRequest,
  type SpecificationUploadPart,
} from './rulesets.evaluation';
import { RULESET_LIMITS as L } from './rulesets.limits';
import {
  type CountRulesetViewsRequest,
  type ListRulesetsRequest,
  type PinRulesetRequest,
  type ReplaceRulesetDocsRequest,
  RULESET_CATEGORIES,
  RULESET_SORTS,
  RULESET_SOURCES,
  type RulesetReviewRequest,
  type RulesetSubmissionInput,
  type RulesetTabKeyRequest,
  SCOPE_FILTERS,
  TARGET_SCOPES,
  type UpdateRulesetRequest,
  type UpdateRulesetSubmissionRequest,
  type UpsertRulesetTabRequest,
  type ValidateRulesetRequest,
} from './rulesets.types';

/**
 * The data of each rulesets message, defined once: checked where the message enters the service
 * (`@Handles`), with the limits the gateway's DTOs read (`RULESET_LIMITS`, `EVALUATION_LIMITS`); the
 * gateway's DTOs are held equal to these by `apps/gateway/src/rulesets/ruleset-schemas.spec.ts`, the tool
 * server's inputs by `apps/mcp/src/tools/rulesets.tools.spec.ts`. Rules that need the database or the
 * repository (a tab key listed twice, an idea that is not approved) stay in the service.
 */

/** Ids a gateway sends in one count of views (it sends early when it holds this many). */
export const RULESET_VIEWS_PER_COUNT = 1000;

const uuid = z.uuid();
const empty: MessageSchema<Record<string, never>> = z.object({}).strict();
const id = z.object({ id: uuid }) satisfies MessageSchema<{ id: string }>;
/** An http(s) URL with a host (the gateway's `URL_RULES`: no top-level domain required). */
const url = z.string().max(L.url.max).refine(isHttpUrl, { message: 'must be an http or https URL' });
/** A URL, or an empty string that clears the field. */
const clearableUrl = z
  .string()
  .max(L.url.max)
  .refine((v) => v === '' || isHttpUrl(v), { message: 'must be an http or https URL, or empty' });
const unique = <T>(items: T[]): boolean => new Set(items).size === items.length;

const docTab = z.object({
  key: z.string().max(L.tabKey.max).regex(new RegExp(L.tabKey.pattern)),
  title: z.string().max(L.tabTitle.max),
  bodyMd: z.string().max(L.tabBody.max),
  sortOrder: z.number().int().min(L.tabSortOrder.min).max(L.tabSortOrder.max).optional(),
});

const endTransfer = z.object({
  transferId: uuid,
  rulesetId: uuid,
  fromUserId: uuid,
  toUserId: uuid,
  outcome: z.enum(RULESET_TRANSFER_ENDINGS),
});

const ideaDeclaration = z.object({
  ideaId: uuid,
  coverage: z.enum(IDEA_COVERAGES).optional(),
  scopeNote: z.string().max(L.scopeNote.max).optional(),
});

/** What create requires beside the fields of `submissionFields`, and PATCH takes optionally. */
const submissionCore = {
  name: z.string().trim().min(L.name.min).max(L.name.max),
  description: z.string().min(L.description.min).max(L.description.max),
  repoUrl: url,
};

const submissionFields = {
  category: z.enum(RULESET_CATEGORIES).optional(),
  sourceRef: z.string().max(L.sourceRef.max).optional(),
  rulesetPath: z.string().max(L.rulesetPath.max).optional(),
  targetScopes: z
    .array(z.enum(TARGET_SCOPES))
    .max(TARGET_SCOPES.length)
    .refine(unique, { message: 'must not repeat a scope' })
    .optional(),
  registryAssetId: z
    .string()
    .max(L.registryAssetId.max)
    .refine((v) => v === '' || new RegExp(L.registryAssetId.pattern).test(v), {
      message: `must match ${L.registryAssetId.pattern}, or be empty`,
    })
    .optional(),
  iconUrl: clearableUrl.optional(),
  iconDisabled: z.boolean().optional(),
  tags: z.array(z.string().max(L.tags.maxLength)).max(L.tags.maxItems).optional(),
  videoTutorialUrl: clearableUrl.optional(),
  examplesUrl: clearableUrl.optional(),
  docTabs: z.array(docTab).max(L.docTabs.maxItems).optional(),
  deliversIdeaIds: z.array(ideaDeclaration).max(L.deliversIdeaIds.maxItems).optional(),
};

/** A text sent ahead in parts (`SpecificationUpload`): an evaluation's specification, a pushed document. */
export const specificationUploadSchema = z.object({
  id: uuid,
  parts: z.number().int().min(1).max(E.uploadParts.max),
});

const specification = z.object({
  content: z.string().optional(),
  filename: z.string().max(E.filename.max).regex(new RegExp(E.filename.pattern)).optional(),
  repoUrl: url.optional(),
  ref: z.string().max(L.sourceRef.max).optional(),
  path: z.string().max(E.path.max).optional(),
  upload: specificationUploadSchema.optional(),
});

const rulesetRef = z.union([
  z.object({ id: uuid, slug: z.undefined().optional() }),
  z.object({
    slug: z.string().max(L.slug.max).regex(new RegExp(L.slug.pattern)),
    id: z.undefined().optional(),
  }),
]);

export const RulesetSchemas = {
  empty,
  id,
  validate: z.object({
    repoUrl: url,
    ref: z.string().max(L.sourceRef.max).optional(),
    rulesetPath: z.string().max(L.rulesetPath.max).optional(),
    includeBranches: z.boolean().optional(),
  }) satisfies MessageSchema<ValidateRulesetRequest>,
  createSubmission: z.object({
    ...submissionCore,
    ...submissionFields,
  }) satisfies MessageSchema<RulesetSubmissionInput>,
  updateSubmission: z.object({
    id: uuid,
    name: submissionCore.name.optional(),
    description: submissionCore.description.optional(),
    repoUrl: submissionCore.repoUrl.optional(),
    ...submissionFields,
    resubmit: z.boolean().optional(),
  }) satisfies MessageSchema<UpdateRulesetSubmissionRequest>,
  /** Approval: the feedback is optional. */
  review: z.object({
    id: uuid,
    feedback: z.string().max(L.feedback.max).optional(),
  }) satisfies MessageSchema<RulesetReviewRequest>,
  /** Sending back (needs improvement, rejected): the feedback says why. */
  sendBack: z.object({
    id: uuid,
    feedback: z.string().trim().min(1).max(L.feedback.max),
  }) satisfies MessageSchema<RulesetReviewRequest>,
  list: z.object({
    source: z.enum(RULESET_SOURCES).optional(),
    q: z.string().max(L.q.max).optional(),
    category: z.string().max(L.category.max).optional(),
    scope: z.enum(SCOPE_FILTERS).optional(),
    sort: z.enum(RULESET_SORTS).optional(),
    order: z.enum(SORT_ORDERS).optional(),
    limit: z.number().int().min(L.limit.min).max(L.limit.max).optional(),
    offset: z.number().int().min(L.offset.min).max(L.offset.max).optional(),
  }) satisfies MessageSchema<ListRulesetsRequest>,
  /** A page of the caller's own submissions: `cursor` is the `nextCursor` of the page before. */
  listSubmissions: z.object({
    limit: z.number().int().min(L.ownSubmissions.min).max(L.ownSubmissions.max).optional(),
    cursor: z.string().max(LIST_CURSOR_MAX).optional(),
  }) satisfies MessageSchema<PageRequest>,
  countViews: z.object({
    views: z
      .array(z.object({ id: uuid, count: z.number().int().min(1).max(1_000_000_000) }))
      .max(RULESET_VIEWS_PER_COUNT),
  }) satisfies MessageSchema<CountRulesetViewsRequest>,
  update: z.object({
    id: uuid,
    videoTutorialUrl: clearableUrl.optional(),
    examplesUrl: clearableUrl.optional(),
  }) satisfies MessageSchema<UpdateRulesetRequest>,
  pin: z.object({
    id: uuid,
    commit: z.string().regex(COMMIT_SHA_PATTERN).optional(),
  }) satisfies MessageSchema<PinRulesetRequest>,
  replaceDocs: z.object({
    id: uuid,
    tabs: z.array(docTab).min(L.docTabSet.minItems).max(L.docTabSet.maxItems),
  }) satisfies MessageSchema<ReplaceRulesetDocsRequest>,
  upsertTab: z.object({
    id: uuid,
    key: docTab.shape.key,
    title: z.string().min(L.tabTitle.min).max(L.tabTitle.max),
    bodyMd: docTab.shape.bodyMd.optional(),
    sortOrder: docTab.shape.sortOrder,
  }) satisfies MessageSchema<UpsertRulesetTabRequest>,
  tabKey: z.object({ id: uuid, key: docTab.shape.key }) satisfies MessageSchema<RulesetTabKeyRequest>,
  vendorSlug: z.object({
    slug: z.string().max(L.slug.max).regex(new RegExp(L.slug.pattern)),
  }) satisfies MessageSchema<{ slug: string }>,
  moveOwnership: z.object({
    transferId: uuid,
    rulesetId: uuid,
    fromUserId: uuid,
    toUserId: uuid,
  }) satisfies MessageSchema<MoveRulesetOwnershipRequest>,
  endTransfer: endTransfer satisfies MessageSchema<EndRulesetTransferRequest>,
  endTransfers: z.object({
    transfers: z
      .array(endTransfer)
      .min(1)
      .max(RULESET_TRANSFER_ENDS_MAX)
      .refine((transfers) => unique(transfers.map((t) => t.transferId)), {
        message: 'must name each transfer once',
      }),
  }) satisfies MessageSchema<EndRulesetTransfersRequest>,
  evaluate: z.object({
    rulesets: z.array(rulesetRef).min(E.rulesets.min).max(E.rulesets.max),
    specification,
  }) satisfies MessageSchema<EvaluateRequest>,
  uploadPart: z.object({
    id: uuid,
    index: z
      .number()
      .int()
      .min(0)
      .max(E.uploadParts.max - 1),
    // Characters: a part's JSON is at most uploadPartBytes bytes, so it has at most that many characters.
    text: z.string().max(E.uploadPartBytes),
  }) satisfies MessageSchema<SpecificationUploadPart>,
};

function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}
