import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEPLOYMENT_LIMITS } from '@pc/contracts';
import { build, BuildCancelled } from './build';
import { isBuildAllowlist, parseBuildAllowlist, startBuildProxy } from './build-proxy';
import { buildOptions } from '../testing/build-options';

// Real processes: the build runs under unshare with the proxy and bridge, curl goes through them to real
// HTTP servers on the worker's loopback.
const files = () => new Map<string, Buffer>([['Cargo.toml', Buffer.from('[package]\nversion = "1.0.0"\n')]]);

describe('the build allow-list (DEPLOY_BUILD_ALLOWLIST)', () => {
  let a: http.Server;
  let b: http.Server;
  let portA: number;
  let portB: number;

  const listen = async (name: string) => {
    const server = http.createServer((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(302, { location: `http://127.0.0.1:${portB}/` }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`hello from ${name}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as { port: number }).port };
  };

  beforeAll(async () => {
    ({ server: a, port: portA } = await listen('A'));
    ({ server: b, port: portB } = await listen('B'));
  });
  afterAll(async () => {
    for (const s of [a, b]) await new Promise<void>((resolve) => s.close(() => resolve()));
  });

  const run = async (command: string, allowlist: string, over: Partial<Parameters<typeof build>[1]> = {}) => {
    const lines: string[] = [];
    await build(
      files(),
      buildOptions({
        command,
        allowlist: parseBuildAllowlist(allowlist),
        timeoutMs: 15_000,
        output: (line) => Promise.resolve(void lines.push(line)),
        ...over,
      }),
    );
    return lines;
  };
  // One echo per request, so the answer is one line of the build log.
  const curl = (url: string, extra = '') =>
    `out=$(curl -s -S --max-time 5 ${extra} -w ' [%{http_code}]' ${url} 2>&1); echo "$out"`;

  it('lets the build reach a listed host through the proxy (plain http and a CONNECT tunnel)', async () => {
    const lines = await run(
      `${curl(`http://127.0.0.1:${portA}/`)}; ${curl(`http://127.0.0.1:${portA}/`, '--proxytunnel')}`,
      `127.0.0.1:${portA}`,
    );
    expect(lines).toEqual([`hello from A [200]`, `hello from A [200]`]);
  });

  it('refuses a host that is not listed with 403, and says so in the build log', async () => {
    const lines = await run(
      `${curl(`http://127.0.0.1:${portB}/`)}; ${curl(`http://127.0.0.1:${portB}/`, '--proxytunnel')}`,
      `127.0.0.1:${portA}`,
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\[403\]$/),
        `Build proxy: refused GET http://127.0.0.1:${portB}/ (403): 127.0.0.1:${portB} is not in DEPLOY_BUILD_ALLOWLIST`,
        `Build proxy: refused CONNECT 127.0.0.1:${portB} (403): 127.0.0.1:${portB} is not in DEPLOY_BUILD_ALLOWLIST`,
      ]),
    );
    expect(lines.join('\n')).not.toContain('hello from B');
  });

  it('hands a redirect back to the build instead of following it', async () => {
    const lines = await run(curl(`http://127.0.0.1:${portA}/moved`), `127.0.0.1:${portA}`);
    expect(lines).toEqual([' [302]']);
  });

  it('reaches nothing without an allow-list, the proxy variables unset (no network, as before)', async () => {
    const lines = await run(
      `echo "proxy=[$HTTPS_PROXY]"; curl -s --max-time 3 http://127.0.0.1:${portA}/ || echo unreachable`,
      '',
    );
    expect(lines).toEqual(['proxy=[]', 'unreachable']);
  });

  it('stops the bridge with the build when the job is cancelled', async () => {
    const started = Date.now();
    await expect(
      run('sleep 20', `127.0.0.1:${portA}`, { cancelled: () => Promise.resolve(true) }),
    ).rejects.toThrow(BuildCancelled);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('vets hosts matched by a wildcard: a private or loopback address is refused unless named exactly', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pc-proxy-'));
    const lines: string[] = [];
    const proxy = await startBuildProxy(dir, {
      allowlist: parseBuildAllowlist(`*.mirror.test, exact.test:${portA}`),
      log: (line) => Promise.resolve(void lines.push(line)),
      // Both names resolve to the loopback, as an internal (or rebinding) name would.
      resolver: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
    });
    const get = (host: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ socketPath: proxy.socketPath, path: `http://${host}:${portA}/` }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject);
      });
    try {
      expect(await get('crates.mirror.test')).toBe(403);
      expect(await get('exact.test')).toBe(200);
      expect(lines).toEqual([expect.stringMatching(/crates\.mirror\.test resolves to a loopback address/)]);
    } finally {
      await proxy.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('logs the first refusals only, so a script retrying in a loop cannot flood the log', async () => {
    const lines = await run(
      `i=0; while [ $i -lt ${DEPLOYMENT_LIMITS.buildProxyRefusalsLoggedMax + 20} ]; do curl -s -o /dev/null http://127.0.0.1:${portB}/; i=$((i+1)); done; echo done`,
      `127.0.0.1:${portA}`,
    );
    expect(lines.filter((l) => l.startsWith('Build proxy: refused'))).toHaveLength(
      DEPLOYMENT_LIMITS.buildProxyRefusalsLoggedMax,
    );
    expect(lines).toContain(
      `Build proxy: further refusals not logged (the log keeps the first ${DEPLOYMENT_LIMITS.buildProxyRefusalsLoggedMax})`,
    );
    expect(lines[lines.length - 1]).toBe('done');
  });

  it('accepts host, host:port, [v6]:port and *.domain entries, and nothing else', () => {
    expect(isBuildAllowlist('')).toBe(true);
    expect(isBuildAllowlist('registry.example, 10.0.0.5:8080, [::1]:443, *.mirror.example:443')).toBe(true);
    for (const bad of ['http://x', 'x:99999', '*.[::1]:443', 'a b', 'x:'])
      expect({ bad, ok: isBuildAllowlist(bad) }).toEqual({ bad, ok: false });
  });
});
