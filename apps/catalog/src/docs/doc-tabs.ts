import { type DocTab, type DocTabInput, DOC_TABS_TOTAL_BYTES, PREDEFINED_POLICY_TABS } from '@pc/contracts';
import { tabBytes, TabRules } from '@pc/listings';
import { catalogError } from '../common/catalog.errors';

export const policyTabs = new TabRules(PREDEFINED_POLICY_TABS, 'CATALOG.DOC_TABS_INVALID', {
  overview: 'Overview',
  configuration: 'Configuration',
  examples: 'Examples',
  faq: 'FAQ',
});

/**
 * The staged documentation of a submission: keys unique, reserved keys predefined, tabs with an empty
 * body ignored, `overview` ignored (it is seeded from the description on review), and all of them
 * together within DOC_TABS_TOTAL_BYTES, so that the docs and the submission can always be read back.
 */
export function stageDocTabs(input: DocTabInput[] = []): DocTab[] {
  const tabs = policyTabs
    .toTabs(input, 'docTabs')
    .filter((tab) => tab.key !== 'overview' && tab.bodyMd.trim() !== '');
  const bytes = tabBytes(tabs);
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
    { ...policyTabs.emptyTab('overview'), bodyMd: description },
    ...staged.filter((t) => t.key !== 'overview'),
  ];
}
