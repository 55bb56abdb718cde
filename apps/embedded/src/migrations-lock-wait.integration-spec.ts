import { CatalogEnv, catalogService } from '@pc/catalog';
import { ConnectionsEnv, connectionsService } from '@pc/connections';
import { DeploymentsEnv, deploymentsService } from '@pc/deployments';
import { IdentityEnv, identityService } from '@pc/identity';
import {
  type BusConfig,
  InProcessBroker,
  loadEnv,
  MIGRATIONS_LOCK,
  type ServiceDefinition,
  ServiceEnv,
  startService,
} from '@pc/platform';
import { RulesetsEnv, rulesetsService } from '@pc/rulesets';
import { testEnv, uniqueName, withDatabase } from '@pc/testing';
import { WorkspacesEnv, workspacesService } from '@pc/workspaces';
import { Client } from 'pg';
import { systemEnvironment } from './system';

/** Every service that owns a schema, as `npm start` and its own process start it. */
const SERVICES: Array<[string, (source: Record<string, string | undefined>) => ServiceDefinition]> = [
  ['identity', (source) => identityService(loadEnv(IdentityEnv, source))],
  ['catalog', (source) => catalogService(loadEnv(CatalogEnv, source))],
  ['rulesets', (source) => rulesetsService(loadEnv(RulesetsEnv, source))],
  ['connections', (source) => connectionsService(loadEnv(ConnectionsEnv, source))],
  ['workspaces', (source) => workspacesService(loadEnv(WorkspacesEnv, source))],
  ['deployments', (source) => deploymentsService(loadEnv(DeploymentsEnv, source))],
];

/**
 * MIGRATIONS_LOCK_WAIT_MS: how long a starting service with migrations pending waits for the migrations
 * lock another process holds. Each service on an empty database (every migration pending) while a session
 * holds the lock: with the setting at 1 s, its start gives up after about a second, naming the holder,
 * instead of after the 90 s default.
 */
describe('a service starting while another process holds the migrations lock', () => {
  const name = uniqueName('pc_lockwait');
  const bus: BusConfig = { kind: 'in-process', broker: new InProcessBroker(), prefix: '', timeoutMs: 5000 };
  let admin: Client;
  let holder: Client;
  let url: string;

  beforeAll(async () => {
    admin = new Client({ connectionString: testEnv().postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    url = withDatabase(testEnv().postgresUrl, name);
    holder = new Client({ connectionString: url, application_name: 'policy-catalog:lock-holder' });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATIONS_LOCK]);
  });

  afterAll(async () => {
    await holder?.end();
    await admin?.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin?.end();
  });

  it.each(SERVICES)(
    '%s gives up after MIGRATIONS_LOCK_WAIT_MS, naming the holder, its migrations not run',
    async (service, definition) => {
      const source = systemEnvironment({
        bus,
        databaseUrl: url,
        gatewayPort: 0,
        env: { MIGRATIONS_LOCK_WAIT_MS: '1000' },
      });
      const started = Date.now();
      const outcome = await startService(definition(source), bus).then(
        async (running) => {
          await running.close();
          return 'started';
        },
        (error: Error) => error.message,
      );
      const waited = Date.now() - started;
      expect({ service, outcome }).toEqual({
        service,
        outcome: expect.stringMatching(
          /^Gave up waiting for the migrations lock after 1 s: "policy-catalog:lock-holder" \(PostgreSQL process \d+/,
        ) as unknown,
      });
      // Well before the 90 s default; the start itself (connecting, checking what is pending) is quick.
      expect(waited).toBeGreaterThanOrEqual(1000);
      expect(waited).toBeLessThan(15_000);
      const { rows } = await holder.query<{ tables: number }>(
        `SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
      );
      expect(rows[0].tables).toBe(0);
    },
  );

  it('refuses a value below 0 or above an hour at start, naming the variable', () => {
    expect(() => loadEnv(ServiceEnv, { MIGRATIONS_LOCK_WAIT_MS: '-1' })).toThrow(
      /MIGRATIONS_LOCK_WAIT_MS must not be less than 0/,
    );
    expect(() => loadEnv(ServiceEnv, { MIGRATIONS_LOCK_WAIT_MS: '3600001' })).toThrow(
      /MIGRATIONS_LOCK_WAIT_MS must not be greater than 3600000/,
    );
    expect(loadEnv(ServiceEnv, {}).MIGRATIONS_LOCK_WAIT_MS).toBe(90_000);
  });
});
