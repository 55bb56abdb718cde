import { PREDEFINED_POLICY_TABS, PREDEFINED_RULESET_TABS } from '@pc/contracts';
import { TabRules } from './tab-rules';

/** Each kind's tab rules as its service makes them: its predefined keys and its 422 for a key listed twice. */
const KINDS = [
  {
    kind: 'policy',
    predefined: PREDEFINED_POLICY_TABS,
    repeated: 'CATALOG.DOC_TABS_INVALID',
    field: 'docTabs',
  },
  {
    kind: 'ruleset',
    predefined: PREDEFINED_RULESET_TABS,
    repeated: 'RULESETS.TAB_KEY_REPEATED',
    field: 'tabs',
  },
] as const;

describe.each(KINDS)(
  "the kernel's documentation tab rules for a $kind",
  ({ predefined, repeated, field }) => {
    const titles = Object.fromEntries(predefined.map((key) => [key, `Title of ${key}`]));
    const rules = new TabRules<string>(predefined, repeated, titles);
    const [, second] = predefined;

    it('stores the tabs given in their order: predefined ones with their title and place, custom ones after', () => {
      const tabs = rules.toTabs(
        [
          { key: 'mine', title: '', bodyMd: 'Mine.' },
          { key: second, title: ' ', bodyMd: '' },
          { key: 'overview', title: 'Start here', bodyMd: '', sortOrder: 7 },
        ],
        field,
      );
      expect(tabs).toEqual([
        { key: 'mine', title: 'mine', kind: 'custom', bodyMd: 'Mine.', sortOrder: 10 },
        { key: second, title: `Title of ${second}`, kind: 'predefined', bodyMd: '', sortOrder: 1 },
        { key: 'overview', title: 'Start here', kind: 'predefined', bodyMd: '', sortOrder: 7 },
      ]);
    });

    it("refuses a key listed twice with the kind's 422, naming the second place it is listed at", () => {
      const input = ['overview', 'mine', 'faq', 'mine'].map((key) => ({ key, title: '', bodyMd: 'Body.' }));
      expect(() => rules.toTabs(input, field)).toThrow(
        expect.objectContaining({
          code: repeated,
          message: 'Documentation tab keys must be unique',
          details: [{ field: `${field}.3.key`, message: 'mine is listed twice' }],
        }),
      );
    });
  },
);
