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

/**
 * An upper bound of the bytes `JSON.stringify(value)` takes, without building the text. A string
 * counts its UTF-8 bytes plus five for each character JSON escapes (the longest escape, `\u0000`, is
 * six bytes); a short one counts six bytes a character without being read.
 */
export function jsonBytesUpperBound(value: unknown): number {
  if (value === null || value === undefined) return 4;
  const type = typeof value;
  if (type === 'string') return stringBytesUpperBound(value as string);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value).length;
  }
  if (type !== 'object') return 0;
  if (value instanceof Date) return 26;
  let bytes = 2;
  if (Array.isArray(value)) {
    for (const item of value) bytes += jsonBytesUpperBound(item) + 1;
    return bytes;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) bytes += stringBytesUpperBound(key) + jsonBytesUpperBound(record[key]) + 2;
  return bytes;
}

const SHORT = 16;

/** A character JSON escapes, or one of more than one UTF-8 byte. */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const WIDE_OR_ESCAPED = /[\u0000-\u001f"\\\u007f-\uffff]/;

function stringBytesUpperBound(text: string): number {
  const n = text.length;
  if (n < SHORT) return n * 6 + 2;
  // Most text is plain ASCII: one native scan tells, and then the size is exact.
  if (!WIDE_OR_ESCAPED.test(text)) return n + 2;
  let bytes = n + 2;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (c < 0x20 || c === 0x22 || c === 0x5c) bytes += 5;
    } else {
      // Two or three UTF-8 bytes; U+2028/9 and a lone surrogate as six (`\u2028`, `\udc00`).
      bytes += c === 0x2028 || c === 0x2029 || (c >= 0xd800 && c <= 0xdfff) ? 5 : c < 0x800 ? 1 : 2;
    }
  }
  return bytes;
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
