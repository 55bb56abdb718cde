import { ADMIN, BUSES, CatalogE2e, type CatalogUser, type Json, QUOTA } from './testing/catalog-e2e';

/** The catalog's system with the gateway's response cache on, as in production. */
class CachedCatalog extends CatalogE2e {
  override start(): Promise<void> {
    return this.startSystem({
      bus: this.kind,
      admin: ADMIN,
      env: {
        COMMENT_DAILY_QUOTA: String(QUOTA),
        RESPONSE_CACHE_ENABLED: 'true',
        RESPONSE_CACHE_TTL_MS: '3600000',
      },
    });
  }
}

// Who sees a policy that is not published: every route that takes its id (or finds it by a word or its
// slug) answers its owner, and answers anyone else as if it did not exist (404, never 403), whatever was
// read or cached before; a token with api:read only writes nothing.
describe.each(BUSES)('catalog visibility of unpublished policies over the %s bus', (kind) => {
  const t = new CachedCatalog(kind);
  beforeAll(() => t.start());
  afterAll(() => t.close());
  const { newUser, submit, published } = t;

  /** A raw call (the status as it came, whatever the OpenAPI document lists). */
  async function call(
    method: string,
    path: string,
    who: { token?: string; cookie?: string } = {},
    body?: unknown,
  ): Promise<{ status: number; body: Json }> {
    const headers: Record<string, string> = {};
    if (who.token) headers.authorization = `Bearer ${who.token}`;
    if (who.cookie) headers.cookie = who.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, t.http.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
  }

  /** Every route that takes the policy's id, as [method, path, body]. */
  function routesOf(id: string): Array<[string, string, unknown?]> {
    const p = `/api/policies/${id}`;
    return [
      ['GET', p],
      ['GET', `${p}/docs`],
      ['GET', `${p}/history`],
      ['GET', `${p}/issues-enabled`],
      ['GET', `${p}/changes-since-review`],
      ['GET', `${p}/comments`],
      ['POST', `${p}/comments`, { body: 'Hello' }],
      ['GET', `${p}/like`],
      ['POST', `${p}/like`, {}],
      ['GET', `${p}/reviewers/me`],
      ['GET', `${p}/revisions`],
      ['POST', `${p}/revisions`, { field: 'description', value: 'A new description of the guard.' }],
      ['GET', `${p}/branches`],
      ['POST', `${p}/download`, {}],
      ['GET', `${p}/adoption`],
      ['GET', `${p}/follow`],
      ['PUT', `${p}/follow`],
      ['PATCH', p, { name: 'Taken over' }],
      ['POST', `${p}/transfers`, { recipientUsername: 'nobody-at-all' }],
    ];
  }

  async function sweep(id: string, who: { token?: string; cookie?: string }): Promise<string[]> {
    const seen: string[] = [];
    for (const [method, path, body] of routesOf(id)) {
      const { status } = await call(method, path, who, body);
      // Anonymous callers may be asked to sign in first; nobody learns that the policy exists.
      const expected = who.token || who.cookie ? [404] : [401, 404];
      if (!expected.includes(status)) seen.push(`${method} ${path} -> ${status}`);
    }
    return seen;
  }

  async function findable(name: string, slug: string, who: { token?: string } = {}): Promise<string[]> {
    const word = name.split(' ').pop()!;
    const found: string[] = [];
    const lists = [
      `/api/policies?q=${word}`,
      `/api/policies?q=${encodeURIComponent(name)}`,
      `/api/policies?sort=submitted&order=desc&limit=200`,
      `/api/policies?sort=alpha&limit=200&q=${word}`,
      `/api/search?q=${word}`,
      `/api/search?q=${word}&sort=newest`,
    ];
    for (const path of lists) {
      const { status, body } = await call('GET', path, who);
      const text = JSON.stringify(body);
      if (status === 200 && text.includes(word)) found.push(path);
    }
    const vendor = await call('GET', `/api/vendor-policies/${slug}`, who);
    if (vendor.status !== 404) found.push(`vendor ${vendor.status}`);
    return found;
  }

  let owner: CatalogUser;
  let other: CatalogUser;
  let ownerReadToken: string;
  const unpublished: Array<{ label: string; id: string; name: string; slug: string }> = [];

  beforeAll(async () => {
    owner = await newUser();
    other = await newUser();
    const minted = await t.http.post<Json>(
      '/api/tokens',
      { name: 'read', scopes: ['api:read'] },
      { cookie: owner.cookie },
    );
    ownerReadToken = minted.body.token;
    const review = await submit(owner.token, { name: `Hidden Guard Quagganreview` });
    const rejected = await submit(owner.token, { name: `Hidden Guard Quagganrejected` });
    const reject = await t.http.post(
      `/api/admin/submissions/${rejected.submission.id}/reject`,
      { feedback: 'Not yet' },
      { cookie: t.admin },
    );
    expect(reject.status).toBe(200);
    for (const [label, made] of [
      ['under review', review],
      ['rejected', rejected],
    ] as const) {
      const mine = await t.http.get<Json>(`/api/policies/${made.submission.policyId}`, {
        token: owner.token,
      });
      expect(mine.status).toBe(200);
      unpublished.push({
        label,
        id: mine.body.policy.id,
        name: mine.body.policy.name,
        slug: mine.body.policy.slug,
      });
    }
  });

  it('the owner reads them, on every read route, and finds them in lists', async () => {
    for (const policy of unpublished) {
      for (const suffix of ['', '/docs', '/history', '/comments', '/reviewers/me', '/like']) {
        const { status } = await call('GET', `/api/policies/${policy.id}${suffix}`, { token: owner.token });
        expect(`${suffix} ${status}`).toBe(`${suffix} 200`);
      }
      expect(await findable(policy.name, policy.slug, { token: owner.token })).not.toEqual([]);
    }
  });

  it('anonymous callers and other users meet 404 on every route, after the owner read each of them', async () => {
    for (const policy of unpublished) {
      // The owner's reads first (they may fill what is shared), then the others'.
      await sweep(policy.id, { token: owner.token });
      expect({ [policy.label]: await sweep(policy.id, {}) }).toEqual({ [policy.label]: [] });
      expect({ [policy.label]: await sweep(policy.id, { token: other.token }) }).toEqual({
        [policy.label]: [],
      });
      expect({ [policy.label]: await sweep(policy.id, { cookie: other.cookie }) }).toEqual({
        [policy.label]: [],
      });
      expect(await findable(policy.name, policy.slug)).toEqual([]);
      expect(await findable(policy.name, policy.slug, { token: other.token })).toEqual([]);
    }
  });

  it("answers a conditional anonymous read of them 404, as an unconditional one, before and after the owner's edit", async () => {
    // Any current tag: the one of a published policy's anonymous answer.
    const { policyId } = await published(other.token);
    let tag: string | null = null;
    for (let tries = 0; tries < 50 && tag === null; tries++) {
      tag = (await fetch(new URL(`/api/policies/${policyId}`, t.http.baseUrl))).headers.get('etag');
    }
    expect(tag).not.toBeNull();
    const conditional = async (path: string) =>
      (await fetch(new URL(path, t.http.baseUrl), { headers: { 'if-none-match': tag! } })).status;
    const hidden = unpublished[0].id;
    const statuses = async () => ({
      policy: await conditional(`/api/policies/${hidden}`),
      docs: await conditional(`/api/policies/${hidden}/docs`),
      history: await conditional(`/api/policies/${hidden}/history`),
    });
    expect(await statuses()).toEqual({ policy: 404, docs: 404, history: 404 });
    // Before, the tag alone answered: 304 while the policy was unchanged, 404 once its owner edited it
    // (its own version), 304 for an id no policy has: a test of whether the id exists.
    const edited = await call(
      'PATCH',
      `/api/policies/${hidden}`,
      { token: owner.token },
      { description: 'Rejects requests whose token lacks a scope, and says which.' },
    );
    expect(edited.status).toBe(200);
    expect(await statuses()).toEqual({ policy: 404, docs: 404, history: 404 });
    expect(await conditional(`/api/policies/0b6c3a52-1c1e-4c55-9a0e-0f5b7e4a9d11`)).toBe(404);
    // A published policy's own tag still answers 304.
    expect(await conditional(`/api/policies/${policyId}`)).toBe(304);
  });

  it('a read-only token of the owner writes nothing', async () => {
    const { policyId } = await published(owner.token);
    const writes: Array<[string, string, unknown?]> = routesOf(policyId).filter(
      ([method]) => method !== 'GET',
    );
    writes.push(['DELETE', `/api/policies/${policyId}/follow`]);
    const mine = await call(
      'POST',
      `/api/policies/${policyId}/comments`,
      { token: owner.token },
      { body: 'Mine' },
    );
    expect(mine.status).toBe(201);
    writes.push(['PATCH', `/api/comments/${mine.body.comment.id}`, { body: 'Changed' }]);
    writes.push(['DELETE', `/api/comments/${mine.body.comment.id}`]);
    for (const [method, path, body] of writes) {
      const { status } = await call(method, path, { token: ownerReadToken }, body);
      expect(`${method} ${path} ${status}`).toBe(`${method} ${path} 403`);
    }
    const comments = await call('GET', `/api/policies/${policyId}/comments`);
    expect(comments.body.comments.map((c: Json) => c.body)).toEqual(['Mine']);
  });

  it('another user may like, follow and comment on a published policy, but not edit, transfer or revise it', async () => {
    const { policyId } = await published(owner.token);
    const p = `/api/policies/${policyId}`;
    expect((await call('POST', `${p}/comments`, { token: other.token }, { body: 'Nice' })).status).toBe(201);
    expect((await call('POST', `${p}/like`, { token: other.token }, {})).status).toBe(200);
    expect((await call('PUT', `${p}/follow`, { token: other.token })).status).toBe(200);
    expect((await call('PATCH', p, { token: other.token }, { name: 'Mine now' })).status).toBe(403);
    expect(
      (await call('POST', `${p}/transfers`, { token: other.token }, { recipientUsername: other.username }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(
          'POST',
          `${p}/revisions`,
          { token: other.token },
          { field: 'description', value: 'Someone else wrote this.' },
        )
      ).status,
    ).toBe(403);
    expect((await call('POST', `${p}/pin`, { token: other.token }, {})).status).toBe(403);
    expect((await call('GET', p)).body.policy.name).not.toBe('Mine now');
  });
});
