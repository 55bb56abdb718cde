import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { DEPLOYMENT_LIMITS } from '@pc/contracts';
import { OutboundGuard, isOutboundError, type HostResolver } from '@pc/outbound';

/**
 * The build's allow-list (`DEPLOY_BUILD_ALLOWLIST`): an isolated build reaches the listed hosts, and only
 * them, through a proxy the worker runs for that build.
 *
 * - The worker listens on a Unix socket inside the build's temporary directory (a socket file crosses the
 *   network namespace, a TCP port does not). It speaks HTTP proxy: `CONNECT host:port` (https and any
 *   other tunnel) and absolute-URI requests (`GET http://host/...`, forwarded as they are; a redirect goes
 *   back to the build, which asks again for the new host). Anything else gets a 403 and a line in the
 *   build's log.
 * - Inside the namespace, `BRIDGE_SCRIPT` (run by the worker's own node, so nothing but node and `ip` is
 *   needed on the host) brings `lo` up, listens on 127.0.0.1, forwards each connection to the socket, and
 *   runs the build command with `HTTP_PROXY`/`HTTPS_PROXY` (both cases) pointing at itself.
 *
 * Entries: `host` (any port), `host:port`, `[v6]:port`, and `*.domain` (any subdomain, optionally
 * `:port`). A host named exactly may resolve to a private or loopback address (an internal mirror);
 * one matched by a wildcard must resolve to public addresses only (the outbound guard's rule), and the
 * connection goes to the address that was vetted.
 */
export interface BuildAllowEntry {
  /** Lower case, without brackets; for a wildcard, the domain after `*.`. */
  host: string;
  wildcard: boolean;
  /** Unset: any port. */
  port?: number;
}

const ENTRY = /^(\*\.)?(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?$/i;

/** Whether `DEPLOY_BUILD_ALLOWLIST` is well formed (empty included). */
export function isBuildAllowlist(value: string): boolean {
  return splitList(value).every((entry) => parseEntry(entry) !== undefined);
}

/** The env schema's check of `DEPLOY_BUILD_ALLOWLIST`. */
@ValidatorConstraint({ name: 'buildAllowlist' })
export class BuildAllowlistFormat implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isBuildAllowlist(value);
  }
  defaultMessage(): string {
    return 'DEPLOY_BUILD_ALLOWLIST must be comma-separated host, host:port, [v6]:port or *.domain entries';
  }
}

/** Parses `DEPLOY_BUILD_ALLOWLIST` (comma-separated); throws on a malformed entry. */
export function parseBuildAllowlist(value: string | undefined): BuildAllowEntry[] {
  return splitList(value ?? '').map((entry) => {
    const parsed = parseEntry(entry);
    if (!parsed) throw new Error(`Not a host or host:port: ${entry}`);
    return parsed;
  });
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
}

function parseEntry(entry: string): BuildAllowEntry | undefined {
  const match = ENTRY.exec(entry);
  if (!match) return undefined;
  const port = match[3] === undefined ? undefined : Number(match[3]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  const host = match[2].replace(/^\[|\]$/g, '').toLowerCase();
  if (match[1] && host.includes(':')) return undefined;
  return { host, wildcard: match[1] !== undefined, port };
}

/** The entry that lets the build reach host:port, if any (an exact one first). */
function matching(list: readonly BuildAllowEntry[], host: string, port: number): BuildAllowEntry | undefined {
  const fits = (e: BuildAllowEntry) => e.port === undefined || e.port === port;
  return (
    list.find((e) => !e.wildcard && e.host === host && fits(e)) ??
    list.find((e) => e.wildcard && host.endsWith(`.${e.host}`) && fits(e))
  );
}

export interface BuildProxyOptions {
  allowlist: readonly BuildAllowEntry[];
  /** A line for the build's log (refusals). */
  log: (line: string) => Promise<void>;
  /** For tests: name resolution (default: the system's). */
  resolver?: HostResolver;
}

export interface BuildProxy {
  socketPath: string;
  /** Goes between the isolating wrapper and `sh -c command`: the bridge, which runs the command. */
  wrapper: string[];
  /** Stops listening and cuts every open connection. */
  close(): Promise<void>;
}

/** The proxy's two handlers (plain requests, CONNECT) for one build, and a close that cuts its tunnels. */
export interface BuildProxyHandlers {
  request: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  connect: (req: http.IncomingMessage, client: net.Socket, head: Buffer) => void;
  /** Tracks a connection so that `close` cuts it. */
  track: (socket: net.Socket) => void;
  close: () => void;
}

/** Starts the proxy of one build, listening on a socket in `dir`. */
export async function startBuildProxy(dir: string, options: BuildProxyOptions): Promise<BuildProxy> {
  const socketPath = path.join(dir, '.build-proxy.sock');
  const handlers = buildProxyHandlers(options);
  const server = http.createServer(handlers.request);
  server.on('connection', handlers.track);
  server.on('connect', handlers.connect);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    socketPath,
    wrapper: [process.execPath, '-e', BRIDGE_SCRIPT, socketPath],
    close: () =>
      new Promise<void>((resolve) => {
        handlers.close();
        server.close(() => resolve());
      }),
  };
}

/** The handlers of one build's proxy, for a server of the caller's (a socket of its own, or the exchange). */
export function buildProxyHandlers(options: BuildProxyOptions): BuildProxyHandlers {
  const exact = options.allowlist
    .filter((e) => !e.wildcard)
    .map((e) =>
      e.port === undefined ? e.host : `${e.host.includes(':') ? `[${e.host}]` : e.host}:${e.port}`,
    );
  const guard = new OutboundGuard({ allowlist: exact, resolver: options.resolver });
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  /** Checks the target against the list, then vets it; the address to connect to, or why not. */
  const admit = async (
    scheme: 'http' | 'https',
    host: string,
    port: number,
  ): Promise<{ address: string } | { status: number; reason: string }> => {
    const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
    if (!matching(options.allowlist, bare, port))
      return { status: 403, reason: `${bare}:${port} is not in DEPLOY_BUILD_ALLOWLIST` };
    try {
      const target = await guard.vet(`${scheme}://${bare.includes(':') ? `[${bare}]` : bare}:${port}/`);
      return { address: target.address };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const status = isOutboundError(error) && error.kind === 'unresolvable' ? 502 : 403;
      return { status, reason };
    }
  };
  // A script that retries in a loop must not flood the log: the first refusals are logged, then one line.
  const maxLogged = DEPLOYMENT_LIMITS.buildProxyRefusalsLoggedMax;
  let refusals = 0;
  const refuse = async (what: string, status: number, reason: string) => {
    refusals++;
    const line =
      refusals <= maxLogged
        ? `Build proxy: refused ${what} (${status}): ${reason}`
        : refusals === maxLogged + 1
          ? `Build proxy: further refusals not logged (the log keeps the first ${maxLogged})`
          : undefined;
    if (line) await options.log(line).catch(() => undefined);
  };

  const request = (req: http.IncomingMessage, res: http.ServerResponse) => {
    void (async () => {
      let url: URL | undefined;
      try {
        url = new URL(req.url ?? '');
      } catch {
        url = undefined;
      }
      const what = `${req.method ?? 'GET'} ${req.url ?? ''}`;
      if (!url || url.protocol !== 'http:' || url.username !== '' || url.password !== '') {
        await refuse(what, 400, 'only absolute http:// URLs (https goes through CONNECT)');
        res.writeHead(400, { 'content-type': 'text/plain', connection: 'close' }).end('Bad proxy request\n');
        return;
      }
      const port = url.port === '' ? 80 : Number(url.port);
      const admitted = await admit('http', url.hostname, port);
      if ('status' in admitted) {
        await refuse(what, admitted.status, admitted.reason);
        res
          .writeHead(admitted.status, { 'content-type': 'text/plain', connection: 'close' })
          .end(`${admitted.reason}\n`);
        return;
      }
      const headers = { ...req.headers };
      for (const hop of ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive'])
        delete headers[hop];
      const upstream = http.request({
        host: admitted.address,
        port,
        method: req.method,
        path: `${url.pathname}${url.search}`,
        headers: { ...headers, host: url.host },
        setHost: false,
      });
      upstream.on('response', (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', (error) => {
        void refuse(what, 502, error.message);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end();
      });
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
    })();
  };
  const connect = (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    void (async () => {
      const target = req.url ?? '';
      const what = `CONNECT ${target}`;
      const split = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(target);
      const port = split ? Number(split[2]) : 0;
      const admitted = split
        ? await admit('https', split[1], port)
        : { status: 400, reason: 'not host:port' };
      if ('status' in admitted) {
        await refuse(what, admitted.status, admitted.reason);
        client.end(`HTTP/1.1 ${admitted.status} ${http.STATUS_CODES[admitted.status] ?? ''}\r\n\r\n`);
        return;
      }
      const upstream = net.connect(port, admitted.address);
      track(upstream);
      upstream.on('connect', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', (error) => {
        void refuse(what, 502, error.message);
        if (client.writable) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      });
      client.on('close', () => upstream.destroy());
    })();
  };
  return {
    request,
    connect,
    track,
    close: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * Runs inside the namespace as `node -e BRIDGE_SCRIPT <socket> sh -c <command>`: brings `lo` up, listens
 * on 127.0.0.1 (a free port), pipes every connection to the worker's socket, and runs the command with the
 * proxy variables; exits with the command's code. It is in the build's process group, so the worker's
 * kill (time limit, cancel) ends it with the command.
 */
export const BRIDGE_SCRIPT = `
const { spawn, spawnSync } = require('node:child_process');
const net = require('node:net');
const [socketPath, program, ...args] = process.argv.slice(1);
// bubblewrap brings the loopback of its network namespace up itself (and leaves the build no right to).
const loopbackUp = process.env.PC_BUILD_LOOPBACK_UP === '1';
delete process.env.PC_BUILD_LOOPBACK_UP;
const up = loopbackUp ? { status: 0 } : spawnSync('ip', ['link', 'set', 'lo', 'up'], {
  env: { PATH: (process.env.PATH || '') + ':/usr/local/sbin:/usr/sbin:/sbin:/usr/bin:/bin' },
  encoding: 'utf8',
});
if (up.status !== 0) {
  process.stderr.write('Build proxy: cannot bring up the loopback of the build namespace (ip link set lo up): ' +
    ((up.error && up.error.message) || up.stderr || 'exit ' + up.status).trim() + '\\n');
  process.exit(125);
}
const server = net.createServer((client) => {
  const upstream = net.connect(socketPath);
  client.pipe(upstream).pipe(client);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
});
server.listen(0, '127.0.0.1', () => {
  const proxy = 'http://127.0.0.1:' + server.address().port;
  const env = { ...process.env, HTTP_PROXY: proxy, HTTPS_PROXY: proxy, http_proxy: proxy, https_proxy: proxy, NO_PROXY: '', no_proxy: '' };
  const child = spawn(program, args, { stdio: 'inherit', env });
  child.on('error', (e) => { process.stderr.write(String(e.message) + '\\n'); process.exit(127); });
  child.on('exit', (code, signal) => process.exit(code === null ? 128 + (signal ? require('node:os').constants.signals[signal] || 0 : 0) : code));
});
`;
