import {
  CatalogRpc,
  IdentityRpc,
  type RequestContext,
  RulesetsRpc,
  type WorkspaceRole,
  WorkspacesRpc,
} from '@pc/contracts';
import {
  DomainError,
  type EnvSource,
  generateKeyRingEntry,
  hashSecret,
  loadEnv,
  type ServiceDefinition,
} from '@pc/platform';
import { answer, anonymous, peerService, ServiceUnderTest, viaSession } from '@pc/testing';
import { IdentityEnv } from '../identity.env';
import { identityService } from '../index';

export { anonymous, codeOf, viaSession, viaToken } from '@pc/testing';

/** What the stand-ins for identity's peers answer: the test's data. */
export interface IdentityPeers {
  /** The workspaces service: each user's role in each workspace (`workspaces.list`). */
  roles: Map<string, Map<string, WorkspaceRole>>;
  /** The catalog and the rulesets service: the policies and rulesets every caller sees (else 404). */
  visible: Set<string>;
}

const visibleOr404 = (peers: IdentityPeers, id: string, what: string) => {
  if (!peers.visible.has(id)) throw new DomainError('NOT_FOUND', `${what} not found`);
};

/**
 * The identity service alone (`ServiceUnderTest` of @pc/testing), with its builders: sign-ups and
 * authentication through its bus contract. Every start uses the same webhook key ring, so a restart
 * opens what the previous start sealed. What identity asks of other services (who owns a workspace,
 * whether the caller sees a policy or a ruleset) is answered by stand-ins from `peers`.
 */
export class IdentityUnderTest extends ServiceUnderTest {
  private counter = 0;
  readonly peers: IdentityPeers = { roles: new Map(), visible: new Set() };
  /** The key ring of every start (a restart must open what the previous start sealed). */
  readonly webhookKeys: string;

  constructor() {
    const webhookKeys = generateKeyRingEntry('test');
    super('identity', (url: string, env: EnvSource) =>
      identityService(
        loadEnv(IdentityEnv, {
          DATABASE_URL: url,
          DB_POOL_SIZE: '5',
          WEBHOOKS_ENCRYPTION_KEYS: webhookKeys,
          ...env,
        }),
      ),
    );
    this.webhookKeys = webhookKeys;
  }

  protected override alongside(): ServiceDefinition[] {
    const peers = this.peers;
    return [
      peerService('workspaces', WorkspacesRpc.ping, [
        answer(WorkspacesRpc.list, (_data, ctx) => ({
          memberships: [
            ...(peers.roles.get(ctx.caller.kind === 'user' ? ctx.caller.userId : '') ?? new Map()),
          ].map(([id, role]) => ({
            workspace: {
              id,
              name: 'Team',
              slug: 'team',
              is_personal: false,
              owner_id: '',
              archived_at: null,
              created_at: new Date().toISOString(),
              updated_at: new Date().toISOString(),
            },
            role,
          })),
        })),
      ]),
      peerService('catalog', CatalogRpc.ping, [
        // Identity only asks whether the caller sees the policy: the answer's body is not read.
        answer(CatalogRpc.getPolicy, ({ id }) => {
          visibleOr404(peers, id, 'Policy');
          return { policy: { id } } as never;
        }),
      ]),
      peerService('rulesets', RulesetsRpc.ping, [
        answer(RulesetsRpc.get, ({ id }) => {
          visibleOr404(peers, id, 'Ruleset');
          return { ruleset: { id } } as never;
        }),
      ]),
    ];
  }

  /** Gives the user a role in a workspace (as the workspaces service would say). */
  role(userId: string, workspaceId: string, role: WorkspaceRole): void {
    const roles = this.peers.roles.get(userId) ?? new Map<string, WorkspaceRole>();
    roles.set(workspaceId, role);
    this.peers.roles.set(userId, roles);
  }

  /** A unique email. */
  email = (): string => `user${++this.counter}-${Date.now()}@example.com`;

  /** A new account through sign-up, with its session. */
  newUser = async (
    fields: { email?: string; password?: string; name?: string } = {},
  ): Promise<{ id: string; email: string; sessionToken: string; session: RequestContext }> => {
    const email = fields.email ?? this.email();
    const result = await this.request(IdentityRpc.signup, anonymous(), {
      email,
      password: fields.password ?? 'password123',
      name: fields.name ?? 'Test User',
    });
    return {
      id: result.user.id,
      email,
      sessionToken: result.sessionToken,
      session: viaSession(result.user.id),
    };
  };

  /** Who a session secret or a token authenticates as. */
  authenticate(secret: { session?: string; token?: string }) {
    return this.request(IdentityRpc.authenticate, anonymous(), {
      sessionHash: secret.session === undefined ? undefined : hashSecret(secret.session),
      tokenHash: secret.token === undefined ? undefined : hashSecret(secret.token),
    });
  }
}

/** Starts the identity service for the enclosing `describe` and stops it afterwards. */
export function identityUnderTest(env: EnvSource = {}): IdentityUnderTest {
  const identity = new IdentityUnderTest();
  beforeAll(() => identity.start(env));
  afterAll(() => identity.close());
  return identity;
}
