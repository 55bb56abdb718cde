import type { AdapterError } from '@pc/outbound';

/**
 * `expectKind(call, kind)` for one adapter's error class: the call must fail with that adapter's error of
 * that kind (any other outcome fails the test); the error.
 */
export function kindExpecter<E extends AdapterError<string>>(
  errorClass: abstract new (...args: never[]) => E,
): (promise: Promise<unknown>, kind: E['kind']) => Promise<E> {
  return async (promise, kind) => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof errorClass) {
        expect(error.kind).toBe(kind);
        return error;
      }
      throw error;
    }
    throw new Error(`expected a ${errorClass.name} ${kind}`);
  };
}
