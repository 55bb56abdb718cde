import type { PolicyCatalog, Schemas } from '@policy-catalog/sdk';
import type { Command } from 'commander';
import type { CliEnv } from '../cli.env';
import { Context } from '../context';
import { CliError, EXIT } from '../output';
import { UUID } from './catalog';

type TokenRecord = Schemas['TokenRecordDto'];

/**
 * `tokens list|revoke`: the caller's personal access tokens. A token cannot create another (the API
 * asks for a signed-in browser session), so creating one stays in the dashboard.
 */
export function tokenCommands(program: Command, env: CliEnv): void {
  const tokens = program
    .command('tokens')
    .description('Your personal access tokens: list and revoke (create one in the dashboard: Tokens)');

  tokens
    .command('list')
    .description('Your tokens, newest first: name, prefix, scopes, last use, expiry and whether revoked')
    .action(async (_: unknown, command: Command) => {
      const ctx = new Context(command, env);
      const { tokens: records } = await ctx.client().api.tokens.list();
      if (ctx.out.json) return ctx.out.data({ tokens: records });
      if (records.length === 0) return ctx.out.line('No token yet: create one in the dashboard (Tokens).');
      const day = (at: string | null, none: string) => (at ? at.slice(0, 16).replace('T', ' ') : none);
      ctx.out.table(
        records.map((t) => [
          t.id,
          t.name,
          t.token_prefix,
          t.scopes.join(','),
          day(t.last_used_at, 'never'),
          day(t.expires_at, 'never'),
          t.revoked_at ? 'revoked' : 'active',
        ]),
        ['ID', 'NAME', 'PREFIX', 'SCOPES', 'LAST USED', 'EXPIRES', 'STATE'],
      );
    });

  tokens
    .command('revoke <id-or-name>')
    .description('Revoke one of your tokens by id or name: any request made with it after is refused (401)')
    .action(async (key: string, _: unknown, command: Command) => {
      const ctx = new Context(command, env);
      const client = ctx.client();
      const id = await tokenId(client, key);
      const { record } = await client.api.tokens.revoke({ params: { path: { id } } });
      if (ctx.out.json) return ctx.out.data({ revoked: record });
      ctx.out.line(`Revoked the token "${record.name}" (${record.token_prefix}...).`);
      const { token } = ctx.store.resolve({ url: ctx.options.url });
      if (token?.startsWith(record.token_prefix))
        ctx.out.note(
          'It was the token this command line uses: `policy-catalog login` with another, or set POLICY_CATALOG_TOKEN.',
        );
    });
}

/** A token's id: given, or that of the one active token of that name. */
async function tokenId(client: PolicyCatalog, key: string): Promise<string> {
  if (UUID.test(key)) return key;
  const { tokens } = await client.api.tokens.list();
  const named: TokenRecord[] = tokens.filter((t) => t.name === key && !t.revoked_at);
  if (named.length === 1) return named[0].id;
  if (named.length === 0)
    throw new CliError(
      `no active token of yours is named "${key}" (\`policy-catalog tokens list\` shows them)`,
      EXIT.usage,
    );
  throw new CliError(
    `${named.length} active tokens are named "${key}": give its id (${named.map((t) => t.id).join(', ')})`,
    EXIT.usage,
  );
}
