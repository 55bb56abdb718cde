import {
  type DocsCompleteness,
  type DocTab,
  type DocTabInput,
  PREDEFINED_RULESET_TABS,
  RULESET_LIMITS,
} from '@pc/contracts';
import { rulesetsError } from '../common/rulesets.errors';

type Predefined = (typeof PREDEFINED_RULESET_TABS)[number];

export const PREDEFINED_TITLES: Record<Predefined, string> = {
  overview: 'Overview',
  rules: 'Rules',
  examples: 'Examples',
  faq: 'FAQ',
};

export function isPredefined(key: string): key is Predefined {
  return (PREDEFINED_RULESET_TABS as readonly string[]).includes(key);
}

export function kindOf(key: string): DocTab['kind'] {
  return isPredefined(key) ? 'predefined' : 'custom';
}

/**
 * A complete set of tabs: keys unique (422), `overview`, `rules`, `examples`, `faq` predefined and every
 * other key custom, missing predefined tabs added empty, sorted by `sortOrder`. With `overviewFallback`
 * (submissions), a missing or blank overview takes that text (the description); without it (POST
 * /rulesets/{id}/docs), the set must include an overview (422).
 */
export function completeTabSet(input: DocTabInput[], field: string, overviewFallback?: string): DocTab[] {
  // The limit counts what the caller sent: the predefined tabs added below are ours, not theirs.
  if (input.length > RULESET_LIMITS.docTabs.maxItems) {
    throw rulesetsError(
      'RULESETS.DOCS_LIMIT',
      `At most ${RULESET_LIMITS.docTabs.maxItems} documentation tabs`,
      [{ field, message: `has ${input.length} tabs` }],
    );
  }
  const seen = new Set<string>();
  const tabs: DocTab[] = [];
  for (const [index, tab] of input.entries()) {
    if (seen.has(tab.key)) {
      throw rulesetsError('RULESETS.TAB_KEY_REPEATED', 'Documentation tab keys must be unique', [
        { field: `${field}.${index}.key`, message: `${tab.key} is listed twice` },
      ]);
    }
    seen.add(tab.key);
    tabs.push(toTab(tab, index));
  }
  if (overviewFallback === undefined && !seen.has('overview')) {
    throw rulesetsError('RULESETS.OVERVIEW_REQUIRED', 'The set must include an overview tab', [
      { field, message: 'must include a tab with key overview' },
    ]);
  }
  for (const key of PREDEFINED_RULESET_TABS) {
    if (!seen.has(key)) tabs.push(emptyTab(key));
  }
  const overview = tabs.find((t) => t.key === 'overview')!;
  if (overviewFallback !== undefined && overview.bodyMd.trim() === '') overview.bodyMd = overviewFallback;
  checkSize(tabs, field);
  return sortTabs(tabs);
}

export function toTab(tab: DocTabInput, index: number): DocTab {
  const predefined = isPredefined(tab.key);
  return {
    key: tab.key,
    title: tab.title.trim() || (predefined ? PREDEFINED_TITLES[tab.key as Predefined] : tab.key),
    kind: kindOf(tab.key),
    bodyMd: tab.bodyMd ?? '',
    sortOrder:
      tab.sortOrder ?? (predefined ? PREDEFINED_RULESET_TABS.indexOf(tab.key as Predefined) : 10 + index),
  };
}

export function emptyTab(key: Predefined): DocTab {
  return {
    key,
    title: PREDEFINED_TITLES[key],
    kind: 'predefined',
    bodyMd: '',
    sortOrder: PREDEFINED_RULESET_TABS.indexOf(key),
  };
}

export function sortTabs(tabs: DocTab[]): DocTab[] {
  return [...tabs].sort((a, b) => a.sortOrder - b.sortOrder || a.key.localeCompare(b.key));
}

/**
 * A stored set stays under its tab count (the 50 an author may send plus the four predefined tabs) and
 * the byte budget of all bodies together (422).
 */
export function checkSize(tabs: DocTab[], field: string): void {
  if (tabs.length > RULESET_LIMITS.docTabsStored.maxItems) {
    throw rulesetsError(
      'RULESETS.DOCS_LIMIT',
      `At most ${RULESET_LIMITS.docTabsStored.maxItems} documentation tabs`,
      [{ field, message: `would have ${tabs.length} tabs` }],
    );
  }
  const bytes = tabs.reduce((sum, t) => sum + Buffer.byteLength(t.bodyMd) + Buffer.byteLength(t.title), 0);
  if (bytes > RULESET_LIMITS.tabBodiesTotalBytes) {
    throw rulesetsError('RULESETS.DOCS_LIMIT', 'The documentation is too large', [
      { field, message: `all tabs together may hold ${RULESET_LIMITS.tabBodiesTotalBytes} bytes` },
    ]);
  }
}

/** Share of the four predefined tabs with content. */
export function completeness(tabs: DocTab[]): DocsCompleteness {
  const total = PREDEFINED_RULESET_TABS.length;
  const filled = tabs.filter((t) => isPredefined(t.key) && t.bodyMd.trim() !== '').length;
  return { filled, total, ratio: Math.round((filled / total) * 100) / 100 };
}

/** What a caller who cannot edit sees: the overview and tabs with content. */
export function visibleTabs(tabs: DocTab[], canEdit: boolean): DocTab[] {
  return canEdit ? tabs : tabs.filter((t) => t.key === 'overview' || t.bodyMd.trim() !== '');
}
