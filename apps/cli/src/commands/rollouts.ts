import type { PolicyCatalog, RolloutEnd, RolloutStreamEvent, Schemas } from '@policy-catalog/sdk';
import type { Command } from 'commander';
import type { CliEnv } from '../cli.env';
import { Context } from '../context';
import { CliError, EXIT, type Output } from '../output';
import { UUID } from './catalog';
import { organizationsOf, resolveTargets, unlistedNote } from './connections';
import { interruption, resolveWhere } from './deployments';
import { describeFound, findListing } from './listings';
import { listPage, listPageHelp } from './list-pages';
import { positiveInt, stepSizes, wholeNumber } from './numbers';

type Rollout = Schemas['RolloutDto'];

interface StartOptions {
  ruleset?: boolean;
  connection?: string;
  workspace?: string;
  target?: string[];
  stepSizes?: Array<number | 'rest'>;
  step?: string[];
  version?: string;
  ref?: string;
  release?: boolean;
  bake?: number;
  healthTimeout?: number;
  follow: boolean;
}

/** The most roll-outs `rollouts list` reads (pages of ROLLOUT_PAGE, newest first). */
const LIST_MAX = 1000;
/** The API's largest page of roll-outs. */
const ROLLOUT_PAGE = 100;

/** How a roll-out ended, as an exit code: completed 0, anything else (halted, aborted, rolled back) 1. */
const ENDED_OK = 'completed';

/**
 * `rollouts list|start|show|follow|pause|resume|abort|rollback`: staged roll-outs gated on the platform's
 * health, followed live through the roll-out's event stream (resumed after a dropped connection).
 */
export function rolloutCommands(program: Command, env: CliEnv): void {
  const rollouts = program
    .command('rollouts')
    .description('Staged roll-outs: one version to many organizations in steps, each gated on health');

  rollouts
    .command('list')
    .description('The roll-outs you started, newest first: asset, status and the step reached')
    .option('--limit <n>', `at most this many (up to ${LIST_MAX})`, positiveInt, 20)
    .addHelpText('after', listPageHelp('rollouts'))
    .action(async (options: { limit: number }, command: Command) => {
      const ctx = new Context(command, env);
      if (options.limit > LIST_MAX) throw new CliError(`--limit is at most ${LIST_MAX}`, EXIT.usage);
      const found: Rollout[] = [];
      let hasMore = false;
      for await (const page of ctx.client().pages('Rollouts_list', {
        params: { query: { limit: Math.min(ROLLOUT_PAGE, options.limit) } },
      })) {
        const room = options.limit - found.length;
        found.push(...page.rollouts.slice(0, room));
        hasMore = page.hasMore || page.rollouts.length > room;
        if (found.length >= options.limit) break;
      }
      if (ctx.out.json) return ctx.out.data(listPage('rollouts', found, hasMore));
      if (found.length === 0) return ctx.out.line('No roll-out yet.');
      ctx.out.table(
        found.map((rollout) => [
          rollout.id,
          `${rollout.asset_type} ${rollout.asset_name}`,
          rollout.requested_version ?? '',
          rollout.status,
          stepReached(rollout),
          rollout.created_at.slice(0, 16).replace('T', ' '),
        ]),
        ['ID', 'ASSET', 'VERSION', 'STATUS', 'STEP', 'CREATED'],
      );
      if (hasMore) ctx.out.note(`More roll-outs exist: raise --limit (up to ${LIST_MAX}).`);
    });

  rollouts
    .command('start <id-or-slug>')
    .description(
      'Start a roll-out of a community policy or ruleset (by id or slug, as deploy takes it; --ruleset: a ruleset): steps by --step (repeat, comma-separated organization ids or names) or by --target with --step-sizes; follows it live to its end (exit 1 unless it completed)',
    )
    .option(
      '--ruleset',
      'the asset is a governance ruleset (default: a policy of that id or slug, else a ruleset)',
    )
    .option('--connection <id-or-name>', 'the platform connection (default: your only one)')
    .option('--workspace <id-or-slug>', 'the workspace (default: your personal workspace)')
    .option(
      '--step <orgs>',
      'one step: comma-separated organization ids or names (repeat, in order)',
      collect,
      [],
    )
    .option('--target <org-id-or-name...>', 'with --step-sizes: the organizations, in order')
    .option('--step-sizes <sizes>', 'with --target: e.g. 1,3,rest', stepSizes)
    .option('--version <x.y.z>', 'the version (default: from the repository)')
    .option('--ref <ref>', 'branch, tag or commit (default: the reviewed commit)')
    .option('--release', 'publish the plain version and its home page')
    .option('--bake <seconds>', 'seconds each step stays healthy before the next (default 0)', wholeNumber)
    .option('--health-timeout <seconds>', 'seconds a step has to report healthy (default 600)', positiveInt)
    .option('--no-follow', 'print the roll-out and return at once')
    .action(async (key: string, options: StartOptions, command: Command) => {
      const ctx = new Context(command, env);
      const steps =
        options.step?.map((s) =>
          s
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean),
        ) ?? [];
      if (steps.length === 0 && !(options.target && options.stepSizes))
        throw new CliError('give the steps: --step <ids> (repeat), or --target and --step-sizes', EXIT.usage);
      const client = ctx.client();
      const found = await findListing(client, key, options.ruleset ? { kind: 'ruleset' } : {});
      if (found.catalog === 'vendor')
        throw new CliError(
          `${describeFound(found)} is a vendor item: only community items are rolled out`,
          EXIT.usage,
        );
      const { connection, workspace } = await resolveWhere(client, { ...options, target: [], follow: false });
      const list = await organizationsOf(client, connection.id);
      const unlisted: string[] = [];
      const organizations = (given: string[]) => {
        const resolved = resolveTargets(list, given, connection.name);
        unlisted.push(...resolved.unlisted);
        return resolved.targets;
      };
      const targets =
        steps.length > 0
          ? { steps: steps.map(organizations) }
          : {
              targetOrganizationIds: organizations(options.target!),
              stepSizes: options.stepSizes!,
            };
      if (unlisted.length > 0) ctx.out.note(unlistedNote(unlisted, connection.name));
      const { rollout } = await ctx.out.task('Starting the roll-out', () =>
        client.api.rollouts.create({
          body: {
            ...(found.kind === 'ruleset'
              ? { assetType: 'ruleset' as const, rulesetId: found.id }
              : { policyId: found.id }),
            connectionId: connection.id,
            workspaceId: workspace.id,
            version: options.version,
            ref: options.ref,
            doRelease: Boolean(options.release),
            bakeSeconds: options.bake,
            healthTimeoutSeconds: options.healthTimeout,
            ...targets,
          },
        }),
      );
      printRollout(ctx.out, rollout);
      if (options.follow) await followToEnd(client, ctx.out, rollout.id);
    });

  rollouts
    .command('show <rollout-id>')
    .description('A roll-out: its status, steps and each organization’s state')
    .action(async (id: string, _: unknown, command: Command) => {
      const ctx = new Context(command, env);
      const { rollout } = await ctx.client().api.rollouts.get({ params: { path: { id: checkId(id) } } });
      printRollout(ctx.out, rollout);
    });

  rollouts
    .command('follow <rollout-id>')
    .description(
      'A roll-out’s events live until it ends (a dropped connection is resumed where it stopped); exits 1 unless it completed',
    )
    .action(async (id: string, _: unknown, command: Command) => {
      const ctx = new Context(command, env);
      await followToEnd(ctx.client(), ctx.out, checkId(id));
    });

  const actions = {
    pause: 'Pause: no new step starts',
    resume: 'Resume a paused roll-out',
    abort: 'Abort: stop, keep what is applied',
    rollback: 'Roll back: stop and restore what each changed organization ran before (pinned)',
  } as const;
  for (const [action, description] of Object.entries(actions) as Array<[keyof typeof actions, string]>)
    rollouts
      .command(`${action} <rollout-id>`)
      .description(description)
      .action(async (id: string, _: unknown, command: Command) => {
        const ctx = new Context(command, env);
        const { rollout } = await ctx
          .client()
          .api.rollouts[action]({ params: { path: { id: checkId(id) } } });
        printRollout(ctx.out, rollout);
      });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function checkId(id: string): string {
  if (!UUID.test(id)) throw new CliError(`not a roll-out id: ${id}`, EXIT.usage);
  return id;
}

/** `2/3`: the step in progress (or the last that ran) of all; `-` before the first. */
function stepReached(rollout: Rollout): string {
  return rollout.current_step === null ? '-' : `${rollout.current_step + 1}/${rollout.steps.length}`;
}

function printRollout(out: Output, rollout: Rollout): void {
  if (out.json) return out.event({ type: 'rollout', rollout });
  const phase = rollout.phase ? ` (${rollout.phase})` : '';
  out.line(`${out.c.bold(`Roll-out ${rollout.id}`)} of ${rollout.asset_type} "${rollout.asset_name}"`);
  out.line(`  status   ${rollout.status}${phase}${rollout.halt_reason ? `: ${rollout.halt_reason}` : ''}`);
  for (const step of rollout.steps) {
    out.line(`  step ${step.index + 1}   ${step.state}`);
    for (const o of step.organizations)
      out.line(
        `    ${o.organization_name ?? o.organization_id}: ${o.state}${o.health ? ` (${o.health})` : ''}${o.error ? `: ${o.error}` : ''}`,
      );
  }
}

/** Prints a roll-out's events as they happen and fails unless it completed. */
async function followToEnd(client: PolicyCatalog, out: Output, id: string): Promise<RolloutEnd> {
  for await (const event of client.followRollout(id, {
    onReconnect: (attempt, last, reason) =>
      out.note(`${interruption(reason)}; resuming${last ? ` after event ${last}` : ''} (try ${attempt})`),
  })) {
    if (out.json) out.event(eventJson(event));
    else if (event.type === 'rollout')
      out.line(`${out.c.dim(event.event.at.slice(11, 19))} ${event.event.message}`);
    if (event.type === 'closed')
      throw new CliError(`the gateway closed the roll-out stream: ${event.reason}`, EXIT.api);
    if (event.type === 'end') {
      const { status, halt_reason } = event.end;
      if (!out.json)
        out.line(
          `${status === ENDED_OK ? out.c.green(status) : out.c.red(status)}${halt_reason ? `: ${halt_reason}` : ''}`,
        );
      if (status !== ENDED_OK)
        throw new CliError(`the roll-out ${status}${halt_reason ? `: ${halt_reason}` : ''}`, EXIT.failed);
      return event.end;
    }
  }
  throw new CliError('the roll-out stream ended without an outcome', EXIT.api);
}

function eventJson(event: RolloutStreamEvent): Record<string, unknown> {
  switch (event.type) {
    case 'rollout': {
      const { type: change, ...rest } = event.event;
      return { type: 'rollout', change, id: event.id, ...rest };
    }
    case 'end':
      return { type: 'end', ...event.end };
    case 'closed':
      return { type: 'closed', reason: event.reason };
  }
}
