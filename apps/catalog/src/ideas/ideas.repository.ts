import { Injectable } from '@nestjs/common';
import {
  type Idea,
  type IdeaDeclaration,
  type IdeaDelivery,
  type IdeaSort,
  type IdeaStatus,
  type ListIdeasResult,
  slugOfName,
} from '@pc/contracts';
import { escapeLike, insertInto, sqlParams } from '@pc/listings';
import { type Executor, type Keyset, pageOf, preparedQuery } from '@pc/platform';

/** A row of catalog.ideas as the contract's idea reads it, its date a date. */
interface IdeaRow extends Omit<Idea, 'voted' | 'created_at'> {
  /** Only where the query asks whether the viewer voted. */
  voted?: boolean;
  created_at: Date;
}

/** Whether the viewer ($1 in every query that uses it) voted for idea `i`. */
const VOTED = `EXISTS (SELECT 1 FROM catalog.idea_votes v WHERE v.idea_id = i.id AND v.user_id = $1)`;

export interface IdeaSearch {
  viewerId: string | null;
  /** Administrators see every idea. */
  seesAll: boolean;
  status?: IdeaStatus;
  q?: string;
  mine: boolean;
  sort: IdeaSort;
  limit: number;
  offset: number;
  /** The last idea of the previous page (its sort key as `ideaCursorKey` wrote it): the page after it. */
  after: Keyset | null;
}

interface DeliveryRow {
  resource_id: string;
  idea_id: string;
  title: string;
  phase: IdeaDelivery['phase'];
  coverage: IdeaDelivery['coverage'];
  scope_note: string | null;
  completes_idea: boolean;
}

/** Resources that declare ideas: policies here, rulesets for the rulesets service. */
export type ResourceType = 'policy' | 'ruleset';

export interface DueDelivery {
  idea_id: string;
  title: string;
  submitter_id: string;
}

@Injectable()
export class IdeasRepository {
  async insert(db: Executor, title: string, description: string, submitterId: string): Promise<Idea> {
    const fields = { title, description, submitter_id: submitterId };
    const [row] = await insertInto<IdeaRow[]>(db, 'catalog.ideas', fields, 'RETURNING *');
    return toIdea(row);
  }

  async findById(db: Executor, id: string, viewerId: string | null = null): Promise<Idea | null> {
    const rows = await db.query<IdeaRow[]>(
      `SELECT i.*, ${VOTED} AS voted FROM catalog.ideas i WHERE i.id = $2`,
      [viewerId, id],
    );
    return rows[0] ? toIdea(rows[0]) : null;
  }

  /**
   * One page of the ideas a viewer may see, one row more than asked to tell whether more follow; a page
   * is cut short (with `hasMore`) rather than exceed the reply budget in bytes.
   */
  async search(db: Executor, s: IdeaSearch): Promise<ListIdeasResult> {
    const { sql, params } = ideaSearchQuery(s);
    const rows = await db.query<Array<IdeaRow & { cursor_key: string }>>(sql, params);
    const page = await pageOf(rows, s.limit, ideasOrdering(s.sort), (head) => head.map(toIdea));
    return { ideas: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  }

  /** The oldest `limit` pending ideas (one more, to tell whether others wait). */
  async pending(db: Executor, limit: number): Promise<Idea[]> {
    const rows = await db.query<IdeaRow[]>(
      `SELECT * FROM catalog.ideas WHERE status = 'pending' ORDER BY created_at, id LIMIT $1`,
      [limit + 1],
    );
    return rows.map(toIdea);
  }

  /**
   * Casts (or withdraws) a user's vote and moves the counter by exactly the rows inserted (or
   * deleted), in one statement: the primary key of `idea_votes` serializes two votes of one user, and
   * the counter's row lock serializes everyone's. Only ideas in `statuses` accept the change; false
   * when the idea is in another status.
   */
  async vote(
    db: Executor,
    ideaId: string,
    userId: string,
    vote: boolean,
    statuses: readonly IdeaStatus[],
  ): Promise<boolean> {
    const change = vote
      ? `INSERT INTO catalog.idea_votes (idea_id, user_id)
           SELECT id, $2::uuid FROM catalog.ideas WHERE id = $1 AND status = ANY($3::text[])
           ON CONFLICT DO NOTHING RETURNING 1`
      : `DELETE FROM catalog.idea_votes v USING catalog.ideas i
          WHERE v.idea_id = $1 AND v.user_id = $2 AND i.id = v.idea_id AND i.status = ANY($3::text[])
          RETURNING 1`;
    const rows = await db.query<Array<{ applied: boolean }>>(
      `WITH changed AS (${change}),
            moved AS (UPDATE catalog.ideas SET votes = votes ${vote ? '+' : '-'} (SELECT count(*) FROM changed)
                       WHERE id = $1 AND (SELECT count(*) FROM changed) > 0 RETURNING id)
       SELECT (SELECT status FROM catalog.ideas WHERE id = $1) = ANY($3::text[]) AS applied`,
      [ideaId, userId, [...statuses]],
    );
    return rows[0]?.applied === true;
  }

  /** Decides a pending idea once; null when it was not pending. */
  async decide(
    db: Executor,
    id: string,
    status: 'approved' | 'rejected',
    feedback: string | null,
  ): Promise<Idea | null> {
    const rows = await db.query<[IdeaRow[], number]>(
      `UPDATE catalog.ideas SET status = $2, feedback = $3, reviewed_at = now()
        WHERE id = $1 AND status = 'pending' RETURNING *`,
      [id, status, feedback],
    );
    return rows[0][0] ? toIdea(rows[0][0]) : null;
  }

  /** Ideas that may be declared: approved (or already delivered). */
  async declarable(db: Executor, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db.query<Array<{ id: string }>>(
      `SELECT id FROM catalog.ideas WHERE id = ANY($1::uuid[]) AND status IN ('approved', 'delivered')`,
      [ids],
    );
    return new Set(rows.map((r) => r.id));
  }

  async declare(
    db: Executor,
    resourceId: string,
    ideas: IdeaDeclaration[],
    resourceType: ResourceType = 'policy',
  ): Promise<void> {
    await db.query(
      `DELETE FROM catalog.idea_deliveries WHERE resource_type = $2 AND resource_id = $1 AND phase = 'declared'`,
      [resourceId, resourceType],
    );
    for (const idea of ideas) {
      const delivery = {
        idea_id: idea.ideaId,
        resource_type: resourceType,
        resource_id: resourceId,
        coverage: idea.coverage ?? 'full',
        scope_note: idea.scopeNote ?? null,
        completes_idea: idea.completesIdea ?? false,
      };
      await insertInto(db, 'catalog.idea_deliveries', delivery, 'ON CONFLICT DO NOTHING');
    }
  }

  /**
   * Marks as delivered the declared deliveries of a resource that fully deliver or complete their idea,
   * and returns them; the ideas become `delivered`.
   */
  async deliver(
    db: Executor,
    resourceId: string,
    resourceType: ResourceType = 'policy',
  ): Promise<DueDelivery[]> {
    const rows = await db.query<[Array<{ idea_id: string }>, number]>(
      `UPDATE catalog.idea_deliveries SET phase = 'delivered', delivered_at = now()
        WHERE resource_type = $2 AND resource_id = $1 AND phase = 'declared'
          AND (coverage = 'full' OR completes_idea) RETURNING idea_id`,
      [resourceId, resourceType],
    );
    const ids = rows[0].map((r) => r.idea_id);
    if (ids.length === 0) return [];
    // An UPDATE answers [rows, count] through TypeORM's PostgreSQL driver.
    const updated = await db.query<[DueDelivery[], number]>(
      `UPDATE catalog.ideas SET status = 'delivered' WHERE id = ANY($1::uuid[])
        RETURNING id AS idea_id, title, submitter_id`,
      [ids],
    );
    return updated[0];
  }

  /**
   * The ideas each resource declares or delivered, by title. A ruleset's entries name each idea by its
   * slug too: the words of its title (`slugOfName`), or its id when the title has none.
   */
  async deliveriesFor(
    db: Executor,
    resourceIds: string[],
    resourceType: ResourceType = 'policy',
  ): Promise<Map<string, IdeaDelivery[]>> {
    const result = new Map<string, IdeaDelivery[]>();
    if (resourceIds.length === 0) return result;
    const rows = await preparedQuery<DeliveryRow>(
      db,
      `SELECT d.resource_id, d.idea_id, i.title, d.phase, d.coverage, d.scope_note, d.completes_idea
         FROM catalog.idea_deliveries d JOIN catalog.ideas i ON i.id = d.idea_id
        WHERE d.resource_type = $2 AND d.resource_id = ANY($1::uuid[]) ORDER BY i.title`,
      [resourceIds, resourceType],
    );
    for (const r of rows) {
      const list = result.get(r.resource_id) ?? [];
      list.push({
        id: r.idea_id,
        ...(resourceType === 'ruleset' ? { slug: slugOfName(r.title) || r.idea_id } : {}),
        title: r.title,
        phase: r.phase,
        coverage: r.coverage,
        scope_note: r.scope_note,
        completes_idea: r.completes_idea,
      });
      result.set(r.resource_id, list);
    }
    return result;
  }
}

/** The SQL of one page of ideas (read through the indexes of the idea-votes migration). */
export function ideaSearchQuery(s: IdeaSearch): { sql: string; params: unknown[] } {
  const { params, p } = sqlParams();
  p(s.viewerId); // $1, as `VOTED` and the visibility name the viewer
  const where: string[] = [];
  if (s.mine) where.push(`i.submitter_id = $1`);
  else if (!s.seesAll) where.push(`(i.status IN ('approved', 'delivered') OR i.submitter_id = $1)`);
  if (s.status) where.push(`i.status = ${p(s.status)}`);
  const q = s.q?.trim();
  if (q) where.push(`lower(i.title || ' ' || i.description) LIKE ${p(`%${escapeLike(q.toLowerCase())}%`)}`);
  // The sort key as text (a cursor's): the creation time at full precision, after the votes for `votes`.
  const created = `to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const cursorKey = s.sort === 'newest' ? created : `i.votes || '/' || ${created}`;
  if (s.after) {
    // After the cursor's idea in the order below: fewer votes, or as many and older, or as old and a
    // greater id.
    const [votes, at] = s.sort === 'newest' ? [null, s.after.key] : s.after.key.split('/');
    const older = `(i.created_at < ${p(at)}::timestamptz OR (i.created_at = ${p(at)}::timestamptz AND i.id > ${p(s.after.id)}::uuid))`;
    where.push(
      votes === null
        ? older
        : `(i.votes < ${p(Number(votes))}::int OR (i.votes = ${p(Number(votes))}::int AND ${older}))`,
    );
  }
  const orderBy = s.sort === 'newest' ? 'i.created_at DESC, i.id' : 'i.votes DESC, i.created_at DESC, i.id';
  const sql = `SELECT i.*, ${VOTED} AS voted, ${cursorKey} AS cursor_key FROM catalog.ideas i
    ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ${orderBy} LIMIT ${p(s.limit + 1)}${s.after ? '' : ` OFFSET ${p(s.offset)}`}`;
  return { sql, params };
}

/** What a cursor of the ideas' search belongs to: its sort (a cursor of the other sort is a 400). */
export function ideasOrdering(sort: IdeaSort): string {
  return `ideas-${sort}`;
}

function toIdea(row: IdeaRow): Idea {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    votes: row.votes,
    voted: row.voted ?? false,
    submitter_id: row.submitter_id,
    created_at: row.created_at.toISOString(),
  };
}
