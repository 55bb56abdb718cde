// A paragraph cut to a few lines, with a button that shows it whole.
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';

/**
 * A paragraph shown on at most four lines (`.clamped`): when it runs past them, a "Show more" button
 * (`aria-expanded`, `aria-controls` the paragraph) shows it whole and "Show less" cuts it again. The text
 * is all in the page either way, for a screen reader and for the browser's find. Whether it runs past is
 * measured, on every size of screen: a short text has no button.
 */
export function Clamped({ children }: { children: ReactNode }) {
  const id = useId();
  const text = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const paragraph = text.current;
    if (!paragraph || open) return;
    const measure = () => setCut(paragraph.scrollHeight > paragraph.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(paragraph);
    return () => observer.disconnect();
  }, [open, children]);
  return (
    <>
      <p id={id} ref={text} className={open ? 'long-text' : 'long-text clamped'}>
        {children}
      </p>
      {cut ? (
        <button
          type="button"
          className="link"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </>
  );
}
