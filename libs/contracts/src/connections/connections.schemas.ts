import { z } from 'zod';
import type { MessageSchema } from '../common/message-schemas';
import { DEPLOYMENT_LIMITS } from '../deployments/deployments.limits';
import { CONNECTION_LIMITS } from './connections.limits';
import type { EligibleOrgsCheckRequest, PlatformAccessRequest } from './connections.types';

/**
 * The data of the connections messages that have a schema, checked where the message enters the service
 * (`@Handles`).
 */
export const ConnectionSchemas = {
  /** The targets of one deployment request or roll-out, with the ids the gateway's DTO accepts. */
  eligibleCheck: z.object({
    policyId: z.uuid().optional(),
    rulesetId: z.uuid().optional(),
    connectionId: z.uuid(),
    organizationIds: z
      .array(z.string().min(1).max(CONNECTION_LIMITS.organizationIdMax))
      .max(DEPLOYMENT_LIMITS.targetsMax),
  }) satisfies MessageSchema<EligibleOrgsCheckRequest>,
  /**
   * A platform token for a deployment's work: the workspace must be named (null: the owner's work of no
   * workspace), so no caller of this subject gets the any-workspace rule of the v1 subject by leaving it out.
   */
  platformAccess: z.object({
    id: z.uuid(),
    workspaceId: z.uuid().nullable(),
    forceRefresh: z.boolean().optional(),
  }) satisfies MessageSchema<PlatformAccessRequest>,
};
