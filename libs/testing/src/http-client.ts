import { validatorFor } from './openapi-validator';

/**
 * A small HTTP client for end-to-end tests: JSON in and out, cookies and bearer tokens. Every answer of
 * a gateway is checked against the OpenAPI document that gateway serves: a status the operation does
 * not list, or a body that does not match its schema, fails the test (so every route is held to its
 * contract by every test that calls it).
 */
export interface HttpResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
}

/** An answer that breaks the served OpenAPI document. */
export class ContractViolation extends Error {
  constructor(readonly problems: string[]) {
    super(`The response does not match the served OpenAPI document:\n${problems.join('\n')}`);
    this.name = 'ContractViolation';
  }
}

export class HttpClient {
  constructor(readonly baseUrl: string) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const url = new URL(path, this.baseUrl);
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    const validator = await validatorFor(this.baseUrl);
    const problems = validator?.check(
      method,
      url,
      response.status,
      response.headers.get('content-type'),
      text,
    );
    if (problems && problems.length > 0) throw new ContractViolation(problems);
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = Record<string, unknown>>(path: string, options?: RequestOptions): Promise<HttpResponse<T>> {
    return this.request<T>('GET', path, options);
  }
  readonly post = this.sendingBody('POST');
  readonly patch = this.sendingBody('PATCH');
  readonly put = this.sendingBody('PUT');
  delete<T = Record<string, unknown>>(path: string, options?: RequestOptions): Promise<HttpResponse<T>> {
    return this.request<T>('DELETE', path, options);
  }

  /** A request of `method` with a JSON body: `post`, `patch`, `put`. */
  private sendingBody(method: string) {
    return <T = Record<string, unknown>>(
      path: string,
      body?: unknown,
      options?: RequestOptions,
    ): Promise<HttpResponse<T>> => this.request<T>(method, path, { ...options, body });
  }
}

/** The `name=value` part of a Set-Cookie header, ready to send back. */
export function cookieFrom(response: HttpResponse<unknown>, name: string): string | undefined {
  const all = response.headers.getSetCookie();
  const found = all.find((c) => c.startsWith(`${name}=`));
  return found?.split(';')[0];
}
