export const ADAPTERS = Symbol('ADAPTERS');
/** The cluster that runs builds (`DEPLOY_BUILD_SANDBOX=kubernetes`), else undefined. */
export const CLUSTER_BUILDS = Symbol('CLUSTER_BUILDS');
/**
 * How bubblewrap builds' memory and tasks are limited (`MemoryEnforcement`: cgroup v2 or sampling),
 * decided once at start; undefined in the other sandbox modes.
 */
export const BUILD_MEMORY = Symbol('BUILD_MEMORY');
/** The provenance signing keys (`PROVENANCE_SIGNING_KEYS`, parsed once): the first signs. */
export const SIGNING_KEYS = Symbol('SIGNING_KEYS');
