import { Injectable } from '@nestjs/common';
import type {
  DocTab,
  ReplaceRulesetDocsRequest,
  RequestContext,
  RulesetDocsResult,
  RulesetTabKeyRequest,
  UpsertRulesetTabRequest,
} from '@pc/contracts';
import { DocTabsRepository, sortTabs } from '@pc/listings';
import { Database, notFound } from '@pc/platform';
import { rulesetsError } from '../common/rulesets.errors';
import { RulesetAccess } from '../rulesets';
import { checkSize, completeTabSet, rulesetTabs } from './doc-tabs';

/** A ruleset's documentation tabs: public to read, edited by the owner and administrators. */
@Injectable()
export class DocsService {
  constructor(
    private readonly tabs: DocTabsRepository,
    private readonly access: RulesetAccess,
    private readonly db: Database,
  ) {}

  async get(ctx: RequestContext, id: string): Promise<RulesetDocsResult> {
    const row = await this.access.visible(ctx, id);
    return rulesetTabs.shownTo(ctx.caller, row, await this.tabs.list(this.db.pool, id));
  }

  /** The whole set is replaced (it must include an overview; missing predefined tabs are added empty). */
  async replace(ctx: RequestContext, request: ReplaceRulesetDocsRequest): Promise<RulesetDocsResult> {
    await this.access.editable(ctx, request.id);
    const tabs = completeTabSet(request.tabs, 'tabs');
    await this.db.transaction(async (tx) => {
      await this.access.editable(ctx, request.id, tx, true);
      await this.tabs.replaceAll(tx, request.id, tabs);
    });
    return { tabs, completeness: rulesetTabs.completeness(tabs), canEdit: true };
  }

  /** Creates or replaces one tab; an omitted sortOrder keeps the tab's place (new tabs go last). */
  async upsert(ctx: RequestContext, request: UpsertRulesetTabRequest): Promise<{ tab: DocTab }> {
    await this.access.editable(ctx, request.id);
    const tab = await this.db.transaction(async (tx) => {
      await this.access.editable(ctx, request.id, tx, true);
      const current = await this.tabs.list(tx, request.id);
      const existing = current.find((t) => t.key === request.key);
      const next = rulesetTabs.toTab(
        {
          key: request.key,
          title: request.title,
          bodyMd: request.bodyMd ?? '',
          sortOrder:
            request.sortOrder ?? existing?.sortOrder ?? Math.max(0, ...current.map((t) => t.sortOrder)) + 1,
        },
        current.length,
      );
      checkSize(sortTabs([...current.filter((t) => t.key !== request.key), next]), 'tab');
      await this.tabs.upsert(tx, request.id, next);
      return next;
    });
    return { tab };
  }

  /** Removes one tab; never the overview (422). */
  async delete(ctx: RequestContext, request: RulesetTabKeyRequest): Promise<{ ok: true }> {
    await this.access.editable(ctx, request.id);
    if (request.key === 'overview') {
      throw rulesetsError('RULESETS.OVERVIEW_REQUIRED', 'The overview tab cannot be deleted', [
        { field: 'key', message: 'overview is required; edit it instead' },
      ]);
    }
    const removed = await this.db.transaction((tx) => this.tabs.delete(tx, request.id, request.key));
    if (!removed) throw notFound('Documentation tab');
    return { ok: true };
  }
}
