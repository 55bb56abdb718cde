import { event, rpc } from '../common/descriptors';
import { GovernanceSchemas as S } from './governance.schemas';
import type {
  ApiDashboard,
  ApiDocument,
  ApiDocumentText,
  ApiEvaluation,
  ApiHistory,
  ApiIdRequest,
  ApiThresholdCrossedEvent,
  ConformanceChangedEvent,
  CreateGovernanceProfileRequest,
  CreateWaiverRequest,
  EvaluationDiff,
  EvaluationDiffRequest,
  EvaluationIdRequest,
  GovernanceProfile,
  GovernanceSettings,
  GovernanceTrend,
  GovernanceTrendRequest,
  GovernedApi,
  ListApisRequest,
  ListEvaluationsRequest,
  ListWaiversRequest,
  PushDocumentRequest,
  RecordEvaluationRequest,
  RegisterApiRequest,
  RulesetFollowers,
  UpdateApiRequest,
  UpdateGovernanceProfileRequest,
  UpdateSettingsRequest,
  Waiver,
  WaiverExpiredEvent,
  WaiverIdRequest,
  WaiverPage,
  WorkspaceIdData,
} from './governance.types';

/** API governance, answered by the rulesets service (apps/rulesets/src/governed-apis and its siblings). */
export const GovernanceRpc = {
  registerApi: rpc<RegisterApiRequest, { api: GovernedApi }>('rulesets.governed-api.register.v1', S.register),
  listApis: rpc<ListApisRequest, ApiDashboard>('rulesets.governed-api.list.v1', S.list),
  /** The workspace's conformance per day over its kept evaluations (all its APIs, not a page). */
  workspaceTrend: rpc<GovernanceTrendRequest, GovernanceTrend>('rulesets.governance.trend.v1', S.trend),
  getApi: rpc<ApiIdRequest, { api: GovernedApi }>('rulesets.governed-api.get.v1', S.apiId),
  updateApi: rpc<UpdateApiRequest, { api: GovernedApi }>('rulesets.governed-api.update.v1', S.update),
  deleteApi: rpc<ApiIdRequest, { ok: true }>('rulesets.governed-api.delete.v1', S.apiId),
  pushDocument: rpc<PushDocumentRequest, { document: ApiDocument }>(
    'rulesets.governed-api.document.push.v1',
    S.pushDocument,
  ),

  listProfiles: rpc<WorkspaceIdData, { profiles: GovernanceProfile[] }>(
    'rulesets.governance-profile.list.v1',
    S.workspaceId,
  ),
  createProfile: rpc<CreateGovernanceProfileRequest, { profile: GovernanceProfile }>(
    'rulesets.governance-profile.create.v1',
    S.createProfile,
  ),
  updateProfile: rpc<UpdateGovernanceProfileRequest, { profile: GovernanceProfile }>(
    'rulesets.governance-profile.update.v1',
    S.updateProfile,
  ),
  /** One profile, for a member of its workspace or a platform administrator (404 to anyone else). */
  getProfile: rpc<ApiIdRequest, { profile: GovernanceProfile }>(
    'rulesets.governance-profile.get.v1',
    S.apiId,
  ),
  deleteProfile: rpc<ApiIdRequest, { ok: true }>('rulesets.governance-profile.delete.v1', S.apiId),
  getSettings: rpc<WorkspaceIdData, { settings: GovernanceSettings }>(
    'rulesets.governance-settings.get.v1',
    S.workspaceId,
  ),
  updateSettings: rpc<UpdateSettingsRequest, { settings: GovernanceSettings }>(
    'rulesets.governance-settings.update.v1',
    S.settings,
  ),

  recordEvaluation: rpc<RecordEvaluationRequest, { evaluation: ApiEvaluation }>(
    'rulesets.api-evaluation.record.v1',
    S.record,
  ),
  listEvaluations: rpc<ListEvaluationsRequest, ApiHistory>('rulesets.api-evaluation.list.v1', S.history),
  getEvaluation: rpc<EvaluationIdRequest, { evaluation: ApiEvaluation }>(
    'rulesets.api-evaluation.get.v1',
    S.evaluation,
  ),

  diffEvaluations: rpc<EvaluationDiffRequest, EvaluationDiff>('rulesets.api-evaluation.diff.v1', S.diff),
  /** The pushed document an evaluation read, with its text (404 when read from the source host or no longer kept). */
  evaluatedDocument: rpc<EvaluationIdRequest, { document: ApiDocumentText }>(
    'rulesets.api-evaluation.document.v1',
    S.evaluation,
  ),

  /** For a ruleset's page: how many governed APIs it governs (404 for a ruleset the caller cannot see). */
  rulesetFollowers: rpc<ApiIdRequest, RulesetFollowers>('rulesets.governance.followers.v1', S.apiId),

  listWaivers: rpc<ListWaiversRequest, WaiverPage>('rulesets.waiver.list.v1', S.listWaivers),
  createWaiver: rpc<CreateWaiverRequest, { waiver: Waiver }>('rulesets.waiver.create.v1', S.createWaiver),
  deleteWaiver: rpc<WaiverIdRequest, { ok: true }>('rulesets.waiver.delete.v1', S.waiver),
} as const;

export const GovernanceEvents = {
  /** Durable (outbox): an API's conformance crossed its workspace's threshold, either way. */
  thresholdCrossed: event<ApiThresholdCrossedEvent>('rulesets.governed-api.threshold-crossed.v1'),
  /** Durable (outbox): a waiver expired and its findings count again. */
  waiverExpired: event<WaiverExpiredEvent>('rulesets.waiver.expired.v1'),
  /** Durable (outbox): a followed ruleset's new version changed the conformance of a workspace's APIs. */
  conformanceChanged: event<ConformanceChangedEvent>('rulesets.governed-api.conformance-changed.v1'),
} as const;
