import { WorkspacesRpc } from '@pc/contracts';
import { errorOf } from '@pc/testing';
import { codeOf, workspacesUnderTest } from '../testing/workspaces-under-test';

/** Members of a workspace at the service level: the conflicts, the listing, disabling and leaving. */
describe('workspace members (service level)', () => {
  const service = workspacesUnderTest();
  const request = service.request.bind(service);

  /** A new owner's workspace with two members added, the second disabled. */
  async function activeAndDisabled() {
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    const [active, disabled] = [service.newUser(), service.newUser()];
    await service.addMember(ws, owner, active);
    await service.addMember(ws, owner, disabled);
    await request(WorkspacesRpc.disableMember, owner.ctx, { id: ws, userId: disabled.id });
    return { owner, ws, active, disabled };
  }

  it('tells the four conflicts of adding a member apart', async () => {
    const { owner, ws, active: a, disabled: b } = await activeAndDisabled();
    const add = (username: string, id = ws) =>
      codeOf(request(WorkspacesRpc.addMember, owner.ctx, { id, username, role: 'member' }));
    expect(await add(a.username)).toBe('WORKSPACES.MEMBER_EXISTS');
    expect(await add(owner.username)).toBe('WORKSPACES.MEMBER_EXISTS');
    expect(await add(b.username)).toBe('WORKSPACES.MEMBER_DISABLED');
    expect(await add('nobody-here')).toBe('NOT_FOUND');
    const { memberships } = await request(WorkspacesRpc.list, owner.ctx, {});
    const personal = memberships.find((m) => m.workspace.is_personal)!.workspace.id;
    expect(await add(a.username, personal)).toBe('WORKSPACES.PERSONAL');
    // The fourth, WORKSPACES.MEMBER_LIMIT, is in limits.integration-spec.ts.
  });

  it('tells a manager adding a disabled member that they are disabled and to re-enable them', async () => {
    const { owner, ws, active, disabled } = await activeAndDisabled();
    const { members } = await request(WorkspacesRpc.listMembers, owner.ctx, { id: ws });
    const name = members.find((m) => m.user_id === disabled.id)!.name;
    const add = (user: { username: string } | { email: string }) =>
      errorOf(request(WorkspacesRpc.addMember, owner.ctx, { id: ws, role: 'member', ...user }));
    for (const by of [{ username: disabled.username }, { email: disabled.email }]) {
      const refusal = await add(by);
      expect([refusal.code, refusal.message]).toEqual([
        'WORKSPACES.MEMBER_DISABLED',
        `${name} is a disabled member of this workspace: re-enable them from the members list`,
      ]);
    }
    const again = await add({ username: active.username });
    expect([again.code, again.message]).toEqual([
      'WORKSPACES.MEMBER_EXISTS',
      'Already a member of this workspace',
    ]);
  });

  it('refuses a member given by both username and email, a change with nothing to change, the owner role or disabled: true (BUS.MESSAGE_INVALID)', async () => {
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    const m = service.newUser();
    await service.addMember(ws, owner, m);
    const send = (data: Record<string, unknown>) =>
      codeOf(request(WorkspacesRpc.updateMember, owner.ctx, { id: ws, userId: m.id, ...data }));
    for (const data of [{}, { role: 'owner' }, { disabled: true }, { role: null }])
      expect(await send(data)).toBe('BUS.MESSAGE_INVALID');
    expect(
      await codeOf(
        request(WorkspacesRpc.addMember, owner.ctx, {
          id: ws,
          username: service.newUser().username,
          email: service.newUser().email,
          role: 'member',
        }),
      ),
    ).toBe('BUS.MESSAGE_INVALID');
    const { members } = await request(WorkspacesRpc.listMembers, owner.ctx, { id: ws });
    expect(members.map((x) => [x.user_id, x.role])).toEqual([
      [owner.id, 'owner'],
      [m.id, 'member'],
    ]);
  });

  it('lists the owner first, then members in the order they joined; emails only to managers', async () => {
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    const [a, b] = [service.newUser(), service.newUser()];
    await service.addMember(ws, owner, a);
    await service.addMember(ws, owner, b, 'admin');
    const { members } = await request(WorkspacesRpc.listMembers, owner.ctx, { id: ws });
    expect(members.map((m) => [m.user_id, m.role])).toEqual([
      [owner.id, 'owner'],
      [a.id, 'member'],
      [b.id, 'admin'],
    ]);
    expect(members[1].email).toBe(a.email);
    const asMember = await request(WorkspacesRpc.listMembers, a.ctx, { id: ws });
    expect(asMember.members[0]).not.toHaveProperty('email');
    expect(
      await codeOf(
        request(WorkspacesRpc.updateMember, owner.ctx, {
          id: ws,
          userId: service.newUser().id,
          role: 'admin',
        }),
      ),
    ).toBe('NOT_FOUND');
  });

  it('lists why each disabled member is: they left, a manager removed them, or not known (null) for an older row', async () => {
    const { owner, ws, active, disabled: removed } = await activeAndDisabled();
    const [leaver, older] = [service.newUser(), service.newUser()];
    for (const user of [leaver, older]) await service.addMember(ws, owner, user);
    await request(WorkspacesRpc.disableMember, leaver.ctx, { id: ws, userId: leaver.id });
    await request(WorkspacesRpc.disableMember, owner.ctx, { id: ws, userId: older.id });
    await service.sql(`UPDATE workspaces.members SET disabled_reason = NULL WHERE user_id = $1`, [older.id]);
    const reasons = async (as: typeof owner) =>
      (await request(WorkspacesRpc.listMembers, as.ctx, { id: ws })).members.map((m) => [
        m.user_id,
        m.disabled_reason,
      ]);
    const expected = [
      [owner.id, null],
      [active.id, null],
      [removed.id, 'removed'],
      [leaver.id, 'left'],
      [older.id, null],
    ];
    // As the workspace's page reads them too, and for a member as for a manager (as the disabled state).
    expect(await reasons(owner)).toEqual(expected);
    expect(await reasons(active)).toEqual(expected);
    const { workspace } = await request(WorkspacesRpc.get, owner.ctx, { id: ws });
    expect(workspace.members.map((m) => [m.user_id, m.disabled_reason])).toEqual(expected);
    // Re-enabled, they have none again.
    await request(WorkspacesRpc.updateMember, owner.ctx, { id: ws, userId: removed.id, disabled: false });
    expect((await reasons(owner))[2]).toEqual([removed.id, null]);
  });

  it('cuts a disabled member off at once, keeps their row, pauses their shares and restores both on re-enable', async () => {
    const { owner, ws, admin, member: viewer, connectionId } = await service.newAdminShare();
    service.authored.set(`${ws}:${admin.id}`, 3);
    expect(await request(WorkspacesRpc.memberImpact, owner.ctx, { id: ws, userId: admin.id })).toEqual({
      role: 'admin',
      disabled_at: null,
      owned_shared_connections: 1,
      deployments_authored: 3,
    });
    expect(await request(WorkspacesRpc.connectionAccess, viewer.ctx, { connectionId })).toEqual({
      workspaceIds: [ws],
    });

    await request(WorkspacesRpc.disableMember, owner.ctx, { id: ws, userId: admin.id });
    expect(await codeOf(request(WorkspacesRpc.get, admin.ctx, { id: ws }))).toBe('NOT_FOUND');
    expect(await request(WorkspacesRpc.connectionAccess, viewer.ctx, { connectionId })).toEqual({
      workspaceIds: [],
    });
    const { members } = await request(WorkspacesRpc.listMembers, owner.ctx, { id: ws });
    expect(members.find((m) => m.user_id === admin.id)!.disabled_at).toEqual(expect.any(String));
    const { workspace } = await request(WorkspacesRpc.get, owner.ctx, { id: ws });
    expect(workspace.connections).toEqual([
      expect.objectContaining({ id: connectionId, disabled_reason: 'owner_disabled' }),
    ]);
    expect(await codeOf(request(WorkspacesRpc.enableShare, owner.ctx, { id: ws, connectionId }))).toBe(
      'WORKSPACES.SHARE_OWNER_DISABLED',
    );
    const listed = await request(WorkspacesRpc.list, admin.ctx, {});
    expect(listed.memberships.map((m) => m.workspace.id)).not.toContain(ws);

    await request(WorkspacesRpc.updateMember, owner.ctx, { id: ws, userId: admin.id, disabled: false });
    expect((await request(WorkspacesRpc.get, admin.ctx, { id: ws })).workspace.role).toBe('admin');
    expect(await request(WorkspacesRpc.connectionAccess, viewer.ctx, { connectionId })).toEqual({
      workspaceIds: [ws],
    });
  });

  it("keeps a disabled member's connection off whatever paused it first: no manager re-enables it", async () => {
    const { owner, ws, admin, member, connectionId } = await service.newAdminShare();
    await request(WorkspacesRpc.unshare, owner.ctx, { id: ws, connectionId });
    await request(WorkspacesRpc.disableMember, owner.ctx, { id: ws, userId: admin.id });
    expect(await codeOf(request(WorkspacesRpc.enableShare, owner.ctx, { id: ws, connectionId }))).toBe(
      'WORKSPACES.SHARE_OWNER_DISABLED',
    );
    expect(await request(WorkspacesRpc.connectionAccess, member.ctx, { connectionId })).toEqual({
      workspaceIds: [],
    });
    // Back as a member, their share stays paused (the owner's decision) until a manager lifts the pause.
    await request(WorkspacesRpc.updateMember, owner.ctx, { id: ws, userId: admin.id, disabled: false });
    expect(await request(WorkspacesRpc.connectionAccess, member.ctx, { connectionId })).toEqual({
      workspaceIds: [],
    });
    await request(WorkspacesRpc.enableShare, owner.ctx, { id: ws, connectionId });
    expect(await request(WorkspacesRpc.connectionAccess, member.ctx, { connectionId })).toEqual({
      workspaceIds: [ws],
    });
  });

  it('lets an admin or a member leave with their own id, as a removal by a manager would: access ends, their shares pause', async () => {
    const { owner, ws, admin, member, connectionId } = await service.newAdminShare();
    service.authored.set(`${ws}:${admin.id}`, 2);
    // What leaving would touch, read by the one leaving.
    expect(await request(WorkspacesRpc.memberImpact, admin.ctx, { id: ws, userId: admin.id })).toEqual({
      role: 'admin',
      disabled_at: null,
      owned_shared_connections: 1,
      deployments_authored: 2,
    });
    expect(await request(WorkspacesRpc.disableMember, admin.ctx, { id: ws, userId: admin.id })).toEqual({
      ok: true,
    });
    expect(await codeOf(request(WorkspacesRpc.get, admin.ctx, { id: ws }))).toBe('NOT_FOUND');
    expect(
      (await request(WorkspacesRpc.list, admin.ctx, {})).memberships.map((m) => m.workspace.id),
    ).not.toContain(ws);
    // The same state a removal leaves: the row kept, disabled, the share paused as its owner's.
    expect(await request(WorkspacesRpc.memberImpact, owner.ctx, { id: ws, userId: admin.id })).toEqual({
      role: 'admin',
      disabled_at: expect.any(String),
      owned_shared_connections: 0,
      deployments_authored: 2,
    });
    const { workspace } = await request(WorkspacesRpc.get, owner.ctx, { id: ws });
    expect(workspace.connections).toEqual([
      expect.objectContaining({ id: connectionId, disabled_reason: 'owner_disabled' }),
    ]);
    expect(await request(WorkspacesRpc.connectionAccess, member.ctx, { connectionId })).toEqual({
      workspaceIds: [],
    });

    await request(WorkspacesRpc.disableMember, member.ctx, { id: ws, userId: member.id });
    expect(await codeOf(request(WorkspacesRpc.get, member.ctx, { id: ws }))).toBe('NOT_FOUND');
    // Gone already: nothing more to leave.
    expect(
      await codeOf(request(WorkspacesRpc.disableMember, member.ctx, { id: ws, userId: member.id })),
    ).toBe('NOT_FOUND');
    const { members } = await request(WorkspacesRpc.listMembers, owner.ctx, { id: ws });
    expect(members.map((m) => [m.user_id, m.disabled_at === null])).toEqual([
      [owner.id, true],
      [admin.id, false],
      [member.id, false],
    ]);
  });

  it('refuses the owner leaving (WORKSPACES.OWNER_CANNOT_LEAVE) and anyone leaving a personal workspace', async () => {
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    const refusal = await errorOf(
      request(WorkspacesRpc.disableMember, owner.ctx, { id: ws, userId: owner.id }),
    );
    expect(refusal.code).toBe('WORKSPACES.OWNER_CANNOT_LEAVE');
    expect(refusal.message).toMatch(/archive/);
    expect((await request(WorkspacesRpc.get, owner.ctx, { id: ws })).workspace.role).toBe('owner');
    const { memberships } = await request(WorkspacesRpc.list, owner.ctx, {});
    const personal = memberships.find((m) => m.workspace.is_personal)!.workspace.id;
    expect(
      await codeOf(request(WorkspacesRpc.disableMember, owner.ctx, { id: personal, userId: owner.id })),
    ).toBe('WORKSPACES.PERSONAL');
  });

  it('lets a member leave an archived workspace, which nobody else changes', async () => {
    const { owner, ws, admin, member } = await service.newAdminShare();
    await request(WorkspacesRpc.archive, owner.ctx, { id: ws });
    expect(await codeOf(request(WorkspacesRpc.disableMember, admin.ctx, { id: ws, userId: member.id }))).toBe(
      'WORKSPACES.ARCHIVED',
    );
    await request(WorkspacesRpc.disableMember, member.ctx, { id: ws, userId: member.id });
    await request(WorkspacesRpc.disableMember, admin.ctx, { id: ws, userId: admin.id });
    for (const left of [member, admin])
      expect(await codeOf(request(WorkspacesRpc.get, left.ctx, { id: ws }))).toBe('NOT_FOUND');
    expect(await codeOf(request(WorkspacesRpc.disableMember, owner.ctx, { id: ws, userId: owner.id }))).toBe(
      'WORKSPACES.OWNER_CANNOT_LEAVE',
    );
  });

  it('says, when it re-enables a member, whether they had left or a manager had disabled them', async () => {
    const { owner, ws, active, disabled: removed } = await activeAndDisabled();
    const leaver = service.newUser();
    await service.addMember(ws, owner, leaver);
    await request(WorkspacesRpc.disableMember, leaver.ctx, { id: ws, userId: leaver.id });
    const change = (userId: string, data: { role?: 'admin'; disabled?: false }) =>
      request(WorkspacesRpc.updateMember, owner.ctx, { id: ws, userId, ...data });
    expect(await change(leaver.id, { disabled: false })).toEqual({ ok: true, previous: 'left' });
    expect(await change(removed.id, { disabled: false, role: 'admin' })).toEqual({
      ok: true,
      previous: 'removed',
    });
    // Nobody was re-enabled: nothing to say.
    expect(await change(active.id, { disabled: false })).toEqual({ ok: true });
    expect(await change(leaver.id, { role: 'admin' })).toEqual({ ok: true });
    // Removing someone who has left changes nothing: they left (as their date is the first one).
    await request(WorkspacesRpc.disableMember, leaver.ctx, { id: ws, userId: leaver.id });
    await request(WorkspacesRpc.disableMember, owner.ctx, { id: ws, userId: leaver.id });
    expect(await change(leaver.id, { disabled: false })).toEqual({ ok: true, previous: 'left' });
    // Disabled before the reason was kept: not known.
    await request(WorkspacesRpc.disableMember, owner.ctx, { id: ws, userId: leaver.id });
    await service.sql(`UPDATE workspaces.members SET disabled_reason = NULL WHERE user_id = $1`, [leaver.id]);
    expect(await change(leaver.id, { disabled: false })).toEqual({ ok: true, previous: null });
  });
});
