import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FAULT_KINDS,
  SANDBOX_SYSTEMS,
  type FaultInjector,
  type FaultKind,
  type SandboxSystem,
} from '../sandbox.faults';
import type { AppliedItem, ItemHealth, PlatformStore, TenantSpec } from '../platform/platform.store';
import { TenantInputError } from '../platform/platform.store';
import type { RegistryStore } from '../registry/registry.store';
import { versionJson } from '../registry/registry.store';
import {
  RepositoryInputError,
  type FileSet,
  type GitRepositoryStore,
  type RepositorySpec,
  type StoredRepository,
} from '../source-host/git-repository.store';

export interface ControlRoutesOptions {
  repos: GitRepositoryStore;
  platform: PlatformStore;
  registry: RegistryStore;
  faults: FaultInjector;
  /** The platform's and the source host's simulated round trips (ms), read on each of their requests. */
  latency: { platformMs: number; sourceHostMs: number };
  baseUrl: () => string;
  describe: () => Record<string, unknown>;
}

const BASE = '/_sandbox';

/** The control API tests and demos use to shape the sandbox (never part of the emulated protocols). */
export function registerControlRoutes(app: FastifyInstance, options: ControlRoutesOptions): void {
  const { repos, platform, registry, faults, latency } = options;

  for (const [segment, field] of [
    ['platform', 'platformMs'],
    ['source-host', 'sourceHostMs'],
  ] as const) {
    app.put(`${BASE}/${segment}/latency`, async (request, reply) => {
      const body = (request.body ?? {}) as { ms?: unknown };
      if (typeof body.ms !== 'number' || !Number.isInteger(body.ms) || body.ms < 0 || body.ms > 60_000)
        return reply.code(400).send({ message: 'ms must be an integer from 0 to 60000' });
      latency[field] = body.ms;
      return { ms: latency[field] };
    });
  }
  const webUrl = (owner: string, name: string): string => `${options.baseUrl()}/source-host/${owner}/${name}`;

  app.get(BASE, () => Promise.resolve(options.describe()));

  app.post(`${BASE}/repos`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    let spec: RepositorySpec;
    try {
      spec = {
        owner: requireString(body.owner, 'owner'),
        name: requireString(body.name, 'name'),
        defaultBranch: optionalString(body.defaultBranch, 'defaultBranch'),
        description: optionalString(body.description, 'description'),
        files: fileSet(body.files, 'files'),
        branches: refSets(body.branches, 'branches'),
        tags: refSets(body.tags, 'tags'),
        hasIssues: optionalBoolean(body.hasIssues, 'hasIssues'),
        private: optionalBoolean(body.private, 'private'),
      };
      const repo = await repos.createRepository(spec);
      const url = webUrl(repo.owner, repo.name);
      return await reply.code(201).send({ webUrl: url, cloneUrl: `${url}.git` });
    } catch (error) {
      if (error instanceof RepositoryInputError) return reply.code(400).send({ message: error.message });
      throw error;
    }
  });

  /**
   * A route on one stored repository: 404 when there is none, 400 with the message of a
   * `RepositoryInputError` the handler throws.
   */
  const onRepository =
    (handle: (repo: StoredRepository, body: Record<string, unknown>, reply: FastifyReply) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      const { owner, name } = request.params as { owner: string; name: string };
      const repo = repos.get(owner, name);
      if (!repo) return reply.code(404).send({ message: 'No such repository' });
      const body = (request.body ?? {}) as Record<string, unknown>;
      try {
        return await handle(repo, body, reply);
      } catch (error) {
        if (error instanceof RepositoryInputError) return reply.code(400).send({ message: error.message });
        throw error;
      }
    };

  app.post(
    `${BASE}/repos/:owner/:name/commits`,
    onRepository(async (repo, body, reply) => {
      const sha = await repos.pushCommit(repo, {
        branch: optionalString(body.branch, 'branch'),
        files: fileSet(body.files, 'files'),
        message: optionalString(body.message, 'message'),
        tag: optionalString(body.tag, 'tag'),
      });
      return reply.code(201).send({ sha });
    }),
  );

  // The history-rewrite knob: the host serves other files for a commit a review may have pinned.
  app.post(
    `${BASE}/repos/:owner/:name/rewrite`,
    onRepository(async (repo, body, reply) => {
      const commit = optionalString(body.commit, 'commit');
      if (!commit) throw new RepositoryInputError('commit is required');
      return reply.code(201).send({ from: commit, to: await repos.rewriteCommit(repo, commit) });
    }),
  );

  app.patch(
    `${BASE}/repos/:owner/:name`,
    onRepository((repo, body) => {
      repo.private = optionalBoolean(body.private, 'private') ?? repo.private;
      repo.hasIssues = optionalBoolean(body.hasIssues, 'hasIssues') ?? repo.hasIssues;
      return { owner: repo.owner, name: repo.name, private: repo.private, hasIssues: repo.hasIssues };
    }),
  );

  app.delete(`${BASE}/repos/:owner/:name`, async (request, reply) => {
    const { owner, name } = request.params as { owner: string; name: string };
    if (!(await repos.remove(owner, name))) return reply.code(404).send({ message: 'No such repository' });
    return reply.code(204).send();
  });

  app.post(`${BASE}/platform/tenants`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    try {
      if (!Array.isArray(body.organizations)) throw new TenantInputError('organizations must be a list');
      const spec: TenantSpec = {
        clientId: requireString(body.clientId, 'clientId'),
        clientSecret: requireString(body.clientSecret, 'clientSecret'),
        tokenTtlSeconds: typeof body.tokenTtlSeconds === 'number' ? body.tokenTtlSeconds : undefined,
        organizations: (body.organizations as unknown[]).map((raw, i) => {
          const o = (raw ?? {}) as Record<string, unknown>;
          return {
            id: requireString(o.id, `organizations[${i}].id`),
            name: requireString(o.name, `organizations[${i}].name`),
            parentId: optionalString(o.parentId ?? undefined, `organizations[${i}].parentId`),
            deployable: optionalBoolean(o.deployable, `organizations[${i}].deployable`),
          };
        }),
      };
      const tenant = platform.addTenant(spec);
      return await reply.code(201).send({
        clientId: tenant.clientId,
        rootOrganizationId: tenant.rootId,
        organizations: [...tenant.organizations.values()],
      });
    } catch (error) {
      if (error instanceof TenantInputError || error instanceof RepositoryInputError) {
        return reply.code(400).send({ message: error.message });
      }
      throw error;
    }
  });

  app.get(`${BASE}/platform/state`, () =>
    Promise.resolve({
      tenants: platform.listTenants().map((t) => ({
        clientId: t.clientId,
        rootOrganizationId: t.rootId,
        tokensIssued: t.tokensIssued,
      })),
      organizations: platform.listTenants().flatMap((t) =>
        [...t.organizations.values()].map((o) => ({
          id: o.id,
          name: o.name,
          parentId: o.parentId,
          clientId: t.clientId,
          applied: platform.appliedIn(o.id),
          applyCounts: platform.applyCountsIn(o.id),
        })),
      ),
      registry: registry.all().map((v) => {
        const { files: _files, ...rest } = versionJson(v);
        return rest;
      }),
    }),
  );

  app.delete(`${BASE}/platform/state/:organizationId/:assetId`, async (request, reply) => {
    const { organizationId, assetId } = request.params as { organizationId: string; assetId: string };
    if (!platform.removeApplied(organizationId, assetId))
      return reply.code(404).send({ message: 'Not applied' });
    return reply.code(204).send();
  });

  /** Puts an applied item back (or applies one) behind the service's back: the opposite drift. */
  app.put(`${BASE}/platform/state/:organizationId/:assetId`, async (request, reply) => {
    const { organizationId, assetId } = request.params as { organizationId: string; assetId: string };
    const body = (request.body ?? {}) as Partial<AppliedItem>;
    if (!platform.tenantOfOrganization(organizationId))
      return reply.code(404).send({ message: 'No such organization' });
    if (
      (body.kind !== 'policy' && body.kind !== 'ruleset') ||
      typeof body.groupId !== 'string' ||
      typeof body.version !== 'string'
    )
      return reply.code(400).send({ message: 'kind (policy or ruleset), groupId and version are required' });
    const { item } = platform.apply({
      organizationId,
      assetId,
      kind: body.kind,
      groupId: body.groupId,
      version: body.version,
      configuration: body.configuration ?? {},
      appliedAt: new Date().toISOString(),
    });
    return reply.code(200).send(item);
  });

  /**
   * How an organization's items report their health (`healthy`, `degraded` or `failing`, after
   * `delayMs` of `progressing` following each apply); `assetId` narrows it to one item. DELETE: healthy.
   */
  app.put(`${BASE}/platform/health/:organizationId`, async (request, reply) => {
    const { organizationId } = request.params as { organizationId: string };
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!platform.tenantOfOrganization(organizationId))
      return reply.code(404).send({ message: 'No such organization' });
    if (!['healthy', 'degraded', 'failing'].includes(body.health as string))
      return reply.code(400).send({ message: 'health must be healthy, degraded or failing' });
    const delayMs = body.delayMs ?? 0;
    if (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > 3_600_000)
      return reply.code(400).send({ message: 'delayMs must be an integer from 0 to 3600000' });
    if (body.assetId !== undefined && typeof body.assetId !== 'string')
      return reply.code(400).send({ message: 'assetId must be a string' });
    const setting = { health: body.health as ItemHealth, delayMs };
    platform.setHealth(organizationId, body.assetId ?? null, setting);
    return { organizationId, assetId: body.assetId ?? null, ...setting };
  });

  app.delete(`${BASE}/platform/health/:organizationId`, async (request, reply) => {
    const { organizationId } = request.params as { organizationId: string };
    platform.setHealth(organizationId, null, null);
    return reply.code(204).send();
  });

  app.delete(`${BASE}/platform/tokens`, () => Promise.resolve({ revoked: platform.revokeTokens() }));

  app.post(`${BASE}/faults`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!SANDBOX_SYSTEMS.includes(body.system as SandboxSystem)) {
      return reply.code(400).send({ message: `system must be one of ${SANDBOX_SYSTEMS.join(', ')}` });
    }
    if (!FAULT_KINDS.includes(body.kind as FaultKind)) {
      return reply.code(400).send({ message: `kind must be one of ${FAULT_KINDS.join(', ')}` });
    }
    if (body.times !== undefined && (typeof body.times !== 'number' || body.times < 1)) {
      return reply.code(400).send({ message: 'times must be a positive number' });
    }
    if (body.organizationId !== undefined && typeof body.organizationId !== 'string') {
      return reply.code(400).send({ message: 'organizationId must be a string' });
    }
    faults.add({
      system: body.system as SandboxSystem,
      kind: body.kind as FaultKind,
      organizationId: typeof body.organizationId === 'string' ? body.organizationId : undefined,
      times: typeof body.times === 'number' ? body.times : undefined,
    });
    return reply.code(201).send({ faults: faults.list() });
  });

  app.delete(`${BASE}/faults`, async (_request, reply) => {
    faults.clear();
    return reply.code(204).send();
  });
}

function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '')
    throw new RepositoryInputError(`${field} must be a non-empty string`);
  return value;
}

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  return requireString(value, field);
}

function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new RepositoryInputError(`${field} must be a boolean`);
  return value;
}

/** `{ path: "text" }` or `{ path: { base64: "..." } }` for binary files. */
function fileSet(value: unknown, field: string): FileSet {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RepositoryInputError(`${field} must be an object of path: content`);
  }
  const files: FileSet = {};
  for (const [path, content] of Object.entries(value as Record<string, unknown>)) {
    if (typeof content === 'string') files[path] = content;
    else if (
      typeof content === 'object' &&
      content !== null &&
      typeof (content as { base64?: unknown }).base64 === 'string'
    ) {
      files[path] = Buffer.from((content as { base64: string }).base64, 'base64');
    } else throw new RepositoryInputError(`${field}.${path} must be a string or { base64 }`);
  }
  return files;
}

function refSets(value: unknown, field: string): Record<string, FileSet> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw new RepositoryInputError(`${field} must be an object`);
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([name, files]) => [
      name,
      fileSet(files, `${field}.${name}`),
    ]),
  );
}
