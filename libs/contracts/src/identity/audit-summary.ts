/**
 * How big an audit entry's summary may be, and the one function that holds a summary to it. The gateway
 * builds each summary field by field from what its route documents; the audit log applies the same
 * bound again when it appends and when it reads, so no entry can make a page or an export too large.
 */
export const AUDIT_SUMMARY_LIMITS = {
  /** The summary as JSON, in bytes: beyond it only the names of its top-level fields are kept. */
  bytes: 4096,
  /** A string value, in characters (longer ones are cut, ending with `…`). */
  string: 256,
  /** Items of an array, and fields of an object, kept at each level. */
  items: 50,
  /** Levels of nesting kept (deeper values become `[nested]`). */
  depth: 4,
} as const;

/** Keys whose values never enter the log, whatever a summary builder passed. */
const SECRET_KEY =
  /secret|token|password|passwd|passphrase|authorization|cookie|api[-_]?key|private[-_]?key|credential|signature/i;
/** Values shaped like a credential of this project (a token, a session, a webhook secret, a bearer header). */
const SECRET_VALUE = /^(pcat_|pcs_|whsec_|bearer\s)/i;

/** A summary with secrets redacted (by key and by shape) and held to AUDIT_SUMMARY_LIMITS. */
export function boundAuditSummary(summary: unknown): Record<string, unknown> {
  const bounded = bound(summary, 0);
  const record = isRecord(bounded) ? bounded : {};
  if (new TextEncoder().encode(JSON.stringify(record)).length <= AUDIT_SUMMARY_LIMITS.bytes) return record;
  return { truncated: true, fields: Object.keys(record).map((key) => cut(key, 40)) };
}

/** A URL without its query, fragment or user information (a query may carry a receiver's token). */
export function urlWithoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return cut(`${parsed.origin}${parsed.pathname}`);
  } catch {
    return '[not a URL]';
  }
}

function bound(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return SECRET_VALUE.test(value) ? '[redacted]' : cut(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'object') return null;
  if (depth >= AUDIT_SUMMARY_LIMITS.depth) return '[nested]';
  if (Array.isArray(value)) {
    return value.slice(0, AUDIT_SUMMARY_LIMITS.items).map((item) => bound(item, depth + 1));
  }
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .slice(0, AUDIT_SUMMARY_LIMITS.items)
      .map(([key, item]) => [cut(key), SECRET_KEY.test(key) ? '[redacted]' : bound(item, depth + 1)]),
  );
}

function cut(text: string, max: number = AUDIT_SUMMARY_LIMITS.string): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
