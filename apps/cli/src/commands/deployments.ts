import { createInterface } from 'node:readline/promises';
import {
  type LogEnd,
  type LogStreamEvent,
  type OperationData,
  type PolicyCatalog,
  type Schemas,
  StreamClosedError,
} from '@policy-catalog/sdk';
import { type Command, Option } from 'commander';
import type { CliEnv } from '../cli.env';
import { Context } from '../context';
import { CliError, EXIT, type Output } from '../output';
import { UUID } from './catalog';
import { findConnection, organizationsOf, resolveTargets, unlistedNote } from './connections';
import { describeFound, findListing, type Kind } from './listings';
import { listPage, listPageHelp } from './list-pages';
import { positiveInt } from './numbers';

export interface DeployOptions {
  ruleset?: boolean;
  connection?: string;
  workspace?: string;
  target: string[];
  publish?: boolean;
  release?: boolean;
  cleanupDev?: boolean;
  ref?: string;
  implementationRef?: string;
  version?: string;
  yes?: boolean;
  reapply?: boolean;
  follow: boolean;
}

/** The most deployments `deployments list` prints (pages of up to 200 are asked for until then). */
const LIST_MAX = 1000;

/** `deploy` (plan, confirm, apply, follow), `deployments list` and `deployments logs`. */
export function deploymentCommands(program: Command, env: CliEnv): void {
  program
    .command('deploy <id-or-slug>')
    .description(
      'Deploy a community policy or ruleset (by id or slug; --ruleset: a ruleset) to platform organizations: says which one it found, shows the API’s plan (its dry run: create, update, unchanged or error per target), asks to confirm (--yes in CI), applies, and follows each log to its end; exits 1 when a target fails',
    )
    .requiredOption(
      '--target <org-id-or-name...>',
      'platform organization(s) to deploy to, by id or name (`organizations list` shows them)',
    )
    .option(
      '--ruleset',
      'the asset is a governance ruleset (default: a policy of that id or slug, else a ruleset)',
    )
    .option('--connection <id-or-name>', 'the platform connection (default: your only one)')
    .option('--workspace <id-or-slug>', 'the workspace (default: your personal workspace)')
    .option('--publish', 'publish a MAJOR.MINOR.PATCH-dev.<timestamp> version to the registry first')
    .option(
      '--release',
      'publish the plain version and its home page to the registry first (without it or --publish, the version must be there already: a first deploy needs one of them)',
    )
    .option('--cleanup-dev', 'after a release, delete its dev versions')
    .option('--ref <ref>', 'branch, tag or commit (default: the reviewed commit; another ref is a dev build)')
    .option('--implementation-ref <ref>', 'split policies: the implementation ref')
    .option('--version <x.y.z>', 'the version (default: from the repository)')
    .option('-y, --yes', 'apply without asking (CI)')
    .option('--reapply', 'deploy to the targets the plan says are unchanged too (default: skip them)')
    .option('--no-follow', 'do not wait for the deployments to finish')
    .action(async (key: string, given: DeployOptions, command: Command) => {
      const ctx = new Context(command, env);
      const client = ctx.client();
      const found = await findListing(client, key, given.ruleset ? { kind: 'ruleset' } : {});
      if (found.catalog === 'vendor')
        throw new CliError(
          `${describeFound(found)} is a vendor item: only community items are deployed`,
          EXIT.usage,
        );
      if (!ctx.out.json) ctx.out.line(`Found ${describeFound(found)}.`);
      const assetId = found.id;
      const options = { ...given, ruleset: found.kind === 'ruleset' };
      const { connection, workspace, targets, unlisted } = await ctx.out.task(
        'Resolving the connection, workspace and targets',
        async () => {
          const where = await resolveWhere(client, options);
          const list = await organizationsOf(client, where.connection.id);
          return { ...where, ...resolveTargets(list, options.target, where.connection.name) };
        },
      );
      if (unlisted.length > 0) ctx.out.note(unlistedNote(unlisted, connection.name));
      const body = {
        ...(options.ruleset ? { assetType: 'ruleset' as const, rulesetId: assetId } : { policyId: assetId }),
        connectionId: connection.id,
        workspaceId: workspace.id,
        targetOrganizationIds: targets,
        doPublish: Boolean(options.publish),
        doRelease: Boolean(options.release),
        cleanupDev: Boolean(options.cleanupDev),
        ref: options.ref,
        implementationRef: options.implementationRef,
        version: options.version,
      };
      // The plan is the API's dry run: every check of the real request, nothing written.
      const plan = await ctx.out.task('Planning', () =>
        client.call('Deployments_create', { body: { ...body, dryRun: true } }),
      );
      if (!('dryRun' in plan)) throw new CliError('the API applied a dry run', EXIT.api);
      printPlan(ctx.out, { assetId, connection, workspace, options }, plan);
      const apply = plan.targets.filter(
        (t) =>
          t.action === 'create' || t.action === 'update' || (t.action === 'unchanged' && options.reapply),
      );
      const refused = plan.targets.filter((t) => t.action === 'error').length;
      if (apply.length === 0) {
        if (refused > 0) throw new CliError(`no target can be deployed to (${refused} refused)`, EXIT.failed);
        if (!ctx.out.json) ctx.out.line('Nothing to change (--reapply deploys anyway).');
        return;
      }
      if (!options.yes) await confirm(ctx.out, apply.length);
      const { data: answer, response } = await ctx.out.task('Applying', () =>
        client.send('Deployments_create', {
          body: { ...body, targetOrganizationIds: apply.map((t) => t.organizationId) },
        }),
      );
      // The request is never a dry run here: the answer has one result per target.
      if (!('results' in answer)) throw new CliError('the API answered a plan to a deployment', EXIT.api);
      const data = answer;
      let failed = refused;
      for (const r of data.results) {
        const org = r.organizationName ?? r.organizationId;
        if (ctx.out.json) ctx.out.event({ type: 'result', ...r });
        else if (r.ok)
          ctx.out.line(
            `${org}: deployment ${r.deployment!.id} ${r.deployment!.status}${r.deployment!.deduped ? ' (the same request was already in flight)' : ''}`,
          );
        else ctx.out.line(`${org}: ${ctx.out.c.red('not deployed')}: ${r.error}`);
        if (!r.ok) failed++;
      }
      if (response.status === 207) ctx.out.note('Some targets were not deployed (207).');
      const started = data.results.filter((r) => r.ok && r.deployment);
      if (!options.follow) {
        if (failed > 0) throw new CliError(`${failed} target(s) not deployed`, EXIT.failed);
        return;
      }
      const names = new Map(started.map((r) => [r.deployment!.id, r.organizationName ?? r.organizationId]));
      const ends = await Promise.all(
        started.map((r) =>
          followToEnd(client, ctx.out, r.deployment!.id, {
            prefix: started.length > 1 ? names.get(r.deployment!.id) : undefined,
          }),
        ),
      );
      for (const end of ends) if (end.status !== 'succeeded') failed++;
      if (!ctx.out.json)
        ctx.out.line(
          failed === 0
            ? ctx.out.c.green(`Deployed to ${ends.length} organization(s).`)
            : ctx.out.c.red(`${failed} of ${plan.targets.length} target(s) did not succeed.`),
        );
      if (failed > 0) throw new CliError(`${failed} target(s) did not succeed`, EXIT.failed);
    });

  const deployments = program.command('deployments').description('Your deployments');
  deployments
    .command('list')
    .description('Your deployments, newest first: asset, organization, version and status')
    .addOption(new Option('--kind <kind>', 'only policies or only rulesets').choices(['policy', 'ruleset']))
    // Its first name, before --kind was spelled as search, show and follow spell it: still taken.
    .addOption(new Option('--asset-type <type>').choices(['policy', 'ruleset']).hideHelp())
    .option('--limit <n>', `at most this many (up to ${LIST_MAX})`, positiveInt, 50)
    .addHelpText('after', listPageHelp('deployments'))
    .action(async (given: { kind?: Kind; assetType?: Kind; limit: number }, command: Command) => {
      const ctx = new Context(command, env);
      const options = { ...given, assetType: given.kind ?? given.assetType };
      if (options.limit > LIST_MAX) throw new CliError(`--limit is at most ${LIST_MAX}`, EXIT.usage);
      const found: Deployment[] = [];
      let hasMore = false;
      for await (const page of ctx.client().pages('Deployments_list', {
        params: { query: { assetType: options.assetType, limit: Math.min(200, options.limit) } },
      })) {
        const room = options.limit - found.length;
        found.push(...page.deployments.slice(0, room));
        hasMore = page.pagination.has_more || page.deployments.length > room;
        if (found.length >= options.limit) break;
      }
      if (ctx.out.json) return ctx.out.data(listPage('deployments', found, hasMore));
      if (found.length === 0) return ctx.out.line('No deployment yet.');
      ctx.out.table(
        found.map((deployment) => [
          deployment.id,
          `${deployment.asset_type} ${deployment.asset_name}`,
          deployment.platform_org_name ?? deployment.platform_org_id,
          deployment.version ?? deployment.requested_version ?? '',
          deployment.status,
          deployment.created_at.slice(0, 16).replace('T', ' '),
        ]),
        ['ID', 'ASSET', 'ORGANIZATION', 'VERSION', 'STATUS', 'CREATED'],
      );
      if (hasMore) ctx.out.note(`More deployments exist: raise --limit (up to ${LIST_MAX}).`);
    });

  deployments
    .command('logs <deployment-id>')
    .description(
      'A deployment’s log; with --follow, live until it ends (a dropped connection is resumed where it stopped); exits 1 when the deployment failed',
    )
    .option('-f, --follow', 'wait for a running deployment and print its log as it is written')
    .action(async (id: string, options: { follow?: boolean }, command: Command) => {
      const ctx = new Context(command, env);
      if (!UUID.test(id)) throw new CliError(`not a deployment id: ${id}`, EXIT.usage);
      const client = ctx.client();
      const { deployment } = await client.api.deployments.get({ params: { path: { id } } });
      if (['queued', 'running'].includes(deployment.status) && !options.follow) {
        if (ctx.out.json)
          return ctx.out.event({ type: 'status', deployment_id: id, status: deployment.status });
        ctx.out.line(`The deployment is ${deployment.status}: add --follow to wait for it and see its log.`);
        return;
      }
      const end = await followToEnd(client, ctx.out, id, { failureToCaller: true });
      if (end.status !== 'succeeded')
        throw new CliError(
          `the deployment ${end.status ?? 'ended'}${end.error ? `: ${end.error}` : ''}`,
          EXIT.failed,
        );
    });
}

type Named = { id: string; name: string };
type Deployment = Schemas['DeploymentDto'];
type DeploymentPlan = Extract<OperationData<'Deployments_create'>, { dryRun: true }>;

/** The connection (yours, or the only one) and the workspace (named, or your personal one). */
export async function resolveWhere(
  client: PolicyCatalog,
  options: DeployOptions,
): Promise<{ connection: Named; workspace: Named }> {
  const [connection, memberships] = await Promise.all([
    findConnection(client, options.connection),
    client.api.workspaces.list(),
  ]);
  const workspaces = memberships.memberships.map((m) => m.workspace);
  const workspace = options.workspace
    ? workspaces.find((w) => w.id === options.workspace || w.slug === options.workspace)
    : workspaces.find((w) => w.is_personal);
  if (!workspace)
    throw new CliError(`no workspace ${options.workspace ?? '(personal)'} of yours`, EXIT.usage);
  return {
    connection,
    workspace: { id: workspace.id, name: workspace.name },
  };
}

/** The API's plan, one line per target: what apply would do there. */
function printPlan(
  out: Output,
  where: { assetId: string; connection: Named; workspace: Named; options: DeployOptions },
  plan: DeploymentPlan,
): void {
  const { options } = where;
  const mode = options.release ? 'release' : options.publish ? 'publish' : 'apply';
  if (out.json)
    return out.event({
      type: 'plan',
      mode,
      ref: options.ref ?? null,
      connection: where.connection,
      workspace: where.workspace,
      ...plan,
    });
  out.line(out.c.bold('Plan'));
  const at = options.ref ? ` at ${options.ref} (a dev build: not the reviewed commit)` : '';
  out.line(
    `  deploy   ${options.ruleset ? 'ruleset' : 'policy'} ${where.assetId} (registry asset ${plan.assetId})${at}`,
  );
  out.line(`  mode     ${mode}`);
  out.line(`  with     connection "${where.connection.name}" in workspace "${where.workspace.name}"`);
  for (const t of plan.targets) {
    const org = t.organizationName ? `${t.organizationName} (${t.organizationId})` : t.organizationId;
    const to = t.to ?? 'the version the build makes';
    const what =
      t.action === 'create'
        ? out.c.green(`create   ${to}`)
        : t.action === 'update'
          ? out.c.yellow(`update   ${t.from ?? 'nothing'} -> ${to}`)
          : t.action === 'unchanged'
            ? out.c.dim(`unchanged ${t.from ?? ''}${options.reapply ? ' (reapplied)' : ' (skipped)'}`)
            : out.c.red(`error    ${t.error ?? 'refused'}`);
    out.line(`  ${org}: ${what}`);
  }
}

async function confirm(out: Output, targets: number): Promise<void> {
  if (!process.stdin.isTTY || out.json)
    throw new CliError('not confirmed: pass --yes to deploy without a question (CI)', EXIT.usage);
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`Deploy to ${targets} organization(s)? [y/N] `);
    if (!/^y(es)?$/i.test(answer.trim())) throw new CliError('not deployed', EXIT.usage);
  } finally {
    rl.close();
  }
}

/**
 * Prints a deployment's log (prefixed with its organization when several run) and returns its end. With
 * `failureToCaller` a failed end is not printed: the caller says it once, on stderr, as it exits 1.
 */
async function followToEnd(
  client: PolicyCatalog,
  out: Output,
  id: string,
  options: { prefix?: string; failureToCaller?: boolean } = {},
): Promise<LogEnd> {
  const { prefix } = options;
  const lead = prefix ? `${out.c.dim(`[${prefix}]`)} ` : '';
  for await (const event of client.followDeploymentLog(id, {
    onReconnect: (attempt, lastEventId, reason) =>
      out.note(
        `${lead}${interruption(reason)}; resuming${lastEventId ? ` after ${lastEventId}` : ''} (try ${attempt})`,
      ),
  })) {
    if (out.json) {
      out.event({ deployment_id: id, ...eventJson(event) });
      if (event.type === 'end') return event.end;
      if (event.type === 'closed')
        throw new CliError(`the gateway closed the log stream: ${event.reason}`, EXIT.api);
      continue;
    }
    switch (event.type) {
      case 'log': {
        const level =
          event.chunk.level === 'error'
            ? out.c.red('error')
            : event.chunk.level === 'warn'
              ? out.c.yellow('warn ')
              : 'info ';
        out.line(`${lead}${out.c.dim(event.chunk.at.slice(11, 19))} ${level} ${event.chunk.text}`);
        break;
      }
      case 'end': {
        const { status, error } = event.end;
        if (status !== 'succeeded' && options.failureToCaller) return event.end;
        const text = status === 'succeeded' ? out.c.green(status) : out.c.red(String(status));
        out.line(`${lead}${text}${error ? `: ${error}` : ''}`);
        return event.end;
      }
      case 'closed':
        throw new CliError(`the gateway closed the log stream: ${event.reason}`, EXIT.api);
    }
  }
  throw new CliError('the log stream ended without an outcome', EXIT.api);
}

/**
 * Why a followed stream (a log, a roll-out) is being resumed, for the note on stderr: the connection
 * dropped, or the gateway closed it for the client to resume (a replica that stops, a reader left behind).
 */
export function interruption(reason: unknown): string {
  if (!(reason instanceof StreamClosedError)) return 'connection lost';
  return reason.reason === 'shutting_down'
    ? 'the gateway replica stopped'
    : `the gateway closed the stream (${reason.reason})`;
}

function eventJson(event: LogStreamEvent): Record<string, unknown> {
  switch (event.type) {
    case 'log':
      return { type: 'log', id: event.id, ...event.chunk };
    case 'end':
      return { type: 'end', ...event.end };
    case 'closed':
      return { type: 'closed', reason: event.reason };
  }
}
