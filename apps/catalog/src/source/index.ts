export { SourceModule } from './source.module';
export { RepositoryInspector } from './repository-inspector';
