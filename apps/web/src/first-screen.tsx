// The catalog's first screen (no filter set): rows of the most liked, most deployed and newest community
// items and of the vendor's, each a few cards from GET /api/search in its sort, with "See all" setting
// the catalog's filters to that list.
import { useId } from 'react';
import { api, ok } from './api/client';
import { itemKey, ListingCard } from './listing-card';
import { Link } from './router';
import { useAsync } from './ui/async';
import { ErrorMessage, Loading } from './ui/page';

/** Cards in a row: one line of cards on a laptop, a short scroll on a phone. */
const ROW_SIZE = 4;

export interface Shelf {
  title: string;
  /** What the row lists, as the catalog's filters ("See all" sets them). */
  filters: { sort?: 'likes' | 'deploys' | 'newest'; catalog?: 'community' | 'vendor' };
}

const SHELVES: Shelf[] = [
  { title: 'Most liked', filters: { sort: 'likes' } },
  { title: 'Most deployed', filters: { sort: 'deploys' } },
  { title: 'Newest', filters: { sort: 'newest' } },
  { title: 'From the vendor', filters: { catalog: 'vendor' } },
];

/**
 * The rows; with no community item yet (`community` 0), one word on how to add one and the vendor's row
 * alone, rather than three empty rows.
 */
export function FirstScreen({
  community,
  seeAll,
}: {
  community: number | undefined;
  seeAll: (filters: Shelf['filters']) => void;
}) {
  const shelves = community === 0 ? SHELVES.filter((shelf) => !shelf.filters.sort) : SHELVES;
  return (
    <>
      {community === 0 ? (
        <p className="hint">
          No community item yet: <Link to="/submit">submit a policy</Link> or{' '}
          <Link to="/submit/ruleset">a ruleset</Link>. The most liked, most deployed and newest appear here.
        </p>
      ) : null}
      {shelves.map((shelf) => (
        <ShelfRow key={shelf.title} shelf={shelf} seeAll={seeAll} />
      ))}
    </>
  );
}

function ShelfRow({ shelf, seeAll }: { shelf: Shelf; seeAll: (filters: Shelf['filters']) => void }) {
  const id = useId();
  const { sort, catalog } = shelf.filters;
  // The ranked rows list community items: vendor items have no likes, deployments or date.
  const found = useAsync(
    () =>
      ok(
        api.GET('/api/search', {
          params: { query: { sort, catalog: catalog ?? (sort ? 'community' : undefined), limit: ROW_SIZE } },
        }),
      ),
    [],
  );
  return (
    <section className="shelf" aria-labelledby={id}>
      <div className="shelf-head">
        <h2 id={id}>{shelf.title}</h2>
        <button type="button" className="link-button" onClick={() => seeAll(shelf.filters)}>
          See all<span className="visually-hidden"> {shelf.title.toLowerCase()}</span>
        </button>
      </div>
      <ErrorMessage error={found.error} retry={found.reload} />
      {found.loading && !found.data ? <Loading /> : null}
      {found.data && found.data.items.length === 0 ? <p className="hint">Nothing here yet.</p> : null}
      {found.data && found.data.items.length > 0 ? (
        <ul className="cards">
          {found.data.items.map((item) => (
            <ListingCard key={itemKey(item)} item={item} heading="h3" />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
