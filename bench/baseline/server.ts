/**
 * The baseline of the benchmark: one Fastify + `pg` process serving the same routes with the same SQL
 * (the catalog repository's own statements, each policy's JSON written by PostgreSQL) and the same
 * response building, with no bus, no Nest and no second process. What the system costs on top of this
 * is what the ratios measure.
 */
import Fastify from 'fastify';
import { Pool } from 'pg';
import {
  FIND_JSON_BY_ID,
  policyJson,
  policyJsonColumns,
  type PolicyJsonListRow,
  type PolicyJsonRow,
  searchPolicies,
} from '@pc/catalog';
import type { UserSummary } from '@pc/contracts';

const DATABASE_URL = process.argv[2];
const PORT = Number(process.argv[3] ?? 0);
/** The gateway's cap of `offset`. */
const OFFSET_MAX = 10_000;

interface Owner {
  owner_name: string | null;
  owner_username: string | null;
}

/**
 * The owner in the same statement, from identity's table: the cheapest way a one-process server has
 * (the system reads owners from a cache that identity's events keep current, with no round trip).
 */
const withOwner = (sql: string) => `SELECT q.*, u.name AS owner_name, u.username AS owner_username
  FROM (${sql}) q LEFT JOIN identity.users u ON u.id = q.owner_id`;

/** The signed-in caller of the mix (bench/mix.ts): the baseline takes their id as given, with no sign-in. */
const viewerOf = (headers: Record<string, string | string[] | undefined>): string | null => {
  const given = headers['x-user-id'];
  return typeof given === 'string' ? given : null;
};

function summaryOf(id: string, o: Owner | undefined): UserSummary | undefined {
  return o && o.owner_name !== null
    ? {
        id,
        name: o.owner_name,
        username: o.owner_username,
        company: null,
        email: '',
        avatarEmailHash: '',
        avatarUrl: '',
      }
    : undefined;
}

async function main(): Promise<void> {
  const pool = new Pool({ connectionString: DATABASE_URL, max: 10 });
  const byId = withOwner(FIND_JSON_BY_ID);
  const app = Fastify({ logger: false });
  const json = (reply: { type: (t: string) => unknown }, text: string) => {
    reply.type('application/json; charset=utf-8');
    return text;
  };
  app.get<{ Params: { id: string } }>('/api/policies/:id', async (req, reply) => {
    const { rows } = await pool.query<PolicyJsonRow & Owner>({
      name: 'by-id',
      text: byId,
      values: [req.params.id, viewerOf(req.headers)],
    });
    const row = rows[0];
    if (!row || !row.published) return reply.status(404).send({ message: 'Not found' });
    return json(reply, `{"policy":${policyJson(row, summaryOf(row.owner_id, row))}}`);
  });
  app.get<{ Querystring: { q?: string; limit?: string; offset?: string } }>(
    '/api/policies',
    async (req, reply) => {
      const limit = Math.min(Number(req.query.limit ?? 100), 200);
      const offset = Math.min(Number(req.query.offset ?? 0), OFFSET_MAX);
      const viewer = viewerOf(req.headers);
      const search = {
        viewerId: viewer,
        q: req.query.q,
        sort: 'alpha',
        order: 'asc',
        limit,
        offset,
        columns: (param: (value: unknown) => string) => policyJsonColumns(`${param(viewer)}::uuid`),
      } as const;
      // The catalog's own reads: the walk of the order, then the search indexes when it came back short,
      // each policy's JSON written by PostgreSQL; then the page's owners.
      const rows = await searchPolicies(
        search,
        async (sql, params) => (await pool.query<PolicyJsonListRow>(sql, params)).rows,
      );
      const page = rows.slice(0, limit);
      const { rows: owners } = await pool.query<Owner & { id: string }>({
        name: 'owners',
        text: 'SELECT id, name AS owner_name, username AS owner_username FROM identity.users WHERE id = ANY ($1::uuid[])',
        values: [[...new Set(page.map((r) => r.owner_id))]],
      });
      const found = new Map(owners.map((o) => [o.id, o]));
      const items = page.map((row) => policyJson(row, summaryOf(row.owner_id, found.get(row.owner_id))));
      return json(
        reply,
        `{"policies":[${items.join(',')}],"hasMore":${rows.length > limit},"nextCursor":null}`,
      );
    },
  );
  // The mix's writes (bench/mix.ts), as the catalog makes them: a like toggled with its counter, a
  // comment, an owner's rename; and the comments read after a comment.
  app.post<{ Params: { id: string } }>('/api/policies/:id/like', async (req) => {
    const userId = viewerOf(req.headers);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const removed = await client.query(
        'DELETE FROM catalog.policy_likes WHERE policy_id = $1 AND user_id = $2 RETURNING policy_id',
        [req.params.id, userId],
      );
      const liked = removed.rowCount === 0;
      if (liked) {
        await client.query('INSERT INTO catalog.policy_likes (policy_id, user_id) VALUES ($1, $2)', [
          req.params.id,
          userId,
        ]);
      }
      await client.query('UPDATE catalog.policies SET like_count = like_count + $2 WHERE id = $1', [
        req.params.id,
        liked ? 1 : -1,
      ]);
      await client.query('COMMIT');
      return { liked };
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  });
  app.post<{ Params: { id: string }; Body: { body: string } }>(
    '/api/policies/:id/comments',
    async (req, reply) => {
      const { rows } = await pool.query<{ id: string; body: string }>(
        'INSERT INTO catalog.comments (policy_id, author_id, body) VALUES ($1, $2, $3) RETURNING id, body',
        [req.params.id, viewerOf(req.headers), req.body.body],
      );
      return reply.status(201).send({ comment: rows[0] });
    },
  );
  app.get<{ Params: { id: string } }>('/api/policies/:id/comments', async (req) => {
    const { rows } = await pool.query(
      'SELECT id, body FROM catalog.comments WHERE policy_id = $1 ORDER BY created_at, id LIMIT 200',
      [req.params.id],
    );
    return { comments: rows };
  });
  app.patch<{ Params: { id: string }; Body: { name: string } }>('/api/policies/:id', async (req, reply) => {
    const viewer = viewerOf(req.headers);
    const updated = await pool.query(
      'UPDATE catalog.policies SET name = $2, updated_at = now() WHERE id = $1 AND owner_id = $3',
      [req.params.id, req.body.name, viewer],
    );
    if (updated.rowCount === 0) return reply.status(403).send({ message: 'Not the owner' });
    // Answered as the catalog answers a write: the policy read again as its JSON.
    const { rows } = await pool.query<PolicyJsonRow & Owner>({
      name: 'by-id',
      text: byId,
      values: [req.params.id, viewer],
    });
    return json(reply, `{"policy":${policyJson(rows[0], summaryOf(rows[0].owner_id, rows[0]))}}`);
  });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
}

void main().catch((error: unknown) => {
  process.stderr.write(`baseline failed: ${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
