import { RemoteError } from '../errors/domain-error';
import { FixedWindowLimiter, MINUTE_MS } from './fixed-window-limiter';

describe('FixedWindowLimiter', () => {
  const limiter = () =>
    new FixedWindowLimiter({
      write: { limit: 2, windowMs: MINUTE_MS },
      off: { limit: 0, windowMs: MINUTE_MS },
    });

  async function refusal(run: () => Promise<void>): Promise<RemoteError> {
    try {
      await run();
    } catch (error) {
      return error as RemoteError;
    }
    throw new Error('not refused');
  }

  it('refuses the call past the budget with RATE_LIMITED and the seconds left in the window', async () => {
    const l = limiter();
    await l.take('write', ['user:a'], 0);
    await l.take('write', ['user:a'], 1_000);
    const refused = await refusal(() => l.take('write', ['user:a'], 20_000));
    expect(refused.payload).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 40 });
    await l.take('write', ['user:a'], MINUTE_MS);
  });

  it('counts nothing for any subject when one of them is over its budget', async () => {
    const l = limiter();
    await l.take('write', ['ip:1', 'user:a'], 0);
    await l.take('write', ['ip:1', 'user:b'], 0);
    await refusal(() => l.take('write', ['ip:1', 'user:c'], 0));
    await l.take('write', ['ip:2', 'user:c'], 0);
    await l.take('write', ['ip:2', 'user:c'], 0);
    await refusal(() => l.take('write', ['ip:3', 'user:c'], 0));
  });

  it('never refuses an action whose limit is 0', async () => {
    const l = limiter();
    for (let i = 0; i < 100; i++) await l.take('off', ['user:a'], 0);
  });

  it('refuses a window longer than the shared store keeps a count', () => {
    expect(() => new FixedWindowLimiter({ day: { limit: 1, windowMs: 24 * 60 * MINUTE_MS } })).toThrow(
      /window too long/,
    );
  });
});
