import { isMissingStream, REDECLARE_ATTEMPTS, retriedAfterStreamLoss } from './stream-loss';

/** Errors as the `nats` client raises them: a code and a message. */
const natsError = (code: string, message: string) => Object.assign(new Error(message), { code });
const noStream = () => natsError('503', '503');
const removedUnderIt = () =>
  natsError(
    '500',
    'open /var/lib/nats-server/jetstream/$g/streams/JOBS/obs/w/meta.inf: no such file or directory',
  );

describe('a publish that finds its stream missing', () => {
  it('declares the stream again and publishes there', async () => {
    const calls: string[] = [];
    let declared = false;
    const result = await retriedAfterStreamLoss(
      () => {
        calls.push('publish');
        return declared ? Promise.resolve('sent') : Promise.reject(noStream());
      },
      () => {
        calls.push('declare');
        declared = true;
        return Promise.resolve();
      },
      () => undefined,
      5,
    );
    expect(result).toBe('sent');
    expect(calls).toEqual(['publish', 'declare', 'publish']);
  });

  it('tries the declaration again when NATS was still removing the lost stream', async () => {
    const warned: number[] = [];
    let declarations = 0;
    const result = await retriedAfterStreamLoss(
      () => (declarations >= 2 ? Promise.resolve('sent') : Promise.reject(noStream())),
      () => {
        declarations += 1;
        return declarations === 1 ? Promise.reject(removedUnderIt()) : Promise.resolve();
      },
      (_error, attempt) => warned.push(attempt),
      5,
    );
    expect(result).toBe('sent');
    expect(declarations).toBe(2);
    expect(warned).toEqual([0, 1]);
  });

  it('gives the last failure to the caller after its attempts', async () => {
    let declarations = 0;
    await expect(
      retriedAfterStreamLoss(
        () => Promise.reject(noStream()),
        () => {
          declarations += 1;
          return Promise.resolve();
        },
        () => undefined,
        5,
      ),
    ).rejects.toMatchObject({ code: '503' });
    expect(declarations).toBe(REDECLARE_ATTEMPTS);
  });

  it('declares nothing for any other failure', async () => {
    let declarations = 0;
    await expect(
      retriedAfterStreamLoss(
        () => Promise.reject(natsError('400', 'bad request')),
        () => {
          declarations += 1;
          return Promise.resolve();
        },
        () => undefined,
        5,
      ),
    ).rejects.toThrow('bad request');
    expect(declarations).toBe(0);
  });
});

describe('isMissingStream', () => {
  it.each([
    ['503', '503', true],
    ['404', 'stream not found', true],
    ['404', 'consumer not found', true],
    ['409', 'consumer deleted', true],
    ['404', 'message not found', false],
    ['409', 'exceeded maxwaiting', false],
    ['500', 'meta.inf: no such file or directory', false],
  ])('code %s "%s": %s', (code, message, missing) => {
    expect(isMissingStream(natsError(code, message))).toBe(missing);
  });
});
