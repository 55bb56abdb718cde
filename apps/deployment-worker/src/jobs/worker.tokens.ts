export const ADAPTERS = Symbol('ADAPTERS');
/** The cluster that runs builds (`DEPLOY_BUILD_SANDBOX=kubernetes`), else undefined. */
export const CLUSTER_BUILDS = Symbol('CLUSTER_BUILDS');
/** The provenance signing keys (`PROVENANCE_SIGNING_KEYS`, parsed once): the first signs. */
export const SIGNING_KEYS = Symbol('SIGNING_KEYS');
