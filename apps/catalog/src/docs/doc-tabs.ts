import { type DocTab, type DocTabInput, DOC_TABS_TOTAL_BYTES, PREDEFINED_POLICY_TABS } from '@pc/contracts';

import { catalogError } from '../common/catalog.errors';

const TITLES: Record<(typeof PREDEFINED_POLICY_TABS)[number], string> = {
  overview: 'Overview',
  configuration: 'Configuration',
  examples: 'Examples',
  faq: 'FAQ',
};

function isPredefined(key: string): key is (typeof PREDEFINED_POLICY_TABS)[number] {
  return (PREDEFINED_POLICY_TABS as readonly string[]).includes(key);
}

/**
 * The staged documentation of a submission: keys unique, reserved keys predefined, tabs with an empty
 * body ignored, `overview` ignored (it is seeded from the description on review), and all of them
 * together within DOC_TABS_TOTAL_BYTES, so that the docs and the submission can always be read back.
 */
export function stageDocTabs(input: DocTabInput[] | undefined): DocTab[] {
  const seen = new Set<string>();
  const tabs: DocTab[] = [];
  for (const [index, tab] of (input ?? []).entries()) {
    if (seen.has(tab.key)) {
      throw catalogError('CATALOG.DOC_TABS_INVALID', 'Documentation tab keys must be unique', [
        { field: `docTabs.${index}.key`, message: `${tab.key} is listed twice` },
      ]);
    }
    seen.add(tab.key);
    if (tab.key === 'overview' || tab.bodyMd.trim() === '') continue;
    tabs.push({
      key: tab.key,
      title: tab.title.trim() || (isPredefined(tab.key) ? TITLES[tab.key] : tab.key),
      kind: isPredefined(tab.key) ? 'predefined' : 'custom',
      bodyMd: tab.bodyMd,
      sortOrder:
        tab.sortOrder ?? (isPredefined(tab.key) ? PREDEFINED_POLICY_TABS.indexOf(tab.key) : 10 + index),
    });
  }
  const bytes = tabs.reduce((sum, t) => sum + Buffer.byteLength(t.bodyMd) + Buffer.byteLength(t.title), 0);
  if (bytes > DOC_TABS_TOTAL_BYTES) {
    throw catalogError('CATALOG.DOC_TABS_INVALID', 'Documentation tabs are too large together', [
      {
        field: 'docTabs',
        message: `all tabs together may hold ${DOC_TABS_TOTAL_BYTES} bytes (${bytes} given)`,
      },
    ]);
  }
  return tabs;
}

/** What gets published on approval: the staged tabs plus an overview seeded from the description. */
export function publishedDocTabs(staged: DocTab[], description: string): DocTab[] {
  return [
    { key: 'overview', title: TITLES.overview, kind: 'predefined', bodyMd: description, sortOrder: 0 },
    ...staged.filter((t) => t.key !== 'overview'),
  ];
}
