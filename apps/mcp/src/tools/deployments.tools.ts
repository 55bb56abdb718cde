import { Injectable } from '@nestjs/common';
import {
  ASSET_TYPES,
  CONNECTION_LIMITS,
  DEPLOYMENT_LIMITS as L,
  DeploymentsRpc,
  PLAN_ACTIONS,
  VERSION_PATTERN,
} from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { z } from 'zod';
import { id } from './schemas';
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
        asset_type: z.enum(ASSET_TYPES).default('policy'),
        policy_id: id('policy').optional(),
        ruleset_id: id('ruleset').optional(),
        connection_id: id('connection'),
        workspace_id: id('workspace'),
        target_organization_ids: z
          .array(z.string().min(1).max(L.organizationIdMax))
          .min(L.targetsMin)
          .max(L.targetsMax),
        version: z.string().regex(VERSION_PATTERN).optional().describe('MAJOR.MINOR.PATCH'),
        do_release: z.boolean().optional(),
        do_publish: z.boolean().optional(),
      },
      output: { asset_id: z.string(), targets: z.array(plannedTargetSchema) },
      annotations: { ...READ_ONLY, openWorldHint: true },
      run: async (args, ctx) => {
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
