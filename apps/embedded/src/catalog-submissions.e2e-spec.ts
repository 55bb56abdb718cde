import { Client } from 'pg';
import { BUSES, catalogE2e, eventually, type Json } from './testing/catalog-e2e';

// Validating, submitting and reviewing policies, split repositories and the submission limits.
describe.each(BUSES)('catalog submissions through the gateway over the %s bus', (kind) => {
  const t = catalogE2e(kind);
  const { newUser, newRepo, submit, splitRepos } = t;

  describe('submissions and review', () => {
    it('refuses a repository without a definition with 400 listing the problem', async () => {
      const user = await newUser();
      const url = await newRepo({ 'definition/gcl.yaml': '' });
      const { webUrl } = await t.control.createRepository({
        owner: 'community',
        name: `empty-${t.unique()}`,
        files: { 'README.md': 'nothing here' },
      });
      const res = await t.http.post<Json>(
        '/api/submissions',
        { name: 'Empty', description: 'A repository with nothing in it.', sourceHostUrl: webUrl },
        { token: user.token },
      );
      expect(res.status).toBe(422);
      expect(res.body.details.map((d: Json) => d.message).join(' ')).toMatch(/definition/);
      expect(url).toContain('/community/');
    });

    it('rejects with feedback and lets the owner resubmit', async () => {
      const user = await newUser();
      const { submission } = await submit(user.token);
      const rejected = await t.http.post<Json>(
        `/api/admin/submissions/${submission.id}/reject`,
        { feedback: 'Add examples' },
        { cookie: t.admin },
      );
      expect(rejected.body.submission).toMatchObject({ status: 'rejected', feedback: 'Add examples' });
      const again = await t.http.patch<Json>(
        `/api/submissions/${submission.id}`,
        { docTabs: [{ key: 'examples', title: 'Examples', bodyMd: 'curl ...' }] },
        { token: user.token },
      );
      expect(again.status).toBe(200);
      expect(again.body.submission.status).toBe('submitted');
      expect(
        (
          await t.http.post(
            `/api/admin/submissions/${submission.id}/reject`,
            { feedback: 'x' },
            { token: user.token },
          )
        ).status,
      ).toBe(403);
    });
  });

  describe('split repositories', () => {
    it('validates a definition and an implementation repository together', async () => {
      const user = await newUser();
      const [definition, implementation] = await splitRepos();
      const ok = await t.http.post<Json>(
        '/api/submissions/validate',
        { projectType: 'split', sourceHostUrl: definition, implementationSourceHostUrl: implementation },
        { token: user.token },
      );
      expect(ok.body.validation).toMatchObject({
        ok: true,
        projectType: 'split',
        definition: { path: 'gcl.yaml', name: 'oauth-scopes' },
        implementation: { path: 'src/lib.rs' },
        version: '1.2.3',
      });
      const missing = await t.http.post<Json>(
        '/api/submissions/validate',
        { projectType: 'split', sourceHostUrl: definition },
        { token: user.token },
      );
      expect(missing.body.validation.ok).toBe(false);
      expect(missing.body.validation.errors.join(' ')).toMatch(/implementationSourceHostUrl is required/);
      const swapped = await t.http.post<Json>(
        '/api/submissions/validate',
        { projectType: 'split', sourceHostUrl: implementation, implementationSourceHostUrl: definition },
        { token: user.token },
      );
      expect(swapped.body.validation.ok).toBe(false);
      expect(swapped.body.validation.errors.join(' ')).toMatch(/No policy definition found/);
      expect(swapped.body.validation.errors.join(' ')).toMatch(/No implementation found/);

      const created = await submit(user.token, {
        projectType: 'split',
        sourceHostUrl: definition,
        implementationSourceHostUrl: implementation,
      });
      const policy = await t.http.get<Json>(`/api/policies/${created.submission.policyId}`, {
        token: user.token,
      });
      expect(policy.body.policy).toMatchObject({ project_type: 'split', version: '1.2.3' });
    });

    it('refuses a split submission whose implementation has no Cargo.toml with 400 carrying the validation', async () => {
      const user = await newUser();
      const [definition, implementation] = await splitRepos({ 'src/lib.rs': '// filter\n' });
      const res = await t.http.post<Json>(
        '/api/submissions',
        {
          name: 'Half a Policy',
          description: 'The implementation repository lacks its manifest.',
          projectType: 'split',
          sourceHostUrl: definition,
          implementationSourceHostUrl: implementation,
        },
        { token: user.token },
      );
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ statusCode: 422, code: 'CATALOG.SUBMISSION_REPOSITORY_INVALID' });
      expect(res.body.validation).toMatchObject({
        ok: false,
        projectType: 'split',
        definition: { path: 'gcl.yaml' },
        implementation: { path: 'src/lib.rs' },
      });
      expect(res.body.validation.errors).toEqual(['No Cargo.toml found: the version cannot be read']);
      expect(res.body.details).toEqual([
        { field: 'validation', message: 'No Cargo.toml found: the version cannot be read' },
      ]);
    });
  });

  describe('concurrent review', () => {
    it('never lets a submission edit undo an approval that committed meanwhile (409)', async () => {
      const user = await newUser();
      const { submission } = await submit(user.token);
      const pg = new Client({ connectionString: t.db.url });
      await pg.connect();
      try {
        await pg.query('BEGIN');
        await pg.query(`SELECT 1 FROM catalog.policy_submissions WHERE id = $1 FOR UPDATE`, [submission.id]);
        const edit = t.http.patch<Json>(
          `/api/submissions/${submission.id}`,
          { name: 'Late Edit' },
          { token: user.token },
        );
        await eventually(
          async () =>
            (
              await pg.query(
                `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              )
            ).rowCount,
          (waiting) => waiting === 1,
          5000,
        );
        await pg.query(`UPDATE catalog.policy_submissions SET status = 'approved' WHERE id = $1`, [
          submission.id,
        ]);
        await pg.query('COMMIT');
        expect((await edit).status).toBe(409);
      } finally {
        await pg.end();
      }
      const after = await t.http.get<Json>(`/api/submissions/${submission.id}`, { token: user.token });
      expect(after.body.submission).toMatchObject({ status: 'approved', name: submission.name });
    });
  });

  // The limits are the gateway's validation and the service's, not the bus's: once is enough.
  if (kind === 'nats') {
    describe('limits', () => {
      it('holds submission name 2..120, description 10..20000, docTabs and deliversIdeaIds to 50', async () => {
        const user = await newUser();
        const url = await newRepo();
        const base = { name: 'Limits', description: 'Ten chars!', sourceHostUrl: url };
        const status = async (fields: Json): Promise<number> =>
          (await t.http.post('/api/submissions', { ...base, ...fields }, { token: user.token })).status;
        const tab = (i: number) => ({ key: `tab-${i}`, title: `Tab ${i}`, bodyMd: 'x' });
        const idea = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
        expect(await status({ name: 'x' })).toBe(400);
        expect(await status({ name: 'x'.repeat(121) })).toBe(400);
        expect(await status({ description: 'x'.repeat(9) })).toBe(400);
        expect(await status({ description: 'x'.repeat(20001) })).toBe(400);
        expect(await status({ docTabs: Array.from({ length: 51 }, (_, i) => tab(i)) })).toBe(400);
        expect(await status({ deliversIdeaIds: Array.from({ length: 51 }, (_, i) => idea(i)) })).toBe(400);
        expect(await status({ sourceRef: 'x'.repeat(256) })).toBe(400);
        expect(await status({ deliversIdeaIds: Array.from({ length: 50 }, (_, i) => idea(i)) })).toBe(422);
        expect(await status({ name: 'xy', docTabs: Array.from({ length: 50 }, (_, i) => tab(i)) })).toBe(201);
        expect(await status({ name: 'y'.repeat(120), description: 'd'.repeat(20000) })).toBe(201);
      });

      it('refuses docTabs over 512 KiB together with 422, and reads back a set just under it', async () => {
        const user = await newUser();
        const base = { name: 'Big docs', description: 'Ten chars!', sourceHostUrl: await newRepo() };
        const tabs = (n: number) =>
          Array.from({ length: n }, (_, i) => ({
            key: `t${i}`,
            title: `T${i}`,
            bodyMd: 'x'.repeat(100_000),
          }));
        const mine = async () =>
          (await t.http.get<Json>('/api/submissions?limit=100', { token: user.token })).body.submissions
            .length;
        const refused = await t.http.post<Json>(
          '/api/submissions',
          { ...base, docTabs: tabs(6) },
          { token: user.token },
        );
        expect(refused.status).toBe(422);
        expect(refused.body.details[0].field).toBe('docTabs');
        expect(await mine()).toBe(0);
        const created = await t.http.post<Json>(
          '/api/submissions',
          { ...base, docTabs: tabs(5) },
          { token: user.token },
        );
        expect(created.status).toBe(201);
        const detail = await t.http.get<Json>(`/api/submissions/${created.body.submission.id}`, {
          token: user.token,
        });
        expect(detail.status).toBe(200);
        expect(detail.body.docTabs).toHaveLength(5);
      });
    });
  }
});
