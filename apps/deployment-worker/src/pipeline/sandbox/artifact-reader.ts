import path from 'node:path';
import type { Readable } from 'node:stream';
import { extract } from 'tar-stream';
import { DEPLOYMENT_LIMITS } from '@pc/contracts';

/** The build's files could not be taken: more than the limit, or not a tar stream of plain files. */
export class ArtifactError extends Error {}

/**
 * Reads the files of a build from a tar stream made inside its sandbox (GNU tar, or the build pod's
 * runner): regular files only (links, devices and the like are left out, as before), paths relative and
 * without `..`, the total size checked against `DEPLOYMENT_LIMITS.buildBytesMax` as the headers arrive,
 * before the content is held. The stream is the build's own output: nothing in it is trusted.
 */
export async function readArtifact(stream: Readable): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const parser = extract();
  let total = 0;
  const done = new Promise<void>((resolve, reject) => {
    parser.on('entry', (header, entry, next) => {
      const name = path.posix.normalize(header.name).replace(/^(\.\/)+/, '');
      const keep =
        header.type === 'file' &&
        name !== '.' &&
        !name.startsWith('/') &&
        !name.split('/').includes('..') &&
        name.length > 0;
      if (keep) {
        total += header.size ?? 0;
        if (total > DEPLOYMENT_LIMITS.buildBytesMax) {
          reject(new ArtifactError(`The build's files exceed ${DEPLOYMENT_LIMITS.buildBytesMax} bytes`));
          parser.destroy();
          return;
        }
      }
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => {
        if (keep) chunks.push(chunk);
      });
      entry.on('end', () => {
        if (keep) files.set(name, Buffer.concat(chunks));
        next();
      });
      entry.resume();
    });
    parser.on('finish', resolve);
    parser.on('error', (error: Error) =>
      reject(new ArtifactError(`The build's files could not be read (${error.message})`)),
    );
  });
  stream.on('error', (error) => parser.destroy(error));
  stream.pipe(parser);
  await done;
  return files;
}
