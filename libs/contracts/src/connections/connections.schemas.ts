import { z } from 'zod';
import type { MessageSchema } from '../common/message-schemas';
import { DEPLOYMENT_LIMITS } from '../deployments/deployments.limits';
import { CONNECTION_LIMITS } from './connections.limits';
import type { EligibleOrgsCheckRequest } from './connections.types';

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
};
