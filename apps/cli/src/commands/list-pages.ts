/**
 * What a list command prints with `--json`: its items under their plural, and `hasMore` (the API's
 * word, as every command that prints a page says it) when more exist than were printed.
 * `deployments list` and `rollouts list` said `more` before they said `hasMore`: they say both, the
 * same, for the scripts written against them (`more` is deprecated, see `listPageHelp`).
 */
export function listPage<Item>(
  many: 'deployments' | 'rollouts',
  items: Item[],
  hasMore: boolean,
): Record<string, Item[] | boolean> {
  return { [many]: items, hasMore, more: hasMore };
}

/** The help's note on what `--json` prints for `listPage`, and that `more` is deprecated. */
export function listPageHelp(many: 'deployments' | 'rollouts'): string {
  return (
    `\nWith --json: {"${many}": [...], "hasMore": true|false}, hasMore when more exist than --limit.\n` +
    '"more" is deprecated: the same as hasMore, kept for scripts that read it; read hasMore instead.'
  );
}
