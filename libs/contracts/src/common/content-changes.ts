import { event } from './descriptors';

/**
 * A committed change to content a public read shows (a policy, a ruleset, their documentation, history,
 * likes, owners), announced to every gateway replica so that their response caches drop what they keep.
 * `version` names the change: the committing transaction (`c<txid>` for the catalog, `r<txid>` for the
 * rulesets service), the same in every replica's copy; a service with two replicas sends each change
 * twice, which receivers ignore.
 */
export interface ContentChangedEvent {
  version: string;
}

export const ContentEvents = {
  catalogChanged: event<ContentChangedEvent>('catalog.content.changed.v1', { broadcast: true }),
  rulesetsChanged: event<ContentChangedEvent>('rulesets.content.changed.v1', { broadcast: true }),
} as const;
