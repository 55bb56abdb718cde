import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { validateXML } from 'xmllint-wasm';

/** The JUnit schema the CLI's reports are held to (it lives beside the code that writes them). */
const JUNIT_XSD = path.join(
  __dirname,
  '..',
  '..',
  '..',
  'apps',
  'cli',
  'src',
  'reports',
  'schemas',
  'junit.xsd',
);

/**
 * Checks the reports `evaluate` writes against their schemas: JUnit XML against `junit.xsd` (libxml2,
 * compiled to WebAssembly by xmllint-wasm), SARIF against the OASIS SARIF 2.1.0 JSON schema (the copy
 * Microsoft's SARIF tooling ships in @microsoft/jest-sarif), with Ajv. Returns the problems found.
 */
export async function junitProblems(xml: string): Promise<string[]> {
  const schema = readFileSync(JUNIT_XSD, 'utf8');
  const result = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: 'junit.xsd', contents: schema }],
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

let sarifValidator: ReturnType<Ajv04['compile']> | undefined;

export function sarifProblems(log: unknown): string[] {
  if (!sarifValidator) {
    const schema = JSON.parse(
      readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
    ) as object;
    // The schema is JSON Schema draft-04 (Ajv's draft-04 class); its `language` pattern has a stray `]`
    // that only a regular expression without the unicode flag accepts, as the schema's own tools read it.
    const ajv = new Ajv04({ strict: false, allErrors: true, unicodeRegExp: false });
    addFormats(ajv);
    sarifValidator = ajv.compile(schema);
  }
  return sarifValidator(log)
    ? []
    : (sarifValidator.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`);
}
