export const ADAPTERS = Symbol('ADAPTERS');
