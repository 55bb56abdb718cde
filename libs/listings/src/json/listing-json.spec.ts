import { fitJsonToBudget, jsonArray, withJsonFields } from './listing-json';

describe('listings answered as JSON text', () => {
  it('adds the fields the database cannot know to an object, empty or not, as JSON.stringify writes them', () => {
    const owner = { owner_name: 'Ørjan "O\'Brien"', contributors: [{ name: null }] };
    expect(JSON.parse(withJsonFields('{"id" : "x", "tags":["a"]}', owner))).toStrictEqual({
      id: 'x',
      tags: ['a'],
      ...owner,
    });
    expect(JSON.parse(withJsonFields('{}', owner))).toStrictEqual(owner);
    expect(withJsonFields('{"id":"x"}', {})).toBe('{"id":"x"}');
  });

  it('cuts a page to the reply budget by the exact UTF-8 size of its JSON, never below one item', () => {
    const wide = JSON.stringify({ name: '✓'.repeat(100) }); // 3 bytes a character
    const items = Array.from({ length: 10 }, () => wide);
    const itemBytes = Buffer.byteLength(wide);
    const page = fitJsonToBudget(items, 2 + 4 * (itemBytes + 1));
    expect(page).toHaveLength(4);
    expect(Buffer.byteLength(jsonArray(page))).toBeLessThanOrEqual(2 + 4 * (itemBytes + 1));
    expect(fitJsonToBudget(items, 10)).toHaveLength(1);
    expect(fitJsonToBudget(items)).toHaveLength(10);
    expect(JSON.parse(jsonArray(page))).toHaveLength(4);
  });
});
