export const ADAPTERS = Symbol('ADAPTERS');
/** The provenance signing keys (`PROVENANCE_SIGNING_KEYS`, parsed once): the first signs. */
export const SIGNING_KEYS = Symbol('SIGNING_KEYS');
