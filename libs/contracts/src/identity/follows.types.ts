/**
 * Following (an extension of the spec): a user follows a policy or a ruleset to hear of its new versions
 * (`version.published` webhooks), as they hear of what they deployed. Following is explicit and apart
 * from likes: a like is public appreciation that ranks the catalog, a follow is a private subscription.
 */

export const FOLLOWABLE_ASSET_TYPES = ['policy', 'ruleset'] as const;
export type FollowableAssetType = (typeof FOLLOWABLE_ASSET_TYPES)[number];

/** The caller's follow of one policy or ruleset. */
export interface FollowRequest {
  asset_type: FollowableAssetType;
  id: string;
}

/** Whether the caller follows it (the state after a follow or an unfollow). */
export interface FollowState {
  following: boolean;
}
