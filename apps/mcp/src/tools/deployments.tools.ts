import { Injectable } from '@nestjs/common';
import {
  ASSET_TYPES,
  type AssetType,
  CONNECTION_LIMITS,
  DEPLOYMENT_LIMITS as L,
  DeploymentsRpc,
  PLAN_ACTIONS,
  VERSION_PATTERN,
} from '@pc/contracts';
import { BusClient, RemoteError } from '@pc/platform';
import { z } from 'zod';
import { id, WORKSPACE_FROM } from './schemas';
import { READ_ONLY, type ToolKit } from './tool-kit';
import type { ToolSet } from './tool-set';

const plannedTargetSchema = z.object({
  organization_id: z.string(),
  organization_name: z.string().nullable(),
  action: z.enum(PLAN_ACTIONS),
  from: z.string().nullable().describe('The version the organization runs now'),
  to: z
    .string()
    .nullable()
    .describe('The version a deployment would leave there (null: decided by the build)'),
  error: z.string().nullable(),
});

/**
 * The item's id for its asset type, in the tool's own names (the service names the REST fields): the
 * id of the type's kind, never the other one.
 */
function checkAsset(args: { asset_type: AssetType; policy_id?: string; ruleset_id?: string }): void {
  const [own, other] =
    args.asset_type === 'ruleset'
      ? (['ruleset_id', 'policy_id'] as const)
      : (['policy_id', 'ruleset_id'] as const);
  if (args[own] === undefined)
    throw new RemoteError({
      code: 'BAD_REQUEST',
      message: `${own} is required with asset_type ${args.asset_type}`,
    });
  if (args[other] !== undefined)
    throw new RemoteError({
      code: 'BAD_REQUEST',
      message: `${other} does not belong with asset_type ${args.asset_type}: give ${own} alone`,
    });
}

/**
 * Deployments, as far as an assistant may go: a plan, which changes nothing. It is the REST API's dry
 * run of a deployment (`POST /api/deployments` with `dryRun`), which needs `api:write` as the deployment
 * does: so does the tool (a read-only token lists it not, and a call of it fails).
 */
@Injectable()
export class DeploymentTools implements ToolSet {
  constructor(private readonly bus: BusClient) {}

  register(kit: ToolKit): void {
    kit.define('plan_deployment', {
      title: 'Plan a deployment',
      description:
        'Says what deploying a policy or ruleset to organizations would do, changing nothing: per ' +
        'organization `create` (nothing of it runs there), `update` (from the version it runs to the new ' +
        'one), `unchanged`, or the error the real deployment would give. The same checks as a deployment ' +
        '(you may deploy the item, the connection is usable in the workspace); it reads the platform. ' +
        'Needs a token with api:write, as a deployment does.',
      scope: 'api:write',
      dryRunOf: 'POST /api/deployments',
      input: {
        asset_type: z
          .enum(ASSET_TYPES)
          .default('policy')
          .describe('policy (default, with policy_id) or ruleset (with ruleset_id).'),
        policy_id: id('policy', 'from search_policies or search: with asset_type policy').optional(),
        ruleset_id: id('ruleset', 'from search_rulesets or search: with asset_type ruleset').optional(),
        connection_id: id(
          'platform connection',
          'to deploy with: your own or one shared into the workspace (from list_connections with the workspace_id)',
        ),
        workspace_id: id('workspace', WORKSPACE_FROM),
        target_organization_ids: z
          .array(z.string().min(1).max(L.organizationIdMax))
          .min(L.targetsMin)
          .max(L.targetsMax)
          .describe(
            `The platform organizations to deploy to, ${L.targetsMin} to ${L.targetsMax} ids (those the connection reaches: from list_connection_organizations).`,
          ),
        version: z
          .string()
          .regex(VERSION_PATTERN, 'must be MAJOR.MINOR.PATCH, e.g. 1.2.0')
          .optional()
          .describe('The version to deploy, MAJOR.MINOR.PATCH (default: the one the build decides).'),
        do_release: z
          .boolean()
          .optional()
          .describe('Default false. Publish the plain version and its home page.'),
        do_publish: z
          .boolean()
          .optional()
          .describe('Default false. Publish a MAJOR.MINOR.PATCH-dev.<timestamp> version.'),
      },
      output: { asset_id: z.string(), targets: z.array(plannedTargetSchema) },
      annotations: { ...READ_ONLY, openWorldHint: true },
      run: async (args, ctx) => {
        checkAsset(args);
        // Waited for past the deadline of its read of the platform (the eligible organizations).
        const plan = await this.bus.request(
          DeploymentsRpc.plan,
          ctx,
          {
            assetType: args.asset_type,
            ...(args.policy_id ? { policyId: args.policy_id } : {}),
            ...(args.ruleset_id ? { rulesetId: args.ruleset_id } : {}),
            connectionId: args.connection_id,
            workspaceId: args.workspace_id,
            targetOrganizationIds: args.target_organization_ids,
            ...(args.version ? { version: args.version } : {}),
            ...(args.do_release !== undefined ? { doRelease: args.do_release } : {}),
            ...(args.do_publish !== undefined ? { doPublish: args.do_publish } : {}),
          },
          { timeoutMs: CONNECTION_LIMITS.deploymentCheckWaitMs },
        );
        const targets = plan.targets.map((t) => ({
          organization_id: t.organizationId,
          organization_name: t.organizationName,
          action: t.action,
          from: t.from,
          to: t.to,
          error: t.error,
        }));
        const line = (t: (typeof targets)[number]): string => {
          const org = t.organization_name ?? t.organization_id;
          if (t.action === 'error') return `- ${org}: not deployed (${t.error})`;
          if (t.action === 'update') return `- ${org}: update ${t.from} -> ${t.to ?? 'the built version'}`;
          if (t.action === 'create') return `- ${org}: create ${t.to ?? 'the built version'}`;
          return `- ${org}: unchanged (${t.from})`;
        };
        return {
          data: { asset_id: plan.assetId, targets },
          text: [`Plan for ${plan.assetId} (nothing was changed):`, ...targets.map(line)].join('\n'),
        };
      },
    });
  }
}
