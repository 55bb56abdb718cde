import { randomUUID } from 'node:crypto';
import {
  type AssignableRole,
  ConnectionsRpc,
  DeploymentsRpc,
  IdentityRpc,
  type RequestContext,
  type UserSummary,
  WorkspacesRpc,
} from '@pc/contracts';
import { type EnvSource, loadEnv } from '@pc/platform';
import { answer, peerService, ServiceUnderTest, viaSession } from '@pc/testing';
import { workspacesService } from '../index';
import { WorkspacesEnv } from '../workspaces.env';

export { anonymous, codeOf, viaSession } from '@pc/testing';

export interface TestMember {
  id: string;
  username: string;
  email: string;
  ctx: RequestContext;
}

/**
 * The workspaces service alone (`ServiceUnderTest` of @pc/testing). What it asks of other services is
 * answered by stand-ins holding the test's data: identity resolves the users `newUser` made, connections
 * says who owns the connections `newConnection` made, deployments counts what `authored` says.
 */
export class WorkspacesUnderTest extends ServiceUnderTest {
  private readonly users: Map<string, UserSummary>;
  private readonly owners: Map<string, string>;
  /** Deployments authored, by `${workspaceId}:${userId or connectionId}`. */
  readonly authored: Map<string, number>;
  private counter = 0;

  constructor() {
    const users = new Map<string, UserSummary>();
    const owners = new Map<string, string>();
    const authored = new Map<string, number>();
    const find = (key: string) => {
      const wanted = key.replace(/^@/, '').toLowerCase();
      return [...users.values()].find((u) => u.username === wanted || u.email === wanted) ?? null;
    };
    super(
      'workspaces',
      (url: string, env: EnvSource) =>
        workspacesService(loadEnv(WorkspacesEnv, { DATABASE_URL: url, DB_POOL_SIZE: '5', ...env })),
      [
        peerService('identity', IdentityRpc.ping, [
          answer(IdentityRpc.resolveUser, ({ usernameOrEmail }) => ({ user: find(usernameOrEmail) })),
          answer(IdentityRpc.findUsers, ({ ids }) => ({
            users: ids.flatMap((id) => users.get(id) ?? []),
          })),
        ]),
        peerService('connections', ConnectionsRpc.ping, [
          answer(ConnectionsRpc.ownership, ({ id }, ctx) => ({
            owned: ctx.caller.kind === 'user' && owners.get(id) === ctx.caller.userId,
          })),
          answer(ConnectionsRpc.summaries, ({ ids }) => ({
            connections: ids.flatMap((id) => {
              const owner = owners.get(id);
              return owner
                ? [{ id, name: `Connection ${id.slice(0, 8)}`, host: 'us' as const, owner_id: owner }]
                : [];
            }),
          })),
        ]),
        peerService('deployments', DeploymentsRpc.ping, [
          answer(DeploymentsRpc.workspaceSummary, () => ({
            connectionStats: {},
            installedPolicies: [],
            installedRulesets: [],
          })),
          answer(DeploymentsRpc.authoredCount, ({ workspaceId, userId, connectionId }) => ({
            count: authored.get(`${workspaceId}:${userId ?? connectionId}`) ?? 0,
          })),
        ]),
      ],
    );
    this.users = users;
    this.owners = owners;
    this.authored = authored;
  }

  /** A user identity knows (by username and email), signed in. */
  newUser = (isAdmin = false): TestMember => {
    const id = randomUUID();
    const username = `user${++this.counter}-${id.slice(0, 8)}`;
    const email = `${username}@example.com`;
    this.users.set(id, {
      id,
      name: `User ${this.counter}`,
      username,
      company: null,
      email,
      avatarEmailHash: null,
      avatarUrl: '',
    });
    return { id, username, email, ctx: viaSession(id, isAdmin) };
  };

  /** A connection the user owns (as the connections service would say). */
  newConnection = (owner: TestMember): string => {
    const id = randomUUID();
    this.owners.set(id, owner.id);
    return id;
  };

  /** A created workspace of the owner's; its id. */
  newWorkspace = async (owner: TestMember, name = 'Team'): Promise<string> =>
    (await this.request(WorkspacesRpc.create, owner.ctx, { name })).workspace.id;

  addMember = async (ws: string, by: TestMember, user: TestMember, role: AssignableRole = 'member') => {
    await this.request(WorkspacesRpc.addMember, by.ctx, { id: ws, username: user.username, role });
  };

  share = async (ws: string, by: TestMember, connectionId: string) => {
    await this.request(WorkspacesRpc.share, by.ctx, { id: ws, connectionId });
  };

  /** A workspace with an admin and a member, and a connection of the admin's shared into it. */
  newAdminShare = async () => {
    const owner = this.newUser();
    const ws = await this.newWorkspace(owner);
    const admin = this.newUser();
    const member = this.newUser();
    await this.addMember(ws, owner, admin, 'admin');
    await this.addMember(ws, owner, member);
    const connectionId = this.newConnection(admin);
    await this.share(ws, admin, connectionId);
    return { owner, ws, admin, member, connectionId };
  };
}

/** Starts the workspaces service (and its stand-in peers) for the enclosing `describe`. */
export function workspacesUnderTest(env: EnvSource = {}): WorkspacesUnderTest {
  const service = new WorkspacesUnderTest();
  beforeAll(() => service.start(env));
  afterAll(() => service.close());
  return service;
}
