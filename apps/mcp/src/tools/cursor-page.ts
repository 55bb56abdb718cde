import { LIST_CURSOR_MAX, type PageInfo } from '@pc/contracts';
import { z } from 'zod';
import { TOOL_PAGE } from './catalog-inputs';
import { page, text } from './schemas';

/** What a cursor-paged tool is called with: at most `limit`, after the one `cursor` (a `nextCursor`) names. */
export interface CursorPageRequest {
  limit: number;
  cursor?: string;
}

/**
 * What every tool answering one page of a keyset-paged list has in common (the caller's submissions and
 * notifications, a policy's comments): its `limit` and `cursor` input, its `hasMore` and `nextCursor`
 * output, the page it asks the service for, and its text's last line saying how to read on. A tool
 * spreads `input` and `output` after its own fields. `next` is what the cursor gets ("the next page",
 * "older notifications"); `more` the last line's first words.
 */
export function cursorPage({ next = 'the next page', more = 'More' }: { next?: string; more?: string } = {}) {
  return {
    input: {
      limit: page(TOOL_PAGE.max, TOOL_PAGE.default, 0).limit,
      cursor: text(1, LIST_CURSOR_MAX)
        .optional()
        .describe(`The previous answer's nextCursor, to get ${next}.`),
    },
    output: { hasMore: z.boolean(), nextCursor: z.string().nullable() },
    /** The page asked of the service: the limit, and the cursor only when one was given. */
    request: ({ limit, cursor }: CursorPageRequest): CursorPageRequest => ({
      limit,
      ...(cursor === undefined ? {} : { cursor }),
    }),
    /** The end of the page as the tool answers it: no cursor on the last page. */
    answer: ({ hasMore, nextCursor }: PageInfo): PageInfo => ({
      hasMore,
      nextCursor: hasMore ? nextCursor : null,
    }),
    /** The page's lines and how to read on; `none` when there is nothing at all. */
    text: (lines: string[], { hasMore, nextCursor }: PageInfo, none: string): string => {
      const after = hasMore && nextCursor !== null ? [`${more}: cursor ${nextCursor}.`] : [];
      return lines.length === 0 && after.length === 0 ? none : [...lines, ...after].join('\n');
    },
  };
}
