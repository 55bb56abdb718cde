import { split } from './specification-parts';

describe('cutting a specification into parts for the bus', () => {
  const jsonBytes = (text: string) => Buffer.byteLength(JSON.stringify(text), 'utf8');

  it('gives parts whose JSON fits the limit and which join back into the text', () => {
    const text = `openapi: 3.1.0\n${'  "quoted": "line"\n'.repeat(5000)}`;
    const parts = split(text, 4096);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(text);
    for (const part of parts) expect(jsonBytes(part)).toBeLessThanOrEqual(4096);
  });

  it('never cuts a surrogate pair, and fits text made of escapes', () => {
    const text = `${'😀'.repeat(3000)}${'\u0001'.repeat(3000)}`;
    const parts = split(text, 1000);
    expect(parts.join('')).toBe(text);
    for (const part of parts) {
      expect(jsonBytes(part)).toBeLessThanOrEqual(1000);
      // Well formed: no lone surrogate at either end.
      expect(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(part)).toBe(false);
    }
  });
});
