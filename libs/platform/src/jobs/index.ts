export * from './work-queue';
export * from './in-process-work-queue';
export * from './jetstream-work-queue';
export * from './durable-events';
export * from './durable-events.client';
export * from './open-work-queue';
export * from './outbox';
export * from './deploy-counts';
