import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const MAX_DEPTH = 32;
const FORBIDDEN_KEY = '__proto__';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The gateway reads JSON and nothing else (a form post is 415, which also shuts the door on
 * cross-site form submissions). A body must be a JSON object, at most 32 levels deep, UTF-8, and its
 * strings may hold neither NUL characters nor lone surrogates (PostgreSQL stores neither). No key may be
 * `__proto__`: `JSON.parse` keeps it as a field, and turned into a DTO it would become the prototype,
 * whose fields validation reads as given (`{"__proto__": {"role": "admin"}}` passing as a role).
 */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
    const refusal = refuseEncoding(request);
    if (refusal) return done(refusal);
    if (!isUtf8(raw as Buffer)) {
      return done(badRequest('The body is not valid UTF-8: send JSON encoded as UTF-8'));
    }
    const body = (raw as Buffer).toString('utf8');
    if (body === '') return done(null, undefined);
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return done(badRequest('The body is not valid JSON'));
    }
    const problem = inspect(value);
    return problem ? done(badRequest(problem)) : done(null, value);
  });
}

/** Both headers compare case-insensitively, and a charset may be a quoted string (`charset="utf-8"`). */
function refuseEncoding(request: FastifyRequest): Error | undefined {
  const encoding = request.headers['content-encoding']?.trim();
  if (encoding && encoding.toLowerCase() !== 'identity')
    return withStatus(new Error(`Content-Encoding ${encoding} is not accepted`), 415);
  const charset = /charset=([^;]+)/i
    .exec(request.headers['content-type'] ?? '')?.[1]
    ?.trim()
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    return withStatus(new Error(`Only UTF-8 JSON is accepted, not ${charset}`), 415);
  }
  return undefined;
}

function inspect(root: unknown): string | undefined {
  if (typeof root !== 'object' || root === null || Array.isArray(root))
    return 'The body must be a JSON object';
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value: root, depth: 1, path: '' }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'Strings may not contain NUL characters';
      if (LONE_SURROGATE.test(value)) return 'Strings must be valid Unicode';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_DEPTH) return `The body is nested more than ${MAX_DEPTH} levels deep`;
    if (Array.isArray(value)) {
      (value as unknown[]).forEach((child, i) =>
        stack.push({ value: child, depth: depth + 1, path: `${path}[${i}]` }),
      );
      continue;
    }
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const at = path ? `${path}.${key}` : key;
      if (key === FORBIDDEN_KEY)
        return `${at}: the key ${FORBIDDEN_KEY} is not accepted in a body; send the fields themselves`;
      stack.push({ value: key, depth: depth + 1, path: at }, { value: child, depth: depth + 1, path: at });
    }
  }
  return undefined;
}

function badRequest(message: string): Error {
  return withStatus(new Error(message), 400);
}

function withStatus(error: Error, statusCode: number): Error {
  return Object.assign(error, { statusCode });
}
