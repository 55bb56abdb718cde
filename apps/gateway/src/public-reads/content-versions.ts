import { randomUUID } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ContentEvents, IdentityEvents } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { GatewayEnv } from '../gateway.env';

/** How many change versions are remembered, to ignore each replica's copy of a change heard already. */
const SEEN = 256;

/**
 * What this replica knows of the version of public content: the last change the catalog or the rulesets
 * service announced (the committing transaction, the same in every replica), or a version of its own
 * until the first announcement, after a write it forwarded (seen at once, before the event) and when the
 * connection to NATS came back (changes may have been missed). An ETag is that version and the current
 * TTL period (`<version>.<period>`): a change, a lost connection or the end of the period gives every
 * public read a new tag, so a tag is never given to two different contents, and what a lost event
 * leaves stale is renewed within `RESPONSE_CACHE_TTL_MS`. Listeners (the response cache) are told of
 * every change.
 */
@Injectable()
export class ContentVersions implements OnApplicationBootstrap {
  private version = local();
  private readonly seen = new Set<string>();
  private readonly listeners: Array<() => void> = [];
  private readonly periodMs: number;

  constructor(
    private readonly bus: BusClient,
    env: GatewayEnv,
  ) {
    this.periodMs = env.RESPONSE_CACHE_TTL_MS;
  }

  async onApplicationBootstrap(): Promise<void> {
    const heard = (data: { version: string }) => this.changed(data.version);
    await this.bus.subscribeBroadcast(ContentEvents.catalogChanged, heard);
    await this.bus.subscribeBroadcast(ContentEvents.rulesetsChanged, heard);
    // Owners' names are part of every policy and ruleset read.
    await this.bus.subscribeBroadcast(IdentityEvents.userUpdated, () => this.changed(local()));
    this.bus.onConnectionChange(() => this.changed(local()));
  }

  /** The current version: compare before and after a read to know whether the read is of one version. */
  get current(): string {
    return this.version;
  }

  /** The strong ETag of a read made entirely at version `version`, in the current period. */
  tagOf(version: string, now = Date.now()): string {
    return `"${version}.${Math.floor(now / this.periodMs)}"`;
  }

  /** A change (announced, or a write through this replica); a version heard before is ignored. */
  changed(version: string = local()): void {
    if (this.seen.has(version)) return;
    this.seen.add(version);
    if (this.seen.size > SEEN) this.seen.delete(this.seen.values().next().value!);
    this.version = version;
    for (const listener of this.listeners) listener();
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }
}

/** A version only this replica gives out (never one a service announces: those start with c or r). */
function local(): string {
  return `g${randomUUID().replace(/-/g, '').slice(0, 16)}`;
}
