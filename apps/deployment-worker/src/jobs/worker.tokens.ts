export const ADAPTERS = Symbol('ADAPTERS');
/** The cluster that runs builds (`DEPLOY_BUILD_SANDBOX=kubernetes`), else undefined. */
export const CLUSTER_BUILDS = Symbol('CLUSTER_BUILDS');
