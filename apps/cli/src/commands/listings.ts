import { type PolicyCatalog, PolicyCatalogError, type Schemas } from '@policy-catalog/sdk';
import { type Command, Option } from 'commander';
import type { CliEnv } from '../cli.env';
import { Context } from '../context';
import { CliError, EXIT, type Output } from '../output';
import { positiveInt } from './numbers';

export type Kind = 'policy' | 'ruleset';
const KINDS: Kind[] = ['policy', 'ruleset'];

/** The orders `GET /api/search` takes (`sort`). */
const SEARCH_SORTS = ['name', 'likes', 'deploys', 'newest'] as const;
type SearchSort = (typeof SEARCH_SORTS)[number];

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Pages of the search a slug is looked for in, at most (100 items each). */
const SLUG_PAGES = 20;
/** The largest page GET /api/search answers. */
const SEARCH_PAGE_MAX = 100;

/** A listing found by id or slug: its kind, its catalog and what the API answered for it. */
export type Found =
  | { kind: Kind; catalog: 'community'; id: string; name: string; body: Record<string, unknown> }
  | { kind: Kind; catalog: 'vendor'; slug: string; name: string; body: Record<string, unknown> };

/** How a found listing is named to the user: `community ruleset “Payments Rules” (id)`. */
export function describeFound(found: Found): string {
  return `${found.catalog} ${found.kind} “${found.name}” (${found.catalog === 'vendor' ? found.slug : found.id})`;
}

/** How each kind is read by id (community) and by slug (vendor), and followed. */
const KIND_CALLS: Record<
  Kind,
  {
    community: (client: PolicyCatalog, id: string) => Promise<{ id: string; name: string }>;
    vendor: (client: PolicyCatalog, slug: string) => Promise<{ slug: string; name: string }>;
    follow: (client: PolicyCatalog, id: string, follow: boolean) => Promise<Schemas['FollowStateDto']>;
  }
> = {
  policy: {
    community: async (client, id) => (await client.api.policies.get({ params: { path: { id } } })).policy,
    vendor: async (client, slug) => (await client.api.policies.vendor({ params: { path: { slug } } })).policy,
    follow: (client, id, follow) =>
      follow
        ? client.api.follows.followPolicy({ params: { path: { id } } })
        : client.api.follows.unfollowPolicy({ params: { path: { id } } }),
  },
  ruleset: {
    community: async (client, id) => (await client.api.rulesets.get({ params: { path: { id } } })).ruleset,
    vendor: async (client, slug) =>
      (await client.api.rulesets.vendor({ params: { path: { slug } } })).ruleset,
    follow: (client, id, follow) =>
      follow
        ? client.api.follows.followRuleset({ params: { path: { id } } })
        : client.api.follows.unfollowRuleset({ params: { path: { id } } }),
  },
};

const notFound = (error: unknown): boolean => error instanceof PolicyCatalogError && error.status === 404;

/**
 * A policy or ruleset by id or slug, in either catalog. An id is a community item's (a policy's first,
 * then a ruleset's, unless `kind` says which). A slug is looked for among the community's items first
 * (a policy's slug, or the slug of a ruleset's name), then in the vendor index; `vendor` skips the
 * community, so a vendor item is found when a community item has the same slug.
 */
export async function findListing(
  client: PolicyCatalog,
  key: string,
  options: { kind?: Kind; vendor?: boolean } = {},
): Promise<Found> {
  const kinds = options.kind ? [options.kind] : KINDS;
  if (UUID.test(key)) {
    for (const kind of kinds) {
      try {
        const body = await KIND_CALLS[kind].community(client, key);
        return { kind, catalog: 'community', id: body.id, name: body.name, body };
      } catch (error) {
        if (!notFound(error) || kind === kinds[kinds.length - 1]) throw error;
      }
    }
  }
  if (!options.vendor) {
    const community = await communityBySlug(client, key, options.kind);
    if (community) return community;
  }
  for (const kind of kinds) {
    try {
      const body = await KIND_CALLS[kind].vendor(client, key);
      return { kind, catalog: 'vendor', slug: body.slug, name: body.name, body };
    } catch (error) {
      // A malformed slug (400) or an unknown one (404): not in the vendor index.
      if (!(error instanceof PolicyCatalogError && (error.status === 404 || error.status === 400)))
        throw error;
    }
  }
  const what = options.kind ?? 'policy or ruleset';
  throw new CliError(`no ${options.vendor ? 'vendor ' : ''}${what} has the id or slug ${key}`, EXIT.api);
}

/** The community item whose slug is `slug`: first among the matches of its words, then along the catalog. */
export async function communityBySlug(
  client: PolicyCatalog,
  slug: string,
  kind?: Kind,
): Promise<Found | null> {
  const words = slug.split('-').join(' ');
  const queries = [{ q: words }, {}];
  for (const query of queries) {
    let seen = 0;
    for await (const item of client.items('Search_search', {
      params: { query: { ...query, kind, catalog: 'community', limit: 100 } },
    })) {
      if (item.slug === slug && item.id) {
        return findListing(client, item.id, { kind: item.kind });
      }
      if (++seen >= SLUG_PAGES * 100) break;
    }
  }
  return null;
}

/** A found listing, in words (`--json`: the API's body with its kind and catalog). */
export function printFound(out: Output, found: Found): void {
  if (out.json) return out.data({ kind: found.kind, catalog: found.catalog, [found.kind]: found.body });
  const body = found.body;
  const text = (field: string): string | undefined => {
    const value = body[field];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const list = (field: string): string | undefined => {
    const value = body[field];
    return Array.isArray(value) && value.length > 0 ? value.join(', ') : undefined;
  };
  out.line(out.c.bold(found.name));
  out.line(text('description') ?? text('summary') ?? '');
  out.line();
  const pin = body.pin as { commit?: string } | null | undefined;
  const rows: Array<[string, string | undefined]> = [
    ['found', `${found.catalog} ${found.kind}`],
    ['id', text('id')],
    ['slug', text('slug')],
    ['status', text('status') ?? text('lifecycle_status')],
    ['category', text('category')],
    ['version', text('version')],
    ['direction', text('direction')],
    ['scopes', list('target_scopes')],
    ['rules', list('rule_names')],
    ['source', text('source_host_url') ?? text('source_url')],
    ['reviewed commit', pin?.commit],
    ['owner', text('owner_username') ?? text('owner_name')],
  ];
  for (const [label, value] of rows) if (value) out.line(`${label.padEnd(16)}${value}`);
  const docs = text('body_md');
  if (docs) {
    out.line();
    out.line(docs);
  }
}

const kindOption = () =>
  new Option('--kind <kind>', 'only a policy, or only a ruleset').choices(['policy', 'ruleset']);

/** `search`, `show`, `follow` and `unfollow`: one search across kinds and catalogs, items by id or slug. */
export function listingCommands(program: Command, env: CliEnv): void {
  program
    .command('search [query]')
    .description(
      'Search policies and rulesets, community and vendor, in one list with counts per kind, catalog and category',
    )
    .addOption(kindOption())
    .addOption(
      new Option('--catalog <catalog>', 'only community, or only vendor').choices(['community', 'vendor']),
    )
    .option('--category <category>', 'only this category')
    .addOption(
      new Option(
        '--sort <order>',
        'by name, or the most liked, most deployed or newest first (vendor items after community ones)',
      )
        .choices(SEARCH_SORTS)
        .default('name'),
    )
    .option('--limit <n>', 'at most this many results', positiveInt, 20)
    .option(
      '--cursor <cursor>',
      'resume where an earlier search stopped: the nextCursor its --json printed (same query, filters and --sort)',
    )
    .action(
      async (
        query: string | undefined,
        options: {
          kind?: Kind;
          catalog?: 'community' | 'vendor';
          category?: string;
          sort: SearchSort;
          limit: number;
          cursor?: string;
        },
        command: Command,
      ) => {
        const ctx = new Context(command, env);
        const client = ctx.client(false);
        const filters = {
          q: query,
          kind: options.kind,
          catalog: options.catalog,
          category: options.category,
          sort: options.sort,
        };
        // Each page asks for no more than the limit leaves, so the last page's cursor starts exactly
        // after the last item printed (one cut mid-page would skip the rest of that page).
        const first = await client.api.search.search({
          params: {
            query: { ...filters, limit: Math.min(SEARCH_PAGE_MAX, options.limit), cursor: options.cursor },
          },
        });
        const items = [...first.items];
        let last = first;
        while (last.hasMore && last.nextCursor && items.length < options.limit) {
          last = await client.api.search.search({
            params: {
              query: {
                ...filters,
                limit: Math.min(SEARCH_PAGE_MAX, options.limit - items.length),
                cursor: last.nextCursor,
              },
            },
          });
          items.push(...last.items);
        }
        if (ctx.out.json)
          return ctx.out.data({
            ...first,
            items,
            hasMore: last.hasMore,
            nextCursor: last.hasMore ? last.nextCursor : null,
          });
        const { kinds, catalogs, categories } = first.facets;
        const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
        ctx.out.line(
          `${first.total} found: ${count(kinds.policy, 'policy', 'policies')}, ` +
            `${count(kinds.ruleset, 'ruleset', 'rulesets')}; ${catalogs.community} community, ${catalogs.vendor} vendor`,
        );
        if (categories.length > 0)
          ctx.out.line(`categories: ${categories.map((c) => `${c.category} (${c.count})`).join(', ')}`);
        if (first.match === 'near') ctx.out.line('No item has these exact words: near matches.');
        if (items.length === 0) return ctx.out.line('Nothing found.');
        ctx.out.line();
        ctx.out.table(
          items.map((item) => [
            item.id ?? item.slug,
            item.kind,
            item.catalog,
            // The caller's own draft, shown to them alone: where it stands, as its page says it.
            item.published ? item.name : `${item.name} (${item.status.replace('_', ' ')})`,
            item.category ?? '',
            item.counts ? String(item.counts.likes) : '-',
            item.counts ? String(item.counts.deploys) : '-',
          ]),
          ['ID OR SLUG', 'KIND', 'CATALOG', 'NAME', 'CATEGORY', 'LIKES', 'DEPLOYS'],
        );
        if (last.hasMore && last.nextCursor) ctx.out.note(`More results: --cursor ${last.nextCursor}`);
      },
    );

  program
    .command('show <id-or-slug>')
    .description('A policy or ruleset by id or slug, community first (--vendor: the vendor index)')
    .addOption(kindOption())
    .option('--vendor', 'the vendor item of that slug, even where a community item has it too')
    .action(async (key: string, options: { kind?: Kind; vendor?: boolean }, command: Command) => {
      const ctx = new Context(command, env);
      printFound(ctx.out, await findListing(ctx.client(false), key, options));
    });

  for (const [name, follow] of [
    ['follow', true],
    ['unfollow', false],
  ] as const) {
    program
      .command(`${name} <id-or-slug>`)
      .description(
        follow
          ? 'Follow a community policy or ruleset (by id or slug): its new versions reach your version.published webhooks'
          : 'Stop following a community policy or ruleset (by id or slug)',
      )
      .addOption(kindOption())
      .action(async (key: string, options: { kind?: Kind }, command: Command) => {
        const ctx = new Context(command, env);
        const client = ctx.client();
        const found = await findListing(client, key, options);
        if (found.catalog === 'vendor')
          throw new CliError(
            `${describeFound(found)} is a vendor item: only community items are followed`,
            EXIT.usage,
          );
        const state = await KIND_CALLS[found.kind].follow(client, found.id, follow);
        if (ctx.out.json) return ctx.out.data({ kind: found.kind, id: found.id, ...state });
        ctx.out.line(`${follow ? 'Following' : 'No longer following'} ${describeFound(found)}.`);
      });
  }
}
