import type { BusClient } from '@pc/platform';
import { GatewayEnv } from '../gateway.env';
import { ContentVersions } from './content-versions';
import { ResponseCache } from './response-cache';

const MiB = 1024 * 1024;

function cacheWith(env: Partial<GatewayEnv> = {}): { cache: ResponseCache; versions: ContentVersions } {
  const settings = Object.assign(new GatewayEnv(), env);
  // The bus is only used to subscribe at bootstrap, which these tests do not run: they call `changed`.
  const versions = new ContentVersions({} as BusClient, settings);
  return { cache: new ResponseCache(versions, settings), versions };
}

const body = (bytes: number, fill = 'x') => Buffer.from(fill.repeat(bytes));

describe('the response cache', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps within its byte bound under a scan of 100,000 distinct reads, the most recent kept', async () => {
    const { cache } = cacheWith({ RESPONSE_CACHE_MAX_BYTES: MiB });
    for (let i = 0; i < 100_000; i++)
      await cache.fill(`/api/policies/${i}`, () => Promise.resolve(body(1500)));
    expect(cache.size).toBeLessThanOrEqual(MiB);
    expect(cache.count).toBeGreaterThan(500);
    expect(cache.get('/api/policies/99999')).toBeDefined();
    expect(cache.get('/api/policies/0')).toBeUndefined();
  });

  it('sends one read for 100 concurrent misses of one key, and all get its answer and tag', async () => {
    const { cache } = cacheWith();
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const read = async () => {
      reads++;
      await gate;
      return body(10, 'a');
    };
    const all = Promise.all(Array.from({ length: 100 }, () => cache.fill('/api/policies', read)));
    release();
    const answers = await all;
    expect(reads).toBe(1);
    expect(new Set(answers.map((a) => a.tag)).size).toBe(1);
    expect(answers.every((a) => a.body.toString() === 'a'.repeat(10))).toBe(true);
  });

  it('empties on a change event and gives the next read a new tag', async () => {
    const { cache, versions } = cacheWith();
    const first = await cache.fill('/api/policies', () => Promise.resolve(body(10)));
    expect(cache.get('/api/policies')).toBeDefined();
    versions.changed({ version: 'c1001' });
    expect(cache.get('/api/policies')).toBeUndefined();
    const second = await cache.fill('/api/policies', () => Promise.resolve(body(10)));
    expect(second.tag).not.toBe(first.tag);
    // The same change heard again (the other replica of the service relays it too) changes nothing.
    versions.changed({ version: 'c1001' });
    expect(cache.get('/api/policies')?.tag).toBe(second.tag);
  });

  it("ends the reads of an item and the lists on a change of that item, and keeps every other item's", async () => {
    const { cache, versions } = cacheWith();
    const [x, y] = ['0b8c6f4e-8a64-4f59-9d2e-5a4d1c2b3a01', '0b8c6f4e-8a64-4f59-9d2e-5a4d1c2b3a02'];
    const read = (url: string) => cache.fill(url, () => Promise.resolve(body(10)));
    const [ofX, docsOfX, ofY, list] = await Promise.all(
      [`/api/policies/${x}`, `/api/policies/${x}/docs`, `/api/rulesets/${y}`, '/api/search?q=gate'].map(read),
    );
    versions.changed({ version: 'c4004', items: [x] });
    expect(cache.get(`/api/policies/${x}`)).toBeUndefined();
    expect(cache.get(`/api/policies/${x}/docs`)).toBeUndefined();
    expect(cache.get('/api/search?q=gate')).toBeUndefined();
    expect(cache.get(`/api/rulesets/${y}`)?.tag).toBe(ofY.tag);
    const [againX, againList] = await Promise.all([`/api/policies/${x}`, '/api/search?q=gate'].map(read));
    expect(againX.tag).not.toBe(ofX.tag);
    expect(againList.tag).not.toBe(list.tag);
    expect(docsOfX.tag).toBe(ofX.tag);

    // A change of any content ends them all.
    versions.changed({ version: 'c5005' });
    expect(cache.get(`/api/rulesets/${y}`)).toBeUndefined();
    expect(cache.get(`/api/policies/${x}`)).toBeUndefined();
  });

  it("keeps the lists a change does not show in: a comment anywhere, the count of an item they don't hold", async () => {
    const { cache, versions } = cacheWith();
    const [x, y] = ['0b8c6f4e-8a64-4f59-9d2e-5a4d1c2b3a01', '0b8c6f4e-8a64-4f59-9d2e-5a4d1c2b3a02'];
    const page = (...ids: string[]) =>
      Buffer.from(JSON.stringify({ policies: ids.map((id) => ({ id, likes: 0, liked: false })) }));
    const [holdsX, holdsY, byLikes] = [
      '/api/policies?limit=20',
      '/api/policies?offset=20',
      '/api/rulesets?sort=likes',
    ];
    const first = await cache.fill(holdsX, () => Promise.resolve(page(x)));
    const second = await cache.fill(holdsY, () => Promise.resolve(page(y)));
    await cache.fill(byLikes, () => Promise.resolve(page(y)));
    expect(first.items).toEqual(new Set([x]));

    // A comment on x (or a like's own row): x's own reads only.
    versions.changed({ version: 'c1001', items: [x], reach: 'item' });
    for (const key of [holdsX, holdsY, byLikes]) expect(cache.get(key)).toBeDefined();
    expect(cache.get(holdsX)?.tag).toBe(first.tag);

    // x's count: the page holding x, and every list sorted by a count; the other page and its tag stand,
    // though the version of any content moved (a 304 for its holders).
    versions.changed({ version: 'c1002', items: [x], reach: 'rows' });
    expect(cache.get(holdsX)).toBeUndefined();
    expect(cache.get(byLikes)).toBeUndefined();
    expect(cache.get(holdsY)?.tag).toBe(second.tag);
    expect(cache.currentTag(holdsY)).toBe(second.tag);
    expect(versions.currentTag('any')).not.toBe(second.tag);
    const again = await cache.fill(holdsX, () => Promise.resolve(page(x)));
    expect(again.tag).not.toBe(first.tag);

    // x renamed (a change of what lists hold or their order): every list.
    versions.changed({ version: 'c1003', items: [x] });
    expect(cache.get(holdsY)).toBeUndefined();
    expect(cache.get(holdsX)).toBeUndefined();
  });

  it('does not keep a list read while the rows of an item it holds changed; keeps one whose items did not', async () => {
    const { cache, versions } = cacheWith();
    const [x, y] = ['0b8c6f4e-8a64-4f59-9d2e-5a4d1c2b3a01', '0b8c6f4e-8a64-4f59-9d2e-5a4d1c2b3a02'];
    const page = (id: string) => Buffer.from(JSON.stringify({ policies: [{ id }] }));
    const touched = await cache.fill('/api/policies?limit=1', () => {
      versions.changed({ version: 'c2001', items: [x], reach: 'rows' });
      return Promise.resolve(page(x));
    });
    expect(touched.tag).toBeUndefined();
    expect(cache.get('/api/policies?limit=1')).toBeUndefined();
    const untouched = await cache.fill('/api/policies?limit=2', () => {
      versions.changed({ version: 'c2002', items: [x], reach: 'rows' });
      return Promise.resolve(page(y));
    });
    expect(untouched.tag).toBeDefined();
    expect(cache.get('/api/policies?limit=2')?.tag).toBe(untouched.tag);
  });

  it('neither caches nor tags a read during which a change was heard', async () => {
    const { cache, versions } = cacheWith();
    const answer = await cache.fill('/api/policies', () => {
      versions.changed({ version: 'c2002' });
      return Promise.resolve(body(10));
    });
    expect(answer.tag).toBeUndefined();
    expect(cache.get('/api/policies')).toBeUndefined();
  });

  it('does not let a miss after a change join a read begun before it: it reads the changed content', async () => {
    const { cache, versions } = cacheWith();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const before = cache.fill('/api/policies/1', async () => {
      await gate;
      return body(10, 'o');
    });
    versions.changed({ version: 'c3003' });
    let reads = 0;
    const after = cache.fill('/api/policies/1', () => {
      reads++;
      return Promise.resolve(body(10, 'n'));
    });
    release();
    expect((await after).body.toString()).toBe('n'.repeat(10));
    expect(reads).toBe(1);
    // The read begun before the change is answered untagged and does not replace the newer entry.
    expect((await before).tag).toBeUndefined();
    expect(cache.get('/api/policies/1')?.body.toString()).toBe('n'.repeat(10));
  });

  it('expires what it keeps, and its tags, after the TTL when no event comes (a lost event)', async () => {
    jest.useFakeTimers({ now: 1_000_000_000_000 });
    const { cache, versions } = cacheWith({ RESPONSE_CACHE_TTL_MS: 5000 });
    const first = await cache.fill('/api/policies', () => Promise.resolve(body(10)));
    const tag = versions.tagOf(versions.versionOf('any'));
    expect(first.tag).toBe(tag);
    jest.setSystemTime(1_000_000_000_000 + 5000);
    expect(cache.get('/api/policies')).toBeUndefined();
    expect(versions.tagOf(versions.versionOf('any'))).not.toBe(tag);
  });

  it('stores nothing and shares no read when turned off', async () => {
    const { cache } = cacheWith({ RESPONSE_CACHE_ENABLED: false });
    let reads = 0;
    const read = () => {
      reads++;
      return Promise.resolve(body(10));
    };
    await Promise.all([cache.fill('/k', read), cache.fill('/k', read)]);
    expect(reads).toBe(2);
    expect(cache.get('/k')).toBeUndefined();
  });
});
