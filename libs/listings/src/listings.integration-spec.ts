import { randomUUID } from 'node:crypto';
import { CALLER_STATE_OWNED_MAX, type RequestContext } from '@pc/contracts';
import { createServiceDataSource, Database, type Executor } from '@pc/platform';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import type { DataSource } from 'typeorm';
import { OwnedListings } from './access/owned-listings';
import { DeployCountsRepository } from './deploy-counts/deploy-counts.repository';
import { DocTabsRepository } from './docs/doc-tabs.repository';
import { CallerState } from './likes/caller-state';
import { LikesRepository } from './likes/likes.repository';
import { LikesService } from './likes/likes.service';
import { ListingTable } from './rows/listing-table';
import { updateRow } from './rows/rows';
import type { ListingKind } from './listing-kind';

/**
 * The kernel on each kind's own schema, as the services migrate it (the template database holds both):
 * the tables a kind names and a listing row of that kind, inserted as its service would.
 */
const KINDS = [
  {
    kind: {
      assetType: 'policy',
      schema: 'catalog',
      tables: {
        listings: 'policies',
        likes: 'policy_likes',
        docTabs: 'policy_doc_tabs',
        countedDeployEvents: 'counted_deploy_events',
      },
      idColumn: 'policy_id',
      published: `status = 'published'`,
    },
    insert: `INSERT INTO catalog.policies (slug, name, description, status, owner_id, source_host_url)
             VALUES ('p-' || gen_random_uuid(), 'P', 'D', 'published', $1::uuid, 'https://source.example/o/p')
             RETURNING id`,
    unpublish: `UPDATE catalog.policies SET status = 'under_review' WHERE id = $1`,
  },
  {
    kind: {
      assetType: 'ruleset',
      schema: 'rulesets',
      tables: {
        listings: 'rulesets',
        likes: 'ruleset_likes',
        docTabs: 'ruleset_doc_tabs',
        countedDeployEvents: 'counted_deploy_events',
      },
      idColumn: 'ruleset_id',
      published: 'published_at IS NOT NULL',
    },
    insert: `INSERT INTO rulesets.rulesets (name, description, owner_id, submitted_by, source_url, published_at)
             VALUES ('R', 'D', $1, $1, 'https://source.example/o/r', now()) RETURNING id`,
    unpublish: `UPDATE rulesets.rulesets SET published_at = NULL WHERE id = $1`,
  },
] as const;

describe.each(KINDS)(
  'the listings kernel for a $kind.assetType (PostgreSQL)',
  ({ kind: tables, insert, unpublish }) => {
    const kind = tables as unknown as ListingKind;
    let db: TestDatabase;
    let dataSource: DataSource;
    let database: Database;

    beforeAll(async () => {
      db = await createTestDatabase();
      dataSource = createServiceDataSource({
        url: db.url,
        schema: kind.schema,
        entities: [],
        migrations: [],
        poolSize: 12,
      });
      await dataSource.initialize();
      database = new Database(dataSource);
    });

    afterAll(async () => {
      await dataSource?.destroy();
      await db?.drop();
    });

    const newListing = async (ownerId = randomUUID()): Promise<string> =>
      (await dataSource.query<Array<{ id: string }>>(insert, [ownerId]))[0].id;
    const counter = async (id: string, column: 'deploy_count' | 'like_count'): Promise<number> =>
      (
        await dataSource.query<Array<Record<string, number>>>(
          `SELECT ${column} FROM ${kind.schema}.${kind.tables.listings} WHERE id = $1`,
          [id],
        )
      )[0][column];

    describe("a caller's state (the part of shared reads that is theirs)", () => {
      const state = (userId: string | null) =>
        new CallerState(database, kind).of({
          requestId: randomUUID(),
          caller: userId
            ? { kind: 'user', userId, isAdmin: false, scopes: ['api:read'], via: 'session' }
            : { kind: 'anonymous' },
        });
      const like = (id: string, userId: string) =>
        dataSource.query(
          `INSERT INTO ${kind.schema}.${kind.tables.likes} (${kind.idColumn}, user_id) VALUES ($1, $2)`,
          [id, userId],
        );

      it('tells what the caller likes and owns, and whether one they own is not published', async () => {
        const [owner, reader] = [randomUUID(), randomUUID()];
        const [first, second] = [await newListing(owner), await newListing(owner)];
        await like(first, reader);
        expect(await state(reader)).toEqual({
          liked: [first],
          owned: [],
          ownsUnpublished: false,
          complete: true,
          likedComplete: true,
        });
        const owners = await state(owner);
        expect(owners).toMatchObject({ liked: [], ownsUnpublished: false, complete: true });
        expect([...owners.owned].sort()).toEqual([first, second].sort());
        await dataSource.query(unpublish, [second]);
        expect((await state(owner)).ownsUnpublished).toBe(true);
      });

      it("tells an anonymous caller's as empty", async () => {
        expect(await state(null)).toEqual({
          liked: [],
          owned: [],
          ownsUnpublished: false,
          complete: true,
          likedComplete: true,
        });
      });

      it(`tells an owner of more than ${CALLER_STATE_OWNED_MAX} that only their owned ids are a part, and of all they own whether one is not published`, async () => {
        const owner = randomUUID();
        const ids: string[] = [];
        for (let i = 0; i <= CALLER_STATE_OWNED_MAX; i += 50) {
          ids.push(...(await Promise.all(Array.from({ length: 50 }, () => newListing(owner)))));
        }
        const full = await state(owner);
        expect(full).toMatchObject({ complete: false, likedComplete: true, ownsUnpublished: false });
        expect(full.owned).toHaveLength(CALLER_STATE_OWNED_MAX);
        // One not published, wherever it is among theirs (here: one the state does not name).
        const unnamed = ids.find((id) => !full.owned.includes(id))!;
        await dataSource.query(unpublish, [unnamed]);
        expect(await state(owner)).toMatchObject({
          complete: false,
          likedComplete: true,
          ownsUnpublished: true,
        });
      });
    });

    describe('deploy counts', () => {
      const counts = () => new DeployCountsRepository(kind);

      it('counts an event redelivered after it was handled (a late ack) once', async () => {
        const id = await newListing();
        const event = randomUUID();
        await counts().countOnce(dataSource.manager, event, id);
        await counts().countOnce(dataSource.manager, event, id);
        await counts().countOnce(dataSource.manager, randomUUID(), id);
        expect(await counter(id, 'deploy_count')).toBe(2);
      });

      it('counts ten concurrent deliveries of one event once', async () => {
        const id = await newListing();
        const event = randomUUID();
        await Promise.all(
          Array.from({ length: 10 }, () => counts().countOnce(dataSource.manager, event, id)),
        );
        expect(await counter(id, 'deploy_count')).toBe(1);
      });

      it("counts only its own kind's deployments", () => {
        const listingId = randomUUID();
        const event = (assetType: 'policy' | 'ruleset') => ({
          deployment_id: randomUUID(),
          asset_type: assetType,
          policy_id: assetType === 'policy' ? listingId : null,
          ruleset_id: assetType === 'ruleset' ? listingId : null,
          workspace_id: randomUUID(),
          connection_id: randomUUID(),
          platform_org_id: 'org-1',
        });
        expect(counts().listingOf(event(kind.assetType))).toBe(listingId);
        expect(counts().listingOf(event(kind.assetType === 'policy' ? 'ruleset' : 'policy'))).toBeNull();
      });
    });

    describe('likes', () => {
      const user = (userId = randomUUID()): RequestContext => ({
        requestId: randomUUID(),
        caller: { kind: 'user', userId, isAdmin: false, scopes: ['api:read', 'api:write'], via: 'token' },
      });
      // The kind's access rule is its service's; here every listing is visible.
      const likes = () =>
        new LikesService(database, { visible: () => Promise.resolve({}) }, new LikesRepository(kind));

      it('keeps one like per user, the counter equal to the likes, under concurrent toggles', async () => {
        const id = await newListing();
        const [alice, bob] = [user(), user()];
        expect(await likes().toggle(alice, id)).toEqual({ liked: true });
        expect(await likes().toggle(bob, id)).toEqual({ liked: true });
        expect(await counter(id, 'like_count')).toBe(2);
        // Ten toggles at once by one user take turns: an even number leaves it as it was.
        await Promise.all(Array.from({ length: 10 }, () => likes().toggle(bob, id)));
        expect(await likes().get(bob, id)).toEqual({ liked: true });
        expect(await counter(id, 'like_count')).toBe(2);
        expect(await likes().toggle(alice, id)).toEqual({ liked: false });
        expect(await likes().get(alice, id)).toEqual({ liked: false });
        expect(await counter(id, 'like_count')).toBe(1);
      });
    });

    describe('access', () => {
      type Row = { id: string; owner_id: string; is_published: boolean };
      const rows = {
        findById: async (db: Executor, id: string, lock: boolean): Promise<Row | null> =>
          (
            await db.query<Row[]>(
              `SELECT id, owner_id, (${kind.published}) AS is_published
                 FROM ${kind.schema}.${kind.tables.listings} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
              [id],
            )
          )[0] ?? null,
      };
      const access = () =>
        new OwnedListings<Row>(database, rows, { noun: 'Listing', published: (row) => row.is_published });
      const user = (userId: string, isAdmin = false): RequestContext => ({
        requestId: randomUUID(),
        caller: { kind: 'user', userId, isAdmin, scopes: ['api:read', 'api:write'], via: 'token' },
      });

      it('shows a published listing to anyone, an unpublished one to its owner and administrators only (404)', async () => {
        const [owner, other] = [randomUUID(), randomUUID()];
        const id = await newListing(owner);
        await expect(
          access().visible({ requestId: randomUUID(), caller: { kind: 'anonymous' } }, id),
        ).resolves.toMatchObject({ id });
        await dataSource.query(unpublish, [id]);
        await expect(access().visible(user(other), id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
        await expect(access().visible(user(owner), id)).resolves.toMatchObject({ id });
        await expect(access().visible(user(other, true), id)).resolves.toMatchObject({ id });
        await expect(access().visible(user(owner), randomUUID())).rejects.toMatchObject({
          code: 'NOT_FOUND',
        });
      });

      it('lets the owner change a listing, an administrator edit it, anyone else neither (403)', async () => {
        const [owner, other, admin] = [randomUUID(), randomUUID(), randomUUID()];
        const id = await newListing(owner);
        await expect(access().owned(user(owner), id)).resolves.toMatchObject({ id });
        await expect(access().owned(user(admin, true), id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
        await expect(access().editable(user(admin, true), id)).resolves.toMatchObject({ id });
        await expect(access().editable(user(other), id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      });
    });

    describe('documentation tabs', () => {
      const tab = (key: string, sortOrder: number, bodyMd = 'Body.') => ({
        key,
        title: key,
        kind: 'custom' as const,
        bodyMd,
        sortOrder,
      });

      it('replaces the set, upserts one by key, deletes one; lists by sortOrder, then key', async () => {
        const id = await newListing();
        const tabs = new DocTabsRepository(kind);
        await tabs.replaceAll(dataSource.manager, id, [tab('zeta', 0), tab('alpha', 0), tab('faq', 3)]);
        expect((await tabs.list(dataSource.manager, id)).map((t) => t.key)).toEqual(['alpha', 'zeta', 'faq']);
        await tabs.upsert(dataSource.manager, id, tab('zeta', 5, 'Changed.'));
        expect(await tabs.list(dataSource.manager, id)).toEqual([
          tab('alpha', 0),
          tab('faq', 3),
          tab('zeta', 5, 'Changed.'),
        ]);
        expect(await tabs.delete(dataSource.manager, id, 'faq')).toBe(true);
        expect(await tabs.delete(dataSource.manager, id, 'faq')).toBe(false);
        await tabs.replaceAll(dataSource.manager, id, [tab('only', 1)]);
        expect((await tabs.list(dataSource.manager, id)).map((t) => t.key)).toEqual(['only']);
      });
    });

    describe("the kind's listings table", () => {
      type Row = { id: string; name: string; owner_id: string };
      class Listings extends ListingTable<Row, Partial<Row>, Partial<Row>> {
        constructor() {
          super(kind, { alias: 'l', columns: 'l.id, l.name, l.owner_id' });
        }
      }
      const table = new Listings();

      it('finds, changes and deletes a listing by id; changing one that is gone fails', async () => {
        const owner = randomUUID();
        const id = await newListing(owner);
        expect(await table.findById(dataSource.manager, id)).toEqual({
          id,
          name: expect.any(String),
          owner_id: owner,
        });
        expect(await table.update(dataSource.manager, id, { name: 'Renamed' })).toEqual({
          id,
          name: 'Renamed',
          owner_id: owner,
        });
        await table.delete(dataSource.manager, id);
        expect(await table.findById(dataSource.manager, id)).toBeNull();
        await expect(table.update(dataSource.manager, id, { name: 'Again' })).rejects.toThrow('vanished');
      });

      it('holds a listing found with lock until its transaction ends', async () => {
        const id = await newListing();
        const events: string[] = [];
        let locked!: () => void;
        let release!: () => void;
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        const released = new Promise<void>((resolve) => (release = resolve));
        const first = database.transaction(async (tx) => {
          await table.findById(tx, id, true);
          locked();
          await released;
          events.push('first done');
        });
        await isLocked;
        const second = database.transaction(async (tx) => {
          await table.findById(tx, id, true);
          events.push('second locked');
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
        events.push('released');
        release();
        await Promise.all([first, second]);
        expect(events).toEqual(['released', 'first done', 'second locked']);
      });
    });

    describe('row writing', () => {
      const row = async (id: string) =>
        (
          await dataSource.query<Array<{ name: string; description: string; updated_at: Date }>>(
            `SELECT name, description, updated_at FROM ${kind.schema}.${kind.tables.listings} WHERE id = $1`,
            [id],
          )
        )[0];

      it('writes only the fields given, and refuses a name that is not a column before writing anything', async () => {
        const id = await newListing();
        const before = await row(id);
        const table = `${kind.schema}.${kind.tables.listings}`;
        await updateRow(dataSource.manager, table, id, { name: undefined, description: 'Changed.' });
        const after = await row(id);
        expect(after).toMatchObject({ name: before.name, description: 'Changed.' });
        expect(after.updated_at.getTime()).toBeGreaterThanOrEqual(before.updated_at.getTime());
        await expect(
          updateRow(dataSource.manager, table, id, { description: 'Again.', "name = 'x', owner_id": null }),
        ).rejects.toThrow('not a column');
        expect(await row(id)).toEqual(after);
      });
    });
  },
);
