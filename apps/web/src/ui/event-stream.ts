// A live stream of a page's items over Server-Sent Events (a deployment's log, a roll-out's events): the
// browser reconnects on its own with Last-Event-ID (a dropped connection, a gateway replica stopping); a
// stream refused or closed early for another reason stops, says why, and opens again on Try again.
import { useEffect, useRef, useState } from 'react';

/**
 * `connecting` until the first open; `reconnecting` while the browser tries again on its own; `ended` by
 * the stream's `end` event (what it follows is over); `stopped` when it will not come back by itself.
 */
export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'ended' | 'stopped';

/** Each state as a page says it beside what the stream follows. */
export const STREAM_STATE_WORDS: Record<StreamState, string> = {
  connecting: 'connecting…',
  live: 'live',
  reconnecting: 'reconnecting…',
  ended: 'complete',
  stopped: 'stopped',
};

/** What the page says when its stream stops before its `end`, in the words of what it follows. */
export interface StreamStops {
  /** Refused by an answer other than the stream (429: too many open, 503, 401), or cut without its `end`. */
  refused: string;
  /** Ended early by the gateway's `closed` event, by its reason (credentials revoked or expired, a slow reader). */
  closed: Record<string, string>;
}

export interface EventStreamOptions<T, E> {
  /** The name of the events that carry the items. */
  event: string;
  /** An item's identity: one already shown (a stream opened again replays them) is not shown twice. */
  key: (item: T) => string;
  stops: StreamStops;
  /** Called for each item shown (not for one replayed). */
  onItem?: (item: T) => void;
  /** Called with the `end` event's data. */
  onEnd?: (end: E) => void;
}

export interface EventStream<T> {
  /** The items, each once, in the order they came. */
  items: T[];
  /** Every item event received, repeats included: after a reconnect with Last-Event-ID there are none. */
  received: number;
  state: StreamState;
  /** Why the stream stopped before its `end` (state `stopped`). */
  stopped: string | null;
  /** Opens the stream again, keeping the items shown. */
  retry: () => void;
  /** Follows from the start again, the items shown dropped (a new job of the same deployment). */
  restart: () => void;
}

/**
 * The stream at `url`. Its callbacks, key and words are read when an event comes, so they may change
 * between renders; the items' event name is read when the stream opens.
 */
export function useEventStream<T, E = unknown>(
  url: string,
  options: EventStreamOptions<T, E>,
): EventStream<T> {
  const [items, setItems] = useState<T[]>([]);
  const [received, setReceived] = useState(0);
  const [state, setState] = useState<StreamState>('connecting');
  const [stopped, setStopped] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const seen = useRef(new Set<string>());
  const current = useRef(options);
  current.current = options;
  useEffect(() => {
    const source = new EventSource(url);
    const stop = (why: string): void => {
      source.close();
      setStopped(why);
      setState('stopped');
    };
    source.onopen = () => setState('live');
    // Closed by the browser (an answer other than the stream): it will not try again.
    source.onerror = () =>
      source.readyState === EventSource.CLOSED
        ? stop(current.current.stops.refused)
        : setState('reconnecting');
    source.addEventListener(current.current.event, (message: MessageEvent<string>) => {
      const item = JSON.parse(message.data) as T;
      setReceived((n) => n + 1);
      const key = current.current.key(item);
      if (seen.current.has(key)) return;
      seen.current.add(key);
      setItems((old) => [...old, item]);
      current.current.onItem?.(item);
    });
    source.addEventListener('end', (message: MessageEvent<string>) => {
      // What it follows is over: close before the browser reconnects on its own.
      source.close();
      setState('ended');
      current.current.onEnd?.(JSON.parse(message.data) as E);
    });
    // The gateway ended it early: not the end of what it follows. A replica stopping (`shutting_down`)
    // is left to the browser, which connects again with Last-Event-ID, to another replica.
    source.addEventListener('closed', (message: MessageEvent<string>) => {
      const { reason } = JSON.parse(message.data) as { reason: string };
      if (reason === 'shutting_down') return setState('reconnecting');
      const { stops } = current.current;
      stop(stops.closed[reason] ?? stops.refused);
    });
    return () => source.close();
  }, [url, generation]);
  const retry = (): void => {
    setStopped(null);
    setState('connecting');
    setGeneration((g) => g + 1);
  };
  const restart = (): void => {
    seen.current = new Set();
    setItems([]);
    setReceived(0);
    retry();
  };
  return { items, received, state, stopped, retry, restart };
}
