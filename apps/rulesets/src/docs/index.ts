export { DocsModule } from './docs.module';
export { completeTabSet } from './doc-tabs';
