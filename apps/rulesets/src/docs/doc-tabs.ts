import { type DocTab, type DocTabInput, PREDEFINED_RULESET_TABS, RULESET_LIMITS } from '@pc/contracts';
import { sortTabs, tabBytes, TabRules } from '@pc/listings';
import { rulesetsError } from '../common/rulesets.errors';

export const rulesetTabs = new TabRules(PREDEFINED_RULESET_TABS, 'RULESETS.TAB_KEY_REPEATED', {
  overview: 'Overview',
  rules: 'Rules',
  examples: 'Examples',
  faq: 'FAQ',
});

/**
 * A complete set of tabs: keys unique (422), `overview`, `rules`, `examples`, `faq` predefined and every
 * other key custom, missing predefined tabs added empty, sorted by `sortOrder`. With `overviewFallback`
 * (submissions), a missing or blank overview takes that text (the description); without it (POST
 * /rulesets/{id}/docs), the set must include an overview (422).
 */
export function completeTabSet(
  input: DocTabInput[],
  field: string,
  overviewFallback?: string,
  /** A blank or missing `rules` tab takes this text (a Spectral ruleset's rules and their descriptions). */
  rulesFallback?: string | null,
): DocTab[] {
  // The limit counts what the caller sent: the predefined tabs added below are ours, not theirs.
  atMost(RULESET_LIMITS.docTabs.maxItems, input.length, field, 'has');
  const tabs = rulesetTabs.toTabs(input, field);
  if (overviewFallback === undefined && !tabs.some((t) => t.key === 'overview')) {
    throw rulesetsError('RULESETS.OVERVIEW_REQUIRED', 'The set must include an overview tab', [
      { field, message: 'must include a tab with key overview' },
    ]);
  }
  for (const key of PREDEFINED_RULESET_TABS) {
    if (!tabs.some((t) => t.key === key)) tabs.push(rulesetTabs.emptyTab(key));
  }
  const overview = tabs.find((t) => t.key === 'overview')!;
  if (overviewFallback !== undefined && overview.bodyMd.trim() === '') overview.bodyMd = overviewFallback;
  const rules = tabs.find((t) => t.key === 'rules');
  if (rulesFallback && rules && rules.bodyMd.trim() === '') rules.bodyMd = rulesFallback;
  checkSize(tabs, field);
  return sortTabs(tabs);
}

/**
 * A stored set stays under its tab count (the 50 an author may send plus the four predefined tabs) and
 * the byte budget of all bodies together (422).
 */
export function checkSize(tabs: DocTab[], field: string): void {
  atMost(RULESET_LIMITS.docTabsStored.maxItems, tabs.length, field, 'would have');
  if (tabBytes(tabs) > RULESET_LIMITS.tabBodiesTotalBytes) {
    throw rulesetsError('RULESETS.DOCS_LIMIT', 'The documentation is too large', [
      { field, message: `all tabs together may hold ${RULESET_LIMITS.tabBodiesTotalBytes} bytes` },
    ]);
  }
}

/** 422 for a set of more `tabs` than `max` (the detail says the set `has`, or `would have`, that many). */
function atMost(max: number, tabs: number, field: string, has: string): void {
  if (tabs > max)
    throw rulesetsError('RULESETS.DOCS_LIMIT', `At most ${max} documentation tabs`, [
      { field, message: `${has} ${tabs} tabs` },
    ]);
}
