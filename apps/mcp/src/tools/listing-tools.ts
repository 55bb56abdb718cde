import {
  type DocsCompleteness,
  type DocTab,
  LISTING_CATALOGS,
  type PageInfo,
  type RequestContext,
  SORT_ORDERS,
  VENDOR_SLUG_PATTERN,
} from '@pc/contracts';
import { z } from 'zod';
import { TOOL_PAGE } from './catalog-inputs';
import { type CursorPageRequest, cursorPage, offsetThenCursor } from './cursor-page';
import { id, page, text, toDocTab } from './schemas';
import {
  entryMarkdown,
  offsetOf,
  READ_ONLY,
  type ResourceCollection,
  type ToolAnswer,
  type ToolKit,
} from './tool-kit';

/** A community listing's key in resource URIs: its id. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What every search takes besides its kind's filters: the catalog first, the order after its sort. */
const sourceInput = {
  source: z.enum(LISTING_CATALOGS).default('community').describe('community (default) or vendor.'),
};
const orderInput = { order: z.enum(SORT_ORDERS).optional().describe('asc or desc.') };

/** The page every search takes: limit and offset. */
type PageInput = ReturnType<typeof page>;
type CommonInput = typeof sourceInput & typeof orderInput & PageInput;

/** What every community listing has, as the common tools read it. */
interface CommunityListing {
  name: string;
  description: string;
}

/** What every vendor listing has, as the common tools read it. */
interface VendorListing {
  slug: string;
  name: string;
  summary: string;
  body_md: string;
}

/**
 * A kind of listing (policies, rulesets) as the tool server serves it: what is its own (descriptions,
 * filters, shapes, the messages it is read with); `registerListingTools` makes of it the tools and
 * resources every kind has, named after it: `search_<many>`, `get_<one>`, `get_vendor_<one>`, and the
 * resources `policy-catalog://<many>/{id}` and `policy-catalog://vendor-<many>/{slug}`.
 */
export interface ListingToolKind<
  SearchInput extends z.ZodRawShape,
  Summary,
  Entry extends CommunityListing,
  GetOutput extends z.ZodRawShape,
  Vendor extends VendorListing,
> {
  /** `policy`, `ruleset`: in tool names and answers. */
  one: string;
  /** `policies`, `rulesets`: in tool names, answers and resource URIs. */
  many: string;
  /** The highest offset its list takes. */
  offsetMax: number;
  /**
   * When its list is also paged by the service's keyset cursor (deeper than `offsetMax`): the longest
   * cursor taken. `search_<many>` then takes `cursor` and answers `nextCursor`.
   */
  cursorMax?: number;
  search: {
    title: string;
    description: string;
    /** Its filters and sorts; the source, order and page (limit, offset) are the same for every kind. */
    input: SearchInput;
    /** One summary, community or vendor. */
    summary: z.ZodType<Summary>;
    list(
      args: z.infer<z.ZodObject<CommonInput & SearchInput>> & { cursor?: string },
      ctx: RequestContext,
    ): Promise<{ summaries: Summary[]; hasMore: boolean; nextCursor?: string | null }>;
    /** A summary as one line of the tool's text. */
    line: (summary: Summary) => string;
  };
  /** `get_<one>`: a community listing by id. */
  get: {
    title: string;
    description: string;
    output: GetOutput;
    run(id: string, ctx: RequestContext): Promise<ToolAnswer<z.infer<z.ZodObject<GetOutput>>>>;
  };
  community: {
    title: string;
    description: string;
    entry(id: string, ctx: RequestContext): Promise<Entry>;
    docs(id: string, ctx: RequestContext): Promise<{ tabs: DocTab[]; completeness: DocsCompleteness }>;
    /** The entry as `get_<one>` answers it. */
    toJson(entry: Entry): unknown;
    /** The facts its resource lists under its name. */
    facts(entry: Entry): Array<[string, string | null | undefined]>;
    /** A page of resources (each kind pages its list its own way). */
    list: ResourceCollection['list'];
  };
  vendor: {
    /** `get_vendor_<one>`'s description. */
    description: string;
    /** The vendor resource's description. */
    resource: string;
    /** How the slug input is described. */
    slug: string;
    schema: z.ZodType;
    get(slug: string, ctx: RequestContext): Promise<Vendor>;
    /** The vendor listing as `get_vendor_<one>` answers it (its `schema`). */
    toJson(vendor: Vendor): unknown;
    /** A page of the vendor index. */
    list(
      query: { limit: number; offset: number },
      ctx: RequestContext,
    ): Promise<{ items: Array<Pick<VendorListing, 'slug' | 'name' | 'summary'>>; hasMore: boolean }>;
  };
}

/**
 * The tools and resources every kind of listing has, in the order an assistant lists them: its
 * resources (community, then vendor), then `search_<many>`, `get_<one>` and `get_vendor_<one>`.
 */
export function registerListingTools<
  SearchInput extends z.ZodRawShape,
  Summary,
  Entry extends CommunityListing,
  GetOutput extends z.ZodRawShape,
  Vendor extends VendorListing,
>(kit: ToolKit, kind: ListingToolKind<SearchInput, Summary, Entry, GetOutput, Vendor>): void {
  const { one, many, community, vendor, search } = kind;
  kit.collection({
    path: many,
    title: community.title,
    description: community.description,
    key: UUID,
    list: community.list,
    read: async (key, ctx) => {
      const [entry, docs] = await Promise.all([community.entry(key, ctx), community.docs(key, ctx)]);
      const tabs = docs.tabs.map(toDocTab);
      return {
        markdown: entryMarkdown(entry.name, community.facts(entry), entry.description, docs.tabs),
        json: { [one]: community.toJson(entry), tabs },
      };
    },
  });
  kit.collection({
    path: `vendor-${many}`,
    title: `Vendor ${one}`,
    description: vendor.resource,
    key: VENDOR_SLUG_PATTERN,
    list: async (after, limit, ctx) => {
      const offset = offsetOf(after, kind.offsetMax);
      const { items, hasMore } = await vendor.list({ limit, offset }, ctx);
      return {
        items: items.map((item) => ({ key: item.slug, name: item.name, description: item.summary })),
        next: hasMore ? String(offset + items.length) : null,
      };
    },
    read: async (key, ctx) => {
      const found = await vendor.get(key, ctx);
      return {
        markdown: entryMarkdown(found.name, [[`Vendor ${one}`, found.slug]], found.body_md),
        json: { [one]: vendor.toJson(found) },
      };
    },
  });

  const { cursorMax } = kind;
  const byCursor = cursorMax !== undefined;
  kit.define(`search_${many}`, {
    title: search.title,
    description: byCursor
      ? `${search.description} Pages: pass nextOffset as offset; past offset ${kind.offsetMax} nextOffset is ` +
        'null and nextCursor (with the same filters and order) brings the next page, as cursor.'
      : search.description,
    scope: 'api:read',
    input: {
      ...sourceInput,
      ...search.input,
      ...orderInput,
      ...page(TOOL_PAGE.max, TOOL_PAGE.default, kind.offsetMax),
      ...(byCursor
        ? {
            cursor: text(1, cursorMax)
              .optional()
              .describe(
                "The previous answer's nextCursor, with the same filters and order (not with offset).",
              ),
          }
        : {}),
    },
    output: {
      [many]: z.array(search.summary),
      hasMore: z.boolean(),
      nextOffset: z.number().int().nullable(),
      ...(byCursor ? { nextCursor: z.string().nullable() } : {}),
    },
    annotations: READ_ONLY,
    run: async (args, ctx) => {
      // The page is part of every kind's input (the compiler cannot see it through the kind's filters).
      const asked = args as z.infer<z.ZodObject<PageInput>> & { cursor?: string };
      offsetThenCursor.check(asked.offset, asked.cursor);
      const found = await search.list(args as Parameters<typeof search.list>[0], ctx);
      const { summaries, hasMore } = found;
      const { nextOffset, nextCursor, more } = offsetThenCursor.next(kind.offsetMax, asked, {
        count: summaries.length,
        hasMore,
        nextCursor: found.nextCursor,
      });
      const head = summaries.length === 0 ? `No ${many} match.` : `${summaries.length} ${many}:`;
      return {
        data: { [many]: summaries, hasMore, nextOffset, ...(byCursor ? { nextCursor } : {}) },
        text: [head, ...summaries.map(search.line), ...more].join('\n'),
      };
    },
  });

  kit.define(`get_${one}`, {
    title: kind.get.title,
    description: kind.get.description,
    scope: 'api:read',
    input: { id: id(one, `from search_${many} or search`) },
    output: kind.get.output,
    annotations: READ_ONLY,
    run: ({ id }, ctx) => kind.get.run(id, ctx),
  });

  kit.define(`get_vendor_${one}`, {
    title: `Get a vendor ${one}`,
    description: vendor.description,
    scope: 'api:read',
    input: {
      slug: z
        .string()
        .regex(VENDOR_SLUG_PATTERN, 'must be a slug: lowercase letters, digits and dashes')
        .describe(vendor.slug),
    },
    output: { [one]: vendor.schema },
    annotations: READ_ONLY,
    run: async ({ slug }, ctx) => {
      const found = await vendor.get(slug, ctx);
      // The documentation in the text too: a client may show its model the text alone.
      return {
        data: { [one]: vendor.toJson(found) },
        text: `${found.name}: ${found.summary}\n\n${found.body_md}`.trimEnd(),
      };
    },
  });
}

/** What every kind's submission has, as its tool lists it. */
interface SubmissionListing {
  id: string;
  name: string;
  status: string;
}

/** One page of the caller's submissions, and the cursor of the next (null on the last page). */
export interface SubmissionsPage<Submission> extends PageInfo {
  submissions: Submission[];
}

/**
 * A kind's "my submissions" tool (`list_my_submissions` for policies, `list_my_ruleset_submissions`):
 * the caller's submissions with their status and the reviewer's feedback, a page at a time.
 */
export function defineMySubmissionsTool<Submission extends SubmissionListing, Json extends z.ZodType>(
  kit: ToolKit,
  name: string,
  tool: {
    title: string;
    description: string;
    schema: Json;
    list: (ctx: RequestContext, page: CursorPageRequest) => Promise<SubmissionsPage<Submission>>;
    toJson: (submission: Submission) => z.infer<Json>;
    feedback: (submission: Submission) => string | null;
    /** The text when there is none. */
    none: string;
  },
): void {
  const submissionsPage = cursorPage();
  kit.define(name, {
    title: tool.title,
    description: `${tool.description} Answers one page and nextCursor for the next (null on the last page).`,
    scope: 'api:read',
    input: submissionsPage.input,
    output: { submissions: z.array(tool.schema), ...submissionsPage.output },
    annotations: READ_ONLY,
    run: async (args, ctx) => {
      const found = await tool.list(ctx, submissionsPage.request(args));
      const lines = found.submissions.map((s) => {
        const feedback = tool.feedback(s);
        return `- ${s.name}: ${s.status}${feedback ? ` (feedback: ${feedback})` : ''} id ${s.id}`;
      });
      return {
        data: { submissions: found.submissions.map(tool.toJson), ...submissionsPage.answer(found) },
        text: submissionsPage.text(lines, found, tool.none),
      };
    },
  });
}
