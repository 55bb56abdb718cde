import { displayPrefix, generateAccessToken, isWellFormedAccessToken, TOKEN_PREFIX } from './token-format';

describe('access token format', () => {
  it('generates tokens with the service prefix that pass their own checksum', () => {
    const token = generateAccessToken();
    expect(token.startsWith(TOKEN_PREFIX)).toBe(true);
    expect(token).toHaveLength(TOKEN_PREFIX.length + 49);
    expect(isWellFormedAccessToken(token)).toBe(true);
  });

  it('never generates the same token twice', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => generateAccessToken()));
    expect(tokens.size).toBe(200);
  });

  it('rejects a token with one character changed', () => {
    const token = generateAccessToken();
    const i = TOKEN_PREFIX.length + 10;
    const flipped = token.slice(0, i) + (token[i] === 'a' ? 'b' : 'a') + token.slice(i + 1);
    expect(isWellFormedAccessToken(flipped)).toBe(false);
  });

  it('rejects other shapes', () => {
    expect(isWellFormedAccessToken('')).toBe(false);
    expect(isWellFormedAccessToken('pcat_short')).toBe(false);
    expect(isWellFormedAccessToken(generateAccessToken().replace(TOKEN_PREFIX, 'ghp_x'))).toBe(false);
  });

  it('shows a short identifying prefix', () => {
    const token = generateAccessToken();
    expect(displayPrefix(token)).toBe(token.slice(0, 13));
  });
});
