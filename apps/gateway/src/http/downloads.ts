import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createLogger } from '@pc/platform';

const log = createLogger('downloads');
const run = promisify(execFile);

/** Where a CI job installs the command line from: `npm install --global "$URL/downloads/policy-catalog-cli.tgz"`. */
export const CLI_DOWNLOAD_PATH = '/downloads/policy-catalog-cli.tgz';

/** The downloads, as the OpenAPI document names them (the `x-downloads` extension: not under /api). */
export const DOWNLOADS_EXTENSION = {
  [CLI_DOWNLOAD_PATH]: {
    description:
      'The command line `policy-catalog` as an npm package (its own compiled copy of the SDK), for `npm install --global <this URL>`. No authentication; `ETag` with `If-None-Match` answers 304; 404 when this gateway has no packed CLI.',
    contentType: 'application/gzip',
  },
};

interface Tarball {
  body: Buffer;
  etag: string;
  /** The file it was read from, and when that file was written: a newer pack is read again. */
  file: string;
  mtimeMs: number;
}

/** How long a failed pack is remembered before a request may start another (not one per request). */
export const PACK_RETRY_MS = 60_000;

/**
 * Serves the packed CLI (`npm run pack:clients`, or `npm run build`, write it to `dir`) at
 * CLI_DOWNLOAD_PATH. Read on first request, not at start; in a clone whose `dir` has none yet, it is
 * packed then (tools/pack-client.js, in a child process: tens of seconds, once), so `npm start` stays
 * as fast as it was. Anywhere else (a deployed gateway without the file) the path answers 404.
 */
export function serveDownloads(
  fastify: FastifyInstance,
  dir: string,
  root = process.cwd(),
  retryMs = PACK_RETRY_MS,
): void {
  let tarball: Promise<Tarball | null> | undefined;
  let failedAt = -Infinity;
  const load = async (): Promise<Tarball | null> => {
    const kept = await tarball;
    // A pack written since (a new build) is served without a restart.
    if (kept && !isCurrent(kept, dir)) tarball = undefined;
    if (!tarball && Date.now() - failedAt < retryMs) return null;
    tarball ??= loadCli(dir, root).catch((error: unknown) => {
      log.error({ err: error, dir, retryMs }, 'the CLI could not be packed; not tried again for a while');
      failedAt = Date.now();
      tarball = undefined;
      return null;
    });
    return tarball;
  };
  fastify.get(CLI_DOWNLOAD_PATH, async (request, reply) => {
    const cli = await load();
    if (!cli) return notFound(reply);
    void reply
      .header('etag', cli.etag)
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff');
    const wanted = String(request.headers['if-none-match'] ?? '');
    if (wanted.split(',').some((tag) => tag.trim() === cli.etag || tag.trim() === '*'))
      return reply.code(304).send();
    return reply
      .type('application/gzip')
      .header('content-disposition', 'attachment; filename="policy-catalog-cli.tgz"')
      .send(cli.body);
  });
}

async function loadCli(dir: string, root: string): Promise<Tarball | null> {
  let file = packedCli(dir);
  const packer = path.join(root, 'tools', 'pack-client.js');
  if (!file && existsSync(packer)) {
    const started = Date.now();
    log.info({ dir }, 'packing the CLI for its first download');
    await run(process.execPath, [packer, 'pack', 'cli'], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    file = packedCli(dir);
    log.info({ file, ms: Date.now() - started }, 'CLI packed');
  }
  if (!file) return null;
  const { mtimeMs } = statSync(file);
  const body = await readFile(file);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"`, file, mtimeMs };
}

/** Whether `tarball` is still the newest pack of `dir`, as written. */
function isCurrent(tarball: Tarball, dir: string): boolean {
  try {
    const file = packedCli(dir);
    return file === tarball.file && statSync(file).mtimeMs === tarball.mtimeMs;
  } catch {
    return false;
  }
}

/** The newest-named `policy-catalog-cli-<version>.tgz` of `dir`, if any. */
function packedCli(dir: string): string | undefined {
  const names = existsSync(dir)
    ? readdirSync(dir).filter((name) => /^policy-catalog-cli-\d[^/]*\.tgz$/.test(name))
    : [];
  const newest = names.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).pop();
  return newest ? path.join(dir, newest) : undefined;
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .type('application/json')
    .send({ statusCode: 404, error: 'Not Found', message: 'This gateway has no packed CLI to serve.' });
}
