// Allowed: a deployment worker reads and writes the deployments schema through its store (checked by
// tools/check-boundaries.js).
import { JobsRepository } from '@pc/deployments-store';
import { DeploymentsRpc } from '@pc/contracts';

export const fixture = [JobsRepository, DeploymentsRpc];
