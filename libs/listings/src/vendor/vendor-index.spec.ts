import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeKeyset, type Keyset } from '@pc/platform';
import type { ListingServiceEnv } from '../source/listing-service.env';
import { VendorIndex, type VendorShelf } from './vendor-index';

interface Summary {
  slug: string;
  name: string;
  level: number;
}

/** A shelf with one field of its own (`level`), a filter on it and a list sorted by name. */
const shelf: VendorShelf<
  { level: number },
  { q?: string; level?: number },
  Summary,
  Summary & { body: string }
> = {
  folder: 'items',
  label: 'Vendor item',
  service: 'listings-test',
  read(raw) {
    if (typeof raw.level !== 'number') throw new Error('level must be a number');
    return { level: raw.level };
  },
  keeps: (entry, filter) => filter.level === undefined || entry.level === filter.level,
  summary: (entry) => ({ slug: entry.slug, name: entry.name, level: entry.level }),
  item: (entry) => ({ ...shelf.summary(entry), body: entry.body_md }),
};

const entry = (slug: string, name: string, level: unknown) =>
  JSON.stringify({ slug, name, summary: `About ${name}`, body_md: `# ${name}`, level });

describe("the kernel's vendor index", () => {
  let root: string;
  let index: VendorIndex<
    { level: number },
    { q?: string; level?: number },
    Summary,
    Summary & { body: string }
  >;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'vendor-index-'));
    index = new VendorIndex({ VENDOR_INDEX_DIR: root } as ListingServiceEnv, shelf);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const write = async (file: string, text: string): Promise<void> => {
    await mkdir(path.join(root, 'items'), { recursive: true });
    await writeFile(path.join(root, 'items', file), text);
  };

  it('lists the entries of its folder by name, filtered by words and by the kind, and skips a bad file with its reason', async () => {
    await write('b.json', entry('beta', 'Beta gate', 2));
    await write('a.json', entry('alpha', 'Alpha gate', 1));
    await write('bad.json', entry('broken', 'Broken', 'high'));
    expect(await index.load()).toEqual({ count: 2, errors: ['bad.json: level must be a number'] });
    expect(index.list({}).map((s) => s.slug)).toEqual(['alpha', 'beta']);
    expect(index.list({ q: 'beta GATE' }).map((s) => s.slug)).toEqual(['beta']);
    expect(index.list({ level: 1 }).map((s) => s.slug)).toEqual(['alpha']);
    expect(index.get('beta')).toEqual({ slug: 'beta', name: 'Beta gate', level: 2, body: '# Beta gate' });
  });

  it('pages by name then slug in either order, by offset or after the cursor of the page before', async () => {
    await write('a.json', entry('alpha', 'Alpha', 1));
    await write('b.json', entry('beta-2', 'Beta', 2));
    await write('c.json', entry('beta-1', 'Beta', 2));
    await write('d.json', entry('gamma', 'Gamma', 3));
    await index.load();
    const slugs = (page: { items: Summary[] }) => page.items.map((s) => s.slug);
    const ascending = ['alpha', 'beta-1', 'beta-2', 'gamma'];
    expect(slugs(index.page({}, { limit: 10, offset: 0 }))).toEqual(ascending);
    expect(slugs(index.page({}, { order: 'desc', limit: 10, offset: 0 }))).toEqual([...ascending].reverse());
    expect(index.page({}, { order: 'desc', limit: 2, offset: 1 })).toMatchObject({
      items: [{ slug: 'beta-2' }, { slug: 'beta-1' }],
      hasMore: true,
    });
    for (const order of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let after: Keyset | null = null;
      for (;;) {
        const page = index.page({}, { order, limit: 3, offset: 0, after });
        seen.push(...slugs(page));
        if (!page.nextCursor) break;
        after = decodeKeyset(page.nextCursor, index.cursorKind(order));
      }
      expect([order, seen]).toEqual([order, order === 'asc' ? ascending : [...ascending].reverse()]);
    }
    const descending = index.page({}, { order: 'desc', limit: 1, offset: 0 });
    expect(() => decodeKeyset(descending.nextCursor!, index.cursorKind('asc'))).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST' }),
    );
  });

  it("shows a kind's vendor item first as the vendor's, with its slug, name and summary, then the kind's fields", () => {
    const entry = { slug: 'alpha', name: 'Alpha', summary: 'About Alpha', body_md: '# Alpha' };
    const summary = VendorIndex.summaryOf(entry, { level: 1 });
    expect(summary).toEqual({
      source: 'vendor',
      slug: 'alpha',
      name: 'Alpha',
      summary: 'About Alpha',
      level: 1,
    });
    expect(Object.keys(summary)).toEqual(['source', 'slug', 'name', 'summary', 'level']);
  });

  it('answers 404 for a slug that left the index on reload', async () => {
    await write('a.json', entry('alpha', 'Alpha', 1));
    await index.load();
    await rm(path.join(root, 'items', 'a.json'));
    await write('c.json', entry('gamma', 'Gamma', 3));
    expect(await index.load()).toEqual({ count: 1, errors: [] });
    expect(() => index.get('alpha')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: 'Vendor item not found' }),
    );
    expect(index.get('gamma').name).toBe('Gamma');
  });
});
