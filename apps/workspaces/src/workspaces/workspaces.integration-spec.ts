import { randomUUID } from 'node:crypto';
import { WORKSPACE_LIMITS, WorkspacesRpc } from '@pc/contracts';
import { RemoteError } from '@pc/platform';
import { codeOf, workspacesUnderTest } from '../testing/workspaces-under-test';

/** Workspaces themselves at the service level: the personal one, slugs, archive. */
describe('workspaces (service level)', () => {
  const service = workspacesUnderTest();
  const request = service.request.bind(service);

  it('creates the personal workspace on first use, once, without members; it takes none and is never archived', async () => {
    const user = service.newUser();
    const first = await request(WorkspacesRpc.list, user.ctx, {});
    const second = await request(WorkspacesRpc.list, user.ctx, {});
    const personal = first.memberships.filter((m) => m.workspace.is_personal);
    expect(personal).toEqual([expect.objectContaining({ role: 'owner' })]);
    expect(second.memberships).toEqual(first.memberships);
    const id = personal[0].workspace.id;
    expect((await request(WorkspacesRpc.get, user.ctx, { id })).workspace).toMatchObject({
      role: 'owner',
      members: [],
      is_personal: true,
    });
    expect(
      await codeOf(
        request(WorkspacesRpc.addMember, user.ctx, { id, email: service.newUser().email, role: 'member' }),
      ),
    ).toBe('WORKSPACES.PERSONAL');
    expect(await codeOf(request(WorkspacesRpc.archive, user.ctx, { id }))).toBe('WORKSPACES.PERSONAL');
  });

  it("answers a new user's first reads at once, all of them, with one personal workspace", async () => {
    const user = service.newUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => request(WorkspacesRpc.list, user.ctx, {})),
    );
    for (const answer of answers) {
      expect(answer.memberships.filter((m) => m.workspace.is_personal)).toHaveLength(1);
    }
    expect(new Set(answers.map((a) => a.memberships[0].workspace.id)).size).toBe(1);
  });

  it('derives a unique slug from the name, refuses a taken or reserved one, and keeps it on rename', async () => {
    const owner = service.newUser();
    const a = (await request(WorkspacesRpc.create, owner.ctx, { name: 'Edge Team!' })).workspace;
    const b = (await request(WorkspacesRpc.create, owner.ctx, { name: 'Edge Team!' })).workspace;
    expect(a.slug).toMatch(/^edge-team(-\d+)?$/);
    expect(b.slug).not.toBe(a.slug);
    const { memberships } = await request(WorkspacesRpc.list, owner.ctx, {});
    expect(memberships).toEqual(
      expect.arrayContaining([{ workspace: expect.objectContaining({ id: a.id }), role: 'owner' }]),
    );
    expect(await codeOf(request(WorkspacesRpc.create, owner.ctx, { name: 'Again', slug: a.slug }))).toBe(
      'WORKSPACES.SLUG_TAKEN',
    );
    expect(
      await codeOf(request(WorkspacesRpc.create, owner.ctx, { name: 'Ok', slug: 'personal-mine' })),
    ).toBe('BAD_REQUEST');
    const renamed = await request(WorkspacesRpc.rename, owner.ctx, { id: a.id, name: '  Core ' });
    expect(renamed.workspace).toMatchObject({ name: 'Core', slug: a.slug });
  });

  it("never derives a personal workspace's slug from a name, so nobody can take another user's", async () => {
    const squatter = service.newUser();
    const victim = service.newUser();
    const { workspace } = await request(WorkspacesRpc.create, squatter.ctx, {
      name: `Personal ${victim.id}`,
    });
    expect(workspace.slug).not.toMatch(/^personal-/);
    const { memberships } = await request(WorkspacesRpc.list, victim.ctx, {});
    expect(memberships).toEqual([
      { workspace: expect.objectContaining({ is_personal: true, owner_id: victim.id }), role: 'owner' },
    ]);
  });

  it('gives a user whose personal slug a created workspace already holds a personal workspace all the same', async () => {
    const [holder, victim] = [service.newUser(), service.newUser()];
    // As a name could derive it before created workspaces' slugs stayed out of `personal-`.
    await service.sql(
      `INSERT INTO workspaces.workspaces (name, slug, owner_id) VALUES ('Personal', $1, $2)`,
      [`personal-${victim.id}`, holder.id],
    );
    const first = await request(WorkspacesRpc.list, victim.ctx, {});
    expect(first.memberships).toEqual([
      {
        workspace: expect.objectContaining({ is_personal: true, slug: `personal-${victim.id}-2` }),
        role: 'owner',
      },
    ]);
    expect((await request(WorkspacesRpc.list, victim.ctx, {})).memberships).toEqual(first.memberships);
  });

  it(`takes a name of ${WORKSPACE_LIMITS.nameMax} and a slug of ${WORKSPACE_LIMITS.slugMax} characters; refuses a rename to 1 (BUS.MESSAGE_INVALID)`, async () => {
    const owner = service.newUser();
    const slug = `s${randomUUID().replace(/-/g, '')}`.padEnd(WORKSPACE_LIMITS.slugMax, 'x');
    const name = 'n'.repeat(WORKSPACE_LIMITS.nameMax);
    const { workspace } = await request(WorkspacesRpc.create, owner.ctx, { name, slug });
    expect(workspace).toMatchObject({ name, slug });
    expect(await codeOf(request(WorkspacesRpc.rename, owner.ctx, { id: workspace.id, name: 'n' }))).toBe(
      'BUS.MESSAGE_INVALID',
    );
    expect(await codeOf(request(WorkspacesRpc.rename, owner.ctx, { id: workspace.id, name: '    ' }))).toBe(
      'BUS.MESSAGE_INVALID',
    );
    expect((await request(WorkspacesRpc.get, owner.ctx, { id: workspace.id })).workspace.name).toBe(name);
  });

  it('refuses a creation whose data breaks the schema before any write, naming each field (BUS.MESSAGE_INVALID)', async () => {
    const user = service.newUser();
    const error = (await request(WorkspacesRpc.create, user.ctx, {
      name: 5,
      slug: 'Not A Slug',
    } as never).catch((e: unknown) => e)) as RemoteError;
    expect(error).toBeInstanceOf(RemoteError);
    expect(error.payload.code).toBe('BUS.MESSAGE_INVALID');
    expect(error.payload.details?.map((d) => d.field).sort()).toEqual(['data.name', 'data.slug']);
    const { memberships } = await request(WorkspacesRpc.list, user.ctx, {});
    expect(memberships.map((m) => m.workspace.is_personal)).toEqual([true]);
  });

  it('answers NOT_FOUND for a workspace that does not exist', async () => {
    expect(await codeOf(request(WorkspacesRpc.get, service.newUser().ctx, { id: randomUUID() }))).toBe(
      'NOT_FOUND',
    );
  });

  it('makes an archived workspace read-only (WORKSPACES.ARCHIVED on every write) until unarchived', async () => {
    const owner = service.newUser();
    const ws = await service.newWorkspace(owner);
    const [m, n] = [service.newUser(), service.newUser()];
    await service.addMember(ws, owner, m);
    const shared = service.newConnection(owner);
    await service.share(ws, owner, shared);
    const admin = service.newUser();
    await service.addMember(ws, owner, admin, 'admin');
    const adminShared = service.newConnection(admin);
    await service.share(ws, admin, adminShared);
    const spare = service.newConnection(owner);
    const first = await request(WorkspacesRpc.archive, owner.ctx, { id: ws });
    const again = await request(WorkspacesRpc.archive, owner.ctx, { id: ws });
    expect(again.archived_at).toBe(first.archived_at);

    const writes = [
      () => request(WorkspacesRpc.rename, owner.ctx, { id: ws, name: 'Nope' }),
      () => request(WorkspacesRpc.addMember, owner.ctx, { id: ws, username: n.username, role: 'member' }),
      () => request(WorkspacesRpc.updateMember, owner.ctx, { id: ws, userId: m.id, role: 'admin' }),
      () => request(WorkspacesRpc.disableMember, owner.ctx, { id: ws, userId: m.id }),
      () => request(WorkspacesRpc.share, owner.ctx, { id: ws, connectionId: spare }),
      // Pausing another's connection (its owner may still withdraw it: shares.integration-spec.ts).
      () => request(WorkspacesRpc.unshare, owner.ctx, { id: ws, connectionId: adminShared }),
      () => request(WorkspacesRpc.enableShare, owner.ctx, { id: ws, connectionId: shared }),
    ];
    for (const write of writes) expect(await codeOf(write())).toBe('WORKSPACES.ARCHIVED');
    const { workspace } = await request(WorkspacesRpc.get, m.ctx, { id: ws });
    expect(workspace.archived_at).toBe(first.archived_at);
    expect(await request(WorkspacesRpc.connectionAccess, m.ctx, { connectionId: shared })).toEqual({
      workspaceIds: [ws],
    });

    expect(await request(WorkspacesRpc.unarchive, owner.ctx, { id: ws })).toEqual({
      archived_at: null,
      disabled_members: [],
    });
    await request(WorkspacesRpc.rename, owner.ctx, { id: ws, name: 'Back' });
  });
});
