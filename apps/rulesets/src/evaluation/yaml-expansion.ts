import { isAlias, isMap, isPair, isSeq, type Document, type Node, parseAllDocuments } from 'yaml';

/**
 * How many nodes YAML aliases add to a text once each alias is replaced by what its anchor names: what
 * the engine's parser builds its model from beyond the text's own nodes. A kilobyte whose anchors reuse
 * each other level by level stands for millions of nodes (each level multiplies), and the parser spends
 * minutes on it (about 0.7 ms per node of a schema, measured) before its own threshold refuses it.
 * Counted here in one pass over the text's own nodes (each node's expansion is kept, so an alias costs
 * one look-up), before any engine sees the text.
 *
 * Counting stops once `limit` is passed (the answer is then `limit + 1`); `Infinity` when the text nests
 * too deeply to be walked. Text that is not YAML counts what the YAML reader made of it: the engine's
 * parser gives the real findings. JSON has no aliases: it adds nothing.
 */
export function nodesAddedByAliases(text: string, limit: number): number {
  if (!text.includes('*')) return 0; // no alias can be written without one
  let added = 0;
  try {
    for (const doc of parseAllDocuments(text, { uniqueKeys: false, prettyErrors: false })) {
      const root = doc.contents as Node | null;
      const own = new Counter(doc, Number.MAX_SAFE_INTEGER, false).count(root);
      const expanded = new Counter(doc, own + limit - added, true).count(root);
      added += expanded - own;
      if (added > limit) return limit + 1;
    }
  } catch (error) {
    if (error instanceof RangeError) return Infinity; // nested past the call stack
    throw error;
  }
  return added;
}

class Counter {
  /** Nodes already counted, with what they expand to (anchored nodes reused through aliases). */
  private readonly counted = new Map<Node, number>();
  /** Nodes being counted: an alias to one of them (a cycle) counts one. */
  private readonly open = new Set<Node>();

  constructor(
    private readonly doc: Document.Parsed,
    private readonly limit: number,
    private readonly followAliases: boolean,
  ) {}

  count(node: Node | null | undefined): number {
    if (!node) return 0;
    const known = this.counted.get(node);
    if (known !== undefined) return known;
    if (this.open.has(node)) return 1;
    this.open.add(node);
    let size = 1;
    if (isAlias(node)) {
      if (this.followAliases) size = this.count(node.resolve(this.doc));
    } else if (isMap(node) || isSeq(node)) {
      for (const item of node.items) {
        size += isPair(item)
          ? 1 + this.count(item.key as Node | null) + this.count(item.value as Node | null)
          : this.count(item as Node);
        if (size > this.limit) break;
      }
    }
    this.open.delete(node);
    size = Math.min(size, this.limit + 1);
    this.counted.set(node, size);
    return size;
  }
}
