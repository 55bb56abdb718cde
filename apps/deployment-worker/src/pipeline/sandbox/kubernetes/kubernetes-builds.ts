import { randomBytes } from 'node:crypto';
import { tarArchive } from '../../archive';
import type { BuildOptions, ClusterBuilds } from '../../build';
import { BuildCancelled, BuildError, buildLog } from '../build-process';
import { DEFAULT_SANDBOX } from '../sandbox.settings';
import { prlimitArgs } from '../bubblewrap';
import type { BuildExchange } from './build-exchange';
import { BUILD_CONTAINER, buildJob, POD_RUNNER_SCRIPT } from './build-job';
import type { K8sPod, KubernetesApi } from './kubernetes-api';

export interface KubernetesBuildsOptions {
  api: KubernetesApi;
  exchange: BuildExchange;
  namespace: string;
  image: string;
  /** How build pods reach this worker's exchange: `http://<pod ip>:<port>`. */
  exchangeUrl: string;
  /** How often the pod is looked at while it starts (ms). */
  pollMs?: number;
}

/**
 * `DEPLOY_BUILD_SANDBOX=kubernetes`: each build is a Job of its own (see build-job.ts). The worker creates
 * it, waits for its pod, follows the pod's log into the job's log, takes the files the pod sends to the
 * exchange, and deletes the Job however the build ends (success, failure, time limit, cancel).
 */
export class KubernetesBuilds implements ClusterBuilds {
  constructor(private readonly o: KubernetesBuildsOptions) {}

  async build(
    files: Map<string, Buffer>,
    options: BuildOptions & { command: string },
  ): Promise<Map<string, Buffer>> {
    const limits = (options.sandbox ?? DEFAULT_SANDBOX).limits;
    const name = `pc-build-${randomBytes(6).toString('hex')}`;
    const token = randomBytes(24).toString('base64url');
    const allowlist = (options.network ?? 'isolated') === 'isolated' ? (options.allowlist ?? []) : [];
    const exchange = this.o.exchange.open(
      token,
      tarArchive(files).archive,
      allowlist.length > 0 ? { allowlist, log: options.output } : undefined,
    );
    const job = buildJob(
      {
        name,
        image: this.o.image,
        command: options.command,
        exchangeUrl: this.o.exchangeUrl,
        token,
        proxy: allowlist.length > 0,
        path: options.path,
        limits,
        timeoutMs: options.timeoutMs,
      },
      POD_RUNNER_SCRIPT,
    );
    // The per-process limits, as in bubblewrap (the pod's resources hold the totals).
    const container = (job.spec as { template: { spec: { containers: { command: string[] }[] } } }).template
      .spec.containers[0];
    container.command.push(JSON.stringify(prlimitArgs(limits)));

    let reason: 'timeout' | 'cancelled' | null = null;
    let stop!: () => void;
    const halted = new Promise<undefined>((resolve) => (stop = () => resolve(undefined)));
    const deadline = setTimeout(() => {
      reason ??= 'timeout';
      stop();
    }, options.timeoutMs);
    const poll = setInterval(() => {
      options.progress();
      void options.cancelled().then((yes) => {
        if (yes && reason === null) {
          reason = 'cancelled';
          stop();
        }
      });
    }, 1000);
    const stopped = () => reason !== null;
    try {
      await this.o.api.createJob(this.o.namespace, job);
      const pod = await Promise.race([this.started(name, stopped), halted]);
      if (pod) {
        const log = buildLog(options);
        const following = this.o.api.followLog(this.o.namespace, pod, BUILD_CONTAINER);
        const stream = await Promise.race([following, halted]);
        if (stream) {
          const ended = new Promise<void>((resolve) =>
            stream
              .on('close', resolve)
              .on('end', resolve)
              .on('error', () => resolve()),
          );
          log.follow(stream);
          await Promise.race([ended, halted]);
          stream.destroy();
          await log.flushed();
        } else void following.then((late) => late.destroy()).catch(() => undefined);
        if (!stopped()) {
          const terminated = await this.terminated(pod, stopped);
          if (terminated && terminated.exitCode !== 0)
            throw new BuildError(
              terminated.reason === 'OOMKilled'
                ? `The build used more than its memory limit (${limits.memoryMb} MiB, DEPLOY_BUILD_MEMORY_MB) and was stopped`
                : `The build command failed (exit code ${terminated.exitCode})`,
            );
          if (terminated) return await exchange.files;
        }
      }
      if (reason === 'cancelled') throw new BuildCancelled('The build was cancelled');
      throw new BuildError(`The build took longer than ${options.timeoutMs} ms and was stopped`);
    } finally {
      clearTimeout(deadline);
      clearInterval(poll);
      exchange.close();
      await this.o.api.deleteJob(this.o.namespace, name).catch(() => undefined);
    }
  }

  /** The pod's name once it runs (or ended); undefined when stopped first. A pod that cannot start fails. */
  private async started(job: string, stopped: () => boolean): Promise<string | undefined> {
    while (!stopped()) {
      const [pod] = await this.o.api.podsOfJob(this.o.namespace, job);
      const phase = pod?.status?.phase;
      if (pod && (phase === 'Running' || phase === 'Succeeded' || phase === 'Failed'))
        return pod.metadata.name;
      const waiting = pod?.status?.containerStatuses?.[0]?.state?.waiting;
      if (
        waiting?.reason &&
        /ErrImagePull|ImagePullBackOff|InvalidImageName|CreateContainerConfigError/.test(waiting.reason)
      )
        throw new BuildError(
          `The build pod cannot start: ${waiting.reason}${waiting.message ? ` (${waiting.message})` : ''}`,
        );
      await new Promise((r) => setTimeout(r, this.o.pollMs ?? 1000));
    }
    return undefined;
  }

  private async terminated(
    pod: string,
    stopped: () => boolean,
  ): Promise<{ exitCode: number; reason?: string } | undefined> {
    while (!stopped()) {
      const state: K8sPod = await this.o.api.pod(this.o.namespace, pod);
      const status = state.status?.containerStatuses?.find((c) => c.name === BUILD_CONTAINER);
      if (status?.state?.terminated) return status.state.terminated;
      await new Promise((r) => setTimeout(r, this.o.pollMs ?? 1000));
    }
    return undefined;
  }
}
