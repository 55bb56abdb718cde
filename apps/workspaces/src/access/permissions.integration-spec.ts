import { WorkspacesRpc } from '@pc/contracts';
import { RemoteError } from '@pc/platform';
import { type TestMember, workspacesUnderTest } from '../testing/workspaces-under-test';

type Actor = 'owner' | 'admin' | 'member' | 'disabled' | 'outsider' | 'platformAdmin';
const ACTORS: Actor[] = ['owner', 'admin', 'member', 'disabled', 'outsider', 'platformAdmin'];
/**
 * What a cell answers: 'ok', or the error code (FORBIDDEN and OWNER_PROTECTED are 403, NOT_FOUND 404,
 * OWNER_CANNOT_LEAVE 409).
 */
type Outcome =
  'ok' | 'FORBIDDEN' | 'NOT_FOUND' | 'WORKSPACES.OWNER_PROTECTED' | 'WORKSPACES.OWNER_CANNOT_LEAVE';

interface Scene {
  ws: string;
  /** A connection of the owner, shared and active. */
  shared: string;
  /** A connection of the owner, shared then unshared by the owner. */
  paused: string;
  /** A connection of the admin, shared then unshared by the admin. */
  adminPaused: string;
  users: Record<Actor, TestMember>;
  /** Another plain member, whom the cells on "a member" act on (one's own id is leaving). */
  other: TestMember;
  /** A connection each actor owns, not shared here. */
  own: Record<Actor, string>;
  /**
   * A connection each actor owns, shared here (by the member and the disabled member while they were
   * managers); the outsider's and the platform administrator's are not shared here.
   */
  ownShared: Record<Actor, string>;
}

type Call = (s: Scene, actor: TestMember) => Promise<unknown>;

const ALL: Outcome[] = ['ok', 'ok', 'ok', 'NOT_FOUND', 'NOT_FOUND', 'ok'];
const MANAGERS: Outcome[] = ['ok', 'ok', 'FORBIDDEN', 'NOT_FOUND', 'NOT_FOUND', 'FORBIDDEN'];
const OWNER: Outcome[] = ['ok', 'FORBIDDEN', 'FORBIDDEN', 'NOT_FOUND', 'NOT_FOUND', 'FORBIDDEN'];
/** What may be done to any member but the owner: managers are told the owner is protected. */
const OWNER_PROTECTED: Outcome[] = [
  'WORKSPACES.OWNER_PROTECTED',
  'WORKSPACES.OWNER_PROTECTED',
  'FORBIDDEN',
  'NOT_FOUND',
  'NOT_FOUND',
  'FORBIDDEN',
];

/**
 * The permission matrix of the README, cell by cell, at the service level (the end-to-end file keeps the
 * cells that cross into the connections service). Each cell that changes something runs on a workspace
 * of its own with an owner, an admin, two members and a disabled member, one shared connection, two
 * paused shares and a share of each member's own connection; the cells that change nothing share one.
 * Actors: owner, admin, member, disabled member, outsider, platform administrator who is not a member.
 */
describe('the workspace permission matrix (service level)', () => {
  const service = workspacesUnderTest();
  const call = service.request.bind(service);
  const MATRIX: Array<[string, Call, Outcome[]]> = [
    ['read the detail', (s, a) => call(WorkspacesRpc.get, a.ctx, { id: s.ws }), ALL],
    ['list the members', (s, a) => call(WorkspacesRpc.listMembers, a.ctx, { id: s.ws }), ALL],
    ['rename', (s, a) => call(WorkspacesRpc.rename, a.ctx, { id: s.ws, name: 'Renamed' }), MANAGERS],
    ['archive', (s, a) => call(WorkspacesRpc.archive, a.ctx, { id: s.ws }), OWNER],
    ['unarchive', (s, a) => call(WorkspacesRpc.unarchive, a.ctx, { id: s.ws }), OWNER],
    [
      'add a member',
      (s, a) =>
        call(WorkspacesRpc.addMember, a.ctx, {
          id: s.ws,
          username: service.newUser().username,
          role: 'member',
        }),
      MANAGERS,
    ],
    [
      "change a member's role",
      (s, a) =>
        call(WorkspacesRpc.updateMember, a.ctx, { id: s.ws, userId: s.users.member.id, role: 'admin' }),
      MANAGERS,
    ],
    [
      're-enable a disabled member',
      (s, a) =>
        call(WorkspacesRpc.updateMember, a.ctx, { id: s.ws, userId: s.users.disabled.id, disabled: false }),
      MANAGERS,
    ],
    [
      'disable a member',
      (s, a) => call(WorkspacesRpc.disableMember, a.ctx, { id: s.ws, userId: s.other.id }),
      MANAGERS,
    ],
    [
      "read a member's impact",
      (s, a) => call(WorkspacesRpc.memberImpact, a.ctx, { id: s.ws, userId: s.other.id }),
      MANAGERS,
    ],
    [
      'read their own impact',
      (s, a) => call(WorkspacesRpc.memberImpact, a.ctx, { id: s.ws, userId: a.id }),
      ['ok', 'ok', 'ok', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND'],
    ],
    [
      'leave (their own id)',
      (s, a) => call(WorkspacesRpc.disableMember, a.ctx, { id: s.ws, userId: a.id }),
      ['WORKSPACES.OWNER_CANNOT_LEAVE', 'ok', 'ok', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND'],
    ],
    [
      'demote the owner',
      (s, a) =>
        call(WorkspacesRpc.updateMember, a.ctx, { id: s.ws, userId: s.users.owner.id, role: 'member' }),
      OWNER_PROTECTED,
    ],
    [
      'remove the owner',
      (s, a) => call(WorkspacesRpc.disableMember, a.ctx, { id: s.ws, userId: s.users.owner.id }),
      ['WORKSPACES.OWNER_CANNOT_LEAVE', ...OWNER_PROTECTED.slice(1)],
    ],
    [
      'share a connection of their own',
      (s, a) => call(WorkspacesRpc.share, a.ctx, { id: s.ws, connectionId: s.own[actorOf(s, a)] }),
      MANAGERS,
    ],
    [
      "re-enable a share the connection's owner (the owner) withdrew",
      (s, a) => call(WorkspacesRpc.enableShare, a.ctx, { id: s.ws, connectionId: s.paused }),
      OWNER,
    ],
    [
      "re-enable a share the connection's owner (the admin) withdrew",
      (s, a) => call(WorkspacesRpc.enableShare, a.ctx, { id: s.ws, connectionId: s.adminPaused }),
      ['FORBIDDEN', 'ok', 'FORBIDDEN', 'NOT_FOUND', 'NOT_FOUND', 'FORBIDDEN'],
    ],
    [
      'unshare a connection',
      (s, a) => call(WorkspacesRpc.unshare, a.ctx, { id: s.ws, connectionId: s.shared }),
      MANAGERS,
    ],
    [
      'withdraw a share of their own connection',
      (s, a) => call(WorkspacesRpc.unshare, a.ctx, { id: s.ws, connectionId: s.ownShared[actorOf(s, a)] }),
      ['ok', 'ok', 'ok', 'ok', 'NOT_FOUND', 'FORBIDDEN'],
    ],
    [
      "read a share's impact",
      (s, a) => call(WorkspacesRpc.shareImpact, a.ctx, { id: s.ws, connectionId: s.shared }),
      MANAGERS,
    ],
  ];

  function actorOf(s: Scene, user: TestMember): Actor {
    return ACTORS.find((a) => s.users[a].id === user.id)!;
  }

  /** A workspace with its cast; a new one per cell that changes something (fresh users each time). */
  async function scene(): Promise<Scene> {
    const users = Object.fromEntries(
      ACTORS.map((a) => [a, service.newUser(a === 'platformAdmin')] as const),
    ) as Record<Actor, TestMember>;
    const own = Object.fromEntries(
      ACTORS.map((a) => [a, service.newConnection(users[a])] as const),
    ) as Record<Actor, string>;
    const ws = await service.newWorkspace(users.owner);
    await service.addMember(ws, users.owner, users.admin, 'admin');
    await service.addMember(ws, users.owner, users.member);
    await service.addMember(ws, users.owner, users.disabled);
    const other = service.newUser();
    await service.addMember(ws, users.owner, other);
    const ownShared = Object.fromEntries(
      ACTORS.map((a) => [a, service.newConnection(users[a])] as const),
    ) as Record<Actor, string>;
    // Shared while each was a manager: the member demoted since, the disabled member removed since.
    for (const a of ['owner', 'admin', 'member', 'disabled'] as const)
      await service.sql(
        `INSERT INTO workspaces.shares (workspace_id, connection_id, shared_by) VALUES ($1, $2, $3)`,
        [ws, ownShared[a], users[a].id],
      );
    await call(WorkspacesRpc.disableMember, users.owner.ctx, { id: ws, userId: users.disabled.id });
    const shared = service.newConnection(users.owner);
    const paused = service.newConnection(users.owner);
    const adminPaused = service.newConnection(users.admin);
    await service.share(ws, users.owner, shared);
    await service.share(ws, users.owner, paused);
    await call(WorkspacesRpc.unshare, users.owner.ctx, { id: ws, connectionId: paused });
    await service.share(ws, users.admin, adminPaused);
    await call(WorkspacesRpc.unshare, users.admin.ctx, { id: ws, connectionId: adminPaused });
    return { ws, shared, paused, adminPaused, users, other, own, ownShared };
  }

  async function outcome(run: Call, s: Scene, actor: Actor): Promise<Outcome> {
    try {
      await run(s, s.users[actor]);
      return 'ok';
    } catch (error) {
      if (error instanceof RemoteError) return error.payload.code as Outcome;
      throw error;
    }
  }

  const cells = MATRIX.flatMap(([action, run, expected]) =>
    ACTORS.map((actor, i) => [action, actor, expected[i], run] as const),
  );
  // Reads and refusals change nothing and share one scene (a refusal that wrongly succeeds fails its own
  // cell first); a cell that changes something gets a scene of its own.
  let unchanged: Scene | undefined;
  const changes = (action: string, expected: Outcome) => expected === 'ok' && !/^(read|list) /.test(action);

  it.each(cells)('%s as %s: %s', async (action, actor, expected, run) => {
    const s = changes(action, expected) ? await scene() : (unchanged ??= await scene());
    expect(await outcome(run, s, actor)).toBe(expected);
  });

  // What the connections service asks before it lets a caller who does not own a connection list its
  // organizations or read its summary (the end-to-end files keep one member's 200 and an outsider's 404).
  it.each<[Actor, boolean]>([
    ['owner', true],
    ['admin', true],
    ['member', true],
    ['disabled', false],
    ['outsider', false],
    ['platformAdmin', false],
  ])('lets %s reach a connection shared here through the workspace: %s', async (actor, reaches) => {
    const s = (unchanged ??= await scene());
    const access = (connectionId: string) =>
      call(WorkspacesRpc.connectionAccess, s.users[actor].ctx, { connectionId });
    expect(await access(s.shared)).toEqual({ workspaceIds: reaches ? [s.ws] : [] });
    // Nobody reaches a paused share through it, whoever paused it.
    expect(await access(s.paused)).toEqual({ workspaceIds: [] });
    expect(await access(s.adminPaused)).toEqual({ workspaceIds: [] });
  });

  it('shows a platform administrator who is not a member the detail with role null', async () => {
    const s = await scene();
    const { workspace } = await call(WorkspacesRpc.get, s.users.platformAdmin.ctx, { id: s.ws });
    expect(workspace).toMatchObject({ role: null, is_admin: true, caller_id: s.users.platformAdmin.id });
  });
});
