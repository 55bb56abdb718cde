export { SourceHostModule, SourceModule } from './source.module';
export { RepositoryInspector } from './repository-inspector';
export { sourceHostFailure } from './source-host.failure';
export { SOURCE_HOST, sourceHostFrom } from './source-host.provider';
