import { createHash } from 'node:crypto';

/**
 * A deterministic ustar archive of the given files (sorted by path, mode 0644, owner 0, time 0), so the
 * same sources always give the same bytes and the same checksum: a redelivered job publishes the same asset.
 */
export function tarArchive(files: Map<string, Buffer>): { archive: Buffer; sha256: string } {
  const blocks: Buffer[] = [];
  for (const path of [...files.keys()].sort()) {
    const content = files.get(path)!;
    if (Buffer.byteLength(path) > 100) {
      // ustar's name field: longer paths go through the prefix field.
      const cut = path.lastIndexOf('/', 155);
      if (cut <= 0 || Buffer.byteLength(path.slice(cut + 1)) > 100)
        throw new Error(`Path too long for the archive: ${path}`);
      blocks.push(header(path.slice(cut + 1), path.slice(0, cut), content.length));
    } else {
      blocks.push(header(path, '', content.length));
    }
    blocks.push(content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  const archive = Buffer.concat(blocks);
  return { archive, sha256: createHash('sha256').update(archive).digest('hex') };
}

function header(name: string, prefix: string, size: number): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 100, 'utf8');
  block.write('0000644\0', 100, 'ascii');
  block.write('0000000\0', 108, 'ascii');
  block.write('0000000\0', 116, 'ascii');
  block.write(size.toString(8).padStart(11, '0') + '\0', 124, 'ascii');
  block.write('00000000000\0', 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return block;
}
