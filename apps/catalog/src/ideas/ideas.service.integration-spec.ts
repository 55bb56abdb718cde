import { randomUUID } from 'node:crypto';
import type { Idea, RequestContext, UserCaller } from '@pc/contracts';
import { Outbox, OutboxRelay, OutboxRepository } from '@pc/listings';
import { createServiceDataSource, Database, DomainError, DurableEventsClient } from '@pc/platform';
import { createTestDatabase, type TestDatabase, testBus } from '@pc/testing';
import type { DataSource } from 'typeorm';
import { catalogDatabase } from '../database/catalog.datasource';
import { policyKind } from '../policy.kind';
import { IdeasRepository } from './ideas.repository';
import { IdeasService } from './ideas.service';

const user = (userId = randomUUID(), isAdmin = false): RequestContext & { caller: UserCaller } => ({
  requestId: randomUUID(),
  caller: { kind: 'user', userId, isAdmin, scopes: ['api:read', 'api:write'], via: 'token' },
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('ideas service against PostgreSQL', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let ideas: IdeasService;
  const admin = user(randomUUID(), true);
  let n = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = createServiceDataSource({ ...catalogDatabase, url: db.url, poolSize: 30 });
    await dataSource.initialize();
    // An in-process bus of its own: these rules never relay an event.
    const busConfig = testBus('in-process');
    const database = new Database(dataSource);
    const outbox = new OutboxRepository(database, policyKind);
    const relay = new OutboxRelay(outbox, new DurableEventsClient(busConfig, 'ideas-spec'), policyKind);
    ideas = new IdeasService(database, new IdeasRepository(), new Outbox(outbox, relay));
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  async function newIdea(by = user(), decision?: 'approve' | 'reject', title?: string): Promise<Idea> {
    const { idea } = await ideas.submit(by, {
      title: title ?? `Idea number ${++n}`,
      description: 'A policy that would help many teams.',
    });
    if (decision === 'approve') return (await ideas.approve(admin, { id: idea.id })).idea;
    if (decision === 'reject') return (await ideas.reject(admin, { id: idea.id })).idea;
    return idea;
  }

  it('counts one vote per user exactly under concurrent votes and withdrawals', async () => {
    const idea = await newIdea(user(), 'approve');
    const voters = Array.from({ length: 12 }, () => user());
    // Every voter votes three times at once; one of them also withdraws at the same time.
    await Promise.all(voters.flatMap((v) => [1, 2, 3].map(() => ideas.vote(v, { id: idea.id, vote: true }))));
    expect((await ideas.get(voters[0], idea.id)).idea).toMatchObject({ votes: 12, voted: true });
    await Promise.all(
      voters.slice(0, 5).flatMap((v) => [1, 2].map(() => ideas.vote(v, { id: idea.id, vote: false }))),
    );
    const after = (await ideas.get(voters[0], idea.id)).idea;
    expect(after).toMatchObject({ votes: 7, voted: false });
    expect((await ideas.get(voters[11], idea.id)).idea.voted).toBe(true);
    const rows = await dataSource.query<Array<{ count: string }>>(
      `SELECT count(*) FROM catalog.idea_votes WHERE idea_id = $1`,
      [idea.id],
    );
    expect(Number(rows[0].count)).toBe(7);
  });

  it('cuts a page of maximal ideas short of the bus limit, and offsets walk every idea once', async () => {
    const submitter = user();
    const wide = (chars: number) => '€'.repeat(chars); // three bytes each in UTF-8
    await dataSource.query(
      `INSERT INTO catalog.ideas (title, description, submitter_id) SELECT $2, $3, $1 FROM generate_series(1, 60)`,
      [submitter.caller.userId, wide(120), wide(10_000)],
    );
    const seen: string[] = [];
    let offset = 0;
    let page = await ideas.list(submitter, { mine: true, limit: 100, offset });
    expect(page.hasMore).toBe(true);
    expect(page.ideas.length).toBeLessThan(60);
    for (;;) {
      expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(1024 * 1024);
      seen.push(...page.ideas.map((i) => i.id));
      if (!page.hasMore) break;
      offset += page.ideas.length;
      page = await ideas.list(submitter, { mine: true, limit: 100, offset });
    }
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
  });

  it('refuses votes on pending, rejected and unknown ideas, hiding those the voter may not see', async () => {
    const submitter = user();
    const pending = await newIdea(submitter);
    const rejected = await newIdea(submitter, 'reject');
    expect(await codeOf(ideas.vote(user(), { id: pending.id, vote: true }))).toBe('NOT_FOUND');
    expect(await codeOf(ideas.vote(submitter, { id: pending.id, vote: true }))).toBe(
      'CATALOG.IDEA_NOT_VOTABLE',
    );
    expect(await codeOf(ideas.vote(submitter, { id: rejected.id, vote: true }))).toBe(
      'CATALOG.IDEA_NOT_VOTABLE',
    );
    expect(await codeOf(ideas.vote(user(), { id: randomUUID(), vote: true }))).toBe('NOT_FOUND');
    expect(await codeOf(ideas.get(user(), 'not-a-uuid'))).toBe('NOT_FOUND');
    expect((await ideas.get(submitter, pending.id)).idea.votes).toBe(0);
  });

  it('refuses a title or description out of bounds, and a search with bad filters', async () => {
    const bad = (title: string, description: string) => codeOf(ideas.submit(user(), { title, description }));
    expect(await bad('ab', 'Long enough description.')).toBe('BAD_REQUEST');
    expect(await bad('A fine title', 'too short')).toBe('BAD_REQUEST');
    expect(await bad('x'.repeat(121), 'Long enough description.')).toBe('BAD_REQUEST');
    expect(await codeOf(ideas.list(user(), { limit: 0 }))).toBe('BAD_REQUEST');
    expect(await codeOf(ideas.list(user(), { limit: 101 }))).toBe('BAD_REQUEST');
    expect(await codeOf(ideas.list(user(), { q: 'x'.repeat(201) }))).toBe('BAD_REQUEST');
    expect(await codeOf(ideas.list(user(), { status: 'lost' as never }))).toBe('BAD_REQUEST');
  });

  it('lists what the caller may see, filtered by status and text, by votes, in pages', async () => {
    const me = user();
    const other = user();
    const tag = `quokka${randomUUID().slice(0, 8)}`;
    const popular = await newIdea(other, 'approve', `Popular ${tag} limiter`);
    const quiet = await newIdea(other, 'approve', `Quiet ${tag} limiter`);
    const mine = await newIdea(me, undefined, `My pending ${tag} idea`);
    const hidden = await newIdea(other, undefined, `Hidden ${tag} idea`);
    await ideas.vote(me, { id: popular.id, vote: true });
    await ideas.vote(other, { id: popular.id, vote: true });
    await ideas.vote(me, { id: quiet.id, vote: true });

    const ids = (list: { ideas: Idea[] }) => list.ideas.map((i) => i.id);
    const all = await ideas.list(me, { q: tag.toUpperCase() });
    expect(ids(all)).toEqual([popular.id, quiet.id, mine.id]);
    expect(all.ideas[0]).toMatchObject({ votes: 2, voted: true });
    expect(ids(await ideas.list(me, { q: tag, status: 'pending' }))).toEqual([mine.id]);
    expect(ids(await ideas.list(me, { q: tag, mine: true }))).toEqual([mine.id]);
    expect(ids(await ideas.list(admin, { q: tag, status: 'pending', sort: 'newest' }))).toEqual([
      hidden.id,
      mine.id,
    ]);
    const first = await ideas.list(me, { q: tag, limit: 2 });
    expect(first).toMatchObject({ hasMore: true });
    const second = await ideas.list(me, { q: tag, limit: 2, offset: 2 });
    expect(ids(second)).toEqual([mine.id]);
    expect(second.hasMore).toBe(false);
    expect(ids(await ideas.list(me, { q: '100%_' }))).toEqual([]);
  });
});
