import { randomUUID } from 'node:crypto';
import { ConnectionsRpc } from '@pc/contracts';
import { inOneWindow, newClientAddress } from '@pc/testing';
import { gatewayUnderTest } from '../testing/gateway-under-test';

const from = (address: string) => ({ 'x-forwarded-for': address });

const credentials = {
  host: 'us',
  clientId: 'guess',
  clientSecret: 'guessed-secret',
  organizationId: '3f1f4d3e-2f5c-4a8e-9d7b-0c6a2b1e9f00',
};

/**
 * Every route that checks credentials against the platform counts toward one credential-check budget
 * (per user and per address), so guessing a client secret is as slow through a connection's creation
 * or change as through `POST /api/connections/validate`. With stand-ins for the connections service.
 */
describe('credential checks through connections (stand-ins for the services)', () => {
  const gateway = gatewayUnderTest([ConnectionsRpc.validate, ConnectionsRpc.create, ConnectionsRpc.update], {
    TRUST_PROXY: '1',
    RATE_LIMIT_CREDENTIAL_CHECKS_PER_MINUTE: '2',
  });

  beforeAll(() => {
    gateway.reply(ConnectionsRpc.validate, () => ({ ok: false, code: 'invalid_credentials' }) as never);
    gateway.reply(ConnectionsRpc.create, () => ({ connection: { id: randomUUID() } }) as never);
    gateway.reply(ConnectionsRpc.update, () => ({ connection: { id: randomUUID() } }) as never);
  });

  const create = (token: string) =>
    gateway.fetch('POST', '/api/connections', {
      token,
      body: { name: 'Guess', ...credentials },
      headers: from(newClientAddress()),
    });
  const update = (token: string, body: Record<string, unknown>) =>
    gateway.fetch('PATCH', `/api/connections/${randomUUID()}`, {
      token,
      body,
      headers: from(newClientAddress()),
    });
  const { host: _host, ...newCredentials } = credentials;

  it('answers 429 to the creation of a connection past the limit', () =>
    inOneWindow(async () => {
      const { token } = gateway.user();
      expect((await create(token)).status).toBe(200);
      expect((await create(token)).status).toBe(200);
      const limited = await create(token);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
    }));

  it('answers 429 to a change carrying credentials past the limit, shared with validate', () =>
    inOneWindow(async () => {
      const { token } = gateway.user();
      const validate = await gateway.fetch('POST', '/api/connections/validate', {
        token,
        body: credentials,
        headers: from(newClientAddress()),
      });
      expect(validate.status).toBe(200);
      expect((await update(token, newCredentials)).status).toBe(200);
      const limited = await update(token, newCredentials);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
    }));

  it('does not count a change without credentials', () =>
    inOneWindow(async () => {
      const { token } = gateway.user();
      for (let i = 0; i < 4; i++) expect((await update(token, { name: `Renamed ${i}` })).status).toBe(200);
      expect((await update(token, newCredentials)).status).toBe(200);
    }));
});
