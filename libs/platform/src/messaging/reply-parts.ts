import type { RpcDescriptor } from '@pc/contracts';
import type { PrebuiltJson } from './forwarded-json';

/**
 * Replies in parts: the one way an answer larger than one bus message crosses the bus (docs/messaging.md).
 * A handler opts in per route, for answers whose size its contract allows past the message limit (a stored
 * document of up to 5 MiB): it answers `inParts(answer)` on a route served as `answeredInParts(Descriptor)`.
 * When the reply's JSON is over the message limit, the transport cuts its UTF-8 bytes into parts of
 * `REPLY_PART_BYTES` and sends them one after the other to the request's reply subject (over NATS each
 * with the header `Pc-Part: <index>/<count>`; in process as `{id, part: [index, count], base64}`); the
 * caller's `BusClient` puts them together, in order, before it reads the reply, so callers see one reply.
 * A reply that would take more than `REPLY_MAX_PARTS` parts, and any other reply over the limit, is
 * refused as before (`replyTooLarge`).
 */
export class ReplyInParts<Res> {
  /** Only a type: which answer it holds. */
  declare readonly answer?: Res;

  constructor(readonly value: Res | PrebuiltJson<Res>) {}
}

/** The answer, sent in parts when it is larger than one bus message. */
export async function inParts<Res>(answer: Res | Promise<Res>): Promise<ReplyInParts<Res>> {
  return new ReplyInParts(await answer);
}

/**
 * The descriptor, typed for a handler that answers with `inParts` (the same object: the caller still
 * receives `Res`).
 */
export function answeredInParts<Req, Res>(
  descriptor: RpcDescriptor<Req, Res>,
): RpcDescriptor<Req, Res | ReplyInParts<Res>> {
  return descriptor;
}

/** The UTF-8 bytes of a reply each part carries at most: half the default message limit. */
export const REPLY_PART_BYTES = 512 * 1024;

/**
 * The most parts one reply may take (32 MiB of JSON: a 5 MiB text stays under it even if JSON escaped
 * every character). The NATS permissions let a serving app answer a request this many times
 * (`allow_responses`).
 */
export const REPLY_MAX_PARTS = 64;

/** The NATS header naming a part of a reply (`<index>/<count>`). */
export const REPLY_PART_HEADER = 'Pc-Part';

/** The reply's bytes cut into parts, or null when they would take more than `REPLY_MAX_PARTS`. */
export function replyParts(body: Uint8Array, partBytes = REPLY_PART_BYTES): Uint8Array[] | null {
  const count = Math.ceil(body.length / partBytes);
  if (count > REPLY_MAX_PARTS) return null;
  return Array.from({ length: count }, (_, i) => body.subarray(i * partBytes, (i + 1) * partBytes));
}

/** `<index>/<count>` of the `Pc-Part` header. */
export function partHeader(index: number, count: number): string {
  return `${index}/${count}`;
}

/**
 * The parts of one reply as they arrive (any order): `add` answers the whole reply's bytes once every
 * part is in, undefined before. A part that does not fit (out of range, a count that changed, more
 * than `REPLY_MAX_PARTS`) throws: the request fails rather than read a reply put together wrongly.
 */
export class ReplyParts {
  private parts: Array<Uint8Array | undefined> = [];
  private received = 0;

  add(index: number, count: number, bytes: Uint8Array): Uint8Array | undefined {
    const valid = Number.isInteger(index) && Number.isInteger(count) && index >= 0 && index < count;
    if (!valid || count > REPLY_MAX_PARTS || (this.parts.length > 0 && this.parts.length !== count))
      throw new Error(`malformed reply part ${index}/${count}`);
    if (this.parts.length === 0) this.parts = new Array<Uint8Array | undefined>(count);
    if (this.parts[index] !== undefined) throw new Error(`reply part ${index}/${count} came twice`);
    this.parts[index] = bytes;
    if (++this.received < count) return undefined;
    return Buffer.concat(this.parts as Uint8Array[]);
  }

  /** `add` for a `Pc-Part` header's value. */
  addHeader(header: string, bytes: Uint8Array): Uint8Array | undefined {
    const [index, count] = header.split('/').map(Number);
    return this.add(index, count, bytes);
  }
}
