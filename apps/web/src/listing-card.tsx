// A catalog item as a card: its icon, name, summary, kind, catalog, where it stands unless published (the
// caller's own draft, shown to them alone: under review, needs improvement, rejected, as its page says),
// category, likes and deployments.
import { Heart, Rocket } from 'lucide-react';
import type { Schemas } from './api/client';
import { ListingIcon } from './listing-icon';
import { Link } from './router';
import { Badge, StatusBadge } from './ui/display';

export type ListingItem = Schemas['SearchItemDto'];

/** Where an item is read: community items by id, vendor items by slug. */
export function itemPath(item: ListingItem): string {
  const base = item.kind === 'policy' ? 'policies' : 'rulesets';
  return item.catalog === 'vendor' || !item.id
    ? `/vendor-${base}/${encodeURIComponent(item.slug)}`
    : `/${base}/${item.id}`;
}

export const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export const itemKey = (item: ListingItem): string => `${item.kind}:${item.catalog}:${item.id ?? item.slug}`;

export function ListingCard({ item, heading = 'h2' }: { item: ListingItem; heading?: 'h2' | 'h3' }) {
  const Heading = heading;
  return (
    <li className="card listing-card">
      <div className="card-head">
        <ListingIcon kind={item.kind} category={item.category} />
        <Heading>
          <Link to={itemPath(item)}>{item.name}</Link>
        </Heading>
      </div>
      <p>{item.summary}</p>
      <p className="meta">
        <Badge tone={item.kind === 'policy' ? 'neutral' : 'info'}>{item.kind}</Badge>{' '}
        {item.catalog === 'vendor' ? <Badge tone="info">vendor</Badge> : null}{' '}
        {item.status === 'published' ? null : (
          <>
            <StatusBadge status={item.status} />{' '}
          </>
        )}
        {item.category ?? 'Uncategorized'}
      </p>
      {item.counts ? (
        <p className="meta card-counts">
          <span>
            <Heart size={14} aria-hidden="true" focusable="false" />{' '}
            {count(item.counts.likes, 'like', 'likes')}
          </span>{' '}
          <span>
            <Rocket size={14} aria-hidden="true" focusable="false" />{' '}
            {count(item.counts.deploys, 'deployment', 'deployments')}
          </span>
        </p>
      ) : (
        <p className="meta card-counts">Vendor index: no likes or deployments counted</p>
      )}
    </li>
  );
}
