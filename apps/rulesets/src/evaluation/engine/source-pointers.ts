import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';

/**
 * Where a finding is in the specification's own terms: the JSON pointer (RFC 6901, in its URI fragment
 * form: `#/paths/~1pets/post`) of the node at the finding's line and column, read from the document as
 * written (YAML or JSON, parsed with `yaml`, whose nodes carry their source ranges) rather than guessed
 * from the engine's model path. A location on a key points at that member; a location inside a value, at
 * the deepest node holding it. Each file is parsed once, and only when a finding points into it.
 */
export class SourcePointers {
  private readonly parsed = new Map<string, { doc: Document; lines: LineCounter } | null>();

  constructor(private readonly files: Record<string, string>) {}

  pointerAt(file: string | null, line: number | null, column: number | null): string | null {
    if (file === null || line === null || column === null) return null;
    const source = this.document(file);
    if (!source) return null;
    const lineStart = source.lines.lineStarts[line - 1];
    if (lineStart === undefined) return null;
    const path = pathAt(source.doc.contents, lineStart + column - 1, []);
    return `#${path.map((step) => `/${fragment(step)}`).join('')}`;
  }

  private document(file: string): { doc: Document; lines: LineCounter } | null {
    if (!this.parsed.has(file)) {
      const text = Object.hasOwn(this.files, file) ? this.files[file] : undefined;
      let source: { doc: Document; lines: LineCounter } | null = null;
      if (text !== undefined) {
        const lines = new LineCounter();
        // The engine already read the document; aliases stay unresolved (their node is where they stand).
        const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, strict: false });
        source = doc.errors.length > 0 ? null : { doc, lines };
      }
      this.parsed.set(file, source);
    }
    return this.parsed.get(file) ?? null;
  }
}

/** The keys and indexes from `node` down to the node at `offset` (on a key: that member). */
function pathAt(node: unknown, offset: number, path: string[]): string[] {
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = pair.key as { range?: [number, number, number] } | null;
      const value = pair.value as { range?: [number, number, number] } | null;
      const start = key?.range?.[0] ?? value?.range?.[0];
      const end = value?.range?.[1] ?? key?.range?.[1];
      if (start === undefined || end === undefined || offset < start || offset >= Math.max(end, start + 1))
        continue;
      const name = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (key?.range && offset < key.range[1]) return [...path, name];
      return pathAt(pair.value, offset, [...path, name]);
    }
  } else if (isSeq(node)) {
    for (const [index, item] of node.items.entries()) {
      const range = (item as { range?: [number, number, number] } | null)?.range;
      if (range && offset >= range[0] && offset < Math.max(range[1], range[0] + 1))
        return pathAt(item, offset, [...path, String(index)]);
    }
  }
  return path;
}

/**
 * One reference token, escaped (`~0`, `~1`) and percent-encoded for a URI fragment: the form of every
 * engine's pointers (spectral-engine.ts too), so that a waiver written in it matches either engine's finding.
 */
export function fragment(step: string): string {
  return encodeURI(step.replace(/~/g, '~0').replace(/\//g, '~1')).replace(/#/g, '%23');
}
