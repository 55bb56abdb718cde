import { randomUUID } from 'node:crypto';
import { Injectable, Inject } from '@nestjs/common';
import {
  CONNECTION_LIMITS,
  type Connection,
  type ConnectionCredentials,
  type ConnectionDetailResult,
  type ConnectionImpact,
  type ConnectionShare,
  type ConnectionSummariesResult,
  type ConnectionValidation,
  type CreateConnectionRequest,
  type CreateConnectionResult,
  type RequestContext,
  type SyncConnectionResult,
  type UpdateConnectionRequest,
  type ValidateConnectionResult,
  WorkspacesRpc,
  type ConnectionDriftRefreshResult,
} from '@pc/contracts';
import type { PlatformConnection } from '@pc/gateway-platform';
import { badRequest, BusClient, Database, DomainError, notFound, requireUser } from '@pc/platform';
import { DEPLOYMENTS_LEDGER, type DeploymentsLedger } from '../deployments';
import { CredentialCheck, hostProblem, isHostProblem, OrgsCache, platformConnection } from '../platform';
import { SecretBox, StoredCredentials } from '../secrets';
import { toConnection, toSummary } from './connection.mapper';
import { ConnectionAccess } from './connection-access';
import { type ConnectionChanges, ConnectionsRepository } from './connections.repository';

const CREDENTIAL_FIELDS = ['clientId', 'clientSecret', 'organizationId'] as const;

@Injectable()
export class ConnectionsService {
  constructor(
    private readonly db: Database,
    private readonly connections: ConnectionsRepository,
    private readonly access: ConnectionAccess,
    private readonly check: CredentialCheck,
    private readonly box: SecretBox,
    private readonly stored: StoredCredentials,
    private readonly cache: OrgsCache,
    private readonly bus: BusClient,
    @Inject(DEPLOYMENTS_LEDGER) private readonly deployments: DeploymentsLedger,
  ) {}

  /** The caller's own connections (shared ones appear in the workspaces they are shared into). */
  async list(ctx: RequestContext): Promise<{ connections: Connection[] }> {
    const caller = requireUser(ctx);
    const rows = await this.connections.listOwnedBy(this.db.pool, caller.userId, CONNECTION_LIMITS.perOwner);
    return { connections: rows.map(toConnection) };
  }

  /** Stored even when the platform refuses the credentials (the validation says why); a bad host is a 400. */
  async create(ctx: RequestContext, request: CreateConnectionRequest): Promise<CreateConnectionResult> {
    const caller = requireUser(ctx);
    const platform = platformConnection(request);
    const id = randomUUID();
    const { validation, stored } = await this.checkAndSeal(id, platform, request);
    const row = await this.db.transaction(async (tx) => {
      await this.connections.lockOwner(tx, caller.userId);
      if ((await this.connections.countOwnedBy(tx, caller.userId)) >= CONNECTION_LIMITS.perOwner) return null;
      return this.connections.insert(tx, {
        id,
        owner_id: caller.userId,
        name: request.name.trim(),
        host: request.host,
        ...stored,
      });
    });
    if (!row)
      throw new DomainError(
        'CONNECTIONS.LIMIT',
        `You already have ${CONNECTION_LIMITS.perOwner} connections: delete one first`,
      );
    return { connection: toConnection(row), validation };
  }

  async validate(_ctx: RequestContext, request: ConnectionCredentials): Promise<ValidateConnectionResult> {
    requireUser(_ctx);
    const platform = platformConnection(request);
    this.check.vetHost(platform);
    const { ok, error, code } = await this.check.check(platform, request.organizationId);
    return { ok, error, code };
  }

  async get(ctx: RequestContext, id: string): Promise<ConnectionDetailResult> {
    const { row, owner } = await this.access.visible(ctx, id);
    return owner
      ? { connection: toConnection(row), is_owner: true }
      : { connection: toSummary(row), is_owner: false };
  }

  /**
   * Credential fields come all together or not at all. A new host or custom domain needs them too: the
   * stored secret is never sent to a place its owner did not give it for. New credentials are re-validated.
   */
  async update(ctx: RequestContext, request: UpdateConnectionRequest): Promise<{ connection: Connection }> {
    const row = await this.access.owned(ctx, request.id);
    const given = CREDENTIAL_FIELDS.filter((f) => request[f] !== undefined);
    if (given.length > 0 && given.length < CREDENTIAL_FIELDS.length) {
      const missing = CREDENTIAL_FIELDS.filter((f) => request[f] === undefined);
      throw badRequest('clientId, clientSecret and organizationId are changed together', [
        ...missing.map((field) => ({ field, message: 'is required when another credential field is given' })),
      ]);
    }
    const host = request.host ?? row.host;
    const customDomain =
      host === 'custom'
        ? request.customDomain !== undefined
          ? request.customDomain
          : row.custom_domain
        : null;
    const placeChanged = host !== row.host || (customDomain ?? null) !== (row.custom_domain ?? null);
    if (host !== 'custom' && request.customDomain)
      throw badRequest('customDomain is only for host custom', [
        { field: 'customDomain', message: 'must be null unless host is custom' },
      ]);
    if (host === 'custom' && !customDomain)
      throw badRequest('A custom host needs a customDomain', [
        { field: 'customDomain', message: 'is required for host custom' },
      ]);
    if (placeChanged && given.length === 0) {
      throw badRequest('Changing the host or custom domain needs the credentials again', [
        ...CREDENTIAL_FIELDS.map((field) => ({
          field,
          message: 'is required when host or customDomain changes',
        })),
      ]);
    }
    const changes: ConnectionChanges = {};
    if (request.name !== undefined) changes.name = request.name.trim();
    if (given.length > 0) {
      const platform: PlatformConnection = {
        host,
        customDomain,
        clientId: request.clientId!,
        clientSecret: request.clientSecret!,
      };
      const { stored } = await this.checkAndSeal(row.id, platform, {
        organizationId: request.organizationId!,
        clientSecret: request.clientSecret!,
      });
      Object.assign(changes, { host, ...stored } satisfies ConnectionChanges);
    }
    const updated = await this.connections.update(this.db.pool, row.id, changes);
    if (!updated) throw notFound('Connection');
    this.cache.forget(row.id);
    return { connection: toConnection(updated) };
  }

  /**
   * Deletes the connection and its encrypted secret. Every workspace share of it is removed first (members
   * lose access at once). Deployments made through it are not touched: what was applied on the platform
   * stays there, and their records keep the connection's id for history, but they can no longer be synced,
   * unpublished or redeployed through it.
   */
  async remove(ctx: RequestContext, id: string): Promise<{ ok: true }> {
    const row = await this.access.owned(ctx, id);
    await this.bus.request(WorkspacesRpc.removeConnection, ctx, { connectionId: row.id });
    await this.connections.delete(this.db.pool, row.id);
    this.cache.forget(row.id);
    return { ok: true };
  }

  async sync(ctx: RequestContext, id: string): Promise<SyncConnectionResult> {
    const row = await this.access.owned(ctx, id);
    const checked = await this.check.check(this.stored.of(row), row.organization_id);
    const updated =
      (await this.connections.update(this.db.pool, row.id, {
        validated_at: new Date(checked.checked_at),
        validation_error: checked.error,
      })) ?? row;
    this.cache.forget(row.id);
    let validation: ConnectionValidation = checked;
    let reconciliation = null;
    if (!checked.ok) {
      validation = {
        ...checked,
        reason: 'The credentials failed validation, so no deployment was reconciled',
      };
    } else {
      const result = await this.deployments.reconcile(ctx, row.id);
      reconciliation = result.summary;
      if (result.reason) validation = { ...checked, reason: result.reason };
    }
    return { connection: toConnection(updated), validation, reconciliation };
  }

  /** "Refresh now" (its owner): the periodic reconcile's drift check of each live deployment through it. */
  async refresh(ctx: RequestContext, id: string): Promise<ConnectionDriftRefreshResult> {
    const row = await this.access.owned(ctx, id);
    return this.deployments.refreshDrift(ctx, row.id);
  }

  async impact(ctx: RequestContext, id: string): Promise<ConnectionImpact> {
    const row = await this.access.owned(ctx, id);
    const [counts, { shares }] = await Promise.all([
      this.deployments.countsFor(ctx, row.id),
      this.bus.request(WorkspacesRpc.connectionShares, ctx, { connectionId: row.id }),
    ]);
    return {
      active_deployments: counts.active,
      historical_deployments: counts.historical,
      workspace_links: shares.filter((s) => s.disabled_at === null).length,
      has_credential: row.secret_ciphertext !== null,
    };
  }

  async shares(ctx: RequestContext, id: string): Promise<{ shared: ConnectionShare[] }> {
    const row = await this.access.owned(ctx, id);
    const { shares } = await this.bus.request(WorkspacesRpc.connectionShares, ctx, { connectionId: row.id });
    return { shared: shares };
  }

  /** For the workspaces service: whether the caller owns the connection. */
  async ownership(ctx: RequestContext, id: string): Promise<{ owned: boolean }> {
    const caller = requireUser(ctx);
    const row = await this.connections.findById(this.db.pool, id);
    return { owned: row !== null && row.owner_id === caller.userId };
  }

  /** For the workspaces service: names of the connections that still exist. */
  async summaries(ids: string[]): Promise<ConnectionSummariesResult> {
    const rows = await this.connections.findMany(this.db.pool, ids.slice(0, 1000));
    return { connections: rows.map((r) => ({ ...toSummary(r), owner_id: r.owner_id })) };
  }

  /**
   * Checks the credentials on the platform (a bad host is a 400; refused credentials are stored with the
   * validation's error) and seals the secret under the connection's id: the columns that store them.
   */
  private async checkAndSeal(
    id: string,
    platform: PlatformConnection,
    credentials: { organizationId: string; clientSecret: string },
  ) {
    this.check.vetHost(platform);
    const validation = await this.check.check(platform, credentials.organizationId);
    if (isHostProblem(validation.code)) throw hostProblem(validation);
    const sealed = this.box.seal(id, credentials.clientSecret);
    const stored = {
      custom_domain: platform.customDomain ?? null,
      client_id: platform.clientId,
      organization_id: credentials.organizationId,
      secret_key_id: sealed.keyId,
      secret_ciphertext: sealed.ciphertext,
      validated_at: new Date(validation.checked_at),
      validation_error: validation.error,
    } satisfies ConnectionChanges;
    return { validation, stored };
  }
}
