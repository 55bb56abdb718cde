import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PlatformStore } from '../platform/platform.store';
import { CLASSIFIERS, type Classifier, type RegistryStore, versionJson } from './registry.store';

const BASE = '/registry/api/v1/assets';
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const ASSET_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;
const MAX_FILES_BYTES = 20 * 1024 * 1024;

/**
 * The registry: `/registry/api/v1/assets/{groupId}/{assetId}[/{version}[/files/{path}]]` and the asset's
 * home page at `.../{assetId}/home-page`. Every call needs a platform bearer token whose tenant owns the
 * group (organization): 401 without one, 403 for another tenant's group.
 */
export function registerRegistryRoutes(
  app: FastifyInstance,
  options: { store: RegistryStore; platform: PlatformStore },
): void {
  const { store, platform } = options;

  const allowed = (
    request: FastifyRequest,
    reply: FastifyReply,
  ): { groupId: string; assetId: string } | undefined => {
    const tenant = platform.tenantOf(request.headers.authorization);
    if (!tenant) {
      void reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Invalid or expired token' });
      return undefined;
    }
    const { groupId, assetId } = request.params as { groupId: string; assetId: string };
    if (!tenant.organizations.has(groupId)) {
      void reply.code(403).send({ message: `This credential cannot access the group ${groupId}` });
      return undefined;
    }
    return { groupId, assetId };
  };

  app.post(`${BASE}/:groupId/:assetId/:version`, async (request, reply) => {
    const target = allowed(request, reply);
    if (!target) return reply;
    const { version } = request.params as { version: string };
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!ASSET_ID.test(target.assetId))
      return reply.code(400).send({ message: 'The asset id must be kebab-case' });
    if (!SEMVER.test(version))
      return reply.code(400).send({ message: 'The version must be semantic (MAJOR.MINOR.PATCH)' });
    if (!CLASSIFIERS.includes(body.classifier as Classifier)) {
      return reply.code(400).send({ message: `The classifier must be one of ${CLASSIFIERS.join(', ')}` });
    }
    if (!Array.isArray(body.files) || body.files.length === 0) {
      return reply.code(400).send({ message: 'At least one file is required' });
    }
    const files = new Map<string, Buffer>();
    let total = 0;
    for (const file of body.files as unknown[]) {
      const f = file as Record<string, unknown>;
      if (typeof f?.path !== 'string' || typeof f.contentBase64 !== 'string' || f.path.includes('..')) {
        return reply.code(400).send({ message: 'Every file needs a path and contentBase64' });
      }
      const content = Buffer.from(f.contentBase64, 'base64');
      total += content.length;
      files.set(f.path, content);
    }
    if (total > MAX_FILES_BYTES) return reply.code(413).send({ message: 'The files are too large' });
    const stored = {
      groupId: target.groupId,
      assetId: target.assetId,
      version,
      classifier: body.classifier as Classifier,
      name: typeof body.name === 'string' && body.name !== '' ? body.name : target.assetId,
      description: typeof body.description === 'string' ? body.description : '',
      files,
      createdAt: new Date().toISOString(),
    };
    if (store.publish(stored) === 'conflict') {
      return reply.code(409).send({ message: `${target.assetId} ${version} is already published` });
    }
    return reply.code(201).send(versionJson(stored));
  });

  app.get(`${BASE}/:groupId/:assetId`, async (request, reply) => {
    const target = allowed(request, reply);
    if (!target) return reply;
    const versions = store.listVersions(target.groupId, target.assetId);
    if (!versions) return reply.code(404).send({ message: 'No such asset' });
    return { groupId: target.groupId, assetId: target.assetId, versions: versions.map(versionJson) };
  });

  app.get(`${BASE}/:groupId/:assetId/:version`, async (request, reply) => {
    const target = allowed(request, reply);
    if (!target) return reply;
    const { version } = request.params as { version: string };
    const found = store.getVersion(target.groupId, target.assetId, version);
    if (!found) return reply.code(404).send({ message: 'No such asset version' });
    return versionJson(found);
  });

  app.get(`${BASE}/:groupId/:assetId/:version/files/*`, async (request, reply) => {
    const target = allowed(request, reply);
    if (!target) return reply;
    const params = request.params as { version: string; '*': string };
    const file = store.getVersion(target.groupId, target.assetId, params.version)?.files.get(params['*']);
    if (!file) return reply.code(404).send({ message: 'No such file' });
    return reply.type('application/octet-stream').send(file);
  });

  app.delete(`${BASE}/:groupId/:assetId/:version`, async (request, reply) => {
    const target = allowed(request, reply);
    if (!target) return reply;
    const { version } = request.params as { version: string };
    if (!store.deleteVersion(target.groupId, target.assetId, version)) {
      return reply.code(404).send({ message: 'No such asset version' });
    }
    return reply.code(204).send();
  });

  // The home page route is registered with a static segment, so it wins over `/:version`.
  app.get(`${BASE}/:groupId/:assetId/home-page`, async (request, reply) => {
    const target = allowed(request, reply);
    if (!target) return reply;
    const page = store.homePage(target.groupId, target.assetId);
    if (!page) return reply.code(404).send({ message: 'No such asset' });
    return page;
  });

  app.put(`${BASE}/:groupId/:assetId/home-page`, async (request, reply) => {
    const target = allowed(request, reply);
    if (!target) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.status !== 'draft' && body.status !== 'published') {
      return reply.code(400).send({ message: 'status must be draft or published' });
    }
    if (body.content !== undefined && typeof body.content !== 'string') {
      return reply.code(400).send({ message: 'content must be a string' });
    }
    const page = store.setHomePage(target.groupId, target.assetId, {
      status: body.status,
      content: typeof body.content === 'string' ? body.content : undefined,
    });
    if (!page) return reply.code(404).send({ message: 'No such asset' });
    return page;
  });
}
