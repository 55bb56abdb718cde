/**
 * The registry asset ids of a policy deployment, from its row's `asset_slug`: the definition (what the
 * platform applies) and the implementation that travels beside it. The worker publishes and removes them;
 * the service reads and applies them (sync, plan, ledger, drift, roll-outs): one naming for both.
 */
export const definitionAssetId = (slug: string): string => slug;
export const implementationAssetId = (slug: string): string => `${slug}-implementation`;

/**
 * Why an apply with neither publish nor release cannot run: the registry does not hold `what` (the item's
 * name, and the version when it is known). The worker fails the deployment with these words, and the plan
 * says them up front: one sentence for both.
 */
export const DEPLOY_WITH_A_BUILD = 'deploy it with publish or release (doPublish, doRelease) first';
export const notOnRegistry = (what: string): string =>
  `${what} has no published build or release on the registry yet: ${DEPLOY_WITH_A_BUILD}`;
