/**
 * Every limit of the identity service's public API, defined once: the gateway's validators and its
 * OpenAPI document read them, and the identity service enforces the same values where it checks them.
 */
import type { LengthRange } from '../common/limits';

export const EMAIL_MAX = 254;
export const PASSWORD: LengthRange = { min: 8, max: 256 };
/** A person's display name, trimmed. */
export const USER_NAME: LengthRange = { min: 1, max: 120 };
export const COMPANY: LengthRange = { min: 1, max: 120 };
export const USERNAME: LengthRange = { min: 3, max: 30 };
/** Lower-case letters, digits, `_` and `-`, starting and ending with a letter or digit. */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9_-]{1,28}[a-z0-9]$/;
export const BIO_MAX = 1000;
/** Profile links (LinkedIn, X). */
export const PROFILE_URL_MAX = 2048;

/** A personal access token's name, trimmed. */
export const TOKEN_NAME: LengthRange = { min: 1, max: 100 };
