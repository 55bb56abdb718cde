export * from './doc-tabs';
