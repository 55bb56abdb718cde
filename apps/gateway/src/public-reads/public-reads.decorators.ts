import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';

const ETAG = {
  description:
    "Anonymous reads only: a strong tag of the content's version (the last change to public content this " +
    'replica knows of, renewed at least every RESPONSE_CACHE_TTL_MS). Send it back in If-None-Match.',
  schema: { type: 'string', examples: ['"c81734.58843"'] },
};
const CACHE_CONTROL = {
  description:
    '`no-cache` for an anonymous read (public: may be stored, revalidated before each use); ' +
    "`private, no-store` when the answer carries the signed-in caller's data (their like, their rights).",
  schema: { type: 'string', enum: ['no-cache', 'private, no-store'] },
};
const VARY = {
  description: 'Authorization, Cookie: the caller changes the answer.',
  schema: { type: 'string', const: 'Authorization, Cookie' },
};

/** Response headers of a conditional public read's 200 (for `@ApiOkResponse({ headers })`). */
export const PUBLIC_READ_HEADERS = { ETag: ETAG, 'Cache-Control': CACHE_CONTROL, Vary: VARY };

/**
 * A public GET that answers conditional requests: `If-None-Match` documented, and its 304 (an
 * extension: the contract lists no conditional requests).
 */
export function ConditionalRead(): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description:
        'The ETag of an earlier anonymous answer: 304 without a body when the content has not changed since. ' +
        'Signed-in callers always get the whole answer.',
      // Never refused (a tag that does not match gets the whole answer): its bound is the HTTP server's
      // for all headers together (431 over).
      schema: { type: 'string', maxLength: 16 * 1024 },
    }),
    ApiResponse({
      status: 304,
      description: 'Not modified: the tag in If-None-Match is current (anonymous callers only); no body',
      headers: { ETag: ETAG, 'Cache-Control': CACHE_CONTROL, Vary: VARY },
    }),
  );
}
