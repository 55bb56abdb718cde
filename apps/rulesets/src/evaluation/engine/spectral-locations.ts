/**
 * Spectral's parsers with a location lookup that costs the same per finding however many findings and
 * keys a document has. Spectral locates each finding by walking the parser's AST from the root along the
 * finding's JSON path (`getLocationForJsonPath` of `@stoplight/yaml` and `@stoplight/json`), scanning
 * each mapping's keys one by one (and, in YAML, copying them first, merge keys expanded): a finding under
 * one of 5,000 paths scans 5,000 keys, so the cost grows with findings x keys (seconds of CPU for the
 * 6,675 findings of a 5 MiB document). Here each mapping's keys are indexed the first time a lookup
 * passes through it, and a sequence's items are reached by index; the node found is the one the
 * library's walk finds, step for step (the same key wins when keys repeat, the same merge keys count,
 * the same segments match), and its range is computed by the library itself from that node. A mapping
 * the library's walk would stumble on (an entry or key that is no node) is left to the library's own
 * lookup, whatever it does.
 */
import type { IParser, JsonParserResult, YamlParserResult } from '@stoplight/spectral-parsers';

type Segment = string | number;
type Location = ReturnType<IParser['getLocationForJsonPath']>;

/** `@stoplight/yaml-ast-parser`'s node kinds. */
const MAP = 2;
const SEQ = 3;
const ANCHOR_REF = 4;

interface YamlNode {
  kind: number;
  parent: YamlNode | null;
  key?: YamlNode | null;
  value?: unknown;
  mappings?: Array<YamlNode | null>;
  items?: Array<YamlNode | null>;
}

const isObject = (value: unknown): value is object => value !== null && typeof value === 'object';

/** What a walk step found: the node, or no node (the library's `undefined`), or "ask the library". */
const IRREGULAR = Symbol('irregular');

/**
 * `@stoplight/yaml`'s `getMappings`: a mapping's entries, those of `<<` replaced by the entries they
 * merge (the last item of a sequence of maps first), in the order its walk scans them backwards.
 */
function yamlEntries(map: YamlNode, mergeKeys: boolean): Array<YamlNode | null> | typeof IRREGULAR {
  const mappings = map.mappings ?? [];
  if (!mergeKeys) return mappings;
  const entries: Array<YamlNode | null> = [];
  for (const mapping of mappings) {
    if (!isObject(mapping)) continue;
    if (!isObject(mapping.key)) return IRREGULAR; // the library reads its key's value and throws
    if (mapping.key.value === '<<') entries.push(...merged(mapping.value));
    else entries.push(mapping);
  }
  return entries;
}

/** `@stoplight/yaml`'s `reduceMergeKeys`. */
function merged(node: unknown): Array<YamlNode | null> {
  if (!isObject(node)) return [];
  const n = node as YamlNode;
  switch (n.kind) {
    case SEQ:
      return (n.items ?? []).reduceRight<Array<YamlNode | null>>((entries, item) => {
        entries.push(...merged(item));
        return entries;
      }, []);
    case MAP:
      return n.mappings ?? [];
    case ANCHOR_REF:
      return merged(n.value);
    default:
      return [];
  }
}

/** Each key's entry in a YAML mapping: the last one scanned forwards, the first the library meets backwards. */
function yamlIndex(map: YamlNode, mergeKeys: boolean): Map<unknown, YamlNode> | typeof IRREGULAR {
  const entries = yamlEntries(map, mergeKeys);
  if (entries === IRREGULAR) return IRREGULAR;
  const index = new Map<unknown, YamlNode>();
  for (const entry of entries) {
    if (!isObject(entry) || !isObject(entry.key)) return IRREGULAR;
    index.set(entry.key.value, entry);
  }
  return index;
}

/** The index of `node`, built the first time a lookup passes through it. */
function indexOnce<N extends object, I>(indexes: WeakMap<N, I>, node: N, build: (node: N) => I): I {
  let index = indexes.get(node);
  if (index === undefined) {
    index = build(node);
    indexes.set(node, index);
  }
  return index;
}

/**
 * `@stoplight/yaml`'s `findNodeAtPath` (the exact node or none: the YAML parser never looks for the
 * closest), each mapping's keys indexed once per document.
 */
function findYamlNode(
  path: readonly Segment[],
  root: YamlNode,
  indexOf: (map: YamlNode) => Map<unknown, YamlNode> | typeof IRREGULAR,
): YamlNode | undefined | typeof IRREGULAR {
  let node: YamlNode = root;
  for (const segment of path) {
    if (!isObject(node)) return undefined;
    if (node.kind === MAP) {
      const index = indexOf(node);
      if (index === IRREGULAR) return IRREGULAR;
      // The library compares keys with ===, which differs from a Map's lookup for NaN only.
      const entry = Number.isNaN(segment) ? undefined : index.get(segment);
      if (entry === undefined) return undefined;
      node = entry.value === null ? (entry.key as YamlNode) : (entry.value as YamlNode);
    } else if (node.kind === SEQ) {
      const items = node.items ?? [];
      const i = Number(segment);
      // The library's loop: the item whose index === Number(segment), if any; a null item is no node.
      if (!(Number.isInteger(i) && i >= 0 && i < items.length)) return undefined;
      const item = items[i];
      if (item === null) return undefined;
      node = item;
    } else {
      return undefined;
    }
  }
  return node;
}

/**
 * A YAML parser of `@stoplight/spectral-parsers` with the indexed lookup. Its own lookup never passes
 * `closest` on (Spectral asks for the closest node, the YAML parser answers the exact one or none): so
 * does this one.
 */
export function indexedYaml(parser: IParser<YamlParserResult<unknown>>): IParser<YamlParserResult<unknown>> {
  const byMergeKeys = {
    true: new WeakMap<YamlNode, Map<unknown, YamlNode> | typeof IRREGULAR>(),
    false: new WeakMap<YamlNode, Map<unknown, YamlNode> | typeof IRREGULAR>(),
  };
  const getLocationForJsonPath = (result: YamlParserResult<unknown>, path: Segment[]): Location => {
    const ast = result.ast as unknown as YamlNode | null | undefined;
    if (path.length === 0 || !isObject(ast)) return parser.getLocationForJsonPath(result, path);
    const mergeKeys = (result.metadata as { mergeKeys?: unknown } | undefined)?.mergeKeys === true;
    const indexes = byMergeKeys[`${mergeKeys}`];
    const node = findYamlNode(path, ast, (map) => indexOnce(indexes, map, (m) => yamlIndex(m, mergeKeys)));
    if (node === IRREGULAR) return parser.getLocationForJsonPath(result, path);
    if (node === undefined) return undefined;
    // The library's range of the node found: its walk of an empty path from that node is that node.
    return parser.getLocationForJsonPath({ ...result, ast: node as unknown as typeof result.ast }, []);
  };
  return { ...parser, getLocationForJsonPath };
}

interface JsonNode {
  type: string;
  value?: unknown;
  children?: JsonNode[];
  range?: NonNullable<Location>['range'];
}

/** Each key's value in a JSON object: the first property with a value, as the library scans forwards. */
function jsonIndex(object: JsonNode): Map<string, JsonNode> | typeof IRREGULAR {
  const index = new Map<string, JsonNode>();
  for (const property of object.children ?? []) {
    if (!isObject(property)) return IRREGULAR;
    if (!Array.isArray(property.children)) continue;
    // The library reads the key (children[0]) before it counts the children.
    if (!isObject(property.children[0])) return IRREGULAR;
    if (property.children.length !== 2) continue;
    const key = property.children[0].value;
    // Its comparison is `key === String(segment)`: a key that is no string matches no segment.
    if (typeof key === 'string' && !index.has(key)) index.set(key, property.children[1]);
  }
  return index;
}

/** `@stoplight/json`'s `findNodeAtPath`, each object's keys indexed once per document. */
function findJsonNode(
  root: JsonNode,
  path: readonly Segment[],
  closest: boolean,
  indexes: WeakMap<JsonNode, Map<string, JsonNode> | typeof IRREGULAR>,
): JsonNode | undefined | typeof IRREGULAR {
  let node = root;
  for (const segment of path) {
    // Its conversion, kept: a segment of digits is a number (`'0200'` is then looked up as `'200'`).
    const step = Number.isInteger(Number(segment)) ? Number(segment) : segment;
    if (typeof step === 'string' || (typeof step === 'number' && node.type !== 'array')) {
      if (node.type !== 'object' || !Array.isArray(node.children)) return closest ? node : undefined;
      const index = indexOnce(indexes, node, jsonIndex);
      if (index === IRREGULAR) return IRREGULAR;
      const value = index.get(String(step));
      if (value === undefined) return closest ? node : undefined;
      node = value;
      continue;
    }
    if (node.type !== 'array' || step < 0 || !Array.isArray(node.children) || step >= node.children.length) {
      return closest ? node : undefined;
    }
    node = node.children[step];
  }
  return node;
}

/** A JSON parser of `@stoplight/spectral-parsers` with the indexed lookup (which honours `closest`). */
export function indexedJson(parser: IParser<JsonParserResult<unknown>>): IParser<JsonParserResult<unknown>> {
  const indexes = new WeakMap<JsonNode, Map<string, JsonNode> | typeof IRREGULAR>();
  const getLocationForJsonPath = (
    result: JsonParserResult<unknown>,
    path: Segment[],
    closest = false,
  ): Location => {
    const ast = result.ast as unknown as JsonNode | null | undefined;
    if (path.length === 0 || !isObject(ast)) return parser.getLocationForJsonPath(result, path, closest);
    const node = findJsonNode(ast, path, closest, indexes);
    if (node === IRREGULAR) return parser.getLocationForJsonPath(result, path, closest);
    // The library's answer for the node found: its range, when it has one.
    return node !== undefined && node.range !== undefined ? { range: node.range } : undefined;
  };
  return { ...parser, getLocationForJsonPath };
}
