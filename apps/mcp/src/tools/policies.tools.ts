import { Injectable } from '@nestjs/common';
import {
  ASSET_KINDS,
  CatalogRpc,
  DIRECTIONS,
  LIST_CURSOR_MAX,
  LIST_OFFSET_MAX,
  type Policy,
  POLICY_CATEGORY_MAX,
  POLICY_SORTS,
  SEARCH_QUERY_MAX,
  type VendorPolicySummary,
} from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { z } from 'zod';
import { cursorPage } from './cursor-page';
import { registerListingTools } from './listing-tools';
import {
  commentSchema,
  communityPolicySummarySchema,
  docsOutput,
  id,
  policySchema,
  text,
  toComment,
  toDocs,
  toPolicy,
  toPolicySummary,
  toVendorPolicy,
  vendorPolicySchema,
  vendorPolicySummarySchema,
} from './schemas';
import { READ_ONLY, type ToolKit } from './tool-kit';
import type { ToolSet } from './tool-set';

const isVendor = (p: Policy | VendorPolicySummary): p is VendorPolicySummary =>
  'source' in p && p.source === 'vendor';

/** The policy catalog: the same data, filters and visibility as GET /api/policies and its neighbours. */
@Injectable()
export class PolicyTools implements ToolSet {
  constructor(private readonly bus: BusClient) {}

  register(kit: ToolKit): void {
    this.registerListing(kit);

    kit.define('get_policy_docs', {
      title: "Read a policy's documentation",
      description:
        "Gets a community policy's documentation tabs (overview, configuration, examples, faq and " +
        'custom tabs) in display order, with how many of the predefined tabs are filled.',
      scope: 'api:read',
      input: { id: id('policy', 'from search_policies or search') },
      output: docsOutput,
      annotations: READ_ONLY,
      run: async ({ id }, ctx) => {
        const docs = await this.bus.request(CatalogRpc.getPolicyDocs, ctx, { id });
        return {
          data: toDocs(docs),
          text: docs.tabs.map((t) => `## ${t.title}\n\n${t.bodyMd}`).join('\n\n') || 'No documentation yet.',
        };
      },
    });

    const commentsPage = cursorPage();
    kit.define('list_policy_comments', {
      title: "List a policy's comments",
      description:
        "Lists the comments on a community policy, oldest first; a reply carries its top-level comment's " +
        'id in parentId. A deleted comment stays in place with deleted true and an empty body. Answers one ' +
        'page and nextCursor for the next (null on the last page).',
      scope: 'api:read',
      input: { policyId: id('policy', 'from search_policies or search'), ...commentsPage.input },
      output: { comments: z.array(commentSchema), ...commentsPage.output },
      annotations: READ_ONLY,
      run: async ({ policyId, ...paging }, ctx) => {
        const found = await this.bus.request(CatalogRpc.listComments, ctx, {
          id: policyId,
          ...commentsPage.request(paging),
        });
        const lines = found.comments.map(
          (c) => `${c.parentId ? '  ↳ ' : '- '}${c.deleted ? '(deleted)' : `${c.authorName}: ${c.body}`}`,
        );
        return {
          data: { comments: found.comments.map(toComment), ...commentsPage.answer(found) },
          text: commentsPage.text(lines, found, 'No comments yet.'),
        };
      },
    });
  }

  /** Search, get and the resources: community policies by id, vendor ones by slug. */
  private registerListing(kit: ToolKit): void {
    registerListingTools(kit, {
      one: 'policy',
      many: 'policies',
      offsetMax: LIST_OFFSET_MAX,
      cursorMax: LIST_CURSOR_MAX,
      search: {
        title: 'Search gateway policies',
        description:
          'Searches the policy catalog, like GET /api/policies. source community (default): policies ' +
          'people submitted (published ones, plus your own under review); source vendor: the out-of-the-box ' +
          'vendor policies (assetKind is ignored for them). Filters: q (words or parts of words of the name ' +
          'and description), category, direction, assetKind; sort alpha (default, also with q) or ' +
          'submitted, order. Answers summaries: use get_policy (community, by id) or ' +
          'get_vendor_policy (vendor, by slug) for the whole entry.',
        input: {
          q: text(1, SEARCH_QUERY_MAX).optional().describe('Words or parts of words to find.'),
          category: text(1, POLICY_CATEGORY_MAX).optional().describe('Exact category, e.g. Security.'),
          direction: z.enum(DIRECTIONS).optional().describe('inbound or outbound traffic.'),
          assetKind: z.enum(ASSET_KINDS).optional().describe('Community only: agent, api, llm or mcp.'),
          sort: z.enum(POLICY_SORTS).optional().describe('alpha (by name) or submitted (by date).'),
        },
        summary: z.union([communityPolicySummarySchema, vendorPolicySummarySchema]),
        list: async (args, ctx) => {
          const { offset, cursor, ...query } = args;
          const { policies, hasMore, nextCursor } = await this.bus.request(
            CatalogRpc.listPolicies,
            ctx,
            cursor === undefined ? { ...query, offset } : { ...query, cursor },
          );
          return { summaries: policies.map(toPolicySummary), hasMore, nextCursor };
        },
        line: (p) =>
          p.source === 'vendor'
            ? `- ${p.name} (vendor, slug ${p.slug}, ${p.direction})`
            : `- ${p.name} (${p.category ?? 'no category'}, ${p.direction}, ${p.status}) id ${p.id}`,
      },
      get: {
        title: 'Get a community policy',
        description:
          'Gets one community policy by id: About text, category, status, source repository, version, ' +
          'likes, owner and contributors, the ideas it declares or delivers, and how complete its ' +
          'documentation is. Policies under review are visible only to their owner.',
        output: { policy: policySchema },
        run: async (id, ctx) => {
          const { policy } = await this.bus.request(CatalogRpc.getPolicy, ctx, { id });
          return {
            data: { policy: toPolicy(policy) },
            text: `${policy.name} (${policy.status}, ${policy.category ?? 'no category'}): ${policy.source_host_url}`,
          };
        },
      },
      community: {
        title: 'Community policy',
        description:
          'A community gateway policy with its documentation (published ones, and your own under review).',
        entry: async (id, ctx) => (await this.bus.request(CatalogRpc.getPolicy, ctx, { id })).policy,
        docs: (id, ctx) => this.bus.request(CatalogRpc.getPolicyDocs, ctx, { id }),
        toJson: toPolicy,
        facts: (policy) => [
          ['Category', policy.category],
          ['Direction', policy.direction],
          ['Status', policy.status],
          ['Source', policy.source_host_url],
        ],
        // Keyset-paged: the list's own cursor is the resource cursor.
        list: async (after, limit, ctx) => {
          const page = await this.bus.request(CatalogRpc.listPolicies, ctx, {
            source: 'community',
            limit,
            ...(after === undefined ? {} : { cursor: after }),
          });
          return {
            items: page.policies.flatMap((p) =>
              isVendor(p) ? [] : [{ key: p.id, name: p.name, description: p.description.slice(0, 200) }],
            ),
            next: page.hasMore ? page.nextCursor : null,
          };
        },
      },
      vendor: {
        description:
          'Gets one out-of-the-box vendor policy by its slug (from search_policies with source vendor), ' +
          'with its documentation in Markdown.',
        resource: 'An out-of-the-box vendor gateway policy with its documentation.',
        slug: 'The vendor policy slug, e.g. rate-limiting.',
        schema: vendorPolicySchema,
        get: async (slug, ctx) => (await this.bus.request(CatalogRpc.getVendorPolicy, ctx, { slug })).policy,
        toJson: toVendorPolicy,
        list: async (query, ctx) => {
          const page = await this.bus.request(CatalogRpc.listPolicies, ctx, { source: 'vendor', ...query });
          return { items: page.policies.filter(isVendor), hasMore: page.hasMore };
        },
      },
    });
  }
}
