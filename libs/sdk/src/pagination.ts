import type { OperationData, OperationId } from './operations';

/**
 * How each list operation pages: the array that holds its items, the query parameter that asks for the
 * next page, and where the page says what to pass there (null: the last page). Typed against the
 * generated document, so a renamed field fails to compile; `pagination.spec.ts` fails when the
 * document gains a paged operation that is not listed here.
 */
export const PAGES = {
  Policies_list: { items: 'policies', param: 'cursor', next: (p: Page<'Policies_list'>) => p.nextCursor },
  Search_search: { items: 'items', param: 'cursor', next: (p: Page<'Search_search'>) => p.nextCursor },
  Policies_history: {
    items: 'entries',
    param: 'before',
    next: (p: Page<'Policies_history'>) => p.nextCursor,
  },
  Policies_revisions: {
    items: 'revisions',
    param: 'cursor',
    next: (p: Page<'Policies_revisions'>) => p.nextCursor,
  },
  Comments_list: { items: 'comments', param: 'cursor', next: (p: Page<'Comments_list'>) => p.nextCursor },
  Submissions_list: {
    items: 'submissions',
    param: 'cursor',
    next: (p: Page<'Submissions_list'>) => p.nextCursor,
  },
  RulesetSubmissions_list: {
    items: 'submissions',
    param: 'cursor',
    next: (p: Page<'RulesetSubmissions_list'>) => p.nextCursor,
  },
  Transfers_mine: { items: 'transfers', param: 'cursor', next: (p: Page<'Transfers_mine'>) => p.nextCursor },
  Transfers_notifications: {
    items: 'notifications',
    param: 'cursor',
    next: (p: Page<'Transfers_notifications'>) => p.nextCursor,
  },
  Deployments_list: {
    items: 'deployments',
    param: 'cursor',
    next: (p: Page<'Deployments_list'>) => p.pagination.next_cursor,
  },
  Rollouts_list: { items: 'rollouts', param: 'cursor', next: (p: Page<'Rollouts_list'>) => p.nextCursor },
  Rulesets_list: {
    items: 'rulesets',
    param: 'offset',
    next: (p: Page<'Rulesets_list'>, offset: number) => (p.hasMore ? offset + p.rulesets.length : null),
  },
  Webhooks_deliveries: {
    items: 'deliveries',
    param: 'cursor',
    next: (p: Page<'Webhooks_deliveries'>) => p.nextCursor,
  },
  Audit_list: { items: 'entries', param: 'cursor', next: (p: Page<'Audit_list'>) => p.nextCursor },
  Audit_mine: { items: 'entries', param: 'cursor', next: (p: Page<'Audit_mine'>) => p.nextCursor },
  Audit_workspace: {
    items: 'entries',
    param: 'cursor',
    next: (p: Page<'Audit_workspace'>) => p.nextCursor,
  },
  Governance_list: {
    items: 'apis',
    param: 'offset',
    next: (p: Page<'Governance_list'>, offset: number) => (p.has_more ? offset + p.apis.length : null),
  },
  Governance_history: {
    items: 'evaluations',
    param: 'before',
    next: (p: Page<'Governance_history'>) => (p.has_more ? (p.evaluations.at(-1)?.id ?? null) : null),
  },
  Governance_waivers: {
    items: 'waivers',
    param: 'cursor',
    next: (p: Page<'Governance_waivers'>) => p.nextCursor,
  },
} as const satisfies { [K in OperationId]?: Paging<K> };

type Page<K extends OperationId> = OperationData<K>;

interface Paging<K extends OperationId> {
  items: { [F in keyof Page<K>]: Page<K>[F] extends readonly unknown[] ? F : never }[keyof Page<K>];
  param: string;
  next: (page: Page<K>, position: number) => string | number | null | undefined;
}

/** The list operations `pages` and `items` walk. */
export type PagedOperationId = keyof typeof PAGES;

/** One item of a list operation. */
export type PageItem<K extends PagedOperationId> =
  Page<K>[(typeof PAGES)[K]['items'] & keyof Page<K>] extends ReadonlyArray<infer I> ? I : never;
