import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  CatalogEvents,
  DeploymentsEvents,
  FollowsRpc,
  IdentityRpc,
  type RequestContext,
  RulesetsEvents,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  WebhooksRpc,
} from '@pc/contracts';
import { generateKeyRingEntry } from '@pc/platform';
import { Webhook } from 'standardwebhooks';
import { codeOf, identityUnderTest } from '../testing/identity-under-test';
import { LoopbackServer } from '../testing/loopback-server';

type Answer = 'ok' | 'fail' | 'hang' | 'huge';

/** A receiver whose answer the test chooses. */
class Receiver extends LoopbackServer {
  answer: Answer = 'ok';
  /** Answers 503 to this many requests first, whatever `answer` says. */
  failNext = 0;
  requests = 0;
  /** Each request's headers and body, by webhook-id (the last attempt's). */
  readonly received = new Map<string, { headers: Record<string, string>; body: string }>();
  /** Every attempt, in order. */
  readonly attempts: Array<{ headers: Record<string, string>; body: string }> = [];

  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.requests++;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const request = { headers, body: Buffer.concat(chunks).toString('utf8') };
      this.received.set(headers['webhook-id'], request);
      this.attempts.push(request);
      if (this.failNext > 0) {
        this.failNext--;
        res.writeHead(503).end('down for maintenance');
      } else if (this.answer === 'ok') res.writeHead(200).end('thanks');
      else if (this.answer === 'fail') res.writeHead(503).end('down for maintenance');
      else if (this.answer === 'huge') res.writeHead(200).end(Buffer.alloc(1024 * 1024, 'x'));
      else setTimeout(() => res.writeHead(200).end('late'), 2000);
    });
  }
}

const receiver = new Receiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.close());

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe('webhook delivery (identity service, real PostgreSQL)', () => {
  // The receiver's port is known only once it listens: the allowlist names the host alone.
  const env = {
    OUTBOUND_ALLOWLIST: '127.0.0.1',
    WEBHOOKS_REQUIRE_HTTPS: 'false',
    WEBHOOKS_RETRY_BASE_MS: '20',
    WEBHOOKS_POLL_MS: '20',
    WEBHOOKS_MAX_ATTEMPTS: '3',
    WEBHOOKS_DISABLE_AFTER_FAILURES: '5',
    WEBHOOKS_TIMEOUT_MS: '300',
    WEBHOOKS_ENDPOINT_CONCURRENCY: '1',
  };
  const identity = identityUnderTest(env);

  const url = () => `http://127.0.0.1:${receiver.port}/hook`;

  async function endpointOf(session: RequestContext) {
    return identity.request(WebhooksRpc.create, session, { url: url(), event_types: ['webhook.ping'] });
  }

  async function settled(session: RequestContext, id: string, deliveryId: string, status: string) {
    return eventually(async () => {
      const page = await identity.request(WebhooksRpc.listDeliveries, session, { id });
      const delivery = page.deliveries.find((d) => d.id === deliveryId);
      return delivery?.status === status ? delivery : undefined;
    });
  }

  it('retries a failing receiver until it answers, each attempt with the same webhook-id and a valid signature; a redelivery sends once more', async () => {
    receiver.answer = 'ok';
    const user = await identity.newUser();
    const { endpoint, secret } = await endpointOf(user.session);
    receiver.failNext = 2;
    const { delivery } = await identity.request(WebhooksRpc.ping, user.session, { id: endpoint.id });
    const sent = await settled(user.session, endpoint.id, delivery.id, 'succeeded');
    expect(sent).toMatchObject({ attempts: 3, response_status: 200 });
    const attempts = () => receiver.attempts.filter((a) => a.headers['webhook-id'] === delivery.id);
    expect(attempts()).toHaveLength(3);
    for (const attempt of attempts())
      expect(new Webhook(secret).verify(attempt.body, attempt.headers)).toMatchObject({
        type: 'webhook.ping',
        data: { endpoint_id: endpoint.id },
      });
    // The log keeps each attempt, newest first: the two refusals and the answer, in the order sent.
    const { attempts: log } = await identity.request(WebhooksRpc.listAttempts, user.session, {
      id: endpoint.id,
      delivery_id: delivery.id,
    });
    expect(log).toMatchObject([
      { attempt: 3, response_status: 200, response_excerpt: 'thanks', error: null },
      { attempt: 2, response_status: 503, response_excerpt: 'down for maintenance', error: null },
      { attempt: 1, response_status: 503, response_excerpt: 'down for maintenance', error: null },
    ]);
    const times = log.map((a) => Date.parse(a.started_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const attempt of log) expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
    // Another user reads none of it.
    const other = await identity.newUser();
    expect(
      await codeOf(
        identity.request(WebhooksRpc.listAttempts, other.session, {
          id: endpoint.id,
          delivery_id: delivery.id,
        }),
      ),
    ).toBe('NOT_FOUND');

    await identity.request(WebhooksRpc.redeliver, user.session, {
      id: endpoint.id,
      delivery_id: delivery.id,
    });
    await eventually(() => Promise.resolve(attempts().length === 4 ? true : undefined));
    expect((await settled(user.session, endpoint.id, delivery.id, 'succeeded')).attempts).toBe(4);
    const again = attempts()[3];
    expect(() => new Webhook(secret).verify(again.body, again.headers)).not.toThrow();
  });

  it('signs with both secrets during a rotation overlap, and with the new one alone after a rotation without one', async () => {
    receiver.answer = 'ok';
    const user = await identity.newUser();
    const { endpoint, secret: first } = await endpointOf(user.session);
    const rotated = await identity.request(WebhooksRpc.rotateSecret, user.session, {
      id: endpoint.id,
      overlap_seconds: 3600,
    });
    expect(rotated.secret).not.toBe(first);
    expect(rotated.endpoint.previous_secret_expires_at).not.toBeNull();
    const signedBy = async (keys: string[]) => {
      const { delivery } = await identity.request(WebhooksRpc.ping, user.session, { id: endpoint.id });
      await settled(user.session, endpoint.id, delivery.id, 'succeeded');
      const message = receiver.received.get(delivery.id)!;
      return keys.map((key) => {
        try {
          new Webhook(key).verify(message.body, message.headers);
          return true;
        } catch {
          return false;
        }
      });
    };
    expect(await signedBy([first, rotated.secret])).toEqual([true, true]);
    const third = await identity.request(WebhooksRpc.rotateSecret, user.session, {
      id: endpoint.id,
      overlap_seconds: 0,
    });
    expect(await signedBy([first, rotated.secret, third.secret])).toEqual([false, false, true]);
  });

  it('records why no response came for each attempt to a port nobody listens on', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const user = await identity.newUser();
    const { endpoint } = await identity.request(WebhooksRpc.create, user.session, {
      url: `http://127.0.0.1:${port}/gone`,
      event_types: ['webhook.ping'],
    });
    const { delivery } = await identity.request(WebhooksRpc.ping, user.session, { id: endpoint.id });
    await settled(user.session, endpoint.id, delivery.id, 'failed');
    const { attempts } = await identity.request(WebhooksRpc.listAttempts, user.session, {
      id: endpoint.id,
      delivery_id: delivery.id,
    });
    expect(attempts.map((a) => a.attempt)).toEqual([3, 2, 1]);
    for (const attempt of attempts)
      expect(attempt).toMatchObject({
        response_status: null,
        response_excerpt: null,
        error: expect.any(String),
      });
  });

  it('gives up after WEBHOOKS_MAX_ATTEMPTS, keeping the last answer in the log', async () => {
    receiver.answer = 'fail';
    const user = await identity.newUser();
    const { endpoint } = await endpointOf(user.session);
    const { delivery } = await identity.request(WebhooksRpc.ping, user.session, { id: endpoint.id });
    const failed = await settled(user.session, endpoint.id, delivery.id, 'failed');
    expect(failed).toMatchObject({
      attempts: 3,
      response_status: 503,
      response_excerpt: 'down for maintenance',
    });
    expect(failed.next_attempt_at).toBeNull();
  });

  it('disables an endpoint after its run of failures, notifies its owner, and sends again once re-enabled', async () => {
    receiver.answer = 'fail';
    const user = await identity.newUser();
    // Its query carries the receiver's token: the notice names the address without it.
    const { endpoint } = await identity.request(WebhooksRpc.create, user.session, {
      url: `${url()}?token=receiver-token-1`,
      event_types: ['webhook.ping'],
    });
    await identity.request(WebhooksRpc.ping, user.session, { id: endpoint.id });
    await identity.request(WebhooksRpc.ping, user.session, { id: endpoint.id });
    const disabled = await eventually(async () => {
      const { endpoint: now } = await identity.request(WebhooksRpc.get, user.session, { id: endpoint.id });
      return now.status === 'disabled' ? now : undefined;
    });
    expect(disabled.disabled_reason).toMatch(/5 failed attempts in a row/);
    // The owner is told right after the endpoint is disabled (its own statement).
    const told = await eventually(async () => {
      const { notifications } = await identity.request(IdentityRpc.listNotifications, user.session, {});
      const found = notifications.filter((n) => n.kind === 'webhook_disabled');
      return found.length > 0 ? found : undefined;
    });
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain(url());
    expect(told[0].body).not.toContain('receiver-token-1');
    // The sixth attempt waits for the owner.
    const page = await identity.request(WebhooksRpc.listDeliveries, user.session, { id: endpoint.id });
    expect(page.deliveries.reduce((sum, d) => sum + d.attempts, 0)).toBe(5);
    const pending = page.deliveries.find((d) => d.status === 'pending');
    expect(pending).toBeDefined();

    receiver.answer = 'ok';
    const enabled = await identity.request(WebhooksRpc.update, user.session, {
      id: endpoint.id,
      enabled: true,
    });
    expect(enabled.endpoint).toMatchObject({
      status: 'active',
      consecutive_failures: 0,
      disabled_reason: null,
    });
    await settled(user.session, endpoint.id, pending!.id, 'succeeded');
  });

  it('never lets a slow or huge answer hold a worker: both fail the attempt within the timeout', async () => {
    const user = await identity.newUser();
    const { endpoint } = await endpointOf(user.session);
    receiver.answer = 'hang';
    const slow = await identity.request(WebhooksRpc.ping, user.session, { id: endpoint.id });
    const timedOut = await eventually(async () => {
      const page = await identity.request(WebhooksRpc.listDeliveries, user.session, { id: endpoint.id });
      const d = page.deliveries.find((x) => x.id === slow.delivery.id);
      return d && d.attempts >= 1 && d.response_excerpt ? d : undefined;
    });
    expect(timedOut.response_excerpt).toMatch(/did not answer within 300 ms/);
    expect(timedOut.duration_ms).toBeLessThan(2000);

    receiver.answer = 'huge';
    const huge = await identity.request(WebhooksRpc.ping, user.session, { id: endpoint.id });
    const tooLarge = await eventually(async () => {
      const page = await identity.request(WebhooksRpc.listDeliveries, user.session, { id: endpoint.id });
      const d = page.deliveries.find((x) => x.id === huge.delivery.id);
      return d?.response_excerpt ? d : undefined;
    });
    expect(tooLarge.response_excerpt).toMatch(/exceeds/);
    receiver.answer = 'ok';
  });

  it('sends at most WEBHOOKS_ENDPOINT_CONCURRENCY attempts to one endpoint at once', async () => {
    const user = await identity.newUser();
    const { endpoint } = await endpointOf(user.session);
    receiver.answer = 'hang';
    try {
      const pings = await Promise.all(
        [1, 2, 3].map(() => identity.request(WebhooksRpc.ping, user.session, { id: endpoint.id })),
      );
      // The sender's own record of each attempt (when it began, how long it was under way), once each
      // delivery's first ended: none began before the one before it ended. (The receiver hears a
      // timed-out attempt's connection close only when its event loop gets to it, which on a busy
      // machine can be after the next attempt arrived.)
      const attempts = await eventually(async () => {
        const rows = await identity.sql<{ delivery_id: string; started: number; ended: number }>(
          `SELECT delivery_id, extract(epoch FROM started_at) * 1000 AS started,
                  extract(epoch FROM started_at) * 1000 + duration_ms AS ended
             FROM identity.webhook_delivery_attempts
            WHERE delivery_id = ANY ($1::uuid[]) ORDER BY started_at`,
          [pings.map((p) => p.delivery.id)],
        );
        return new Set(rows.map((row) => row.delivery_id)).size === 3 ? rows : undefined;
      });
      expect(attempts.length).toBeGreaterThanOrEqual(3);
      const overlaps = attempts.filter(
        (a, i) => i > 0 && Number(a.started) < Number(attempts[i - 1].ended) - 1,
      );
      expect(overlaps).toEqual([]);
    } finally {
      receiver.answer = 'ok';
    }
  });

  describe("fed by the owning services' durable events", () => {
    /** A user with an endpoint subscribed to every event type a user may take. */
    async function subscriber() {
      const user = await identity.newUser();
      const { endpoint, secret } = await identity.request(WebhooksRpc.create, user.session, {
        url: url(),
        event_types: WEBHOOK_EVENT_TYPES.filter((t) => t !== 'idea.delivered' && t !== 'webhook.ping'),
      });
      return { ...user, endpoint, secret };
    }

    /** An endpoint's deliveries of an event (read in the table: a workspace's has no owner here). */
    async function deliveriesOf(who: { endpoint: { id: string } }, eventId: string) {
      return identity.sql<{ id: string; status: string }>(
        `SELECT id, status FROM identity.webhook_deliveries WHERE endpoint_id = $1 AND event_id = $2`,
        [who.endpoint.id, eventId],
      );
    }

    /** The one delivery of an event to an endpoint, once sent: its signed message's type and data. */
    async function deliveredTo(
      who: { endpoint: { id: string }; secret: string },
      eventId: string,
    ): Promise<{ type: WebhookEventType; data: Record<string, unknown> }> {
      const delivery = await eventually(async () => {
        const found = await deliveriesOf(who, eventId);
        return found.length === 1 && found[0].status === 'succeeded' ? found[0] : undefined;
      });
      const message = receiver.received.get(delivery.id)!;
      return new Webhook(who.secret).verify(message.body, message.headers) as {
        type: WebhookEventType;
        data: Record<string, unknown>;
      };
    }

    it('delivers each event type to the user it concerns, once per event id, with its versioned payload', async () => {
      const author = await subscriber();
      const bystander = await subscriber();
      const ids = () => randomUUID();
      const cases: Array<[string, () => Promise<void>, WebhookEventType, Record<string, unknown>]> = [];
      const policyId = randomUUID();
      const rulesetId = randomUUID();

      const decided = ids();
      cases.push([
        decided,
        () =>
          identity.publish(CatalogEvents.reviewDecided, decided, {
            submission_id: policyId,
            kind: 'revision',
            decision: 'rejected',
            policy_id: policyId,
            policy_name: 'Rate Guard',
            author_id: author.id,
            feedback: 'Not yet',
          }),
        'submission.decided',
        { asset_type: 'policy', kind: 'revision', decision: 'rejected', resource_name: 'Rate Guard' },
      ]);
      const rulesetDecided = ids();
      cases.push([
        rulesetDecided,
        () =>
          identity.publish(RulesetsEvents.reviewDecided, rulesetDecided, {
            submission_id: rulesetId,
            decision: 'needs_improvement',
            ruleset_id: rulesetId,
            ruleset_name: 'Payments Rules',
            author_id: author.id,
            feedback: 'More examples',
          }),
        'submission.decided',
        { asset_type: 'ruleset', decision: 'needs_improvement', feedback: 'More examples' },
      ]);
      const offered = ids();
      cases.push([
        offered,
        () =>
          identity.publish(CatalogEvents.transferOffered, offered, {
            transfer_id: offered,
            resource_type: 'policy',
            resource_id: policyId,
            resource_name: 'Rate Guard',
            from_user_id: bystander.id,
            to_user_id: author.id,
            expires_at: new Date().toISOString(),
          }),
        'transfer.offered',
        { transfer_id: offered, from_user_id: bystander.id },
      ]);
      const commented = ids();
      cases.push([
        commented,
        () =>
          identity.publish(CatalogEvents.policyCommented, commented, {
            comment_id: commented,
            policy_id: policyId,
            policy_name: 'Rate Guard',
            policy_owner_id: author.id,
            author_id: bystander.id,
            excerpt: 'Works well',
          }),
        'comment.created',
        { comment_id: commented, excerpt: 'Works well' },
      ]);
      const failed = ids();
      // A workspace's events reach its author's own endpoints while they are a member of it.
      const workspaceId = randomUUID();
      identity.role(author.id, workspaceId, 'member');
      const deployment = {
        deployment_id: randomUUID(),
        asset_type: 'policy' as const,
        policy_id: policyId,
        ruleset_id: null,
        workspace_id: workspaceId,
        connection_id: randomUUID(),
        platform_org_id: 'org-1',
        created_by: author.id,
      };
      cases.push([
        failed,
        () => identity.publish(DeploymentsEvents.deploymentFailed, failed, { ...deployment, error: 'boom' }),
        'deployment.failed',
        { deployment_id: deployment.deployment_id, error: 'boom' },
      ]);
      const drift = ids();
      cases.push([
        drift,
        () =>
          identity.publish(DeploymentsEvents.driftDetected, drift, {
            ...deployment,
            found: 'deleted',
            status: 'removed',
          }),
        'deployment.drift_detected',
        { found: 'deleted', status: 'removed' },
      ]);

      for (const [eventId, publish, type, data] of cases) {
        await publish();
        await publish(); // redelivered: nothing more
        const message = await deliveredTo(author, eventId);
        expect(message).toMatchObject({ type, data });
        expect(await deliveriesOf(author, eventId)).toHaveLength(1);
        expect(await deliveriesOf(bystander, eventId)).toHaveLength(0);
      }
      // Of a workspace they are no longer a member of (disabled, or never were): nothing on their own.
      const elsewhere = ids();
      await identity.publish(DeploymentsEvents.deploymentFailed, elsewhere, {
        ...deployment,
        workspace_id: randomUUID(),
        error: 'boom',
      });
      const after = ids();
      await identity.publish(DeploymentsEvents.deploymentFailed, after, { ...deployment, error: 'later' });
      expect(await deliveredTo(author, after)).toMatchObject({ data: { error: 'later' } });
      expect(await deliveriesOf(author, elsewhere)).toHaveLength(0);
      // A review's decision also reaches the submitter's inbox, once per event (published twice above),
      // with the reviewer's feedback; nobody else's.
      const inbox = await identity.request(IdentityRpc.listNotifications, author.session, {});
      expect(inbox.notifications.filter((n) => n.kind === 'review_decided')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            title: 'Your change to Rate Guard was rejected',
            body: 'The reviewer wrote: Not yet',
            data: {
              assetType: 'policy',
              resourceId: policyId,
              submissionId: policyId,
              kind: 'revision',
              decision: 'rejected',
            },
          }),
          expect.objectContaining({
            title: 'Your ruleset Payments Rules needs improvement',
            body: 'The reviewer wrote: More examples',
            data: expect.objectContaining({ assetType: 'ruleset', resourceId: rulesetId }),
          }),
        ]),
      );
      expect(inbox.notifications.filter((n) => n.kind === 'review_decided')).toHaveLength(2);
      const theirs = await identity.request(IdentityRpc.listNotifications, bystander.session, {});
      expect(theirs.notifications.filter((n) => n.kind === 'review_decided')).toEqual([]);
    });

    it('delivers a new version to the users and workspaces that deployed it or follow it, once each, and to no one else', async () => {
      const deployer = await subscriber();
      const other = await subscriber();
      const team = await subscriber();
      const follower = await subscriber();
      const workspaceId = randomUUID();
      identity.role(deployer.id, workspaceId, 'member');
      // The team's endpoint as a workspace endpoint (the workspaces service, absent here, vouches for owners).
      await identity.sql(`UPDATE identity.webhook_endpoints SET workspace_id = $2 WHERE id = $1`, [
        team.endpoint.id,
        workspaceId,
      ]);
      const policyId = randomUUID();
      const succeeded = randomUUID();
      await identity.publish(DeploymentsEvents.deploymentSucceeded, succeeded, {
        deployment_id: randomUUID(),
        asset_type: 'policy',
        policy_id: policyId,
        ruleset_id: null,
        workspace_id: workspaceId,
        connection_id: randomUUID(),
        platform_org_id: 'org-1',
        created_by: deployer.id,
      });
      expect(await deliveredTo(deployer, succeeded)).toMatchObject({ type: 'deployment.succeeded' });
      expect(await deliveredTo(team, succeeded)).toMatchObject({ type: 'deployment.succeeded' });

      // Follows (the catalog, absent here, would vouch that they see the policy): the deployer follows it
      // too, and still gets one message per version.
      for (const who of [follower, deployer])
        await identity.sql(
          `INSERT INTO identity.follows (user_id, asset_type, resource_id) VALUES ($1, 'policy', $2)`,
          [who.id, policyId],
        );

      const version = randomUUID();
      await identity.publish(CatalogEvents.versionPublished, version, {
        policy_id: policyId,
        policy_name: 'Rate Guard',
        commit: 'a'.repeat(40),
        content_digest: null,
        how: 'review',
      });
      for (const who of [deployer, team, follower]) {
        expect(await deliveredTo(who, version)).toMatchObject({
          type: 'version.published',
          data: { asset_type: 'policy', resource_id: policyId, commit: 'a'.repeat(40), version: null },
        });
      }
      expect(await deliveriesOf(other, version)).toHaveLength(0);
    });

    it("delivers a ruleset's new version to those who follow it (the rulesets service vouching that they see it), and to no one else", async () => {
      const [follower, other] = await Promise.all([subscriber(), subscriber()]);
      const rulesetId = randomUUID();
      identity.peers.visible.add(rulesetId);
      await identity.request(FollowsRpc.follow, follower.session, { asset_type: 'ruleset', id: rulesetId });
      const version = randomUUID();
      await identity.publish(RulesetsEvents.versionPublished, version, {
        ruleset_id: rulesetId,
        ruleset_name: 'Payments Rules',
        version: '1.2.0',
        commit: 'b'.repeat(40),
        submission_id: randomUUID(),
        how: 'review',
      });
      expect(await deliveredTo(follower, version)).toMatchObject({
        type: 'version.published',
        data: { asset_type: 'ruleset', resource_id: rulesetId, version: '1.2.0', commit: 'b'.repeat(40) },
      });
      expect(await deliveriesOf(other, version)).toHaveLength(0);
    });
  });

  it('stores signing secrets sealed; seals one kept in plaintext and re-seals under a new first key at start', async () => {
    const user = await identity.newUser();
    const { endpoint, secret } = await endpointOf(user.session);
    const legacy = await endpointOf(user.session);
    const stored = async (id: string) =>
      (
        await identity.sql<{ secret: string | null; secret_key_id: string; secret_ciphertext: Buffer }>(
          `SELECT secret, secret_key_id, secret_ciphertext FROM identity.webhook_endpoints WHERE id = $1`,
          [id],
        )
      )[0];
    const sealed = await stored(endpoint.id);
    expect(sealed).toMatchObject({ secret: null, secret_key_id: 'test' });
    expect(sealed.secret_ciphertext.toString('latin1')).not.toContain(secret.slice(6));
    // What an endpoint written before sealing looks like: the secret in plaintext, no ciphertext.
    await identity.sql(
      `UPDATE identity.webhook_endpoints SET secret = $2, secret_key_id = NULL, secret_ciphertext = NULL WHERE id = $1`,
      [legacy.endpoint.id, legacy.secret],
    );

    const rotated = `${generateKeyRingEntry('next')},${identity.webhookKeys}`;
    await identity.restart({ ...env, WEBHOOKS_ENCRYPTION_KEYS: rotated });
    for (const id of [endpoint.id, legacy.endpoint.id]) {
      expect(await stored(id)).toMatchObject({ secret: null, secret_key_id: 'next' });
    }
    for (const [id, key] of [
      [endpoint.id, secret],
      [legacy.endpoint.id, legacy.secret],
    ]) {
      const { delivery } = await identity.request(WebhooksRpc.ping, user.session, { id });
      await settled(user.session, id, delivery.id, 'succeeded');
      const message = receiver.received.get(delivery.id)!;
      expect(() => new Webhook(key).verify(message.body, message.headers)).not.toThrow();
    }
  });

  it('refuses an http URL when WEBHOOKS_REQUIRE_HTTPS, unknown event types and a bad rotation overlap', async () => {
    await identity.restart({ OUTBOUND_ALLOWLIST: '127.0.0.1', WEBHOOKS_REQUIRE_HTTPS: 'true' });
    const user = await identity.newUser();
    expect(
      await codeOf(
        identity.request(WebhooksRpc.create, user.session, { url: url(), event_types: ['webhook.ping'] }),
      ),
    ).toBe('BAD_REQUEST');
    expect(
      await codeOf(
        identity.request(WebhooksRpc.create, user.session, {
          url: 'https://127.0.0.1/hook',
          event_types: ['nothing.happened' as 'webhook.ping'],
        }),
      ),
    ).toBe('BAD_REQUEST');
    const { endpoint } = await identity.request(WebhooksRpc.create, user.session, {
      url: 'https://127.0.0.1/hook',
      event_types: ['webhook.ping'],
    });
    expect(
      await codeOf(
        identity.request(WebhooksRpc.rotateSecret, user.session, { id: endpoint.id, overlap_seconds: -1 }),
      ),
    ).toBe('BAD_REQUEST');
    const rows = await identity.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM identity.webhook_endpoints WHERE user_id = $1`,
      [user.id],
    );
    expect(rows[0].n).toBe(1);
  });
});
