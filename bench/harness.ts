// What the benchmarks that start `npm start`'s composition share beside their child processes
// (`processes.ts`): an API client, percentiles, and the cleanup of a run's JetStream streams on the
// shared NATS.
import { connect } from 'nats';

export type Json = Record<string, unknown>;

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Api {
  constructor(
    readonly base: string,
    readonly token = '',
  ) {}

  as(token: string): Api {
    return new Api(this.base, token);
  }

  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(new URL(url, this.base), {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
  }

  async ok<T = Json>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await this.call(method, url, body, headers);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  }
}

/** The run's JetStream streams (its work queue still holds the POST phase's jobs): the NATS is shared. */
export async function dropStreams(url: string, prefix: string): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await nc.jetstreamManager();
    const own = prefix.replace(/[^A-Za-z0-9_-]/g, '_');
    for await (const stream of jsm.streams.list()) {
      if (stream.config.name.startsWith(own)) await jsm.streams.delete(stream.config.name);
    }
  } finally {
    await nc.close();
  }
}
