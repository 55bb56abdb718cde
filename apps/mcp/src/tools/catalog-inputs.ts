/** Tool pages are smaller than REST pages (an assistant reads every row); the other limits are the REST ones. */
export const TOOL_PAGE = { max: 50, default: 20 } as const;
