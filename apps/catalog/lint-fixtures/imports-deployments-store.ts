// Forbidden: the deployments schema is the deployments service's and its workers' alone (checked by
// tools/check-boundaries.js); another service asks the deployments service over the bus.
import { DeploymentsRepository } from '@pc/deployments-store';

export const fixture = DeploymentsRepository;
