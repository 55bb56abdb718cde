import { randomUUID } from 'node:crypto';
import type { RequestContext } from '@pc/contracts';
import { createServiceDataSource, Database, DomainError } from '@pc/platform';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import type { DataSource } from 'typeorm';
import { workspacesDatabase } from '../database/workspaces.datasource';
import { MembersRepository } from '../members/members.repository';
import { SharesRepository } from '../shares/shares.repository';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { AccessRepository } from './access.repository';
import { WorkspaceAccessRules } from './workspace-access';

type Rule = 'view' | 'manage' | 'owner';
type Who = 'owner' | 'admin' | 'member' | 'disabled' | 'outsider' | 'platformAdmin';

/** The rules of WorkspaceAccessRules against real rows: which caller passes which rule, and archive. */
describe('workspace access rules (service level, PostgreSQL)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let database: Database;
  const repo = new WorkspacesRepository();
  const members = new MembersRepository();
  const shares = new SharesRepository();
  let rules: WorkspaceAccessRules;
  const ids: Record<Who, string> = {
    owner: randomUUID(),
    admin: randomUUID(),
    member: randomUUID(),
    disabled: randomUUID(),
    outsider: randomUUID(),
    platformAdmin: randomUUID(),
  };
  let ws: string;

  const ctx = (who: Who): RequestContext => ({
    requestId: 'r',
    caller: {
      kind: 'user',
      userId: ids[who],
      isAdmin: who === 'platformAdmin',
      scopes: ['api:read', 'api:write'],
      via: 'token',
    },
  });

  async function outcome(rule: Rule, who: Who): Promise<string> {
    try {
      await database.transaction(async (tx) => {
        if (rule === 'view') return rules.view(ctx(who), ws, tx);
        if (rule === 'manage') return rules.manage(ctx(who), ws, tx);
        return rules.owner(ctx(who), ws, tx);
      });
      return 'ok';
    } catch (error) {
      if (error instanceof DomainError) return error.code;
      throw error;
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = createServiceDataSource({ ...workspacesDatabase, url: db.url, poolSize: 2 });
    await dataSource.initialize();
    database = new Database(dataSource);
    rules = new WorkspaceAccessRules(database, new AccessRepository());
    ws = await database.transaction(async (tx) => {
      const row = await repo.insert(tx, { name: 'Team', slug: `team-${Date.now()}`, ownerId: ids.owner });
      await members.add(tx, row.id, ids.admin, 'admin', ids.owner);
      await members.add(tx, row.id, ids.member, 'member', ids.owner);
      await members.add(tx, row.id, ids.disabled, 'member', ids.owner);
      await members.update(tx, row.id, ids.disabled, { disable: true });
      return row.id;
    });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  const expected: Record<Rule, Record<Who, string>> = {
    view: {
      owner: 'ok',
      admin: 'ok',
      member: 'ok',
      disabled: 'NOT_FOUND',
      outsider: 'NOT_FOUND',
      platformAdmin: 'ok',
    },
    manage: {
      owner: 'ok',
      admin: 'ok',
      member: 'FORBIDDEN',
      disabled: 'NOT_FOUND',
      outsider: 'NOT_FOUND',
      platformAdmin: 'FORBIDDEN',
    },
    owner: {
      owner: 'ok',
      admin: 'FORBIDDEN',
      member: 'FORBIDDEN',
      disabled: 'NOT_FOUND',
      outsider: 'NOT_FOUND',
      platformAdmin: 'FORBIDDEN',
    },
  };
  const cells = (Object.keys(expected) as Rule[]).flatMap((rule) =>
    (Object.keys(expected[rule]) as Who[]).map((who) => [rule, who, expected[rule][who]] as const),
  );

  it.each(cells)('%s as %s: %s', async (rule, who, result) => {
    expect(await outcome(rule, who)).toBe(result);
  });

  it('gives a platform administrator who is not a member role null', async () => {
    expect((await rules.view(ctx('platformAdmin'), ws)).role).toBeNull();
    expect((await rules.view(ctx('admin'), ws)).role).toBe('admin');
  });

  it('refuses every managed write to an archived workspace with WORKSPACES.ARCHIVED, reads still pass', async () => {
    await database.transaction((tx) => repo.setArchived(tx, ws, true));
    try {
      expect(await outcome('manage', 'owner')).toBe('WORKSPACES.ARCHIVED');
      expect(await outcome('manage', 'admin')).toBe('WORKSPACES.ARCHIVED');
      expect(await outcome('view', 'member')).toBe('ok');
      expect(await outcome('owner', 'owner')).toBe('ok');
    } finally {
      await database.transaction((tx) => repo.setArchived(tx, ws, false));
    }
    expect(await outcome('manage', 'owner')).toBe('ok');
  });

  it("pauses a disabled member's shares and resumes only those on re-enable", async () => {
    const mine = randomUUID();
    const unshared = randomUUID();
    const pool = database.pool;
    await database.transaction(async (tx) => {
      await shares.insert(tx, ws, mine, ids.admin);
      await shares.insert(tx, ws, unshared, ids.admin);
      await shares.setDisabled(tx, ws, unshared, 'unshared');
      await shares.setSharesOfUser(tx, ws, ids.admin, true);
    });
    expect((await shares.find(pool, ws, mine))?.disabled_reason).toBe('owner_disabled');
    expect(await shares.accessVia(pool, mine, ids.member)).toEqual([]);
    await database.transaction((tx) => shares.setSharesOfUser(tx, ws, ids.admin, false));
    expect((await shares.find(pool, ws, mine))?.disabled_at).toBeNull();
    expect((await shares.find(pool, ws, unshared))?.disabled_reason).toBe('unshared');
    expect(await shares.accessVia(pool, mine, ids.member)).toEqual([ws]);
    expect(await shares.accessVia(pool, mine, ids.disabled)).toEqual([]);
  });
});
