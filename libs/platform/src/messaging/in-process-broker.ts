import { setImmediate } from 'node:timers';

type Reply = (raw: string) => void;

/** The NATS server's default max payload: the in-process bus refuses what NATS would refuse. */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;

export class PayloadTooLargeError extends Error {
  constructor(bytes: number) {
    super(`MAX_PAYLOAD_EXCEEDED: ${bytes} bytes exceed ${MAX_PAYLOAD_BYTES}`);
    this.name = 'PayloadTooLargeError';
  }
}
type Deliver = (raw: string, reply?: Reply) => void;

interface Subscription {
  group: string | null;
  deliver: Deliver;
}

/**
 * The in-process stand-in for NATS, with the same delivery rules: a message published on a subject
 * reaches every plain subscriber and exactly one member of each queue group (round robin). Payloads
 * cross it as strings, so the serialization is as strict as on the wire, and delivery is always
 * asynchronous, as it is over a socket.
 */
export class InProcessBroker {
  private readonly subjects = new Map<string, Subscription[]>();
  private readonly cursors = new Map<string, number>();

  subscribe(subject: string, group: string | null, deliver: Deliver): () => void {
    const subs = this.subjects.get(subject) ?? [];
    const sub: Subscription = { group, deliver };
    subs.push(sub);
    this.subjects.set(subject, subs);
    return () => {
      const current = this.subjects.get(subject) ?? [];
      this.subjects.set(
        subject,
        current.filter((s) => s !== sub),
      );
    };
  }

  /** Returns how many subscribers the message reached; 0 is "no responders". */
  publish(subject: string, raw: string, reply?: Reply): number {
    const bytes = Buffer.byteLength(raw);
    if (bytes > MAX_PAYLOAD_BYTES) throw new PayloadTooLargeError(bytes);
    const targets = this.pick(subject);
    for (const target of targets) setImmediate(() => target.deliver(raw, reply));
    return targets.length;
  }

  private pick(subject: string): Subscription[] {
    const subs = this.subjects.get(subject) ?? [];
    const plain = subs.filter((s) => s.group === null);
    const groups = new Map<string, Subscription[]>();
    for (const s of subs) {
      if (s.group === null) continue;
      groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
    }
    const chosen = [...plain];
    for (const [group, members] of groups) {
      const key = `${subject}\u0000${group}`;
      const cursor = this.cursors.get(key) ?? 0;
      chosen.push(members[cursor % members.length]);
      this.cursors.set(key, cursor + 1);
    }
    return chosen;
  }
}
