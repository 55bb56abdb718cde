// First: loads @nestjs/common without building its unused date-time formatter (see the file).
import './bootstrap/nest-common';
export * from './config/env';
export * from './config/env.module';
export * from './logging/logger';
export * from './errors/domain-error';
export * from './errors/rpc-error.filter';
export * from './messaging/in-process-broker';
export * from './messaging/in-process.transport';
export * from './messaging/nats.transport';
export * from './messaging/bus';
export * from './messaging/bus-client';
export * from './messaging/nats-permissions';
export * from './messaging/forwarded-json';
export * from './messaging/reply-limit';
export * from './messaging/reply-parts';
export * from './messaging/messaging.module';
export * from './messaging/handles.decorator';
export * from './database/database';
export * from './database/database.module';
export * from './database/embedded-postgres';
export {
  DEFAULT_BINARIES_CACHE_DIR,
  DEFAULT_RELOCATED_DATA_DIR,
  packagedBinaries,
  type PlacementOptions,
} from './database/embedded-postgres.placement';
export { EmbeddedPostgresSetupError } from './database/embedded-postgres.server';
export * from './health/health';
export * from './health/services-readiness';
export * from './bootstrap/service';
export * from './bootstrap/idle-heap';
export * from './auth/token-format';
export * from './auth/bearer';
export * from './auth/caller-cache';
export * from './database/prepared';
export * from './database/executor';
export * from './jobs';
export * from './auth/caller';
export * from './database/content-changes';
export * from './provenance';
export * from './paging/keyset-page';
export * from './limits/fixed-window-limiter';
export * from './secrets/secret-box';
export * from './limits/shared-budgets';
export * from './search/word-match';
export * from './search/listing-search.sql';
export * from './search/listing-search';
export * from './process/command-runner';
export * from './process/git-env';
