import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How often an idle process looks at its heap. */
const CHECK_MS = 2_000;
/**
 * Below this share of one core's time used since the last check, the process is quiet. CPU time, not
 * the event loop's utilization: on a loaded machine a waiting loop counts as busy while the system
 * has not scheduled it yet, and the services' background work (outbox relays, pull loops) uses
 * 0.2-2% of a core.
 */
const QUIET_CPU = 0.1;
/** A young generation committed beyond this is given back when idle (V8 starts it at 1 MB a semi-space). */
const NEW_SPACE_BYTES = 4 * 1024 * 1024;

export interface Collector {
  /** A young-generation collection (a scavenge). */
  minor(): void;
}

let running: NodeJS.Timeout | undefined;

/**
 * Gives V8's young generation back once the process is idle (issue 24: idle memory at most 100 MB per
 * service). Start-up and load grow it to 2 x 16 MB; V8 shrinks it only in a collection that follows a
 * period of low allocation, or when its memory reducer happens to run, which in a process that serves
 * nothing it often never does: 30 s after start most services held 28-32 MB of an empty young
 * generation, 125-130 MB in all. Here, every `CHECK_MS` that the process was quiet while the young
 * generation is large, one young-generation collection (a few live objects, well under a millisecond
 * when idle): V8 sizes the space from the allocation rate of its last seconds of collections, so
 * once the idle ones cover them, a collection shrinks the space to 1 MB (about 5 s after the last
 * busy moment). A busy process is never touched, and V8 grows its young generation again under load as before: the
 * hot path keeps V8's default sizes, unlike `--max-semi-space-size`, which cost a busy gateway up to
 * twice the CPU on a 100-row list.
 *
 * One per process (idempotent), for processes that run alone (`exitOnSignal`), not the ones tests
 * start. Answers a function that stops it.
 */
export function trimHeapWhenIdle(options: { checkMs?: number; collector?: Collector } = {}): () => void {
  if (running) return stopTrimming;
  const collector = options.collector ?? v8Collector();
  const checkMs = options.checkMs ?? CHECK_MS;
  let last = process.cpuUsage();
  running = setInterval(() => {
    const used = process.cpuUsage(last);
    last = process.cpuUsage();
    const quiet = (used.user + used.system) / 1000 < QUIET_CPU * checkMs;
    if (quiet && newSpaceCommitted() > NEW_SPACE_BYTES) collector.minor();
  }, checkMs);
  running.unref();
  return stopTrimming;
}

function stopTrimming(): void {
  clearInterval(running);
  running = undefined;
}

/** What the young generation holds from the system: its semi-spaces as committed. */
export function newSpaceCommitted(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.physical_space_size ?? 0;
}

/**
 * V8's own collection function, without exposing `gc` on this process's global object: the flag is
 * set for the one context created to read it, then unset (a process started with `--expose-gc`
 * already has it).
 */
export function v8Collector(): Collector {
  type Gc = (options?: { type: 'minor' | 'major' }) => void;
  let gc = (globalThis as { gc?: Gc }).gc;
  if (typeof gc !== 'function') {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as Gc;
    setFlagsFromString('--no-expose-gc');
  }
  const collect = gc;
  return { minor: () => collect({ type: 'minor' }) };
}
