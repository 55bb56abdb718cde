import { PlatformError, PlatformLimitError } from '@pc/gateway-platform';
import { RemoteError } from '@pc/platform';
import { RegistryError } from '@pc/registry';
import { SourceHostError } from '@pc/source-host';
import { isTransient, PermanentFailure } from './failure';

const platform = (kind: PlatformError['kind'], status?: number): PlatformError =>
  new PlatformError(kind, `The platform failed (${kind})`, status === undefined ? {} : { status });

/** Which failures a deployment job is tried again for (a later delivery), and which end it at once. */
describe('isTransient', () => {
  it.each([
    ['a timeout', platform('timeout')],
    ['a connection error', platform('unreachable')],
    [
      '429 with Retry-After',
      new PlatformError('rate_limited', 'limited', { status: 429, retryAfterSeconds: 3 }),
    ],
    ['500', platform('upstream_error', 500)],
    ['503', platform('upstream_error', 503)],
    ['408 Request Timeout', platform('upstream_error', 408)],
    ['a malformed answer', platform('upstream_error')],
    ["the registry's 502", new RegistryError('upstream_error', 'bad gateway', { status: 502 })],
    ["the source host's rate limit", new SourceHostError('rate_limited', 'limited', { status: 403 })],
    ['a service that did not answer in time', new RemoteError({ code: 'TIMEOUT', message: 'late' })],
    [
      'a platform unavailable behind the connections service',
      new RemoteError({ code: 'UPSTREAM_UNAVAILABLE', message: 'down' }),
    ],
    ['a database error of our own', new Error('Connection terminated unexpectedly')],
  ])('retries %s', (_what, error) => {
    expect(isTransient(error)).toBe(true);
  });

  it.each([
    [
      'an applied configuration nested past the limit',
      new PlatformLimitError(
        'The platform answered an applied item whose configuration is nested more than 64 levels deep',
      ),
    ],
    [
      'an organization tree past the limit',
      new PlatformLimitError('The organization tree is more than 32 levels deep'),
    ],
    ['invalid credentials', platform('invalid_credentials', 401)],
    ['a fresh token refused', platform('unauthorized', 401)],
    ['403', platform('forbidden', 403)],
    ['400', platform('invalid_request', 400)],
    ['409', platform('upstream_error', 409)],
    ['410', platform('upstream_error', 410)],
    ["the registry's 405", new RegistryError('upstream_error', 'method not allowed', { status: 405 })],
    [
      "the source host's 451",
      new SourceHostError('upstream_error', 'unavailable for legal reasons', { status: 451 }),
    ],
    [
      'credentials the connections service refuses',
      new RemoteError({ code: 'UNPROCESSABLE', message: 'refused' }),
    ],
    ['a failure the user must fix', new PermanentFailure('No version')],
  ])('fails at once for %s', (_what, error) => {
    expect(isTransient(error)).toBe(false);
  });
});
