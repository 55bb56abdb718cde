import { rpc } from '../common/descriptors';

/** At most this many of a caller's liked policies and owned policies are told (`complete` says if all were). */
export const CALLER_STATE_LIKES_MAX = 5000;
export const CALLER_STATE_OWNED_MAX = 1000;

/**
 * What of the catalog's public reads belongs to one caller: the policies they like (each answer's
 * `liked`) and the ones they own (their owner sees more: every documentation tab, the whole history,
 * and lists include their unpublished policies). The gateway adds it to answers shared by everyone.
 */
export interface CatalogCallerState {
  liked: string[];
  owned: string[];
  /** Whether one of `owned` is not published (the caller's lists then differ from everyone's). */
  ownsUnpublished: boolean;
  /** False when the caller likes or owns more than the maxima: their reads are not made from shared ones. */
  complete: boolean;
}

export const CatalogCallerStateRpc = {
  /** The calling user's state (an anonymous caller's is empty). */
  get: rpc<Record<string, never>, CatalogCallerState>('catalog.caller-state.get.v1'),
} as const;
