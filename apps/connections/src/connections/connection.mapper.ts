import type { Connection, ConnectionSummary } from '@pc/contracts';
import type { ConnectionRow } from './connections.repository';

/** The owner's view. The secret columns are never read here. */
export function toConnection(row: ConnectionRow): Connection {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    custom_domain: row.custom_domain,
    client_id: row.client_id,
    organization_id: row.organization_id,
    owner_id: row.owner_id,
    validated_at: row.validated_at?.toISOString() ?? null,
    validation_error: row.validation_error,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A workspace member's view: no settings. */
export function toSummary(row: ConnectionRow): ConnectionSummary {
  return { id: row.id, name: row.name, host: row.host };
}
