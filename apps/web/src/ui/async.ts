// The hooks that read and act through the API: a page's data, an action's busy state and error, a
// value settled after typing, and a list read a page at a time.
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

/** A page of a list as a page's loader gives it: its items and the cursor of the next page (null: none). */
export interface CursorPage<T> {
  items: T[];
  next: string | null;
}

/** An item of the pages `P`. */
type ItemOf<P extends CursorPage<unknown>> = P['items'][number];

export interface CursorPages<P extends CursorPage<unknown>> {
  /** The items of every page read, in order. */
  items: Array<ItemOf<P>>;
  /** The first page's answer (what comes with the list: counts, a threshold), once read. */
  data: P | undefined;
  /** Another page follows the ones read. */
  hasMore: boolean;
  /** The first pages are being read (first, for changed `deps`, or again). */
  loading: boolean;
  error: unknown;
  /** Reads the pages shown again (`toEnd`: every page, to the last). */
  reload: (options?: { toEnd?: boolean }) => void;
  /** Reads the next page after the ones read; nothing while pages are being read. */
  more: () => void;
  loadingMore: boolean;
  moreError: unknown;
}

interface PagesState<T, P> {
  items: T[];
  data?: P;
  next: string | null;
  /** Pages read. */
  pages: number;
  loading: boolean;
  error?: unknown;
  loadingMore: boolean;
  moreError?: unknown;
}

/**
 * The one way a list pages by cursor: `load(cursor)` reads a page (`cursor` undefined: the first). Changed
 * `deps` read the first page again (what was shown stays until it comes); "Load more" (`more`) appends the
 * page after the last one read, from that page's cursor, until none follows; an answer for `deps` no
 * longer current, or from before a reload, is dropped. `key` drops an item already shown (a list paged by
 * offset repeats one when an item is added before it).
 */
export function useCursorPages<P extends CursorPage<unknown>>(
  load: (cursor: string | undefined) => Promise<P>,
  deps: DependencyList,
  key?: (item: ItemOf<P>) => string,
): CursorPages<P> {
  type T = ItemOf<P>;
  const [state, setState] = useState<PagesState<T, P>>({
    items: [],
    next: null,
    pages: 0,
    loading: true,
    loadingMore: false,
  });
  const [request, setRequest] = useState<{ pages: number }>({ pages: 1 });
  const generation = useRef(0);
  const seen = useRef<DependencyList | undefined>(undefined);
  const current = useRef({ state, load, key });
  current.current = { state, load, key };
  /** The items of `pages` read one after the other, without repeats. */
  const joined = (pages: T[][]): T[] => {
    const keyOf = current.current.key;
    if (!keyOf) return pages.flat();
    const shown = new Set<string>();
    return pages.flat().filter((item) => !shown.has(keyOf(item)) && shown.add(keyOf(item)));
  };
  useEffect(() => {
    const mine = ++generation.current;
    const reloading = sameDeps(seen, deps);
    const wanted = reloading ? request.pages : 1;
    setState((s) => ({
      ...s,
      loading: true,
      error: reloading ? s.error : undefined,
      loadingMore: false,
      moreError: undefined,
    }));
    void (async () => {
      const read: T[][] = [];
      let first: P | undefined;
      let next: string | null = null;
      try {
        do {
          const page: P = await load(next ?? undefined);
          if (mine !== generation.current) return;
          first ??= page;
          read.push(page.items);
          next = page.next;
        } while (next && read.length < wanted);
        setState({
          items: joined(read),
          data: first,
          next,
          pages: read.length,
          loading: false,
          loadingMore: false,
        });
      } catch (error) {
        if (mine !== generation.current) return;
        setState((s) =>
          reloading
            ? { ...s, loading: false, error }
            : { items: [], next: null, pages: 0, loading: false, error, loadingMore: false },
        );
      }
    })();
  }, [...deps, request]);
  const reload = useCallback(
    (options: { toEnd?: boolean } = {}) =>
      setRequest({ pages: options.toEnd ? Infinity : Math.max(1, current.current.state.pages) }),
    [],
  );
  const more = useCallback(() => {
    const { state: now, load: read } = current.current;
    if (!now.next || now.loading || now.loadingMore) return;
    const mine = generation.current;
    const cursor = now.next;
    // Marked at once: a second click before the next render finds it busy.
    current.current.state = { ...now, loadingMore: true };
    setState((s) => ({ ...s, loadingMore: true, moreError: undefined }));
    read(cursor).then(
      (page) =>
        mine === generation.current &&
        setState((s) =>
          s.next !== cursor
            ? s
            : {
                ...s,
                items: joined([s.items, page.items]),
                next: page.next,
                pages: s.pages + 1,
                loadingMore: false,
              },
        ),
      (error: unknown) =>
        mine === generation.current && setState((s) => ({ ...s, loadingMore: false, moreError: error })),
    );
  }, []);
  return {
    items: state.items,
    data: state.data,
    hasMore: state.next !== null,
    loading: state.loading,
    error: state.error,
    reload,
    more,
    loadingMore: state.loadingMore,
    moreError: state.moreError,
  };
}
