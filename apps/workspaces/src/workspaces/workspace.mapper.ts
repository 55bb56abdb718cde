import type { Workspace } from '@pc/contracts';
import type { WorkspaceRow } from '../access';

export function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    is_personal: row.is_personal,
    owner_id: row.owner_id,
    archived_at: row.archived_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
