import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DeploymentsEvents, type JobEndedEvent, type LogChunkAppendedEvent } from '@pc/contracts';
import { BusClient } from '@pc/platform';

export type HubEvent =
  { kind: 'chunk'; data: LogChunkAppendedEvent } | { kind: 'ended'; data: JobEndedEvent };

/**
 * This gateway replica's subscription to the live log events (broadcast: every replica gets every
 * chunk, whichever worker wrote it), fanned out to the streams open here, by deployment.
 */
@Injectable()
export class LogHub implements OnModuleInit {
  private readonly listeners = new Map<string, Set<(event: HubEvent) => void>>();

  constructor(private readonly bus: BusClient) {}

  async onModuleInit(): Promise<void> {
    await this.bus.subscribeBroadcast(DeploymentsEvents.logAppended, (data) =>
      this.dispatch(data.deployment_id, { kind: 'chunk', data }),
    );
    await this.bus.subscribeBroadcast(DeploymentsEvents.jobEnded, (data) =>
      this.dispatch(data.deployment_id, { kind: 'ended', data }),
    );
  }

  listen(deploymentId: string, listener: (event: HubEvent) => void): () => void {
    let set = this.listeners.get(deploymentId);
    if (!set) {
      set = new Set();
      this.listeners.set(deploymentId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(deploymentId);
    };
  }

  private dispatch(deploymentId: string, event: HubEvent): void {
    for (const listener of this.listeners.get(deploymentId) ?? []) listener(event);
  }
}
