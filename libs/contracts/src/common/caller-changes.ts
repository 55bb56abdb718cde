import type { ChangeReach } from './content-changes';
import { event } from './descriptors';

/**
 * A user wrote something public reads show (a like, an edit, a submission...) through one gateway
 * replica: every replica drops what it keeps of that user's part of answers and reads theirs fresh for
 * a moment, so that the user reads their write through any replica (the content's own change event
 * may arrive later).
 */
export interface CallerChangedEvent {
  userId: string;
  /** The policy or ruleset (id) the write was of; absent: it may have changed any content. */
  item?: string;
  /** How far the write of `item` shows (`ChangeReach`); absent: in any list. */
  reach?: ChangeReach;
}

export const CallerEvents = {
  changed: event<CallerChangedEvent>('gateway.caller.changed.v1', { broadcast: true }),
} as const;
