import { RULESET_LIMITS } from '@pc/contracts';

/**
 * The longest prefix of `items` whose JSON stays within the list byte budget (at least one item, so a
 * page always moves forward). Lists are bounded in rows by their SQL and in bytes here.
 */
export function withinByteBudget<T>(items: T[], budget: number = RULESET_LIMITS.listBytes): T[] {
  let used = 0;
  for (let i = 0; i < items.length; i++) {
    used += Buffer.byteLength(JSON.stringify(items[i]));
    if (used > budget && i > 0) return items.slice(0, i);
  }
  return items;
}
