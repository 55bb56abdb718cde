import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { VENDOR_SLUG_PATTERN } from '@pc/contracts';
import { parse } from 'yaml';

/** The index shipped with the repository: `policies/` and `rulesets/` folders. */
export const DEFAULT_VENDOR_INDEX_DIR = path.join(__dirname, '..', 'data');

/** One entry of a vendor index: a file whose `slug` keys it. */
export interface VendorEntry {
  slug: string;
  name: string;
  summary: string;
  body_md: string;
  [field: string]: unknown;
}

export interface LoadResult<T> {
  entries: Map<string, T>;
  errors: string[];
}

/**
 * A folder of vendor entries (one `.yaml`, `.yml` or `.json` file each), parsed and checked by `accept`.
 * Generic: vendor policies and vendor rulesets are two instances with their own checks. A bad file is
 * reported and skipped; it never takes the others down.
 */
export async function loadVendorFolder<T extends VendorEntry>(
  folder: string,
  accept: (raw: Record<string, unknown>, file: string) => T,
): Promise<LoadResult<T>> {
  const entries = new Map<string, T>();
  const errors: string[] = [];
  let files: string[];
  try {
    files = (await readdir(folder)).filter((f) => /\.(ya?ml|json)$/i.test(f)).sort();
  } catch {
    return { entries, errors: [] };
  }
  for (const file of files) {
    try {
      const text = await readFile(path.join(folder, file), 'utf8');
      const raw: unknown = file.endsWith('.json') ? JSON.parse(text) : parse(text);
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('not an object');
      const entry = accept(raw as Record<string, unknown>, file);
      if (entries.has(entry.slug)) throw new Error(`duplicate slug ${entry.slug}`);
      entries.set(entry.slug, entry);
    } catch (error) {
      errors.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { entries, errors };
}

export function requiredString(raw: Record<string, unknown>, field: string): string {
  const value = raw[field];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${field} is required`);
  return value.trim();
}

export function optionalString(raw: Record<string, unknown>, field: string): string | null {
  const value = raw[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A slug: lower-case letters, digits and `-`. */
export function requiredSlug(raw: Record<string, unknown>): string {
  const slug = requiredString(raw, 'slug');
  if (!VENDOR_SLUG_PATTERN.test(slug)) throw new Error('slug must be lower-case letters, digits and -');
  return slug;
}

/** Every word of the query is in one of the fields, in whole or in part (case-insensitive). */
export function matchesWords(q: string | undefined, ...fields: string[]): boolean {
  if (!q?.trim()) return true;
  const haystack = fields.join(' ').toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
