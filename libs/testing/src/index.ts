export * from './infra';
export * from './test-database';
export * from './http-client';
export * from './test-bus';
export * from './processes';
export * from './openapi-validator';
export * from './api-specifications';
export * from './report-schemas';
