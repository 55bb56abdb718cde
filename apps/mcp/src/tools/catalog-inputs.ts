/**
 * Limits of the catalog's REST filters the tool server repeats as input schemas. They equal the
 * gateway's (`ListPoliciesQuery`, `SlugParams`); when `libs/contracts/src/catalog/catalog.limits.ts`
 * lands on main (SEARCH_QUERY_MAX, POLICY_CATEGORY_MAX, LIST_OFFSET_MAX, VENDOR_SLUG_PATTERN), read
 * them from there instead.
 */
export const POLICY_QUERY_MAX = 200;
export const POLICY_CATEGORY_MAX = 120;
export const POLICY_OFFSET_MAX = 1_000_000;
export const VENDOR_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;
/** Tool pages are smaller than REST pages: an assistant reads every row. */
export const TOOL_PAGE = { max: 50, default: 20 } as const;
