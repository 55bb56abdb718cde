import { withinByteBudget } from './byte-budget';

describe('lists bounded in bytes', () => {
  it('keeps the longest prefix within the budget, and always the first item', () => {
    const items = ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40)];
    expect(withinByteBudget(items, 100)).toEqual(items.slice(0, 2));
    expect(withinByteBudget(items, 10)).toEqual(items.slice(0, 1));
    expect(withinByteBudget(items, 1000)).toEqual(items);
    expect(withinByteBudget([], 10)).toEqual([]);
  });
});
