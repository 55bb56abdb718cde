import { type Document, LineCounter, parseDocument } from 'yaml';

/**
 * A ruleset file parsed with its lines counted (keys unique), or null with each parse error reported at
 * its line and column as `<file>:<line>:<col>: <language> does not parse: <why>`.
 */
export function parsedDocument(
  file: string,
  text: string,
  errors: string[],
  language: 'YAML' | 'JSON',
): { doc: Document; lines: LineCounter } | null {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  for (const error of doc.errors) {
    const pos = error.linePos?.[0];
    const where = pos ? `${pos.line}:${pos.col}` : '1';
    const message = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    errors.push(`${file}:${where}: ${language} does not parse: ${message}`);
  }
  return doc.errors.length > 0 ? null : { doc, lines };
}
