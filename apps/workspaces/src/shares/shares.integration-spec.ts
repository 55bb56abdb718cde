import { randomUUID } from 'node:crypto';
import { WorkspacesRpc } from '@pc/contracts';
import { errorOf } from '@pc/testing';
import { codeOf, workspacesUnderTest } from '../testing/workspaces-under-test';

/** Connections shared into a workspace, at the service level: who shares, pausing, re-enabling. */
describe('shared connections (service level)', () => {
  const service = workspacesUnderTest();
  const request = service.request.bind(service);

  it('shares only a connection the caller owns; twice is SHARE_EXISTS; unshare pauses it and enable brings it back', async () => {
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    const member = service.newUser();
    await service.addMember(ws, owner, member);
    const share = (connectionId: string) => request(WorkspacesRpc.share, owner.ctx, { id: ws, connectionId });
    expect(await codeOf(share(service.newConnection(service.newUser())))).toBe('NOT_FOUND');
    expect(await codeOf(share(randomUUID()))).toBe('NOT_FOUND');
    const mine = service.newConnection(owner);
    await share(mine);
    expect(await codeOf(share(mine))).toBe('WORKSPACES.SHARE_EXISTS');
    service.authored.set(`${ws}:${mine}`, 2);
    expect(await request(WorkspacesRpc.shareImpact, owner.ctx, { id: ws, connectionId: mine })).toEqual({
      is_disabled: false,
      disabled_reason: null,
      members_visible: 2,
      deployments_authored: 2,
    });

    await request(WorkspacesRpc.unshare, owner.ctx, { id: ws, connectionId: mine });
    expect(await request(WorkspacesRpc.connectionAccess, member.ctx, { connectionId: mine })).toEqual({
      workspaceIds: [],
    });
    expect(await request(WorkspacesRpc.shareImpact, owner.ctx, { id: ws, connectionId: mine })).toMatchObject(
      {
        is_disabled: true,
        disabled_reason: 'unshared',
        members_visible: 0,
      },
    );
    // The refusal names the route and body that re-enable it, as the API has them.
    const refusal = await errorOf(share(mine));
    expect([refusal.code, refusal.message]).toEqual([
      'WORKSPACES.SHARE_DISABLED',
      `This share is disabled: re-enable it with PATCH /api/workspaces/${ws}/connections and the body ` +
        `{"connection_id": "${mine}", "disabled": false}`,
    ]);
    expect((await request(WorkspacesRpc.get, member.ctx, { id: ws })).workspace.connections).toEqual([]);

    await request(WorkspacesRpc.enableShare, owner.ctx, { id: ws, connectionId: mine });
    expect(await request(WorkspacesRpc.connectionAccess, member.ctx, { connectionId: mine })).toEqual({
      workspaceIds: [ws],
    });
  });

  it("keeps a share its connection's owner withdrew withdrawn: only that owner re-enables it", async () => {
    const { owner, ws, admin, member, connectionId: theirs } = await service.newAdminShare();
    await request(WorkspacesRpc.unshare, admin.ctx, { id: ws, connectionId: theirs });
    expect(
      await codeOf(request(WorkspacesRpc.enableShare, owner.ctx, { id: ws, connectionId: theirs })),
    ).toBe('FORBIDDEN');
    expect(await request(WorkspacesRpc.connectionAccess, member.ctx, { connectionId: theirs })).toEqual({
      workspaceIds: [],
    });
    await request(WorkspacesRpc.enableShare, admin.ctx, { id: ws, connectionId: theirs });
    expect(await request(WorkspacesRpc.connectionAccess, member.ctx, { connectionId: theirs })).toEqual({
      workspaceIds: [ws],
    });
  });

  it("lets any manager lift a pause by another manager, while the connection's owner's withdrawal stays theirs", async () => {
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    const [sharer, admin, member] = [service.newUser(), service.newUser(), service.newUser()];
    await service.addMember(ws, owner, sharer, 'admin');
    await service.addMember(ws, owner, admin, 'admin');
    await service.addMember(ws, owner, member);
    const theirs = service.newConnection(sharer);
    await service.share(ws, sharer, theirs);
    const access = async () =>
      (await request(WorkspacesRpc.connectionAccess, member.ctx, { connectionId: theirs })).workspaceIds;
    const reason = async () =>
      (await request(WorkspacesRpc.shareImpact, owner.ctx, { id: ws, connectionId: theirs })).disabled_reason;

    // Paused by an admin who does not own the connection: the owner of the workspace resumes it.
    await request(WorkspacesRpc.unshare, admin.ctx, { id: ws, connectionId: theirs });
    expect([await reason(), await access()]).toEqual(['paused', []]);
    await request(WorkspacesRpc.enableShare, owner.ctx, { id: ws, connectionId: theirs });
    expect([await reason(), await access()]).toEqual([null, [ws]]);
    // And the owner's pause, another admin.
    await request(WorkspacesRpc.unshare, owner.ctx, { id: ws, connectionId: theirs });
    await request(WorkspacesRpc.enableShare, admin.ctx, { id: ws, connectionId: theirs });
    expect(await access()).toEqual([ws]);
    // A plain member does neither.
    expect(await codeOf(request(WorkspacesRpc.unshare, member.ctx, { id: ws, connectionId: theirs }))).toBe(
      'FORBIDDEN',
    );

    // Withdrawn by the connection's owner: no manager brings it back, the owner does.
    await request(WorkspacesRpc.unshare, sharer.ctx, { id: ws, connectionId: theirs });
    expect(await reason()).toBe('unshared');
    for (const manager of [owner, admin])
      expect(
        await codeOf(request(WorkspacesRpc.enableShare, manager.ctx, { id: ws, connectionId: theirs })),
      ).toBe('FORBIDDEN');
    expect(await access()).toEqual([]);
    await request(WorkspacesRpc.enableShare, sharer.ctx, { id: ws, connectionId: theirs });
    expect(await access()).toEqual([ws]);
  });

  it("lets the connection's owner withdraw its share whatever their role now, from an archived workspace, and after leaving", async () => {
    const { owner, ws, admin, member, connectionId: theirs } = await service.newAdminShare();
    const access = async (connectionId: string) =>
      (await request(WorkspacesRpc.connectionAccess, member.ctx, { connectionId })).workspaceIds;
    const reason = async (connectionId: string) =>
      (await request(WorkspacesRpc.shareImpact, owner.ctx, { id: ws, connectionId })).disabled_reason;

    // Demoted to a plain member: they still withdraw their own credentials (sharing again is a manager's).
    await request(WorkspacesRpc.updateMember, owner.ctx, { id: ws, userId: admin.id, role: 'member' });
    await request(WorkspacesRpc.unshare, admin.ctx, { id: ws, connectionId: theirs });
    expect([await reason(theirs), await access(theirs)]).toEqual(['unshared', []]);
    expect(
      await codeOf(request(WorkspacesRpc.enableShare, admin.ctx, { id: ws, connectionId: theirs })),
    ).toBe('FORBIDDEN');

    // Archived: the workspace takes no writes, but the owner of a connection still takes it out, and a
    // share another manager paused becomes theirs to re-enable only.
    const ownersOwn = service.newConnection(owner);
    await service.share(ws, owner, ownersOwn);
    const paused = service.newConnection(owner);
    await service.share(ws, owner, paused);
    await request(WorkspacesRpc.updateMember, owner.ctx, { id: ws, userId: admin.id, role: 'admin' });
    await request(WorkspacesRpc.unshare, admin.ctx, { id: ws, connectionId: paused });
    expect(await reason(paused)).toBe('paused');
    await request(WorkspacesRpc.archive, owner.ctx, { id: ws });
    await request(WorkspacesRpc.unshare, owner.ctx, { id: ws, connectionId: ownersOwn });
    await request(WorkspacesRpc.unshare, owner.ctx, { id: ws, connectionId: paused });
    expect([await reason(ownersOwn), await access(ownersOwn)]).toEqual(['unshared', []]);
    expect(await reason(paused)).toBe('unshared');
    await request(WorkspacesRpc.unarchive, owner.ctx, { id: ws });
    expect(
      await codeOf(request(WorkspacesRpc.enableShare, admin.ctx, { id: ws, connectionId: paused })),
    ).toBe('FORBIDDEN');

    // Gone from the workspace (their share paused with them): withdrawn, it stays out when they come back.
    const leaver = service.newUser();
    await service.addMember(ws, owner, leaver, 'admin');
    const leaversOwn = service.newConnection(leaver);
    await service.share(ws, leaver, leaversOwn);
    await request(WorkspacesRpc.disableMember, leaver.ctx, { id: ws, userId: leaver.id });
    expect(await reason(leaversOwn)).toBe('owner_disabled');
    await request(WorkspacesRpc.unshare, leaver.ctx, { id: ws, connectionId: leaversOwn });
    expect(await reason(leaversOwn)).toBe('unshared');
    await request(WorkspacesRpc.updateMember, owner.ctx, { id: ws, userId: leaver.id, disabled: false });
    expect([await reason(leaversOwn), await access(leaversOwn)]).toEqual(['unshared', []]);

    // Anyone else's connection in an archived workspace stays as it is.
    await request(WorkspacesRpc.archive, owner.ctx, { id: ws });
    expect(
      await codeOf(request(WorkspacesRpc.unshare, admin.ctx, { id: ws, connectionId: leaversOwn })),
    ).toBe('WORKSPACES.ARCHIVED');
    // And an outsider learns nothing of a share that is not theirs.
    expect(
      await codeOf(request(WorkspacesRpc.unshare, service.newUser().ctx, { id: ws, connectionId: theirs })),
    ).toBe('NOT_FOUND');
  });

  it('answers NOT_FOUND for a connection not shared there', async () => {
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    const missing = randomUUID();
    const share = { id: ws, connectionId: missing };
    expect(await codeOf(request(WorkspacesRpc.unshare, owner.ctx, share))).toBe('NOT_FOUND');
    expect(await codeOf(request(WorkspacesRpc.enableShare, owner.ctx, share))).toBe('NOT_FOUND');
    expect(await codeOf(request(WorkspacesRpc.shareImpact, owner.ctx, share))).toBe('NOT_FOUND');
  });
});
