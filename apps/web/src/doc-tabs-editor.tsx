// The parts both submission forms share: the documentation tabs a submission stages (key, title and
// Markdown of each, added and removed), the delivered ideas, and findings in the form's own words.
import {
  DELIVERED_IDEAS_MAX_ITEMS,
  DOC_TAB_BODY_MAX,
  DOC_TAB_KEY_PATTERN,
  DOC_TAB_TITLE_MAX,
  DOC_TABS_MAX_ITEMS,
} from '@pc/contracts';
import { Link } from './router';
import { type FieldMessage, TextArea, TextField } from './ui/fields';

/** The key pattern as an HTML `pattern` (anchored by the browser) and its longest key. */
// (a pattern attribute is compiled with the v flag, where a bare "-" in a class is an error).
const KEY_PATTERN = DOC_TAB_KEY_PATTERN.source.replace(/^\^|\$$/g, '').replace('-]', '\\-]');
const KEY_MAX = Number(/\{0,(\d+)\}/.exec(KEY_PATTERN)?.[1] ?? 63) + 1;

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
  fieldError?: (field: string) => FieldMessage | undefined;
}) {
  const setTab = (i: number, patch: Partial<DocTabDraft>) =>
    onChange(tabs.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  return (
    <fieldset>
      <legend>Documentation tabs</legend>
      <p className="hint">
        Markdown, shown on {what} after approval; up to {DOC_TABS_MAX_ITEMS} tabs. Keys: lowercase letters,
        digits, - and _.
      </p>
      {tabs.map((tab, i) => (
        <div key={i} className="panel">
          <TextField
            label={`Tab ${i + 1} key`}
            pattern={KEY_PATTERN}
            maxLength={KEY_MAX}
            required
            value={tab.key}
            onChange={(e) => setTab(i, { key: e.target.value })}
            error={fieldError?.(`docTabs.${i}`)}
          />
          <TextField
            label={`Tab ${i + 1} title`}
            maxLength={DOC_TAB_TITLE_MAX}
            value={tab.title}
            onChange={(e) => setTab(i, { title: e.target.value })}
          />
          <TextArea
            label={`Tab ${i + 1} Markdown`}
            rows={5}
            maxLength={DOC_TAB_BODY_MAX}
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
        disabled={tabs.length >= DOC_TABS_MAX_ITEMS}
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

/** A finding that starts with an API field (`sourceHostUrl: …`) names the form's label instead. */
export function labelled(text: string, labels: Record<string, string>): string {
  const found = /^([A-Za-z][\w.]*): (.*)$/s.exec(text);
  const label = found ? labels[found[1].split('.')[0]] : undefined;
  return found && label ? `${label}: ${found[2]}` : text;
}

/**
 * The ideas a submission delivers. Ideas have no page in the dashboard (the public API has no route to
 * list them): the hint says where an id comes from.
 */
export function IdeasField({
  what,
  value,
  onChange,
  error,
}: {
  what: 'policy' | 'ruleset';
  value: string;
  onChange: (value: string) => void;
  error?: FieldMessage;
}) {
  return (
    <div className="field-group">
      <TextField
        label="Delivered ideas (optional)"
        hint={`Ids of approved ideas this ${what} delivers, separated by commas (up to ${DELIVERED_IDEAS_MAX_ITEMS}).`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
      />
      <details className="hint">
        <summary>Where do idea ids come from?</summary>
        <p>
          Ideas are proposed, voted on and approved through the tool server, not this dashboard: an assistant
          or script connected to <code>/mcp</code> with one of your <Link to="/tokens">tokens</Link> lists
          approved ideas with the <code>list_ideas</code> tool and shows each one&apos;s id with{' '}
          <code>get_idea</code>. Leave the field empty if this {what} delivers none.
        </p>
      </details>
    </div>
  );
}
