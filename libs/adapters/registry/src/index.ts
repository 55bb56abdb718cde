export { HttpRegistry } from './registry.client';
export * from './registry.errors';
export * from './registry.env';
export * from './registry.types';
