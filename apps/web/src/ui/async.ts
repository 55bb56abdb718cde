// The hooks that read and act through the API: a page's data, an action's busy state and error, a
// value settled after typing, and cursor paging.
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';

export interface Async<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  set: (data: T) => void;
}

/** Whether `deps` are the ones `seen` holds (each the same value), and `deps` the ones it holds next. */
function sameDeps(seen: { current: DependencyList | undefined }, deps: DependencyList): boolean {
  const before = seen.current;
  seen.current = deps;
  return (
    before !== undefined && before.length === deps.length && deps.every((d, i) => Object.is(d, before[i]))
  );
}

/**
 * Loads data for a page; a newer load wins over an older one still under way. A reload (`reload()`, a
 * poll) that fails keeps the data read before beside its error, kept until the next answer: what the page
 * shows stays while the service is away for a moment. Data read for other `deps` goes when they fail.
 */
export function useAsync<T>(load: () => Promise<T>, deps: DependencyList): Async<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  const generation = useRef(0);
  const seen = useRef<DependencyList | undefined>(undefined);
  useEffect(() => {
    const mine = ++generation.current;
    const reloading = sameDeps(seen, deps);
    setState((s) => ({ ...s, loading: true, error: reloading ? s.error : undefined }));
    load().then(
      (data) => mine === generation.current && setState({ data, loading: false }),
      (error: unknown) =>
        mine === generation.current &&
        setState((s) => ({ data: reloading ? s.data : undefined, error, loading: false })),
    );
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const set = useCallback((data: T) => setState({ data, loading: false }), []);
  return { ...state, data: state.data, error: state.error, reload, set };
}

/** Runs an action (a button, a form): busy while it runs, its error kept for display. */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      setBusy(true);
      setError(null);
      try {
        return await action(...args);
      } catch (e) {
        setError(e);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [action],
  );
  return { run, busy, error, setError };
}

/** Calls `fn` `ms` after the value last changed (search as you type). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Newest / Older buttons over a keyset-paged list: the cursors walked so far, the last one current. */
export function useCursorPages(): {
  cursor: string | undefined;
  newest: () => void;
  older: (next: string | null | undefined) => void;
  atNewest: boolean;
} {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    cursor: cursors.at(-1),
    newest: () => setCursors([]),
    older: (next) => {
      if (next) setCursors([...cursors, next]);
    },
    atNewest: cursors.length === 0,
  };
}
