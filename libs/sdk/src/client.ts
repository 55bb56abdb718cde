import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/openapi';
import { PolicyCatalogError } from './errors';
import {
  followDeploymentLog,
  type FollowLogOptions,
  followRollout,
  type FollowRolloutOptions,
  type LogStreamEvent,
  type RolloutStreamEvent,
  type Transport,
} from './log-stream';
import {
  type InitArgs,
  type OperationData,
  type OperationId,
  type OperationInit,
  OPERATIONS,
  type Operations,
} from './operations';
import { PAGES, type PageItem, type PagedOperationId } from './pagination';
import { type RetryOptions, retryingFetch } from './retry';

export type Schemas = components['schemas'];

/** How the client reaches and authenticates to the API. */
export interface PolicyCatalogOptions {
  /** The gateway's origin, e.g. `https://catalog.example.com` (paths start with /api). */
  baseUrl: string;
  /** A personal access token (`pcat_...`), sent as `Authorization: Bearer`. */
  token?: string;
  /**
   * A session: the value of the `sb-access-token` cookie (see `PolicyCatalog.signIn`). In a browser
   * on the same origin leave it out: the cookie rides along (`credentials`).
   */
  session?: string;
  /** The browser's cookie policy (default `same-origin`). */
  credentials?: Credentials;
  /** Retries of safe requests (GET, and those with an Idempotency-Key); `false` for none. */
  retry?: RetryOptions | false;
  /** Another fetch (a test's, a proxy's). */
  fetch?: (request: Request) => Promise<Response>;
  /** Sent as `User-Agent` where the platform allows it (Node). */
  userAgent?: string;
}

/** The browser's cookie policy for a request (`RequestInit.credentials`). */
export type Credentials = 'include' | 'omit' | 'same-origin';

/** The session cookie's name (`POST /api/auth/login` sets it). */
export const SESSION_COOKIE = 'sb-access-token';

/**
 * A typed client of the Policy Catalog API, built on the committed OpenAPI document: every operation
 * (`client.api.<group>.<name>(init)` or `client.call(operationId, init)`), errors as
 * `PolicyCatalogError` with the body's `code`, list operations as async iterators (`client.items`),
 * the deployment log as an async iterator that resumes after a dropped connection
 * (`client.followDeploymentLog`), a roll-out's events likewise (`client.followRollout`), and retries of safe requests, deployments included (an
 * `Idempotency-Key` is sent with every call of an operation that takes one).
 */
export class PolicyCatalog {
  /** The underlying openapi-fetch client, for anything the typed calls do not cover. */
  readonly raw: Client<paths>;
  /** Every operation, grouped by tag: `api.policies.get({ params: { path: { id } } })`. */
  readonly api: Operations;
  readonly baseUrl: string;
  private readonly fetchImpl: (request: Request) => Promise<Response>;
  private readonly headers: Record<string, string>;

  constructor(readonly options: PolicyCatalogOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    const base = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    this.fetchImpl = options.retry === false ? base : retryingFetch(base, options.retry);
    this.headers = {};
    if (options.token) this.headers.authorization = `Bearer ${options.token}`;
    if (options.session) this.headers.cookie = `${SESSION_COOKIE}=${options.session}`;
    if (options.userAgent) this.headers['user-agent'] = options.userAgent;
    this.raw = createClient<paths>({
      baseUrl: this.baseUrl,
      fetch: this.fetchImpl,
      headers: this.headers,
      credentials: options.credentials ?? 'same-origin',
    });
    this.api = groupOperations((op, init) => this.call(op, ...([init] as InitArgs<typeof op>)));
  }

  /**
   * Signs in with an email and password and returns a client on that session (Node: the cookie is
   * kept by the client; in a browser the browser keeps it).
   */
  static async signIn(
    options: Omit<PolicyCatalogOptions, 'token' | 'session'>,
    credentials: { email: string; password: string },
  ): Promise<PolicyCatalog> {
    const anonymous = new PolicyCatalog(options);
    const { response } = await anonymous.send('Auth_login', { body: credentials });
    const cookie = response.headers
      .getSetCookie?.()
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
      ?.split(';')[0]
      .slice(SESSION_COOKIE.length + 1);
    return new PolicyCatalog({ ...options, session: cookie });
  }

  /** Calls one operation by its operationId; resolves to its success body or throws PolicyCatalogError. */
  async call<K extends OperationId>(op: K, ...init: InitArgs<K>): Promise<OperationData<K>> {
    return (await this.send(op, ...init)).data;
  }

  /** Like `call`, with the HTTP response (status, headers) beside the body. */
  async send<K extends OperationId>(
    op: K,
    ...init: InitArgs<K>
  ): Promise<{ data: OperationData<K>; response: Response }> {
    const { method, path } = OPERATIONS[op];
    const options = withIdempotencyKey(op, (init[0] ?? {}) as OperationInit<K>);
    const name = `${method} ${path}`;
    let result: { data?: unknown; error?: unknown; response: Response };
    try {
      result = await (this.raw.request as (m: string, p: string, i: object) => Promise<typeof result>)(
        method.toLowerCase(),
        path,
        options,
      );
    } catch (error) {
      if (error instanceof PolicyCatalogError || isAbort(error)) throw error;
      throw PolicyCatalogError.unreachable(name, error);
    }
    // openapi-fetch gives a body that is not JSON (a proxy's error page) as its text: the message keeps it.
    if (!result.response.ok || result.error !== undefined)
      throw PolicyCatalogError.of(
        result.response,
        name,
        result.error,
        typeof result.error === 'string' ? result.error : '',
      );
    return { data: result.data as OperationData<K>, response: result.response };
  }

  /** The pages of a list operation, one after the other, each asked for only when the loop wants it. */
  async *pages<K extends PagedOperationId>(op: K, ...init: InitArgs<K>): AsyncGenerator<OperationData<K>> {
    const paging = PAGES[op];
    const first = (init[0] ?? {}) as { params?: { query?: Record<string, unknown>; path?: object } };
    let position: string | number | null | undefined = first.params?.query?.[paging.param] as
      string | number | undefined;
    // The first page is asked for as given; the next ones by their position: a list paged by cursor by the
    // cursor alone, without the offset that placed the first page (the API refuses both together).
    const { offset: _offset, ...byCursor } = first.params?.query ?? {};
    let query = first.params?.query;
    for (;;) {
      const page = await this.call(
        op,
        ...([{ ...first, params: { ...first.params, query } }] as InitArgs<K>),
      );
      yield page;
      const next = (paging.next as (p: OperationData<K>, at: unknown) => string | number | null)(
        page,
        position ?? 0,
      );
      if (next == null || next === position) return;
      position = next;
      query = { ...(paging.param === 'offset' ? first.params?.query : byCursor), [paging.param]: position };
    }
  }

  /** Every item of a list operation, across pages (`for await (const p of client.items('Policies_list'))`). */
  async *items<K extends PagedOperationId>(op: K, ...init: InitArgs<K>): AsyncGenerator<PageItem<K>> {
    for await (const page of this.pages(op, ...init)) {
      yield* (page as Record<string, PageItem<K>[]>)[PAGES[op].items];
    }
  }

  /**
   * A deployment's log as it is written: `log` events, then one `end` with the outcome. A dropped
   * connection, or a stream the gateway closes for the client to resume (a replica that stops), is resumed
   * with `Last-Event-ID`, so no line is lost or repeated.
   */
  followDeploymentLog(deploymentId: string, options: FollowLogOptions = {}): AsyncGenerator<LogStreamEvent> {
    return followDeploymentLog(this.transport(), deploymentId, options);
  }

  /**
   * A roll-out's events as they happen (its status, steps and organizations: `rollout` events, the
   * stored ones first), then one `end` with how it ended. A dropped connection, or a stream the gateway
   * closes for the client to resume, is resumed with `Last-Event-ID`, so no event is lost or repeated.
   */
  followRollout(rolloutId: string, options: FollowRolloutOptions = {}): AsyncGenerator<RolloutStreamEvent> {
    return followRollout(this.transport(), rolloutId, options);
  }

  private transport(): Transport {
    return {
      baseUrl: this.baseUrl,
      headers: this.headers,
      fetch: this.fetchImpl,
      credentials: this.options.credentials,
    };
  }
}

/** Adds a fresh Idempotency-Key to an operation that takes one, unless the caller gave theirs. */
function withIdempotencyKey<K extends OperationId>(op: K, init: OperationInit<K>): OperationInit<K> {
  if (!('idempotencyKey' in OPERATIONS[op])) return init;
  const params = (init as { params?: { header?: Record<string, unknown> } }).params ?? {};
  if (params.header?.['Idempotency-Key']) return init;
  return {
    ...init,
    params: { ...params, header: { ...params.header, 'Idempotency-Key': globalThis.crypto.randomUUID() } },
  } as OperationInit<K>;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** Builds the grouped methods from the generated table, each calling `call(operationId, init)`. */
function groupOperations(call: (op: OperationId, init?: object) => Promise<unknown>): Operations {
  const groups: Record<string, Record<string, (init?: object) => Promise<unknown>>> = {};
  for (const op of Object.keys(OPERATIONS) as OperationId[]) {
    const cut = op.indexOf('_');
    const group = op.charAt(0).toLowerCase() + op.slice(1, cut);
    (groups[group] ??= {})[op.slice(cut + 1)] = (init?: object) => call(op, init);
  }
  return groups as unknown as Operations;
}
