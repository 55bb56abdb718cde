/**
 * The baseline of the benchmark: one Fastify + `pg` process serving the same routes with the same SQL
 * (the catalog repository's own statements) and the same response shape, with no bus, no Nest and no
 * second process. What the system costs on top of this is what the ratios measure.
 */
import Fastify from 'fastify';
import { Pool } from 'pg';
import {
  FIND_PRESENTED_BY_ID,
  type PolicyListRow,
  PRESENTATIONS,
  type Presentation,
  type PresentedPolicyRow,
  type PolicyRow,
  searchPolicies,
  toPolicy,
} from '@pc/catalog';

const DATABASE_URL = process.argv[2];
const PORT = Number(process.argv[3] ?? 0);

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

const NONE: Presentation = { doc_tabs: 0, doc_filled: 0, deliveries: [], liked: false };

function present(row: PolicyRow, p: Presentation, o: Owner | undefined) {
  return toPolicy(row, {
    owner:
      o && o.owner_name !== null
        ? {
            id: row.owner_id,
            name: o.owner_name,
            username: o.owner_username,
            company: null,
            email: '',
            avatarEmailHash: '',
            avatarUrl: '',
          }
        : undefined,
    liked: p.liked,
    docs: { tabs: p.doc_tabs, filled: p.doc_filled },
    deliveries: p.deliveries,
  });
}

async function main(): Promise<void> {
  const pool = new Pool({ connectionString: DATABASE_URL, max: 10 });
  const byId = withOwner(FIND_PRESENTED_BY_ID);
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/api/policies/:id', async (req, reply) => {
    const { rows } = await pool.query<PresentedPolicyRow & Owner>({
      name: 'by-id',
      text: byId,
      values: [req.params.id, viewerOf(req.headers)],
    });
    const row = rows[0];
    if (!row || row.status !== 'published') return reply.status(404).send({ message: 'Not found' });
    return { policy: present(row, row, row) };
  });
  app.get<{ Querystring: { q?: string; limit?: string } }>('/api/policies', async (req) => {
    const limit = Math.min(Number(req.query.limit ?? 100), 200);
    const search = { viewerId: null, q: req.query.q, sort: 'alpha', order: 'asc', limit, offset: 0 } as const;
    // The catalog's own reads: the walk of the order, then the search indexes when it came back short;
    // then the presentations of the page, with the owners in the same statement.
    const rows = await searchPolicies(
      search,
      async (sql, params) => (await pool.query<PolicyListRow>(sql, params)).rows,
    );
    const page = rows.slice(0, limit);
    const { rows: extras } = await pool.query<Presentation & Owner & { id: string }>({
      name: 'presentations',
      text: `SELECT x.*, u.name AS owner_name, u.username AS owner_username
               FROM (${PRESENTATIONS}) x JOIN catalog.policies o ON o.id = x.id
               LEFT JOIN identity.users u ON u.id = o.owner_id`,
      values: [page.map((r) => r.id), viewerOf(req.headers)],
    });
    const found = new Map(extras.map((x) => [x.id, x]));
    return {
      policies: page.map((row) => present(row, found.get(row.id) ?? NONE, found.get(row.id))),
      hasMore: rows.length > limit,
      nextCursor: null,
    };
  });
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
    const { rows } = await pool.query<PolicyRow>(
      'UPDATE catalog.policies SET name = $2, updated_at = now() WHERE id = $1 AND owner_id = $3 RETURNING *',
      [req.params.id, req.body.name, viewerOf(req.headers)],
    );
    if (!rows[0]) return reply.status(403).send({ message: 'Not the owner' });
    return { policy: present(rows[0], NONE, undefined) };
  });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
}

void main().catch((error: unknown) => {
  process.stderr.write(`baseline failed: ${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
