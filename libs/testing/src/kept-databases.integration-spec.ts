import { Client } from 'pg';
import { createTestDatabase, testEnv } from './test-database';

async function onDatabase<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const exists = (name: string) =>
  onDatabase(testEnv().postgresUrl, async (c) => {
    const { rows } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rows.length === 1;
  });

const nameOf = (url: string) => new URL(url).pathname.slice(1);

/**
 * A test file's database is given back for the worker's next file (kept-databases.ts) only in the
 * template's state: what a file wrote is gone, what a file changed of the schema makes it dropped.
 */
describe('test databases kept for the next file', () => {
  it("hands the next file the same database with the template's rows, sequences and no session left", async () => {
    const first = await createTestDatabase();
    const migrations = (c: Client) => c.query('SELECT name FROM identity.migrations ORDER BY id');
    const template = await onDatabase(first.url, migrations);
    const lingering = new Client({ connectionString: first.url });
    await lingering.connect();
    lingering.on('error', () => undefined); // ended by the hand-back, as a stopped service's pool would be
    await onDatabase(first.url, async (c) => {
      await c.query(
        `INSERT INTO identity.users (email, password_hash, name) VALUES ('kept@example.test', 'x', 'Kept')`,
      );
      await c.query(`SELECT nextval('identity.migrations_id_seq')`);
    });
    await first.drop();
    expect(await exists(nameOf(first.url))).toBe(true);

    const next = await createTestDatabase();
    expect(next.url).toBe(first.url);
    await onDatabase(next.url, async (c) => {
      expect((await c.query('SELECT count(*)::int AS n FROM identity.users')).rows).toEqual([{ n: 0 }]);
      expect((await migrations(c)).rows).toEqual(template.rows);
      const { rows } = await c.query(`SELECT nextval('identity.migrations_id_seq')::int AS id`);
      expect(rows[0].id).toBe(template.rows.length + 1);
    });
    await next.drop();
  });

  it('drops a database whose schema a test changed, and the next file gets a fresh clone', async () => {
    const changed = await createTestDatabase();
    await onDatabase(changed.url, (c) => c.query('ALTER TABLE identity.users ADD COLUMN extra text'));
    await changed.drop();
    expect(await exists(nameOf(changed.url))).toBe(false);
    const next = await createTestDatabase();
    await onDatabase(next.url, async (c) => {
      const { rows } = await c.query(
        `SELECT 1 FROM information_schema.columns WHERE table_schema = 'identity' AND column_name = 'extra'`,
      );
      expect(rows).toEqual([]);
    });
    await next.drop();
  });

  it('never keeps a database asked not to be kept', async () => {
    const planning = await createTestDatabase({ keep: false });
    await planning.drop();
    expect(await exists(nameOf(planning.url))).toBe(false);
  });
});
