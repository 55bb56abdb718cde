import { IdentityRpc, type RequestContext } from '@pc/contracts';
import { type EnvSource, generateKeyRingEntry, hashSecret, loadEnv } from '@pc/platform';
import { anonymous, ServiceUnderTest, viaSession } from '@pc/testing';
import { IdentityEnv } from '../identity.env';
import { identityService } from '../index';

export { anonymous, codeOf, viaSession, viaToken } from '@pc/testing';

/**
 * The identity service alone (`ServiceUnderTest` of @pc/testing), with its builders: sign-ups and
 * authentication through its bus contract. Every start uses the same webhook key ring, so a restart
 * opens what the previous start sealed.
 */
export class IdentityUnderTest extends ServiceUnderTest {
  private counter = 0;
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
