import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type DeploymentSucceededEvent, DeploymentsEvents } from '@pc/contracts';
import { createLogger, DurableEventsClient } from '@pc/platform';
import { OutboxRepository, type OutboxRow } from './outbox.repository';

const log = createLogger('deployments');
const RETRY_MS = 2000;

/**
 * Relays outbox rows (written by the workers in the transaction that records a deployment's success)
 * onto the durable events, with the row id as message id; consumers (catalog and rulesets deploy counts)
 * are idempotent by it. Rows that could not be published are retried every few seconds.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly events: DurableEventsClient,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), RETRY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  kick(): void {
    this.running = this.running
      .then(() => this.outbox.drain((row) => this.deliver(row)))
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, 'outbox relay failed; will retry'));
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    try {
      if (row.pattern === DeploymentsEvents.deploymentSucceeded.pattern) {
        await this.events.publish(
          DeploymentsEvents.deploymentSucceeded,
          row.id,
          row.payload as unknown as DeploymentSucceededEvent,
        );
        return true;
      }
      log.error({ pattern: row.pattern }, 'unknown outbox event');
      return false;
    } catch (error) {
      log.warn({ err: error, id: row.id }, 'event not acknowledged; will retry');
      return false;
    }
  }
}
