import type { EnvSource } from '@pc/platform';
import {
  OutboundHttpClient,
  UpstreamFailures,
  isRecord,
  type HttpMethod,
  type OutboundResponse,
} from '@pc/outbound';
import { loadRegistryConfig, type RegistryConfig } from './registry.env';
import { RegistryError, type RegistryErrorKind } from './registry.errors';
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

const REFUSED: Partial<Record<number, RegistryErrorKind>> = {
  400: 'invalid_request',
  413: 'invalid_request',
  422: 'invalid_request',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
};

const failures = new UpstreamFailures('registry', RegistryError, {
  statusKind: (failure) => REFUSED[failure.status],
  transportKinds: { timeout: 'timeout', unreachable: 'unreachable', unresolvable: 'unreachable' },
});

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
    return toAssetVersion(failures.expectJson(response, 'publish'));
  }

  async getVersion(
    auth: AccessTokenProvider,
    coordinates: AssetVersionCoordinates,
  ): Promise<AssetVersion | null> {
    const response = await this.call(auth, 'GET', versionPath(coordinates));
    if (response.status === 404) return null;
    return toAssetVersion(failures.expectJson(response, 'version'));
  }

  async listVersions(auth: AccessTokenProvider, asset: AssetCoordinates): Promise<AssetVersion[]> {
    const response = await this.call(auth, 'GET', assetPath(asset));
    if (response.status === 404) return [];
    const body = failures.expectJson(response, 'asset');
    if (!isRecord(body) || !Array.isArray(body.versions)) throw failures.malformed('asset');
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
    failures.expectOk(response);
    return response.body;
  }

  async deleteVersion(auth: AccessTokenProvider, coordinates: AssetVersionCoordinates): Promise<boolean> {
    const response = await this.call(auth, 'DELETE', versionPath(coordinates));
    if (response.status === 404) return false;
    failures.expectOk(response);
    return true;
  }

  async getHomePage(auth: AccessTokenProvider, asset: AssetCoordinates): Promise<AssetHomePage> {
    const response = await this.call(auth, 'GET', `${assetPath(asset)}/home-page`);
    return toHomePage(failures.expectJson(response, 'home page'));
  }

  async setHomePage(
    auth: AccessTokenProvider,
    asset: AssetCoordinates,
    page: { status: HomePageStatus; content?: string },
  ): Promise<AssetHomePage> {
    const response = await this.call(auth, 'PUT', `${assetPath(asset)}/home-page`, page);
    return toHomePage(failures.expectJson(response, 'home page'));
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
      throw failures.fromOutbound(error);
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

function toAssetVersion(raw: unknown): AssetVersion {
  if (
    !isRecord(raw) ||
    typeof raw.groupId !== 'string' ||
    typeof raw.assetId !== 'string' ||
    typeof raw.version !== 'string' ||
    typeof raw.classifier !== 'string' ||
    !Array.isArray(raw.files)
  ) {
    throw failures.malformed('asset version');
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
  if (!isRecord(raw) || (raw.status !== 'draft' && raw.status !== 'published'))
    throw failures.malformed('home page');
  return {
    status: raw.status,
    content: typeof raw.content === 'string' ? raw.content : '',
    updatedAt: typeof raw.updatedAt === 'string' ? raw.updatedAt : '',
  };
}
