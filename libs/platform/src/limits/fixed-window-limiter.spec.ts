import { RemoteError } from '../errors/domain-error';
import { FixedWindowLimiter, MINUTE_MS } from './fixed-window-limiter';

describe('FixedWindowLimiter', () => {
  const limiter = () =>
    new FixedWindowLimiter({
      write: { limit: 2, windowMs: MINUTE_MS },
      off: { limit: 0, windowMs: MINUTE_MS },
    });

  function refusal(run: () => void): RemoteError {
    try {
      run();
    } catch (error) {
      return error as RemoteError;
    }
    throw new Error('not refused');
  }

  it('refuses the call past the budget with RATE_LIMITED and the seconds left in the window', () => {
    const l = limiter();
    l.take('write', ['user:a'], 0);
    l.take('write', ['user:a'], 1_000);
    const refused = refusal(() => l.take('write', ['user:a'], 20_000));
    expect(refused.payload).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 40 });
    l.take('write', ['user:a'], MINUTE_MS);
  });

  it('counts nothing for any subject when one of them is over its budget', () => {
    const l = limiter();
    l.take('write', ['ip:1', 'user:a'], 0);
    l.take('write', ['ip:1', 'user:b'], 0);
    refusal(() => l.take('write', ['ip:1', 'user:c'], 0));
    l.take('write', ['ip:2', 'user:c'], 0);
    l.take('write', ['ip:2', 'user:c'], 0);
    refusal(() => l.take('write', ['ip:3', 'user:c'], 0));
  });

  it('never refuses an action whose limit is 0', () => {
    const l = limiter();
    for (let i = 0; i < 100; i++) l.take('off', ['user:a'], 0);
  });
});
