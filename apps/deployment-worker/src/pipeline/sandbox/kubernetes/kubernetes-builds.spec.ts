import { generateSigningKeyEntry } from '@pc/platform';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { loadEnv } from '@pc/platform';
import { WorkerEnv } from '../../../worker.env';
import { build, BuildCancelled, BuildError } from '../../build';
import { buildOptions } from '../../../testing/build-options';
import { DEFAULT_SANDBOX } from '../sandbox.settings';
import { BuildExchange } from './build-exchange';
import { startClusterBuilds } from './cluster-builds.provider';
import { buildJob, POD_RUNNER_SCRIPT } from './build-job';
import { KubernetesApi } from './kubernetes-api';
import { KubernetesBuilds } from './kubernetes-builds';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The pod's processes (the runner and the command's), gone already or not. */
const killPod = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    /* ended */
  }
};

const limits = { ...DEFAULT_SANDBOX.limits, memoryMb: 512, diskMb: 256, tmpMb: 64 };

/** The worker needs its provenance signing keys to load its configuration at all. */
const KEYS = { PROVENANCE_SIGNING_KEYS: generateSigningKeyEntry('k8s-spec') };

describe('a build as a Kubernetes Job', () => {
  it('runs in a pod without a service account token, as non-root, read-only, with limits and emptyDirs', () => {
    const job = buildJob(
      {
        name: 'pc-build-1',
        image: 'registry.example/toolchain:1',
        command: 'make package',
        exchangeUrl: 'http://10.0.0.7:8081',
        token: 'secret-token',
        proxy: false,
        path: '/usr/local/bin:/usr/bin:/bin',
        limits,
        timeoutMs: 300_000,
      },
      POD_RUNNER_SCRIPT,
    ) as Json;
    expect(job).toMatchObject({ apiVersion: 'batch/v1', kind: 'Job' });
    expect(job.spec).toMatchObject({ backoffLimit: 0, activeDeadlineSeconds: 330 });
    const pod = job.spec.template.spec;
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(pod.restartPolicy).toBe('Never');
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 65532 });
    expect(pod.securityContext.runAsUser).not.toBe(0);
    expect(job.spec.template.metadata.labels).toEqual({
      'app.kubernetes.io/name': 'deployment-build',
      'app.kubernetes.io/part-of': 'policy-catalog',
    });
    const [container] = pod.containers;
    expect(container.securityContext).toEqual({
      runAsNonRoot: true,
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      privileged: false,
      capabilities: { drop: ['ALL'] },
    });
    expect(container.resources.limits).toEqual({ memory: '512Mi', cpu: '2', 'ephemeral-storage': '320Mi' });
    expect(pod.volumes).toEqual([
      { name: 'build', emptyDir: { sizeLimit: '256Mi' } },
      { name: 'tmp', emptyDir: { medium: 'Memory', sizeLimit: '64Mi' } },
    ]);
    // Nothing of the worker's: only the build's own variables.
    expect(container.env.map((e: Json) => e.name).sort()).toEqual([
      'HOME',
      'LANG',
      'PATH',
      'PC_BUILD_COMMAND',
      'PC_BUILD_EXCHANGE',
      'PC_BUILD_TOKEN',
      'TMPDIR',
    ]);
  });

  describe('run by the worker through the API (a stand-in API server that runs the pod runner)', () => {
    let api: http.Server;
    let apiUrl: string;
    let exchange: BuildExchange;
    let exchangeUrl: string;
    const calls: string[] = [];
    const pods = new Map<string, { child: ChildProcess; log: PassThrough; exit?: number; dir: string }>();
    let refuseCreate = false;

    beforeAll(async () => {
      exchange = new BuildExchange();
      exchangeUrl = `http://127.0.0.1:${await exchange.listen(0, '127.0.0.1')}`;
      api = http.createServer((req, res) => {
        calls.push(`${req.method} ${req.url}`);
        if (req.headers.authorization !== 'Bearer sa-token') return void res.writeHead(401).end();
        const url = new URL(req.url!, 'http://api');
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          const send = (status: number, value: unknown) =>
            res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
          if (req.method === 'POST' && url.pathname === '/apis/batch/v1/namespaces/builds/jobs') {
            if (refuseCreate) return send(403, { message: 'jobs.batch is forbidden' });
            const job = JSON.parse(body) as Json;
            const container = job.spec.template.spec.containers[0];
            const env = Object.fromEntries(container.env.map((e: Json) => [e.name, e.value]));
            // The pod: the real runner, in a directory standing in for its emptyDir.
            const dir = mkdtempSync(path.join(tmpdir(), 'pod-'));
            const child = spawn(process.execPath, container.command.slice(1), {
              env: { ...env, PC_BUILD_DIR: dir },
              stdio: ['ignore', 'pipe', 'pipe'],
              detached: true,
            });
            const log = new PassThrough();
            child.stdout.pipe(log, { end: false });
            child.stderr.pipe(log, { end: false });
            const pod = { child, log, dir, exit: undefined as number | undefined };
            child.on('exit', (code) => {
              pod.exit = code ?? 137;
              setTimeout(() => log.end(), 50);
            });
            pods.set(job.metadata.name as string, pod);
            return send(201, job);
          }
          const list = /^\/api\/v1\/namespaces\/builds\/pods$/.exec(url.pathname);
          if (list) {
            const job = url.searchParams.get('labelSelector')!.replace('job-name=', '');
            return send(200, {
              items: pods.has(job)
                ? [{ metadata: { name: `${job}-pod` }, status: { phase: 'Running' } }]
                : [],
            });
          }
          const logPath = /^\/api\/v1\/namespaces\/builds\/pods\/(.+)-pod\/log$/.exec(url.pathname);
          if (logPath) {
            res.writeHead(200, { 'content-type': 'text/plain' }).flushHeaders();
            return void pods.get(logPath[1])!.log.pipe(res);
          }
          const podPath = /^\/api\/v1\/namespaces\/builds\/pods\/(.+)-pod$/.exec(url.pathname);
          if (podPath) {
            const pod = pods.get(podPath[1])!;
            return send(200, {
              metadata: { name: `${podPath[1]}-pod` },
              status: {
                containerStatuses: [
                  {
                    name: 'build',
                    state: pod.exit === undefined ? {} : { terminated: { exitCode: pod.exit } },
                  },
                ],
              },
            });
          }
          const jobPath = /^\/apis\/batch\/v1\/namespaces\/builds\/jobs\/(.+)$/.exec(url.pathname);
          if (req.method === 'DELETE' && jobPath) {
            const pod = pods.get(jobPath[1]);
            if (pod) killPod(pod.child);
            if (pod) rmSync(pod.dir, { recursive: true, force: true });
            return send(200, { status: 'Success' });
          }
          send(404, { message: 'not found' });
        });
      });
      await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
      apiUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}`;
    });
    afterAll(async () => {
      await exchange.close();
      for (const pod of pods.values()) killPod(pod.child);
      await new Promise<void>((resolve) => {
        api.close(() => resolve());
        api.closeAllConnections();
      });
    });
    beforeEach(() => {
      calls.length = 0;
      refuseCreate = false;
    });

    const cluster = () =>
      new KubernetesBuilds({
        api: new KubernetesApi({ url: apiUrl, token: 'sa-token' }),
        exchange,
        namespace: 'builds',
        image: 'registry.example/toolchain:1',
        exchangeUrl,
        pollMs: 50,
      });
    const files = () => new Map([['Cargo.toml', Buffer.from('[package]\nversion = "1.0.0"\n')]]);
    const run = (command: string, over: Partial<Parameters<typeof build>[1]> = {}) => {
      const lines: string[] = [];
      const result = build(
        files(),
        buildOptions({
          command,
          sandbox: { ...DEFAULT_SANDBOX, mode: 'kubernetes', limits },
          cluster: cluster(),
          timeoutMs: 20_000,
          output: (l) => Promise.resolve(void lines.push(l)),
          ...over,
        }),
      );
      return { lines, result };
    };

    it("creates the Job, streams the pod's log into the job's, takes the files it sends, and deletes the Job", async () => {
      const { lines, result } = run(
        'test -f Cargo.toml && echo built && mkdir dist && echo x > dist/out.bin',
      );
      const built = await result;
      expect(built.files).toBe(2);
      expect(lines).toEqual(['built']);
      const job = calls.find((c) => c.startsWith('POST'))!;
      expect(job).toBe('POST /apis/batch/v1/namespaces/builds/jobs');
      expect(calls).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^GET \/api\/v1\/namespaces\/builds\/pods\?labelSelector=job-name%3Dpc-build-/,
          ),
          expect.stringMatching(
            /^GET \/api\/v1\/namespaces\/builds\/pods\/pc-build-\w+-pod\/log\?container=build&follow=true$/,
          ),
          expect.stringMatching(
            /^DELETE \/apis\/batch\/v1\/namespaces\/builds\/jobs\/pc-build-\w+\?propagationPolicy=Background$/,
          ),
        ]),
      );
    });

    it('fails the job with the exit code of a failing build, and still deletes the Job', async () => {
      const { lines, result } = run('echo trying; exit 3');
      await expect(result).rejects.toThrow(new BuildError('The build command failed (exit code 3)'));
      expect(lines).toEqual(['trying']);
      expect(calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(1);
    });

    it('deletes the Job of a cancelled build', async () => {
      const { result } = run('sleep 30', { cancelled: () => Promise.resolve(true) });
      await expect(result).rejects.toThrow(BuildCancelled);
      expect(calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(1);
    });

    it('says why when the API refuses the Job (the RBAC is missing)', async () => {
      refuseCreate = true;
      const { result } = run('echo never');
      await expect(result).rejects.toThrow(/403 jobs\.batch is forbidden/);
    });

    it("proxies a build's requests to its allow-list only, with its own token (407 without)", async () => {
      const target = http.createServer((_req, res) => res.end('from mirror'));
      await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
      const port = (target.address() as { port: number }).port;
      const logged: string[] = [];
      const opened = exchange.open('proxy-token', Buffer.alloc(0), {
        allowlist: [{ host: '127.0.0.1', wildcard: false, port }],
        log: (line) => Promise.resolve(void logged.push(line)),
      });
      const viaProxy = (url: string, auth?: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const { port: exchangePort } = new URL(exchangeUrl);
          const req = http.request(
            {
              host: '127.0.0.1',
              port: Number(exchangePort),
              path: url,
              headers: auth ? { 'proxy-authorization': `Basic ${Buffer.from(auth).toString('base64')}` } : {},
            },
            (res) => {
              let body = '';
              res.on('data', (c: Buffer) => (body += c.toString()));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
            },
          );
          req.on('error', reject);
          req.end();
        });
      expect(await viaProxy(`http://127.0.0.1:${port}/`, 'build:proxy-token')).toEqual({
        status: 200,
        body: 'from mirror',
      });
      expect((await viaProxy(`http://127.0.0.1:${port + 1}/`, 'build:proxy-token')).status).toBe(403);
      expect(logged).toEqual([expect.stringMatching(/^Build proxy: refused GET .* \(403\)/)]);
      expect((await viaProxy(`http://127.0.0.1:${port}/`)).status).toBe(407);
      expect((await viaProxy(`http://127.0.0.1:${port}/`, 'build:another-token')).status).toBe(407);
      opened.close();
      expect((await viaProxy(`http://127.0.0.1:${port}/`, 'build:proxy-token')).status).toBe(407);
      await new Promise<void>((resolve) => target.close(() => resolve()));
    });

    it('answers a token it does not know with 401 (one build cannot take another one’s sources)', async () => {
      const res = await fetch(`${exchangeUrl}/sources`, { headers: { authorization: 'Bearer guessed' } });
      expect(res.status).toBe(401);
    });
  });

  describe('a worker started in kubernetes mode', () => {
    it('refuses to start without an image for build pods, or without its service account, naming what is missing', async () => {
      const env = loadEnv(WorkerEnv, { ...KEYS, DEPLOY_BUILD_SANDBOX: 'kubernetes' });
      await expect(startClusterBuilds(env)).rejects.toThrow(/needs DEPLOY_BUILD_K8S_IMAGE/);
      const withImage = loadEnv(WorkerEnv, {
        ...KEYS,
        DEPLOY_BUILD_SANDBOX: 'kubernetes',
        DEPLOY_BUILD_K8S_IMAGE: 'toolchain:1',
      });
      await expect(startClusterBuilds(withImage, '/nonexistent')).rejects.toThrow(/service account token/);
    });

    it('opens its exchange and tells build pods its own address (or the configured one)', async () => {
      const account = mkdtempSync(path.join(tmpdir(), 'sa-'));
      writeFileSync(path.join(account, 'token'), 'sa-token');
      writeFileSync(path.join(account, 'namespace'), 'builds');
      const env = loadEnv(WorkerEnv, {
        ...KEYS,
        DEPLOY_BUILD_SANDBOX: 'kubernetes',
        DEPLOY_BUILD_K8S_IMAGE: 'toolchain:1',
        DEPLOY_BUILD_K8S_EXCHANGE_PORT: '0',
        DEPLOY_BUILD_K8S_EXCHANGE_URL: 'http://10.1.2.3:8081',
      });
      const started = await startClusterBuilds(env, account);
      expect(started.exchangeUrl).toBe('http://10.1.2.3:8081');
      await started.close();
      rmSync(account, { recursive: true, force: true });
    });
  });
});
