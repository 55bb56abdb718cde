import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DeploymentsStoreModule } from '@pc/deployments-store';
import { HttpGatewayPlatform } from '@pc/gateway-platform';
import { parseSigningKeys } from '@pc/platform';
import { HttpRegistry } from '@pc/registry';
import { HttpSourceHost } from '@pc/source-host';
import { JobStore } from './jobs/job-store';
import { WorkerRunner } from './jobs/worker.runner';
import { ADAPTERS, BUILD_MEMORY, CLUSTER_BUILDS, SIGNING_KEYS } from './jobs/worker.tokens';
import type { Adapters } from './pipeline/pipeline-context';
import { setUpBuildCgroups } from './pipeline/sandbox/cgroups';
import { startClusterBuilds } from './pipeline/sandbox/kubernetes/cluster-builds.provider';
import { SnapshotCachingSourceHost } from './pipeline/snapshot-cache';
import { WorkerEnv } from './worker.env';

/** Closes the cluster builds' exchange (kubernetes mode) when the worker stops. */
@Injectable()
class ClusterBuildsLifecycle implements OnApplicationShutdown {
  constructor(@Inject(CLUSTER_BUILDS) private readonly cluster: { close: () => Promise<void> } | undefined) {}

  async onApplicationShutdown(): Promise<void> {
    await this.cluster?.close();
  }
}

@Module({})
export class WorkerModule {
  static register(env: WorkerEnv): DynamicModule {
    // Parsed at start: a malformed key stops the worker, naming the variable (never the key).
    const signingKeys = parseSigningKeys(env.PROVENANCE_SIGNING_KEYS);
    const { PROVENANCE_SIGNING_KEYS: _signingKeys, ...adapterVariables } = env;
    const adapterEnv = adapterVariables as unknown as Record<string, string | undefined>;
    return {
      module: WorkerModule,
      imports: [
        // The deployments service's schema, which it migrates; a worker never migrates it. A lock
        // connection per job in hand, and some for the writes.
        DeploymentsStoreModule.forWorker({
          url: env.DATABASE_URL,
          poolSize: env.DB_POOL_SIZE + env.DEPLOY_WORKER_CONCURRENCY,
        }),
      ],
      providers: [
        { provide: WorkerEnv, useValue: env },
        {
          provide: ADAPTERS,
          useValue: {
            // A commit's files are fetched once for all the jobs at that commit (a many-target deployment).
            sourceHost: new SnapshotCachingSourceHost(HttpSourceHost.fromEnv(adapterEnv)),
            registry: HttpRegistry.fromEnv(adapterEnv),
            platform: HttpGatewayPlatform.fromEnv(adapterEnv),
          } satisfies Adapters,
        },
        {
          provide: CLUSTER_BUILDS,
          useFactory: () => (env.DEPLOY_BUILD_SANDBOX === 'kubernetes' ? startClusterBuilds(env) : undefined),
        },
        ClusterBuildsLifecycle,
        {
          provide: BUILD_MEMORY,
          useFactory: () =>
            env.DEPLOY_BUILD_SANDBOX === 'bubblewrap'
              ? setUpBuildCgroups(env.DEPLOY_BUILD_CGROUP)
              : undefined,
        },
        { provide: SIGNING_KEYS, useValue: signingKeys },
        JobStore,
        WorkerRunner,
      ],
    };
  }
}
