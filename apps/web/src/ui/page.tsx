// The page frame (its title, focus on its heading after a navigation) and what stands before its data:
// loading, then the API's message with a retry.
import { type ReactNode, useEffect, useRef } from 'react';
import { ApiError, messageOf } from '../api/client';
import { inFormWords } from '../api/field-errors';
import type { Async, CursorPage, CursorPages } from './async';

export function Page({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Policy Catalog`;
    // After a navigation, screen readers and keyboards start at the new page's heading.
    heading.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title" tabIndex={-1} ref={heading}>
          {title}
        </h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * A status line saying something loads. `unseen`: said to screen readers only, taking no room, for a
 * reload under what is already shown (a line pushed in above it would move it under the user's pointer).
 */
export function Loading({ label = 'Loading…', unseen = false }: { label?: string; unseen?: boolean }) {
  return (
    <p className={unseen ? 'loading visually-hidden' : 'loading'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

export function ErrorMessage({
  error,
  retry,
  labels,
  besideFields = false,
}: {
  error: unknown;
  retry?: () => void;
  /** The form's label of each API field, so that a field error names what the user sees. */
  labels?: Record<string, string>;
  /** The form shows each field's error beside its field: here only how many to correct, said once. */
  besideFields?: boolean;
}) {
  if (!error) return null;
  const fields = error instanceof ApiError && !besideFields ? error.fields : [];
  // Each field in the form's words (its label, else a name made from the API's), each line once: the
  // items of a list field (two bad idea ids) are named by the one label of the field and often refused
  // in the same words.
  const lines = new Set(fields.map((f) => inFormWords(f, labels?.[f.field.split('.')[0]])));
  // A validation refusal (400) of fields marked beside them: they are counted, not named again (its
  // message, "Validation failed", said nothing more). Any other refusal says its own words (a 409's "An
  // account with that email exists").
  const marked =
    error instanceof ApiError && besideFields && error.status === 400
      ? new Set(error.fields.map((f) => f.field.split('.')[0])).size
      : 0;
  return (
    <div className="error" role="alert">
      <p>
        {marked === 0
          ? messageOf(error)
          : marked === 1
            ? 'Correct the field marked above.'
            : `Correct the ${marked} fields marked above.`}
      </p>
      {lines.size > 0 ? (
        <ul>
          {[...lines].map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {retry && mayRetry(error) ? (
        <button type="button" className="secondary" onClick={retry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/**
 * Whether asking again may answer otherwise: a lost connection, a time-out, a rate limit, a service that
 * failed or is unavailable; not what the API refused (not found, forbidden, invalid), which it would
 * refuse again.
 */
function mayRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * What stands where data is not read yet: Loading while it loads, then what went wrong (the API's
 * message with a retry, or `failed` where the caller words it itself). While data read before is shown
 * and reloads (a filter changed), the Loading line is for screen readers only: what is shown stays where
 * it is.
 */
export function Pending({
  state,
  failed,
}: {
  state: Pick<Async<unknown>, 'loading' | 'error' | 'reload'> & { data?: unknown };
  failed?: ReactNode;
}) {
  if (state.loading) return <Loading unseen={state.data !== undefined} />;
  return failed ?? <ErrorMessage error={state.error} retry={state.reload} />;
}

/** A page until its data is read: its title over what is Pending. */
export function PendingPage({
  title,
  ...pending
}: {
  title: string;
  state: Pick<Async<unknown>, 'loading' | 'error' | 'reload'>;
  failed?: ReactNode;
}) {
  return (
    <Page title={title}>
      <Pending {...pending} />
    </Page>
  );
}

/**
 * "Load more" under a list read a page at a time (useCursorPages): offered while another page follows and
 * the first pages are read; busy while the next page comes; a failure said under it, with a retry.
 */
export function LoadMore({
  pages,
  label = 'Load more',
}: {
  pages: Pick<CursorPages<CursorPage<unknown>>, 'hasMore' | 'loading' | 'more' | 'loadingMore' | 'moreError'>;
  label?: string;
}) {
  return (
    <>
      {pages.hasMore && !pages.loading && !pages.moreError ? (
        <button type="button" className="secondary" disabled={pages.loadingMore} onClick={pages.more}>
          {pages.loadingMore ? 'Loading…' : label}
        </button>
      ) : null}
      <ErrorMessage error={pages.moreError} retry={pages.more} />
    </>
  );
}
