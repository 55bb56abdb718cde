import { randomUUID } from 'node:crypto';
import { CatalogRpc, ConnectionsRpc, DeploymentsRpc, IdentityRpc, WebhooksRpc } from '@pc/contracts';
import { DomainError } from '@pc/platform';
import { inOneWindow, newClientAddress } from '@pc/testing';
import { gatewayUnderTest } from '../testing/gateway-under-test';

type Json = Record<string, unknown>;

const from = (address: string) => ({ 'x-forwarded-for': address });

function expectLimited(res: { status: number; headers: Headers; body: Json }): void {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.body.code).toBe('RATE_LIMITED');
}

/**
 * The gateway's budgets (per client address behind one trusted proxy, and per user) and its sign-in
 * throttle, with stand-ins for the services: the request over a budget is answered 429 with Retry-After
 * and never reaches a service. The budgets the tool server shares with the gateway are the rate-limits
 * end-to-end file's.
 */
describe('rate limits at the gateway (stand-ins for the services)', () => {
  const gateway = gatewayUnderTest(
    [
      IdentityRpc.signup,
      IdentityRpc.login,
      CatalogRpc.validateSubmission,
      CatalogRpc.createSubmission,
      CatalogRpc.getBranches,
      CatalogRpc.recordDownload,
      ConnectionsRpc.validate,
      WebhooksRpc.ping,
      WebhooksRpc.redeliver,
      DeploymentsRpc.refreshDrift,
      ConnectionsRpc.refresh,
    ],
    {
      TRUST_PROXY: '1',
      RATE_LIMIT_SIGNUPS_PER_HOUR: '3',
      RATE_LIMIT_VALIDATIONS_PER_MINUTE: '2',
      RATE_LIMIT_BRANCH_LISTINGS_PER_MINUTE: '2',
      RATE_LIMIT_DOWNLOADS_PER_MINUTE: '2',
      RATE_LIMIT_SUBMISSIONS_PER_HOUR: '2',
      RATE_LIMIT_CREDENTIAL_CHECKS_PER_MINUTE: '2',
      RATE_LIMIT_WEBHOOK_SENDS_PER_MINUTE: '2',
      RATE_LIMIT_REFRESHES_PER_MINUTE: '2',
      LOGIN_MAX_FAILURES: '3',
      LOGIN_ACCOUNT_MAX_FAILURES: '6',
    },
  );
  const policyId = randomUUID();

  beforeAll(() => {
    const session = () =>
      ({
        sessionToken: `pcs_${randomUUID()}`,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        user: { id: randomUUID(), email: 'r@example.com', name: 'R', is_admin: false },
      }) as never;
    gateway.reply(IdentityRpc.signup, session);
    gateway.reply(IdentityRpc.login, ({ password }) => {
      if (password !== 'password123')
        throw new DomainError('IDENTITY.INVALID_CREDENTIALS', 'Invalid email or password');
      return session();
    });
    gateway.reply(CatalogRpc.validateSubmission, () => ({ ok: true, errors: [] }) as never);
    gateway.reply(CatalogRpc.createSubmission, () => ({ submission: { id: randomUUID() } }) as never);
    gateway.reply(CatalogRpc.getBranches, () => ({ branches: ['main'] }) as never);
    gateway.reply(CatalogRpc.recordDownload, () => ({ ok: true }) as never);
    gateway.reply(ConnectionsRpc.validate, () => ({ ok: false, code: 'invalid_credentials' }) as never);
    gateway.reply(WebhooksRpc.ping, () => ({ delivery: { id: randomUUID() } }) as never);
    gateway.reply(WebhooksRpc.redeliver, () => ({ delivery: { id: randomUUID() } }) as never);
    const checkedAt = new Date().toISOString();
    gateway.reply(
      DeploymentsRpc.refreshDrift,
      () => ({ outcome: 'in_sync', drift: null, checked_at: checkedAt }) as never,
    );
    gateway.reply(ConnectionsRpc.refresh, () => ({
      checked: 0,
      in_sync: 0,
      drifted: 0,
      healing: 0,
      unknown: 0,
      checked_at: checkedAt,
    }));
  });

  const asked = (pattern: string) => gateway.asked.get(pattern)?.length ?? 0;
  const signup = (address: string) =>
    gateway.fetch('POST', '/api/auth/signup', {
      body: { email: `rl-${randomUUID()}@example.com`, password: 'password123', name: 'R' },
      headers: from(address),
    });

  it('answers 429 with Retry-After to the sign-up over the limit from one address, not to another address', () =>
    inOneWindow(async () => {
      const address = newClientAddress();
      for (let i = 0; i < 3; i++) expect((await signup(address)).status).toBe(201);
      const sent = asked(IdentityRpc.signup.pattern);
      expectLimited(await signup(address));
      expect(asked(IdentityRpc.signup.pattern)).toBe(sent);
      expect((await signup(newClientAddress())).status).toBe(201);
    }));

  it('limits validations per user, whatever address they come from', () =>
    inOneWindow(async () => {
      const { token } = gateway.user();
      const validate = () =>
        gateway.fetch('POST', '/api/submissions/validate', {
          token,
          body: { sourceHostUrl: 'https://source-host.test/o/r' },
          headers: from(newClientAddress()),
        });
      expect((await validate()).status).toBe(200);
      expect((await validate()).status).toBe(200);
      expectLimited(await validate());
      expect(asked(CatalogRpc.validateSubmission.pattern)).toBeGreaterThanOrEqual(2);
    }));

  it('limits submission creation, branch listing and downloads per user', () =>
    inOneWindow(async () => {
      const { token } = gateway.user();
      const submit = () =>
        gateway.fetch('POST', '/api/submissions', {
          token,
          headers: from(newClientAddress()),
          body: {
            name: `Scope Guard ${randomUUID().slice(0, 8)}`,
            description: 'Rejects requests whose OAuth token lacks the scopes an operation needs.',
            sourceHostUrl: 'https://source-host.test/o/r',
          },
        });
      expect((await submit()).status).toBe(201);
      expect((await submit()).status).toBe(201);
      expectLimited(await submit());

      const branches = () => gateway.fetch('GET', `/api/policies/${policyId}/branches`, { token });
      const download = () => gateway.fetch('POST', `/api/policies/${policyId}/download`, { token, body: {} });
      for (const call of [branches, download]) {
        expect((await call()).status).toBe(200);
        expect((await call()).status).toBe(200);
        expectLimited(await call());
      }
    }));

  it('limits webhook pings and redeliveries per user together, and the refused one never reaches identity', () =>
    inOneWindow(async () => {
      const { token } = gateway.user();
      const endpoint = randomUUID();
      const ping = () =>
        gateway.fetch('POST', `/api/webhooks/${endpoint}/ping`, { token, headers: from(newClientAddress()) });
      const redeliver = () =>
        gateway.fetch('POST', `/api/webhooks/${endpoint}/deliveries/${randomUUID()}/redeliver`, {
          token,
          headers: from(newClientAddress()),
        });
      expect((await ping()).status).toBe(201);
      expect((await redeliver()).status).toBe(201);
      const sent = asked(WebhooksRpc.ping.pattern);
      expectLimited(await ping());
      expectLimited(await redeliver());
      expect(asked(WebhooksRpc.ping.pattern)).toBe(sent);
      // Another user's ping is theirs to spend.
      const other = gateway.user().token;
      expect(
        (
          await gateway.fetch('POST', `/api/webhooks/${endpoint}/ping`, {
            token: other,
            headers: from(newClientAddress()),
          })
        ).status,
      ).toBe(201);
    }));

  it('limits drift refreshes of deployments and connections per user together', () =>
    inOneWindow(async () => {
      const { token } = gateway.user();
      const refresh = (kind: 'deployments' | 'connections') =>
        gateway.fetch('POST', `/api/${kind}/${randomUUID()}/refresh`, {
          token,
          headers: from(newClientAddress()),
        });
      expect((await refresh('deployments')).status).toBe(200);
      expect((await refresh('connections')).status).toBe(200);
      expectLimited(await refresh('deployments'));
      expectLimited(await refresh('connections'));
    }));

  const credentials = {
    host: 'us',
    clientId: 'guess',
    clientSecret: 'guessed-secret',
    organizationId: '3f1f4d3e-2f5c-4a8e-9d7b-0c6a2b1e9f00',
  };
  const checkCredentials = (token: string, address: string) =>
    gateway.fetch('POST', '/api/connections/validate', { token, body: credentials, headers: from(address) });

  it('limits credential checks against the platform per user, whatever address they come from', () =>
    inOneWindow(async () => {
      const { token } = gateway.user();
      expect((await checkCredentials(token, newClientAddress())).status).toBe(200);
      expect((await checkCredentials(token, newClientAddress())).status).toBe(200);
      expectLimited(await checkCredentials(token, newClientAddress()));
    }));

  it('limits credential checks per address, whichever accounts they come from', () =>
    inOneWindow(async () => {
      const address = newClientAddress();
      for (let i = 0; i < 2; i++)
        expect((await checkCredentials(gateway.user().token, address)).status).toBe(200);
      const another = gateway.user().token;
      expectLimited(await checkCredentials(another, address));
      expect((await checkCredentials(another, newClientAddress())).status).toBe(200);
    }));

  it('counts failed sign-ins by the address the nearest proxy saw, so a forged X-Forwarded-For does not reset them', () =>
    inOneWindow(async () => {
      const email = `victim-${randomUUID()}@example.com`;
      const attacker = newClientAddress();
      const attempt = (forged: string) =>
        gateway.fetch('POST', '/api/auth/login', {
          body: { email, password: 'wrong-password' },
          headers: from(`${forged}, ${attacker}`),
        });
      for (let i = 0; i < 3; i++) expect((await attempt(newClientAddress())).status).toBe(401);
      expectLimited(await attempt(newClientAddress()));
    }));

  it('checks no more passwords than LOGIN_MAX_FAILURES when the sign-ins for one email come at once', () =>
    inOneWindow(async () => {
      const email = `victim-${randomUUID()}@example.com`;
      const address = newClientAddress();
      // Identity takes its time over each password (scrypt), as it does.
      gateway.reply(IdentityRpc.login, async ({ password }) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        if (password !== 'password123')
          throw new DomainError('IDENTITY.INVALID_CREDENTIALS', 'Invalid email or password');
        return {
          sessionToken: `pcs_${randomUUID()}`,
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          user: { id: randomUUID(), email, name: 'R', is_admin: false },
        } as never;
      });
      const checked = () =>
        (gateway.asked.get(IdentityRpc.login.pattern) ?? []).filter(
          (data) => (data as { email: string }).email === email,
        ).length;
      const login = (password: string) =>
        gateway.fetch('POST', '/api/auth/login', { body: { email, password }, headers: from(address) });
      // 29 wrong passwords at once, then the right one while identity still checks the first of them.
      const wrong = Array.from({ length: 29 }, () => login('wrong-password'));
      while (checked() < 3) await new Promise((resolve) => setTimeout(resolve, 10));
      const right = await login('password123');
      const statuses: Record<number, number> = {};
      for (const { status } of await Promise.all(wrong)) statuses[status] = (statuses[status] ?? 0) + 1;
      expect(statuses).toEqual({ 401: 3, 429: 26 });
      expectLimited(right);
      expect(checked()).toBe(3);
    }));

  it('gives a right password its attempt back: a sign-in does not count as a failure', () =>
    inOneWindow(async () => {
      const email = `owner-${randomUUID()}@example.com`;
      const address = newClientAddress();
      const attempt = (password: string) =>
        gateway.fetch('POST', '/api/auth/login', { body: { email, password }, headers: from(address) });
      for (let i = 0; i < 5; i++) expect((await attempt('password123')).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await attempt('wrong-password')).status).toBe(401);
      expectLimited(await attempt('wrong-password'));
    }));

  it('stops guessing one account from many addresses (429), even with the right password', () =>
    inOneWindow(async () => {
      const email = `victim-${randomUUID()}@example.com`;
      const attempt = (password: string) =>
        gateway.fetch('POST', '/api/auth/login', {
          body: { email, password },
          headers: from(newClientAddress()),
        });
      for (let i = 0; i < 6; i++) expect((await attempt('wrong-password')).status).toBe(401);
      expectLimited(await attempt('wrong-password'));
      expectLimited(await attempt('password123'));
      // Another account is not held up.
      const other = await gateway.fetch('POST', '/api/auth/login', {
        body: { email: `other-${randomUUID()}@example.com`, password: 'password123' },
        headers: from(newClientAddress()),
      });
      expect(other.status).toBe(200);
    }));
});
