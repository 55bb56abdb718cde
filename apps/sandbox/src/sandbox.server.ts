import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { SANDBOX_PATHS, sandboxAdapterEnv, type SandboxAdapterEnv } from '@pc/outbound';
import { registerControlRoutes } from './control/control.routes';
import { registerPlatformRoutes } from './platform/platform.routes';
import { PlatformStore } from './platform/platform.store';
import { registerRegistryRoutes } from './registry/registry.routes';
import { RegistryStore } from './registry/registry.store';
import { FaultInjector, systemOf, type FaultKind, type SandboxSystem } from './sandbox.faults';
import {
  POLICY_OWNER,
  BROKEN_RULESET_REPOSITORIES,
  SPECTRAL_RULESET_REPOSITORY,
  RULESET_MONOREPO,
  RULESET_OWNER,
  SEED_REPOSITORIES,
  SEED_SOURCE_HOST_TOKEN,
  SEED_TENANT,
} from './seed/seed-content';
import { GitRepositoryStore } from './source-host/git-repository.store';
import { registerSourceHostRoutes } from './source-host/source-host.routes';
import { registerWebhookReceiverRoutes } from './webhooks/webhook-receiver.routes';

export interface StartSandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Load the demo repositories and tenant (default true). */
  seed?: boolean;
  /**
   * A fixed delay (ms) before every answer of the platform (`SANDBOX_PLATFORM_LATENCY_MS`): a remote
   * platform's round trip, for benchmarks. Changed at run time with `PUT /_sandbox/platform/latency`.
   */
  platformLatencyMs?: number;
}

export interface SandboxDemo {
  clientId: string;
  clientSecret: string;
  rootOrganizationId: string;
  businessGroups: Array<{ id: string; name: string }>;
  organizations: Array<{ id: string; name: string; parentId: string | null }>;
  /** The token the sandbox source host accepts; it can read private repositories. */
  sourceHostToken: string;
  /** Web URLs of the seeded repositories (empty without seed). */
  repositories: {
    unifiedPolicies: string[];
    splitPolicy: { definition: string; implementation: string } | null;
    rulesets: string[];
    /** Ruleset repositories that fail validation, one error each (see the README). */
    brokenRulesets: string[];
    /** Several rulesets, one per folder (validate a folder with a /tree/<ref>/<folder> URL). */
    rulesetMonorepo: string | null;
    /** A Spectral ruleset (`.spectral.yaml`) on the built-in OpenAPI rules, with a rule of its own. */
    spectralRuleset: string | null;
    privateRepository: string | null;
  };
}

export interface SandboxUrls {
  sourceHostWeb: string;
  sourceHostApi: string;
  registry: string;
  platform: string;
  control: string;
}

export interface RunningSandbox {
  url: string;
  urls: SandboxUrls;
  demo: SandboxDemo;
  /** The environment values that point every adapter at this sandbox (see `sandboxAdapterEnv`). */
  adapterEnv: SandboxAdapterEnv;
  close(): Promise<void>;
}

/**
 * Starts the sandbox: one fastify server on loopback standing in for the source host, the registry and the
 * platform, with a control API under `/_sandbox`. State is in memory; repositories are bare git repositories
 * in a temporary directory removed on close.
 */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const repos = await GitRepositoryStore.create();
  const platform = new PlatformStore();
  const registry = new RegistryStore();
  const faults = new FaultInjector();
  const latency = { platformMs: options.platformLatencyMs ?? 0, sourceHostMs: 0 };
  const hung = new Set<Socket>();
  let url = '';

  const app: FastifyInstance = Fastify({
    logger: false,
    forceCloseConnections: true,
    bodyLimit: 30 * 1024 * 1024,
  });
  app.addContentTypeParser(
    ['application/x-git-upload-pack-request', 'application/x-git-receive-pack-request'],
    { parseAs: 'buffer' },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    },
  );

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const system = systemOf(path);
    if (!system) return;
    const fault = faults.take(system, path);
    const delayMs =
      system === 'platform' ? latency.platformMs : system === 'source_host' ? latency.sourceHostMs : 0;
    if (fault) injectFault(fault, system, path, request.raw.socket, reply, hung);
    else if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  });

  const demo = emptyDemo();
  const describe = (): Record<string, unknown> => ({ url, urls: urlsOf(url), demo });
  registerSourceHostRoutes(app, { store: repos, token: SEED_SOURCE_HOST_TOKEN, baseUrl: () => url });
  registerRegistryRoutes(app, { store: registry, platform });
  registerPlatformRoutes(app, { store: platform, registry });
  registerWebhookReceiverRoutes(app);
  registerControlRoutes(app, {
    repos,
    platform,
    registry,
    faults,
    latency,
    baseUrl: () => url,
    describe,
  });

  try {
    if (options.seed ?? true) await seed(repos, platform, demo);
    const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
    const listening = new URL(address);
    const host =
      options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
    url = `http://${host.includes(':') ? `[${host}]` : host}:${listening.port}`;
  } catch (error) {
    await app.close();
    await repos.dispose();
    throw error;
  }

  fillRepositoryUrls(demo, url, options.seed ?? true);
  let closed: Promise<void> | undefined;
  return {
    url,
    urls: urlsOf(url),
    demo,
    adapterEnv: sandboxAdapterEnv(url),
    close: () => {
      closed ??= (async () => {
        for (const socket of hung) socket.destroy();
        await app.close();
        await repos.dispose();
      })();
      return closed;
    },
  };
}

function injectFault(
  fault: FaultKind,
  system: SandboxSystem,
  path: string,
  socket: Socket,
  reply: import('fastify').FastifyReply,
  hung: Set<Socket>,
): void {
  switch (fault) {
    case 'timeout':
      // Never answer: the caller's timeout is what ends the request.
      reply.hijack();
      hung.add(socket);
      socket.once('close', () => hung.delete(socket));
      return;
    case 'error':
      void reply.code(500).send({ message: 'Injected fault: internal error' });
      return;
    case 'rate_limit': {
      const reset = Math.floor(Date.now() / 1000) + 60;
      if (system === 'source_host' && path.startsWith(SANDBOX_PATHS.sourceHostApi)) {
        void reply
          .code(403)
          .headers({
            'x-ratelimit-limit': '60',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(reset),
          })
          .send({ message: 'API rate limit exceeded. (Authenticated requests get a higher rate limit.)' });
      } else {
        void reply.code(429).headers({ 'retry-after': '60' }).send({ message: 'Too many requests' });
      }
      return;
    }
  }
}

function urlsOf(url: string): SandboxUrls {
  return {
    sourceHostWeb: `${url}${SANDBOX_PATHS.sourceHostWeb}`,
    sourceHostApi: `${url}${SANDBOX_PATHS.sourceHostApi}`,
    registry: `${url}${SANDBOX_PATHS.registry}`,
    platform: `${url}${SANDBOX_PATHS.platform}`,
    control: `${url}/_sandbox`,
  };
}

function emptyDemo(): SandboxDemo {
  const [root, ...groups] = SEED_TENANT.organizations;
  return {
    clientId: SEED_TENANT.clientId,
    clientSecret: SEED_TENANT.clientSecret,
    rootOrganizationId: root.id,
    businessGroups: groups.map((g) => ({ id: g.id, name: g.name })),
    organizations: SEED_TENANT.organizations.map((o) => ({
      id: o.id,
      name: o.name,
      parentId: 'parentId' in o ? o.parentId : null,
    })),
    sourceHostToken: SEED_SOURCE_HOST_TOKEN,
    repositories: {
      unifiedPolicies: [],
      splitPolicy: null,
      rulesets: [],
      brokenRulesets: [],
      rulesetMonorepo: null,
      spectralRuleset: null,
      privateRepository: null,
    },
  };
}

async function seed(repos: GitRepositoryStore, platform: PlatformStore, _demo: SandboxDemo): Promise<void> {
  // One after the other, so ids, commit dates and therefore commit SHAs are the same on every start.
  for (const spec of [
    ...SEED_REPOSITORIES,
    ...BROKEN_RULESET_REPOSITORIES,
    RULESET_MONOREPO,
    SPECTRAL_RULESET_REPOSITORY,
  ])
    await repos.createRepository(spec);
  platform.addTenant({
    clientId: SEED_TENANT.clientId,
    clientSecret: SEED_TENANT.clientSecret,
    organizations: SEED_TENANT.organizations.map((o) => ({ ...o })),
  });
}

function fillRepositoryUrls(demo: SandboxDemo, url: string, seeded: boolean): void {
  if (!seeded) return;
  const web = (owner: string, name: string): string =>
    `${url}${SANDBOX_PATHS.sourceHostWeb}/${owner}/${name}`;
  demo.repositories = {
    unifiedPolicies: [web(POLICY_OWNER, 'header-injection-policy'), web(POLICY_OWNER, 'ip-allowlist-policy')],
    splitPolicy: {
      definition: web(POLICY_OWNER, 'jwt-claims-validation-definition'),
      implementation: web(POLICY_OWNER, 'jwt-claims-validation-implementation'),
    },
    rulesets: [web(RULESET_OWNER, 'rest-api-best-practices'), web(RULESET_OWNER, 'security-baseline')],
    brokenRulesets: BROKEN_RULESET_REPOSITORIES.map((r) => web(r.owner, r.name)),
    rulesetMonorepo: web(RULESET_MONOREPO.owner, RULESET_MONOREPO.name),
    spectralRuleset: web(SPECTRAL_RULESET_REPOSITORY.owner, SPECTRAL_RULESET_REPOSITORY.name),
    privateRepository: web(POLICY_OWNER, 'internal-experiments'),
  };
}
