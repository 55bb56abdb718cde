// An organization tree from the API's flat list (root first, each with its full path), indented by
// depth; optionally with a checkbox per organization (deploy targets).
import type { Schemas } from './api/client';

type Org = Schemas['OrganizationDto'];

export function depthOf(org: Org): number {
  return Math.min(org.fullPath.split(' / ').length - 1, 6);
}

export function OrgTree({
  orgs,
  selected,
  onToggle,
  label,
}: {
  orgs: Org[];
  selected?: string[];
  onToggle?: (id: string, on: boolean) => void;
  label: string;
}) {
  if (orgs.length === 0) return <p>No organizations.</p>;
  return (
    <ul className="tree" aria-label={label}>
      {orgs.map((org) => (
        <li key={org.id} className={`depth-${depthOf(org)}`}>
          {onToggle ? (
            <span className="checkbox">
              <input
                type="checkbox"
                id={`org-${org.id}`}
                checked={selected?.includes(org.id) ?? false}
                onChange={(e) => onToggle(org.id, e.target.checked)}
              />
              <label htmlFor={`org-${org.id}`} title={org.fullPath}>
                {org.name}
                {org.isPrimary ? ' (the connection’s organization)' : ''}
              </label>
            </span>
          ) : (
            <span title={org.fullPath}>
              {org.name}
              {org.isPrimary ? ' (the connection’s organization)' : ''}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Said under an organization list the API cut (`truncated`): how many it lists, that the connection
 * reaches more, and (`then`) what the page offers for one not listed.
 */
export function CutListNote({ listed, then }: { listed: number; then?: string }) {
  return (
    <p className="hint" role="note">
      The list was cut at {listed} organizations: the connection reaches more than the API lists.
      {then ? ` ${then}` : ''}
    </p>
  );
}
