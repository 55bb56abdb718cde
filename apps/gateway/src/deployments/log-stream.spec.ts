import net from 'node:net';
import { Writable } from 'node:stream';
import { LOG_STREAM_MAX_BUFFERED_BYTES, writeBounded } from './event-stream';

describe('writeBounded (a log stream to a slow reader)', () => {
  it('answers false once the bound waits in memory for a reader that never reads, holding no more than one event past it', async () => {
    const sockets: net.Socket[] = [];
    const server = net.createServer((socket) => {
      socket.pause(); // the client stops reading
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const client = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => client.once('connect', resolve));
    const event = `event: log\ndata: ${'x'.repeat(4000)}\n\n`;
    try {
      let writes = 0;
      // The kernel's socket buffers take the first megabytes; then Node's memory, up to the bound.
      while (writeBounded(client, event, LOG_STREAM_MAX_BUFFERED_BYTES)) {
        writes++;
        if (writes % 64 === 0) await new Promise((r) => setImmediate(r));
        expect(writes).toBeLessThan(100_000);
      }
      expect(client.writableLength).toBeGreaterThan(LOG_STREAM_MAX_BUFFERED_BYTES);
      expect(client.writableLength).toBeLessThanOrEqual(LOG_STREAM_MAX_BUFFERED_BYTES + event.length);
    } finally {
      client.destroy();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers true while the reader keeps up', () => {
    const chunks: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding: string, done: () => void) {
        chunks.push(chunk.toString());
        done();
      },
    });
    for (let i = 0; i < 1000; i++) expect(writeBounded(sink, 'data: x\n\n', 1024)).toBe(true);
    expect(chunks).toHaveLength(1000);
  });
});
