export { SourceModule } from './source.module';
export { isTransient, SOURCE_HOST, sourceHostFrom, upstreamUnavailable } from './source-host.provider';
