/**
 * The baseline of the benchmark: one Fastify + `pg` process serving the same routes with the same SQL
 * (the catalog repository's own query builders) and the same response shape, with no bus, no Nest and
 * no second process. What the system costs on top of this is what the ratios measure.
 */
import Fastify from 'fastify';
import { Pool } from 'pg';
import { FIND_BY_ID, type PolicyListRow, type PolicyRow, searchPolicies, toPolicy } from '@pc/catalog';

const DATABASE_URL = process.argv[2];
const PORT = Number(process.argv[3] ?? 0);

interface Owner {
  id: string;
  name: string;
  username: string | null;
}

async function main(): Promise<void> {
  const pool = new Pool({ connectionString: DATABASE_URL, max: 10 });
  // The baseline reads owners from identity's table directly: the cheapest possible way.
  const owners = async (ids: string[]): Promise<Map<string, Owner>> => {
    const { rows } = await pool.query<Owner>({
      name: 'owners',
      text: 'SELECT id, name, username FROM identity.users WHERE id = ANY($1::uuid[])',
      values: [[...new Set(ids)]],
    });
    return new Map(rows.map((r) => [r.id, r]));
  };
  // The same reads the catalog's presenter makes beside the owners: docs summaries, idea deliveries.
  const extras = async (ids: string[]) => {
    await Promise.all([
      pool.query({
        name: 'docs',
        text: `SELECT policy_id, count(*) AS tabs,
                 count(*) FILTER (WHERE kind = 'predefined' AND btrim(body_md) <> '') AS filled
                 FROM catalog.policy_doc_tabs WHERE policy_id = ANY($1::uuid[]) GROUP BY policy_id`,
        values: [ids],
      }),
      pool.query({
        name: 'ideas',
        text: `SELECT d.resource_id, d.idea_id, i.title, d.phase, d.coverage, d.scope_note, d.completes_idea
                 FROM catalog.idea_deliveries d JOIN catalog.ideas i ON i.id = d.idea_id
                WHERE d.resource_type = 'policy' AND d.resource_id = ANY($1::uuid[]) ORDER BY i.title`,
        values: [ids],
      }),
    ]);
  };
  const present = async (rows: PolicyRow[]) => {
    const [found] = await Promise.all([owners(rows.map((r) => r.owner_id)), extras(rows.map((r) => r.id))]);
    return rows.map((row) => {
      const o = found.get(row.owner_id);
      return toPolicy(row, {
        owner: o
          ? {
              id: o.id,
              name: o.name,
              username: o.username,
              company: null,
              email: '',
              avatarEmailHash: '',
              avatarUrl: '',
            }
          : undefined,
        liked: false,
        docs: { tabs: 0, filled: 0 },
        deliveries: [],
      });
    });
  };
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/api/policies/:id', async (req, reply) => {
    const { rows } = await pool.query<PolicyRow>({
      name: 'by-id',
      text: FIND_BY_ID,
      values: [req.params.id],
    });
    if (!rows[0] || rows[0].status !== 'published') return reply.status(404).send({ message: 'Not found' });
    return { policy: (await present(rows))[0] };
  });
  app.get<{ Querystring: { q?: string; limit?: string } }>('/api/policies', async (req) => {
    const limit = Math.min(Number(req.query.limit ?? 100), 200);
    const search = { viewerId: null, q: req.query.q, sort: 'alpha', order: 'asc', limit, offset: 0 } as const;
    // The catalog's own reads: the walk of the order, then the search indexes when it came back short.
    const rows = await searchPolicies(
      search,
      async (sql, params) => (await pool.query<PolicyListRow>(sql, params)).rows,
    );
    const page = rows.slice(0, limit);
    return { policies: await present(page), hasMore: rows.length > limit, nextCursor: null };
  });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
}

void main();
