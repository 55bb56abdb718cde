import { ClientNats, type NatsOptions, ServerNats } from '@nestjs/microservices';

type NatsConfig = Required<NatsOptions>['options'];

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
