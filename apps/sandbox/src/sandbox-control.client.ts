import { randomBytes, randomUUID } from 'node:crypto';
import type { FaultSpec } from './sandbox.faults';
import type { AppliedItem, TenantSpec } from './platform/platform.store';
import type { RepositorySpec } from './source-host/git-repository.store';

/** Files as sent to the control API: text, or `{ base64 }` for binary content. */
export type ControlFileSet = Record<string, string | { base64: string }>;

/** A repository to create through the control API: the store's spec, its file sets as JSON carries them. */
export type ControlRepositorySpec = Omit<RepositorySpec, 'files' | 'branches' | 'tags'> & {
  files: ControlFileSet;
  branches?: Record<string, ControlFileSet>;
  tags?: Record<string, ControlFileSet>;
};

/** An item applied in an organization of the sandbox's platform, as the control API reads and restores it. */
export type SandboxAppliedItem = AppliedItem;

export interface SandboxPlatformState {
  tenants: Array<{ clientId: string; rootOrganizationId: string; tokensIssued: number }>;
  organizations: Array<{
    id: string;
    name: string;
    parentId: string | null;
    clientId: string;
    applied: SandboxAppliedItem[];
    /** Applies of each asset since the sandbox started, by asset id. */
    applyCounts: Record<string, number>;
  }>;
  registry: Array<{ groupId: string; assetId: string; version: string; classifier: string; name: string }>;
}

/**
 * A tenant of the sandbox's platform as tests use it (`addTestTenant`): Root (`Corp <n>`), Root / Payments,
 * Root / Payments / Cards, Root / Archive (not deployable), and more deployable teams under the root.
 */
export interface SandboxTenant {
  clientId: string;
  clientSecret: string;
  rootId: string;
  paymentsId: string;
  cardsId: string;
  /** An organization of the tenant the credentials may not deploy to. */
  archiveId: string;
  /** More deployable organizations under the root (`Team 1`, `Team 2`...). */
  teamIds: string[];
  organizations: Array<{ id: string; name: string; deployable: boolean }>;
}

/** A typed client of the sandbox's control API (`/_sandbox`), for tests and demo scripts. */
export class SandboxControl {
  constructor(private readonly sandboxUrl: string) {}

  createRepository(spec: ControlRepositorySpec): Promise<{ webUrl: string; cloneUrl: string }> {
    return this.call('POST', '/repos', spec, 201);
  }

  /** Commits a complete file set on a branch (the default one when omitted), optionally tagging it. */
  pushCommit(
    owner: string,
    name: string,
    input: { branch?: string; files: ControlFileSet; message?: string; tag?: string },
  ): Promise<{ sha: string }> {
    return this.call('POST', `/repos/${enc(owner)}/${enc(name)}/commits`, input, 201);
  }

  /**
   * Rewrites a commit's history: the host answers other files for `commit` from now on (its branches
   * move to the rewritten commit), so a release of a pin made at `commit` must fail its digest check.
   */
  rewriteCommit(owner: string, name: string, commit: string): Promise<{ from: string; to: string }> {
    return this.call('POST', `/repos/${enc(owner)}/${enc(name)}/rewrite`, { commit }, 201);
  }

  updateRepository(
    owner: string,
    name: string,
    patch: { private?: boolean; hasIssues?: boolean },
  ): Promise<unknown> {
    return this.call('PATCH', `/repos/${enc(owner)}/${enc(name)}`, patch, 200);
  }

  deleteRepository(owner: string, name: string): Promise<void> {
    return this.call('DELETE', `/repos/${enc(owner)}/${enc(name)}`, undefined, 204);
  }

  addTenant(spec: TenantSpec): Promise<{ clientId: string; rootOrganizationId: string }> {
    return this.call('POST', '/platform/tenants', spec, 201);
  }

  /**
   * Adds a `SandboxTenant` with `teams` teams; `n` tells it from the test's other tenants (its root is
   * `Corp <n>`, its client id starts with `client-<n>-`).
   */
  async addTestTenant(n: number, teams = 0): Promise<SandboxTenant> {
    const [rootId, paymentsId, cardsId, archiveId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const teamIds = Array.from({ length: teams }, () => randomUUID());
    const organizations = [
      { id: rootId, name: `Corp ${n}`, deployable: true },
      { id: paymentsId, name: 'Payments', parentId: rootId, deployable: true },
      { id: cardsId, name: 'Cards', parentId: paymentsId, deployable: true },
      { id: archiveId, name: 'Archive', parentId: rootId, deployable: false },
      ...teamIds.map((id, k) => ({ id, name: `Team ${k + 1}`, parentId: rootId, deployable: true })),
    ];
    const credentials = {
      clientId: `client-${n}-${randomBytes(3).toString('hex')}`,
      clientSecret: `secret-${randomBytes(12).toString('hex')}`,
    };
    await this.addTenant({ ...credentials, organizations });
    return { ...credentials, rootId, paymentsId, cardsId, archiveId, teamIds, organizations };
  }

  platformState(): Promise<SandboxPlatformState> {
    return this.call('GET', '/platform/state', undefined, 200);
  }

  /** Delays every platform answer by `ms` from now on (0: none), like `SANDBOX_PLATFORM_LATENCY_MS`. */
  setPlatformLatency(ms: number): Promise<{ ms: number }> {
    return this.call('PUT', '/platform/latency', { ms }, 200);
  }

  /** Delays every answer of the source host by `ms` from now on (0: none): a slow host's round trip. */
  setSourceHostLatency(ms: number): Promise<{ ms: number }> {
    return this.call('PUT', '/source-host/latency', { ms }, 200);
  }

  /** Removes an applied item behind the service's back (drift). */
  removeApplied(organizationId: string, assetId: string): Promise<void> {
    return this.call('DELETE', `/platform/state/${enc(organizationId)}/${enc(assetId)}`, undefined, 204);
  }

  /** Puts an applied item back behind the service's back (the drift `removeApplied` undoes). */
  restoreApplied(organizationId: string, item: SandboxAppliedItem): Promise<SandboxAppliedItem> {
    return this.call('PUT', `/platform/state/${enc(organizationId)}/${enc(item.assetId)}`, item, 200);
  }

  /**
   * Makes an organization's items (or one of them) report `health`, after `delayMs` of `progressing`
   * following each apply (the platform adapter's status read).
   */
  setHealth(
    organizationId: string,
    setting: { health: 'healthy' | 'degraded' | 'failing'; delayMs?: number; assetId?: string },
  ): Promise<unknown> {
    return this.call('PUT', `/platform/health/${enc(organizationId)}`, setting, 200);
  }

  clearHealth(organizationId: string): Promise<void> {
    return this.call('DELETE', `/platform/health/${enc(organizationId)}`, undefined, 204);
  }

  /** Invalidates every issued platform token (the next calls answer 401). */
  revokeTokens(): Promise<{ revoked: number }> {
    return this.call('DELETE', '/platform/tokens', undefined, 200);
  }

  injectFault(fault: FaultSpec): Promise<unknown> {
    return this.call('POST', '/faults', fault, 201);
  }

  clearFaults(): Promise<void> {
    return this.call('DELETE', '/faults', undefined, 204);
  }

  private async call<T>(method: string, path: string, body: unknown, expected: number): Promise<T> {
    const response = await fetch(`${this.sandboxUrl}/_sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (response.status !== expected) {
      throw new Error(`Sandbox control ${method} ${path} answered ${response.status}: ${text}`);
    }
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }
}

function enc(value: string): string {
  return encodeURIComponent(value);
}
