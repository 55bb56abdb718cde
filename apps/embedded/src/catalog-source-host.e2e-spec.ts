import { BUSES, catalogE2e, type Json } from './testing/catalog-e2e';

// What the catalog reads from the source host (issues, branches, downloads) and how it answers when the host fails.
describe.each(BUSES)('catalog source host through the gateway over the %s bus', (kind) => {
  // Short, so that a source host that never answers is given up on well within the bus timeout.
  const t = catalogE2e(kind, { sourceHostTimeoutMs: 1000 });
  const { newUser, newRepo, published } = t;

  describe('source host checks and the rest', () => {
    it('reports issues, branches, downloads, reviewer status, and 404 for the orgs of a connection that does not exist', async () => {
      const user = await newUser();
      const { policyId } = await published(user.token);
      expect((await t.http.get<Json>(`/api/policies/${policyId}/issues-enabled`)).body).toEqual({
        enabled: true,
      });
      const branches = await t.http.get<Json>(`/api/policies/${policyId}/branches`, { token: user.token });
      expect(branches.body.defaultBranch).toBe('main');
      expect(
        (await t.http.post(`/api/policies/${policyId}/download`, {}, { token: user.token })).status,
      ).toBe(200);
      expect(
        (await t.http.get<Json>(`/api/policies/${policyId}/reviewers/me`, { token: user.token })).body,
      ).toEqual({ isReviewer: false });
      expect(
        (await t.http.get<Json>(`/api/policies/${policyId}/reviewers/me`, { cookie: t.admin })).body,
      ).toEqual({ isReviewer: true });
      const orgs = await t.http.get<Json>(`/api/policies/${policyId}/orgs?connectionId=${user.id}`, {
        token: user.token,
      });
      expect(orgs.status).toBe(404);
    });
  });

  // The source host adapter and the gateway's validation do not depend on the bus: once is enough.
  if (kind === 'nats') {
    describe('source host failures', () => {
      afterEach(() => t.control.clearFaults());

      it.each(['error', 'rate_limit', 'timeout'] as const)(
        'answers 502 UPSTREAM_UNAVAILABLE for branches when the host fails (%s)',
        async (fault) => {
          const user = await newUser();
          const { policyId } = await published(user.token);
          await t.control.injectFault({ system: 'source_host', kind: fault });
          const res = await t.http.get<Json>(`/api/policies/${policyId}/branches`, { token: user.token });
          expect(res.status).toBe(502);
          expect(res.body).toMatchObject({ statusCode: 502, code: 'UPSTREAM_UNAVAILABLE' });
          if (fault === 'rate_limit') expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          await t.control.clearFaults();
          expect((await t.http.get(`/api/policies/${policyId}/branches`, { token: user.token })).status).toBe(
            200,
          );
          expect((await t.http.get<Json>(`/api/policies/${policyId}/issues-enabled`)).body.enabled).toBe(
            true,
          );
        },
        20000,
      );

      it('answers 404 CATALOG.REPOSITORY_GONE when the repository was deleted or made private', async () => {
        const user = await newUser();
        const gone = await published(user.token);
        const hidden = await published(user.token);
        const nameOf = async (policyId: string): Promise<string> =>
          new URL((await t.http.get<Json>(`/api/policies/${policyId}`)).body.policy.source_host_url).pathname
            .split('/')
            .pop()!;
        await t.control.deleteRepository('community', await nameOf(gone.policyId));
        await t.control.updateRepository('community', await nameOf(hidden.policyId), { private: true });
        for (const { policyId } of [gone, hidden]) {
          const res = await t.http.get<Json>(`/api/policies/${policyId}/branches`, { token: user.token });
          expect(res.status).toBe(404);
          expect(res.body.code).toBe('CATALOG.REPOSITORY_GONE');
          expect((await t.http.get(`/api/policies/${policyId}`)).status).toBe(200);
        }
      });

      it('remembers a failed issue-tracker check for a while instead of asking the host on every request', async () => {
        const user = await newUser();
        const { policyId } = await published(user.token);
        await t.control.injectFault({ system: 'source_host', kind: 'error' });
        expect((await t.http.get<Json>(`/api/policies/${policyId}/issues-enabled`)).body.enabled).toBeNull();
        await t.control.clearFaults();
        expect((await t.http.get<Json>(`/api/policies/${policyId}/issues-enabled`)).body.enabled).toBeNull();
      });

      it('answers 502 (not a 400 blaming the repository) when validating while the host fails', async () => {
        const user = await newUser();
        const url = await newRepo();
        await t.control.injectFault({ system: 'source_host', kind: 'error' });
        const validate = await t.http.post<Json>(
          '/api/submissions/validate',
          { sourceHostUrl: url },
          { token: user.token },
        );
        expect(validate.status).toBe(502);
        const create = await t.http.post<Json>(
          '/api/submissions',
          { name: 'Unlucky Guard', description: 'Submitted while the host is down.', sourceHostUrl: url },
          { token: user.token },
        );
        expect(create.status).toBe(502);
        expect(create.body.code).toBe('UPSTREAM_UNAVAILABLE');
        await t.control.clearFaults();
        expect((await t.http.get<Json>('/api/submissions', { token: user.token })).body.submissions).toEqual(
          [],
        );
      });
    });
  }
});
