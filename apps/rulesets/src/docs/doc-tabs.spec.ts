import { PREDEFINED_RULESET_TABS, RULESET_LIMITS } from '@pc/contracts';
import { visibleTabs } from '@pc/listings';
import { checkSize, completeTabSet, rulesetTabs } from './doc-tabs';

const tab = (key: string, bodyMd = 'Body.', sortOrder?: number) => ({ key, title: '', bodyMd, sortOrder });

describe('documentation tab rules', () => {
  it('adds the missing predefined tabs empty, in their order, custom ones after', () => {
    const tabs = completeTabSet([tab('overview'), tab('configuration'), tab('rules')], 'tabs');
    expect(tabs.map((t) => [t.key, t.kind, t.title, t.sortOrder])).toEqual([
      ['overview', 'predefined', 'Overview', 0],
      ['rules', 'predefined', 'Rules', 1],
      ['examples', 'predefined', 'Examples', 2],
      ['faq', 'predefined', 'FAQ', 3],
      ['configuration', 'custom', 'configuration', 11],
    ]);
    expect(tabs.find((t) => t.key === 'faq')?.bodyMd).toBe('');
  });

  it('requires an overview in a set posted to the docs (422), not in a submission', () => {
    expect(() => completeTabSet([tab('faq')], 'tabs')).toThrow('The set must include an overview tab');
    const staged = completeTabSet([tab('faq')], 'docTabs', 'The description.');
    expect(staged[0]).toMatchObject({ key: 'overview', bodyMd: 'The description.' });
  });

  it('lets a blank overview of a submission take the description, and keeps a written one', () => {
    expect(completeTabSet([tab('overview', '  ')], 'docTabs', 'Desc.')[0].bodyMd).toBe('Desc.');
    expect(completeTabSet([tab('overview', 'Mine.')], 'docTabs', 'Desc.')[0].bodyMd).toBe('Mine.');
  });

  it('refuses a key listed twice and a set past the byte budget', () => {
    expect(() => completeTabSet([tab('overview'), tab('faq'), tab('faq')], 'tabs')).toThrow('unique');
    const big = 'x'.repeat(100_000);
    expect(() =>
      completeTabSet([tab('overview', big), ...[1, 2, 3, 4, 5, 6].map((i) => tab(`k${i}`, big))], 'tabs'),
    ).toThrow('too large');
  });

  it('counts the tabs the caller sent: 50 pass with the predefined ones added, 51 are refused', () => {
    const custom = (n: number) => Array.from({ length: n }, (_, i) => tab(`k${i}`));
    expect(completeTabSet(custom(50), 'docTabs', 'Desc.')).toHaveLength(54);
    expect(completeTabSet([tab('overview'), ...custom(49)], 'tabs')).toHaveLength(53);
    expect(() => completeTabSet(custom(51), 'docTabs', 'Desc.')).toThrow('At most 50 documentation tabs');
  });

  it('lets a stored set hold the 50 sent plus the four predefined tabs, no more', () => {
    expect(RULESET_LIMITS.docTabsStored.maxItems).toBe(
      RULESET_LIMITS.docTabs.maxItems + PREDEFINED_RULESET_TABS.length,
    );
    const full = completeTabSet(
      Array.from({ length: 50 }, (_, i) => tab(`k${i}`)),
      'docTabs',
      'Desc.',
    );
    expect(() => checkSize(full, 'tab')).not.toThrow();
    expect(() => checkSize([...full, { ...full[10], key: 'one-more' }], 'tab')).toThrow('At most 54');
  });

  it('orders by sortOrder, then key', () => {
    const tabs = completeTabSet([tab('overview'), tab('zeta', 'z', 0), tab('alpha', 'a', 0)], 'tabs');
    expect(tabs.map((t) => t.key).slice(0, 3)).toEqual(['alpha', 'overview', 'zeta']);
  });

  it('shows non-editors the overview and tabs with content; completeness counts the four predefined tabs', () => {
    const tabs = completeTabSet([tab('overview', ''), tab('rules'), tab('custom')], 'tabs');
    expect(visibleTabs(tabs, false).map((t) => t.key)).toEqual(['overview', 'rules', 'custom']);
    expect(visibleTabs(tabs, true)).toHaveLength(5);
    expect(rulesetTabs.completeness(tabs)).toEqual({ filled: 1, total: 4, ratio: 0.25 });
  });
});
