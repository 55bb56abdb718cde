import type { Caller, DocsCompleteness, DocTab, DocTabInput, ErrorCode } from '@pc/contracts';
import { DomainError } from '@pc/platform';
import { canEdit } from '../access/owned-listings';

/**
 * The shape of a kind's documentation tabs: its predefined keys, in their order, its 422 for a key listed
 * twice, and the predefined tabs' titles. What else a kind allows in a set (how many, how large, whether
 * the overview is required) is the kind's rule.
 */
export class TabRules<Key extends string> {
  constructor(
    private readonly predefined: readonly Key[],
    private readonly repeatedKey: ErrorCode,
    readonly titles: Record<Key, string>,
  ) {}

  isPredefined(key: string): key is Key {
    return (this.predefined as readonly string[]).includes(key);
  }

  /**
   * A tab as stored: a blank title takes the predefined one (else the key); without a sortOrder, the
   * predefined tabs keep their order and the others come after (10 + their place in the input).
   */
  toTab(tab: DocTabInput, index: number): DocTab {
    const predefined = this.isPredefined(tab.key);
    return {
      key: tab.key,
      title: tab.title.trim() || (predefined ? this.titles[tab.key as Key] : tab.key),
      kind: predefined ? 'predefined' : 'custom',
      bodyMd: tab.bodyMd ?? '',
      sortOrder: tab.sortOrder ?? (predefined ? this.predefined.indexOf(tab.key as Key) : 10 + index),
    };
  }

  /** A predefined tab with no content yet. */
  emptyTab(key: Key): DocTab {
    return {
      key,
      title: this.titles[key],
      kind: 'predefined',
      bodyMd: '',
      sortOrder: this.predefined.indexOf(key),
    };
  }

  /** The tabs `input` (at `field`) stands for, as stored (`toTab`): 422 naming the first key listed twice. */
  toTabs(input: DocTabInput[], field: string): DocTab[] {
    const seen = new Set<string>();
    for (const [index, tab] of input.entries()) {
      if (seen.has(tab.key))
        throw new DomainError(this.repeatedKey, 'Documentation tab keys must be unique', [
          { field: `${field}.${index}.key`, message: `${tab.key} is listed twice` },
        ]);
      seen.add(tab.key);
    }
    return input.map((tab, index) => this.toTab(tab, index));
  }

  /**
   * A listing's tabs as `caller` sees them: every tab for who edits it, else the overview and the tabs
   * with content; the completeness counts them all.
   */
  shownTo(
    caller: Caller,
    listing: { owner_id: string },
    tabs: DocTab[],
  ): { tabs: DocTab[]; completeness: DocsCompleteness; canEdit: boolean } {
    const editor = canEdit(caller, listing);
    return { tabs: visibleTabs(tabs, editor), completeness: this.completeness(tabs), canEdit: editor };
  }

  /** Share of the predefined tabs with content. */
  completeness(tabs: DocTab[]): DocsCompleteness {
    return this.completenessOf(tabs.filter((t) => this.isPredefined(t.key) && t.bodyMd.trim() !== '').length);
  }

  /** The same, from how many predefined tabs have content. */
  completenessOf(filled: number): DocsCompleteness {
    const total = this.predefined.length;
    return { filled, total, ratio: Math.round((filled / total) * 100) / 100 };
  }
}

/** What a caller who cannot edit sees: the overview and tabs with content. */
export function visibleTabs(tabs: DocTab[], canEdit: boolean): DocTab[] {
  return canEdit ? tabs : tabs.filter((t) => t.key === 'overview' || t.bodyMd.trim() !== '');
}

/** Titles and bodies together, in bytes: what each kind's budget counts. */
export function tabBytes(tabs: DocTab[]): number {
  return tabs.reduce((sum, t) => sum + Buffer.byteLength(t.bodyMd) + Buffer.byteLength(t.title), 0);
}

/** By sortOrder, then key. */
export function sortTabs(tabs: DocTab[]): DocTab[] {
  return [...tabs].sort((a, b) => a.sortOrder - b.sortOrder || a.key.localeCompare(b.key));
}
