/**
 * Every limit of the identity service's public API, defined once: the gateway's validators and its
 * OpenAPI document read them, and the identity service enforces the same values where it checks them.
 */
import { type LengthRange, URL_MAX_LENGTH } from '../common/limits';

export const EMAIL_MAX = 254;
export const PASSWORD: LengthRange = { min: 8, max: 256 };
/** A person's display name, trimmed. */
export const USER_NAME: LengthRange = { min: 1, max: 120 };
export const COMPANY: LengthRange = { min: 1, max: 120 };
export const USERNAME: LengthRange = { min: 3, max: 30 };
/** Lower-case letters, digits, `_` and `-`, starting and ending with a letter or digit. */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9_-]{1,28}[a-z0-9]$/;
/**
 * A username in a path (`/users/{username}`): as USERNAME_PATTERN in either case (it is looked up
 * lower-cased), with or without a leading `@`.
 */
export const USERNAME_REFERENCE_PATTERN = /^@?[A-Za-z0-9][A-Za-z0-9_-]{1,28}[A-Za-z0-9]$/;
export const BIO_MAX = 1000;
/** Profile links (LinkedIn, X). */
export const PROFILE_URL_MAX = URL_MAX_LENGTH;
/** The characters RFC 3986 allows as they are in a path segment (its pchar, besides percent-encoded ones). */
const PCHAR = String.raw`-A-Za-z0-9._~!$&'()*+,;=:@`;
/**
 * An https URL on `host` (lower case), then nothing but a path, a query and a fragment as RFC 3986 spells
 * them (any other character percent-encoded): no port, user or password, no space. Each is a URI as
 * JSON Schema's `format: uri` reads one, so the pattern (and the length) is the whole rule.
 */
const httpsUrlOn = (host: string) => {
  const segment = String.raw`(?:[${PCHAR}]|%[0-9A-Fa-f]{2})*`;
  const queryOrFragment = String.raw`(?:[${PCHAR}/?]|%[0-9A-Fa-f]{2})*`;
  return new RegExp(
    String.raw`^https://${host}(?:/${segment})*(?:\?${queryOrFragment})?(?:#${queryOrFragment})?$`,
  );
};
const LINKEDIN_HOST = String.raw`(?:[a-z]{2,3}\.)?linkedin\.com`;
const X_HOST = String.raw`(?:www\.)?(?:x|twitter)\.com`;
/** A LinkedIn profile link: on linkedin.com or a subdomain of two or three letters (a country's, www). */
export const LINKEDIN_URL_PATTERN = httpsUrlOn(LINKEDIN_HOST);
/** The hosts of LINKEDIN_URL_PATTERN alone (a refusal tells a link on another host from a malformed one). */
export const LINKEDIN_HOST_PATTERN = new RegExp(`^${LINKEDIN_HOST}$`);
/** An X profile link: on x.com or twitter.com, with or without www. */
export const X_URL_PATTERN = httpsUrlOn(X_HOST);
/** The hosts of X_URL_PATTERN alone. */
export const X_HOST_PATTERN = new RegExp(`^${X_HOST}$`);

/** A personal access token's name, trimmed. */
export const TOKEN_NAME: LengthRange = { min: 1, max: 100 };

/** Webhooks (an extension): the endpoint's description, its URL and its event types. */
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_URL_MAX = URL_MAX_LENGTH;
/** Longest overlap of a rotated secret with its successor (seven days), and the default (one day). */
export const WEBHOOK_ROTATION_OVERLAP_MAX_SECONDS = 7 * 24 * 3600;
export const WEBHOOK_ROTATION_OVERLAP_DEFAULT_SECONDS = 24 * 3600;
/** A page of the delivery log. */
export const WEBHOOK_DELIVERY_PAGE = { min: 1, default: 50, max: 100 } as const;
/** Bytes of a receiver's response kept in the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;
/** The attempts of one delivery the log keeps (the newest; a delivery redelivered often drops its oldest). */
export const WEBHOOK_ATTEMPTS_KEPT = 50;
/**
 * The waits before each retry of a failed delivery, in seconds, as Standard Webhooks recommends: 5 s,
 * 5 min, 30 min, 2 h, 5 h, then 10 h each (the last entry repeats). With the first attempt at once and
 * 12 attempts in all (WEBHOOKS_MAX_ATTEMPTS) a delivery is tried over about 2.8 days. Each wait is
 * scaled by WEBHOOKS_RETRY_BASE_MS / 5000 (1 by default) and varied by up to 10% either way.
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000] as const;

/**
 * A page of the caller's inbox, newest first. Without `limit` the largest page: the newest 200, as the
 * inbox answered before it was paged.
 */
export const NOTIFICATIONS_PAGE = { min: 1, default: 200, max: 200 } as const;

/** A page of the audit log (the JSON-lines export uses the larger one). */
export const AUDIT_PAGE = { min: 1, default: 50, max: 200 } as const;
export const AUDIT_EXPORT_PAGE = { min: 1, default: 1000, max: 5000 } as const;
