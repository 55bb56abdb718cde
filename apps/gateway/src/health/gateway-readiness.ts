import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ANONYMOUS,
  CatalogRpc,
  ConnectionsRpc,
  IdentityRpc,
  RulesetsRpc,
  WorkspacesRpc,
} from '@pc/contracts';
import { BusClient, type ReadinessCheck } from '@pc/platform';

/** The services the gateway forwards to; it is ready when each answers a ping over the bus. */
export const UPSTREAMS = [
  IdentityRpc.ping,
  CatalogRpc.ping,
  RulesetsRpc.ping,
  ConnectionsRpc.ping,
  WorkspacesRpc.ping,
] as const;

@Injectable()
export class GatewayReadiness implements ReadinessCheck {
  readonly name = 'bus';

  constructor(private readonly bus: BusClient) {}

  async check(): Promise<void> {
    const ctx = { requestId: randomUUID(), caller: ANONYMOUS };
    await Promise.all(UPSTREAMS.map((ping) => this.bus.request(ping, ctx, {}, { timeoutMs: 2000 })));
  }
}
