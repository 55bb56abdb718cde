import { ConnectionsWorld, type Json, type TestUser } from './testing/connections-e2e';

type Actor = 'owner' | 'admin' | 'member' | 'disabled' | 'outsider' | 'platformAdmin';
const ACTORS: Actor[] = ['owner', 'admin', 'member', 'disabled', 'outsider', 'platformAdmin'];

interface Scene {
  ws: string;
  /** A connection of the owner, shared and active. */
  shared: string;
  /** A connection of the owner, shared then unshared (disabled) by the owner. */
  paused: string;
  /** A connection of the admin, shared then unshared (disabled) by the admin. */
  adminPaused: string;
  users: Record<Actor, TestUser>;
  /** A connection each actor owns, not shared here. */
  own: Record<Actor, string>;
  /** A user not yet in the workspace. */
  fresh: () => Promise<TestUser>;
}

type Call = (s: Scene, actor: TestUser) => Promise<number>;

/**
 * The cells of the README's permission matrix that cross into the connections service (what a workspace
 * share lets a member do with the connection), through the gateway over NATS; the workspaces service's own
 * cells are tested at the service level (apps/workspaces/src/access/permissions.integration-spec.ts).
 * Each cell that changes something runs on a workspace of its own (the others share one) with an owner,
 * an admin, a member and a disabled member, one shared connection and one paused share. Expected statuses
 * per actor: owner, admin, member, disabled member, outsider, platform administrator who is not a member.
 */
const MATRIX: Array<[string, Call, [number, number, number, number, number, number]]> = [
  [
    "list a shared connection's organizations",
    (s, a) => get(`/api/connections/${s.shared}/orgs`, a),
    [200, 200, 200, 404, 404, 404],
  ],
  [
    "read a shared connection's settings",
    async (s, a) => {
      const res = await world.http.get<Json>(`/api/connections/${s.shared}`, { token: a.token });
      // 200 with only {id, name, host} for members: settings are the owner's alone.
      return res.status === 200 && !res.body.is_owner && 'client_id' in res.body.connection
        ? 500
        : res.status;
    },
    [200, 200, 200, 404, 404, 404],
  ],
  [
    'change a shared connection',
    (s, a) => call('PATCH', `/api/connections/${s.shared}`, a, { name: 'Taken over' }),
    [200, 403, 403, 404, 404, 404],
  ],
];

const world = new ConnectionsWorld();
let users: Record<Actor, TestUser>;
let own: Record<Actor, string>;
let ownerConnections: { shared: string; paused: string; adminPaused: string };

async function newOwner(owner?: TestUser): Promise<void> {
  users.owner = owner ?? (await world.newUser());
  const tenant = await world.newTenant();
  own.owner = (await world.newConnection(users.owner, tenant)).id;
  ownerConnections = {
    shared: (await world.newConnection(users.owner, tenant)).id,
    paused: (await world.newConnection(users.owner, tenant)).id,
    adminPaused: (await world.newConnection(users.admin, tenant)).id,
  };
}

function get(path: string, actor: TestUser): Promise<number> {
  return call('GET', path, actor);
}

async function call(method: string, path: string, actor: TestUser, body?: unknown): Promise<number> {
  return (await world.http.request(method, path, { token: actor.token, body })).status;
}

let scenes = 0;

/**
 * A workspace of its own per cell; a new owner (and new connections) every 40 (an owner has at most 50
 * workspaces).
 */
async function scene(): Promise<Scene> {
  if (++scenes % 40 === 0) await newOwner();
  const ws = await world.newWorkspace(users.owner);
  await world.addMember(ws, users.owner, users.admin, 'admin');
  await world.addMember(ws, users.owner, users.member);
  await world.addMember(ws, users.owner, users.disabled);
  expect(
    (
      await world.http.delete(`/api/workspaces/${ws}/members/${users.disabled.id}`, {
        token: users.owner.token,
      })
    ).status,
  ).toBe(200);
  await world.share(ws, users.owner, ownerConnections.shared);
  await world.share(ws, users.owner, ownerConnections.paused);
  const unshare = await world.http.delete(
    `/api/workspaces/${ws}/connections?connection_id=${ownerConnections.paused}`,
    {
      token: users.owner.token,
    },
  );
  expect(unshare.status).toBe(200);
  await world.share(ws, users.admin, ownerConnections.adminPaused);
  const withdrawn = await world.http.delete(
    `/api/workspaces/${ws}/connections?connection_id=${ownerConnections.adminPaused}`,
    { token: users.admin.token },
  );
  expect(withdrawn.status).toBe(200);
  return { ws, ...ownerConnections, users: { ...users }, own: { ...own }, fresh: () => world.newUser() };
}

/**
 * The scene the cells that change nothing share, with connections no other scene shares: a member
 * re-enabled elsewhere must not reach them through another workspace.
 */
async function sharedScene(): Promise<Scene> {
  await newOwner();
  const s = await scene();
  await newOwner();
  return s;
}

describe('the workspace permission matrix through the gateway over NATS', () => {
  beforeAll(async () => {
    await world.start('nats');
    const created = await Promise.all(
      ['owner', 'admin', 'member', 'disabled', 'outsider'].map(() => world.newUser()),
    );
    users = {
      owner: created[0],
      admin: created[1],
      member: created[2],
      disabled: created[3],
      outsider: created[4],
      platformAdmin: world.admin,
    };
    const tenant = await world.newTenant();
    own = Object.fromEntries(
      await Promise.all(
        ACTORS.map(async (a) => [a, (await world.newConnection(users[a], tenant)).id] as const),
      ),
    ) as Record<Actor, string>;
    await newOwner(users.owner);
  }, 60_000);

  afterAll(() => world.stop());

  const cells = MATRIX.flatMap(([action, run, expected]) =>
    ACTORS.map((actor, i) => [action, actor, expected[i], run] as const),
  );

  // A cell that succeeds in changing something gets a workspace of its own; reads and refusals, which
  // change nothing, share one (a refusal that wrongly succeeds fails its own cell first).
  let unchanged: Scene | undefined;
  const changes = (action: string, expected: number) => expected < 300 && !/^(read|list) /.test(action);

  it.each(cells)('%s as %s: %i', async (action, actor, expected, run) => {
    const s = changes(action, expected) ? await scene() : (unchanged ??= await sharedScene());
    expect(await run(s, s.users[actor])).toBe(expected);
  });
});
