import type { operations } from '@policy-catalog/sdk';
import { type Command, Option } from 'commander';
import type { CliEnv } from '../cli.env';
import { Context } from '../context';
import { CliError, EXIT } from '../output';

type RulesetQuery = NonNullable<operations['Rulesets_list']['parameters']['query']>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`not a positive whole number: ${value}`, EXIT.usage);
  return n;
}

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
    .description('One policy: a community policy by id, a vendor policy by slug')
    .action(async (key: string, _: unknown, command: Command) => {
      const ctx = new Context(command, env);
      const client = ctx.client(false);
      if (UUID.test(key)) {
        const { policy } = await client.api.policies.get({ params: { path: { id: key } } });
        if (ctx.out.json) return ctx.out.data({ policy });
        ctx.out.line(ctx.out.c.bold(policy.name));
        ctx.out.line(policy.description);
        ctx.out.line();
        for (const [label, value] of [
          ['id', policy.id],
          ['status', policy.status],
          ['category', policy.category],
          ['version', policy.version],
          ['source', policy.source_host_url],
          ['reviewed commit', policy.pin?.commit],
          ['owner', policy.owner_username ?? policy.owner_name],
        ] as const)
          if (value) ctx.out.line(`${label.padEnd(16)}${value}`);
      } else {
        const body = await client.api.policies.vendor({ params: { path: { slug: key } } });
        if (ctx.out.json) return ctx.out.data(body);
        ctx.out.line(JSON.stringify(body, null, 2));
      }
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
    .description('One ruleset: a community ruleset by id, a vendor ruleset by slug')
    .action(async (key: string, _: unknown, command: Command) => {
      const ctx = new Context(command, env);
      const client = ctx.client(false);
      const { ruleset } = UUID.test(key)
        ? await client.api.rulesets.get({ params: { path: { id: key } } })
        : await client.api.rulesets.vendor({ params: { path: { slug: key } } });
      if (ctx.out.json) return ctx.out.data({ ruleset });
      ctx.out.line(ctx.out.c.bold(ruleset.name));
      if ('id' in ruleset) {
        ctx.out.line(ruleset.description);
        ctx.out.line();
        ctx.out.line(`${'id'.padEnd(16)}${ruleset.id}`);
        ctx.out.line(`${'status'.padEnd(16)}${ruleset.lifecycle_status}`);
        ctx.out.line(`${'scopes'.padEnd(16)}${ruleset.target_scopes.join(', ')}`);
        ctx.out.line(`${'rules'.padEnd(16)}${ruleset.rule_names.join(', ')}`);
      } else {
        ctx.out.line(ruleset.summary);
        ctx.out.line();
        ctx.out.line(`${'slug'.padEnd(16)}${ruleset.slug}`);
        ctx.out.line(`${'scopes'.padEnd(16)}${ruleset.target_scopes.join(', ')}`);
      }
    });
}

export { UUID };
