import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { CONNECTION_LIMITS, WORKSPACE_LIMITS, WorkspacesRpc } from '@pc/contracts';
import { codeOf, workspacesUnderTest } from '../testing/workspaces-under-test';
import { memberOfOtherWorkspaces, sharedIntoOtherWorkspaces } from '@pc/testing';

/** The caps of the README, each at its edge (rows set up in bulk with SQL, the last one through the service). */
describe('workspace limits (service level)', () => {
  const service = workspacesUnderTest();

  it(`refuses member ${WORKSPACE_LIMITS.membersMax + 1} of a workspace with WORKSPACES.MEMBER_LIMIT`, async () => {
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    await service.sql(
      `INSERT INTO workspaces.members (workspace_id, user_id, role)
       SELECT $1, gen_random_uuid(), 'member' FROM generate_series(1, $2)`,
      [ws, WORKSPACE_LIMITS.membersMax - 1],
    );
    expect(
      await codeOf(
        service.request(WorkspacesRpc.addMember, owner.ctx, {
          id: ws,
          username: service.newUser().username,
          role: 'member',
        }),
      ),
    ).toBe('WORKSPACES.MEMBER_LIMIT');
  });

  it(`refuses shared connection ${WORKSPACE_LIMITS.sharesMax + 1} of a workspace with WORKSPACES.SHARE_LIMIT`, async () => {
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    await service.sql(
      `INSERT INTO workspaces.shares (workspace_id, connection_id, shared_by)
       SELECT $1, gen_random_uuid(), $3 FROM generate_series(1, $2)`,
      [ws, WORKSPACE_LIMITS.sharesMax, owner.id],
    );
    expect(
      await codeOf(
        service.request(WorkspacesRpc.share, owner.ctx, {
          id: ws,
          connectionId: service.newConnection(owner),
        }),
      ),
    ).toBe('WORKSPACES.SHARE_LIMIT');
  });

  it(`refuses a connection into workspace ${CONNECTION_LIMITS.sharesMax + 1} with WORKSPACES.CONNECTION_SHARE_LIMIT, and lists the ${CONNECTION_LIMITS.sharesMax}`, async () => {
    const owner = service.newUser();
    const connectionId = service.newConnection(owner);
    await sharedIntoOtherWorkspaces(
      (sql, params) => service.sql(sql, params),
      connectionId,
      owner.id,
      CONNECTION_LIMITS.sharesMax,
    );
    const ws = await service.newWorkspace(owner);
    expect(await codeOf(service.request(WorkspacesRpc.share, owner.ctx, { id: ws, connectionId }))).toBe(
      'WORKSPACES.CONNECTION_SHARE_LIMIT',
    );
    const { shares } = await service.request(WorkspacesRpc.connectionShares, owner.ctx, { connectionId });
    expect(shares).toHaveLength(CONNECTION_LIMITS.sharesMax);
  });

  /** Makes `userId` a member of `count` workspaces of other owners, written at once. */
  async function memberOfOthers(userId: string, count: number): Promise<void> {
    await memberOfOtherWorkspaces((sql, params) => service.sql(sql, params), userId, count);
  }

  it(`refuses membership ${WORKSPACE_LIMITS.membershipsMax + 1} of one user with WORKSPACES.MEMBERSHIP_LIMIT, joining or creating`, async () => {
    const busy = service.newUser();
    await memberOfOthers(busy.id, WORKSPACE_LIMITS.membershipsMax - 1);
    const { memberships } = await service.request(WorkspacesRpc.list, busy.ctx, {});
    expect(memberships).toHaveLength(WORKSPACE_LIMITS.membershipsMax);
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    expect(
      await codeOf(
        service.request(WorkspacesRpc.addMember, owner.ctx, {
          id: ws,
          username: busy.username,
          role: 'member',
        }),
      ),
    ).toBe('WORKSPACES.MEMBERSHIP_LIMIT');
    expect(await codeOf(service.request(WorkspacesRpc.create, busy.ctx, { name: 'Mine' }))).toBe(
      'WORKSPACES.MEMBERSHIP_LIMIT',
    );
  });

  it(`refuses to re-enable a disabled member into membership ${WORKSPACE_LIMITS.membershipsMax + 1} with WORKSPACES.MEMBERSHIP_LIMIT`, async () => {
    const owner = service.newUser();
    const busy = service.newUser();
    const ws = await service.newWorkspace(owner);
    await service.addMember(ws, owner, busy);
    await service.request(WorkspacesRpc.disableMember, owner.ctx, { id: ws, userId: busy.id });
    await memberOfOthers(busy.id, WORKSPACE_LIMITS.membershipsMax - 1);
    const enable = () =>
      service.request(WorkspacesRpc.updateMember, owner.ctx, { id: ws, userId: busy.id, disabled: false });
    expect(await codeOf(enable())).toBe('WORKSPACES.MEMBERSHIP_LIMIT');
    expect(await codeOf(service.request(WorkspacesRpc.get, busy.ctx, { id: ws }))).toBe('NOT_FOUND');
    // A change of role alone is no new membership.
    await service.request(WorkspacesRpc.updateMember, owner.ctx, { id: ws, userId: busy.id, role: 'admin' });
    await service.sql(`DELETE FROM workspaces.members WHERE user_id = $1 AND workspace_id <> $2`, [
      busy.id,
      ws,
    ]);
    await enable();
    expect((await service.request(WorkspacesRpc.get, busy.ctx, { id: ws })).workspace.role).toBe('admin');
  });

  it('frees a place under the membership cap when a user leaves a workspace', async () => {
    const busy = service.newUser();
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    await service.addMember(ws, owner, busy);
    await memberOfOthers(busy.id, WORKSPACE_LIMITS.membershipsMax - 2);
    const create = () => service.request(WorkspacesRpc.create, busy.ctx, { name: 'Mine' });
    expect(await codeOf(create())).toBe('WORKSPACES.MEMBERSHIP_LIMIT');
    await service.request(WorkspacesRpc.disableMember, busy.ctx, { id: ws, userId: busy.id });
    await create();
    expect(await codeOf(create())).toBe('WORKSPACES.MEMBERSHIP_LIMIT');
  });

  /** Makes `userId` a member of `count` archived workspaces of other owners, written at once. */
  async function memberOfArchived(userId: string, count: number): Promise<void> {
    await service.sql(
      `WITH w AS (
         INSERT INTO workspaces.workspaces (name, slug, owner_id, archived_at)
         SELECT 'Archived', 'bulk-' || gen_random_uuid(), gen_random_uuid(), now()
           FROM generate_series(1, $2) RETURNING id)
       INSERT INTO workspaces.members (workspace_id, user_id, role) SELECT id, $1, 'member' FROM w`,
      [userId, count],
    );
  }

  it('does not count memberships in archived workspaces: joining, re-enabling and creating go on, and all are listed', async () => {
    const busy = service.newUser();
    const owner = service.newUser();
    const disabledIn = await service.newWorkspace(owner);
    await service.addMember(disabledIn, owner, busy);
    await service.request(WorkspacesRpc.disableMember, owner.ctx, { id: disabledIn, userId: busy.id });
    await memberOfArchived(busy.id, WORKSPACE_LIMITS.membershipsMax);
    await service.request(WorkspacesRpc.updateMember, owner.ctx, {
      id: disabledIn,
      userId: busy.id,
      disabled: false,
    });
    const joined = await service.newWorkspace(owner, 'Joined');
    await service.addMember(joined, owner, busy);
    const { workspace: mine } = await service.request(WorkspacesRpc.create, busy.ctx, { name: 'Mine' });
    const { memberships } = await service.request(WorkspacesRpc.list, busy.ctx, {});
    const ids = memberships.map((m) => m.workspace.id);
    expect(ids).toEqual(expect.arrayContaining([disabledIn, joined, mine.id]));
    // The personal one, the three above and every archived one: none is left out of the list.
    expect(memberships).toHaveLength(WORKSPACE_LIMITS.membershipsMax + 4);
    expect(memberships.length).toBeLessThanOrEqual(WORKSPACE_LIMITS.membershipsListedMax);
  });

  it('unarchives a workspace whose member has no room left under the cap by disabling that member, says so, and refuses it to an owner with no room', async () => {
    const busy = service.newUser();
    const roomy = service.newUser();
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    await service.addMember(ws, owner, busy, 'admin');
    await service.addMember(ws, owner, roomy);
    const connectionId = service.newConnection(busy);
    await service.share(ws, busy, connectionId);
    // A member identity does not name (any more): disabled too, named by id only.
    const ghost = randomUUID();
    await service.sql(
      `INSERT INTO workspaces.members (workspace_id, user_id, role) VALUES ($1, $2, 'member')`,
      [ws, ghost],
    );
    await service.request(WorkspacesRpc.archive, owner.ctx, { id: ws });
    await memberOfOthers(busy.id, WORKSPACE_LIMITS.membershipsMax - 1);
    await memberOfOthers(ghost, WORKSPACE_LIMITS.membershipsMax - 1);
    // The answer names who was disabled and why (the owner is told; roomy, with room, is not named).
    const { archived_at, disabled_members } = await service.request(WorkspacesRpc.unarchive, owner.ctx, {
      id: ws,
    });
    expect(archived_at).toBeNull();
    expect(disabled_members).toHaveLength(2);
    expect(disabled_members).toEqual(
      expect.arrayContaining([
        { user_id: busy.id, username: busy.username, name: expect.any(String), reason: 'membership_limit' },
        { user_id: ghost, username: null, name: null, reason: 'membership_limit' },
      ]),
    );
    expect((await service.request(WorkspacesRpc.get, roomy.ctx, { id: ws })).workspace.role).toBe('member');
    // Busy already belongs to 500 workspaces that count: this one is back, without them.
    expect(await codeOf(service.request(WorkspacesRpc.get, busy.ctx, { id: ws }))).toBe('NOT_FOUND');
    const { workspace } = await service.request(WorkspacesRpc.get, owner.ctx, { id: ws });
    expect(workspace.members.find((m) => m.user_id === busy.id)?.disabled_at).not.toBeNull();
    expect(workspace.connections.find((c) => c.id === connectionId)?.disabled_reason).toBe('owner_disabled');
    // Re-enabling them is being added: once they have room.
    const enable = () =>
      service.request(WorkspacesRpc.updateMember, owner.ctx, { id: ws, userId: busy.id, disabled: false });
    expect(await codeOf(enable())).toBe('WORKSPACES.MEMBERSHIP_LIMIT');
    await service.sql(
      `DELETE FROM workspaces.members WHERE workspace_id = (
         SELECT workspace_id FROM workspaces.members WHERE user_id = $1 AND workspace_id <> $2 LIMIT 1)`,
      [busy.id, ws],
    );
    await enable();
    expect((await service.request(WorkspacesRpc.get, busy.ctx, { id: ws })).workspace.role).toBe('admin');

    const full = service.newUser();
    const own = await service.newWorkspace(full);
    await service.request(WorkspacesRpc.archive, full.ctx, { id: own });
    await memberOfOthers(full.id, WORKSPACE_LIMITS.membershipsMax - 1);
    expect(await codeOf(service.request(WorkspacesRpc.unarchive, full.ctx, { id: own }))).toBe(
      'WORKSPACES.MEMBERSHIP_LIMIT',
    );
  });

  /**
   * A workspace of a new owner with `count` admins who each have no room left under the cap, each sharing
   * a connection, archived; the admins in the order they were added. Written in the order of their ids,
   * then aged so that the last written was added first: neither their ids nor their rows' places in the
   * table give the order they were added in.
   */
  async function archivedWithFullMembers(count: number) {
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    const written = Array.from({ length: count }, () => service.newUser()).sort((a, b) =>
      a.id.localeCompare(b.id),
    );
    for (const member of written) {
      await service.addMember(ws, owner, member, 'admin');
      await service.share(ws, member, service.newConnection(member));
      await memberOfOthers(member.id, WORKSPACE_LIMITS.membershipsMax - 1);
    }
    await service.sql(
      `UPDATE workspaces.members m SET created_at = m.created_at - interval '1 hour' * u.n
         FROM unnest($2::uuid[]) WITH ORDINALITY AS u (id, n) WHERE m.workspace_id = $1 AND m.user_id = u.id`,
      [ws, written.map((member) => member.id)],
    );
    await service.request(WorkspacesRpc.archive, owner.ctx, { id: ws });
    return { owner, ws, full: [...written].reverse() };
  }

  it('names the members an unarchiving disabled in the order they were added, as the members list shows them', async () => {
    const { owner, ws, full } = await archivedWithFullMembers(3);
    const { disabled_members } = await service.request(WorkspacesRpc.unarchive, owner.ctx, { id: ws });
    expect(disabled_members.map((m) => m.username)).toEqual(full.map((m) => m.username));
    const { members } = await service.request(WorkspacesRpc.listMembers, owner.ctx, { id: ws });
    // The list says why each is disabled, as the answer did.
    expect(members.filter((m) => m.disabled_at !== null).map((m) => [m.user_id, m.disabled_reason])).toEqual(
      disabled_members.map((m) => [m.user_id, m.reason]),
    );
    // Each one's shares paused, as a manager's removal pauses them.
    const { workspace } = await service.request(WorkspacesRpc.get, owner.ctx, { id: ws });
    expect(workspace.connections.map((c) => c.disabled_reason)).toEqual(full.map(() => 'owner_disabled'));
  });

  it('says, when it re-enables a member an unarchiving disabled, that it was for lack of room', async () => {
    const { owner, ws, full } = await archivedWithFullMembers(1);
    await service.request(WorkspacesRpc.unarchive, owner.ctx, { id: ws });
    await service.sql(
      `DELETE FROM workspaces.members WHERE workspace_id = (
         SELECT workspace_id FROM workspaces.members WHERE user_id = $1 AND workspace_id <> $2 LIMIT 1)`,
      [full[0].id, ws],
    );
    expect(
      await service.request(WorkspacesRpc.updateMember, owner.ctx, {
        id: ws,
        userId: full[0].id,
        disabled: false,
      }),
    ).toEqual({ ok: true, previous: 'membership_limit' });
  });

  it('unarchives with as many statements to the database for three members without room as for one', async () => {
    const statementsOf = async (count: number) => {
      const { owner, ws } = await archivedWithFullMembers(count);
      const query = jest.spyOn(EntityManager.prototype, 'query');
      try {
        const { disabled_members } = await service.request(WorkspacesRpc.unarchive, owner.ctx, { id: ws });
        expect(disabled_members).toHaveLength(count);
        return query.mock.calls.length;
      } finally {
        query.mockRestore();
      }
    };
    const one = await statementsOf(1);
    expect(await statementsOf(3)).toBe(one);
  });

  it(`refuses workspace ${WORKSPACE_LIMITS.ownedMax + 1} of one owner with WORKSPACES.OWNED_LIMIT`, async () => {
    const hoarder = service.newUser();
    for (let i = 0; i < WORKSPACE_LIMITS.ownedMax; i++) await service.newWorkspace(hoarder, `Team ${i}`);
    expect(await codeOf(service.request(WorkspacesRpc.create, hoarder.ctx, { name: 'One more' }))).toBe(
      'WORKSPACES.OWNED_LIMIT',
    );
  });
});
