/**
 * Builds started in a burst while others stream (the spawner helper's measurement, docs/benchmarks.md):
 * in one process holding a worker-sized heap, 10 sandboxed builds print a line every 50 ms; 1.5 s in,
 * 20 more builds start at once. Figures: the delay from a streaming build's print (its own clock, on
 * the line) to the worker's output callback for the lines printed in the burst's second, and the
 * longest stalls of the process's event loop. No database, no bus: the build step alone.
 *
 * `node -r ./tools/register.js bench/build-burst.ts [tree]`: `tree` is the checkout whose build step
 * runs (default this one), so that an older tree (`git archive <commit>` with this node_modules linked)
 * can be measured by the same script, the two runs interleaved.
 */
import os from 'node:os';
import path from 'node:path';
import { percentile } from './harness';

interface BuildStep {
  build: (
    files: Map<string, Buffer>,
    options: {
      command: string;
      timeoutMs: number;
      path: string;
      cancelled: () => Promise<boolean>;
      progress: () => void;
      output: (line: string) => Promise<void>;
    },
  ) => Promise<unknown>;
}

async function main(): Promise<void> {
  const tree = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the tree measured is an argument
  const { build } = require(path.join(tree, 'apps/deployment-worker/src/pipeline/build')) as BuildStep;
  // The deployment worker holds about 220 MB resident: a heap of that order.
  const ballast = Array.from({ length: 900_000 }, (_, i) => ({ a: i, b: `x${i}` }));
  const printed: Array<[at: number, delay: number]> = [];
  const stalls: number[] = [];
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    const gap = now - last - 2;
    last = now;
    if (gap > 10) stalls.push(Math.round(gap));
  }, 2);
  const files = new Map([['a.txt', Buffer.from('x')]]);
  const options = (lines: number, record: boolean) => ({
    command: `i=0; while [ $i -lt ${lines} ]; do i=$((i+1)); echo "line $i $(date +%s%3N)"; sleep 0.05; done`,
    timeoutMs: 60_000,
    path: '/usr/local/bin:/usr/bin:/bin',
    cancelled: () => Promise.resolve(false),
    progress: () => undefined,
    output: (line: string) => {
      const stamp = / (\d{13})$/.exec(line);
      if (stamp && record) printed.push([Number(stamp[1]), Date.now() - Number(stamp[1])]);
      return Promise.resolve();
    },
  });
  let burstAt = 0;
  const streaming = Array.from({ length: 10 }, () => build(files, options(60, true)));
  const burst = new Promise((resolve) => setTimeout(resolve, 1500)).then(() => {
    burstAt = Date.now();
    return Promise.all(Array.from({ length: 20 }, () => build(files, options(1, false))));
  });
  await Promise.all([...streaming, burst]);
  clearInterval(tick);
  const delays = printed.filter(([at]) => at >= burstAt - 200 && at <= burstAt + 1000).map(([, d]) => d);
  stalls.sort((a, b) => b - a);
  process.stdout.write(
    `${JSON.stringify({
      tree,
      load: os.loadavg().map((l) => l.toFixed(1)),
      heapObjects: ballast.length,
      burstLines: delays.length,
      p50: percentile(delays, 50),
      p90: percentile(delays, 90),
      max: Math.max(...delays),
      longestStalls: stalls.slice(0, 3),
    })}\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
