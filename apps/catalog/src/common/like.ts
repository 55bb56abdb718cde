/** `text` as a literal inside a LIKE pattern: its `\`, `%` and `_` escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
