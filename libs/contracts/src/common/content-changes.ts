import { event } from './descriptors';

/**
 * How far a change of some items shows beyond those items' own reads (their page, documentation,
 * history, comments): `item`, nowhere else (a comment, a history entry, a like's own row: what no list
 * shows); `rows`, in the rows of those items in the lists and searches that hold them, and in the order
 * of the lists sorted by a count (likes, deploys, downloads, views), never in which items any other
 * list holds nor in their order (a count, the documentation's summary); `lists`, in any list or search
 * (a name, a status, a category: what a list filters or orders by).
 */
export const CHANGE_REACHES = ['item', 'rows', 'lists'] as const;
export type ChangeReach = (typeof CHANGE_REACHES)[number];

/**
 * A committed change to content a public read shows (a policy, a ruleset, their documentation, history,
 * likes, owners), announced to every gateway replica so that their response caches drop what they keep.
 * `version` names the change: the committing transaction (`c<txid>` for the catalog, `r<txid>` for the
 * rulesets service), the same in every replica's copy; a service with two replicas sends each change
 * twice, which receivers ignore.
 */
export interface ContentChangedEvent {
  version: string;
  /**
   * The policies or rulesets (ids) the change is confined to: reads of other items stand. Absent: any
   * content may have changed (a write to a table without an item, more than `CONTENT_CHANGE_ITEMS_MAX`
   * items, a truncation, a lost connection). One transaction may be announced in several events, each
   * with some of its items.
   */
  items?: string[];
  /** How far the change of `items` shows (`ChangeReach`); absent: in any list (`lists`). */
  reach?: ChangeReach;
}

/** Items a change names at most; past it, the change is announced as one of any content. */
export const CONTENT_CHANGE_ITEMS_MAX = 50;

export const ContentEvents = {
  catalogChanged: event<ContentChangedEvent>('catalog.content.changed.v1', { broadcast: true }),
  rulesetsChanged: event<ContentChangedEvent>('rulesets.content.changed.v1', { broadcast: true }),
} as const;
