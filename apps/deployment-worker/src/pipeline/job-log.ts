import { DeploymentsEvents, type LogChunk } from '@pc/contracts';
import { BusClient, createLogger } from '@pc/platform';
import { randomUUID } from 'node:crypto';
import { ANONYMOUS } from '@pc/contracts';
import type { JobStore } from '../jobs/job-store';
import type { JobRow } from '@pc/deployments-store';

const log = createLogger('deployment-worker');

/**
 * A job's log: each line is stored (numbered) and then published on the bus for the gateways that
 * stream it. Line keys are `<step>:<n>` (the n-th line of that step), so a step repeated by a
 * redelivered job writes nothing twice.
 */
export class JobLog {
  private readonly counters = new Map<string, number>();

  constructor(
    private readonly store: JobStore,
    private readonly bus: BusClient,
    private readonly job: Pick<JobRow, 'id' | 'deployment_id'>,
  ) {}

  async line(step: string, text: string, level: LogChunk['level'] = 'info', key?: string): Promise<void> {
    const n = (this.counters.get(step) ?? 0) + 1;
    this.counters.set(step, n);
    const chunk = await this.store.appendLog(
      this.job,
      key ?? `${step}:${n}`,
      step,
      level,
      text.slice(0, 4000),
    );
    if (!chunk) return;
    await this.bus
      .emit(
        DeploymentsEvents.logAppended,
        { requestId: randomUUID(), caller: ANONYMOUS },
        {
          deployment_id: this.job.deployment_id,
          chunk,
        },
      )
      .catch((error: unknown) => log.warn({ err: error }, 'log chunk not published (it is stored)'));
  }
}
