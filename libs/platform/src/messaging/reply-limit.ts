import type { RpcErrorPayload } from '@pc/contracts';
import { createLogger } from '../logging/logger';

const log = createLogger('bus');

/**
 * Bytes kept free below the bus's message limit for the reply's headers and framing, so that a reply
 * that passes this check is never refused by the NATS server.
 */
export const REPLY_HEADROOM_BYTES = 1024;

/**
 * A reply larger than the bus carries is never sent (NATS would refuse it and the caller would get a
 * 500 or a time-out): the server that built it logs why and answers a 4xx error instead. Lists are
 * paged within a byte budget well below this limit, so this is the last line of defence.
 */
export function replyTooLarge(subject: string, bytes: number, maxBytes: number): RpcErrorPayload {
  log.error(
    { subject, bytes, maxBytes },
    'reply refused: it is larger than the bus message limit (a list without a byte budget?)',
  );
  return {
    code: 'UNPROCESSABLE',
    message: 'The answer would be larger than the service may send; ask for a smaller page (limit)',
  };
}
