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

  it('leaves a young generation of its start size alone: nothing to give back, nothing done', async () => {
    const calls: string[] = [];
    const collector = { minor: () => calls.push('minor') };
    // Shrunk by the test above (or never grown): at most 4 MB.
    expect(newSpaceCommitted()).toBeLessThanOrEqual(4 * 1024 * 1024);
    const stop = trimHeapWhenIdle({ checkMs: 100, collector });
    try {
      await sleep(1_000);
      expect(calls).toEqual([]);
    } finally {
      stop();
    }
  });
});
