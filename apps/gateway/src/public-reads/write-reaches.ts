import type { ChangeReach } from '@pc/contracts';

/**
 * How far the writes under one policy's or ruleset's path show beyond that item's own reads
 * (`ChangeReach`), by route (`request.routeOptions.url`): what this replica's lists keep at once, and
 * which of the writer's reads their services make for a moment (`CallerParts.recentWrites`). The
 * services' change events say the same of what was written (`reachTriggersSql`); a write not named
 * here shows in every list (`lists`), and one of no item (its URL names none) in any content.
 */
export const WRITE_REACHES: ReadonlyMap<string, ChangeReach> = new Map<string, ChangeReach>([
  // A like's own row, and the count every row holding the item shows.
  ['/api/policies/:id/like', 'rows'],
  ['/api/rulesets/:id/like', 'rows'],
  ['/api/policies/:id/download', 'rows'],
  // The documentation's summary a row shows.
  ['/api/rulesets/:id/docs', 'rows'],
  ['/api/rulesets/:id/docs/:key', 'rows'],
  // What no list shows.
  ['/api/policies/:id/comments', 'item'],
  ['/api/policies/:id/follow', 'item'],
  ['/api/rulesets/:id/follow', 'item'],
  ['/api/rulesets/:id/evaluations', 'item'],
]);

/** How far a write through `route` shows. */
export function reachOfWrite(route: string | undefined): ChangeReach {
  return (route && WRITE_REACHES.get(route)) || 'lists';
}
