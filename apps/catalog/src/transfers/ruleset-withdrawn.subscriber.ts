import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { RulesetsEvents } from '@pc/contracts';
import { createLogger, DurableEventsClient } from '@pc/platform';
import { TransfersService } from './transfers.service';

const log = createLogger('catalog');

/**
 * Ends the pending transfers of a ruleset withdrawn before publication: the rulesets service deletes it
 * and writes `rulesets.ruleset.withdrawn.v1` in the same transaction (its outbox), which this durable
 * consumer (`catalog__…`) takes, redelivered until handled.
 */
@Injectable()
export class RulesetWithdrawnSubscriber implements OnApplicationBootstrap {
  constructor(
    private readonly events: DurableEventsClient,
    private readonly transfers: TransfersService,
  ) {}

  onApplicationBootstrap(): void {
    this.events.subscribeInBackground(
      RulesetsEvents.withdrawn,
      'catalog',
      (event) => this.transfers.rulesetWithdrawn(event),
      {
        onDeadLetter: (job, error) => {
          log.error(
            { err: error, eventId: job.id },
            "a withdrawn ruleset's transfers not ended after every retry",
          );
          return Promise.resolve();
        },
      },
    );
  }
}
