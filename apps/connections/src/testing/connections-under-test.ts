import {
  CatalogRpc,
  type Connection,
  ConnectionsRpc,
  type CreateConnectionRequest,
  DeploymentsRpc,
  type Policy,
  WorkspacesRpc,
} from '@pc/contracts';
import { type EnvSource, generateKeyRingEntry, loadEnv } from '@pc/platform';
import { answer, peerService, ServiceUnderTest, type TestUserContext, viaSession } from '@pc/testing';
import { randomUUID } from 'node:crypto';
import { ConnectionsEnv } from '../connections.env';
import { connectionsService } from '../index';

export { codeOf, errorOf, viaSession } from '@pc/testing';

/** Where nothing listens: the platform is unreachable, so a check answers `unreachable` at once. */
export const NO_PLATFORM = '127.0.0.1:9';

/**
 * The connections service alone (`ServiceUnderTest` of @pc/testing), its platform a closed port: a
 * connection is stored with the validation `unreachable`, which is all the rules that do not depend
 * on the platform's answer need (the answers themselves are tested against the sandbox, end to end).
 * The workspaces stand-in says which workspaces give a user access to a connection (`shareWith`); the
 * catalog's finds every policy.
 */
export class ConnectionsUnderTest extends ServiceUnderTest {
  readonly keys: string;
  /** The workspaces through which each user reaches a connection (its shares), by connection id. */
  private readonly access: Map<string, Map<string, Set<string>>>;

  constructor() {
    const keys = generateKeyRingEntry('test');
    const access = new Map<string, Map<string, Set<string>>>();
    super(
      'connections',
      (url: string, env: EnvSource) =>
        connectionsService(
          loadEnv(ConnectionsEnv, {
            DATABASE_URL: url,
            DB_POOL_SIZE: '5',
            CONNECTIONS_ENCRYPTION_KEYS: keys,
            PLATFORM_US_URL: `http://${NO_PLATFORM}/platform`,
            PLATFORM_EU_URL: `http://${NO_PLATFORM}/platform`,
            PLATFORM_TIMEOUT_MS: '1000',
            OUTBOUND_ALLOWLIST: NO_PLATFORM,
            ...env,
          }),
        ),
      [
        peerService('workspaces', WorkspacesRpc.ping, [
          answer(WorkspacesRpc.connectionAccess, ({ connectionId }, ctx) => ({
            workspaceIds:
              ctx.caller.kind === 'user' ? [...(access.get(connectionId)?.get(ctx.caller.userId) ?? [])] : [],
          })),
          answer(WorkspacesRpc.connectionShares, () => ({ shares: [] })),
          answer(WorkspacesRpc.removeConnection, () => ({ removed: 0 })),
        ]),
        // Every policy is visible: the eligible organizations only ask that it is, and read nothing of it.
        peerService('catalog', CatalogRpc.ping, [
          answer(CatalogRpc.getPolicy, ({ id }) => ({ policy: { id } as Policy })),
        ]),
        // The drift refresh of a connection's deployments (its checks are the deployments service's tests).
        peerService('deployments', DeploymentsRpc.ping, [
          answer(DeploymentsRpc.refreshConnectionDrift, () => ({
            checked: 2,
            in_sync: 1,
            drifted: 1,
            healing: 0,
            unknown: 0,
            checked_at: new Date().toISOString(),
          })),
        ]),
      ],
    );
    this.keys = keys;
    this.access = access;
  }

  /** A signed-in user. */
  newUser = (): TestUserContext => {
    const id = randomUUID();
    return { id, ctx: viaSession(id) };
  };

  /** Credentials for the (unreachable) platform; the secret is recognizable in any output. */
  credentials = (): Omit<CreateConnectionRequest, 'name'> => ({
    host: 'us',
    clientId: `client-${randomUUID().slice(0, 8)}`,
    clientSecret: `secret-${randomUUID()}`,
    organizationId: randomUUID(),
  });

  /** A connection the user created (to the unreachable platform, so its validation is `unreachable`). */
  newConnection = async (owner: TestUserContext, name: string): Promise<Connection> =>
    (await this.request(ConnectionsRpc.create, owner.ctx, { name, ...this.credentials() })).connection;

  /**
   * Lets the user reach the connection as an active member of a workspace it is shared into (by default a
   * new one); returns that workspace's id.
   */
  shareWith(connectionId: string, userId: string, workspaceId: string = randomUUID()): string {
    if (!this.access.has(connectionId)) this.access.set(connectionId, new Map());
    const users = this.access.get(connectionId)!;
    if (!users.has(userId)) users.set(userId, new Set());
    users.get(userId)!.add(workspaceId);
    return workspaceId;
  }

  /** The connection's owner withdrew it from that workspace: the user no longer reaches it through it. */
  unshare(connectionId: string, userId: string, workspaceId: string): void {
    this.access.get(connectionId)?.get(userId)?.delete(workspaceId);
  }
}

/** Starts the connections service (and its workspaces stand-in) for the enclosing `describe`. */
export function connectionsUnderTest(env: EnvSource = {}): ConnectionsUnderTest {
  const service = new ConnectionsUnderTest();
  beforeAll(() => service.start(env));
  afterAll(() => service.close());
  return service;
}
