/**
 * What a Spectral ruleset of this catalog may name, shared by submission validation (which refuses
 * anything else, with its line) and the evaluator's threads (which resolve these names to the library's
 * own objects). Nothing a ruleset names is ever code of its author: custom functions (`functions:`,
 * `functionsDir:`) are refused, and `extends` reaches only the library's built-in rulesets and Spectral
 * rulesets published in this catalog, never a URL or a file.
 */

/** The Spectral rulesets an `extends` may name, shipped with `@stoplight/spectral-rulesets`. */
export const BUILT_IN_RULESETS = ['spectral:oas', 'spectral:asyncapi'] as const;
export type BuiltInRuleset = (typeof BUILT_IN_RULESETS)[number];

/** A published Spectral ruleset of this catalog, by its id: `catalog:<ruleset id>`. */
export const CATALOG_EXTENDS = /^catalog:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** How deep `extends` of catalog rulesets may nest (a ruleset extending one that extends another...). */
export const MAX_CATALOG_DEPTH = 3;

/** The core functions of `@stoplight/spectral-functions`: the only functions a rule's `then` may call. */
export const BUILT_IN_FUNCTIONS = [
  'alphabetical',
  'casing',
  'defined',
  'enumeration',
  'falsy',
  'length',
  'or',
  'pattern',
  'schema',
  'truthy',
  'undefined',
  'unreferencedReusableObject',
  'xor',
] as const;

/** The document formats a ruleset's `formats` may name (`@stoplight/spectral-formats`). */
export const BUILT_IN_FORMATS = [
  'oas2',
  'oas3',
  'oas3_0',
  'oas3_1',
  'oas3_2',
  'asyncapi2',
  'aas2',
  'aas2_0',
  'aas2_1',
  'aas2_2',
  'aas2_3',
  'aas2_4',
  'aas2_5',
  'aas2_6',
  'aas3',
  'aas3_0',
  'aas3_1',
  'jsonSchema',
  'jsonSchemaLoose',
  'jsonSchemaDraft4',
  'jsonSchemaDraft6',
  'jsonSchemaDraft7',
  'jsonSchemaDraft2019_09',
  'jsonSchemaDraft2020_12',
] as const;

/** Severities as a ruleset writes them (Spectral's words and numbers; `true`/`false` turn a rule on or off). */
export const SPECTRAL_SEVERITIES = ['error', 'warn', 'info', 'hint', 'off'] as const;

/** The conventional file names of a Spectral ruleset, tried in this order. */
export const SPECTRAL_FILES = ['.spectral.yaml', '.spectral.yml', '.spectral.json'];

/** A file named like a Spectral ruleset (`.spectral.yaml`, `my.spectral.json`...). */
export const SPECTRAL_FILE = /(^|\/)([^/]*\.)?spectral\.(ya?ml|json)$/i;
