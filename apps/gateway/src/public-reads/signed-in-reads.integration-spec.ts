import { randomUUID } from 'node:crypto';
import { type Caller, CallerEvents, CatalogCallerStateRpc, CatalogRpc } from '@pc/contracts';
import { DomainError } from '@pc/platform';
import { waitFor } from '@pc/testing';
import { gatewayUnderTest, type GatewayUnderTest } from '../testing/gateway-under-test';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface StandInPolicy {
  name: string;
  ownerId: string;
  published: boolean;
  likedBy: Set<string>;
}

const DESCRIPTORS = [
  CatalogRpc.getPolicy,
  CatalogRpc.listPolicies,
  CatalogRpc.getPolicyDocs,
  CatalogRpc.toggleLike,
  CatalogCallerStateRpc.get,
];

/**
 * A catalog stand-in as the real one answers: a policy visible when published or to its owner and
 * administrators, `liked` for the caller, and the caller's part; every question and its caller recorded.
 */
function standInCatalog(gateway: GatewayUnderTest) {
  const policies = new Map<string, StandInPolicy>();
  const askedBy: Array<{ pattern: string; caller: Caller }> = [];
  /** Users who like or own more than the catalog tells, and users who own more only. */
  const beyondMaxima = new Set<string>();
  const ownBeyondMaxima = new Set<string>();
  let version = 5000;
  const userOf = (caller: Caller) => (caller.kind === 'user' ? caller.userId : null);
  const visible = (policy: StandInPolicy, caller: Caller) =>
    policy.published || (caller.kind === 'user' && (caller.isAdmin || caller.userId === policy.ownerId));
  const present = (id: string, policy: StandInPolicy, caller: Caller) => ({
    id,
    name: policy.name,
    description: 'A "liked":false lookalike in a string stays as it is',
    owner_id: policy.ownerId,
    liked: policy.likedBy.has(userOf(caller) ?? ''),
    likes: policy.likedBy.size,
  });
  gateway.reply(CatalogRpc.getPolicy, ({ id }, ctx) => {
    askedBy.push({ pattern: CatalogRpc.getPolicy.pattern, caller: ctx.caller });
    const policy = policies.get(id);
    if (!policy || !visible(policy, ctx.caller)) throw new DomainError('NOT_FOUND', 'No such policy');
    return { policy: present(id, policy, ctx.caller) } as never;
  });
  gateway.reply(CatalogRpc.listPolicies, (query, ctx) => {
    askedBy.push({ pattern: CatalogRpc.listPolicies.pattern, caller: ctx.caller });
    const shown = [...policies].filter(
      ([, policy]) => visible(policy, ctx.caller) && (!query.q || policy.name.includes(query.q)),
    );
    return { policies: shown.map(([id, p]) => present(id, p, ctx.caller)), hasMore: false } as never;
  });
  gateway.reply(CatalogRpc.getPolicyDocs, ({ id }, ctx) => {
    askedBy.push({ pattern: CatalogRpc.getPolicyDocs.pattern, caller: ctx.caller });
    // A UUID is one in either case, as PostgreSQL reads it.
    const policy = policies.get(id.toLowerCase());
    if (!policy || !visible(policy, ctx.caller)) throw new DomainError('NOT_FOUND', 'No such policy');
    const canEdit = ctx.caller.kind === 'user' && ctx.caller.userId === policy.ownerId;
    return { tabs: [], completeness: { filled: 0, total: 4, ratio: 0 }, canEdit };
  });
  gateway.reply(CatalogRpc.toggleLike, ({ id }, ctx) => {
    const { likedBy } = policies.get(id)!;
    const userId = userOf(ctx.caller)!;
    if (likedBy.has(userId)) likedBy.delete(userId);
    else likedBy.add(userId);
    return { liked: likedBy.has(userId), likes: likedBy.size } as never;
  });
  gateway.reply(CatalogCallerStateRpc.get, (_data, ctx) => {
    const userId = userOf(ctx.caller);
    askedBy.push({ pattern: CatalogCallerStateRpc.get.pattern, caller: ctx.caller });
    const owned = [...policies].filter(([, policy]) => policy.ownerId === userId);
    return {
      liked: [...policies].filter(([, policy]) => policy.likedBy.has(userId ?? '')).map(([id]) => id),
      owned: owned.map(([id]) => id),
      ownsUnpublished: owned.some(([, policy]) => !policy.published),
      complete: !beyondMaxima.has(userId ?? '') && !ownBeyondMaxima.has(userId ?? ''),
      likedComplete: !beyondMaxima.has(userId ?? ''),
    };
  });
  return {
    policies,
    askedBy,
    beyondMaxima,
    ownBeyondMaxima,
    /** A policy, announced as the catalog's trigger would. */
    add(name: string, ownerId: string, published = true): string {
      const id = randomUUID();
      policies.set(id, { name, ownerId, published, likedBy: new Set() });
      this.changed();
      return id;
    },
    changed() {
      gateway.announce(`c${++version}`);
    },
    /** Questions of `pattern` asked for a signed-in caller (never for one served from a shared answer). */
    askedFor(pattern: string, userId: string): number {
      return askedBy.filter((a) => a.pattern === pattern && userOf(a.caller) === userId).length;
    },
  };
}

/**
 * Signed-in reads made from the shared (anonymous) answers and each caller's part, as the gateway
 * decides them, with a catalog stand-in: the caller's likes added to their answer only, private items
 * and owners' reads never shared, parts dropped on change events, on a user's write (through any
 * replica) and at the end of the TTL period when events are lost. The same on the real services
 * through two replicas is the signed-in reads end-to-end file's.
 */
describe('signed-in public reads made from shared answers (stand-ins)', () => {
  const gateway = gatewayUnderTest(DESCRIPTORS, {
    RESPONSE_CACHE_ENABLED: 'true',
    RESPONSE_CACHE_TTL_MS: '3600000',
  });
  let catalog: ReturnType<typeof standInCatalog>;
  beforeAll(() => {
    catalog = standInCatalog(gateway);
  });
  const get = async (url: string, token?: string) => {
    const res = await gateway.fetch('GET', url, token ? { token } : {});
    return { ...res, body: res.body as Json };
  };
  /** Reads until the answer shows what `shown` wants (a change event is heard asynchronously). */
  const until = async (url: string, token: string | undefined, shown: (body: Json) => boolean) => {
    let read = await get(url, token);
    await waitFor(async () => shown((read = await get(url, token)).body), 5000, `${url} to show the change`);
    return read;
  };

  it("adds the caller's like to the shared answer, and neither another user nor an anonymous caller sees it", async () => {
    const owner = gateway.user();
    const reader = gateway.user();
    const other = gateway.user();
    const liked = catalog.add('Liked By Reader', owner.id);
    const plain = catalog.add('Liked By Nobody', owner.id);
    catalog.policies.get(liked)!.likedBy.add(reader.id);
    catalog.changed();
    await until(`/api/policies/${liked}`, undefined, (body) => body.policy.likes === 1);

    for (let i = 0; i < 2; i++) {
      const mine = await get(`/api/policies/${liked}`, reader.token);
      expect(mine.body.policy).toMatchObject({ id: liked, liked: true, likes: 1 });
      expect(mine.body.policy.description).toBe('A "liked":false lookalike in a string stays as it is');
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      expect(mine.headers.get('etag')).toBeNull();
      expect((await get(`/api/policies/${liked}`, other.token)).body.policy.liked).toBe(false);
      expect((await get(`/api/policies/${liked}`)).body.policy.liked).toBe(false);
    }
    const lists = {
      reader: (await get('/api/policies', reader.token)).body.policies as Json[],
      other: (await get('/api/policies', other.token)).body.policies as Json[],
      anonymous: (await get('/api/policies')).body.policies as Json[],
    };
    const likedIn = (list: Json[]) => list.filter((p) => p.liked).map((p) => p.id as string);
    expect(likedIn(lists.reader)).toEqual([liked]);
    expect(lists.reader.map((p) => p.id)).toEqual(expect.arrayContaining([liked, plain]));
    expect(likedIn(lists.other)).toEqual([]);
    expect(likedIn(lists.anonymous)).toEqual([]);
    // Every read was made from the shared answers: the catalog was asked as anonymous only.
    for (const user of [reader, other]) {
      expect(catalog.askedFor(CatalogRpc.getPolicy.pattern, user.id)).toBe(0);
      expect(catalog.askedFor(CatalogRpc.listPolicies.pattern, user.id)).toBe(0);
    }
  });

  it('never shares a private item: its owner reads it (and their lists) from the catalog, others get 404', async () => {
    const owner = gateway.user();
    const other = gateway.user();
    const hidden = catalog.add('Not Yet Published', owner.id, false);
    await until('/api/policies', undefined, (body) => body.policies.length >= 1);

    const mine = await get(`/api/policies/${hidden}`, owner.token);
    expect(mine.status).toBe(200);
    expect(mine.body.policy).toMatchObject({ id: hidden, name: 'Not Yet Published' });
    expect((await get(`/api/policies/${hidden}/docs`, owner.token)).body.canEdit).toBe(true);
    expect((await get('/api/policies', owner.token)).body.policies.map((p: Json) => p.id)).toContain(hidden);
    expect(catalog.askedFor(CatalogRpc.getPolicy.pattern, owner.id)).toBe(1);
    expect(catalog.askedFor(CatalogRpc.listPolicies.pattern, owner.id)).toBe(1);

    for (const token of [other.token, undefined]) {
      expect((await get(`/api/policies/${hidden}`, token)).status).toBe(404);
      expect((await get(`/api/policies/${hidden}/docs`, token)).status).toBe(404);
      const list = (await get('/api/policies', token)).body.policies as Json[];
      expect(list.map((p) => p.id)).not.toContain(hidden);
    }
  });

  it("reads an owner's published policy and its docs from the catalog, and an administrator's reads too", async () => {
    const owner = gateway.user();
    const admin = gateway.user(true);
    const id = catalog.add('Owned And Published', owner.id);
    await until(`/api/policies/${id}`, undefined, (body) => body.policy?.id === id);
    expect((await get(`/api/policies/${id}/docs`, owner.token)).body.canEdit).toBe(true);
    expect((await get(`/api/policies/${id}/docs`)).body.canEdit).toBe(false);
    // The id in upper case is the same policy, and still theirs.
    expect((await get(`/api/policies/${id.toUpperCase()}/docs`)).body.canEdit).toBe(false);
    expect((await get(`/api/policies/${id.toUpperCase()}/docs`, owner.token)).body.canEdit).toBe(true);
    await get(`/api/policies/${id}`, owner.token);
    await get(`/api/policies/${id}`, admin.token);
    expect(catalog.askedFor(CatalogRpc.getPolicy.pattern, owner.id)).toBe(1);
    expect(catalog.askedFor(CatalogRpc.getPolicy.pattern, admin.id)).toBe(1);
  });

  it('reads a user who likes or owns more than the catalog tells from the catalog, asking for their part once', async () => {
    const owner = gateway.user();
    const prolific = gateway.user();
    catalog.beyondMaxima.add(prolific.id);
    const id = catalog.add('Read By A Prolific User', owner.id);
    await until(`/api/policies/${id}`, undefined, (body) => body.policy?.id === id);
    for (let i = 0; i < 3; i++) {
      expect((await get(`/api/policies/${id}`, prolific.token)).body.policy.id).toBe(id);
    }
    expect(catalog.askedFor(CatalogRpc.getPolicy.pattern, prolific.id)).toBe(3);
    expect(catalog.askedFor(CatalogCallerStateRpc.get.pattern, prolific.id)).toBe(1);
  });

  it('gives a user who owns more than the catalog tells shared answers of the items of others, and theirs from it', async () => {
    const prolific = gateway.user();
    catalog.ownBeyondMaxima.add(prolific.id);
    const theirs = catalog.add('Owned By The Prolific', prolific.id);
    const others = catalog.add('Owned By Another', gateway.user().id);
    await until(`/api/policies/${others}`, undefined, (body) => body.policy?.id === others);
    await until(`/api/policies/${theirs}`, undefined, (body) => body.policy?.id === theirs);
    for (let i = 0; i < 2; i++) {
      expect((await get(`/api/policies/${others}`, prolific.token)).body.policy.id).toBe(others);
      expect((await get(`/api/policies/${theirs}`, prolific.token)).body.policy.id).toBe(theirs);
      expect((await get('/api/policies', prolific.token)).body.policies.length).toBeGreaterThan(1);
    }
    // Their own item only: twice; the other item and the list never.
    expect(catalog.askedFor(CatalogRpc.getPolicy.pattern, prolific.id)).toBe(2);
    expect(catalog.askedFor(CatalogRpc.listPolicies.pattern, prolific.id)).toBe(0);
  });

  it('reads from the catalog what a write of one item shows in, and the rest from shared answers', async () => {
    const reader = gateway.user();
    const owner = gateway.user();
    const liked = catalog.add('Soon Liked Item', owner.id);
    const other = catalog.add('Untouched Item', owner.id);
    await until(`/api/policies/${other}`, reader.token, (body) => body.policy?.id === other);
    await until('/api/policies?q=Untouched', reader.token, (body) => body.policies.length === 1);

    const like = await gateway.fetch('POST', `/api/policies/${liked}/like`, { token: reader.token });
    expect(like.status).toBe(200);
    const asked = () => ({
      one: catalog.askedFor(CatalogRpc.getPolicy.pattern, reader.id),
      list: catalog.askedFor(CatalogRpc.listPolicies.pattern, reader.id),
    });
    const before = asked();
    // The liked item and a list holding it show the like (and its count): the catalog answers them.
    expect((await get(`/api/policies/${liked}`, reader.token)).body.policy).toMatchObject({
      liked: true,
      likes: 1,
    });
    const holding = (await get('/api/policies?q=Liked', reader.token)).body.policies as Json[];
    expect(holding.find((p) => p.id === liked)).toMatchObject({ liked: true, likes: 1 });
    expect(asked()).toEqual({ one: before.one + 1, list: before.list + 1 });
    // Another item, and a list without the liked one: shared answers, as before the write.
    expect((await get(`/api/policies/${other}`, reader.token)).body.policy.id).toBe(other);
    expect((await get('/api/policies?q=Untouched', reader.token)).body.policies).toHaveLength(1);
    expect(asked()).toEqual({ one: before.one + 1, list: before.list + 1 });
  });

  it("drops every caller's part on a change event, and reads it again", async () => {
    const owner = gateway.user();
    const reader = gateway.user();
    const id = catalog.add('Liked Later', owner.id);
    await until(`/api/policies/${id}`, reader.token, (body) => body.policy?.id === id);
    expect((await get(`/api/policies/${id}`, reader.token)).body.policy.liked).toBe(false);

    // Liked without the gateway knowing (another replica's write, written to the database): the
    // change event evicts the part and the shared answer.
    catalog.policies.get(id)!.likedBy.add(reader.id);
    expect((await get(`/api/policies/${id}`, reader.token)).body.policy.liked).toBe(false);
    catalog.changed();
    const after = await until(`/api/policies/${id}`, reader.token, (body) => body.policy.liked === true);
    expect(after.body.policy.likes).toBe(1);
    expect(catalog.askedFor(CatalogRpc.getPolicy.pattern, reader.id)).toBe(0);
  });

  it('reads a writer from the catalog at once after their write, here or announced by another replica', async () => {
    const owner = gateway.user();
    const reader = gateway.user();
    const elsewhere = gateway.user();
    const id = catalog.add('Liked Here', owner.id);
    await until(`/api/policies/${id}`, reader.token, (body) => body.policy?.id === id);

    expect((await gateway.fetch('POST', `/api/policies/${id}/like`, { token: reader.token })).status).toBe(
      200,
    );
    const mine = await get(`/api/policies/${id}`, reader.token);
    expect(mine.body.policy).toMatchObject({ liked: true, likes: 1 });
    expect(catalog.askedFor(CatalogRpc.getPolicy.pattern, reader.id)).toBe(1);

    // Another replica tells of `elsewhere`'s like: this one reads them from the catalog, before the
    // catalog's own change event.
    await until(`/api/policies/${id}`, elsewhere.token, (body) => body.policy.likes === 1);
    catalog.policies.get(id)!.likedBy.add(elsewhere.id);
    gateway.broadcast(CallerEvents.changed, { userId: elsewhere.id });
    const theirs = await until(`/api/policies/${id}`, elsewhere.token, (body) => body.policy.liked === true);
    expect(theirs.body.policy.likes).toBe(2);
    expect(catalog.askedFor(CatalogRpc.getPolicy.pattern, elsewhere.id)).toBeGreaterThanOrEqual(1);
  });
});

describe('signed-in public reads when change events are lost (stand-ins)', () => {
  const TTL_MS = 1500;
  const gateway = gatewayUnderTest(DESCRIPTORS, {
    RESPONSE_CACHE_ENABLED: 'true',
    RESPONSE_CACHE_TTL_MS: String(TTL_MS),
  });
  let catalog: ReturnType<typeof standInCatalog>;
  beforeAll(() => {
    catalog = standInCatalog(gateway);
  });

  it('shows a change no event announced by the end of the TTL period: parts end with it', async () => {
    const owner = gateway.user();
    const reader = gateway.user();
    const id = catalog.add('Silently Liked', owner.id);
    const read = async () =>
      (await gateway.fetch('GET', `/api/policies/${id}`, { token: reader.token })).body as Json;
    await waitFor(async () => (await read()).policy?.id === id, 5000, 'the policy to be read');
    // Read again at the start of a TTL period, so that the stale read below falls in the same period.
    await new Promise((resolve) => setTimeout(resolve, TTL_MS - (Date.now() % TTL_MS) + 20));
    await read();
    catalog.policies.get(id)!.likedBy.add(reader.id);
    expect((await read()).policy.liked).toBe(false);
    await waitFor(async () => (await read()).policy.liked === true, 4 * TTL_MS, 'the like to show');
    expect((await read()).policy.likes).toBe(1);
  });
});
