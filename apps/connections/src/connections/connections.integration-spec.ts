import { CONNECTION_LIMITS, ConnectionsRpc } from '@pc/contracts';
import { generateKeyRingEntry } from '@pc/platform';
import { codeOf, connectionsUnderTest } from '../testing/connections-under-test';

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
    const { connection } = await request(ConnectionsRpc.create, owner.ctx, {
      name: 'Before',
      ...service.credentials(),
    });
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
    const { connection } = await request(ConnectionsRpc.create, owner.ctx, {
      name: 'Shared',
      ...service.credentials(),
    });
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

  it('answers CONNECTIONS.SECRET_UNAVAILABLE when the stored secret cannot be opened with the configured keys', async () => {
    const owner = service.newUser();
    const { connection } = await request(ConnectionsRpc.create, owner.ctx, {
      name: 'Sealed',
      ...service.credentials(),
    });
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
