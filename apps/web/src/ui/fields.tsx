// Forms: a submit that runs an action in place, the fields held together with the API's message for each,
// and the fields themselves with their rules and errors inline.
import {
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { ApiError } from '../api/client';
import { type FieldProblem, inFormWords } from '../api/field-errors';

/**
 * A form whose submit runs an action in place (the page does not reload). A submit while the action runs
 * (Enter pressed again, a second click) is refused, as is one whose button says it cannot be used
 * (`aria-disabled`, see SubmitButton): the action runs once per answer.
 */
export function ActionForm({
  runs,
  ...form
}: Omit<ComponentProps<'form'>, 'onSubmit' | 'action'> & { runs: { run: () => unknown; busy: boolean } }) {
  return (
    <form
      {...form}
      onSubmit={(e) => {
        e.preventDefault();
        const { submitter } = e.nativeEvent;
        if (runs.busy || submitter?.getAttribute('aria-disabled') === 'true') return;
        void runs.run();
      }}
    />
  );
}

/**
 * What a form's submit button takes while its action runs: it says it cannot be used (`aria-disabled`)
 * but is not `disabled`, so it keeps the keyboard's focus (a disabled button drops it to the page's start,
 * and the user tabs from the top again); ActionForm refuses the submit meanwhile. `disabled` (the form is
 * not ready) disables it outright.
 */
function busyButton(busy: boolean, disabled: boolean) {
  return busy ? { 'aria-disabled': true as const } : { disabled };
}

/**
 * A form's submit: unusable while its action runs (keeping the focus, see busyButton) and saying `busy`
 * meanwhile (else its label), disabled while `disabled`, with `why` beside it then (the button is
 * described by it: a disabled button alone does not say what would enable it).
 */
export function SubmitButton({
  runs,
  busy,
  disabled = false,
  why,
  children,
}: {
  runs: { busy: boolean };
  busy?: string;
  disabled?: boolean;
  why?: string;
  children: ReactNode;
}) {
  const id = useId();
  const hint = disabled && !runs.busy ? why : undefined;
  return (
    <>
      <button type="submit" {...busyButton(runs.busy, disabled)} aria-describedby={hint ? id : undefined}>
        {runs.busy && busy ? busy : children}
      </button>
      {hint ? (
        <span className="hint" id={id}>
          {hint}
        </span>
      ) : null}
    </>
  );
}

/** An edit form's buttons: its submit (`save`, unusable while the action runs), then Cancel. */
export function SaveOrCancel({
  save,
  runs,
  onCancel,
}: {
  save: string;
  runs: { busy: boolean };
  onCancel: () => void;
}) {
  return (
    <div className="row">
      <SubmitButton runs={runs}>{save}</SubmitButton>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
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
      error: errors.map((e) => (e instanceof ApiError ? e.fieldError(path) : undefined)).find(Boolean),
      onChange: (e: { target: { value: string } }) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        edited?.(name);
      },
    });
  return { values, setValues, bind };
}

/**
 * A form that shows the API's refusal of its `fields` beside them: `named`, whether `error` names one of
 * them (the form's summary then says only that: ErrorMessage's `besideFields`), and `form`, the form's
 * ref, whose first field marked invalid takes the focus after such a refusal (its error is read with it;
 * the focus stayed on the submit button, under the summary).
 */
export function useRefusalBesideFields(error: unknown, fields: readonly string[]) {
  const named = error instanceof ApiError && fields.some((f) => error.fieldMessage(f));
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (named) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error, named]);
  return { named, form };
}

/**
 * What a field shows as its error: the form's own words, or what the API said of the field, which the
 * field says with its label (`inFormWords`: "Connection name must be at least 2 characters").
 */
export type FieldMessage = string | FieldProblem;

interface FieldShell {
  label: string;
  hint?: string;
  error?: FieldMessage;
}

/** What a field's control takes from its shell: its id, and the hint and error that describe it. */
interface Control {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A field: its label, its control (drawn by `children` with the field's own attributes and what names and
 * describes it), hint and error.
 */
function Shell<A extends object>({
  field: { label, hint, error: problem, ...attributes },
  children,
}: {
  field: FieldShell & A;
  children: (control: Control & Omit<A, keyof FieldShell>) => ReactNode;
}) {
  const id = useId();
  const error = typeof problem === 'object' ? inFormWords(problem, label) : problem;
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const control: Control = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids || undefined,
  };
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ ...control, ...attributes })}
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

export function TextField(field: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  return <Shell field={field}>{(input) => <input {...input} />}</Shell>;
}

export function TextArea(field: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <Shell field={field}>{(input) => <textarea {...input} />}</Shell>;
}

export function SelectField({
  options,
  ...field
}: FieldShell & SelectHTMLAttributes<HTMLSelectElement> & { options: Array<[string, string]> }) {
  return (
    <Shell field={field}>
      {/* Described by its hint and error; a select takes no aria-invalid. */}
      {({ 'aria-invalid': _invalid, ...select }) => (
        <select {...select}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
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
