import { isRecord, type OutboundResponse } from '@pc/outbound';

/**
 * Characters kept of what the platform writes about a failure (an error body's `message`, an applied item's
 * status message). The adapter's errors become job records, a plan's words and log lines, a status message
 * a roll-out's, and a body may be as large as the HTTP client reads (20 MiB).
 */
export const PLATFORM_MESSAGE_MAX = 300;

/** What stands in for a credential or token the platform wrote back. */
export const REDACTED = '[redacted]';

/** An error code longer than this is not kept (codes are compared, never shown). */
const CODE_MAX = 64;

/** Characters of a message (its whitespace collapsed) searched for what looks like a credential. */
const WINDOW = 4 * PLATFORM_MESSAGE_MAX;

/** Control characters (terminal escapes included), the line and paragraph separators: one space. */
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Credentials whatever their value: a bearer token, a JWT, a `secret=...` or `"token": "..."` pair. */
const CREDENTIALS: ReadonlyArray<[RegExp, string]> = [
  [/\b(bearer)\s+[^\s"',;]+/gi, `$1 ${REDACTED}`],
  [/\beyJ[\w-]{4,}(?:\.[\w-]*){0,2}/g, REDACTED],
  [
    /\b((?:client[_-]?secret|client[_-]?id|access[_-]?token|refresh[_-]?token|id[_-]?token|api[_-]?key|password|secret|token|authorization)["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
    `$1${REDACTED}`,
  ],
];

/**
 * What the adapter keeps of the platform's text: no credential of the call (`secrets`, as written or
 * URL-encoded) nor anything shaped like one, no control characters, whitespace collapsed, at most
 * `PLATFORM_MESSAGE_MAX` characters (an ellipsis says it was cut).
 */
export function platformMessage(text: string, secrets: readonly string[]): string {
  let kept = text;
  for (const secret of secrets) {
    for (const form of new Set([secret, encodeURIComponent(secret), formEncoded(secret)]))
      if (form !== '' && kept.includes(form)) kept = kept.split(form).join(REDACTED);
  }
  kept = kept.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, WINDOW);
  for (const [pattern, replacement] of CREDENTIALS) kept = kept.replace(pattern, replacement);
  if (kept.length <= PLATFORM_MESSAGE_MAX) return kept;
  let end = PLATFORM_MESSAGE_MAX - 1;
  // Never half of a character outside the basic plane (a high surrogate without its pair).
  const last = kept.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${kept.slice(0, end)}…`;
}

/**
 * A failed answer as the adapter's errors may quote it: its status and headers, and of its JSON body only
 * the `message` (`platformMessage`) and a short `code`; a 2xx answer as it is.
 */
export function quotable(response: OutboundResponse, secrets: readonly string[]): OutboundResponse {
  if (response.status >= 200 && response.status < 300) return response;
  const body = response.json();
  const said = isRecord(body) ? body : {};
  const kept: { message?: string; code?: string } = {};
  if (typeof said.message === 'string') kept.message = platformMessage(said.message, secrets);
  if (typeof said.code === 'string' && said.code.length <= CODE_MAX) kept.code = said.code;
  const text = JSON.stringify(kept);
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(text),
    text: () => text,
    json: () => kept,
  };
}

function formEncoded(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}
