import { newSpaceCommitted, trimHeapWhenIdle } from './idle-heap';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Allocates objects that survive a few young-generation collections: V8 grows the young generation. */
function growYoungGeneration(): void {
  let keep: Array<Array<{ i: number; s: string }>> = [];
  for (let round = 0; round < 4; round++) {
    keep.push(Array.from({ length: 100_000 }, (_, i) => ({ i, s: `x${i}` })));
    if (keep.length > 3) keep.shift();
  }
  keep = [];
}

describe('trimHeapWhenIdle', () => {
  it('gives an idle process its young generation back (the start-up growth of 2 x 16 MB)', async () => {
    growYoungGeneration();
    expect(newSpaceCommitted()).toBeGreaterThan(8 * 1024 * 1024);
    const stop = trimHeapWhenIdle({ checkMs: 250 });
    try {
      // V8 sizes the space from the allocation rate of the last 5 s of its collections' samples.
      const until = Date.now() + 30_000;
      while (newSpaceCommitted() > 4 * 1024 * 1024 && Date.now() < until) await sleep(250);
      expect(newSpaceCommitted()).toBeLessThanOrEqual(4 * 1024 * 1024);
    } finally {
      stop();
    }
  }, 45_000);

  it('never collects while the event loop is busy', async () => {
    growYoungGeneration();
    const calls: string[] = [];
    const stop = trimHeapWhenIdle({
      checkMs: 100,
      collector: { minor: () => calls.push('minor') },
    });
    try {
      // Busy: the loop runs 95% of the time for a second.
      let spins = 0;
      const until = Date.now() + 1_000;
      while (Date.now() < until) {
        const blockUntil = Date.now() + 95;
        while (Date.now() < blockUntil) spins++;
        await sleep(5);
      }
      expect(spins).toBeGreaterThan(0);
      expect(calls).toEqual([]);
    } finally {
      stop();
    }
  });
});
