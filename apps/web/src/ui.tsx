// Shared pieces: the page frame (title, focus on navigation), loading and error states, form
// fields with their rules and the API's messages inline, a confirm dialog, status badges.
import {
  type DependencyList,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { ApiError, messageOf } from './api/client';

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

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
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
  /** The form shows each field's error beside its field: the message alone here, said once. */
  besideFields?: boolean;
}) {
  if (!error) return null;
  const fields = error instanceof ApiError && !besideFields ? error.fields : [];
  return (
    <div className="error" role="alert">
      <p>{messageOf(error)}</p>
      {fields.length > 0 ? (
        <ul>
          {fields.map((f) => (
            <li key={`${f.field}:${f.message}`}>
              {labels?.[f.field.split('.')[0]] ?? <code>{f.field}</code>}: {f.message}
            </li>
          ))}
        </ul>
      ) : null}
      {retry ? (
        <button type="button" className="secondary" onClick={retry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export interface Async<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  set: (data: T) => void;
}

/** Loads data for a page; a newer load wins over an older one still under way. */
export function useAsync<T>(load: () => Promise<T>, deps: DependencyList): Async<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  const generation = useRef(0);
  useEffect(() => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    load().then(
      (data) => mine === generation.current && setState({ data, loading: false }),
      (error: unknown) => mine === generation.current && setState({ error, loading: false }),
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

/** A form whose submit runs an action in place (the page does not reload). */
export function ActionForm({
  runs,
  ...form
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'action'> & { runs: { run: () => unknown } }) {
  return (
    <form
      {...form}
      onSubmit={(e) => {
        e.preventDefault();
        void runs.run();
      }}
    />
  );
}

/**
 * A form's text fields held together: their values, and for each field what it takes (its value, its
 * change and the message a failed request gave for it). `bind(action.error)` gives `field(name)`, or
 * `field(name, path)` when the API names the field otherwise (`document.filename`); bound to several
 * actions' errors, a field shows the first that names it. `edited` runs after each change of a field
 * (what was derived from the typed values no longer holds).
 */
export function useFields<F extends Record<string, string>>(
  initial: F,
  edited?: (name: keyof F & string) => void,
) {
  const [values, setValues] = useState(initial);
  const bind =
    (...errors: unknown[]) =>
    (name: keyof F & string, path: string = name) => ({
      value: values[name],
      error: errors.map((e) => (e instanceof ApiError ? e.fieldMessage(path) : undefined)).find(Boolean),
      onChange: (e: { target: { value: string } }) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        edited?.(name);
      },
    });
  return { values, setValues, bind };
}

/**
 * What stands where data is not read yet: Loading while it loads, then what went wrong (the API's
 * message with a retry, or `failed` where the caller words it itself).
 */
export function Pending({
  state,
  failed,
}: {
  state: Pick<Async<unknown>, 'loading' | 'error' | 'reload'>;
  failed?: ReactNode;
}) {
  return state.loading ? <Loading /> : (failed ?? <ErrorMessage error={state.error} retry={state.reload} />);
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

interface FieldShell {
  label: string;
  hint?: string;
  error?: string;
}

function Shell({ id, label, hint, error, children }: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function described(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

export function TextField({
  label,
  hint,
  error,
  ...input
}: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Shell id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, hint, error)}
        {...input}
      />
    </Shell>
  );
}

export function TextArea({
  label,
  hint,
  error,
  ...input
}: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Shell id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(id, hint, error)}
        {...input}
      />
    </Shell>
  );
}

export function SelectField({
  label,
  hint,
  error,
  options,
  ...input
}: FieldShell & SelectHTMLAttributes<HTMLSelectElement> & { options: Array<[string, string]> }) {
  const id = useId();
  return (
    <Shell id={id} label={label} hint={hint} error={error}>
      <select id={id} aria-describedby={described(id, hint, error)} {...input}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Shell>
  );
}

export function Checkbox({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * A checkbox per option, under a legend: `value` holds the checked ones, in the order they were checked;
 * each option labelled by `label`, else by itself.
 */
export function CheckboxSet<T extends string>({
  legend,
  hint,
  options,
  label = (option) => option,
  value,
  onChange,
}: {
  legend: string;
  hint?: string;
  options: readonly T[];
  label?: (option: T) => string;
  value: T[];
  onChange: (value: T[]) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {hint ? <p className="hint">{hint}</p> : null}
      {options.map((option) => (
        <Checkbox
          key={option}
          label={label(option)}
          checked={value.includes(option)}
          onChange={(e) =>
            onChange(e.target.checked ? [...value, option] : value.filter((x) => x !== option))
          }
        />
      ))}
    </fieldset>
  );
}

/** One of a few options, as radio buttons under a legend (`options`: each value with its label). */
export function RadioSet<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<[T, string]>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {options.map(([option, label]) => (
        <Checkbox
          key={option}
          type="radio"
          name={name}
          label={label}
          checked={value === option}
          onChange={() => onChange(option)}
        />
      ))}
    </fieldset>
  );
}

/** A modal question before a destructive action: what it will do, then confirm or cancel. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onCancel={onCancel} className="dialog">
      <h2 id={titleId}>{title}</h2>
      <div>{children}</div>
      <div className="row">
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

export function Badge({ tone = 'neutral', children }: { tone?: string; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

const TONES: Record<string, string> = {
  published: 'good',
  approved: 'good',
  succeeded: 'good',
  accepted: 'good',
  under_review: 'warn',
  submitted: 'warn',
  pending: 'warn',
  queued: 'warn',
  running: 'info',
  needs_improvement: 'warn',
  rejected: 'bad',
  failed: 'bad',
  cancelled: 'neutral',
  expired: 'neutral',
  // Roll-outs, their steps and organizations, drift.
  completed: 'good',
  done: 'good',
  healthy: 'good',
  restored: 'neutral',
  halted: 'bad',
  degraded: 'bad',
  paused: 'warn',
  rolling_back: 'warn',
  restoring: 'warn',
  drifted: 'warn',
  active: 'info',
  deploying: 'info',
  applied: 'info',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{status.replace(/_/g, ' ')}</Badge>;
}

export function When({ at }: { at: string | null | undefined }) {
  if (!at) return <>–</>;
  const date = new Date(at);
  return <time dateTime={at}>{date.toLocaleString()}</time>;
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

/**
 * A secret shown once (a new token, a webhook signing secret): the value with a copy button, and a
 * Done that hides it for good.
 */
export function SecretOnce({
  title,
  secret,
  testId,
  onDone,
}: {
  title: string;
  secret: string;
  testId: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="secret" role="status">
      <h2>{title}</h2>
      <p>Copy it now: it is shown this once and cannot be read again.</p>
      <div className="row">
        <code className="token" data-testid={testId}>
          {secret}
        </code>
        <button type="button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

/**
 * A list as a table: a caption for screen readers, one header per column (an empty one is an actions
 * column, named for screen readers only), and the rows the caller renders. A table wider than the
 * screen scrolls inside its box, which keyboards can focus (and so scroll) and screen readers name.
 */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={`${i}-${column}`} scope="col">
                {column || <span className="visually-hidden">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
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

/** A count with its noun: "1 violation", "2 violations" (`many` for an irregular plural). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A ruleset's rules by severity, or an evaluation's findings: "2 violations, 1 warning, 1 info". */
export function severityCounts(counts: { violation: number; warning: number; info: number }): string {
  return `${plural(counts.violation, 'violation')}, ${plural(counts.warning, 'warning')}, ${counts.info} info`;
}
