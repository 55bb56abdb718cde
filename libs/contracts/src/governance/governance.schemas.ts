import { z } from 'zod';
import { LIST_CURSOR_MAX } from '../catalog/catalog.limits';
import type { MessageSchema } from '../common/message-schemas';
import { specificationUploadSchema } from '../rulesets/rulesets.schemas';
import { GOVERNANCE_LIMITS as L } from './governance.limits';
import type {
  ApiIdRequest,
  CreateGovernanceProfileRequest,
  CreateWaiverRequest,
  EvaluationDiffRequest,
  EvaluationIdRequest,
  GovernanceTrendRequest,
  ListApisRequest,
  ListEvaluationsRequest,
  ListWaiversRequest,
  PushDocumentRequest,
  RecordEvaluationRequest,
  RegisterApiRequest,
  UpdateApiRequest,
  UpdateGovernanceProfileRequest,
  UpdateSettingsRequest,
  WaiverIdRequest,
  WorkspaceIdData,
} from './governance.types';

/**
 * The data of each governance message, defined once: checked where it enters the rulesets service, with
 * the limits the gateway's DTOs read (`GOVERNANCE_LIMITS`). Rules that need the database (a name taken,
 * a ruleset not visible, the workspace's limits) stay in the service.
 */
const uuid = z.uuid();
const label = z.string().min(1).max(L.label.max).regex(new RegExp(L.label.pattern));
const labels = z
  .array(label)
  .max(L.tags.maxItems)
  .refine((items) => new Set(items).size === items.length, { message: 'lists a label twice' });
const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};
const source = z.object({
  repoUrl: z.string().max(L.url.max).refine(isHttpUrl, { message: 'must be an http or https URL' }),
  ref: z.string().min(1).max(L.ref.max).optional(),
  path: z.string().min(1).max(L.path.max),
});
const document = z.object({
  content: z.string().min(1).max(L.document.bytes),
  filename: z.string().max(L.filename.max).regex(new RegExp(L.filename.pattern)).optional(),
  commit: z.string().max(L.commit.max).regex(new RegExp(L.commit.pattern)).optional(),
});
/** A pushed document on the bus: its content inline, or sent ahead in parts (`DocumentOnBus`). */
const documentOnBusFields = document.extend({
  content: document.shape.content.optional(),
  upload: specificationUploadSchema.optional(),
});
const oneOfContentAndUpload = [
  (d: { content?: string; upload?: unknown }) => (d.content === undefined) !== (d.upload === undefined),
  { message: 'gives the document as content or as an upload' },
] as const;
const documentOnBus = documentOnBusFields.refine(...oneOfContentAndUpload);
const apiName = z.string().trim().min(L.apiName.min).max(L.apiName.max);
const follow = z.object({
  rulesetId: uuid,
  version: z.string().regex(new RegExp(L.version.pattern)).nullable().optional(),
});
const follows = z
  .array(follow)
  .min(L.profileRulesets.min)
  .max(L.profileRulesets.max)
  .refine((items) => new Set(items.map((i) => i.rulesetId)).size === items.length, {
    message: 'lists a ruleset twice',
  });

export const GovernanceSchemas = {
  workspaceId: z.object({ workspaceId: uuid }) satisfies MessageSchema<WorkspaceIdData>,
  apiId: z.object({ id: uuid }) satisfies MessageSchema<ApiIdRequest>,
  register: z.object({
    workspaceId: uuid,
    name: apiName,
    description: z.string().max(L.description.max).optional(),
    source: source.optional(),
    tags: labels.optional(),
    scope: label.optional(),
    document: documentOnBus.optional(),
  }) satisfies MessageSchema<RegisterApiRequest>,
  update: z.object({
    id: uuid,
    name: apiName.optional(),
    description: z.string().max(L.description.max).optional(),
    source: source.nullable().optional(),
    tags: labels.optional(),
    scope: z.union([label, z.literal('')]).optional(),
  }) satisfies MessageSchema<UpdateApiRequest>,
  list: z.object({
    workspaceId: uuid,
    atRisk: z.boolean().optional(),
    tag: label.optional(),
    limit: z.number().int().min(L.limit.min).max(L.limit.max).optional(),
    offset: z.number().int().min(L.offset.min).max(L.offset.max).optional(),
  }) satisfies MessageSchema<ListApisRequest>,
  trend: z.object({
    workspaceId: uuid,
    days: z.number().int().min(L.trendDays.min).max(L.trendDays.max).optional(),
  }) satisfies MessageSchema<GovernanceTrendRequest>,
  pushDocument: documentOnBusFields
    .extend({ apiId: uuid })
    .refine(...oneOfContentAndUpload) satisfies MessageSchema<PushDocumentRequest>,
  createProfile: z.object({
    workspaceId: uuid,
    name: z.string().trim().min(L.profileName.min).max(L.profileName.max),
    rulesets: follows,
    matchTags: labels.optional(),
    matchScopes: labels.optional(),
  }) satisfies MessageSchema<CreateGovernanceProfileRequest>,
  updateProfile: z.object({
    id: uuid,
    name: z.string().trim().min(L.profileName.min).max(L.profileName.max).optional(),
    rulesets: follows.optional(),
    matchTags: labels.optional(),
    matchScopes: labels.optional(),
  }) satisfies MessageSchema<UpdateGovernanceProfileRequest>,
  settings: z.object({
    workspaceId: uuid,
    atRiskThreshold: z.number().int().min(L.threshold.min).max(L.threshold.max),
  }) satisfies MessageSchema<UpdateSettingsRequest>,
  record: z.object({
    apiId: uuid,
    document: documentOnBus.optional(),
    trigger: z.enum(['manual', 'ci']).optional(),
  }) satisfies MessageSchema<RecordEvaluationRequest>,
  history: z.object({
    apiId: uuid,
    limit: z.number().int().min(L.limit.min).max(L.limit.max).optional(),
    before: uuid.optional(),
  }) satisfies MessageSchema<ListEvaluationsRequest>,
  evaluation: z.object({ apiId: uuid, evaluationId: uuid }) satisfies MessageSchema<EvaluationIdRequest>,
  diff: z.object({
    apiId: uuid,
    evaluationId: uuid,
    against: uuid,
  }) satisfies MessageSchema<EvaluationDiffRequest>,
  createWaiver: z.object({
    apiId: uuid,
    rulesetId: uuid.optional(),
    rule: z.string().min(L.waiverRule.min).max(L.waiverRule.max),
    location: z.string().min(L.waiverLocation.min).max(L.waiverLocation.max),
    reason: z.string().trim().min(L.waiverReason.min).max(L.waiverReason.max),
    expiresAt: z.iso.datetime({ offset: true }),
  }) satisfies MessageSchema<CreateWaiverRequest>,
  listWaivers: z.object({
    id: uuid,
    limit: z.number().int().min(L.waiversPage.min).max(L.waiversPage.max).optional(),
    cursor: z.string().max(LIST_CURSOR_MAX).optional(),
  }) satisfies MessageSchema<ListWaiversRequest>,
  waiver: z.object({ apiId: uuid, waiverId: uuid }) satisfies MessageSchema<WaiverIdRequest>,
};
