import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RulesetsEvents } from '@pc/contracts';
import { createLogger, DurableEventsClient } from '@pc/platform';
import { IdeasClient } from './ideas.client';

const log = createLogger('rulesets');

/** How often, and after how long, a delivery still due is asked again (its event given up, or lost). */
const SWEEP_MS = 60_000;
const SWEEP_BATCH = 50;

/**
 * Delivers an approval's ideas after its commit: the rulesets service consumes its own
 * `review.decided.v1` (`rulesets__…`), and for an approval asks the catalog to deliver what is due for the
 * ruleset (redelivered with back-off while the catalog does not answer). Every minute, and at start, a
 * sweep asks again for every delivery due for over a minute, so one whose event was given up is still
 * made once the catalog answers.
 */
@Injectable()
export class IdeaDeliveriesConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private sweeps?: NodeJS.Timeout;
  private sweeping: Promise<void> = Promise.resolve();

  constructor(
    private readonly events: DurableEventsClient,
    private readonly ideas: IdeasClient,
  ) {}

  onApplicationBootstrap(): void {
    this.events.subscribeInBackground(
      RulesetsEvents.reviewDecided,
      'rulesets',
      async (event, delivery) => {
        if (event.decision !== 'approved') return;
        await this.ideas.deliverDue(`ideas-${delivery.id}`, event.ruleset_id, { wait: false });
      },
      {
        onDeadLetter: (job, error) => {
          log.error(
            { err: error, eventId: job.id },
            'ideas not delivered after every retry; the sweep asks again',
          );
          return Promise.resolve();
        },
      },
    );
    this.sweeps = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeps.unref();
    void this.sweep();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeps);
    await this.sweeping;
  }

  /** Asks again for every delivery due for over `SWEEP_MS` (one sweep at a time); how many it made. */
  sweep(): Promise<number> {
    const swept = this.sweeping.then(async () => {
      let delivered = 0;
      try {
        const due = await this.ideas.dueBefore(new Date(Date.now() - SWEEP_MS), SWEEP_BATCH);
        for (const rulesetId of due)
          if (await this.ideas.deliverDue(`ideas-sweep-${rulesetId}`, rulesetId, { wait: false }))
            delivered += 1;
      } catch (error) {
        log.warn({ err: error }, 'due ideas not delivered; the next sweep asks again');
      }
      return delivered;
    });
    this.sweeping = swept.then(() => undefined);
    return swept;
  }
}
