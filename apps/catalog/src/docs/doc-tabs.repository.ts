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

@Injectable()
export class DocTabsRepository {
  async list(db: Executor, policyId: string): Promise<DocTab[]> {
    const rows = await db.query<DocTabRow[]>(
      `SELECT key, title, kind, body_md, sort_order FROM catalog.policy_doc_tabs
        WHERE policy_id = $1 ORDER BY sort_order, key`,
      [policyId],
    );
    return rows.map((r) => ({
      key: r.key,
      title: r.title,
      kind: r.kind,
      bodyMd: r.body_md,
      sortOrder: r.sort_order,
    }));
  }

  /** The published set becomes exactly `tabs`. */
  async replaceAll(db: Executor, policyId: string, tabs: DocTab[]): Promise<void> {
    await db.query(`DELETE FROM catalog.policy_doc_tabs WHERE policy_id = $1`, [policyId]);
    for (const tab of tabs) {
      await db.query(
        `INSERT INTO catalog.policy_doc_tabs (policy_id, key, title, kind, body_md, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [policyId, tab.key, tab.title, tab.kind, tab.bodyMd, tab.sortOrder],
      );
    }
  }
}
