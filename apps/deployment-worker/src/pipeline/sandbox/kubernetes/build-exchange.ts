import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { PassThrough } from 'node:stream';
import { DEPLOYMENT_LIMITS } from '@pc/contracts';
import { buildProxyHandlers, type BuildAllowEntry, type BuildProxyHandlers } from '../../build-proxy';
import { readArtifact } from '../artifact-reader';

interface ExchangeBuild {
  token: string;
  sources: Buffer;
  proxy?: BuildProxyHandlers;
  artifact: (files: Promise<Map<string, Buffer>>) => void;
  received: boolean;
}

/**
 * Where build pods meet their worker (`DEPLOY_BUILD_K8S_EXCHANGE_PORT`): each build, known by a random
 * token of its own, fetches its sources (`GET /sources`), sends its files back once (`PUT /artifact`),
 * and, with an allow-list, uses the worker as its HTTP proxy (`Proxy-Authorization: Basic build:<token>`,
 * the same checks and log lines as in bubblewrap). A token opens only its own build, and only while that
 * build runs. The NetworkPolicy lets build pods reach this port of the workers and nothing else.
 */
export class BuildExchange {
  private readonly builds = new Map<string, ExchangeBuild>();
  private server?: http.Server;

  async listen(port: number, host = '0.0.0.0'): Promise<number> {
    const server = http.createServer((req, res) => this.request(req, res));
    server.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
      const build = this.byProxyAuth(req);
      if (!build?.proxy) {
        socket.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
        return;
      }
      build.proxy.track(socket);
      build.proxy.connect(req, socket, head);
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return (server.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const build of this.builds.values()) build.proxy?.close();
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /** Opens the exchange to one build; the files it sends back, once it sends them. */
  open(
    token: string,
    sources: Buffer,
    proxy: { allowlist: readonly BuildAllowEntry[]; log: (line: string) => Promise<void> } | undefined,
  ): { files: Promise<Map<string, Buffer>>; close: () => void } {
    let deliver!: (files: Promise<Map<string, Buffer>>) => void;
    const files = new Promise<Map<string, Buffer>>((resolve, reject) => {
      deliver = (promise) => void promise.then(resolve, reject);
    });
    files.catch(() => undefined);
    this.builds.set(token, {
      token,
      sources,
      proxy: proxy && proxy.allowlist.length > 0 ? buildProxyHandlers(proxy) : undefined,
      artifact: deliver,
      received: false,
    });
    return {
      files,
      close: () => {
        this.builds.get(token)?.proxy?.close();
        this.builds.delete(token);
      },
    };
  }

  private request(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (/^https?:\/\//.test(req.url ?? '')) {
      const build = this.byProxyAuth(req);
      if (!build?.proxy) {
        res.writeHead(407, { connection: 'close' }).end();
        return;
      }
      build.proxy.request(req, res);
      return;
    }
    const build = this.byBearer(req);
    if (!build) {
      res.writeHead(401).end();
      return;
    }
    if (req.method === 'GET' && req.url === '/sources') {
      res.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': build.sources.length });
      res.end(build.sources);
      return;
    }
    if (req.method === 'PUT' && req.url === '/artifact' && !build.received) {
      build.received = true;
      const declared = Number(req.headers['content-length'] ?? 0);
      // The tar stream of at most the archive limit, plus its headers.
      const cap = DEPLOYMENT_LIMITS.buildBytesMax + 8 * 1024 * 1024;
      if (declared > cap) {
        res.writeHead(413).end();
        build.artifact(
          Promise.reject(new Error(`The build's files exceed ${DEPLOYMENT_LIMITS.buildBytesMax} bytes`)),
        );
        return;
      }
      const body = new PassThrough();
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > cap) req.destroy();
        else body.write(chunk);
      });
      req.on('end', () => body.end());
      req.on('close', () => body.end());
      const files = readArtifact(body);
      build.artifact(files);
      files.then(
        () => res.writeHead(204).end(),
        () => res.writeHead(422).end(),
      );
      return;
    }
    res.writeHead(404).end();
  }

  private byBearer(req: http.IncomingMessage): ExchangeBuild | undefined {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    return match ? this.find(match[1]) : undefined;
  }

  private byProxyAuth(req: http.IncomingMessage): ExchangeBuild | undefined {
    const match = /^Basic (\S+)$/.exec(req.headers['proxy-authorization'] ?? '');
    if (!match) return undefined;
    const [user, token] = Buffer.from(match[1], 'base64').toString('utf8').split(':');
    return user === 'build' && token ? this.find(token) : undefined;
  }

  private find(token: string): ExchangeBuild | undefined {
    for (const build of this.builds.values()) {
      const a = Buffer.from(build.token);
      const b = Buffer.from(token);
      if (a.length === b.length && timingSafeEqual(a, b)) return build;
    }
    return undefined;
  }
}
