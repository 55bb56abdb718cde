import { URL_MAX_LENGTH } from '../common/limits';
import { EVALUATION_LIMITS } from '../rulesets/rulesets.evaluation';

/**
 * Every limit of API governance (governed APIs, governance profiles, evaluations kept, waivers), defined
 * once: the gateway's DTOs (validators and the OpenAPI document) and the rulesets service read them here.
 */
export const GOVERNANCE_LIMITS = {
  apiName: { min: 2, max: 120 },
  description: { max: 2000 },
  url: { max: URL_MAX_LENGTH },
  ref: { max: 255 },
  path: { max: EVALUATION_LIMITS.path.max },
  /** Lowercase labels: tags of an API and the tags and scopes a profile matches. */
  label: { max: 50, pattern: '^[a-z0-9][a-z0-9._-]*$' },
  tags: { maxItems: 20 },
  /** A pushed document: its text, and its file name as findings name it. */
  document: { bytes: EVALUATION_LIMITS.specificationBytes },
  filename: EVALUATION_LIMITS.filename,
  /** A commit the caller says the document was taken at (CI), or a digest. */
  commit: { max: 64, pattern: '^[0-9a-f]{7,64}$' },
  profileName: { min: 2, max: 120 },
  /** Rulesets one profile applies (an evaluation runs at most `EVALUATION_LIMITS.rulesets.max`). */
  profileRulesets: { min: 1, max: EVALUATION_LIMITS.rulesets.max },
  /** A pinned ruleset version: the reviewed commit. */
  version: { pattern: '^[0-9a-f]{40}$' },
  waiverRule: { min: 1, max: 200 },
  waiverLocation: { min: 1, max: 1024 },
  waiverReason: { min: 3, max: 2000 },
  /** A waiver expires within this many days (an endless waiver is a rule change, not a waiver). */
  waiverDays: { max: 366 },
  threshold: { min: 0, max: 100, default: 70 },
  limit: { min: 1, max: 200, default: 50 },
  offset: { min: 0, max: 100_000, default: 0 },
  /** The days a workspace's conformance trend covers (UTC days, the last one today). */
  trendDays: { min: 1, max: 365, default: 90 },
  /** Per workspace: governed APIs, profiles, documents kept, evaluations recorded per hour (then 409/429). */
  apisPerWorkspace: 2000,
  profilesPerWorkspace: 100,
  documentsPerWorkspace: 10_000,
  /** Documents kept per API: pushing another drops the oldest. */
  documentsPerApi: 20,
  evaluationsPerHour: 600,
  /** Active waivers per API. */
  waiversPerApi: 200,
  /**
   * A page of an API's waivers (expired ones included, so there may be more than `waiversPerApi`), by
   * latest expiry; without `limit` the largest page. A page is also cut to the reply's bytes (`hasMore`).
   */
  waiversPage: { min: 1, max: 200, default: 200 },
  /** Findings kept per evaluation (counts are always complete; `findings_truncated` says when cut). */
  findingsKept: 1000,
  /**
   * The JSON bytes those findings take at most (each counted with a waiver's id): an evaluation, and a
   * diff of two, are sent in one bus message, and a finding's message alone may be 2,000 characters.
   */
  findingsKeptBytes: 384 * 1024,
  /** The APIs a conformance-changed news names (by name; it counts all of them). */
  changesListed: 100,
} as const;

export const GOVERNANCE_LABEL_PATTERN = new RegExp(GOVERNANCE_LIMITS.label.pattern);

/** How an evaluation came to be recorded. */
export const EVALUATION_TRIGGERS = ['manual', 'ci', 'ruleset_published', 'ref_moved'] as const;
export type EvaluationTrigger = (typeof EVALUATION_TRIGGERS)[number];

/**
 * The durable re-evaluation queue (JetStream over NATS): one job per workspace and trigger, each run
 * evaluating a batch of the workspace's APIs and enqueueing the rest behind every other workspace's.
 */
export const REEVALUATION_QUEUE = {
  name: 'governance_reevaluation',
  /** A batch reports progress after each API (`job.progress()`), which restarts the wait. */
  ackWaitMs: 5 * 60_000,
  maxDeliver: 5,
  duplicateWindowMs: 60 * 60_000,
  /** APIs one job evaluates before the workspace goes to the back of the queue. */
  batch: 5,
  /** Jobs one replica runs at once (each runs its APIs one after the other). */
  concurrency: 2,
} as const;
