import type { RpcErrorPayload } from '@pc/contracts';
import { createLogger } from '../logging/logger';

const log = createLogger('bus');

/**
 * Bytes kept free below the bus's message limit for the reply's headers and framing, so that a reply
 * that passes this check is never refused by the NATS server.
 */
export const REPLY_HEADROOM_BYTES = 1024;

/**
 * A reply larger than the bus carries is never sent (NATS would refuse it and the caller would get a
 * 500 or a time-out): the server that built it logs why and answers a 4xx error instead. Lists are
 * paged within a byte budget well below this limit, so this is the last line of defence.
 */
export function replyTooLarge(subject: string, bytes: number, maxBytes: number): RpcErrorPayload {
  log.error(
    { subject, bytes, maxBytes },
    'reply refused: it is larger than the bus message limit (a list without a byte budget?)',
  );
  return {
    code: 'UNPROCESSABLE',
    message: 'The answer would be larger than the service may send; ask for a smaller page (limit)',
  };
}

/**
 * What one page of a list may take as JSON: half the bus's default message limit, so that a page and
 * its envelope always fit. A page is cut shorter (with `hasMore` and a cursor) rather than exceed it.
 */
export const LIST_REPLY_BUDGET_BYTES = 512 * 1024;

/** Characters JSON writes as more than themselves: `\"`, `\\`, `\n` and the like, up to `\u001f`. */
const ESCAPED = /["\\\u0000-\u001f\u2028\u2029]/g;

/**
 * An upper bound of the bytes `JSON.stringify(value)` takes, without building the text: UTF-8 bytes of
 * every string plus five for each character JSON escapes (the longest escape, `\u0000`, is six bytes).
 */
export function jsonBytesUpperBound(value: unknown): number {
  if (value === null || value === undefined) return 4;
  switch (typeof value) {
    case 'string':
      return Buffer.byteLength(value) + 2 + 5 * (value.match(ESCAPED)?.length ?? 0);
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value).length;
    case 'object': {
      if (value instanceof Date) return 26;
      if (Array.isArray(value)) {
        let bytes = 2;
        for (const item of value) bytes += jsonBytesUpperBound(item) + 1;
        return bytes;
      }
      let bytes = 2;
      for (const [key, item] of Object.entries(value)) {
        bytes += jsonBytesUpperBound(key) + jsonBytesUpperBound(item) + 2;
      }
      return bytes;
    }
    default:
      return 0;
  }
}

/**
 * The longest head of `items` whose JSON fits in `budget` bytes (never fewer than one item: a single
 * item of any list is bounded by the field limits far below the budget).
 */
export function fitToBudget<T>(items: T[], budget = LIST_REPLY_BUDGET_BYTES): T[] {
  let used = 0;
  for (let i = 0; i < items.length; i++) {
    used += jsonBytesUpperBound(items[i]) + 1;
    if (used > budget && i > 0) return items.slice(0, i);
  }
  return items;
}
