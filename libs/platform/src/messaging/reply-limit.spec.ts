import fc from 'fast-check';
import { fitToBudget, jsonBytesUpperBound } from './reply-limit';

describe('the byte bound of a reply', () => {
  it('is never below the bytes JSON.stringify writes, whatever the text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        const sample = { value, text, lines: `${text}\n"\\\u0000\u2028\ud800x\udc00` };
        expect(jsonBytesUpperBound(sample)).toBeGreaterThanOrEqual(Buffer.byteLength(JSON.stringify(sample)));
      }),
      { numRuns: 500 },
    );
  });

  it('cuts a page of wide rows short within the budget, and keeps at least one row', () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: i, description: '€'.repeat(20_000) }));
    const page = fitToBudget(rows, 512 * 1024);
    expect(page.length).toBeGreaterThan(1);
    expect(page.length).toBeLessThan(50);
    expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(512 * 1024);
    expect(fitToBudget(rows, 10)).toHaveLength(1);
  });
});
