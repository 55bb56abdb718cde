/**
 * Every limit of the catalog's public API, defined once: the gateway's validators and its OpenAPI
 * document read them, and the catalog service enforces the same values where it checks them itself.
 */
import type { LengthRange } from '../common/limits';

/** Policy (and submission) name, trimmed. */
export const POLICY_NAME: LengthRange = { min: 2, max: 120 };
/** Policy About text (Markdown), also a proposed `description` revision. */
export const POLICY_DESCRIPTION: LengthRange = { min: 10, max: 20_000 };
export const POLICY_CATEGORY_MAX = 120;
/** Default git branch, tag or commit used on deployment. */
export const SOURCE_REF: LengthRange = { min: 1, max: 255 };
/** Versions of the agent-to-agent protocol a policy speaks. */
export const A2A_PROTOCOL_VERSIONS_MAX_ITEMS = 20;
export const A2A_PROTOCOL_VERSION_MAX = 40;

/** Free-text search over name and description. */
export const SEARCH_QUERY_MAX = 200;
/**
 * Page of a policy list. `offset` is capped (a deep offset reads and drops every row before it): deeper
 * pages follow `nextCursor` (keyset paging, as fast on the last page as on the first).
 */
export const LIST_LIMIT = { min: 1, max: 200, default: 100 } as const;
export const LIST_OFFSET_MAX = 10_000;
/**
 * An opaque `cursor` of any catalog list (the `nextCursor` of the page before); it carries the last
 * row's sort value, e.g. a name of up to 120 characters.
 */
export const LIST_CURSOR_MAX = 1000;
/*
 * The spec shows the next four lists flat, without paging: a request without `limit` answers the largest
 * page (default = max), so a client that never pages reads as much as any page holds.
 */
/** Page of a policy's comments, oldest first. */
export const COMMENTS_LIMIT = { min: 1, max: 200, default: 200 } as const;
/** Page of a policy's revisions, newest first (a revision carries up to two 20,000-character values). */
export const REVISIONS_LIMIT = { min: 1, max: 100, default: 100 } as const;
/** Page of the caller's transfers, newest first. */
export const TRANSFERS_LIMIT = { min: 1, max: 200, default: 200 } as const;
/** Page of the caller's submissions, newest first. */
export const SUBMISSIONS_LIMIT = { min: 1, max: 100, default: 100 } as const;
/** Page of the administrators' review queue (summaries), oldest first. */
export const REVIEW_QUEUE_LIMIT = { min: 1, max: 100, default: 50 } as const;
/** Page of a history list, and its opaque cursor. */
export const HISTORY_LIMIT = { min: 1, max: 200, default: 50 } as const;
export const HISTORY_CURSOR_MAX = 200;

/** Documentation tabs: `{key}` in paths and bodies. */
export const DOC_TAB_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const DOC_TAB_KEY_MAX = 64;
export const DOC_TAB_TITLE_MAX = 120;
export const DOC_TAB_BODY_MAX = 100_000;
export const DOC_TAB_SORT_ORDER_MAX = 1000;
export const DOC_TABS_MAX_ITEMS = 50;
/**
 * All bodies and titles of one set of tabs together, in UTF-8 bytes: keeps the set (and the submission
 * or docs reply that carries it, with the description) well under the bus's 1 MiB message limit.
 */
export const DOC_TABS_TOTAL_BYTES = 512 * 1024;

/** Ideas a submission declares it delivers. */
export const DELIVERED_IDEAS_MAX_ITEMS = 50;
export const IDEA_SCOPE_NOTE_MAX = 1000;

/** Vendor index entries are keyed by this slug. */
export const VENDOR_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;
export const VENDOR_SLUG_MAX = 100;

/** Reviewer and transfer-rejection feedback. */
export const FEEDBACK_MAX = 4000;

/** A proposed revision value (a description, or a repository URL). */
export const REVISION_VALUE_MAX = POLICY_DESCRIPTION.max;

/** A comment body, trimmed: 1 to this many characters. */
export const COMMENT_BODY_MAX = 10_000;

/** A transfer recipient's username, with or without a leading @. */
export const RECIPIENT_USERNAME: LengthRange = { min: 1, max: 31 };

/** A policy idea (submitted through the tool server): title and description, trimmed. */
export const IDEA_TITLE: LengthRange = { min: 3, max: 120 };
export const IDEA_DESCRIPTION: LengthRange = { min: 10, max: 10_000 };
/** Free-text search over an idea's title and description. */
export const IDEA_QUERY_MAX = 200;
/** One page of ideas. */
export const IDEA_LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;
export const IDEA_LIST_OFFSET_MAX = 10_000;

/** "Changes since review": at most this many changed files per repository in the answer. */
export const CHANGES_FILES_MAX = 300;
/** A commit SHA an administrator pins (SHA-1 or SHA-256 object names, lower-case hex). */
export const COMMIT_SHA_PATTERN = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
/** A SHA-256 commit id; a SHA-1 one is 40. */
export const COMMIT_SHA_MAX = 64;
