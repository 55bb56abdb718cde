import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RegistryStore } from '../registry/registry.store';
import type { PlatformStore, StoredOrganization, Tenant } from './platform.store';

const BASE = '/platform';

/**
 * The gateway platform: OAuth2 client credentials at `/platform/oauth2/token`, the credential's profile and
 * organization hierarchy under `/platform/accounts/api`, and what is applied per organization under
 * `/platform/api/v1/organizations/{id}/applied`.
 */
export function registerPlatformRoutes(
  app: FastifyInstance,
  options: { store: PlatformStore; registry: RegistryStore },
): void {
  const { store, registry } = options;

  app.post(`${BASE}/oauth2/token`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    let clientId = typeof body.client_id === 'string' ? body.client_id : undefined;
    let clientSecret = typeof body.client_secret === 'string' ? body.client_secret : undefined;
    const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (basic?.[1]) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      clientId = decodeURIComponent(decoded.slice(0, decoded.indexOf(':')));
      clientSecret = decodeURIComponent(decoded.slice(decoded.indexOf(':') + 1));
    }
    if (body.grant_type !== 'client_credentials') {
      return reply.code(400).send({ error: 'unsupported_grant_type' });
    }
    const issued = clientId && clientSecret ? store.issueToken(clientId, clientSecret) : undefined;
    if (!issued)
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Bad client credentials' });
    void reply.header('cache-control', 'no-store');
    return { access_token: issued.token, token_type: 'bearer', expires_in: issued.expiresIn };
  });

  const authenticated = (request: FastifyRequest, reply: FastifyReply): Tenant | undefined => {
    const tenant = store.tenantOf(request.headers.authorization);
    if (!tenant) {
      void reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: 'unauthorized', message: 'Invalid or expired token' });
    }
    return tenant;
  };

  /** The organization in the path, when the token's tenant owns it. */
  const organization = (
    request: FastifyRequest,
    reply: FastifyReply,
  ): { tenant: Tenant; org: StoredOrganization } | undefined => {
    const tenant = authenticated(request, reply);
    if (!tenant) return undefined;
    const { organizationId } = request.params as { organizationId: string };
    const org = tenant.organizations.get(organizationId);
    if (!org) {
      void reply
        .code(404)
        .send({ code: 'organization_not_found', message: `No organization ${organizationId}` });
      return undefined;
    }
    return { tenant, org };
  };

  /** The organization in the path, when the token's tenant owns it and may deploy to it (else 403). */
  const deployableOrganization = (
    request: FastifyRequest,
    reply: FastifyReply,
  ): { tenant: Tenant; org: StoredOrganization } | undefined => {
    const found = organization(request, reply);
    if (found && !found.org.deployable) {
      void reply
        .code(403)
        .send({ code: 'forbidden', message: `This credential may not deploy to ${found.org.name}` });
      return undefined;
    }
    return found;
  };

  const notApplied = (reply: FastifyReply, assetId: string): FastifyReply =>
    reply.code(404).send({ code: 'not_applied', message: `${assetId} is not applied` });

  app.get(`${BASE}/accounts/api/me`, async (request, reply) => {
    const tenant = authenticated(request, reply);
    if (!tenant) return reply;
    const root = tenant.organizations.get(tenant.rootId);
    return {
      client: { clientId: tenant.clientId },
      organization: { id: tenant.rootId, name: root?.name ?? '' },
      deployableOrganizationIds: [...tenant.organizations.values()]
        .filter((o) => o.deployable)
        .map((o) => o.id),
    };
  });

  app.get(`${BASE}/accounts/api/organizations/:organizationId/hierarchy`, async (request, reply) => {
    const found = organization(request, reply);
    if (!found) return reply;
    const build = (org: StoredOrganization): Record<string, unknown> => ({
      id: org.id,
      name: org.name,
      parentId: org.parentId,
      subOrganizations: [...found.tenant.organizations.values()]
        .filter((o) => o.parentId === org.id)
        .map(build),
    });
    return build(found.org);
  });

  app.get(`${BASE}/api/v1/organizations/:organizationId/applied`, async (request, reply) => {
    const found = organization(request, reply);
    if (!found) return reply;
    return { items: store.appliedIn(found.org.id) };
  });

  app.get(`${BASE}/api/v1/organizations/:organizationId/applied/:assetId`, async (request, reply) => {
    const found = organization(request, reply);
    if (!found) return reply;
    const { assetId } = request.params as { assetId: string };
    const item = store.getApplied(found.org.id, assetId);
    if (!item) return notApplied(reply, assetId);
    return item;
  });

  app.get(`${BASE}/api/v1/organizations/:organizationId/applied/:assetId/status`, async (request, reply) => {
    const found = organization(request, reply);
    if (!found) return reply;
    const { assetId } = request.params as { assetId: string };
    const status = store.statusOf(found.org.id, assetId);
    if (!status) return notApplied(reply, assetId);
    return { organizationId: found.org.id, assetId, ...status };
  });

  app.put(`${BASE}/api/v1/organizations/:organizationId/applied/:assetId`, async (request, reply) => {
    const found = deployableOrganization(request, reply);
    if (!found) return reply;
    const { assetId } = request.params as { assetId: string };
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (
      (body.kind !== 'policy' && body.kind !== 'ruleset') ||
      typeof body.groupId !== 'string' ||
      typeof body.version !== 'string'
    ) {
      return reply.code(400).send({
        code: 'invalid_request',
        message: 'kind (policy|ruleset), groupId and version are required',
      });
    }
    const configuration =
      typeof body.configuration === 'object' &&
      body.configuration !== null &&
      !Array.isArray(body.configuration)
        ? (body.configuration as Record<string, unknown>)
        : {};
    const asset = registry.getVersion(body.groupId, assetId, body.version);
    if (!asset || !found.tenant.organizations.has(body.groupId)) {
      return reply.code(404).send({
        code: 'asset_not_found',
        message: `${body.groupId}/${assetId}/${body.version} is not in the registry`,
      });
    }
    const expected =
      body.kind === 'ruleset' ? ['governance-ruleset'] : ['policy-definition', 'policy-implementation'];
    if (!expected.includes(asset.classifier)) {
      return reply.code(400).send({
        code: 'invalid_request',
        message: `A ${body.kind} cannot be applied from a ${asset.classifier} asset`,
      });
    }
    const { item, created } = store.apply({
      organizationId: found.org.id,
      kind: body.kind,
      groupId: body.groupId,
      assetId,
      version: body.version,
      configuration,
      appliedAt: new Date().toISOString(),
    });
    return reply.code(created ? 201 : 200).send(item);
  });

  app.delete(`${BASE}/api/v1/organizations/:organizationId/applied/:assetId`, async (request, reply) => {
    const found = deployableOrganization(request, reply);
    if (!found) return reply;
    const { assetId } = request.params as { assetId: string };
    if (!store.removeApplied(found.org.id, assetId)) {
      return notApplied(reply, assetId);
    }
    return reply.code(204).send();
  });
}
