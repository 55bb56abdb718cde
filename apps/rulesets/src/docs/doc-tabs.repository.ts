import { Injectable } from '@nestjs/common';
import type { DocTab } from '@pc/contracts';
import type { Executor } from '@pc/platform';

interface DocTabRow {
  key: string;
  title: string;
  kind: DocTab['kind'];
  body_md: string;
  sort_order: number;
}

/** A ruleset's documentation tabs. Executor first. */
@Injectable()
export class DocTabsRepository {
  async list(db: Executor, rulesetId: string): Promise<DocTab[]> {
    const rows = await db.query<DocTabRow[]>(
      `SELECT key, title, kind, body_md, sort_order FROM rulesets.ruleset_doc_tabs
        WHERE ruleset_id = $1 ORDER BY sort_order, key`,
      [rulesetId],
    );
    return rows.map((r) => ({
      key: r.key,
      title: r.title,
      kind: r.kind,
      bodyMd: r.body_md,
      sortOrder: r.sort_order,
    }));
  }

  /** The set becomes exactly `tabs`. */
  async replaceAll(db: Executor, rulesetId: string, tabs: DocTab[]): Promise<void> {
    await db.query(`DELETE FROM rulesets.ruleset_doc_tabs WHERE ruleset_id = $1`, [rulesetId]);
    for (const tab of tabs) await this.upsert(db, rulesetId, tab);
  }

  async upsert(db: Executor, rulesetId: string, tab: DocTab): Promise<void> {
    await db.query(
      `INSERT INTO rulesets.ruleset_doc_tabs (ruleset_id, key, title, kind, body_md, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (ruleset_id, key) DO UPDATE
         SET title = EXCLUDED.title, body_md = EXCLUDED.body_md, sort_order = EXCLUDED.sort_order`,
      [rulesetId, tab.key, tab.title, tab.kind, tab.bodyMd, tab.sortOrder],
    );
  }

  async delete(db: Executor, rulesetId: string, key: string): Promise<boolean> {
    const rows = await db.query<[unknown[], number]>(
      `DELETE FROM rulesets.ruleset_doc_tabs WHERE ruleset_id = $1 AND key = $2 RETURNING 1`,
      [rulesetId, key],
    );
    return rows[0].length > 0;
  }
}
