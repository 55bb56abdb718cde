// The documentation tabs a submission stages: key, title and Markdown of each, added and removed.
import { TextArea, TextField } from './ui';

export interface DocTabDraft {
  key: string;
  title: string;
  bodyMd: string;
}

export function DocTabsEditor({
  tabs,
  onChange,
  what,
  fieldError,
}: {
  tabs: DocTabDraft[];
  onChange: (tabs: DocTabDraft[]) => void;
  /** "the policy's page", "the ruleset's page": where the tabs show after approval. */
  what: string;
  fieldError?: (field: string) => string | undefined;
}) {
  const setTab = (i: number, patch: Partial<DocTabDraft>) =>
    onChange(tabs.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  return (
    <fieldset>
      <legend>Documentation tabs</legend>
      <p className="hint">
        Markdown, shown on {what} after approval. Keys: lowercase letters, digits, - and _.
      </p>
      {tabs.map((tab, i) => (
        <div key={i} className="panel">
          <TextField
            label={`Tab ${i + 1} key`}
            pattern="[a-z0-9][a-z0-9_\-]{0,63}"
            maxLength={64}
            required
            value={tab.key}
            onChange={(e) => setTab(i, { key: e.target.value })}
            error={fieldError?.(`docTabs.${i}`)}
          />
          <TextField
            label={`Tab ${i + 1} title`}
            maxLength={120}
            value={tab.title}
            onChange={(e) => setTab(i, { title: e.target.value })}
          />
          <TextArea
            label={`Tab ${i + 1} Markdown`}
            rows={5}
            maxLength={100000}
            value={tab.bodyMd}
            onChange={(e) => setTab(i, { bodyMd: e.target.value })}
          />
          <button
            type="button"
            className="secondary"
            onClick={() => onChange(tabs.filter((_, j) => j !== i))}
          >
            Remove tab {i + 1}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="secondary"
        onClick={() => onChange([...tabs, { key: '', title: '', bodyMd: '' }])}
      >
        Add a tab
      </button>
    </fieldset>
  );
}

/** Comma- or space-separated values, blanks dropped. */
export function splitList(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
