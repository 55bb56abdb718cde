import type { PolicyCatalog, Schemas } from '@policy-catalog/sdk';
import type { Command } from 'commander';
import type { CliEnv } from '../cli.env';
import { Context } from '../context';
import { CliError, EXIT } from '../output';
import { UUID } from './catalog';

type Connection = Schemas['ConnectionDto'];
export type Organization = Schemas['OrganizationDto'];
export type OrganizationList = Schemas['OrganizationListDto'];

/** `connections list` and `organizations list`: what `deploy --connection` and `--target` take. */
export function connectionCommands(program: Command, env: CliEnv): void {
  program
    .command('connections')
    .description('Your platform connections')
    .command('list')
    .description('Your connections: id, name, the platform tenant each reaches and its last check')
    .action(async (_: unknown, command: Command) => {
      const ctx = new Context(command, env);
      const { connections } = await ctx.client().api.connections.list();
      if (ctx.out.json) return ctx.out.data({ connections });
      if (connections.length === 0)
        return ctx.out.line('No connection yet: create one in the dashboard (Connections).');
      ctx.out.table(
        connections.map((connection) => [
          connection.id,
          connection.name,
          connection.custom_domain ?? connection.host,
          connection.organization_id,
          checkState(connection),
        ]),
        ['ID', 'NAME', 'HOST', 'ORGANIZATION', 'CHECKED'],
      );
    });

  program
    .command('organizations')
    .description('The platform organizations a connection reaches (deploy targets)')
    .command('list')
    .description('A connection’s organizations: the ids and names `deploy --target` takes')
    .option('--connection <id-or-name>', 'the platform connection (default: your only one)')
    .action(async (options: { connection?: string }, command: Command) => {
      const ctx = new Context(command, env);
      const client = ctx.client();
      const connection = await findConnection(client, options.connection);
      const { orgs, truncated } = await organizationsOf(client, connection.id);
      if (ctx.out.json) return ctx.out.data({ connection, orgs, truncated });
      if (orgs.length === 0)
        return ctx.out.line(`The connection "${connection.name}" reaches no organization.`);
      ctx.out.table(
        orgs.map((org) => [org.id, org.name, org.fullPath, org.isPrimary ? 'yes' : '']),
        ['ID', 'NAME', 'PATH', 'PRIMARY'],
      );
      if (truncated)
        ctx.out.note(
          `The list was cut at ${orgs.length} organizations: the connection reaches more than the API lists.`,
        );
    });
}

function checkState(connection: Connection): string {
  if (connection.validation_error) return `failed: ${connection.validation_error}`;
  return connection.validated_at ? connection.validated_at.slice(0, 16).replace('T', ' ') : 'never';
}

/**
 * One of the caller's connections by id or name; without a key, the only one. A uuid that is not
 * among the caller's own (a connection shared through a workspace) is passed on for the API to judge.
 */
export async function findConnection(
  client: PolicyCatalog,
  key: string | undefined,
): Promise<{ id: string; name: string }> {
  const { connections } = await client.api.connections.list();
  if (key === undefined) {
    if (connections.length === 1) return pick(connections[0]);
    if (connections.length === 0)
      throw new CliError(
        'you have no platform connection yet: create one in the dashboard (Connections)',
        EXIT.usage,
      );
    throw new CliError(
      `name the connection with --connection (you have ${connections.length}: see \`policy-catalog connections list\`)`,
      EXIT.usage,
    );
  }
  const byId = connections.find((connection) => connection.id === key);
  if (byId) return pick(byId);
  const byName = matchByName(connections, key);
  if (byName.length === 1) return pick(byName[0]);
  if (byName.length > 1)
    throw new CliError(
      `${byName.length} connections are named "${key}": give its id (${byName.map((c) => c.id).join(', ')})`,
      EXIT.usage,
    );
  if (UUID.test(key)) return { id: key, name: key };
  throw new CliError(`no connection "${key}" of yours: see \`policy-catalog connections list\``, EXIT.usage);
}

function pick(connection: Connection): { id: string; name: string } {
  return { id: connection.id, name: connection.name };
}

/**
 * The organizations the connection reaches, as the platform lists them, `truncated` when the API cut the
 * list (a large tree: at most 1,000, fewer with long names).
 */
export async function organizationsOf(
  client: PolicyCatalog,
  connectionId: string,
): Promise<OrganizationList> {
  const { orgs, truncated } = await client.api.connections.orgs({ params: { path: { id: connectionId } } });
  return { orgs, truncated };
}

/** Items whose name is the key: exactly if any is, else ignoring case. */
function matchByName<T extends { name: string }>(items: T[], key: string): T[] {
  const exact = items.filter((item) => item.name === key);
  if (exact.length > 0) return exact;
  const folded = key.toLocaleLowerCase();
  return items.filter((item) => item.name.toLocaleLowerCase() === folded);
}

/**
 * Deploy targets given by id or name, as organization ids, in the order given and without repeats.
 * An id the connection lists is taken as it is; a name must name exactly one of its organizations.
 * Every unknown or ambiguous target is reported at once (exit 2), with the ids to choose from. When the
 * API cut the list (`truncated`), a target that matches none listed may be an organization past the cut:
 * it is passed on as an id (`unlisted`) for the API to check, as its plan does.
 */
export function resolveTargets(
  { orgs, truncated }: OrganizationList,
  targets: string[],
  connectionName: string,
): { targets: string[]; unlisted: string[] } {
  const ids: string[] = [];
  const unlisted: string[] = [];
  const problems: string[] = [];
  for (const target of targets) {
    const byId = orgs.find((org) => org.id === target);
    const named = byId ? [byId] : matchByName(orgs, target);
    if (named.length === 1) {
      if (!ids.includes(named[0].id)) ids.push(named[0].id);
    } else if (named.length === 0 && truncated) {
      if (!ids.includes(target)) ids.push(target);
      if (!unlisted.includes(target)) unlisted.push(target);
    } else if (named.length === 0)
      problems.push(`no organization "${target}" in the connection "${connectionName}"`);
    else
      problems.push(
        `"${target}" names ${named.length} organizations: give one id (${named.map((org) => `${org.id}: ${org.fullPath}`).join(', ')})`,
      );
  }
  if (problems.length > 0)
    throw new CliError(
      `${problems.join('; ')} (see \`policy-catalog organizations list --connection <id-or-name>\`)`,
      EXIT.usage,
    );
  return { targets: ids, unlisted };
}

/** What is said of targets passed on as ids because the API cut the connection's list. */
export function unlistedNote(unlisted: string[], connectionName: string): string {
  return (
    `Not among the organizations listed for "${connectionName}" (the API cut the list): ` +
    `${unlisted.join(', ')}, passed on as id(s) for the API to check.`
  );
}
