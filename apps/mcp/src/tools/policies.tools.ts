import { Injectable } from '@nestjs/common';
import {
  ASSET_KINDS,
  CatalogRpc,
  DIRECTIONS,
  LIST_OFFSET_MAX,
  type Policy,
  POLICY_CATEGORY_MAX,
  POLICY_SORTS,
  POLICY_SOURCES,
  SEARCH_QUERY_MAX,
  SORT_ORDERS,
  VENDOR_SLUG_PATTERN,
} from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { z } from 'zod';
import { TOOL_PAGE } from './catalog-inputs';
import {
  commentSchema,
  communityPolicySummarySchema,
  docTabSchema,
  id,
  page,
  policySchema,
  text,
  toComment,
  toDocTab,
  toPolicy,
  toPolicySummary,
  toVendorPolicy,
  vendorPolicySchema,
  vendorPolicySummarySchema,
} from './schemas';
import { entryMarkdown, offsetOf, READ_ONLY, type ToolKit } from './tool-kit';
import type { ToolSet } from './tool-set';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The policy catalog: the same data, filters and visibility as GET /api/policies and its neighbours. */
@Injectable()
export class PolicyTools implements ToolSet {
  constructor(private readonly bus: BusClient) {}

  register(kit: ToolKit): void {
    this.registerResources(kit);
    kit.define('search_policies', {
      title: 'Search gateway policies',
      description:
        'Searches the policy catalog, like GET /api/policies. source community (default): policies ' +
        'people submitted (published ones, plus your own under review); source vendor: the out-of-the-box ' +
        'vendor policies (assetKind is ignored for them). Filters: q (words or parts of words of the name ' +
        'and description), category, direction, assetKind; sort alpha (default, also with q) or ' +
        'submitted, order. Answers summaries: use get_policy (community, by id) or ' +
        'get_vendor_policy (vendor, by slug) for the whole entry.',
      scope: 'api:read',
      input: {
        source: z.enum(POLICY_SOURCES).default('community').describe('community (default) or vendor.'),
        q: text(1, SEARCH_QUERY_MAX).optional().describe('Words or parts of words to find.'),
        category: text(1, POLICY_CATEGORY_MAX).optional().describe('Exact category, e.g. Security.'),
        direction: z.enum(DIRECTIONS).optional().describe('inbound or outbound traffic.'),
        assetKind: z.enum(ASSET_KINDS).optional().describe('Community only: agent, api, llm or mcp.'),
        sort: z.enum(POLICY_SORTS).optional().describe('alpha (by name) or submitted (by date).'),
        order: z.enum(SORT_ORDERS).optional().describe('asc or desc.'),
        ...page(TOOL_PAGE.max, TOOL_PAGE.default, LIST_OFFSET_MAX),
      },
      output: {
        policies: z.array(z.union([communityPolicySummarySchema, vendorPolicySummarySchema])),
        hasMore: z.boolean(),
        nextOffset: z.number().int().nullable(),
      },
      annotations: READ_ONLY,
      run: async (args, ctx) => {
        const { policies, hasMore } = await this.bus.request(CatalogRpc.listPolicies, ctx, args);
        const summaries = policies.map(toPolicySummary);
        const nextOffset = hasMore ? args.offset + policies.length : null;
        const lines = summaries.map((p) =>
          p.source === 'vendor'
            ? `- ${p.name} (vendor, slug ${p.slug}, ${p.direction})`
            : `- ${p.name} (${p.category ?? 'no category'}, ${p.direction}, ${p.status}) id ${p.id}`,
        );
        const head = summaries.length === 0 ? 'No policies match.' : `${summaries.length} policies:`;
        return {
          data: { policies: summaries, hasMore, nextOffset },
          text: [head, ...lines, ...(hasMore ? [`More: offset ${nextOffset}.`] : [])].join('\n'),
        };
      },
    });

    kit.define('get_policy', {
      title: 'Get a community policy',
      description:
        'Gets one community policy by id: About text, category, status, source repository, version, ' +
        'likes, owner and contributors, the ideas it declares or delivers, and how complete its ' +
        'documentation is. Policies under review are visible only to their owner.',
      scope: 'api:read',
      input: { id: id('policy') },
      output: { policy: policySchema },
      annotations: READ_ONLY,
      run: async ({ id }, ctx) => {
        const { policy } = await this.bus.request(CatalogRpc.getPolicy, ctx, { id });
        return {
          data: { policy: toPolicy(policy) },
          text: `${policy.name} (${policy.status}, ${policy.category ?? 'no category'}): ${policy.source_host_url}`,
        };
      },
    });

    kit.define('get_vendor_policy', {
      title: 'Get a vendor policy',
      description:
        'Gets one out-of-the-box vendor policy by its slug (from search_policies with source vendor), ' +
        'with its documentation in Markdown.',
      scope: 'api:read',
      input: {
        slug: z
          .string()
          .regex(VENDOR_SLUG_PATTERN, 'must be a slug: lowercase letters, digits and dashes')
          .describe('The vendor policy slug, e.g. rate-limiting.'),
      },
      output: { policy: vendorPolicySchema },
      annotations: READ_ONLY,
      run: async ({ slug }, ctx) => {
        const { policy } = await this.bus.request(CatalogRpc.getVendorPolicy, ctx, { slug });
        return { data: { policy: toVendorPolicy(policy) }, text: `${policy.name}: ${policy.summary}` };
      },
    });

    kit.define('get_policy_docs', {
      title: "Read a policy's documentation",
      description:
        "Gets a community policy's documentation tabs (overview, configuration, examples, faq and " +
        'custom tabs) in display order, with how many of the predefined tabs are filled.',
      scope: 'api:read',
      input: { id: id('policy') },
      output: {
        tabs: z.array(docTabSchema),
        completeness: z.object({ filled: z.number().int(), total: z.number().int(), ratio: z.number() }),
      },
      annotations: READ_ONLY,
      run: async ({ id }, ctx) => {
        const docs = await this.bus.request(CatalogRpc.getPolicyDocs, ctx, { id });
        const { filled, total, ratio } = docs.completeness;
        return {
          data: { tabs: docs.tabs.map(toDocTab), completeness: { filled, total, ratio } },
          text: docs.tabs.map((t) => `## ${t.title}\n\n${t.bodyMd}`).join('\n\n') || 'No documentation yet.',
        };
      },
    });

    kit.define('list_policy_comments', {
      title: "List a policy's comments",
      description:
        "Lists the comments on a community policy, oldest first; a reply carries its top-level comment's " +
        'id in parentId. A deleted comment stays in place with deleted true and an empty body.',
      scope: 'api:read',
      input: { policyId: id('policy') },
      output: { comments: z.array(commentSchema) },
      annotations: READ_ONLY,
      run: async ({ policyId }, ctx) => {
        const { comments } = await this.bus.request(CatalogRpc.listComments, ctx, { id: policyId });
        const lines = comments.map(
          (c) => `${c.parentId ? '  ↳ ' : '- '}${c.deleted ? '(deleted)' : `${c.authorName}: ${c.body}`}`,
        );
        return {
          data: { comments: comments.map(toComment) },
          text: lines.length === 0 ? 'No comments yet.' : lines.join('\n'),
        };
      },
    });
  }

  /** Policies as resources an assistant can attach: community ones by id, vendor ones by slug. */
  private registerResources(kit: ToolKit): void {
    kit.collection({
      path: 'policies',
      title: 'Community policy',
      description:
        'A community gateway policy with its documentation (published ones, and your own under review).',
      key: UUID,
      list: async (after, limit, ctx) => {
        const page = await this.bus.request(CatalogRpc.listPolicies, ctx, {
          source: 'community',
          limit,
          ...(after === undefined ? {} : { cursor: after }),
        });
        return {
          items: page.policies.flatMap((p) =>
            'source' in p && p.source === 'vendor'
              ? []
              : [
                  {
                    key: (p as Policy).id,
                    name: p.name,
                    description: (p as Policy).description.slice(0, 200),
                  },
                ],
          ),
          next: page.hasMore ? page.nextCursor : null,
        };
      },
      read: async (key, ctx) => {
        const [{ policy }, docs] = await Promise.all([
          this.bus.request(CatalogRpc.getPolicy, ctx, { id: key }),
          this.bus.request(CatalogRpc.getPolicyDocs, ctx, { id: key }),
        ]);
        const json = { policy: toPolicy(policy), tabs: docs.tabs.map(toDocTab) };
        const markdown = entryMarkdown(
          policy.name,
          [
            ['Category', policy.category],
            ['Direction', policy.direction],
            ['Status', policy.status],
            ['Source', policy.source_host_url],
          ],
          policy.description,
          docs.tabs,
        );
        return { markdown, json };
      },
    });
    kit.collection({
      path: 'vendor-policies',
      title: 'Vendor policy',
      description: 'An out-of-the-box vendor gateway policy with its documentation.',
      key: VENDOR_SLUG_PATTERN,
      list: async (after, limit, ctx) => {
        const offset = offsetOf(after, LIST_OFFSET_MAX);
        const page = await this.bus.request(CatalogRpc.listPolicies, ctx, {
          source: 'vendor',
          limit,
          offset,
        });
        return {
          items: page.policies.flatMap((p) =>
            'source' in p && p.source === 'vendor'
              ? [{ key: p.slug, name: p.name, description: p.summary }]
              : [],
          ),
          next: page.hasMore ? String(offset + page.policies.length) : null,
        };
      },
      read: async (key, ctx) => {
        const { policy } = await this.bus.request(CatalogRpc.getVendorPolicy, ctx, { slug: key });
        const json = { policy: toVendorPolicy(policy) };
        return {
          markdown: entryMarkdown(policy.name, [['Vendor policy', policy.slug]], policy.body_md),
          json,
        };
      },
    });
  }
}
