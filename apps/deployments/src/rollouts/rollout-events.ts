import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ANONYMOUS, DeploymentsEvents } from '@pc/contracts';
import { BusClient, createLogger } from '@pc/platform';
import { toRolloutEvent } from './rollout.mapper';
import type { RolloutEventRow } from './rollout.rows';

const log = createLogger('deployments');

/**
 * Tells every gateway replica about a roll-out's stored events (broadcast), after their commit. A lost
 * broadcast only delays a stream: the gateway also reads the stored events (it polls).
 */
@Injectable()
export class RolloutEvents {
  constructor(private readonly bus: BusClient) {}

  published(rolloutId: string, events: RolloutEventRow[]): void {
    for (const row of events)
      void this.bus
        .emit(
          DeploymentsEvents.rolloutEvent,
          { requestId: randomUUID(), caller: ANONYMOUS },
          { rollout_id: rolloutId, event: toRolloutEvent(row) },
        )
        .catch((error: unknown) =>
          log.warn({ err: error, rolloutId }, 'roll-out event not broadcast (stored)'),
        );
  }
}
