import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_VENDOR_INDEX_DIR, loadVendorFolder } from '@pc/vendor-index';
import { shutdown } from '../evaluation/engine/amf-engine';
import { perform as run } from '../evaluation/engine/evaluation.worker';
import { checkExamples, EXAMPLE_FILE, type Example, profileTask } from '../evaluation/examples-check';
import { analyseProfile } from '../validation/profile';

const FOLDER = path.join(DEFAULT_VENDOR_INDEX_DIR, 'rulesets');

async function examples(slug: string, kind: 'conforming' | 'non-conforming'): Promise<Example[]> {
  const dir = path.join(FOLDER, 'examples', slug, kind);
  const names = (await readdir(dir).catch(() => [])).filter((n) => EXAMPLE_FILE.test(n)).sort();
  return Promise.all(
    names.map(async (n) => ({
      path: `examples/${slug}/${kind}/${n}`,
      text: await readFile(path.join(dir, n), 'utf8'),
    })),
  );
}

/**
 * The vendor index's rulesets are tested rulesets: each profile passes the engine, no rule fires on a
 * conforming example and every rule fires on a non-conforming one (examples/<slug>/{conforming,non-conforming}).
 */
describe("the vendor index's rulesets and their examples, with the real engine", () => {
  jest.setTimeout(240_000);
  afterAll(() => shutdown());

  it('every profile the index names compiles, and its examples pass', async () => {
    const { entries } = await loadVendorFolder(FOLDER, (raw) => ({
      slug: String(raw.slug),
      name: String(raw.name),
      summary: String(raw.summary),
      body_md: String(raw.body_md),
      profile: typeof raw.profile === 'string' ? raw.profile : '',
    }));
    const withProfiles = [...entries.values()].filter((e) => e.profile);
    expect(withProfiles.map((e) => e.slug).sort()).toEqual(['api-documentation-basics', 'owasp-api-top-ten']);
    for (const entry of withProfiles) {
      const text = await readFile(path.join(FOLDER, entry.profile), 'utf8');
      const analysis = analyseProfile(entry.profile, text);
      expect([entry.slug, analysis.errors]).toEqual([entry.slug, []]);
      expect([entry.slug, await run({ kind: 'check-profile', profile: text })]).toEqual([
        entry.slug,
        { kind: 'profile-checked', problems: [], silentRules: [] },
      ]);
      const outcome = await checkExamples(run, profileTask(text), analysis.profile!.ruleNames, {
        conforming: await examples(entry.slug, 'conforming'),
        nonConforming: await examples(entry.slug, 'non-conforming'),
      });
      expect([entry.slug, outcome.errors]).toEqual([entry.slug, []]);
      expect(outcome.coverage.every((c) => c.fired)).toBe(true);
    }
  });
});
