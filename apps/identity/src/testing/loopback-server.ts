import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server on a free loopback port that a test's webhooks are sent to: `port` once started. */
export abstract class LoopbackServer {
  private readonly server = http.createServer((req, res) => this.handle(req, res));
  port = 0;

  protected abstract handle(req: http.IncomingMessage, res: http.ServerResponse): void;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
