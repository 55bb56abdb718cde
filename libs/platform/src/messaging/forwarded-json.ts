/**
 * The JSON text a reply arrived in, kept beside the parsed reply, so that the gateway can send a
 * service's answer on as it came instead of serializing it a second time. The parsed object is frozen
 * (its top level), so the text cannot silently go stale.
 */
const texts = new WeakMap<object, string>();

export function withJsonText<T>(value: T, text: string): T {
  if (typeof value === 'object' && value !== null) {
    texts.set(value, text);
    Object.freeze(value);
  }
  return value;
}

/** The text `value` was parsed from, when it came over the bus unchanged. */
export function jsonTextOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? texts.get(value) : undefined;
}
