import { randomUUID } from 'node:crypto';
import { CatalogRpc, RulesetEvaluationRpc, RulesetsRpc } from '@pc/contracts';
import { DomainError } from '@pc/platform';
import { waitFor } from '@pc/testing';
import { gatewayUnderTest } from '../testing/gateway-under-test';
import { planBytes, PLANS_BYTES, PublicReads } from './public-reads';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Conditional requests and the response cache as the gateway decides them (issue 24), with stand-ins
 * for the catalog and the rulesets service: tags, 304s, no caller data in what is shared, one bus
 * request for many misses, read plans answering as their route does, a view for every ruleset answer,
 * and a change event dropping what is cached. Two replicas on real services, a change written to the
 * database and the rulesets service's view counts are the public-reads end-to-end file's.
 */
describe('public reads at the gateway: ETags and the response cache (stand-ins)', () => {
  const gateway = gatewayUnderTest(
    [
      CatalogRpc.getPolicy,
      CatalogRpc.listPolicies,
      CatalogRpc.getPolicyDocs,
      CatalogRpc.getPolicyHistory,
      CatalogRpc.toggleLike,
      CatalogRpc.createComment,
      RulesetsRpc.list,
      RulesetsRpc.get,
      RulesetsRpc.countViews,
      CatalogRpc.validateSubmission,
      RulesetEvaluationRpc.evaluate,
    ],
    { RESPONSE_CACHE_ENABLED: 'true', RESPONSE_CACHE_TTL_MS: '3600000' },
  );
  /** The policies the catalog stand-in knows, who likes each, and their comments. */
  const policies = new Map<string, { name: string; likedBy: Set<string>; comments: string[] }>();
  /** The views the rulesets stand-in was told of, by ruleset. */
  const views = new Map<string, number>();
  /** How long the catalog stand-in takes to answer a policy (the misses of a burst overlap). */
  let delayMs = 0;
  let version = 1000;

  beforeAll(() => {
    gateway.reply(CatalogRpc.getPolicy, async ({ id }, ctx) => {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      const policy = policies.get(id);
      if (!policy) throw new DomainError('NOT_FOUND', 'No such policy');
      const liked = ctx.caller.kind === 'user' && policy.likedBy.has(ctx.caller.userId);
      return {
        policy: {
          id,
          name: policy.name,
          liked,
          likes: policy.likedBy.size,
          comments: policy.comments.length,
        },
      } as never;
    });
    gateway.reply(CatalogRpc.listPolicies, () => ({ policies: [], hasMore: false }) as never);
    gateway.reply(CatalogRpc.getPolicyDocs, () => ({ docs: [] }) as never);
    // A policy's history: an entry a comment (what no list shows: a change of reach `item`).
    gateway.reply(CatalogRpc.getPolicyHistory, ({ id }) => ({
      entries: (policies.get(id)?.comments ?? []).map((body) => ({ kind: 'comment', body })) as never,
      nextCursor: null,
    }));
    gateway.reply(CatalogRpc.createComment, ({ policyId, body }) => {
      policies.get(policyId)!.comments.push(body);
      return { comment: { id: randomUUID(), body } } as never;
    });
    gateway.reply(CatalogRpc.toggleLike, ({ id }, ctx) => {
      const { likedBy } = policies.get(id)!;
      if (ctx.caller.kind === 'user') likedBy.add(ctx.caller.userId);
      return { liked: true, likes: likedBy.size } as never;
    });
    gateway.reply(RulesetsRpc.list, () => ({ rulesets: [], hasMore: false }));
    gateway.reply(RulesetsRpc.get, ({ id }) => ({ ruleset: { id, name: 'Viewed Rules' } }) as never);
    gateway.reply(CatalogRpc.validateSubmission, () => ({ validation: { ok: true } }) as never);
    gateway.reply(RulesetEvaluationRpc.evaluate, () => ({ evaluations: [] }) as never);
    gateway.reply(RulesetsRpc.countViews, ({ views: counted }) => {
      for (const { id, count } of counted) views.set(id, (views.get(id) ?? 0) + count);
      return { counted: counted.length };
    });
  });

  /** A policy the catalog stand-in answers, announced as the catalog's trigger would. */
  const newPolicy = (name: string): string => {
    const id = randomUUID();
    policies.set(id, { name, likedBy: new Set(), comments: [] });
    gateway.announce(`c${++version}`);
    return id;
  };
  const asked = (pattern: string) => gateway.asked.get(pattern)?.length ?? 0;
  const get = async (url: string, options: { token?: string; headers?: Record<string, string> } = {}) => {
    const res = await gateway.fetch('GET', url, options);
    return { ...res, body: res.body as Json };
  };
  const cookie = (session: string) => ({ cookie: `sb-access-token=${session}` });
  /** A tagged anonymous read (one under way when a change event arrives is answered untagged). */
  async function tagged(url: string) {
    let read = await get(url);
    await waitFor(async () => (read = await get(url)).headers.get('etag') !== null, 5000, 'a tagged read');
    return read;
  }

  it('tags an anonymous read and answers 304 to its tag, 200 to another', async () => {
    const id = newPolicy('Tagged Policy');
    const first = await tagged(`/api/policies/${id}`);
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toBe('Authorization, Cookie');

    const before = asked(CatalogRpc.getPolicy.pattern);
    const again = await fetch(`${gateway.url}/api/policies/${id}`, { headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    // Answered from the cache, without asking the catalog.
    const other = await get(`/api/policies/${id}`, { headers: { 'if-none-match': '"c1.1"' } });
    expect(other.status).toBe(200);
    expect(other.body.policy).toMatchObject({ id });
    expect(asked(CatalogRpc.getPolicy.pattern)).toBe(before);
    for (const path of [
      '/api/policies',
      `/api/policies/${id}/docs`,
      `/api/policies/${id}/history`,
      '/api/rulesets',
    ]) {
      const read = await get(path);
      expect(read.status).toBe(200);
      expect(read.headers.get('etag')).toMatch(/^"[^"]+"$/);
    }
  });

  it("never shares a caller's like: signed-in reads are private and uncached", async () => {
    const id = newPolicy('Liked Policy');
    const reader = gateway.user();
    const owner = gateway.user();
    expect((await tagged(`/api/policies/${id}`)).body.policy.liked).toBe(false);
    policies.get(id)!.likedBy.add(reader.id);

    for (const signedIn of [{ headers: cookie(reader.session) }, { token: reader.token }]) {
      const mine = await get(`/api/policies/${id}`, signedIn);
      expect(mine.body.policy.liked).toBe(true);
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      expect(mine.headers.get('etag')).toBeNull();
    }
    // Neither the anonymous caller (after the reader's read) nor another user sees the reader's like.
    const anonymous = await get(`/api/policies/${id}`);
    expect(anonymous.body.policy.liked).toBe(false);
    const others = await get(`/api/policies/${id}`, { headers: cookie(owner.session) });
    expect(others.body.policy.liked).toBe(false);
  });

  it('answers 200 with the change after a change event, and drops its cache at once after a write through itself', async () => {
    const id = newPolicy('Changing Policy');
    const before = await tagged(`/api/policies/${id}`);
    const tag = before.headers.get('etag')!;
    policies.get(id)!.name = 'Changed Policy';
    // No event yet: the cached read and its tag stand.
    expect((await get(`/api/policies/${id}`, { headers: { 'if-none-match': tag } })).status).toBe(304);

    gateway.announce(`c${++version}`);
    let after = before;
    await waitFor(
      async () =>
        (after = await get(`/api/policies/${id}`, { headers: { 'if-none-match': tag } })).status === 200,
      5000,
      'the change event to be heard',
    );
    expect(after.body.policy.name).toBe('Changed Policy');
    const changed = after.headers.get('etag')!;
    expect(changed).not.toBe(tag);

    // A write through this replica: its next read is fresh, before any event.
    const { token } = gateway.user();
    expect((await gateway.fetch('POST', `/api/policies/${id}/like`, { token })).status).toBe(200);
    const liked = await get(`/api/policies/${id}`, { headers: { 'if-none-match': changed } });
    expect(liked.status).toBe(200);
    expect(liked.body.policy.likes).toBe(1);
  });

  it('keeps what it cached through writes that change no public read: validations and evaluations', async () => {
    const id = newPolicy('Steady Policy');
    const tag = (await tagged(`/api/policies/${id}`)).headers.get('etag')!;
    const { token } = gateway.user();
    const validated = await gateway.fetch('POST', '/api/submissions/validate', {
      token,
      body: { sourceHostUrl: 'https://source-host.test/o/r' },
    });
    const evaluated = await gateway.fetch('POST', '/api/ruleset-evaluations', {
      token,
      body: {
        rulesets: [{ slug: 'api-documentation-basics' }],
        specification: { content: 'openapi: 3.0.0' },
      },
    });
    expect([validated.status, evaluated.status]).toEqual([200, 200]);
    const before = asked(CatalogRpc.getPolicy.pattern);
    expect((await get(`/api/policies/${id}`, { headers: { 'if-none-match': tag } })).status).toBe(304);
    expect((await get(`/api/policies/${id}`)).status).toBe(200);
    expect(asked(CatalogRpc.getPolicy.pattern)).toBe(before);
  });

  it('answers If-None-Match: * with 304 only for a policy it has an answer for, 404 for one that does not exist', async () => {
    const id = newPolicy('Any Policy');
    await tagged(`/api/policies/${id}`);
    expect((await get(`/api/policies/${id}`, { headers: { 'if-none-match': '*' } })).status).toBe(304);
    const missing = await get(`/api/policies/${randomUUID()}`, { headers: { 'if-none-match': '*' } });
    expect(missing.status).toBe(404);
  });

  it('answers the current tag 404 for a policy the service does not show (a version tag alone is no answer)', async () => {
    const id = newPolicy('Shown Policy');
    const tag = (await tagged(`/api/policies/${id}`)).headers.get('etag')!;
    // Another item with no change of its own has the same current tag: it was a 304 without a read.
    const hidden = await get(`/api/policies/${randomUUID()}`, { headers: { 'if-none-match': tag } });
    expect(hidden.status).toBe(404);
    expect((await get(`/api/policies/${id}`, { headers: { 'if-none-match': tag } })).status).toBe(304);
  });

  it("answers 200 to the reads of a changed policy and the lists, and still 304 to another policy's tag", async () => {
    const [changing, other] = [newPolicy('Edited Policy'), newPolicy('Untouched Policy')];
    const [changingTag, otherTag, listTag] = await Promise.all(
      [`/api/policies/${changing}`, `/api/policies/${other}`, '/api/policies'].map(async (url) =>
        (await tagged(url)).headers.get('etag')!,
      ),
    );
    policies.get(changing)!.name = 'Edited Policy, renamed';
    gateway.announce(`c${++version}`, [changing]);
    await waitFor(
      async () =>
        (await get(`/api/policies/${changing}`, { headers: { 'if-none-match': changingTag } })).status ===
        200,
      5000,
      'the change event to be heard',
    );
    expect((await get(`/api/policies/${changing}`)).body.policy.name).toBe('Edited Policy, renamed');
    expect((await get('/api/policies', { headers: { 'if-none-match': listTag } })).status).toBe(200);
    const before = asked(CatalogRpc.getPolicy.pattern);
    expect((await get(`/api/policies/${other}`, { headers: { 'if-none-match': otherTag } })).status).toBe(
      304,
    );
    expect((await get(`/api/policies/${other}`)).headers.get('etag')).toBe(otherTag);
    expect(asked(CatalogRpc.getPolicy.pattern)).toBe(before);

    // A write through this replica under one policy's path: that policy is read again, the other not.
    const { token } = gateway.user();
    expect((await gateway.fetch('POST', `/api/policies/${other}/like`, { token })).status).toBe(200);
    expect((await get(`/api/policies/${other}`, { headers: { 'if-none-match': otherTag } })).status).toBe(
      200,
    );
    expect((await get(`/api/policies/${other}`)).body.policy.likes).toBe(1);
  });

  it("answers a URL read before without the route's pipeline, as the route does: changes, 404, 400", async () => {
    const id = newPolicy('Planned Policy');
    const owner = gateway.user();
    // The first read goes through the route (which validates the URL), later ones through its read plan.
    await tagged(`/api/policies/${id}`);
    const planned = await get(`/api/policies/${id}`, { headers: { 'if-none-match': '"c1.1"' } });
    expect(planned.status).toBe(200);
    expect(planned.body.policy.id).toBe(id);
    expect(planned.headers.get('cache-control')).toBe('no-cache');
    expect(planned.headers.get('vary')).toBe('Authorization, Cookie');
    expect(planned.headers.get('x-request-id')).toBeTruthy();
    expect(planned.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Credentials on a planned URL are checked as the route checks them.
    const mine = await get(`/api/policies/${id}`, { headers: cookie(owner.session) });
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.body.policy.id).toBe(id);
    expect((await get(`/api/policies/${id}`, { headers: { authorization: 'Bearer pc_nope' } })).status).toBe(
      401,
    );

    policies.delete(id);
    gateway.announce(`c${++version}`);
    let gone = planned;
    await waitFor(
      async () => (gone = await get(`/api/policies/${id}`)).status === 404,
      5000,
      'the deleted policy to answer 404',
    );
    expect(gone.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(gone.headers.get('cache-control')).toBe('no-store');
    // A URL the route refuses is never planned: it keeps answering 400, and nothing is asked.
    const listed = asked(CatalogRpc.listPolicies.pattern);
    const read = asked(CatalogRpc.getPolicy.pattern);
    for (let i = 0; i < 2; i++) expect((await get('/api/policies/not-a-uuid')).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await get('/api/policies?limit=0')).status).toBe(400);
    expect([asked(CatalogRpc.listPolicies.pattern), asked(CatalogRpc.getPolicy.pattern)]).toEqual([
      listed,
      read,
    ]);
  });

  it('drops a read through a percent-encoded id at once when its policy changes, as the read through its id', async () => {
    const id = newPolicy('Encoded Policy');
    // `%61` is `a`, `%2D` is `-`, `%70` is `p`: the route reads the same policy, the cache keeps each
    // URL apart.
    const reads = [
      `/api/policies/%${id.charCodeAt(0).toString(16)}${id.slice(1)}`,
      `/api/policies/%${id.charCodeAt(0).toString(16)}${id.slice(1)}/history`,
      `/api/policies/${id.replace(/-/g, '%2D')}`,
      `/api/%70olicies/${id}/history`,
      `/api/policies/${id}`,
      `/api/policies/${id}/history`,
    ];
    for (const url of reads) expect((await tagged(url)).status).toBe(200);
    // A comment through this replica: a change of this policy's own reads alone, in no list.
    const { token } = gateway.user();
    const commented = await gateway.fetch('POST', `/api/policies/${id}/comments`, {
      token,
      body: { body: 'Encoded ids are the same policy' },
    });
    expect(commented.status).toBe(201);
    // Read again at once: every URL shows the comment (the count, or the history's entry).
    const after = await Promise.all(reads.map(async (url) => (await get(url)).body));
    expect(after.map((body) => body.policy?.comments ?? body.entries.length)).toEqual(reads.map(() => 1));
    // An encoded slash is part of the id, which is then no UUID: a 400, never a read of another path.
    const slash = await get(`/api/policies/${id}%2Fhistory`);
    expect([slash.status, slash.body.statusCode]).toEqual([400, 400]);
  });

  it('keeps its read plans within their byte budget, however long the URLs planned', async () => {
    // Anonymous GETs whose query strings the route ignores, each near the 16 KiB of a request line.
    const junk = 'x'.repeat(15_000);
    const urls = Array.from({ length: 1500 }, (_, i) => `/api/policies?junk${i}=${junk}`);
    for (let i = 0; i < urls.length; i += 50) {
      const answers = await Promise.all(urls.slice(i, i + 50).map((url) => get(url)));
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    }
    const planned = gateway.nest.get(PublicReads).plannedUrls();
    expect(planned.reduce((bytes, url) => bytes + planBytes(url), 0)).toBeLessThanOrEqual(PLANS_BYTES);
    // The newest are planned still: the oldest made room for them.
    expect(planned).toContain(urls.at(-1));
  });

  it('tags a ruleset read and counts a view for every answer: read, cached, 304 and signed in', async () => {
    const id = randomUUID();
    const reader = gateway.user();
    const first = await tagged(`/api/rulesets/${id}`);
    const tag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('no-cache');
    await waitFor(() => Promise.resolve((views.get(id) ?? 0) >= 2), 5000, 'the first views to be counted');
    const counted = views.get(id)!;
    const cached = await get(`/api/rulesets/${id}`);
    expect(cached.body).toEqual(first.body);
    expect((await get(`/api/rulesets/${id}`, { headers: { 'if-none-match': tag } })).status).toBe(304);
    const signedIn = await get(`/api/rulesets/${id}`, { headers: cookie(reader.session) });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    await waitFor(() => Promise.resolve(views.get(id)! >= counted + 3), 5000, 'the views to be counted');
    expect(views.get(id)).toBe(counted + 3);
  });

  it('sends one bus request for 100 concurrent anonymous misses of one read', async () => {
    const id = newPolicy('Popular Policy');
    // The announcement is heard before the burst (a miss after a change never joins a read begun before
    // it): the replica's tags name it, read on another path so that the policy stays a miss.
    await waitFor(
      async () => (await get('/api/rulesets')).headers.get('etag')?.startsWith(`"c${version}.`) === true,
      5000,
      'the change event to be heard',
    );
    const before = asked(CatalogRpc.getPolicy.pattern);
    delayMs = 200;
    try {
      const reads = await Promise.all(
        Array.from({ length: 100 }, () => fetch(`${gateway.url}/api/policies/${id}`)),
      );
      expect(reads.every((r) => r.status === 200)).toBe(true);
      expect(new Set(reads.map((r) => r.headers.get('etag'))).size).toBe(1);
    } finally {
      delayMs = 0;
    }
    expect(asked(CatalogRpc.getPolicy.pattern)).toBe(before + 1);
  });
});
