import { URL_MAX_LENGTH } from '../common/limits';
import { DOC_TAB_KEY_PATTERN, DOC_TABS_TOTAL_BYTES, VENDOR_SLUG_PATTERN } from '../catalog/catalog.limits';

/**
 * Every limit of the rulesets API, defined once: the gateway's DTOs (validators and the OpenAPI
 * document) and the rulesets service both read them from here.
 */
export const RULESET_LIMITS = {
  name: { min: 2, max: 120 },
  description: { min: 10, max: 20_000 },
  url: { max: URL_MAX_LENGTH },
  sourceRef: { max: 255 },
  rulesetPath: { max: 1024 },
  registryAssetId: { max: 255, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' },
  tags: { maxItems: 20, maxLength: 50 },
  /** Tabs a submission may send; the predefined tabs added empty for missing keys do not count. */
  docTabs: { maxItems: 50 },
  /** A set posted to POST /rulesets/{id}/docs: 1 to 50 tabs sent (the added predefined ones do not count). */
  docTabSet: { minItems: 1, maxItems: 50 },
  /**
   * Tabs a stored set may hold: the 50 an author may send plus the four predefined tabs (`overview`,
   * `rules`, `examples`, `faq`) added empty when missing. `PUT /rulesets/{id}/docs/{key}` keeps a set
   * within it.
   */
  docTabsStored: { maxItems: 54 },
  tabTitle: { min: 1, max: 120 },
  tabBody: { max: 100_000 },
  /** All bodies of one set together, in UTF-8 bytes: keeps a set (and its replies) well under 1 MiB. */
  tabBodiesTotalBytes: DOC_TABS_TOTAL_BYTES,
  tabSortOrder: { min: 0, max: 10_000 },
  /** The documentation-tab key pattern the spec gives for every `{key}`. */
  tabKey: { pattern: DOC_TAB_KEY_PATTERN.source, max: 64 },
  deliversIdeaIds: { maxItems: 50 },
  scopeNote: { max: 1000 },
  feedback: { max: 4000 },
  q: { max: 200 },
  category: { max: 120 },
  limit: { min: 1, max: 200, default: 100 },
  offset: { min: 0, max: 1_000_000, default: 0 },
  /** Rules one profile may list (all severities), and the length of a rule name or target class. */
  profileRules: { max: 1000 },
  ruleName: { max: 200 },
  /**
   * A page of the caller's own submissions (newest first; `cursor` for the next). The default is the
   * largest page, the whole answer before the list paged, so a caller that asks for no page gets what it did.
   */
  ownSubmissions: { min: 1, max: 100, default: 100 },
  /**
   * The warnings a submission keeps of the validation at its commit (`validation_warnings`): the first
   * 50, each cut to 500 characters; the rest are counted (`validation_warnings_omitted`).
   */
  warningsKept: { maxItems: 50, maxLength: 500 },
  /** Entries of one submission's history returned at once (newest first). */
  history: { max: 200 },
  /** Ruleset submissions in the administrator's review queue (oldest first). */
  reviewQueue: { max: 200 },
  recipientUsername: { min: 1, max: 31 },
  slug: { pattern: VENDOR_SLUG_PATTERN.source, max: 100 },
} as const;

export const RULESET_TAB_KEY_PATTERN = new RegExp(RULESET_LIMITS.tabKey.pattern);
export const REGISTRY_ASSET_ID_PATTERN = new RegExp(RULESET_LIMITS.registryAssetId.pattern);
