import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';

/** What the receiver kept of one message. */
interface ReceivedMessage {
  headers: Record<string, string>;
  body: string;
  /** Whether a signature matched one of the inbox's secrets (null: no secret given to verify with). */
  verified: boolean | null;
  error: string | null;
  received_at: string;
}

interface Inbox {
  secrets: string[];
  /** Answers 500 to this many messages first (a receiver that is down). */
  failNext: number;
  messages: ReceivedMessage[];
}

const MAX_INBOXES = 1000;
const MAX_MESSAGES = 100;
const HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'content-type', 'user-agent'];

/**
 * A webhook receiver as a customer would run one: `POST /webhook-receiver/<inbox>` verifies the Standard
 * Webhooks signature with the reference implementation (`standardwebhooks`) against the secrets set with
 * `PUT /_sandbox/webhooks/<inbox>` (401 when none matches, or the timestamp is stale), and keeps what it
 * got for `GET /_sandbox/webhooks/<inbox>`. In memory, bounded.
 */
export function registerWebhookReceiverRoutes(app: FastifyInstance): void {
  const inboxes = new Map<string, Inbox>();
  const inboxOf = (name: string): Inbox => {
    let inbox = inboxes.get(name);
    if (!inbox) {
      if (inboxes.size >= MAX_INBOXES) inboxes.delete(inboxes.keys().next().value!);
      inbox = { secrets: [], failNext: 0, messages: [] };
      inboxes.set(name, inbox);
    }
    return inbox;
  };

  void app.register((scope, _options, done) => {
    // The signature covers the body exactly as sent: keep it as text.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, next) =>
      next(null, body),
    );
    scope.post<{ Params: { inbox: string }; Body: string }>('/webhook-receiver/:inbox', (request, reply) => {
      const inbox = inboxOf(request.params.inbox);
      const headers: Record<string, string> = {};
      for (const name of HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const body = typeof request.body === 'string' ? request.body : '';
      let verified: boolean | null = null;
      let error: string | null = null;
      if (inbox.secrets.length > 0) {
        verified = inbox.secrets.some((secret) => {
          try {
            new Webhook(secret).verify(body, headers);
            return true;
          } catch (cause) {
            error = cause instanceof Error ? cause.message : String(cause);
            return false;
          }
        });
        if (verified) error = null;
      }
      inbox.messages.push({ headers, body, verified, error, received_at: new Date().toISOString() });
      if (inbox.messages.length > MAX_MESSAGES) inbox.messages.shift();
      if (verified === false) return reply.code(401).send({ message: error });
      if (inbox.failNext > 0) {
        inbox.failNext--;
        return reply.code(500).send({ message: 'receiver down (failNext)' });
      }
      return reply.code(204).send();
    });
    done();
  });

  app.put<{ Params: { inbox: string } }>('/_sandbox/webhooks/:inbox', (request, reply) => {
    const body = (request.body ?? {}) as { secrets?: unknown; failNext?: unknown };
    const secrets = body.secrets ?? [];
    const failNext = body.failNext ?? 0;
    if (!Array.isArray(secrets) || secrets.some((s) => typeof s !== 'string' || !s.startsWith('whsec_')))
      return reply.code(400).send({ message: 'secrets must be whsec_ strings' });
    if (typeof failNext !== 'number' || !Number.isInteger(failNext) || failNext < 0 || failNext > 100)
      return reply.code(400).send({ message: 'failNext must be an integer from 0 to 100' });
    const inbox = inboxOf(request.params.inbox);
    inbox.secrets = secrets as string[];
    inbox.failNext = failNext;
    return reply.send({ secrets: inbox.secrets.length, failNext });
  });

  app.get<{ Params: { inbox: string } }>('/_sandbox/webhooks/:inbox', (request) => ({
    messages: inboxes.get(request.params.inbox)?.messages ?? [],
  }));
}
