import { randomBytes } from 'node:crypto';

export interface OrganizationSpec {
  id: string;
  name: string;
  parentId?: string;
  /** Whether the tenant's credential may apply assets there (default true). */
  deployable?: boolean;
}

export interface TenantSpec {
  clientId: string;
  clientSecret: string;
  organizations: OrganizationSpec[];
  /** Lifetime of issued tokens (default 3600). */
  tokenTtlSeconds?: number;
}

export interface StoredOrganization {
  id: string;
  name: string;
  parentId: string | null;
  deployable: boolean;
}

export interface Tenant {
  clientId: string;
  clientSecret: string;
  rootId: string;
  organizations: Map<string, StoredOrganization>;
  tokenTtlSeconds: number;
  tokensIssued: number;
}

export interface AppliedItem {
  organizationId: string;
  kind: 'policy' | 'ruleset';
  groupId: string;
  assetId: string;
  version: string;
  configuration: Record<string, unknown>;
  appliedAt: string;
}

export type ItemHealth = 'healthy' | 'degraded' | 'failing';

/**
 * How an organization's items report their health (the sandbox's control): `health` once settled,
 * `progressing` for `delayMs` after each apply. Per organization, or per organization and asset.
 */
export interface HealthSetting {
  health: ItemHealth;
  delayMs: number;
}

export class TenantInputError extends Error {}

/** Tenants, organizations, tokens and what is applied where, in memory. */
export class PlatformStore {
  private readonly tenants = new Map<string, Tenant>();
  private readonly orgToTenant = new Map<string, Tenant>();
  private readonly tokens = new Map<string, { tenant: Tenant; expiresAt: number }>();
  private readonly applied = new Map<string, Map<string, AppliedItem>>();
  /** Keyed `<org>` or `<org>/<asset>`; absent: healthy at once. */
  private readonly health = new Map<string, HealthSetting>();
  /** Applies per `<org>/<asset>`, since start (a roll-out's "applied once" check). */
  private readonly applyCounts = new Map<string, number>();

  addTenant(spec: TenantSpec): Tenant {
    if (!spec.clientId || !spec.clientSecret)
      throw new TenantInputError('clientId and clientSecret are required');
    if (this.tenants.has(spec.clientId)) throw new TenantInputError(`Tenant ${spec.clientId} already exists`);
    const root = spec.organizations.find((o) => o.parentId === undefined || o.parentId === null);
    if (!root) throw new TenantInputError('One organization must have no parent (the root)');
    const organizations = new Map<string, StoredOrganization>();
    for (const org of spec.organizations) {
      if (!org.id || !org.name) throw new TenantInputError('Every organization needs an id and a name');
      if (this.orgToTenant.has(org.id) || organizations.has(org.id)) {
        throw new TenantInputError(`Organization ${org.id} already exists`);
      }
      organizations.set(org.id, {
        id: org.id,
        name: org.name,
        parentId: org === root ? null : (org.parentId ?? root.id),
        deployable: org.deployable ?? true,
      });
    }
    for (const org of organizations.values()) {
      if (org.parentId !== null && !organizations.has(org.parentId)) {
        throw new TenantInputError(`Organization ${org.id} has an unknown parent ${org.parentId}`);
      }
    }
    const tenant: Tenant = {
      clientId: spec.clientId,
      clientSecret: spec.clientSecret,
      rootId: root.id,
      organizations,
      tokenTtlSeconds: spec.tokenTtlSeconds ?? 3600,
      tokensIssued: 0,
    };
    this.tenants.set(tenant.clientId, tenant);
    for (const id of organizations.keys()) this.orgToTenant.set(id, tenant);
    return tenant;
  }

  issueToken(clientId: string, clientSecret: string): { token: string; expiresIn: number } | undefined {
    const tenant = this.tenants.get(clientId);
    if (!tenant || tenant.clientSecret !== clientSecret) return undefined;
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { tenant, expiresAt: Date.now() + tenant.tokenTtlSeconds * 1000 });
    tenant.tokensIssued += 1;
    return { token, expiresIn: tenant.tokenTtlSeconds };
  }

  /** The tenant of a valid bearer token. */
  tenantOf(authorization: string | undefined): Tenant | undefined {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) return undefined;
    const entry = this.tokens.get(match[1]);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.tokens.delete(match[1]);
      return undefined;
    }
    return entry.tenant;
  }

  revokeTokens(): number {
    const count = this.tokens.size;
    this.tokens.clear();
    return count;
  }

  tenantOfOrganization(organizationId: string): Tenant | undefined {
    return this.orgToTenant.get(organizationId);
  }

  listTenants(): Tenant[] {
    return [...this.tenants.values()];
  }

  appliedIn(organizationId: string): AppliedItem[] {
    return [...(this.applied.get(organizationId)?.values() ?? [])];
  }

  apply(item: AppliedItem): { item: AppliedItem; created: boolean } {
    let items = this.applied.get(item.organizationId);
    if (!items) {
      items = new Map();
      this.applied.set(item.organizationId, items);
    }
    const created = !items.has(item.assetId);
    items.set(item.assetId, item);
    const key = `${item.organizationId}/${item.assetId}`;
    this.applyCounts.set(key, (this.applyCounts.get(key) ?? 0) + 1);
    return { item, created };
  }

  /** How many times each asset was applied in the organization since start, by asset id. */
  applyCountsIn(organizationId: string): Record<string, number> {
    const prefix = `${organizationId}/`;
    return Object.fromEntries(
      [...this.applyCounts]
        .filter(([key]) => key.startsWith(prefix))
        .map(([k, n]) => [k.slice(prefix.length), n]),
    );
  }

  setHealth(organizationId: string, assetId: string | null, setting: HealthSetting | null): void {
    const key = assetId === null ? organizationId : `${organizationId}/${assetId}`;
    if (setting === null) this.health.delete(key);
    else this.health.set(key, setting);
  }

  /** The item's health now: `progressing` within its delay after the apply, then its setting's. */
  statusOf(
    organizationId: string,
    assetId: string,
    now = Date.now(),
  ): { version: string; health: ItemHealth | 'progressing'; message: string | null } | undefined {
    const item = this.getApplied(organizationId, assetId);
    if (!item) return undefined;
    const setting = this.health.get(`${organizationId}/${assetId}`) ??
      this.health.get(organizationId) ?? { health: 'healthy' as const, delayMs: 0 };
    if (now - Date.parse(item.appliedAt) < setting.delayMs)
      return { version: item.version, health: 'progressing', message: 'Starting' };
    const message =
      setting.health === 'healthy' ? null : `The item reports ${setting.health} (sandbox health control)`;
    return { version: item.version, health: setting.health, message };
  }

  getApplied(organizationId: string, assetId: string): AppliedItem | undefined {
    return this.applied.get(organizationId)?.get(assetId);
  }

  removeApplied(organizationId: string, assetId: string): boolean {
    return this.applied.get(organizationId)?.delete(assetId) ?? false;
  }
}
