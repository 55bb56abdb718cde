import { HttpSourceHost, type SourceHost } from '@pc/source-host';
import type { CatalogEnv } from '../catalog.env';

export const SOURCE_HOST = Symbol('SOURCE_HOST');

export function sourceHostFrom(env: CatalogEnv): SourceHost {
  return HttpSourceHost.fromEnv({
    SOURCE_HOST_WEB_URL: env.SOURCE_HOST_WEB_URL,
    SOURCE_HOST_API_URL: env.SOURCE_HOST_API_URL,
    SOURCE_HOST_TOKEN: env.SOURCE_HOST_TOKEN,
    SOURCE_HOST_TIMEOUT_MS: env.SOURCE_HOST_TIMEOUT_MS,
    OUTBOUND_ALLOWLIST: env.OUTBOUND_ALLOWLIST,
  });
}
