import path from 'node:path';
import type { OnModuleInit } from '@nestjs/common';
import type { RequestContext } from '@pc/contracts';
import { bestMatches, createLogger, notFound, requireAdmin } from '@pc/platform';
import { loadVendorFolder, requiredSlug, requiredString, type VendorEntry } from '@pc/vendor-index';
import type { ListingServiceEnv } from '../source/listing-service.env';

/** A list's filter: the words every item must match (name or summary), and the kind's own fields. */
export interface VendorFilter {
  q?: string;
}

/**
 * A kind's shelf of the vendor index: its folder, how an entry file is read beyond the fields every entry
 * has (slug, name, summary, body), which entries a list's filter keeps, and what a list and an item show.
 */
export interface VendorShelf<Fields, Filter extends VendorFilter, Summary, Item> {
  /** The kind's folder in the vendor index (`policies`, `rulesets`). */
  readonly folder: string;
  /** What a 404 names (`Vendor policy`). */
  readonly label: string;
  /** The service whose logger reports skipped entries. */
  readonly service: string;
  /** The kind's fields of an entry file, checked before the fields every entry has; throws to skip it. */
  read(raw: Record<string, unknown>): Fields;
  /** Reads the files an entry names (a ruleset's profile), reporting a failure in `errors`. */
  attach?(entry: VendorEntry & Fields, folder: string, errors: string[]): Promise<VendorEntry & Fields>;
  /** Whether an entry passes the kind's fields of a list's filter (the words are the kernel's). */
  keeps(entry: VendorEntry & Fields, filter: Filter): boolean;
  summary(entry: VendorEntry & Fields): Summary;
  item(entry: VendorEntry & Fields): Item;
}

/**
 * A kind's vendor items, held in memory: loaded at start, swapped whole on reload so readers never see a
 * half-loaded index; a bad file is reported and skipped, never taking the others down. A slug that left
 * the index is a 404. Each kind's service extends it with its shelf (`VendorCatalog`, `VendorRulesets`).
 */
export class VendorIndex<Fields, Filter extends VendorFilter, Summary, Item> implements OnModuleInit {
  private entries = new Map<string, VendorEntry & Fields>();

  constructor(
    private readonly env: ListingServiceEnv,
    private readonly shelf: VendorShelf<Fields, Filter, Summary, Item>,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.load();
  }

  /** An administrator's reload of the index (`load`). */
  reload(ctx: RequestContext): Promise<{ count: number; errors: string[] }> {
    requireAdmin(ctx);
    return this.load();
  }

  /** Reads the kind's folder again and swaps it in: how many entries it holds, and the files skipped. */
  async load(): Promise<{ count: number; errors: string[] }> {
    const folder = path.join(this.env.VENDOR_INDEX_DIR, this.shelf.folder);
    const loaded = await loadVendorFolder(folder, (raw) => ({ ...this.shelf.read(raw), ...common(raw) }));
    const entries = new Map<string, VendorEntry & Fields>();
    for (const [slug, entry] of loaded.entries)
      entries.set(slug, this.shelf.attach ? await this.shelf.attach(entry, folder, loaded.errors) : entry);
    this.entries = entries;
    if (loaded.errors.length > 0)
      createLogger(this.shelf.service).warn({ errors: loaded.errors }, 'vendor index entries skipped');
    return { count: entries.size, errors: loaded.errors };
  }

  /** The entries the filter keeps, by name: with words, the exact matches alone when there are any, else the near ones. */
  list(filter: Filter): Summary[] {
    const kept = [...this.entries.values()].filter((entry) => this.shelf.keeps(entry, filter));
    return bestMatches(kept, filter.q, (entry) => [entry.name, entry.summary])
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((entry) => this.shelf.summary(entry));
  }

  get(slug: string): Item {
    return this.shelf.item(this.entry(slug));
  }

  /** The entry of a slug; 404 when the index has none. */
  protected entry(slug: string): VendorEntry & Fields {
    const entry = this.entries.get(slug);
    if (!entry) throw notFound(this.shelf.label);
    return entry;
  }
}

function common(raw: Record<string, unknown>): VendorEntry {
  return {
    slug: requiredSlug(raw),
    name: requiredString(raw, 'name'),
    summary: requiredString(raw, 'summary'),
    body_md: requiredString(raw, 'body_md'),
  };
}
