import { type DocTabInput, RulesetsRpc } from '@pc/contracts';
import { anonymous, codeOf, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';

const UNKNOWN = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';

/** A ruleset's documentation tabs: who sees which, and the rules of a set, through the bus contract. */
describe('ruleset documentation tabs (service level, PostgreSQL)', () => {
  const h = rulesetsUnderTest();
  let owner: TestUser;
  let other: TestUser;
  let id: string;

  beforeAll(async () => {
    owner = h.user();
    other = h.user();
    ({ rulesetId: id } = await h.published(owner, {
      docTabs: [{ key: 'rules', title: 'Rules', bodyMd: 'The rules.' }],
    }));
  });

  const tab = (key: string, bodyMd = 'Body.'): DocTabInput => ({ key, title: key.toUpperCase(), bodyMd });
  const replace = (tabs: DocTabInput[], who = owner) =>
    h.request(RulesetsRpc.replaceDocs, who.ctx, { id, tabs });

  it('shows editors every tab with canEdit; others only the overview and tabs with content', async () => {
    const mine = await h.request(RulesetsRpc.getDocs, owner.ctx, { id });
    expect(mine.canEdit).toBe(true);
    expect(mine.tabs.map((t) => t.key)).toEqual(['overview', 'rules', 'examples', 'faq']);
    const theirs = await h.request(RulesetsRpc.getDocs, anonymous(), { id });
    expect(theirs.canEdit).toBe(false);
    expect(theirs.tabs.map((t) => t.key)).toEqual(['overview', 'rules']);
    expect(theirs.completeness).toEqual({ filled: 2, total: 4, ratio: 0.5 });
    expect(await codeOf(h.request(RulesetsRpc.getDocs, anonymous(), { id: UNKNOWN }))).toBe('NOT_FOUND');
  });

  it('replaces the set: overview required, keys unique, bodies within the budget; the predefined added', async () => {
    expect(await codeOf(replace([tab('faq')]))).toBe('RULESETS.OVERVIEW_REQUIRED');
    expect(await codeOf(replace([tab('overview'), tab('faq'), tab('faq')]))).toBe(
      'RULESETS.TAB_KEY_REPEATED',
    );
    const big = [
      tab('overview', 'x'.repeat(100_000)),
      ...Array.from({ length: 6 }, (_, i) => tab(`big${i}`, 'x'.repeat(100_000))),
    ];
    expect(await codeOf(replace(big))).toBe('RULESETS.DOCS_LIMIT');
    expect(await codeOf(replace([tab('overview')], other))).toBe('FORBIDDEN');
    const replaced = await replace([
      tab('overview', 'New overview.'),
      { ...tab('configuration'), sortOrder: 7 },
    ]);
    expect(replaced.tabs.map((t) => [t.key, t.kind])).toEqual([
      ['overview', 'predefined'],
      ['rules', 'predefined'],
      ['examples', 'predefined'],
      ['faq', 'predefined'],
      ['configuration', 'custom'],
    ]);
    expect(replaced.completeness).toEqual({ filled: 1, total: 4, ratio: 0.25 });
  });

  it('takes exactly 50 tabs as sent (the three predefined added do not count)', async () => {
    const fifty = await replace([tab('overview'), ...Array.from({ length: 49 }, (_, i) => tab(`k${i}`))]);
    expect(fifty.tabs).toHaveLength(53);
    expect((await h.request(RulesetsRpc.getDocs, owner.ctx, { id })).tabs).toHaveLength(53);
  });

  it('upserts one tab by key, keeping or moving its place, deletes one, never the overview', async () => {
    await replace([tab('overview', 'Hello.')]);
    const put = await h.request(RulesetsRpc.upsertTab, owner.ctx, {
      id,
      key: 'faq',
      title: 'FAQ',
      bodyMd: 'Questions.',
    });
    expect(put.tab).toMatchObject({ key: 'faq', kind: 'predefined', bodyMd: 'Questions.', sortOrder: 3 });
    const custom = await h.request(RulesetsRpc.upsertTab, owner.ctx, {
      id,
      key: 'changelog',
      title: 'Changelog',
    });
    expect(custom.tab).toMatchObject({ key: 'changelog', kind: 'custom', bodyMd: '' });
    expect(custom.tab.sortOrder).toBeGreaterThan(3);
    const moved = await h.request(RulesetsRpc.upsertTab, owner.ctx, {
      id,
      key: 'changelog',
      title: 'Changes',
      sortOrder: 0,
    });
    expect(moved.tab.sortOrder).toBe(0);
    expect(await codeOf(h.request(RulesetsRpc.upsertTab, other.ctx, { id, key: 'faq', title: 'x' }))).toBe(
      'FORBIDDEN',
    );
    expect(
      await codeOf(h.request(RulesetsRpc.upsertTab, owner.ctx, { id: UNKNOWN, key: 'faq', title: 'x' })),
    ).toBe('NOT_FOUND');
    expect(await codeOf(h.request(RulesetsRpc.deleteTab, owner.ctx, { id, key: 'overview' }))).toBe(
      'RULESETS.OVERVIEW_REQUIRED',
    );
    expect(await codeOf(h.request(RulesetsRpc.deleteTab, other.ctx, { id, key: 'changelog' }))).toBe(
      'FORBIDDEN',
    );
    expect(await h.request(RulesetsRpc.deleteTab, owner.ctx, { id, key: 'changelog' })).toEqual({ ok: true });
    expect(await codeOf(h.request(RulesetsRpc.deleteTab, owner.ctx, { id, key: 'changelog' }))).toBe(
      'NOT_FOUND',
    );
    const after = await h.request(RulesetsRpc.getDocs, owner.ctx, { id });
    expect(after.tabs.map((t) => t.key)).toEqual(['overview', 'rules', 'examples', 'faq']);
  });
});
