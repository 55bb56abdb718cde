import { randomUUID } from 'node:crypto';
import {
  ANONYMOUS,
  CatalogRpc,
  ConnectionsRpc,
  DeploymentsRpc,
  type Empty,
  IdentityRpc,
  type PingResult,
  type RpcDescriptor,
  RulesetsRpc,
  WorkspacesRpc,
} from '@pc/contracts';
import { createLogger } from '../logging/logger';
import type { BusClient } from '../messaging/bus-client';
import type { ReadinessCheck } from './health';

/** The services an edge calls, by the name its readiness gives each, and the ping each answers. */
export type Upstreams = Readonly<Record<string, RpcDescriptor<Empty, PingResult>>>;

/**
 * Every service behind the edges: the gateway forwards to each, and the tool server's tools call each
 * (identity for the tokens).
 */
export const SERVICE_PINGS = {
  identity: IdentityRpc.ping,
  catalog: CatalogRpc.ping,
  rulesets: RulesetsRpc.ping,
  connections: ConnectionsRpc.ping,
  workspaces: WorkspacesRpc.ping,
  deployments: DeploymentsRpc.ping,
} as const satisfies Upstreams;

/**
 * The readiness of an edge (the gateway, the tool server run alone): one verdict per dependency, `bus`
 * (the connection to NATS) then each service it calls (it answers, and its database answers it), so
 * that /health/ready says which one is missing. An app subclasses it, naming its services.
 *
 * An edge's /health/ready is public: its verdicts are fixed words (`ok`, `database unavailable`,
 * `no answer`), never a service's error text, which names internal addresses and database users
 * (`connect ECONNREFUSED 10.0.3.7:5432`, `password authentication failed for user "catalog"`). The reason
 * goes to the edge's log, once each time a dependency's reason changes (not at every probe). A service's
 * own /health/ready, reached inside the cluster only, keeps the reason.
 */
export class ServicesReadiness implements ReadinessCheck {
  readonly name = 'bus';
  /** Where the reasons the verdicts leave out are written. */
  readonly log = createLogger('readiness');
  /** The last reason logged per dependency (`ok` once it answers again). */
  private readonly reasons = new Map<string, string>();

  constructor(
    private readonly bus: BusClient,
    private readonly upstreams: Upstreams,
  ) {}

  async check(): Promise<Record<string, string>> {
    if (!this.bus.connected) {
      this.note('bus', 'disconnected from NATS');
      return {
        bus: 'disconnected from NATS',
        ...Object.fromEntries(Object.keys(this.upstreams).map((s) => [s, 'unknown (no bus)'])),
      };
    }
    this.note('bus', 'ok');
    const ctx = { requestId: randomUUID(), caller: ANONYMOUS };
    const verdicts = await Promise.all(
      Object.entries(this.upstreams).map(async ([service, ping]) => {
        try {
          const result = await this.bus.request(ping, ctx, {}, { timeoutMs: 2000 });
          if (result.ok) return [service, this.note(service, 'ok')] as const;
          this.note(service, `database ${result.database ?? 'unavailable'}`);
          return [service, 'database unavailable'] as const;
        } catch (error) {
          this.note(service, error instanceof Error ? error.message : String(error));
          return [service, 'no answer'] as const;
        }
      }),
    );
    return { bus: 'ok', ...Object.fromEntries(verdicts) };
  }

  /** Logs `reason` when it differs from the last one of `dependency` (the first `ok` says nothing). */
  private note(dependency: string, reason: string): string {
    const last = this.reasons.get(dependency) ?? 'ok';
    this.reasons.set(dependency, reason);
    if (reason === last) return reason;
    if (reason === 'ok') this.log.info({ dependency }, 'readiness: answers again');
    else this.log.warn({ dependency, reason }, 'readiness: not ready');
    return reason;
  }
}
