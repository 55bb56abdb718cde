import { Injectable } from '@nestjs/common';
import {
  LISTING_CATALOGS,
  LISTING_KINDS,
  LISTING_STATUSES,
  SEARCH_LIMITS,
  SEARCH_MATCHES,
  SEARCH_SORTS,
} from '@pc/contracts';
import { ListingSearch } from '@pc/platform';
import { z } from 'zod';
import { TOOL_PAGE } from './catalog-inputs';
import { text } from './schemas';
import { READ_ONLY, type ToolKit } from './tool-kit';
import type { ToolSet } from './tool-set';

const count = z.number().int().min(0);

/** One search across policies and rulesets, community and vendor: what GET /api/search answers. */
@Injectable()
export class SearchTools implements ToolSet {
  constructor(private readonly listings: ListingSearch) {}

  register(kit: ToolKit): void {
    kit.define('search', {
      title: 'Search policies and rulesets',
      description:
        'Searches policies and rulesets, community and vendor, in one list, like GET /api/search: each result ' +
        'says its kind (policy, ruleset) and catalog (community, vendor), with counts per kind, catalog and ' +
        'category. With q, items having every word as a word come alone when there are any (match exact), ' +
        'else near matches (prefixes, parts of names, typos; match near). Filters: kind, catalog, category. ' +
        'Order (sort): name (default), likes, deploys or newest first (vendor items, without counts or date, ' +
        'after every community item). ' +
        'Pages: pass nextCursor as cursor. Read an item with get_policy or get_ruleset (community, by id) or ' +
        'get_vendor_policy or get_vendor_ruleset (vendor, by slug).',
      scope: 'api:read',
      input: {
        q: text(1, SEARCH_LIMITS.q.max).optional().describe('Words to find.'),
        kind: z.enum(LISTING_KINDS).optional().describe('Only policies, or only rulesets.'),
        catalog: z.enum(LISTING_CATALOGS).optional().describe('Only community, or only vendor items.'),
        category: text(1, SEARCH_LIMITS.category.max).optional().describe('A category, in any case.'),
        sort: z
          .enum(SEARCH_SORTS)
          .optional()
          .describe('The order: name (default), or the most liked, most deployed or newest first.'),
        cursor: text(1, SEARCH_LIMITS.cursor.max).optional().describe('The nextCursor of the page before.'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(TOOL_PAGE.max)
          .default(TOOL_PAGE.default)
          .describe(`How many to return, 1 to ${TOOL_PAGE.max} (default ${TOOL_PAGE.default}).`),
      },
      output: {
        items: z.array(
          z.object({
            kind: z.enum(LISTING_KINDS),
            catalog: z.enum(LISTING_CATALOGS),
            id: z.string().nullable(),
            slug: z.string(),
            name: z.string(),
            summary: z.string(),
            category: z.string().nullable(),
            counts: z.object({ likes: count, deploys: count }).nullable(),
            published: z
              .boolean()
              .describe('False only for an item of your own not published yet, shown to you alone.'),
            status: z
              .enum(LISTING_STATUSES)
              .describe(
                'published, or where an item of your own not published yet stands: under_review, ' +
                  'needs_improvement (rulesets only) or rejected.',
              ),
          }),
        ),
        match: z.enum(SEARCH_MATCHES).nullable(),
        total: count,
        facets: z.object({
          kinds: z.object({ policy: count, ruleset: count }),
          catalogs: z.object({ community: count, vendor: count }),
          categories: z.array(z.object({ category: z.string(), count })),
        }),
        countsCapped: z.boolean(),
        hasMore: z.boolean(),
        nextCursor: z.string().nullable(),
      },
      annotations: READ_ONLY,
      run: async (args, ctx) => {
        const found = await this.listings.search(ctx, args);
        const { kinds, catalogs } = found.facets;
        const lines = found.items.map(
          (item) =>
            `- ${item.name} (${item.catalog} ${item.kind}${item.published ? '' : `, ${item.status.replace(/_/g, ' ')}`}, ` +
            `${item.category ?? 'no category'}` +
            `${item.counts ? `, ${item.counts.likes} likes, ${item.counts.deploys} deploys` : ''}) ` +
            (item.id ? `id ${item.id}` : `slug ${item.slug}`),
        );
        const head =
          found.items.length === 0
            ? 'Nothing matches.'
            : `${found.total}${found.countsCapped ? '+' : ''} found (${kinds.policy} policies, ${kinds.ruleset} rulesets; ` +
              `${catalogs.community} community, ${catalogs.vendor} vendor)` +
              `${found.match === 'near' ? ', near matches: nothing has these exact words' : ''}:`;
        return {
          data: { ...found },
          text: [head, ...lines, ...(found.hasMore ? [`More: cursor ${found.nextCursor}.`] : [])].join('\n'),
        };
      },
    });
  }
}
