export * from './common/context';
export * from './common/descriptors';
export * from './common/errors';
export * from './identity/identity.types';
export * from './identity/identity.patterns';
