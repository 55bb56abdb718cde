import { randomUUID } from 'node:crypto';
import {
  CatalogRpc,
  ConnectionsRpc,
  DeploymentsRpc,
  IdentityRpc,
  RulesetsRpc,
  type RpcDescriptor,
  WorkspacesRpc,
} from '@pc/contracts';
import type { BusConfig } from '@pc/platform';
import { createTestDatabase, type TestDatabase, testBus } from '@pc/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { type RunningSystem, startSystem } from './system';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Any app on the bus can send any service a message: one that does not match its contract (the
 * envelope, or the descriptor's data schema) is refused where it enters the service, with the typed
 * error BUS.MESSAGE_INVALID, before a handler runs: no crash, no write. Sent straight over NATS, as a
 * broken or foreign app would, to every service.
 */
describe('malformed bus messages, sent straight to each service over NATS', () => {
  let db: TestDatabase;
  let bus: BusConfig & { kind: 'nats' };
  let system: RunningSystem;
  let nc: NatsConnection;
  const jc = JSONCodec<Json>();
  const user = {
    kind: 'user',
    userId: randomUUID(),
    isAdmin: false,
    scopes: ['api:read', 'api:write'],
    via: 'session',
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    bus = testBus('nats') as BusConfig & { kind: 'nats' };
    system = await startSystem({ bus, databaseUrl: db.url, gatewayPort: 0 });
    nc = await connect({ servers: bus.url });
  });

  afterAll(async () => {
    await nc?.close();
    await system?.close();
    await db?.drop();
  });

  /** A request as Nest's NATS client frames it; the reply's `err` is what the service's filter sent. */
  async function send(descriptor: RpcDescriptor<unknown, unknown>, message: unknown): Promise<Json> {
    const subject = `${bus.prefix}${descriptor.pattern}`;
    const reply = await nc.request(
      subject,
      jc.encode({ pattern: subject, data: message, id: randomUUID() }),
      {
        timeout: 5000,
      },
    );
    // An error reply carries the Pc-Error header and the error payload as its body.
    return reply.headers?.get('Pc-Error')
      ? { err: jc.decode(reply.data) }
      : { response: jc.decode(reply.data) };
  }

  const services: Array<[string, RpcDescriptor<unknown, unknown>]> = [
    ['identity', IdentityRpc.ping],
    ['catalog', CatalogRpc.ping],
    ['rulesets', RulesetsRpc.ping],
    ['connections', ConnectionsRpc.ping],
    ['workspaces', WorkspacesRpc.ping],
    ['deployments', DeploymentsRpc.ping],
  ];

  it.each(services)(
    '%s answers BUS.MESSAGE_INVALID to a malformed envelope, and keeps answering',
    async (_name, ping) => {
      for (const message of [
        { ctx: { requestId: 7, caller: { kind: 'root' } }, data: {} },
        { data: {} },
        'not an envelope',
        null,
      ]) {
        const reply = await send(ping, message);
        expect(reply.err).toMatchObject({ code: 'BUS.MESSAGE_INVALID' });
        expect(reply.err.details.length).toBeGreaterThan(0);
      }
      const healthy = await send(ping, { ctx: { requestId: 'r', caller: { kind: 'anonymous' } }, data: {} });
      expect(healthy.err).toBeUndefined();
      expect(healthy.response).toMatchObject({ ok: true });
    },
  );

  it('refuses data that breaks its schema before any write (workspaces: create, add member)', async () => {
    const ctx = { requestId: 'r', caller: user };
    const bad = await send(WorkspacesRpc.create, { ctx, data: { name: 5, slug: 'Not A Slug' } });
    expect(bad.err).toMatchObject({ code: 'BUS.MESSAGE_INVALID' });
    expect(bad.err.details.map((d: Json) => d.field).sort()).toEqual(['data.name', 'data.slug']);
    const listed = await send(WorkspacesRpc.list, { ctx, data: {} });
    expect(listed.response.memberships.map((m: Json) => m.workspace.name)).toEqual(['Personal']);

    const both = await send(WorkspacesRpc.addMember, {
      ctx,
      data: { id: randomUUID(), role: 'member', username: 'a', email: 'a@example.com' },
    });
    expect(both.err).toMatchObject({
      code: 'BUS.MESSAGE_INVALID',
      details: [{ field: 'data.username', message: 'give either username or email, exactly one' }],
    });
  });

  it('refuses data that breaks its schema before any write (rulesets: submit, send back)', async () => {
    const ctx = { requestId: 'r', caller: user };
    const bad = await send(RulesetsRpc.createSubmission, {
      ctx,
      data: { name: 'x', description: 'A fine description.', repoUrl: 'ftp://x', targetScopes: ['soap'] },
    });
    expect(bad.err).toMatchObject({ code: 'BUS.MESSAGE_INVALID' });
    expect(bad.err.details.map((d: Json) => d.field).sort()).toEqual([
      'data.name',
      'data.repoUrl',
      'data.targetScopes.0',
    ]);
    const mine = await send(RulesetsRpc.listSubmissions, { ctx, data: {} });
    expect(mine.response).toEqual({ submissions: [] });
    const admin = { requestId: 'r', caller: { ...user, isAdmin: true } };
    const silent = await send(RulesetsRpc.rejectSubmission, { ctx: admin, data: { id: randomUUID() } });
    expect(silent.err).toMatchObject({ code: 'BUS.MESSAGE_INVALID', details: [{ field: 'data.feedback' }] });
  });
});
