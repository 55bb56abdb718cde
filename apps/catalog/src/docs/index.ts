export { DocsModule } from './docs.module';
export { DocTabs } from './doc-tabs.service';
export * from './doc-tabs';
