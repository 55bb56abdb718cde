import type { operations, PageItem, PolicyCatalog } from '@policy-catalog/sdk';
import { type Command, Option } from 'commander';
import type { CliEnv } from '../cli.env';
import { Context } from '../context';
import { findListing, type Kind, printFound, UUID } from './listings';
import { positiveInt } from './numbers';

export { positiveInt, UUID };

type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

/**
 * A kind of listing as its command group (`policies`, `rulesets`) serves it: its own filters, how its
 * list is read, and how a row shows; `kindCommands` makes of it `<many> search` and `<many> show`.
 */
interface KindCommands<Filters, Item> {
  kind: Kind;
  many: string;
  description: string;
  search: {
    description: string;
    /** Its own options, between `--category` and `--limit` (new ones for each program). */
    options: () => Option[];
    /** Its pages, each asked for when the command wants more. */
    pages: (
      client: PolicyCatalog,
      query: Filters & { q?: string; limit: number },
    ) => AsyncIterable<Page<Item>>;
    headers: string[];
    row: (item: Item) => string[];
  };
  show: { description: string; vendor: string };
}

/** A page of a kind's list: its items, and whether more follow. */
interface Page<Item> {
  items: Item[];
  hasMore: boolean;
}

/** A list's pages as `Page`s: `items` picks the array the list answers its items in. */
async function* pagesOf<P extends { hasMore: boolean }, Item>(
  pages: AsyncIterable<P>,
  items: (page: P) => Item[],
): AsyncIterable<Page<Item>> {
  for await (const page of pages) yield { items: items(page), hasMore: page.hasMore };
}

const sourceOption = (description: string) =>
  new Option('--source <source>', description).choices(['community', 'vendor']);

const POLICIES: KindCommands<Query<'Policies_list'>, PageItem<'Policies_list'>> = {
  kind: 'policy',
  many: 'policies',
  description: 'Find and read policies',
  search: {
    description:
      'Search the published community policies (--source vendor: the vendor’s) by text, category or direction',
    options: () => [sourceOption('community (default) or vendor')],
    pages: (client, query) =>
      pagesOf(client.pages('Policies_list', { params: { query } }), (page) => page.policies),
    headers: ['ID', 'NAME', 'CATEGORY', 'VERSION', 'STATUS'],
    row: (p) =>
      'id' in p
        ? [p.id, p.name, p.category ?? '', p.version ?? '', p.status]
        : [p.slug, p.name, p.category ?? '', '', 'vendor'],
  },
  show: {
    description:
      'One policy by id or slug: a community policy first, else the vendor’s (--vendor: the vendor’s)',
    vendor: 'the vendor policy of that slug, even where a community policy has it too',
  },
};

const RULESETS: KindCommands<Query<'Rulesets_list'>, PageItem<'Rulesets_list'>> = {
  kind: 'ruleset',
  many: 'rulesets',
  description: 'Find and read governance rulesets',
  search: {
    description:
      'Search the community rulesets (--source vendor: the vendor’s) by text, category or target scope',
    options: () => [
      // Passed as typed; an unknown scope is the API's 400, which names the ones it knows.
      new Option(
        '--scope <scope>',
        'only rulesets for this target (rest-api, async-api, mcp, ...: the API checks it)',
      ),
      sourceOption('community (default) or vendor'),
    ],
    pages: (client, query) =>
      pagesOf(client.pages('Rulesets_list', { params: { query } }), (page) => page.rulesets),
    headers: ['ID', 'NAME', 'CATEGORY', 'SCOPES', 'STATUS'],
    row: (r) =>
      'id' in r
        ? [r.id, r.name, r.category, r.target_scopes.join(','), r.lifecycle_status]
        : [r.slug, r.name, r.category ?? '', r.target_scopes.join(','), 'vendor'],
  },
  show: {
    description:
      'One ruleset by id or slug (of its name): a community ruleset first, else the vendor’s (--vendor: the vendor’s)',
    vendor: 'the vendor ruleset of that slug, even where a community ruleset has it too',
  },
};

/** `policies search|show` and `rulesets search|show`: public reads, signed in or not. */
export function catalogCommands(program: Command, env: CliEnv): void {
  kindCommands(program, env, POLICIES);
  kindCommands(program, env, RULESETS);
}

function kindCommands<Filters, Item>(
  program: Command,
  env: CliEnv,
  listing: KindCommands<Filters, Item>,
): void {
  const group = program.command(listing.many).description(listing.description);
  const search = group
    .command('search [query]')
    .description(listing.search.description)
    .option('--category <category>', 'only this category');
  for (const option of listing.search.options()) search.addOption(option);
  search
    .option('--limit <n>', 'at most this many results', positiveInt, 20)
    .action(
      async (
        query: string | undefined,
        options: Filters & { limit: number; source?: 'community' | 'vendor' },
        command: Command,
      ) => {
        const ctx = new Context(command, env);
        const found: Item[] = [];
        // Cut at --limit, the answer says whether more match: the rest of a page, or pages after it.
        let hasMore = false;
        const pages = listing.search.pages(ctx.client(false), {
          ...options,
          q: query,
          limit: Math.min(50, options.limit),
        });
        for await (const page of pages) {
          const room = options.limit - found.length;
          found.push(...page.items.slice(0, room));
          hasMore = page.hasMore || page.items.length > room;
          if (found.length >= options.limit) break;
        }
        if (ctx.out.json) return ctx.out.data({ [listing.many]: found, hasMore });
        // The API lists the community's unless told otherwise: say so, or an empty catalog looks empty.
        if (found.length === 0)
          return ctx.out.line(
            options.source
              ? `No ${options.source} ${listing.kind} found.`
              : `No community ${listing.kind} found: --source vendor lists the vendor’s (\`policy-catalog search\`: both).`,
          );
        ctx.out.table(found.map(listing.search.row), listing.search.headers);
        if (hasMore) ctx.out.note(`More ${listing.many} match: raise --limit to see them.`);
      },
    );
  group
    .command('show <id-or-slug>')
    .description(listing.show.description)
    .option('--vendor', listing.show.vendor)
    .action(async (key: string, options: { vendor?: boolean }, command: Command) => {
      const ctx = new Context(command, env);
      printFound(
        ctx.out,
        await findListing(ctx.client(false), key, { kind: listing.kind, vendor: options.vendor }),
      );
    });
}
