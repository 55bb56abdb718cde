import { CONNECTION_LIMITS, DEPLOYMENT_LIMITS } from '@pc/contracts';
import type { EnvSource } from '@pc/platform';
import { createHash } from 'node:crypto';
import {
  OutboundGuard,
  OutboundHttpClient,
  UpstreamFailures,
  describeFailure,
  isRecord,
  type HttpMethod,
  type OutboundResponse,
} from '@pc/outbound';
import {
  GATEWAY_PLATFORM_SETTINGS,
  loadGatewayPlatformConfig,
  type GatewayPlatformConfig,
  type GatewayPlatformSettings,
} from './gateway-platform.env';
import { PlatformError, PlatformLimitError, type PlatformErrorKind } from './gateway-platform.errors';
import { platformMessage, quotable } from './platform-message';
import type {
  AccessTokenProvider,
  AppliedAsset,
  AppliedHealth,
  AppliedStatus,
  ApplyRequest,
  GatewayPlatform,
  PlatformAccess,
  PlatformConnection,
  PlatformOrganization,
  PlatformOrganizationList,
} from './gateway-platform.types';

interface CachedToken {
  value: string;
  expiresAt: number;
}

interface Target {
  baseUrl: string;
  /** Custom domains are user-supplied: vetted by the outbound guard. */
  guarded: boolean;
}

const REFUSED: Partial<Record<number, PlatformErrorKind>> = {
  400: 'invalid_request',
  422: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
};

const failures = new UpstreamFailures('platform', PlatformError, {
  statusKind: (failure) =>
    failure.status === 404 && failure.code === 'asset_not_found'
      ? 'asset_not_found'
      : REFUSED[failure.status],
  transportKinds: {
    invalid_url: 'invalid_url',
    blocked_address: 'not_allowed_host',
    timeout: 'timeout',
    unresolvable: 'unreachable',
    unreachable: 'unreachable',
  },
});

/**
 * The gateway platform over HTTP: `POST /oauth2/token` (client credentials), `/accounts/api/me`,
 * `/accounts/api/organizations/{id}/hierarchy` and `/api/v1/organizations/{id}/applied[/{assetId}]`, under the
 * base URL of the connection's host.
 */
export class HttpGatewayPlatform implements GatewayPlatform {
  private readonly http: OutboundHttpClient;
  private readonly guard: OutboundGuard;
  private readonly tokens = new Map<string, CachedToken>();
  private readonly pending = new Map<string, Promise<CachedToken>>();
  private readonly skewMs: number;
  private readonly timeoutMs: number;
  /** A view made by `within`: when its calls must have ended, and the time it was given. */
  private deadline: { at: number; ms: number } | null = null;

  constructor(
    private readonly config: GatewayPlatformConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.guard = new OutboundGuard({ allowlist: config.allowlist ?? [] });
    this.timeoutMs = config.timeoutMs ?? 10_000;
    this.http = new OutboundHttpClient({
      guard: this.guard,
      timeoutMs: this.timeoutMs,
      retries: config.retries ?? 2,
    });
    this.skewMs = (config.tokenExpirySkewSeconds ?? 30) * 1000;
  }

  static fromEnv(source: EnvSource): HttpGatewayPlatform {
    return new HttpGatewayPlatform(loadGatewayPlatformConfig(source));
  }

  /** From a service's environment: only the adapter's variables of it (the rest is the service's). */
  static fromSettings(settings: GatewayPlatformSettings): HttpGatewayPlatform {
    return HttpGatewayPlatform.fromEnv(
      Object.fromEntries(GATEWAY_PLATFORM_SETTINGS.map((name) => [name, settings[name]])),
    );
  }

  within(timeoutMs: number): GatewayPlatform {
    const view = new HttpGatewayPlatform({ ...this.config, retries: 0 }, this.now);
    view.deadline = { at: this.now() + timeoutMs, ms: timeoutMs };
    return view;
  }

  baseUrl(connection: PlatformAccess): string {
    return this.target(connection).baseUrl;
  }

  async getAccessToken(
    connection: PlatformAccess,
    options: { forceRefresh?: boolean } = {},
  ): Promise<string> {
    if ('accessToken' in connection) return connection.accessToken(options);
    const target = this.target(connection);
    const key = cacheKey(target.baseUrl, connection);
    const cached = this.tokens.get(key);
    if (!options.forceRefresh && cached && cached.expiresAt - this.skewMs > this.now()) return cached.value;
    if (options.forceRefresh) this.tokens.delete(key);
    let pending = this.pending.get(key);
    if (pending === undefined) {
      pending = this.fetchToken(target, connection).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    const token = await pending;
    this.tokens.set(key, token);
    return token.value;
  }

  tokenProvider(connection: PlatformAccess): AccessTokenProvider {
    return (options) => this.getAccessToken(connection, options);
  }

  async listOrganizations(connection: PlatformAccess): Promise<PlatformOrganizationList> {
    const { tree } = await this.hierarchy(connection);
    return listed(tree, () => true);
  }

  async listDeployableOrganizations(connection: PlatformAccess): Promise<PlatformOrganizationList> {
    const { me, tree } = await this.hierarchy(connection);
    const deployable = new Set(me.deployableIds);
    return listed(tree, (o) => deployable.has(o.id));
  }

  async findOrganization(
    connection: PlatformAccess,
    organizationId: string,
  ): Promise<PlatformOrganization | null> {
    const { tree } = await this.hierarchy(connection);
    return organizationsOf(tree, (o) => o.id === organizationId, 1)[0] ?? null;
  }

  async findDeployableOrganizations(
    connection: PlatformAccess,
    organizationIds: readonly string[],
  ): Promise<PlatformOrganization[]> {
    const { me, tree } = await this.hierarchy(connection);
    const deployable = new Set(me.deployableIds);
    const asked = new Set(organizationIds.filter((id) => deployable.has(id)));
    if (asked.size === 0) return [];
    return organizationsOf(tree, (o) => asked.has(o.id), asked.size);
  }

  async apply(
    connection: PlatformAccess,
    organizationId: string,
    request: ApplyRequest,
  ): Promise<AppliedAsset> {
    const body = {
      kind: request.kind,
      groupId: request.groupId,
      version: request.version,
      configuration: request.configuration ?? {},
    };
    const response = await this.call(connection, 'PUT', appliedPath(organizationId, request.assetId), body);
    return toApplied(failures.expectJson(response, 'applied asset'));
  }

  async listApplied(connection: PlatformAccess, organizationId: string): Promise<AppliedAsset[]> {
    const response = await this.call(connection, 'GET', appliedPath(organizationId));
    const body = failures.expectJson(response, 'applied list');
    if (!isRecord(body) || !Array.isArray(body.items)) throw failures.malformed('applied list');
    return body.items.map(toApplied);
  }

  async getApplied(
    connection: PlatformAccess,
    organizationId: string,
    assetId: string,
  ): Promise<AppliedAsset | null> {
    const response = await this.call(connection, 'GET', appliedPath(organizationId, assetId));
    if (response.status === 404 && describeFailure(response)?.code === 'not_applied') return null;
    return toApplied(failures.expectJson(response, 'applied asset'));
  }

  async getStatus(
    connection: PlatformAccess,
    organizationId: string,
    assetId: string,
  ): Promise<AppliedStatus | null> {
    const { response, secrets } = await this.exchange(
      connection,
      'GET',
      `${appliedPath(organizationId, assetId)}/status`,
    );
    if (response.status === 404 && describeFailure(response)?.code === 'not_applied') return null;
    const raw = failures.expectJson(response, 'applied status');
    if (
      !isRecord(raw) ||
      typeof raw.version !== 'string' ||
      !APPLIED_HEALTHS.includes(raw.health as AppliedHealth)
    )
      throw failures.malformed('applied status');
    return {
      organizationId,
      assetId,
      version: raw.version,
      health: raw.health as AppliedHealth,
      // A roll-out's checks and records quote it: kept as a failure's message is.
      message: typeof raw.message === 'string' ? platformMessage(raw.message, secrets) : null,
    };
  }

  async remove(connection: PlatformAccess, organizationId: string, assetId: string): Promise<boolean> {
    const response = await this.call(connection, 'DELETE', appliedPath(organizationId, assetId));
    if (response.status === 404 && describeFailure(response)?.code === 'not_applied') return false;
    failures.expectOk(response);
    return true;
  }

  /** The credential's profile and its tenant's organization tree, as the platform answers it. */
  private async hierarchy(
    connection: PlatformAccess,
  ): Promise<{ me: { rootId: string; deployableIds: string[] }; tree: unknown }> {
    const me = await this.me(connection);
    const tree = failures.expectJson(
      await this.call(
        connection,
        'GET',
        `/accounts/api/organizations/${encodeURIComponent(me.rootId)}/hierarchy`,
      ),
      'hierarchy',
    );
    return { me, tree };
  }

  private async me(connection: PlatformAccess): Promise<{ rootId: string; deployableIds: string[] }> {
    const body = failures.expectJson(await this.call(connection, 'GET', '/accounts/api/me'), 'profile');
    if (!isRecord(body) || !isRecord(body.organization) || typeof body.organization.id !== 'string') {
      throw failures.malformed('profile');
    }
    const deployable = Array.isArray(body.deployableOrganizationIds) ? body.deployableOrganizationIds : [];
    return {
      rootId: body.organization.id,
      deployableIds: deployable.filter((id): id is string => typeof id === 'string'),
    };
  }

  private target(connection: PlatformAccess): Target {
    switch (connection.host) {
      case 'us':
        return { baseUrl: trimSlash(this.config.usUrl), guarded: false };
      case 'eu':
        return { baseUrl: trimSlash(this.config.euUrl), guarded: false };
      case 'custom': {
        const domain = (connection.customDomain ?? '').trim();
        if (domain === '')
          throw new PlatformError('invalid_url', 'A custom connection needs a custom domain');
        const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`;
        let url: URL;
        try {
          url = this.guard.parse(candidate);
        } catch (error) {
          throw failures.fromOutbound(error);
        }
        if (url.search !== '' || url.hash !== '') {
          throw new PlatformError('invalid_url', 'A custom domain must not have a query or fragment');
        }
        // The connection's credentials and tokens go there: over https, plain http only to a host the operator
        // allowlisted (`OUTBOUND_ALLOWLIST`: the local sandbox in embedded mode and tests, a trusted private host).
        if (url.protocol !== 'https:' && !this.guard.isAllowlisted(url)) {
          throw new PlatformError(
            'invalid_url',
            'A custom domain must use https (plain http only for a host in OUTBOUND_ALLOWLIST)',
          );
        }
        return { baseUrl: trimSlash(`${url.origin}${url.pathname}`), guarded: true };
      }
      default:
        throw new PlatformError('invalid_request', `Unknown platform host ${String(connection.host)}`);
    }
  }

  private async fetchToken(target: Target, connection: PlatformConnection): Promise<CachedToken> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: connection.clientId,
      client_secret: connection.clientSecret,
    });
    const response = await this.send(
      target,
      'POST',
      '/oauth2/token',
      form.toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
      [connection.clientId, connection.clientSecret],
    );
    if (response.status === 400 || response.status === 401) {
      throw new PlatformError('invalid_credentials', 'The platform refused the client credentials', {
        status: response.status,
      });
    }
    const body = failures.expectJson(response, 'token');
    if (!isRecord(body) || typeof body.access_token !== 'string') throw failures.malformed('token');
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300;
    return { value: body.access_token, expiresAt: this.now() + expiresIn * 1000 };
  }

  /** A call with the connection's token; on 401 the token is fetched again once. */
  private async call(
    connection: PlatformAccess,
    method: HttpMethod,
    path: string,
    body?: unknown,
  ): Promise<OutboundResponse> {
    return (await this.exchange(connection, method, path, body)).response;
  }

  /** The same, with the credentials the call sent (`platformMessage` keeps them out of what it quotes). */
  private async exchange(
    connection: PlatformAccess,
    method: HttpMethod,
    path: string,
    body?: unknown,
  ): Promise<{ response: OutboundResponse; secrets: readonly string[] }> {
    const target = this.target(connection);
    const json = body === undefined ? undefined : JSON.stringify(body);
    const headers = (token: string): Record<string, string> => ({
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    });
    const credentials = 'clientSecret' in connection ? [connection.clientId, connection.clientSecret] : [];
    const token = await this.getAccessToken(connection);
    let secrets = [token, ...credentials];
    let response = await this.send(target, method, path, json, headers(token), secrets);
    if (response.status === 401) {
      const fresh = await this.getAccessToken(connection, { forceRefresh: true });
      secrets = [fresh, ...credentials];
      response = await this.send(target, method, path, json, headers(fresh), secrets);
      if (response.status === 401) {
        throw new PlatformError('unauthorized', 'The platform refused a fresh token', { status: 401 });
      }
    }
    return { response, secrets };
  }

  /**
   * One request. A failed answer keeps only a short excerpt of what the platform wrote (`quotable`), with
   * none of `secrets` (the call's token or client credentials) in it: its errors are shown and recorded.
   */
  private async send(
    target: Target,
    method: HttpMethod,
    path: string,
    body: string | undefined,
    headers: Record<string, string>,
    secrets: readonly string[],
  ): Promise<OutboundResponse> {
    const left = this.deadline === null ? null : this.deadline.at - this.now();
    if (left !== null && left <= 0) throw this.pastDeadline();
    try {
      const request = this.http.request({
        method,
        url: `${target.baseUrl}${path}`,
        headers,
        body,
        guarded: target.guarded,
        ...(left === null ? {} : { timeoutMs: Math.min(left, this.timeoutMs) }),
      });
      // The name resolution of a custom domain is not under the request's own timeout: the race is.
      const response = await (left === null
        ? request
        : raceDeadline(request, left, () => this.pastDeadline()));
      return quotable(response, secrets);
    } catch (error) {
      throw failures.fromOutbound(error);
    }
  }

  private pastDeadline(): PlatformError {
    return new PlatformError('timeout', `The platform did not answer within ${this.deadline?.ms} ms`);
  }
}

/** `promise`, or the failure `late` makes once `ms` have passed first. */
async function raceDeadline<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(late()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function cacheKey(baseUrl: string, connection: PlatformConnection): string {
  const secret = createHash('sha256').update(connection.clientSecret).digest('hex');
  return `${baseUrl}\n${connection.clientId}\n${secret}`;
}

/** One level of the walk below: the children of `parent`, the next one to enter, and their level. */
interface Level {
  parent: PlatformOrganization;
  children: unknown[];
  next: number;
  depth: number;
}

/**
 * The first `CONNECTION_LIMITS.orgsMax` organizations of the tree that `keep` accepts; the walk goes on to
 * the next one it would keep, so `truncated` says exactly whether the tree has more.
 */
function listed(
  tree: unknown,
  keep: (organization: PlatformOrganization) => boolean,
): PlatformOrganizationList {
  const max = CONNECTION_LIMITS.orgsMax;
  const found = organizationsOf(tree, keep, max + 1);
  return { organizations: found.slice(0, max), truncated: found.length > max };
}

/**
 * The organizations of the platform's tree (`{id, name, subOrganizations}`) that `keep` accepts, root
 * first, depth first, at most `max`: the walk stops there. It keeps its own stack of levels, so no tree
 * overflows the call stack, and refuses (`PlatformLimitError`, naming the limit) an organization it reaches
 * deeper than `orgDepthMax`, whose full path is longer than `orgPathMax` or whose id is longer than
 * `organizationIdMax`: each full path repeats its parent's, so a deep tree of long names would make the
 * answer quadratic in what the platform sent.
 */
function organizationsOf(
  tree: unknown,
  keep: (organization: PlatformOrganization) => boolean,
  max: number,
): PlatformOrganization[] {
  const found: PlatformOrganization[] = [];
  const levels: Level[] = [];
  /** False once `max` are found. */
  const enter = (node: unknown, parent: PlatformOrganization | null, depth: number): boolean => {
    const organization = organizationOf(node, parent, depth);
    if (keep(organization)) {
      found.push(organization);
      if (found.length >= max) return false;
    }
    const children = isRecord(node) && Array.isArray(node.subOrganizations) ? node.subOrganizations : [];
    if (children.length > 0) levels.push({ parent: organization, children, next: 0, depth: depth + 1 });
    return true;
  };
  let going = enter(tree, null, 1);
  while (going && levels.length > 0) {
    const level = levels[levels.length - 1];
    if (level.next === level.children.length) levels.pop();
    else going = enter(level.children[level.next++], level.parent, level.depth);
  }
  return found;
}

function organizationOf(
  node: unknown,
  parent: PlatformOrganization | null,
  depth: number,
): PlatformOrganization {
  const L = CONNECTION_LIMITS;
  if (depth > L.orgDepthMax) {
    throw new PlatformLimitError(
      `The platform's organization tree is more than ${L.orgDepthMax} levels deep, the most this service reads`,
    );
  }
  if (!isRecord(node) || typeof node.id !== 'string' || typeof node.name !== 'string') {
    throw failures.malformed('organization');
  }
  if (node.id.length > L.organizationIdMax) {
    throw new PlatformLimitError(
      `The platform answered an organization ID longer than ${L.organizationIdMax} characters, the most this service reads`,
    );
  }
  const fullPath = parent === null ? node.name : `${parent.fullPath} / ${node.name}`;
  if (fullPath.length > L.orgPathMax) {
    throw new PlatformLimitError(
      `The platform answered an organization whose full path is longer than ${L.orgPathMax} characters, the most this service reads`,
    );
  }
  return { id: node.id, name: node.name, parentId: parent?.id ?? null, isPrimary: parent === null, fullPath };
}

const APPLIED_HEALTHS: readonly AppliedHealth[] = ['healthy', 'progressing', 'degraded', 'failing'];

function appliedPath(organizationId: string, assetId?: string): string {
  const base = `/api/v1/organizations/${encodeURIComponent(organizationId)}/applied`;
  return assetId === undefined ? base : `${base}/${encodeURIComponent(assetId)}`;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function toApplied(raw: unknown): AppliedAsset {
  if (
    !isRecord(raw) ||
    typeof raw.organizationId !== 'string' ||
    (raw.kind !== 'policy' && raw.kind !== 'ruleset') ||
    typeof raw.groupId !== 'string' ||
    typeof raw.assetId !== 'string' ||
    typeof raw.version !== 'string'
  ) {
    throw failures.malformed('applied asset');
  }
  return {
    organizationId: raw.organizationId,
    kind: raw.kind,
    groupId: raw.groupId,
    assetId: raw.assetId,
    version: raw.version,
    configuration: isRecord(raw.configuration) ? configurationOf(raw.configuration) : {},
    appliedAt: typeof raw.appliedAt === 'string' ? raw.appliedAt : '',
  };
}

/**
 * An applied item's configuration, refused (`PlatformLimitError`) when its objects and arrays nest deeper
 * than `appliedConfigurationDepthMax`: its readers (drift's comparison, a roll-out's record of what ran
 * before) serialize it recursively, and a deep enough one overflowed the stack. Checked with a stack of
 * its own.
 */
function configurationOf(configuration: Record<string, unknown>): Record<string, unknown> {
  const max = DEPLOYMENT_LIMITS.appliedConfigurationDepthMax;
  const pending: Array<{ value: Record<string, unknown> | unknown[]; depth: number }> = [
    { value: configuration, depth: 1 },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.depth > max) {
      throw new PlatformLimitError(
        `The platform answered an applied item whose configuration is nested more than ${max} levels deep, the most this service reads`,
      );
    }
    const children: unknown[] = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children)
      if (isRecord(child) || Array.isArray(child)) pending.push({ value: child, depth: next.depth + 1 });
  }
  return configuration;
}
