import type { RpcDescriptor } from '@pc/contracts';
import { ReplyInParts } from './reply-parts';

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

/**
 * A service's answer as the UTF-8 JSON bytes it arrived in, never decoded nor parsed
 * (`BusClient.forward`): what a pass-through route of the gateway sends on unchanged. `Res` is the
 * contract's type of that JSON.
 */
export class ForwardedJson<Res> {
  /** Only a type: which answer the JSON holds. */
  declare readonly answer?: Res;

  constructor(readonly json: Uint8Array) {}

  /** The bytes as a Buffer for an HTTP body, without copying them. */
  body(): Buffer {
    return Buffer.from(this.json.buffer, this.json.byteOffset, this.json.byteLength);
  }
}

/** The text `value` was parsed from, when it came over the bus unchanged. */
export function jsonTextOf(value: unknown): string | undefined {
  if (value instanceof ForwardedJson) return Buffer.from(value.json).toString('utf8');
  if (value instanceof PrebuiltJson) return value.text;
  return typeof value === 'object' && value !== null ? texts.get(value) : undefined;
}

/**
 * A reply a service built as JSON text itself (PostgreSQL's JSON functions, string building): both
 * transports send the text as it is, never parsing nor stringifying it again (`replyText`), and the
 * reply size limit applies to it as to any reply. The caller receives `Res`. Build the text only from
 * JSON that PostgreSQL or `JSON.stringify` produced: nothing checks it on the way out.
 */
export class PrebuiltJson<Res> {
  /** Only a type: which answer the JSON holds. */
  declare readonly answer?: Res;

  constructor(readonly text: string) {}
}

/** What a handler may answer for `Res`: the value, or its JSON text already built. */
export type Reply<Res> = Res | PrebuiltJson<Res>;

/**
 * The descriptor, typed for a handler that answers with `PrebuiltJson` (the same object: the caller
 * still receives `Res`).
 */
export function answeredAsJson<Req, Res>(
  descriptor: RpcDescriptor<Req, Res>,
): RpcDescriptor<Req, Reply<Res>> {
  return descriptor;
}

/** The JSON text of a handler's answer, as a transport sends it (empty for no answer). */
export function replyText(response: unknown): string {
  if (response instanceof ReplyInParts) return replyText(response.value);
  if (response instanceof PrebuiltJson) return response.text;
  return JSON.stringify(response) ?? '';
}
