import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { createLogger } from '@pc/platform';

const log = createLogger('web-app');

/**
 * Paths the web app never answers: the API, health checks, the downloads and the tool server (with its
 * RFC 9728 metadata under `/.well-known/oauth-protected-resource`) keep their own 404s.
 */
const NOT_THE_APP = /^\/(api|health|downloads|mcp|\.well-known\/oauth-protected-resource)(\/|$|\?)/;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * Only this origin's scripts, styles, images and API; no frames, plugins, inline scripts or remote
 * content (the Markdown a user wrote is sanitized, and this stops whatever slips through).
 */
export const WEB_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

interface StaticFile {
  body: Buffer;
  gzip: Buffer | null;
  type: string;
  cacheControl: string;
}

/** Every file of a built web app, read once (a few hundred kB), gzipped ahead when that pays. */
function loadFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const url = '/' + path.relative(dir, full).split(path.sep).join('/');
      const body = readFileSync(full);
      const type = TYPES[path.extname(entry.name)] ?? 'application/octet-stream';
      const compressible = /^(text\/|application\/json|image\/svg)/.test(type) && body.length > 512;
      files.set(url, {
        body,
        gzip: compressible ? gzipSync(body) : null,
        type,
        // Hashed file names under assets/ never change; the page itself is checked on every load.
        cacheControl: url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
  };
  walk(dir);
  return files;
}

/**
 * Serves the single-page app at `/`: a file when one has that path, else index.html (the app's own
 * router takes it from there), except under /api, /health and /mcp. A missing file with an extension
 * (an asset of an older build) is a plain 404, never the page.
 */
export function serveWebApp(fastify: FastifyInstance, dir: string): void {
  if (!statSync(path.join(dir, 'index.html'), { throwIfNoEntry: false })?.isFile()) {
    log.warn({ dir }, 'WEB_DIR has no index.html: the web app is not served');
    return;
  }
  const files = loadFiles(dir);
  const index = files.get('/index.html')!;
  fastify.addHook('onRequest', (request, reply, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_THE_APP.test(request.url)) {
      done();
      return;
    }
    const pathname = decodeURIComponentSafe(request.url.split('?')[0]);
    const file = files.get(pathname) ?? (path.extname(pathname) ? undefined : index);
    void reply
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .header('content-security-policy', WEB_APP_CSP)
      .header('x-frame-options', 'DENY');
    if (!file) {
      void reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found\n');
      return;
    }
    const gzip = file.gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    void reply
      .code(200)
      .header('content-type', file.type)
      .header('cache-control', file.cacheControl)
      .header('vary', 'accept-encoding');
    if (gzip) void reply.header('content-encoding', 'gzip');
    void reply.send(gzip ? file.gzip : file.body);
  });
  log.info({ dir, files: files.size }, 'serving the web app at /');
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
