import { readBearer } from './bearer';
import { generateAccessToken } from './token-format';

describe('reading a bearer token', () => {
  it('reads a well-formed personal access token, whatever the case of "Bearer"', () => {
    const token = generateAccessToken();
    expect(readBearer(`Bearer ${token}`)).toEqual({ kind: 'token', token });
    expect(readBearer(`bearer  ${token} `)).toEqual({ kind: 'token', token });
  });

  it('tells a missing header from a malformed one and a token whose checksum fails', () => {
    expect(readBearer(undefined)).toEqual({ kind: 'none' });
    expect(readBearer('Basic dXNlcjpwYXNz')).toMatchObject({ kind: 'invalid', message: /Bearer <token>/ });
    const token = generateAccessToken();
    const flipped = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    expect(readBearer(`Bearer ${flipped}`)).toMatchObject({ kind: 'invalid', message: /invalid/ });
  });
});
