import { Inject, Injectable } from '@nestjs/common';
import type { DocTab } from '@pc/contracts';
import { DataSource, type EntityManager } from 'typeorm';

interface DocTabRow {
  key: string;
  title: string;
  kind: DocTab['kind'];
  body_md: string;
  sort_order: number;
}

@Injectable()
export class DocTabsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async list(policyId: string): Promise<DocTab[]> {
    const rows = await this.dataSource.query<DocTabRow[]>(
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
  async replaceAll(db: EntityManager, policyId: string, tabs: DocTab[]): Promise<void> {
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
