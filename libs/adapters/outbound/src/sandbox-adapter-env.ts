/** Where each system lives under a sandbox's base URL. */
export const SANDBOX_PATHS = {
  sourceHostWeb: '/source-host',
  sourceHostApi: '/source-host/api',
  registry: '/registry',
  platform: '/platform',
} as const;

/** The adapter variables that point every adapter at one sandbox. */
// A type alias (not an interface) so it can be passed where a Record<string, string | undefined> is expected.
export type SandboxAdapterEnv = {
  SOURCE_HOST_WEB_URL: string;
  SOURCE_HOST_API_URL: string;
  REGISTRY_URL: string;
  PLATFORM_US_URL: string;
  PLATFORM_EU_URL: string;
  OUTBOUND_ALLOWLIST: string;
};

/**
 * The environment values that point the source host, registry and platform adapters at the sandbox at
 * `sandboxBaseUrl` (e.g. `http://127.0.0.1:3001`), with the sandbox's host:port allowlisted. Only for
 * embedded mode and tests: merge under the real environment, variables the operator set explicitly win.
 */
export function sandboxAdapterEnv(sandboxBaseUrl: string): SandboxAdapterEnv {
  const base = new URL(sandboxBaseUrl);
  const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const port = base.port !== '' ? base.port : base.protocol === 'https:' ? '443' : '80';
  return {
    SOURCE_HOST_WEB_URL: `${root}${SANDBOX_PATHS.sourceHostWeb}`,
    SOURCE_HOST_API_URL: `${root}${SANDBOX_PATHS.sourceHostApi}`,
    REGISTRY_URL: `${root}${SANDBOX_PATHS.registry}`,
    PLATFORM_US_URL: `${root}${SANDBOX_PATHS.platform}`,
    PLATFORM_EU_URL: `${root}${SANDBOX_PATHS.platform}`,
    OUTBOUND_ALLOWLIST: `${base.hostname}:${port}`,
  };
}

/** The sandbox's default address (`npm run start:sandbox`, SANDBOX_PORT=3001): what adapter defaults point at. */
export const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:3001';
