import { DomainError } from '@pc/platform';
import { FairShare, SERVICE_WORK } from './fair-share';

const MINUTE = 60_000;

/** A caller's evaluation: whether it started, and its release. */
function evaluation(share: FairShare, owner: string, maxWaitMs = MINUTE) {
  const state = { started: false, release: () => {}, refused: undefined as DomainError | undefined };
  const done = share.acquire(owner, maxWaitMs).then(
    (release) => {
      state.started = true;
      state.release = release;
    },
    (error: DomainError) => {
      state.refused = error;
    },
  );
  return Object.assign(state, { done });
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the evaluator's fair share", () => {
  it("keeps a thread for other callers: a caller's second evaluation waits while another caller's starts", async () => {
    const share = new FairShare({ slots: 2, queue: 16 });
    const first = evaluation(share, 'attacker');
    const second = evaluation(share, 'attacker');
    const other = evaluation(share, 'other');
    await settle();
    expect([first.started, second.started, other.started]).toEqual([true, false, true]);
    first.release();
    await settle();
    expect(second.started).toBe(true);
  });

  it("refuses a caller's evaluation past one running or waiting per thread with 429 and Retry-After, not the others'", async () => {
    const share = new FairShare({ slots: 2, queue: 16 });
    evaluation(share, 'attacker');
    evaluation(share, 'attacker');
    const third = evaluation(share, 'attacker');
    const other = evaluation(share, 'other');
    await settle();
    expect(third.refused).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 5 });
    expect(third.refused?.message).toMatch(/your share of the evaluator/);
    expect(other.started).toBe(true);
  });

  it('gives a free thread to the caller that started least recently, round robin', async () => {
    const share = new FairShare({ slots: 1, queue: 16 });
    const a1 = evaluation(share, 'a');
    await settle();
    const a2 = evaluation(share, 'a');
    const b1 = evaluation(share, 'b');
    const c1 = evaluation(share, 'c');
    const order: string[] = [];
    const runNext = async () => {
      await settle();
      const running = [
        ['a2', a2],
        ['b1', b1],
        ['c1', c1],
      ].find(([name, e]) => (e as typeof a1).started && !order.includes(name as string));
      order.push(running![0] as string);
      (running![1] as typeof a1).release();
    };
    a1.release();
    await runNext();
    await runNext();
    await runNext();
    expect(order).toEqual(['b1', 'c1', 'a2']);
  });

  it('refuses with 503 when the queue of all callers is full, and a wait longer than its bound', async () => {
    const share = new FairShare({ slots: 1, queue: 1 });
    evaluation(share, 'a');
    evaluation(share, 'b');
    const third = evaluation(share, 'c');
    await settle();
    expect(third.refused).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: 5 });
    const blocked = new FairShare({ slots: 1, queue: 4 });
    evaluation(blocked, 'x');
    const waiting = evaluation(blocked, 'y', 20);
    await waiting.done;
    expect(waiting.refused).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(waiting.started).toBe(false);
  });

  it("lets the service's own checks wait their turn instead of a 429, within half the threads", async () => {
    const share = new FairShare({ slots: 2, queue: 16 });
    const checks = [1, 2, 3].map(() => evaluation(share, SERVICE_WORK));
    const user = evaluation(share, 'user');
    await settle();
    expect(checks.map((c) => [c.started, c.refused])).toEqual([
      [true, undefined],
      [false, undefined],
      [false, undefined],
    ]);
    expect(user.started).toBe(true);
  });

  it("keeps the service's own waiting checks to half the queue (503 past it): a user's first evaluation still starts on the free thread", async () => {
    const share = new FairShare({ slots: 2, queue: 16 });
    const checks = Array.from({ length: 18 }, () => evaluation(share, SERVICE_WORK));
    const user = evaluation(share, 'user');
    await settle();
    expect([user.started, user.refused]).toEqual([true, undefined]);
    expect(checks.filter((c) => c.started)).toHaveLength(1);
    expect(checks.filter((c) => !c.started && !c.refused)).toHaveLength(8);
    expect(checks.filter((c) => c.refused).map((c) => [c.refused?.code, c.refused?.retryAfter])).toEqual(
      Array.from({ length: 9 }, () => ['SERVICE_UNAVAILABLE', 5]),
    );
  });
});
