import type { BuildLimits } from '../sandbox.settings';

/** The label every build pod carries: the NetworkPolicy of deploy/components/kubernetes-builds selects it. */
export const BUILD_POD_LABEL = {
  'app.kubernetes.io/name': 'deployment-build',
  'app.kubernetes.io/part-of': 'policy-catalog',
};
export const BUILD_CONTAINER = 'build';
/** The uid a build pod runs as (never root; the image's files are not its own). */
export const BUILD_POD_UID = 65532;

export interface BuildJobSpec {
  name: string;
  image: string;
  command: string;
  /** The worker's exchange, as the pod reaches it: `http://<worker pod ip>:<port>`. */
  exchangeUrl: string;
  /** The build's own token at the exchange (its sources, its artifact, its proxy). */
  token: string;
  /** With an allow-list: the pod's HTTP(S)_PROXY goes to the exchange. */
  proxy: boolean;
  path: string;
  limits: BuildLimits;
  timeoutMs: number;
}

/**
 * A build as a Kubernetes Job of its own: one pod, never restarted, no service account token, non-root,
 * no privilege escalation, no capabilities, a read-only root filesystem, the sources on an `emptyDir`
 * of `DEPLOY_BUILD_DISK_MB` and `/tmp` on a memory `emptyDir`, resource limits from the build limits, a
 * deadline, and removed a while after it ends. Its runner (`node -e POD_RUNNER_SCRIPT`) fetches the
 * sources from the worker's exchange, runs the command, and sends the files back.
 */
export function buildJob(spec: BuildJobSpec, runner: string): Record<string, unknown> {
  const proxyUrl = (() => {
    const url = new URL(spec.exchangeUrl);
    url.username = 'build';
    url.password = spec.token;
    return url.toString().replace(/\/$/, '');
  })();
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: spec.name, labels: { ...BUILD_POD_LABEL } },
    spec: {
      backoffLimit: 0,
      activeDeadlineSeconds: Math.ceil(spec.timeoutMs / 1000) + 30,
      ttlSecondsAfterFinished: 300,
      template: {
        metadata: { labels: { ...BUILD_POD_LABEL } },
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          securityContext: {
            runAsNonRoot: true,
            runAsUser: BUILD_POD_UID,
            runAsGroup: BUILD_POD_UID,
            fsGroup: BUILD_POD_UID,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          containers: [
            {
              name: BUILD_CONTAINER,
              image: spec.image,
              command: ['node', '-e', runner],
              workingDir: '/build',
              env: [
                { name: 'PATH', value: spec.path },
                { name: 'HOME', value: '/build' },
                { name: 'TMPDIR', value: '/tmp' },
                { name: 'LANG', value: 'C.UTF-8' },
                { name: 'PC_BUILD_EXCHANGE', value: spec.exchangeUrl },
                { name: 'PC_BUILD_TOKEN', value: spec.token },
                { name: 'PC_BUILD_COMMAND', value: spec.command },
                ...(spec.proxy
                  ? ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'].map((name) => ({
                      name,
                      value: proxyUrl,
                    }))
                  : []),
              ],
              securityContext: {
                runAsNonRoot: true,
                allowPrivilegeEscalation: false,
                readOnlyRootFilesystem: true,
                privileged: false,
                capabilities: { drop: ['ALL'] },
              },
              resources: {
                requests: { cpu: '250m', memory: `${Math.min(spec.limits.memoryMb, 512)}Mi` },
                limits: {
                  memory: `${spec.limits.memoryMb}Mi`,
                  cpu: '2',
                  'ephemeral-storage': `${spec.limits.diskMb + spec.limits.tmpMb}Mi`,
                },
              },
              volumeMounts: [
                { name: 'build', mountPath: '/build' },
                { name: 'tmp', mountPath: '/tmp' },
              ],
            },
          ],
          volumes: [
            { name: 'build', emptyDir: { sizeLimit: `${spec.limits.diskMb}Mi` } },
            { name: 'tmp', emptyDir: { medium: 'Memory', sizeLimit: `${spec.limits.tmpMb}Mi` } },
          ],
        },
      },
    },
  };
}

/**
 * The build pod's runner: fetches its sources (a tar stream) from the exchange into /build, runs the
 * command under the per-process limits (`prlimit`, as in bubblewrap; the pod's limits hold the total),
 * prints its output (the worker follows the pod's log), and, if it succeeded, sends /build back as a tar
 * stream. Exits with the command's code.
 */
export const POD_RUNNER_SCRIPT = `
const { spawn } = require('node:child_process');
const http = require('node:http');
const base = process.env.PC_BUILD_EXCHANGE;
const auth = { authorization: 'Bearer ' + process.env.PC_BUILD_TOKEN };
const command = process.env.PC_BUILD_COMMAND;
const limits = JSON.parse(process.argv[1] || '[]');
const dir = process.env.PC_BUILD_DIR || '/build';
for (const name of ['PC_BUILD_TOKEN', 'PC_BUILD_COMMAND', 'PC_BUILD_EXCHANGE', 'PC_BUILD_DIR']) delete process.env[name];
const fail = (message) => { process.stderr.write('Build pod: ' + message + '\\n'); process.exit(125); };
http.get(base + '/sources', { headers: auth }, (res) => {
  if (res.statusCode !== 200) fail('sources answered ' + res.statusCode);
  const unpack = spawn('tar', ['-xf', '-', '-C', dir, '--no-same-owner', '--no-same-permissions'], { stdio: ['pipe', 'inherit', 'inherit'] });
  res.pipe(unpack.stdin);
  unpack.on('exit', (code) => {
    if (code !== 0) fail('could not unpack the sources');
    const run = limits.length ? ['prlimit', ...limits, '--', 'sh', '-c', command] : ['sh', '-c', command];
    const child = spawn(run[0], run.slice(1), { stdio: ['ignore', 'inherit', 'inherit'], cwd: dir });
    child.on('exit', (status, signal) => {
      const code = status === null ? 128 + (require('node:os').constants.signals[signal] || 0) : status;
      if (code !== 0) process.exit(code);
      const pack = spawn('tar', ['-cf', '-', '--hard-dereference', '-C', dir, '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
      const put = http.request(base + '/artifact', { method: 'PUT', headers: auth }, (answer) => {
        answer.resume();
        answer.on('end', () => process.exit(answer.statusCode === 204 ? 0 : 125));
      });
      put.on('error', (e) => fail('could not send the files: ' + e.message));
      pack.stdout.pipe(put);
    });
  });
}).on('error', (e) => fail('could not fetch the sources: ' + e.message));
`;
