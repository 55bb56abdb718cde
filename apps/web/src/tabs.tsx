// ARIA tabs: arrow keys, Home and End move between tabs; only the selected tab is in the tab order.
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface Tab {
  key: string;
  title: string;
  render: () => ReactNode;
}

export function Tabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  const [selected, setSelected] = useState(0);
  const base = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const index = Math.min(selected, tabs.length - 1);
  const move = (to: number): void => {
    const next = (to + tabs.length) % tabs.length;
    setSelected(next);
    buttons.current[next]?.focus();
  };
  const keys = (e: KeyboardEvent): void => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(to);
  };
  if (tabs.length === 0) return null;
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} onKeyDown={keys}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-selected={i === index}
            aria-controls={`${base}-panel-${i}`}
            tabIndex={i === index ? 0 : -1}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            onClick={() => setSelected(i)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${index}`}
        aria-labelledby={`${base}-tab-${index}`}
        tabIndex={0}
      >
        {tabs[index].render()}
      </div>
    </div>
  );
}

export function Markdown({ html }: { html: string }) {
  // The HTML comes from renderMarkdown (sanitized); never pass anything else here.
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
