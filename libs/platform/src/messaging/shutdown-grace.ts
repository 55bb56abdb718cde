import type { RpcErrorPayload } from '@pc/contracts';

/**
 * The answer of a request still running when its service stopped (its shutdown grace over), on either
 * bus: the caller may try again at once (503 at the gateway), rather than wait out its time-out (504).
 */
export const STOPPED: RpcErrorPayload = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service stopped before it finished the request; try again shortly',
  retryAfter: 5,
};

/** A promise and the function that resolves it: a request under way, settled once it is answered. */
export function settlement(): { answered: Promise<void>; settle: () => void } {
  let settle!: () => void;
  const answered = new Promise<void>((resolve) => (settle = resolve));
  return { answered, settle };
}

/** A promise resolved after `ms`, and the way to cancel it (a grace that ends early). */
export function timer(ms: number): { ended: Promise<void>; cancel: () => void } {
  let handle: NodeJS.Timeout | undefined;
  const ended = new Promise<void>((resolve) => (handle = setTimeout(resolve, ms)));
  return { ended, cancel: () => clearTimeout(handle) };
}
