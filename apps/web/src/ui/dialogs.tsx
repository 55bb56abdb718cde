// A confirm dialog before a destructive action, and a secret shown once.
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * A modal question before a destructive action: what it will do, then confirm or cancel. It opens with
 * the focus on Cancel, the choice that changes nothing, so that Enter pressed at once does no harm.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
  disabled = false,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** The confirm button is not offered yet (what it does is still being read). */
  disabled?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancel.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onCancel={onCancel} className="dialog">
      <h2 id={titleId}>{title}</h2>
      <div>{children}</div>
      <div className="row">
        <button type="button" className="danger" onClick={onConfirm} disabled={busy || disabled}>
          {busy ? 'Working…' : confirmLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel} ref={cancel}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

/**
 * A secret shown once (a new token, a webhook signing secret), above the form that made it: the value
 * with a copy button, and a Done that hides it for good. The keyboard's focus stays where it was when it
 * shows (the form's submit, see SubmitButton), and goes on to the form's first field after Done (the
 * button goes with the secret: the focus would drop to the page's start).
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
  const box = useRef<HTMLDivElement>(null);
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const done = (): void => {
    box.current?.nextElementSibling?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    onDone();
  };
  return (
    <div className="secret" role="status" ref={box}>
      <h2>{title}</h2>
      <p>Copy it now: it is shown this once and cannot be read again.</p>
      <div className="row">
        <code className="token" data-testid={testId}>
          {secret}
        </code>
        <button type="button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="secondary" onClick={done}>
          Done
        </button>
      </div>
    </div>
  );
}
