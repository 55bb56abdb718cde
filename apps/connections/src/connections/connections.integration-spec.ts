import { randomUUID } from 'node:crypto';
import {
  CONNECTION_LIMITS,
  ConnectionsRpc,
  type CreateConnectionRequest,
  type UpdateConnectionRequest,
} from '@pc/contracts';
import { type AnsweringPlatform, startAnsweringPlatform } from '@pc/gateway-platform/testing';
import { generateKeyRingEntry } from '@pc/platform';
import {
  codeOf,
  connectionsUnderTest,
  errorOf,
  NO_PLATFORM,
  viaSession,
} from '../testing/connections-under-test';

/** Connections at the service level: the cap, the credential rules, who sees what, the stored secret. */
describe('connections (service level)', () => {
  const service = connectionsUnderTest();
  const request = service.request.bind(service);

  it('stores a connection the platform could not check, saying why, and never returns the secret', async () => {
    const owner = service.newUser();
    const credentials = service.credentials();
    const created = await request(ConnectionsRpc.create, owner.ctx, { name: ' Production ', ...credentials });
    expect(created.validation).toMatchObject({ ok: false, code: 'unreachable' });
    expect(created.connection).toMatchObject({
      name: 'Production',
      host: 'us',
      client_id: credentials.clientId,
      owner_id: owner.id,
      validation_error: created.validation.error,
    });
    const listed = await request(ConnectionsRpc.list, owner.ctx, {});
    for (const answer of [created, listed])
      expect(JSON.stringify(answer)).not.toContain(credentials.clientSecret);
  });

  it(`refuses connection ${CONNECTION_LIMITS.perOwner + 1} of one owner with CONNECTIONS.LIMIT`, async () => {
    const hoarder = service.newUser();
    await service.sql(
      `INSERT INTO connections.connections (id, owner_id, name, host, client_id, organization_id)
       SELECT gen_random_uuid(), $1, 'Bulk ' || n, 'us', 'client', 'org' FROM generate_series(1, $2) AS n`,
      [hoarder.id, CONNECTION_LIMITS.perOwner],
    );
    expect(
      await codeOf(
        request(ConnectionsRpc.create, hoarder.ctx, { name: 'One more', ...service.credentials() }),
      ),
    ).toBe('CONNECTIONS.LIMIT');
    expect((await request(ConnectionsRpc.list, hoarder.ctx, {})).connections).toHaveLength(
      CONNECTION_LIMITS.perOwner,
    );
  });

  it('changes the name alone; credentials only all together, and again for a new host', async () => {
    const owner = service.newUser();
    const connection = await service.newConnection(owner, 'Before');
    const renamed = await request(ConnectionsRpc.update, owner.ctx, { id: connection.id, name: 'After' });
    expect(renamed.connection).toMatchObject({ name: 'After', client_id: connection.client_id });
    expect(
      await codeOf(request(ConnectionsRpc.update, owner.ctx, { id: connection.id, clientId: 'only-this' })),
    ).toBe('BAD_REQUEST');
    expect(await codeOf(request(ConnectionsRpc.update, owner.ctx, { id: connection.id, host: 'eu' }))).toBe(
      'BAD_REQUEST',
    );
    const { clientId, clientSecret, organizationId } = service.credentials();
    const moved = await request(ConnectionsRpc.update, owner.ctx, {
      id: connection.id,
      host: 'eu',
      clientId,
      clientSecret,
      organizationId,
    });
    expect(moved.connection).toMatchObject({
      host: 'eu',
      client_id: clientId,
      organization_id: organizationId,
    });
  });

  it("shows a member of a workspace it is shared into only the connection's summary; others get NOT_FOUND", async () => {
    const owner = service.newUser();
    const member = service.newUser();
    const outsider = service.newUser();
    const connection = await service.newConnection(owner, 'Shared');
    service.shareWith(connection.id, member.id);
    const mine = await request(ConnectionsRpc.get, owner.ctx, { id: connection.id });
    expect(mine).toMatchObject({ is_owner: true, connection: { client_id: connection.client_id } });
    const theirs = await request(ConnectionsRpc.get, member.ctx, { id: connection.id });
    expect(theirs.is_owner).toBe(false);
    expect(theirs.connection).not.toHaveProperty('client_id');
    expect(
      await codeOf(request(ConnectionsRpc.update, member.ctx, { id: connection.id, name: 'Mine' })),
    ).toBe('FORBIDDEN');
    expect(await codeOf(request(ConnectionsRpc.get, outsider.ctx, { id: connection.id }))).toBe('NOT_FOUND');
    expect(await request(ConnectionsRpc.ownership, member.ctx, { id: connection.id })).toEqual({
      owned: false,
    });
    expect(await request(ConnectionsRpc.ownership, owner.ctx, { id: connection.id })).toEqual({
      owned: true,
    });
  });

  it('lets a member reach a shared connection only to list its organizations: its settings, changes, sync, impact and shares are FORBIDDEN, and their own list leaves it out', async () => {
    const owner = service.newUser();
    const member = service.newUser();
    const connection = await service.newConnection(owner, 'Shared');
    service.shareWith(connection.id, member.id);
    const id = { id: connection.id };
    for (const refused of [
      () => request(ConnectionsRpc.update, member.ctx, { ...id, name: 'Mine now' }),
      () => request(ConnectionsRpc.remove, member.ctx, id),
      () => request(ConnectionsRpc.sync, member.ctx, id),
      () => request(ConnectionsRpc.refresh, member.ctx, id),
      () => request(ConnectionsRpc.impact, member.ctx, id),
      () => request(ConnectionsRpc.listShares, member.ctx, id),
    ])
      expect(await codeOf(refused())).toBe('FORBIDDEN');
    // Past the access check, to the platform (a closed port here: 502's code), as for the owner.
    expect(await codeOf(request(ConnectionsRpc.listOrgs, member.ctx, id))).toBe('UPSTREAM_UNAVAILABLE');
    expect(await codeOf(request(ConnectionsRpc.listOrgs, owner.ctx, id))).toBe('UPSTREAM_UNAVAILABLE');
    expect((await request(ConnectionsRpc.list, member.ctx, {})).connections).toEqual([]);
    expect((await request(ConnectionsRpc.get, owner.ctx, id)).connection).toMatchObject({ name: 'Shared' });
    // Its owner refreshes the drift of the deployments made through it.
    expect(await request(ConnectionsRpc.refresh, owner.ctx, id)).toMatchObject({ checked: 2, drifted: 1 });
    expect(await codeOf(request(ConnectionsRpc.refresh, service.newUser().ctx, id))).toBe('NOT_FOUND');
  });

  it('shows a platform administrator nothing of a connection not shared with them (NOT_FOUND)', async () => {
    const owner = service.newUser();
    const connection = await service.newConnection(owner, 'Private');
    const admin = viaSession(randomUUID(), true);
    const id = { id: connection.id };
    // One at a time: a refusal made before its codeOf awaits it would be an unhandled rejection.
    for (const refused of [
      () => request(ConnectionsRpc.get, admin, id),
      () => request(ConnectionsRpc.listOrgs, admin, id),
      () => request(ConnectionsRpc.update, admin, { ...id, name: 'Taken over' }),
    ])
      expect(await codeOf(refused())).toBe('NOT_FOUND');
  });

  it('needs a customDomain for host custom and only for it, one that resolves to a public address (BAD_REQUEST on customDomain, nothing stored)', async () => {
    const owner = service.newUser();
    const create = (change: Partial<CreateConnectionRequest>) =>
      errorOf(
        request(ConnectionsRpc.create, owner.ctx, { name: 'Custom', ...service.credentials(), ...change }),
      );
    for (const change of [
      { host: 'custom' as const },
      { host: 'us' as const, customDomain: 'platform.example.org' },
      { host: 'custom' as const, customDomain: 'https://10.0.0.1' },
    ])
      expect(await create(change)).toMatchObject({
        code: 'BAD_REQUEST',
        details: [expect.objectContaining({ field: 'customDomain' })],
      });
    expect((await request(ConnectionsRpc.list, owner.ctx, {})).connections).toEqual([]);
    const validated = await request(ConnectionsRpc.validate, owner.ctx, {
      ...service.credentials(),
      host: 'custom',
      customDomain: 'https://10.0.0.1',
    });
    expect(validated).toMatchObject({ ok: false, code: 'not_allowed_host' });
  });

  it('refuses a plain http customDomain in every form that takes one (BAD_REQUEST saying https, nothing stored), unless its host is in OUTBOUND_ALLOWLIST', async () => {
    const owner = service.newUser();
    // Not allowlisted: refused before the platform (or a name server) is asked anything.
    const plain = { host: 'custom' as const, customDomain: 'http://platform.example.invalid' };
    const https = /is not a valid https host name or URL/;
    const refusal = {
      code: 'BAD_REQUEST',
      details: [{ field: 'customDomain', message: expect.stringMatching(https) }],
    };
    expect(
      await errorOf(
        request(ConnectionsRpc.create, owner.ctx, { name: 'Plain', ...service.credentials(), ...plain }),
      ),
    ).toMatchObject(refusal);
    const { clientId, clientSecret } = service.credentials();
    expect(
      await errorOf(request(ConnectionsRpc.discoverOrgs, owner.ctx, { ...plain, clientId, clientSecret })),
    ).toMatchObject(refusal);
    const connection = await service.newConnection(owner, 'Kept on its host');
    expect(
      await errorOf(
        request(ConnectionsRpc.update, owner.ctx, { id: connection.id, ...service.credentials(), ...plain }),
      ),
    ).toMatchObject(refusal);
    expect(
      await errorOf(request(ConnectionsRpc.validate, owner.ctx, { ...service.credentials(), ...plain })),
    ).toMatchObject(refusal);
    expect((await request(ConnectionsRpc.list, owner.ctx, {})).connections).toEqual([
      expect.objectContaining({ id: connection.id, host: 'us', custom_domain: null }),
    ]);

    // An allowlisted host (a local sandbox) may speak http: stored, its check saying the platform is down.
    const allowlisted = await request(ConnectionsRpc.create, owner.ctx, {
      name: 'Sandbox',
      ...service.credentials(),
      host: 'custom',
      customDomain: `http://${NO_PLATFORM}/platform`,
    });
    expect(allowlisted.validation).toMatchObject({ ok: false, code: 'unreachable' });
  });

  it('names the credential fields missing from a change, and asks for all three to move a connection to another host', async () => {
    const owner = service.newUser();
    const connection = await service.newConnection(owner, 'Before');
    const update = (change: Omit<UpdateConnectionRequest, 'id'>) =>
      errorOf(request(ConnectionsRpc.update, owner.ctx, { id: connection.id, ...change }));
    const partial = await update({ clientSecret: 'another-secret' });
    expect(partial.code).toBe('BAD_REQUEST');
    expect(partial.details?.map((d) => d.field).sort()).toEqual(['clientId', 'organizationId']);
    const moved = await update({ host: 'custom', customDomain: 'platform.example.org' });
    expect(moved.code).toBe('BAD_REQUEST');
    expect(moved.details?.map((d) => d.field).sort()).toEqual(['clientId', 'clientSecret', 'organizationId']);
  });

  it('syncs a connection whose check fails without reconciling, saying why', async () => {
    const owner = service.newUser();
    const connection = await service.newConnection(owner, 'Unreachable');
    const synced = await request(ConnectionsRpc.sync, owner.ctx, { id: connection.id });
    expect(synced.validation).toMatchObject({ ok: false, code: 'unreachable' });
    expect(synced.validation.reason).toMatch(/failed validation/);
    expect(synced.reconciliation).toBeNull();
    expect(synced.connection.validation_error).toBe(synced.validation.error);
  });

  it('answers CONNECTIONS.SECRET_UNAVAILABLE when the stored secret cannot be opened with the configured keys', async () => {
    const owner = service.newUser();
    const connection = await service.newConnection(owner, 'Sealed');
    await service.restart({ CONNECTIONS_ENCRYPTION_KEYS: generateKeyRingEntry('other') });
    try {
      expect(await codeOf(request(ConnectionsRpc.listOrgs, owner.ctx, { id: connection.id }))).toBe(
        'CONNECTIONS.SECRET_UNAVAILABLE',
      );
    } finally {
      await service.restart();
    }
  });
});

/**
 * A custom domain that stops answering: the check ends at one deadline without trying a call again
 * (PLATFORM_TIMEOUT_MS is 1000 here), so its `timeout` comes before the gateway stops waiting.
 */
describe('a credential check of a platform that does not answer (service level)', () => {
  // The platform is a local port: loopback is allowlisted for it.
  const service = connectionsUnderTest({ OUTBOUND_ALLOWLIST: '127.0.0.1' });
  const request = service.request.bind(service);
  let platform: AnsweringPlatform;

  beforeAll(async () => {
    platform = await startAnsweringPlatform();
    platform.answers.delay = (seen) => (seen.path === '/accounts/api/me' ? Infinity : 0);
  });

  afterAll(() => platform.close());

  it('answers the validation timeout after one try of the call that hangs, and stores a created connection with it', async () => {
    const owner = service.newUser();
    const credentials = {
      host: 'custom' as const,
      customDomain: platform.url,
      clientId: 'client',
      clientSecret: 'client-secret',
      organizationId: 'root',
    };
    const started = Date.now();
    expect(await request(ConnectionsRpc.validate, owner.ctx, credentials)).toEqual({
      ok: false,
      code: 'timeout',
      error: 'The platform did not answer in time: try again later',
    });
    expect(Date.now() - started).toBeLessThan(1800);
    expect(platform.seen.filter((seen) => seen.path === '/accounts/api/me')).toHaveLength(1);

    const { connection, validation } = await request(ConnectionsRpc.create, owner.ctx, {
      name: 'Hanging',
      ...credentials,
    });
    expect(validation).toMatchObject({ ok: false, code: 'timeout' });
    expect(connection.validation_error).toBe(validation.error);
    expect(platform.seen.filter((seen) => seen.path === '/accounts/api/me')).toHaveLength(2);
  });
});
