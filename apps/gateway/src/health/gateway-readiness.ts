import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ANONYMOUS,
  CatalogRpc,
  ConnectionsRpc,
  DeploymentsRpc,
  IdentityRpc,
  RulesetsRpc,
  WorkspacesRpc,
} from '@pc/contracts';
import { BusClient, type ReadinessCheck } from '@pc/platform';

/** The services the gateway forwards to; it is ready when each answers a ping over the bus. */
export const UPSTREAMS = {
  identity: IdentityRpc.ping,
  catalog: CatalogRpc.ping,
  rulesets: RulesetsRpc.ping,
  connections: ConnectionsRpc.ping,
  workspaces: WorkspacesRpc.ping,
  deployments: DeploymentsRpc.ping,
} as const;

/**
 * One verdict per dependency: `bus` (the connection to NATS), then each service (it answers, and its
 * database answers it), so that /health/ready says which one is missing.
 */
@Injectable()
export class GatewayReadiness implements ReadinessCheck {
  readonly name = 'bus';

  constructor(private readonly bus: BusClient) {}

  async check(): Promise<Record<string, string>> {
    if (!this.bus.connected) {
      return {
        bus: 'disconnected from NATS',
        ...Object.fromEntries(Object.keys(UPSTREAMS).map((s) => [s, 'unknown (no bus)'])),
      };
    }
    const ctx = { requestId: randomUUID(), caller: ANONYMOUS };
    const verdicts = await Promise.all(
      Object.entries(UPSTREAMS).map(async ([service, ping]) => {
        try {
          const result = await this.bus.request(ping, ctx, {}, { timeoutMs: 2000 });
          return [service, result.ok ? 'ok' : `database ${result.database ?? 'unavailable'}`] as const;
        } catch (error) {
          return [service, error instanceof Error ? error.message : 'no answer'] as const;
        }
      }),
    );
    return { bus: 'ok', ...Object.fromEntries(verdicts) };
  }
}
