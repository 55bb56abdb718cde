import type { EnvSource } from '@pc/platform';
import {
  OutboundError,
  OutboundHttpClient,
  describeFailure,
  isRecord,
  type HttpMethod,
  type OutboundResponse,
} from '@pc/outbound';
import { loadRegistryConfig, type RegistryConfig } from './registry.env';
import { RegistryError } from './registry.errors';
import type {
  AccessTokenProvider,
  AssetCoordinates,
  AssetHomePage,
  AssetVersion,
  AssetVersionCoordinates,
  HomePageStatus,
  PublishAssetInput,
  Registry,
} from './registry.types';

/**
 * The registry over HTTP (`<REGISTRY_URL>/api/v1/assets/{groupId}/{assetId}[/{version}]`). The registry URL
 * is operator configuration, so calls are not vetted by the outbound guard.
 */
export class HttpRegistry implements Registry {
  private readonly http: OutboundHttpClient;
  private readonly baseUrl: string;

  constructor(config: RegistryConfig) {
    this.baseUrl = config.url.replace(/\/+$/, '');
    this.http = new OutboundHttpClient({
      guarded: false,
      timeoutMs: config.timeoutMs ?? 15_000,
      retries: config.retries ?? 2,
    });
  }

  static fromEnv(source: EnvSource): HttpRegistry {
    return new HttpRegistry(loadRegistryConfig(source));
  }

  async publish(auth: AccessTokenProvider, input: PublishAssetInput): Promise<AssetVersion> {
    const body = {
      classifier: input.classifier,
      name: input.name,
      description: input.description ?? '',
      files: input.files.map((f) => ({
        path: f.path,
        contentBase64: Buffer.from(f.content).toString('base64'),
      })),
    };
    const response = await this.call(auth, 'POST', versionPath(input), body);
    return toAssetVersion(expectJson(response, 'publish'));
  }

  async getVersion(
    auth: AccessTokenProvider,
    coordinates: AssetVersionCoordinates,
  ): Promise<AssetVersion | null> {
    const response = await this.call(auth, 'GET', versionPath(coordinates));
    if (response.status === 404) return null;
    return toAssetVersion(expectJson(response, 'version'));
  }

  async listVersions(auth: AccessTokenProvider, asset: AssetCoordinates): Promise<AssetVersion[]> {
    const response = await this.call(auth, 'GET', assetPath(asset));
    if (response.status === 404) return [];
    const body = expectJson(response, 'asset');
    if (!isRecord(body) || !Array.isArray(body.versions)) throw malformed('asset');
    return body.versions.map(toAssetVersion);
  }

  async readFile(
    auth: AccessTokenProvider,
    coordinates: AssetVersionCoordinates,
    path: string,
  ): Promise<Buffer> {
    const encoded = path
      .split('/')
      .map((s) => encodeURIComponent(s))
      .join('/');
    const response = await this.call(auth, 'GET', `${versionPath(coordinates)}/files/${encoded}`);
    expectOk(response);
    return response.body;
  }

  async deleteVersion(auth: AccessTokenProvider, coordinates: AssetVersionCoordinates): Promise<boolean> {
    const response = await this.call(auth, 'DELETE', versionPath(coordinates));
    if (response.status === 404) return false;
    expectOk(response);
    return true;
  }

  async getHomePage(auth: AccessTokenProvider, asset: AssetCoordinates): Promise<AssetHomePage> {
    const response = await this.call(auth, 'GET', `${assetPath(asset)}/home-page`);
    return toHomePage(expectJson(response, 'home page'));
  }

  async setHomePage(
    auth: AccessTokenProvider,
    asset: AssetCoordinates,
    page: { status: HomePageStatus; content?: string },
  ): Promise<AssetHomePage> {
    const response = await this.call(auth, 'PUT', `${assetPath(asset)}/home-page`, page);
    return toHomePage(expectJson(response, 'home page'));
  }

  /** One call with a bearer token; on 401 the token is refreshed once and the call made again. */
  private async call(
    auth: AccessTokenProvider,
    method: HttpMethod,
    path: string,
    body?: unknown,
  ): Promise<OutboundResponse> {
    let response = await this.send(method, path, await token(auth, false), body);
    if (response.status === 401) response = await this.send(method, path, await token(auth, true), body);
    if (response.status === 401)
      throw new RegistryError('unauthorized', 'The registry rejected the token', { status: 401 });
    return response;
  }

  private async send(
    method: HttpMethod,
    path: string,
    bearer: string,
    body?: unknown,
  ): Promise<OutboundResponse> {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${bearer}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await this.http.request({
        method,
        url: `${this.baseUrl}/api/v1/assets/${path}`,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw fromOutbound(error);
    }
  }
}

async function token(auth: AccessTokenProvider, forceRefresh: boolean): Promise<string> {
  try {
    return await auth(forceRefresh ? { forceRefresh } : undefined);
  } catch (error) {
    if (error instanceof RegistryError) throw error;
    const kind = (error as { kind?: unknown } | undefined)?.kind;
    if (kind === 'timeout' || kind === 'unreachable' || kind === 'rate_limited') {
      throw new RegistryError(kind, 'No token: the token endpoint failed', { cause: error });
    }
    throw new RegistryError('unauthorized', 'No token could be obtained', { cause: error });
  }
}

function assetPath(asset: AssetCoordinates): string {
  return `${encodeURIComponent(asset.groupId)}/${encodeURIComponent(asset.assetId)}`;
}

function versionPath(coordinates: AssetVersionCoordinates): string {
  return `${assetPath(coordinates)}/${encodeURIComponent(coordinates.version)}`;
}

function expectOk(response: OutboundResponse): void {
  const failure = describeFailure(response);
  if (!failure) return;
  const { status, message } = failure;
  if (failure.rateLimited) {
    throw new RegistryError('rate_limited', 'The registry is rate limiting', {
      status,
      retryAfterSeconds: failure.retryAfterSeconds,
    });
  }
  switch (status) {
    case 400:
    case 413:
    case 422:
      throw new RegistryError('invalid_request', message, { status });
    case 403:
      throw new RegistryError('forbidden', message, { status });
    case 404:
      throw new RegistryError('not_found', message, { status });
    case 409:
      throw new RegistryError('conflict', message, { status });
    default:
      throw new RegistryError('upstream_error', `The registry answered ${status}: ${message}`, { status });
  }
}

function expectJson(response: OutboundResponse, what: string): unknown {
  expectOk(response);
  const body = response.json();
  if (body === undefined) throw malformed(what);
  return body;
}

function toAssetVersion(raw: unknown): AssetVersion {
  if (
    !isRecord(raw) ||
    typeof raw.groupId !== 'string' ||
    typeof raw.assetId !== 'string' ||
    typeof raw.version !== 'string' ||
    typeof raw.classifier !== 'string' ||
    !Array.isArray(raw.files)
  ) {
    throw malformed('asset version');
  }
  return {
    groupId: raw.groupId,
    assetId: raw.assetId,
    version: raw.version,
    classifier: raw.classifier as AssetVersion['classifier'],
    name: typeof raw.name === 'string' ? raw.name : raw.assetId,
    description: typeof raw.description === 'string' ? raw.description : '',
    files: raw.files.filter(isRecord).map((f) => ({
      path: String(f.path),
      size: Number(f.size),
      sha256: String(f.sha256),
    })),
    createdAt: typeof raw.createdAt === 'string' ? raw.createdAt : '',
  };
}

function toHomePage(raw: unknown): AssetHomePage {
  if (!isRecord(raw) || (raw.status !== 'draft' && raw.status !== 'published')) throw malformed('home page');
  return {
    status: raw.status,
    content: typeof raw.content === 'string' ? raw.content : '',
    updatedAt: typeof raw.updatedAt === 'string' ? raw.updatedAt : '',
  };
}

function fromOutbound(error: unknown): RegistryError {
  if (error instanceof OutboundError) {
    if (error.kind === 'timeout') return new RegistryError('timeout', error.message, { cause: error });
    if (error.kind === 'unreachable' || error.kind === 'unresolvable') {
      return new RegistryError('unreachable', error.message, { cause: error });
    }
  }
  return new RegistryError('upstream_error', error instanceof Error ? error.message : 'Unexpected failure', {
    cause: error,
  });
}

function malformed(what: string): RegistryError {
  return new RegistryError('upstream_error', `The registry answered a malformed ${what}`);
}
