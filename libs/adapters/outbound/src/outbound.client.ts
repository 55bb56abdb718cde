import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { OutboundError } from './outbound.errors';
import { OutboundGuard } from './outbound.guard';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OutboundRequest {
  method?: HttpMethod;
  url: string | URL;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Per attempt. Defaults to the client's. */
  timeoutMs?: number;
  /** Extra attempts after a network failure or a 5xx. Only GET and HEAD are ever retried. */
  retries?: number;
  /** Whether the address is vetted by the guard (user-supplied addresses). Defaults to the client's. */
  guarded?: boolean;
  maxResponseBytes?: number;
}

export interface OutboundResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  text(): string;
  /** Parses the body as JSON; `undefined` when it is empty or not JSON. */
  json(): unknown;
}

export interface OutboundHttpClientOptions {
  /** Vets user-supplied addresses. Without one, `guarded` requests use a guard with an empty allowlist. */
  guard?: OutboundGuard;
  /** Whether requests are vetted unless they say otherwise. Default true. */
  guarded?: boolean;
  timeoutMs?: number;
  retries?: number;
  /** First backoff delay; doubles on each retry. */
  retryDelayMs?: number;
  maxResponseBytes?: number;
  userAgent?: string;
}

const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);
const RETRYABLE_STATUS: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/**
 * The one way adapters speak HTTP: a timeout on every attempt, retries with backoff only for GET and HEAD,
 * no redirects followed, and, for user-supplied addresses, a connection pinned to the vetted address.
 */
export class OutboundHttpClient {
  private readonly guard: OutboundGuard;
  private readonly guarded: boolean;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly maxResponseBytes: number;
  private readonly userAgent: string;

  constructor(options: OutboundHttpClientOptions = {}) {
    this.guard = options.guard ?? new OutboundGuard();
    this.guarded = options.guarded ?? true;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 2;
    this.retryDelayMs = options.retryDelayMs ?? 100;
    this.maxResponseBytes = options.maxResponseBytes ?? 20 * 1024 * 1024;
    this.userAgent = options.userAgent ?? 'policy-catalog';
  }

  async request(request: OutboundRequest): Promise<OutboundResponse> {
    const method = request.method ?? 'GET';
    const retries = IDEMPOTENT.has(method) ? (request.retries ?? this.retries) : 0;
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      try {
        const response = await this.attempt(method, request);
        if (last || !RETRYABLE_STATUS.has(response.status)) return response;
      } catch (error) {
        const transient =
          error instanceof OutboundError && (error.kind === 'timeout' || error.kind === 'unreachable');
        if (last || !transient) throw error;
      }
      await sleep(this.retryDelayMs * 2 ** attempt + Math.floor(Math.random() * this.retryDelayMs));
    }
  }

  private async attempt(method: HttpMethod, request: OutboundRequest): Promise<OutboundResponse> {
    const guarded = request.guarded ?? this.guarded;
    let url: URL;
    let lookup: LookupFunction | undefined;
    if (guarded) {
      const target = await this.guard.vet(request.url);
      url = target.url;
      lookup = pinnedLookup(target.address, target.family);
    } else {
      url = this.guard.parse(request.url);
    }
    const timeoutMs = request.timeoutMs ?? this.timeoutMs;
    const maxBytes = request.maxResponseBytes ?? this.maxResponseBytes;
    const signal = AbortSignal.timeout(timeoutMs);
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers: Record<string, string> = { 'user-agent': this.userAgent, ...request.headers };
    if (body !== undefined) headers['content-length'] = String(body.length);
    const transport = url.protocol === 'https:' ? https : http;

    return new Promise<OutboundResponse>((resolve, reject) => {
      const fail = (error: unknown): void => reject(toOutboundError(error, signal, url, timeoutMs));
      const req = transport.request(url, { method, headers, signal, lookup, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(
              new OutboundError('too_large', `The response from ${url.host} exceeds ${maxBytes} bytes`),
            );
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () => {
          const buffer = Buffer.concat(chunks);
          resolve(makeResponse(res.statusCode ?? 0, res.headers, buffer));
        });
      });
      req.on('error', fail);
      req.end(body);
    });
  }
}

function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

function makeResponse(status: number, raw: http.IncomingHttpHeaders, body: Buffer): OutboundResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    status,
    headers,
    body,
    text: () => body.toString('utf8'),
    json: () => {
      if (body.length === 0) return undefined;
      try {
        return JSON.parse(body.toString('utf8')) as unknown;
      } catch {
        return undefined;
      }
    },
  };
}

function toOutboundError(error: unknown, signal: AbortSignal, url: URL, timeoutMs: number): OutboundError {
  if (error instanceof OutboundError) return error;
  if (signal.aborted) {
    return new OutboundError('timeout', `${url.host} did not answer within ${timeoutMs} ms`, {
      cause: error,
    });
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new OutboundError('unresolvable', `The host ${url.hostname} cannot be resolved`, { cause: error });
  }
  return new OutboundError('unreachable', `${url.host} cannot be reached (${code ?? 'network error'})`, {
    cause: error,
  });
}

/**
 * Seconds to wait before trying again, from `retry-after` (seconds or HTTP date) or, when no quota is left
 * (`x-ratelimit-remaining` 0 or absent), `x-ratelimit-reset` (epoch seconds): with quota left the reset is
 * the end of the hour's window, not of a secondary limit. `undefined` when neither says.
 */
export function retryAfterSeconds(
  headers: Record<string, string>,
  now: Date = new Date(),
): number | undefined {
  const retryAfter = headers['retry-after'];
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
  }
  const remaining = headers['x-ratelimit-remaining'];
  const reset = Number(headers['x-ratelimit-reset']);
  if (
    headers['x-ratelimit-reset'] !== undefined &&
    Number.isFinite(reset) &&
    (remaining === undefined || remaining === '0')
  ) {
    return Math.max(0, Math.ceil(reset - now.getTime() / 1000));
  }
  return undefined;
}

/** A message about a rate limit ("API rate limit exceeded", "You have exceeded a secondary rate limit"). */
const RATE_LIMIT_MESSAGE = /rate[ -]?limit/i;

/**
 * True for 429, and for a 403 that says it is a rate limit, as source hosts do: no quota left
 * (`x-ratelimit-remaining: 0`), or a secondary limit (quota left, but too many calls at once or too fast),
 * which says so with `retry-after` or only in its message. Any other 403 is a refusal.
 */
export function isRateLimited(
  response: Pick<OutboundResponse, 'status' | 'headers'> & Partial<Pick<OutboundResponse, 'json'>>,
): boolean {
  if (response.status === 429) return true;
  if (response.status !== 403) return false;
  const { headers } = response;
  if (headers['x-ratelimit-remaining'] === '0' || headers['retry-after'] !== undefined) return true;
  const body = response.json?.();
  return isRecord(body) && typeof body.message === 'string' && RATE_LIMIT_MESSAGE.test(body.message);
}

/** What a non-2xx answer of an upstream says: status, its message, its error code, rate limiting. */
export interface UpstreamFailure {
  status: number;
  message: string;
  code?: string;
  rateLimited: boolean;
  retryAfterSeconds?: number;
}

/** `undefined` for a 2xx answer; otherwise what the adapters turn into their own typed error. */
export function describeFailure(response: OutboundResponse): UpstreamFailure | undefined {
  if (response.status >= 200 && response.status < 300) return undefined;
  const body = response.json();
  const record = isRecord(body) ? body : {};
  return {
    status: response.status,
    message: typeof record.message === 'string' ? record.message : `HTTP ${response.status}`,
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
    rateLimited: isRateLimited(response),
    retryAfterSeconds: retryAfterSeconds(response.headers),
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
