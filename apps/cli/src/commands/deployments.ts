import { createInterface } from 'node:readline/promises';
import type { LogEnd, LogStreamEvent, PolicyCatalog } from '@policy-catalog/sdk';
import type { Command } from 'commander';
import type { CliEnv } from '../cli.env';
import { Context } from '../context';
import { CliError, EXIT, type Output } from '../output';
import { UUID } from './catalog';

interface DeployOptions {
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
  follow: boolean;
}

/** `deploy` (plan, confirm, apply, follow) and `deployments logs`. */
export function deploymentCommands(program: Command, env: CliEnv): void {
  program
    .command('deploy <asset-id>')
    .description(
      'Deploy a policy (or with --ruleset a ruleset) to platform organizations: shows the plan, asks to confirm (--yes in CI), applies, and follows each log to its end; exits 1 when a target fails',
    )
    .requiredOption('--target <org-id...>', 'platform organization id(s) to deploy to')
    .option('--ruleset', 'the asset is a governance ruleset')
    .option('--connection <id>', 'the platform connection (default: your only one)')
    .option('--workspace <id-or-slug>', 'the workspace (default: your personal workspace)')
    .option('--publish', 'publish a MAJOR.MINOR.PATCH-dev.<timestamp> version')
    .option('--release', 'publish the plain version and its home page')
    .option('--cleanup-dev', 'after a release, delete its dev versions')
    .option('--ref <ref>', 'branch, tag or commit (default: the reviewed commit; another ref is a dev build)')
    .option('--implementation-ref <ref>', 'split policies: the implementation ref')
    .option('--version <x.y.z>', 'the version (default: from the repository)')
    .option('-y, --yes', 'apply without asking (CI)')
    .option('--no-follow', 'do not wait for the deployments to finish')
    .action(async (assetId: string, options: DeployOptions, command: Command) => {
      const ctx = new Context(command, env);
      if (!UUID.test(assetId)) throw new CliError(`not an asset id: ${assetId}`, EXIT.usage);
      const client = ctx.client();
      const plan = await ctx.out.task('Planning', () => makePlan(client, assetId, options));
      printPlan(ctx.out, plan);
      if (!options.yes) await confirm(ctx.out);
      const { data, response } = await ctx.out.task('Applying', () =>
        client.send('Deployments_create', {
          body: {
            ...(options.ruleset
              ? { assetType: 'ruleset' as const, rulesetId: assetId }
              : { policyId: assetId }),
            connectionId: plan.connection.id,
            workspaceId: plan.workspace.id,
            targetOrganizationIds: options.target,
            doPublish: Boolean(options.publish),
            doRelease: Boolean(options.release),
            cleanupDev: Boolean(options.cleanupDev),
            ref: options.ref,
            implementationRef: options.implementationRef,
            version: options.version,
          },
        }),
      );
      let failed = 0;
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
          followToEnd(
            client,
            ctx.out,
            r.deployment!.id,
            started.length > 1 ? names.get(r.deployment!.id) : undefined,
          ),
        ),
      );
      for (const end of ends) if (end.status !== 'succeeded') failed++;
      if (!ctx.out.json)
        ctx.out.line(
          failed === 0
            ? ctx.out.c.green(`Deployed to ${ends.length} organization(s).`)
            : ctx.out.c.red(`${failed} of ${data.results.length} target(s) did not succeed.`),
        );
      if (failed > 0) throw new CliError(`${failed} target(s) did not succeed`, EXIT.failed);
    });

  program
    .command('deployments')
    .description('Your deployments')
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
      const end = await followToEnd(client, ctx.out, id);
      if (end.status !== 'succeeded')
        throw new CliError(
          `the deployment ${end.status ?? 'ended'}${end.error ? `: ${end.error}` : ''}`,
          EXIT.failed,
        );
    });
}

interface Plan {
  asset: { kind: 'policy' | 'ruleset'; id: string; name: string; reviewedCommit: string | null };
  connection: { id: string; name: string };
  workspace: { id: string; name: string };
  targets: Array<{ id: string; name: string | null }>;
  mode: 'apply' | 'publish' | 'release';
  ref: string | null;
}

/** Resolves names and defaults so the user sees what will happen before anything does. */
async function makePlan(client: PolicyCatalog, assetId: string, options: DeployOptions): Promise<Plan> {
  const [asset, connections, memberships] = await Promise.all([
    options.ruleset
      ? client.api.rulesets.get({ params: { path: { id: assetId } } }).then(({ ruleset }) => ({
          kind: 'ruleset' as const,
          id: ruleset.id,
          name: ruleset.name,
          reviewedCommit: ruleset.pin?.commit ?? null,
        }))
      : client.api.policies.get({ params: { path: { id: assetId } } }).then(({ policy }) => ({
          kind: 'policy' as const,
          id: policy.id,
          name: policy.name,
          reviewedCommit: policy.pin?.commit ?? null,
        })),
    client.api.connections.list(),
    client.api.workspaces.list(),
  ]);
  const connection = options.connection
    ? connections.connections.find((c) => c.id === options.connection)
    : connections.connections.length === 1
      ? connections.connections[0]
      : undefined;
  if (!connection)
    throw new CliError(
      options.connection
        ? `no connection ${options.connection} of yours (shared connections: pass --workspace too)`
        : `name the connection with --connection (you have ${connections.connections.length})`,
      EXIT.usage,
    );
  const workspaces = memberships.memberships.map((m) => m.workspace);
  const workspace = options.workspace
    ? workspaces.find((w) => w.id === options.workspace || w.slug === options.workspace)
    : workspaces.find((w) => w.is_personal);
  if (!workspace)
    throw new CliError(`no workspace ${options.workspace ?? '(personal)'} of yours`, EXIT.usage);
  const { orgs } = await client.api.connections.orgs({ params: { path: { id: connection.id } } });
  return {
    asset,
    connection: { id: connection.id, name: connection.name },
    workspace: { id: workspace.id, name: workspace.name },
    targets: options.target.map((id) => ({ id, name: orgs.find((o) => o.id === id)?.fullPath ?? null })),
    mode: options.release ? 'release' : options.publish ? 'publish' : 'apply',
    ref: options.ref ?? null,
  };
}

function printPlan(out: Output, plan: Plan): void {
  if (out.json) return out.event({ type: 'plan', ...plan });
  const what = plan.ref
    ? `at ${plan.ref} (a dev build: not the reviewed commit)`
    : plan.asset.reviewedCommit
      ? `at the reviewed commit ${plan.asset.reviewedCommit.slice(0, 12)}`
      : 'at its default ref';
  out.line(out.c.bold('Plan'));
  out.line(`  deploy   ${plan.asset.kind} "${plan.asset.name}" (${plan.asset.id}) ${what}`);
  out.line(`  mode     ${plan.mode}`);
  out.line(`  with     connection "${plan.connection.name}" in workspace "${plan.workspace.name}"`);
  for (const t of plan.targets)
    out.line(
      `  to       ${t.name ?? out.c.yellow(`${t.id} (not an organization this connection lists)`)}${t.name ? ` (${t.id})` : ''}`,
    );
}

async function confirm(out: Output): Promise<void> {
  if (!process.stdin.isTTY || out.json)
    throw new CliError('not confirmed: pass --yes to deploy without a question (CI)', EXIT.usage);
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question('Deploy? [y/N] ');
    if (!/^y(es)?$/i.test(answer.trim())) throw new CliError('not deployed', EXIT.usage);
  } finally {
    rl.close();
  }
}

/** Prints a deployment's log (prefixed with its organization when several run) and returns its end. */
async function followToEnd(client: PolicyCatalog, out: Output, id: string, prefix?: string): Promise<LogEnd> {
  const lead = prefix ? `${out.c.dim(`[${prefix}]`)} ` : '';
  for await (const event of client.followDeploymentLog(id, {
    onReconnect: (attempt, lastEventId) =>
      out.note(
        `${lead}connection lost; resuming${lastEventId ? ` after ${lastEventId}` : ''} (try ${attempt})`,
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
