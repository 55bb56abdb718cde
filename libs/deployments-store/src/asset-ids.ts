/**
 * The registry asset ids of a policy deployment, from its row's `asset_slug`: the definition (what the
 * platform applies) and the implementation that travels beside it. The worker publishes and removes them;
 * the service reads and applies them (sync, plan, ledger, drift, roll-outs): one naming for both.
 */
export const definitionAssetId = (slug: string): string => slug;
export const implementationAssetId = (slug: string): string => `${slug}-implementation`;
