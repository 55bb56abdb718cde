import type { operations } from '@policy-catalog/sdk';
import { type Command, Option } from 'commander';
import type { CliEnv } from '../cli.env';
import { Context } from '../context';
import { findListing, printFound } from './listings';
import { positiveInt } from './numbers';

type RulesetQuery = NonNullable<operations['Rulesets_list']['parameters']['query']>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { positiveInt };

/** `policies search|show` and `rulesets search|show`: public reads, signed in or not. */
export function catalogCommands(program: Command, env: CliEnv): void {
  const policies = program.command('policies').description('Find and read policies');
  policies
    .command('search [query]')
    .description('Search published policies (community and vendor) by text, category or direction')
    .option('--category <category>', 'only this category')
    .addOption(new Option('--source <source>', 'community or vendor').choices(['community', 'vendor']))
    .option('--limit <n>', 'at most this many results', positiveInt, 20)
    .action(
      async (
        query: string | undefined,
        options: { category?: string; source?: 'community' | 'vendor'; limit: number },
        command: Command,
      ) => {
        const ctx = new Context(command, env);
        const client = ctx.client(false);
        const found = [];
        for await (const policy of client.items('Policies_list', {
          params: {
            query: {
              q: query,
              category: options.category,
              source: options.source,
              limit: Math.min(50, options.limit),
            },
          },
        })) {
          found.push(policy);
          if (found.length >= options.limit) break;
        }
        if (ctx.out.json) return ctx.out.data({ policies: found });
        if (found.length === 0) return ctx.out.line('No policy found.');
        ctx.out.table(
          found.map((p) =>
            'id' in p
              ? [p.id, p.name, p.category ?? '', p.version ?? '', p.status]
              : [p.slug, p.name, p.category ?? '', '', 'vendor'],
          ),
          ['ID', 'NAME', 'CATEGORY', 'VERSION', 'STATUS'],
        );
      },
    );
  policies
    .command('show <id-or-slug>')
    .description(
      'One policy by id or slug: a community policy first, else the vendor’s (--vendor: the vendor’s)',
    )
    .option('--vendor', 'the vendor policy of that slug, even where a community policy has it too')
    .action(async (key: string, options: { vendor?: boolean }, command: Command) => {
      const ctx = new Context(command, env);
      printFound(
        ctx.out,
        await findListing(ctx.client(false), key, { kind: 'policy', vendor: options.vendor }),
      );
    });

  const rulesets = program.command('rulesets').description('Find and read governance rulesets');
  rulesets
    .command('search [query]')
    .description('Search rulesets (community and vendor) by text, category or target scope')
    .option('--category <category>', 'only this category')
    .option(
      '--scope <scope>',
      'only rulesets for this target (rest-api, async-api, mcp, ...: the API checks it)',
    )
    .addOption(
      new Option('--source <source>', 'community (default) or vendor').choices(['community', 'vendor']),
    )
    .option('--limit <n>', 'at most this many results', positiveInt, 20)
    .action(
      async (
        query: string | undefined,
        options: {
          category?: string;
          scope?: RulesetQuery['scope'];
          source?: RulesetQuery['source'];
          limit: number;
        },
        command: Command,
      ) => {
        const ctx = new Context(command, env);
        const found = [];
        for await (const ruleset of ctx.client(false).items('Rulesets_list', {
          params: {
            query: {
              q: query,
              category: options.category,
              // Passed as typed; an unknown scope is the API's 400, which names the ones it knows.
              scope: options.scope,
              source: options.source,
              limit: Math.min(50, options.limit),
            },
          },
        })) {
          found.push(ruleset);
          if (found.length >= options.limit) break;
        }
        if (ctx.out.json) return ctx.out.data({ rulesets: found });
        if (found.length === 0) return ctx.out.line('No ruleset found.');
        ctx.out.table(
          found.map((r) =>
            'id' in r
              ? [r.id, r.name, r.category, r.target_scopes.join(','), r.lifecycle_status]
              : [r.slug, r.name, r.category ?? '', r.target_scopes.join(','), 'vendor'],
          ),
          ['ID', 'NAME', 'CATEGORY', 'SCOPES', 'STATUS'],
        );
      },
    );
  rulesets
    .command('show <id-or-slug>')
    .description(
      'One ruleset by id or slug (of its name): a community ruleset first, else the vendor’s (--vendor: the vendor’s)',
    )
    .option('--vendor', 'the vendor ruleset of that slug, even where a community ruleset has it too')
    .action(async (key: string, options: { vendor?: boolean }, command: Command) => {
      const ctx = new Context(command, env);
      printFound(
        ctx.out,
        await findListing(ctx.client(false), key, { kind: 'ruleset', vendor: options.vendor }),
      );
    });
}

export { UUID };
