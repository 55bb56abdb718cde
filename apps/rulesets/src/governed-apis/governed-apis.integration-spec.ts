import { createHash, randomUUID } from 'node:crypto';
import { GOVERNANCE_LIMITS, GovernanceRpc, RulesetEvaluationRpc } from '@pc/contracts';
import { OAS3 } from '@pc/testing';
import { workspaceTeam } from '../testing/governance-fixtures';
import { codeOf, errorOf, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';

/**
 * Governed APIs through the bus contract: registering with a source and/or a pushed document, editing,
 * who may do what by workspace role (strangers 404), the workspace's limits and its threshold.
 */
describe('governed APIs (service level, PostgreSQL)', () => {
  const h = rulesetsUnderTest();
  const { owner, admin, member, stranger, workspaceId } = workspaceTeam(h);

  const register = (who: TestUser, name: string, fields: Record<string, unknown> = {}) =>
    h.request(GovernanceRpc.registerApi, who.ctx, { workspaceId, name, ...fields });

  it('registers an API with a source, tags, a scope and a first pushed document, and reads it back', async () => {
    const { api } = await register(member, 'Pets API', {
      source: { repoUrl: 'https://source.example/acme/pets', ref: 'main', path: 'openapi.yaml' },
      tags: ['public', 'pets'],
      scope: 'external',
      document: { content: OAS3, filename: 'pets.yaml', commit: 'abc1234' },
    });
    expect(api).toMatchObject({
      workspace_id: workspaceId,
      name: 'Pets API',
      source: { repo_url: 'https://source.example/acme/pets', ref: 'main', path: 'openapi.yaml' },
      tags: ['public', 'pets'],
      scope: 'external',
      documents: 1,
      conformance: null,
      at_risk: false,
      created_by: member.id,
    });
    expect(await h.request(GovernanceRpc.getApi, owner.ctx, { id: api.id })).toEqual({ api });
    const { document } = await h.request(GovernanceRpc.pushDocument, member.ctx, {
      apiId: api.id,
      content: OAS3,
    });
    expect(document).toMatchObject({
      api_id: api.id,
      filename: 'api.yaml',
      commit: null,
      pushed_by: member.id,
    });
    expect(document.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it("takes a document sent ahead in parts (too large for one bus message) whole, the sender's upload only", async () => {
    const parts = [`${OAS3}# `, 'x'.repeat(300_000), '\n'];
    const upload = async (who: TestUser) => {
      const id = randomUUID();
      for (const [index, text] of parts.entries())
        await h.request(RulesetEvaluationRpc.uploadPart, who.ctx, { id, index, text });
      return { id, parts: parts.length };
    };
    const { api } = await register(member, 'Uploaded API', {
      document: { upload: await upload(member), filename: 'uploaded.yaml' },
    });
    expect(api.documents).toBe(1);
    const text = parts.join('');
    const { document } = await h.request(GovernanceRpc.pushDocument, member.ctx, {
      apiId: api.id,
      upload: await upload(member),
    });
    expect(document).toMatchObject({
      bytes: Buffer.byteLength(text),
      digest: createHash('sha256').update(text).digest('hex'),
    });
    // Another member's upload is not this caller's to take; content and an upload at once is malformed.
    const others = await upload(owner);
    expect(
      await codeOf(h.request(GovernanceRpc.pushDocument, member.ctx, { apiId: api.id, upload: others })),
    ).toBe('UNPROCESSABLE');
    expect(
      await codeOf(
        h.request(GovernanceRpc.pushDocument, member.ctx, { apiId: api.id, content: OAS3, upload: others }),
      ),
    ).toBe('BUS.MESSAGE_INVALID');
  });

  it('refuses a document that does not parse, or is no API description, with 422 saying where, and keeps nothing of it', async () => {
    const ws = h.workspace(owner, [[member, 'member']]);
    const broken = 'openapi: 3.0.0\ninfo: [unclosed\n';
    const refused = await errorOf(
      h.request(GovernanceRpc.registerApi, member.ctx, {
        workspaceId: ws,
        name: 'Broken API',
        document: { content: broken, filename: 'broken.yaml' },
      }),
    );
    expect(refused).toMatchObject({
      code: 'RULESETS.SPECIFICATION_INVALID',
      message: expect.stringContaining('(broken.yaml:3:1)'),
      extra: { findings: [{ file: 'broken.yaml', line: 3, column: 1 }] },
    });
    const notAnApi = await errorOf(
      h.request(GovernanceRpc.registerApi, member.ctx, {
        workspaceId: ws,
        name: 'Prose API',
        document: { content: 'Just some words, no API here.' },
      }),
    );
    expect(notAnApi).toMatchObject({
      code: 'RULESETS.SPECIFICATION_INVALID',
      message: expect.stringContaining('Not an API specification'),
    });
    expect((await h.request(GovernanceRpc.listApis, member.ctx, { workspaceId: ws })).apis).toEqual([]);

    // Pushed to an API, in one message or sent ahead in parts: refused alike, the API's documents unchanged.
    const { api } = await h.request(GovernanceRpc.registerApi, member.ctx, {
      workspaceId: ws,
      name: 'Pets API',
      document: { content: OAS3 },
    });
    expect(
      await codeOf(
        h.request(GovernanceRpc.pushDocument, member.ctx, { apiId: api.id, content: '{"openapi": ' }),
      ),
    ).toBe('RULESETS.SPECIFICATION_INVALID');
    const upload = { id: randomUUID(), parts: 2 };
    for (const [index, text] of ['openapi: 3.0.0\ninfo:\n  title: Pets\n', '  version: [1.0.0\n'].entries())
      await h.request(RulesetEvaluationRpc.uploadPart, member.ctx, { id: upload.id, index, text });
    expect(await codeOf(h.request(GovernanceRpc.pushDocument, member.ctx, { apiId: api.id, upload }))).toBe(
      'RULESETS.SPECIFICATION_INVALID',
    );
    expect((await h.request(GovernanceRpc.getApi, member.ctx, { id: api.id })).api.documents).toBe(1);
    // A RAML 1.0 document (read by AMF profiles only) is an API description all the same.
    await expect(
      h.request(GovernanceRpc.pushDocument, member.ctx, {
        apiId: api.id,
        content: '#%RAML 1.0\ntitle: Pets\n/pets:\n  get:\n',
        filename: 'pets.raml',
      }),
    ).resolves.toMatchObject({ document: { filename: 'pets.raml' } });
  });

  it('leaves none of the parts of an upload behind when the registration or push naming it is refused', async () => {
    const upload = async (who: TestUser) => {
      const id = randomUUID();
      for (const [index, text] of [OAS3.slice(0, 100), OAS3.slice(100)].entries())
        await h.request(RulesetEvaluationRpc.uploadPart, who.ctx, { id, index, text });
      return { id, parts: 2 };
    };
    const left = async (id: string) =>
      (
        await h.sql<{ parts: number }>(
          `SELECT count(*)::int AS parts FROM rulesets.evaluation_uploads WHERE id = $1`,
          [id],
        )
      )[0].parts;
    const { api } = await register(member, 'Inventory API');
    const archived = h.workspace(owner);
    h.peers.workspaces.get(archived)!.archived = true;
    for (const [who, refused, code] of [
      [stranger, (document: object) => register(stranger, 'Sneaky API', { document }), 'NOT_FOUND'],
      [
        member,
        (document: object) => register(member, 'Inventory API', { document }),
        'RULESETS.GOVERNANCE_NAME_TAKEN',
      ],
      [
        owner,
        (document: object) =>
          h.request(GovernanceRpc.registerApi, owner.ctx, {
            workspaceId: archived,
            name: 'Old API',
            document,
          }),
        'WORKSPACES.ARCHIVED',
      ],
      [
        stranger,
        (document: object) =>
          h.request(GovernanceRpc.pushDocument, stranger.ctx, { apiId: api.id, ...document }),
        'NOT_FOUND',
      ],
      [
        member,
        (document: object) =>
          h.request(GovernanceRpc.pushDocument, member.ctx, { apiId: randomUUID(), ...document }),
        'NOT_FOUND',
      ],
    ] as const) {
      const sent = await upload(who);
      expect(await codeOf(refused({ upload: sent }))).toBe(code);
      expect([code, await left(sent.id)]).toEqual([code, 0]);
    }
  });

  it('refuses a second API of the same name in the workspace (409), whatever its case', async () => {
    await register(member, 'Orders API');
    expect(await codeOf(register(owner, 'orders api'))).toBe('RULESETS.GOVERNANCE_NAME_TAKEN');
    const other = h.workspace(owner);
    await h.request(GovernanceRpc.registerApi, owner.ctx, { workspaceId: other, name: 'Orders API' });
  });

  it('edits an API: members change it, a null source removes it, an empty scope clears it', async () => {
    const { api } = await register(member, 'Billing API', {
      source: { repoUrl: 'https://source.example/acme/billing', path: 'api.yaml' },
      scope: 'internal',
    });
    const { api: edited } = await h.request(GovernanceRpc.updateApi, member.ctx, {
      id: api.id,
      name: 'Billing API v2',
      source: null,
      scope: '',
      tags: ['billing'],
    });
    expect(edited).toMatchObject({ name: 'Billing API v2', source: null, scope: null, tags: ['billing'] });
  });

  it('lets members read and write, the owner and admins delete; strangers get 404 for everything', async () => {
    const { api } = await register(owner, 'Users API');
    for (const call of [
      h.request(GovernanceRpc.getApi, stranger.ctx, { id: api.id }),
      h.request(GovernanceRpc.updateApi, stranger.ctx, { id: api.id, name: 'Mine now' }),
      h.request(GovernanceRpc.deleteApi, stranger.ctx, { id: api.id }),
      h.request(GovernanceRpc.pushDocument, stranger.ctx, { apiId: api.id, content: OAS3 }),
      h.request(GovernanceRpc.listApis, stranger.ctx, { workspaceId }),
      h.request(GovernanceRpc.registerApi, stranger.ctx, { workspaceId, name: 'Sneaky' }),
    ])
      expect(await codeOf(call)).toBe('NOT_FOUND');
    expect(await codeOf(h.request(GovernanceRpc.deleteApi, member.ctx, { id: api.id }))).toBe('FORBIDDEN');
    expect(await h.request(GovernanceRpc.deleteApi, admin.ctx, { id: api.id })).toEqual({ ok: true });
    expect(await codeOf(h.request(GovernanceRpc.getApi, owner.ctx, { id: api.id }))).toBe('NOT_FOUND');
    // A platform administrator reads (support) but does not write.
    const { api: kept } = await register(owner, 'Support API');
    expect((await h.request(GovernanceRpc.getApi, h.admin.ctx, { id: kept.id })).api.id).toBe(kept.id);
    expect(await codeOf(h.request(GovernanceRpc.updateApi, h.admin.ctx, { id: kept.id, name: 'Nope' }))).toBe(
      'NOT_FOUND',
    );
  });

  it('keeps an archived workspace read-only (409)', async () => {
    const archived = h.workspace(owner);
    const { api } = await h.request(GovernanceRpc.registerApi, owner.ctx, {
      workspaceId: archived,
      name: 'Old API',
    });
    h.peers.workspaces.get(archived)!.archived = true;
    expect(await codeOf(h.request(GovernanceRpc.updateApi, owner.ctx, { id: api.id, name: 'New' }))).toBe(
      'WORKSPACES.ARCHIVED',
    );
    expect((await h.request(GovernanceRpc.getApi, owner.ctx, { id: api.id })).api.name).toBe('Old API');
  });

  it('stops at the APIs a workspace may govern (409) and keeps the newest documents of an API only', async () => {
    const full = h.workspace(owner);
    await h.sql(
      `INSERT INTO rulesets.governed_apis (workspace_id, name, created_by)
       SELECT $1, 'api-' || n, $2 FROM generate_series(1, $3) AS n`,
      [full, owner.id, GOVERNANCE_LIMITS.apisPerWorkspace - 1],
    );
    const { api } = await h.request(GovernanceRpc.registerApi, owner.ctx, {
      workspaceId: full,
      name: 'Last one',
    });
    expect(
      await codeOf(
        h.request(GovernanceRpc.registerApi, owner.ctx, { workspaceId: full, name: 'One too many' }),
      ),
    ).toBe('RULESETS.GOVERNANCE_LIMIT');
    for (let i = 0; i < GOVERNANCE_LIMITS.documentsPerApi + 2; i++)
      await h.request(GovernanceRpc.pushDocument, owner.ctx, { apiId: api.id, content: `${OAS3}# ${i}\n` });
    expect((await h.request(GovernanceRpc.getApi, owner.ctx, { id: api.id })).api.documents).toBe(
      GOVERNANCE_LIMITS.documentsPerApi,
    );
  });

  it('lets a workspace at its documents limit push to an API keeping as many as it may (its oldest goes), not to another (409)', async () => {
    const full = h.workspace(owner);
    const apiIn = async (name: string) =>
      (await h.request(GovernanceRpc.registerApi, owner.ctx, { workspaceId: full, name })).api;
    const [kept, filler, other] = [
      await apiIn('Kept API'),
      await apiIn('Filler API'),
      await apiIn('Other API'),
    ];
    const documents = (apiId: string, count: number) =>
      h.sql(
        `INSERT INTO rulesets.api_documents (api_id, workspace_id, filename, content, digest, bytes, pushed_by)
         SELECT $1, $2, 'api.yaml', 'openapi: 3.0.0', 'd', 14, $3 FROM generate_series(1, $4)`,
        [apiId, full, owner.id, count],
      );
    await documents(kept.id, GOVERNANCE_LIMITS.documentsPerApi);
    await documents(filler.id, GOVERNANCE_LIMITS.documentsPerWorkspace - GOVERNANCE_LIMITS.documentsPerApi);
    const inWorkspace = async () =>
      (
        await h.sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM rulesets.api_documents WHERE workspace_id = $1`,
          [full],
        )
      )[0].n;

    // The push replaces the API's oldest document: the workspace keeps as many as before.
    await expect(
      h.request(GovernanceRpc.pushDocument, owner.ctx, { apiId: kept.id, content: OAS3 }),
    ).resolves.toMatchObject({ document: { api_id: kept.id, bytes: Buffer.byteLength(OAS3) } });
    expect((await h.request(GovernanceRpc.getApi, owner.ctx, { id: kept.id })).api.documents).toBe(
      GOVERNANCE_LIMITS.documentsPerApi,
    );
    expect(await inWorkspace()).toBe(GOVERNANCE_LIMITS.documentsPerWorkspace);
    // A push that would add one is refused.
    expect(
      await codeOf(h.request(GovernanceRpc.pushDocument, owner.ctx, { apiId: other.id, content: OAS3 })),
    ).toBe('RULESETS.GOVERNANCE_LIMIT');
    expect(await inWorkspace()).toBe(GOVERNANCE_LIMITS.documentsPerWorkspace);
  });

  it("lists the workspace's APIs at-risk first with totals, by the threshold the owner or an admin sets", async () => {
    const ws = h.workspace(owner, [[member, 'member']]);
    const ids: Record<string, string> = {};
    for (const [name, conformance] of [
      ['Good', 95],
      ['Bad', 40],
      ['Never', null],
      ['Borderline', 72],
    ] as const) {
      const { api } = await h.request(GovernanceRpc.registerApi, owner.ctx, { workspaceId: ws, name });
      ids[name] = api.id;
      await h.sql(`UPDATE rulesets.governed_apis SET conformance = $2 WHERE id = $1`, [api.id, conformance]);
    }
    const page = await h.request(GovernanceRpc.listApis, member.ctx, { workspaceId: ws });
    expect(page.apis.map((a) => [a.name, a.at_risk])).toEqual([
      ['Bad', true],
      ['Borderline', false],
      ['Good', false],
      ['Never', false],
    ]);
    expect(page).toMatchObject({
      threshold: 70,
      totals: { apis: 4, evaluated: 3, at_risk: 1 },
      has_more: false,
    });
    expect(
      await codeOf(
        h.request(GovernanceRpc.updateSettings, member.ctx, { workspaceId: ws, atRiskThreshold: 80 }),
      ),
    ).toBe('FORBIDDEN');
    await h.request(GovernanceRpc.updateSettings, owner.ctx, { workspaceId: ws, atRiskThreshold: 80 });
    const risky = await h.request(GovernanceRpc.listApis, member.ctx, {
      workspaceId: ws,
      atRisk: true,
      limit: 1,
    });
    expect(risky.apis.map((a) => a.name)).toEqual(['Bad']);
    expect(risky).toMatchObject({ threshold: 80, totals: { at_risk: 2 }, has_more: true });
  });
});
