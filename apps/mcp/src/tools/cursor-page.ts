import { LIST_CURSOR_MAX, type PageInfo } from '@pc/contracts';
import { RemoteError } from '@pc/platform';
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

/**
 * A list paged by offset down to `offsetMax` and by the service's keyset cursor past it (the catalog's
 * policies, the ideas): a cursor and an offset together are a tool error, and the answer names one way on
 * in its structured result and in its text's last line: an offset while it is within reach, the cursor
 * deeper (or once paging by cursor).
 */
export const offsetThenCursor = {
  /** Refuses a cursor given with an offset. */
  check(offset: number, cursor: string | undefined): void {
    if (cursor !== undefined && offset > 0)
      throw new RemoteError({
        code: 'BAD_REQUEST',
        message: 'Give either cursor or offset: a cursor goes on where its page ended',
      });
  },
  /** The next page's offset or cursor (null when none), and the text's last line saying which. */
  next(
    offsetMax: number,
    asked: { offset: number; cursor?: string },
    page: { count: number; hasMore: boolean; nextCursor?: string | null },
  ): { nextOffset: number | null; nextCursor: string | null; more: string[] } {
    const nextCursor = page.hasMore ? (page.nextCursor ?? null) : null;
    const deeper = asked.offset + page.count;
    const nextOffset =
      page.hasMore && asked.cursor === undefined && (deeper <= offsetMax || nextCursor === null)
        ? deeper
        : null;
    const more =
      nextOffset !== null
        ? [`More: offset ${nextOffset}.`]
        : nextCursor !== null
          ? [`More: cursor ${nextCursor}.`]
          : [];
    return { nextOffset, nextCursor, more };
  },
};
