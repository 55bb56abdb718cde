export * from './content-digest';
export { HttpSourceHost } from './source-host.client';
export * from './source-host.errors';
export * from './source-host.env';
export { parseRepositoryUrl } from './source-host.url';
export * from './source-host.types';
