import { rpc } from './descriptors';

/** At most this many of a caller's liked and owned listings of a kind are told (`complete` says if all were). */
export const CALLER_STATE_LIKES_MAX = 5000;
export const CALLER_STATE_OWNED_MAX = 1000;

/**
 * What of the public reads of one kind (policies, rulesets) belongs to one caller: the listings they
 * like (each answer's `liked`) and the ones they own (their owner sees more: every documentation tab,
 * the whole history, and lists include their unpublished ones). The gateway adds it to answers shared
 * by everyone.
 */
export interface ListingCallerState {
  liked: string[];
  owned: string[];
  /**
   * Whether one of the listings they own, told or not, is not published (the caller's lists then differ
   * from everyone's).
   */
  ownsUnpublished: boolean;
  /** False when the caller likes or owns more than the maxima (`owned` or `liked` is then a part). */
  complete: boolean;
  /**
   * False when the caller likes more than the maximum: their reads are not made from shared ones. When
   * only `owned` is a part (`complete` false), the gateway reads an answer's owner instead of the set.
   */
  likedComplete: boolean;
}

/** The catalog's: of policies. */
export type CatalogCallerState = ListingCallerState;

export const CatalogCallerStateRpc = {
  /** The calling user's state (an anonymous caller's is empty). */
  get: rpc<Record<string, never>, ListingCallerState>('catalog.caller-state.get.v1'),
} as const;

export const RulesetsCallerStateRpc = {
  /** The calling user's state of rulesets (an anonymous caller's is empty). */
  get: rpc<Record<string, never>, ListingCallerState>('rulesets.caller-state.get.v1'),
} as const;
