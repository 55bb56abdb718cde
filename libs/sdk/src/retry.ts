import { retryAfterSeconds } from './errors';

/** How failed requests are tried again. */
export interface RetryOptions {
  /** Tries in all, the first included (default 4). 1 turns retries off. */
  attempts?: number;
  /** The first back-off, doubled each time, with full jitter (default 250 ms). */
  baseDelayMs?: number;
  /** The longest wait between two tries, `Retry-After` included (default 10 s). */
  maxDelayMs?: number;
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

/**
 * A fetch that tries again when the server could not be reached or answered 429, 502, 503 or 504, but
 * only for requests that are safe to repeat: GET and HEAD, and any request that carries an
 * `Idempotency-Key` (the server answers a repeat with the first answer). `Retry-After` is honoured up
 * to `maxDelayMs`; past that the answer is returned as it is.
 */
export function retryingFetch(
  base: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
): (request: Request) => Promise<Response> {
  const attempts = Math.max(1, options.attempts ?? 4);
  const baseDelay = options.baseDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 10_000;
  return async (request) => {
    if (!isRepeatable(request) || attempts === 1) return base(request);
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      let response: Response;
      try {
        response = await base(last ? request : request.clone());
      } catch (error) {
        if (last || request.signal.aborted) throw error;
        await sleep(backoff(attempt, baseDelay, maxDelay), request.signal);
        continue;
      }
      if (last || !RETRYABLE_STATUS.has(response.status)) return response;
      const after = retryAfterSeconds(response.headers.get('retry-after'));
      const wait = after !== undefined ? after * 1000 : backoff(attempt, baseDelay, maxDelay);
      if (wait > maxDelay) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(wait, request.signal);
    }
  };
}

function isRepeatable(request: Request): boolean {
  return request.method === 'GET' || request.method === 'HEAD' || request.headers.has('idempotency-key');
}

/** Exponential back-off with full jitter: a random wait up to base * 2^(attempt-1), capped. */
export function backoff(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.round(Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
