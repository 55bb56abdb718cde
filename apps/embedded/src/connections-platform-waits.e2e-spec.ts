import { randomUUID } from 'node:crypto';
import { E2E_BUSES } from '@pc/testing';
import { type AnsweringPlatform, startAnsweringPlatform } from '@pc/gateway-platform/testing';
import { ConnectionsWorld, type Json, type TestUser } from './testing/connections-e2e';

/** The gateway's default wait on the bus here: shorter than a check of a slow platform takes. */
const BUS_TIMEOUT_MS = 2000;

/** The world, a user's custom domain allowed: a local platform that answers as slowly as a test says. */
class CustomDomainWorld extends ConnectionsWorld {
  platform!: AnsweringPlatform;

  protected override allowed(): string[] {
    return [new URL(this.platform.url).host];
  }
}

/**
 * A platform that is slow or does not answer, through the gateway: the user gets the credential check's
 * answer (a validation `timeout`, or the check's result however long the platform took within its
 * deadline), never a 504 after which the connection appears anyway. PLATFORM_TIMEOUT_MS is 1000 here.
 */
describe.each(E2E_BUSES)(
  'credential checks of a slow platform through the gateway over the %s bus',
  (kind) => {
    const world = new CustomDomainWorld();
    let owner: TestUser;

    beforeAll(async () => {
      world.platform = await startAnsweringPlatform();
      await world.start(kind, {}, {}, BUS_TIMEOUT_MS);
      owner = await world.newUser();
    });

    afterAll(async () => {
      await world.stop();
      await world.platform?.close();
    });

    beforeEach(() => {
      world.platform.answers.delay = null;
    });

    const credentials = (): Json => ({
      host: 'custom',
      customDomain: world.platform.url,
      clientId: 'client',
      clientSecret: 'client-secret',
      organizationId: 'root',
    });

    const createdAudit = async (connectionId: string): Promise<Json | undefined> => {
      for (let tries = 0; tries < 50; tries++) {
        const page = await world.http.get<Json>(
          `/api/admin/audit?actor=${owner.id}&action=connection.created`,
          { token: world.admin.token },
        );
        const entry = (page.body.entries as Json[]).find((e) => e.target_id === connectionId);
        if (entry) return entry;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return undefined;
    };

    it('answers a custom domain that stops answering with the validation timeout, and a create stores the connection once, audited', async () => {
      world.platform.answers.delay = (request) => (request.path === '/accounts/api/me' ? Infinity : 0);
      const validated = await world.http.post<Json>('/api/connections/validate', credentials(), {
        token: owner.token,
      });
      expect(validated.status).toBe(200);
      expect(validated.body).toEqual({
        ok: false,
        code: 'timeout',
        error: 'The platform did not answer in time: try again later',
      });

      const created = await world.http.post<Json>(
        '/api/connections',
        { name: 'Hanging domain', ...credentials() },
        { token: owner.token },
      );
      expect(created.status).toBe(200);
      expect(created.body.validation).toMatchObject({ ok: false, code: 'timeout' });
      expect(created.body.connection.validation_error).toBe(created.body.validation.error);
      expect(await createdAudit(created.body.connection.id)).toMatchObject({ target_type: 'connection' });
      // Nothing is left to finish later: the one connection is there, and stays the only one.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const list = await world.http.get<Json>('/api/connections', { token: owner.token });
      expect((list.body.connections as Json[]).filter((c) => c.name === 'Hanging domain')).toEqual([
        expect.objectContaining({ id: created.body.connection.id }),
      ]);
    });

    it('answers the check of a platform slower than the bus default, and syncs through it', async () => {
      // Each answer within PLATFORM_TIMEOUT_MS, the three of a check longer than the bus's default wait.
      world.platform.answers.delay = () => 800;
      const validated = await world.http.post<Json>('/api/connections/validate', credentials(), {
        token: owner.token,
      });
      expect(validated.status).toBe(200);
      expect(validated.body).toEqual({ ok: true, code: null, error: null });

      const created = await world.http.post<Json>(
        '/api/connections',
        { name: 'Slow domain', ...credentials() },
        { token: owner.token },
      );
      expect(created.status).toBe(200);
      expect(created.body.validation).toMatchObject({ ok: true });
      const synced = await world.http.post<Json>(
        `/api/connections/${created.body.connection.id}/sync`,
        {},
        { token: owner.token },
      );
      expect(synced.status).toBe(200);
      expect(synced.body.validation).toMatchObject({ ok: true });
    });

    /** A policy its owner may deploy, and a workspace of theirs: what a deployment request names. */
    const deployable = async (): Promise<{ policyId: string; workspaceId: string }> => ({
      policyId: await world.newPolicy(owner),
      workspaceId: await world.newWorkspace(owner),
    });

    /** A connection on the custom domain, created while it answers at once, with a client of its own (no token cached). */
    const connection = async (): Promise<string> => {
      const res = await world.http.post<Json>(
        '/api/connections',
        { name: `Custom ${Date.now()}`, ...credentials(), clientId: `client-${randomUUID()}` },
        { token: owner.token },
      );
      expect(res.status).toBe(200);
      return res.body.connection.id as string;
    };

    it("answers the eligible organizations of a custom domain that stops answering with the platform's timeout (502), for a list and for a deployment", async () => {
      const { policyId, workspaceId } = await deployable();
      const id = await connection();
      world.platform.answers.delay = (request) => (request.path === '/accounts/api/me' ? Infinity : 0);
      const timeout = {
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'The platform did not answer in time: try again later',
      };

      const deployment = await world.http.post<Json>(
        '/api/deployments',
        { policyId, connectionId: id, workspaceId, targetOrganizationIds: ['root'] },
        { token: owner.token },
      );
      expect(deployment.status).toBe(502);
      expect(deployment.body).toMatchObject(timeout);
      const eligible = await world.http.get<Json>(`/api/policies/${policyId}/orgs?connectionId=${id}`, {
        token: owner.token,
      });
      expect(eligible.status).toBe(502);
      expect(eligible.body).toMatchObject(timeout);
    });

    it('answers the eligible organizations of a custom domain slower than the bus default, for a list and for a deployment', async () => {
      const { policyId, workspaceId } = await deployable();
      const id = await connection();
      // Each answer within PLATFORM_TIMEOUT_MS, the three of a read longer than the bus's default wait.
      world.platform.answers.delay = () => 800;

      // Not one the credentials may deploy to (the platform names none): answered, nothing created.
      const deployment = await world.http.post<Json>(
        '/api/deployments',
        { policyId, connectionId: id, workspaceId, targetOrganizationIds: ['root'] },
        { token: owner.token },
      );
      expect(deployment.status).toBe(207);
      expect(deployment.body.results).toEqual([
        expect.objectContaining({ ok: false, organizationId: 'root', deployment: null }),
      ]);
      const eligible = await world.http.get<Json>(`/api/policies/${policyId}/orgs?connectionId=${id}`, {
        token: owner.token,
      });
      expect(eligible.status).toBe(200);
      expect(eligible.body).toEqual({ orgs: [], truncated: false });
    });
  },
);
