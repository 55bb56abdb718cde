import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { CLI_DOWNLOAD_PATH, serveDownloads } from './downloads';

/** A clone's root with a packer that fails (and counts its runs), and a folder for packs. */
function cloneWithFailingPacker() {
  const root = mkdtempSync(path.join(tmpdir(), 'downloads-'));
  const runs = path.join(root, 'runs');
  mkdirSync(path.join(root, 'tools'));
  writeFileSync(
    path.join(root, 'tools', 'pack-client.js'),
    `require('fs').appendFileSync(${JSON.stringify(runs)}, 'x'); process.exit(1);`,
  );
  const dir = path.join(root, 'packages');
  const packed = () => {
    try {
      return readFileSync(runs, 'utf8').length;
    } catch {
      return 0;
    }
  };
  return { root, dir, packed };
}

describe('the CLI download', () => {
  let fastify: FastifyInstance;
  const clones: string[] = [];
  afterEach(async () => {
    await fastify?.close();
    for (const root of clones.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('remembers a pack that failed: the next requests answer 404 without starting another packer', async () => {
    const clone = cloneWithFailingPacker();
    clones.push(clone.root);
    fastify = Fastify();
    serveDownloads(fastify, clone.dir, clone.root, 60_000);
    for (let i = 0; i < 3; i++) {
      expect((await fastify.inject({ method: 'GET', url: CLI_DOWNLOAD_PATH })).statusCode).toBe(404);
    }
    expect(clone.packed()).toBe(1);
  });

  it('tries again once the failure is old enough', async () => {
    const clone = cloneWithFailingPacker();
    clones.push(clone.root);
    fastify = Fastify();
    serveDownloads(fastify, clone.dir, clone.root, 0);
    await fastify.inject({ method: 'GET', url: CLI_DOWNLOAD_PATH });
    await fastify.inject({ method: 'GET', url: CLI_DOWNLOAD_PATH });
    expect(clone.packed()).toBe(2);
  });

  it('serves a pack written after the first download without a restart', async () => {
    const clone = cloneWithFailingPacker();
    clones.push(clone.root);
    mkdirSync(clone.dir);
    const file = path.join(clone.dir, 'policy-catalog-cli-0.1.0.tgz');
    writeFileSync(file, 'first pack');
    fastify = Fastify();
    serveDownloads(fastify, clone.dir, clone.root);
    const first = await fastify.inject({ method: 'GET', url: CLI_DOWNLOAD_PATH });
    expect(first.body).toBe('first pack');
    writeFileSync(file, 'second pack');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const second = await fastify.inject({ method: 'GET', url: CLI_DOWNLOAD_PATH });
    expect(second.body).toBe('second pack');
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(clone.packed()).toBe(0);
  });
});
