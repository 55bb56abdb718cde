import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAS3, OPERATION_IDS } from '@pc/testing';
import { type Json, RulesetsHarness, type TestUser } from './testing/rulesets-e2e';

/**
 * API governance on the wire (gateway, rulesets and workspaces services over NATS, the real engine): a
 * workspace registers an API, a profile applies a published ruleset to it, a member records an evaluation,
 * the workspace's page shows it at risk, an admin waives the finding and the conformance rises; strangers
 * get 404, members 403 where only managers may act. Domain rules are tested at the service level
 * (apps/rulesets/src/{governed-apis,api-evaluations,waivers}/*.integration-spec.ts).
 */
const CLI = path.join(__dirname, '..', '..', 'cli', 'bin', 'policy-catalog.js');

/** The command line from its sources, as a process of its own (the gateway lives in this one). */
function cli(
  args: string[],
  url: string,
  token: string,
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        POLICY_CATALOG_URL: url,
        POLICY_CATALOG_TOKEN: token,
        POLICY_CATALOG_CONFIG_DIR: cwd,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('API governance through the gateway over NATS', () => {
  jest.setTimeout(240_000);
  const h = new RulesetsHarness();
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let workspaceId: string;
  let rulesetId: string;

  beforeAll(async () => {
    await h.start();
    [owner, member, stranger] = [await h.newUser(), await h.newUser(), await h.newUser()];
    const ws = await h.http.post<Json>(
      '/api/workspaces',
      { name: `Platform ${h.next()}` },
      { token: owner.token },
    );
    expect(ws.status).toBe(201);
    workspaceId = ws.body.workspace.id;
    const added = await h.http.post(
      `/api/workspaces/${workspaceId}/members`,
      { username: member.username, role: 'member' },
      { token: owner.token },
    );
    expect(added.status).toBe(200);
    ({ rulesetId } = await h.published(owner.token, {
      repoUrl: await h.newRepo({ 'ruleset.yaml': OPERATION_IDS }),
    }));
  }, 240_000);
  afterAll(() => h.stop());

  it('registers an API, applies a profile, records an evaluation, shows it at risk, and a waiver lifts it', async () => {
    const profile = await h.http.post<Json>(
      `/api/workspaces/${workspaceId}/governance-profiles`,
      { name: 'Public APIs', rulesets: [{ rulesetId }], matchTags: ['public'] },
      { token: owner.token },
    );
    expect(profile.status).toBe(201);
    expect(
      (
        await h.http.post(
          `/api/workspaces/${workspaceId}/governance-profiles`,
          { name: 'Mine', rulesets: [{ rulesetId }] },
          { token: member.token },
        )
      ).status,
    ).toBe(403);

    const registered = await h.http.post<Json>(
      `/api/workspaces/${workspaceId}/governed-apis`,
      { name: 'Pets API', tags: ['public'], document: { content: OAS3, filename: 'pets.yaml' } },
      { token: member.token },
    );
    expect(registered.status).toBe(201);
    const apiId = registered.body.api.id as string;
    expect((await h.http.get(`/api/governed-apis/${apiId}`, { token: stranger.token })).status).toBe(404);

    const evaluated = await h.http.post<Json>(
      `/api/governed-apis/${apiId}/evaluations`,
      { trigger: 'ci' },
      { token: member.token },
    );
    expect(evaluated.status).toBe(201);
    expect(evaluated.body.evaluation).toMatchObject({
      trigger: 'ci',
      passed_rules: 0,
      applicable_rules: 1,
      conformance: 0,
      findings: [
        { rule: 'operation-id-required', pointer: '#/paths/~1pets/post', file: 'pets.yaml', waiver_id: null },
      ],
    });

    const page = await h.http.get<Json>(`/api/workspaces/${workspaceId}/governed-apis?atRisk=true`, {
      token: member.token,
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ threshold: 70, totals: { apis: 1, at_risk: 1 } });
    expect(page.body.apis.map((a: Json) => [a.name, a.at_risk])).toEqual([['Pets API', true]]);

    // News: whoever registered the API hears it crossed below the threshold (inbox, through identity).
    const inbox = await h.eventually(
      () => h.http.get<Json>('/api/me/notifications', { token: member.token }),
      (res) => res.body.notifications?.some((n: Json) => n.kind === 'governed_api_threshold_crossed'),
      10_000,
    );
    expect(
      inbox.body.notifications.find((n: Json) => n.kind === 'governed_api_threshold_crossed'),
    ).toMatchObject({ title: 'Pets API is at risk: 0%', data: { apiId, direction: 'below' } });

    const waiver = {
      rule: 'operation-id-required',
      location: '#/paths/~1pets/post',
      reason: 'Generated by the legacy gateway; fixed next quarter.',
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    const path = `/api/governed-apis/${apiId}/waivers`;
    expect((await h.http.post(path, waiver, { token: member.token })).status).toBe(403);
    expect((await h.http.post(path, waiver, { token: stranger.token })).status).toBe(404);
    const waived = await h.http.post<Json>(path, waiver, { token: owner.token });
    expect(waived.status).toBe(201);
    const api = await h.http.get<Json>(`/api/governed-apis/${apiId}`, { token: member.token });
    expect(api.body.api).toMatchObject({ conformance: 100, at_risk: false });

    const history = await h.http.get<Json>(`/api/governed-apis/${apiId}/evaluations?limit=10`, {
      token: member.token,
    });
    expect(history.status).toBe(200);
    const latest = await h.http.get<Json>(
      `/api/governed-apis/${apiId}/evaluations/${history.body.evaluations[0].id}`,
      { token: member.token },
    );
    expect(latest.body.evaluation.findings[0].waiver_id).toBe(waived.body.waiver.id);
    expect((await h.http.get<Json>(path, { token: member.token })).body.waivers).toHaveLength(1);
    expect((await h.http.delete(`${path}/${waived.body.waiver.id}`, { token: owner.token })).status).toBe(
      200,
    );
    expect(
      (await h.http.get<Json>(`/api/governed-apis/${apiId}`, { token: member.token })).body.api.conformance,
    ).toBe(0);
  });

  it("answers the workspace's conformance per day to members (all its APIs), 404 to strangers, 400 to bad days", async () => {
    const trendPath = `/api/workspaces/${workspaceId}/governance/trend`;
    const trend = await h.http.get<Json>(`${trendPath}?days=7`, { token: member.token });
    expect(trend.status).toBe(200);
    expect(trend.body).toMatchObject({ workspace_id: workspaceId, threshold: 70, days: 7 });
    expect(trend.body.points).toHaveLength(7);
    // Today: Pets API, recorded today, its waiver gone again; the days before, nothing evaluated yet.
    expect(trend.body.points.at(-1)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      conformance: 0,
      evaluated: 1,
      at_risk: 1,
    });
    expect(trend.body.points[0]).toMatchObject({ conformance: null, evaluated: 0, at_risk: 0 });
    expect((await h.http.get<Json>(trendPath, { token: owner.token })).body.points).toHaveLength(90);
    expect((await h.http.get(trendPath, { token: stranger.token })).status).toBe(404);
    expect((await h.http.get(trendPath)).status).toBe(401);
    for (const days of ['0', '366', '2.5', 'week']) {
      const refused = await h.http.get<Json>(`${trendPath}?days=${days}`, { token: member.token });
      expect([days, refused.status, typeof refused.body.message]).toEqual([days, 400, 'string']);
    }
  });

  it('evaluate --api records an evaluation from CI, exits by the threshold, and reports waived findings skipped (JUnit) and suppressed (SARIF)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'governance-cli-'));
    const { body } = await h.http.post<Json>(
      `/api/workspaces/${workspaceId}/governed-apis`,
      { name: 'Orders API', tags: ['public'] },
      { token: member.token },
    );
    const apiId = body.api.id as string;
    writeFileSync(path.join(dir, 'orders.yaml'), OAS3);
    const url = h.system.url!;
    const failing = await cli(
      ['evaluate', '--api', apiId, 'orders.yaml', '--commit', 'abc1234'],
      url,
      member.token,
      dir,
    );
    expect([failing.code, failing.stderr]).toEqual([1, expect.any(String)]);
    expect(failing.stdout).toContain('Orders API: 0% conformance (0 of 1 rules passed, 0 finding(s) waived)');
    await h.http.post(
      `/api/governed-apis/${apiId}/waivers`,
      {
        rule: 'operation-id-required',
        location: 'orders.yaml',
        reason: 'The generator adds operation ids next release.',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      { token: owner.token },
    );
    const junit = await cli(
      ['evaluate', '--api', apiId, 'orders.yaml', '--format', 'junit', '-o', 'report.xml'],
      url,
      member.token,
      dir,
    );
    expect(junit.code).toBe(0);
    expect(readFileSync(path.join(dir, 'report.xml'), 'utf8')).toMatch(
      /skipped="1"[\s\S]*<skipped message="waived"\/>/,
    );
    const sarif = await cli(['evaluate', '--api', apiId, '--format', 'sarif'], url, member.token, dir);
    expect(sarif.code).toBe(0);
    expect(JSON.parse(sarif.stdout).runs[0].results[0].suppressions).toEqual([
      { kind: 'external', justification: 'Waived in the governed API' },
    ]);
    const history = await h.http.get<Json>(`/api/governed-apis/${apiId}/evaluations`, {
      token: member.token,
    });
    expect(history.body.evaluations.map((e: Json) => [e.trigger, e.specification.commit])).toEqual([
      ['ci', null],
      ['ci', null],
      ['ci', 'abc1234'],
    ]);
    // The diff of the first and the last: the same finding. The waiver was re-applied to the evaluation that
    // was the latest when it was made (the first), so the conformance did not move between them.
    const [last, , first] = history.body.evaluations as Json[];
    const diffPath = `/api/governed-apis/${apiId}/evaluations/${last.id}/diff?against=${first.id}`;
    const diff = await h.http.get<Json>(diffPath, { token: member.token });
    expect(diff.status).toBe(200);
    expect(diff.body).toMatchObject({ conformance_delta: 0, introduced: [], resolved: [], unchanged: 1 });
    expect([diff.body.from.conformance, diff.body.to.conformance]).toEqual([100, 100]);
    expect((await h.http.get(diffPath, { token: stranger.token })).status).toBe(404);
  });

  it('answers 400 to malformed bodies and queries, 401 without a token, 422 for an API no profile governs', async () => {
    for (const body of [
      {},
      { name: 'x' },
      { name: 'Good name', tags: ['UPPER'] },
      { name: 'Good name', document: {} },
    ])
      expect([
        (await h.http.post(`/api/workspaces/${workspaceId}/governed-apis`, body, { token: owner.token }))
          .status,
        body,
      ]).toEqual([400, body]);
    expect(
      (await h.http.get(`/api/workspaces/${workspaceId}/governed-apis?limit=0`, { token: owner.token }))
        .status,
    ).toBe(400);
    expect((await h.http.get(`/api/workspaces/${workspaceId}/governed-apis`)).status).toBe(401);
    const { body } = await h.http.post<Json>(
      `/api/workspaces/${workspaceId}/governed-apis`,
      { name: 'Internal API', tags: ['internal'], document: { content: OAS3 } },
      { token: owner.token },
    );
    const refused = await h.http.post<Json>(
      `/api/governed-apis/${body.api.id}/evaluations`,
      {},
      { token: owner.token },
    );
    expect([refused.status, refused.body.code]).toEqual([422, 'RULESETS.NOT_GOVERNED']);
    const settings = await h.http.put<Json>(
      `/api/workspaces/${workspaceId}/governance-settings`,
      { atRiskThreshold: 90 },
      { token: owner.token },
    );
    expect(settings.body).toEqual({ settings: { workspace_id: workspaceId, at_risk_threshold: 90 } });
    // The ruleset's page: how many governed APIs it governs (the two tagged public), read anonymously.
    const followers = await h.http.get<Json>(`/api/rulesets/${rulesetId}/governed-apis`);
    expect(followers.body).toEqual({ ruleset_id: rulesetId, apis: 2, following_latest: 2, workspaces: 1 });
    expect(
      (
        await h.http.put(
          `/api/workspaces/${workspaceId}/governance-settings`,
          { atRiskThreshold: 101 },
          { token: owner.token },
        )
      ).status,
    ).toBe(400);
  });
});
