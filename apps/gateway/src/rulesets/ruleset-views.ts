import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ANONYMOUS, RULESET_VIEWS_PER_COUNT, RulesetsRpc } from '@pc/contracts';
import { BusClient, createLogger } from '@pc/platform';

const log = createLogger('ruleset-views');

/** How often the views this replica answered are sent to the rulesets service. */
const COUNT_EVERY_MS = 1000;

/**
 * The views of rulesets' detail pages this replica answered (from the service, its response cache or
 * as a 304), added up per ruleset and sent to the rulesets service about once a second, so that the
 * read itself writes nothing and can be cached. A count lost with the replica (a crash) or the bus
 * loses at most that second's views.
 */
@Injectable()
export class RulesetViews implements OnApplicationShutdown {
  private pending = new Map<string, number>();
  private readonly timer = setInterval(() => void this.send(), COUNT_EVERY_MS).unref();

  constructor(private readonly bus: BusClient) {}

  count(id: string): void {
    this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
    if (this.pending.size >= RULESET_VIEWS_PER_COUNT) void this.send();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.send();
  }

  private async send(): Promise<void> {
    if (this.pending.size === 0) return;
    const views = [...this.pending].map(([id, count]) => ({ id, count }));
    this.pending = new Map();
    try {
      await this.bus.request(
        RulesetsRpc.countViews,
        { requestId: 'ruleset-views', caller: ANONYMOUS },
        { views },
      );
    } catch (error) {
      log.warn({ err: error, rulesets: views.length }, 'ruleset views not counted');
    }
  }
}
