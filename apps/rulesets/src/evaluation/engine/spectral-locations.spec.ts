import { Document, type RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { Json, Yaml } from '@stoplight/spectral-parsers';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { oas } from '@stoplight/spectral-rulesets';
import { parse } from 'yaml';
import { largeOpenApi31 } from '@pc/testing';
import { fragment } from './source-pointers';
import { evaluateSpectral } from './spectral-engine';
import { indexedJson, indexedYaml } from './spectral-locations';

type Segment = string | number;

/** Every path to a value of `data` (through aliases and merge keys, as the data holds them). */
function pathsOf(data: unknown, path: Segment[] = [], into: Segment[][] = []): Segment[][] {
  into.push(path);
  if (Array.isArray(data)) data.forEach((item, i) => pathsOf(item, [...path, i], into));
  else if (typeof data === 'object' && data !== null) {
    for (const [key, value] of Object.entries(data)) pathsOf(value, [...path, key], into);
  }
  return into;
}

/**
 * What Spectral may ask for: every path to a value, each with an index written as a string and as
 * digits the library converts ('01', ''), and a step past it that exists nowhere, or in some places only.
 */
function lookups(data: unknown): Segment[][] {
  const all: Segment[][] = [];
  for (const path of pathsOf(data)) {
    all.push(path, [...path, 'missing'], [...path, 0], [...path, '0'], [...path, 5], [...path, '']);
    all.push([...path, '01'], [...path, 1.5], [...path, -1], [...path, '200'], [...path, '0200']);
    const last = path.at(-1);
    if (typeof last === 'number') all.push([...path.slice(0, -1), String(last)]);
  }
  return all;
}

const YAML_DOC = `openapi: 3.1.0
info: &info
  title: Locations
  version: '1'
x-base: &base
  type: object
  description: base
  nested: {deep: [1, 2]}
x-other: &other
  format: other
  description: other
paths:
  /pets/{id}:
    get:
      parameters:
        - name: id
          in: path
        -
        - &param {name: q, in: query}
        - *param
      responses:
        '200':
          description: ok
        '0200': zero
        "a~b/c": tilde
        'with.dot': dot
        '': empty
        ü: unicode
        'key: colon': colon
        '1.5': decimal
  /merged:
    <<: *base
    own: 1
  /merged-list:
    <<: [*base, *other]
    description: overrides
  /merged-then-own:
    description: own first
    <<: *other
  /null-value:
    empty:
    list: []
    map: {}
  /flow: {a: [1, {b: 2}], 'c d': null}
  /alias: *info
dup: 1
dup: 2
multi: |
  line one
  line two
`;

const JSON_DOC = `{
  "openapi": "3.1.0",
  "paths": {
    "/pets/{id}": {
      "get": {
        "parameters": [{ "name": "id", "in": "path" }, null, [], { "q": [1, [2, 3]] }],
        "responses": {
          "200": { "description": "ok" },
          "0200": "zero",
          "01": "leading zero",
          "1.5": "decimal",
          "-1": "negative",
          "a~b/c": "tilde",
          "with.dot": "dot",
          "": "empty",
          "ü": "unicode",
          "0": "zero key"
        }
      }
    },
    "/empty": { "list": [], "map": {}, "null": null }
  },
  "dup": { "first": 1 },
  "dup": { "second": 2 },
  "list": [[0, 1], { "0": "key zero" }]
}`;

describe('Spectral locations (an index of the AST, built once per document)', () => {
  it('locates every path of a YAML document exactly where the library does: nested, lists, null items, special keys, anchors, merge keys, repeated keys', () => {
    const result = Yaml.parse(YAML_DOC);
    const parser = indexedYaml(Yaml);
    const paths = lookups(result.data);
    expect(paths.length).toBeGreaterThan(500);
    const ours = paths.map((p) => [p, parser.getLocationForJsonPath(result, p, true)]);
    const library = paths.map((p) => [p, Yaml.getLocationForJsonPath(result, p, true)]);
    expect(ours).toEqual(library);
    // Not all alike: most paths to a value are found (not those through an alias), at distinct places.
    const found = library.filter(([, location]) => location !== undefined);
    expect(found.length).toBeGreaterThan(90);
    expect(new Set(found.map(([, l]) => JSON.stringify(l))).size).toBeGreaterThan(50);
    // A merged key is found where its anchor's mapping holds it, as the library finds it (lines from 0).
    const line = (path: Segment[]) => parser.getLocationForJsonPath(result, path)?.range.start.line;
    expect(line(['paths', '/merged', 'type'])).toBe(5);
    expect(line(['paths', '/merged-list', 'format'])).toBe(9);
    // Nor does it walk through an alias.
    expect(line(['paths', '/pets/{id}', 'get', 'parameters', 2, 'in'])).toBe(18);
    expect(line(['paths', '/pets/{id}', 'get', 'parameters', 3, 'in'])).toBeUndefined();
  });

  it('locates every path of a JSON document exactly where the library does, closest or exact: nested, lists, keys of digits, repeated keys', () => {
    const result = Json.parse(JSON_DOC);
    const parser = indexedJson(Json);
    const paths = lookups(result.data);
    expect(paths.length).toBeGreaterThan(400);
    for (const closest of [false, true]) {
      const ours = paths.map((p) => [p, parser.getLocationForJsonPath(result, p, closest)]);
      const library = paths.map((p) => [p, Json.getLocationForJsonPath(result, p, closest)]);
      expect(ours).toEqual(library);
      const found = library.filter(([, location]) => location !== undefined);
      expect(found.length).toBeGreaterThan(closest ? 450 : 75);
      expect(new Set(found.map(([, l]) => JSON.stringify(l))).size).toBeGreaterThan(35);
    }
    // The library's own conversion, kept: '0200' is looked up as 200, the first of two 'dup' wins
    // (lines from 0).
    const at = (path: Segment[]) => parser.getLocationForJsonPath(result, path)?.range.start.line;
    expect(at(['paths', '/pets/{id}', 'get', 'responses', '0200'])).toBe(7);
    expect(at(['dup', 'first'])).toBe(22);
    expect(at(['dup', 'second'])).toBeUndefined();
  });

  it('reads each key of a mapping a bounded number of times however many findings it locates in it (the library: every key again per finding)', () => {
    const n = 400;
    const paths = Array.from({ length: n }, (_, i) => ['paths', `/r-${i}`, 'post', 'summary']);
    const yaml = `paths:\n${paths.map(([, p]) => `  ${p}:\n    post:\n      summary: s\n`).join('')}`;
    const json = JSON.stringify(parse(yaml), null, 2);
    // Each key of `paths` counts its reads.
    const counted = (keys: Array<{ value: unknown }>) => {
      const count = { reads: 0 };
      for (const key of keys) {
        const value = key.value;
        Object.defineProperty(key, 'value', {
          get: () => {
            count.reads += 1;
            return value;
          },
        });
      }
      return count;
    };
    const yamlResult = Yaml.parse(yaml);
    type YamlMap = { mappings: Array<{ key: { value: unknown }; value: YamlMap }> };
    const yamlPaths = (yamlResult.ast as unknown as YamlMap).mappings[0].value;
    const yamlReads = counted(yamlPaths.mappings.map((m) => m.key));
    const jsonResult = Json.parse(json);
    type JsonNode = { children: Array<{ children: [{ value: unknown }, JsonNode] }> };
    const jsonPaths = (jsonResult.ast as unknown as JsonNode).children[0].children[1];
    const jsonReads = counted(jsonPaths.children.map((p) => p.children[0]));

    const yamlParser = indexedYaml(Yaml);
    const jsonParser = indexedJson(Json);
    for (const path of paths) {
      expect(yamlParser.getLocationForJsonPath(yamlResult, path)).toBeDefined();
      expect(jsonParser.getLocationForJsonPath(jsonResult, path, true)).toBeDefined();
    }
    // Indexed: each key read once or twice in all; the library's walk reads n to n² / 2 of them.
    expect(yamlReads.reads).toBeLessThanOrEqual(2 * n);
    expect(jsonReads.reads).toBeLessThanOrEqual(2 * n);
  });

  it("gives each finding of the engine, in a document with a hundred and more, the line and column of Spectral's own lookup (YAML and JSON), each located by the index", async () => {
    const yaml = largeOpenApi31(100 * 1024).replace(
      'description: A generated document.\n',
      'description: A generated document.\n  x-extra: [1, {a: b}]\n',
    );
    const json = JSON.stringify(parse(yaml), null, 1);
    const ruleset = {
      file: '.spectral.yaml',
      text: 'extends: [[spectral:oas, recommended]]\nrules:\n  info-contact: error\n',
    };
    for (const [file, text, parser] of [
      ['api.yaml', yaml, Yaml],
      ['api.json', json, Json],
    ] as const) {
      const spectral = new Spectral({ resolver: new Resolver({ resolvers: {} }) });
      spectral.setRuleset({
        extends: [[oas as RulesetDefinition, 'recommended']],
        rules: { 'info-contact': 'error' },
      });
      const own = await spectral.run(new Document(text, parser as typeof Yaml, `/api/${file}`), {
        ignoreUnknownFormat: true,
      });
      const pointer = (path: Segment[]) => `#${path.map((s) => `/${fragment(String(s))}`).join('')}`;
      const expected = own
        .map((d) => `${d.code} ${pointer(d.path)} ${d.range.start.line + 1}:${d.range.start.character + 1}`)
        .sort();

      const lookup = jest.spyOn(parser, 'getLocationForJsonPath');
      try {
        const outcome = await evaluateSpectral({ [file]: text }, file, [{ ruleset, catalog: {} }]);
        if (!outcome.ok || !outcome.reports[0].ok) throw new Error(JSON.stringify(outcome));
        const results = outcome.reports[0].results;
        expect(results.length).toBeGreaterThan(100);
        expect(new Set(results.map((r) => r.rule)).size).toBeGreaterThan(1);
        const got = results.map((r) => `${r.rule} ${r.pointer} ${r.line}:${r.column}`).sort();
        expect(got).toEqual(expected);
        // The library's walk from the root ran for none of them.
        expect(lookup.mock.calls.map(([, path]) => path).filter((path) => path.length > 0)).toEqual([]);
      } finally {
        lookup.mockRestore();
      }
    }
  });
});
