import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { GovernanceEvents } from '@pc/contracts';
import { Outbox } from '@pc/listings';
import { createLogger, Database } from '@pc/platform';
import { ApiConformance } from '../api-evaluations';
import { GovernedApisRepository } from '../governed-apis';
import { WaiversRepository } from './waivers.repository';

const log = createLogger('rulesets');
const EVERY_MS = 60_000;
const BATCH = 100;

/**
 * Once a minute, waivers that expired are handled once each (any replica): their API's conformance is
 * computed again without them, and the waiver's author hears of it (a durable event for identity's inbox
 * and webhooks), in one transaction per batch.
 *
 * Lock order: an API's row, then its waivers. Creating and removing a waiver lock the API first (then
 * insert or delete the waiver), and so does the sweep: it locks each API with waivers due (by id, when a
 * batch holds several), then claims that API's waivers. Claiming the waivers first, as the sweep once did,
 * deadlocked with a removal holding the API and waiting for the waiver.
 */
@Injectable()
export class WaiverExpiry implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly waivers: WaiversRepository,
    private readonly apis: GovernedApisRepository,
    private readonly conformance: ApiConformance,
    private readonly outbox: Outbox,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Handles the waivers expired by now; how many. */
  async sweep(): Promise<number> {
    try {
      const handled = await this.db.transaction(async (tx) => {
        let count = 0;
        for (const apiId of await this.waivers.apisWithExpired(tx, BATCH)) {
          const api = await this.apis.findById(tx, apiId, true);
          if (!api) continue;
          // Claimed under the API's lock: another replica's sweep waits for it, then finds them handled.
          const expired = await this.waivers.claimExpired(tx, api.id);
          if (expired.length === 0) continue;
          const conformance = await this.conformance.reapplyWaivers(tx, api);
          for (const waiver of expired)
            await this.outbox.addEvent(tx, GovernanceEvents.waiverExpired, {
              waiver_id: waiver.id,
              api_id: api.id,
              api_name: api.name,
              workspace_id: api.workspace_id,
              rule: waiver.rule,
              location: waiver.location,
              owner_id: waiver.created_by,
              conformance,
            });
          count += expired.length;
        }
        return count;
      });
      if (handled > 0) {
        this.outbox.kick();
        log.info({ handled }, 'expired waivers handled');
      }
      return handled;
    } catch (error) {
      log.warn({ err: error }, 'expired waiver sweep failed');
      return 0;
    }
  }
}
