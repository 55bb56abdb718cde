import { MINUTE_MS } from '@pc/platform';

let addressCounter = 0;
/** A fresh client address (TEST-NET-3), as a proxy in front of the gateway would report it. */
export const newClientAddress = (): string => `203.0.113.${++addressCounter}`;

/**
 * Runs a test of per-minute (or per-hour) budgets once more when it failed across a window's end: the
 * windows are aligned to the clock, so calls that straddle one are counted in two budgets. The second
 * run starts just after that end, a minute before the next.
 */
export async function inOneWindow(run: () => Promise<void>): Promise<void> {
  const start = Date.now();
  try {
    await run();
  } catch (error) {
    if (Math.floor(start / MINUTE_MS) === Math.floor(Date.now() / MINUTE_MS)) throw error;
    await run();
  }
}
