export { DocsModule } from './docs.module';
export { DocsService } from './docs.service';
export { completeTabSet } from './doc-tabs';
