/**
 * Limits of policy ideas, defined once: the tool server's input schemas and the catalog service read
 * them. (Beside `catalog.limits.ts`; the ideas feature keeps its own file.)
 */

/** Idea title, trimmed. */
export const IDEA_TITLE = { min: 3, max: 120 } as const;
/** Idea description (Markdown), trimmed. */
export const IDEA_DESCRIPTION = { min: 10, max: 10_000 } as const;
/** Free-text search over title and description. */
export const IDEA_QUERY_MAX = 200;
/** One page of ideas. */
export const IDEA_LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;
export const IDEA_LIST_OFFSET_MAX = 10_000;
