import { ClientNats, type NatsOptions, ServerNats, type WritePacket } from '@nestjs/microservices';
import type { RpcErrorPayload } from '@pc/contracts';
import { createLogger } from '../logging/logger';

type NatsConfig = Required<NatsOptions>['options'];
type Publisher = (response: WritePacket) => unknown;

const log = createLogger('bus');

/** NATS request/reply with every subject under a prefix (several environments can share a cluster). */
export class PrefixedServerNats extends ServerNats {
  constructor(
    options: NatsConfig,
    private readonly prefix: string,
  ) {
    super(options);
  }

  /** Also called on incoming subjects, which already carry the prefix: idempotent. */
  protected override normalizePattern(pattern: Parameters<ServerNats['normalizePattern']>[0]): string {
    const subject = super.normalizePattern(pattern);
    return subject.startsWith(this.prefix) ? subject : this.prefix + subject;
  }

  /**
   * A reply NATS refuses (larger than the server's max payload) must not take the process down: the
   * caller gets an INTERNAL error instead, and the failure is logged.
   */
  override getPublisher(...args: Parameters<ServerNats['getPublisher']>): Publisher {
    const publish = super.getPublisher(...args) as Publisher;
    const subject = (args[0] as { subject?: string }).subject;
    return (response: WritePacket) => {
      try {
        return publish(response);
      } catch (error) {
        log.error({ err: error, subject }, 'reply could not be sent');
        const err: RpcErrorPayload = { code: 'INTERNAL', message: 'The reply could not be sent' };
        return publish({ err, isDisposed: true });
      }
    };
  }
}

export class PrefixedClientNats extends ClientNats {
  constructor(
    options: NatsConfig,
    private readonly prefix: string,
  ) {
    super(options);
  }

  protected override normalizePattern(pattern: Parameters<ClientNats['normalizePattern']>[0]): string {
    return this.prefix + super.normalizePattern(pattern);
  }
}
