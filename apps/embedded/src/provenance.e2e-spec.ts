import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpGatewayPlatform } from '@pc/gateway-platform';
import { generateSigningKeyEntry } from '@pc/platform';
import { HttpRegistry } from '@pc/registry';
import { type HttpResponse, systemSubjects, testEnv } from '@pc/testing';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { DeploymentsWorld, type Json, type Tenant, type TestUser } from './testing/deployments-e2e';

const ROOT = path.join(__dirname, '..', '..', '..');
const LIB = '// the filter as reviewed\n';
const PUSHED = '// pushed after the review\n';

/**
 * What was reviewed is what ships, through the gateway over NATS (the rules, the statement's contents,
 * a rewritten pin and the keys' rotation are also the deployments service's:
 * `apps/deployments/src/provenance/provenance.integration-spec.ts`): a release builds the commit pinned at
 * approval whatever the branch says, another ref is the owner's dev build (`reviewed: false`), a host
 * that rewrote the pinned commit fails the job before anything is published, an approved revision moves
 * the pin; every release carries a signed provenance that `npm run verify-provenance` checks, and the
 * signing keys appear in no response or bus message.
 */
describe('pinned releases and signed provenance (NATS)', () => {
  const world = new DeploymentsWorld();
  // The signing keys as an operator gives them (the old one after a rotation stays, to verify).
  const oldKey = generateSigningKeyEntry('k2025');
  const newKey = generateSigningKeyEntry('k2026');
  const seeds = [oldKey, newKey].map((k) => k.split(':')[1]);
  const seen: Buffer[] = [];
  let nats: NatsConnection;
  let owner: TestUser;
  let tenant: Tenant;
  let connectionId: string;
  let workspaceId: string;
  let tmp: string;

  /** Every answer a test reads goes through here, so the key scan sees them. */
  const keep = <T extends { text: string }>(res: T): T => {
    seen.push(Buffer.from(res.text));
    return res;
  };

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'pc-provenance-'));
    await world.start('nats', { PROVENANCE_SIGNING_KEYS: `${newKey},${oldKey}` });
    // Every message on this system's subjects and the apps' reply inboxes, for the key scan.
    nats = await connect({ servers: testEnv().natsUrl });
    const bus = world.bus;
    if (bus.kind !== 'nats') throw new Error('the key scan listens on NATS');
    for (const subject of systemSubjects(bus.prefix))
      nats.subscribe(subject, { callback: (_e, m) => void seen.push(Buffer.from(m.data)) });
    ({ user: owner, tenant, connectionId, workspaceId } = await world.deployer());
  }, 60_000);

  afterAll(async () => {
    await nats?.close();
    await world.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  /** A published policy in a repository of its own: submitted by `user`, approved by the administrator. */
  async function publishedPolicy(user: TestUser): Promise<{ id: string; repo: string; commit: string }> {
    const repo = `pinned-${randomBytes(4).toString('hex')}`;
    await world.control.createRepository({
      owner: 'community',
      name: repo,
      files: {
        'definition/gcl.yaml':
          'apiVersion: gateway.vendor/v1alpha1\nkind: Extension\nmetadata:\n  name: rate-guard\nspec:\n  properties: {}\n',
        'Cargo.toml': '[package]\nname = "rate_guard"\nversion = "3.0.0"\n',
        'src/lib.rs': LIB,
      },
    });
    const submission = await approvedSubmission(user, 'submissions', {
      name: `Pinned ${repo}`,
      description: 'Limits requests per client so that one client cannot starve the others.',
      sourceHostUrl: `${world.sandbox.urls.sourceHostWeb}/community/${repo}`,
    });
    return { id: submission.policyId, repo, commit: submission.sourceCommit };
  }

  /**
   * `user` submits `fields` (to `/api/submissions` or `/api/ruleset-submissions`) and the administrator
   * approves the submission, both answered as they should be: the submission.
   */
  async function approvedSubmission(
    user: TestUser,
    route: 'submissions' | 'ruleset-submissions',
    fields: Json,
  ): Promise<Json> {
    const submitted = keep(await world.http.post<Json>(`/api/${route}`, fields, { token: user.token }));
    expect(submitted.status).toBe(201);
    const { submission } = submitted.body;
    const approved = keep(
      await world.http.post<Json>(
        `/api/admin/${route}/${submission.id}/approve`,
        {},
        { token: world.admin.token },
      ),
    );
    expect(approved.status).toBe(200);
    return submission;
  }

  /** A deployment of `item` (`{policyId}`, or `{assetType: 'ruleset', rulesetId}`), by the owner by default. */
  const deployItem = (
    item: Json,
    body: Json,
    token = owner.token,
    connection = connectionId,
    ws = workspaceId,
  ) =>
    world.http
      .post<Json>(
        '/api/deployments',
        {
          ...item,
          connectionId: connection,
          workspaceId: ws,
          targetOrganizationIds: [tenant.paymentsId],
          ...body,
        },
        { token },
      )
      .then(keep);
  const deploy = (policyId: string, body: Json) => deployItem({ policyId }, body);

  /**
   * The rules of other refs: another user's is refused (403), the owner's release of one too (422), the
   * owner's dev build is built and says it is not reviewed. Returns the dev build's deployment id.
   */
  async function devBuildOfMain(item: Json, pinned: string): Promise<string> {
    const other = await world.deployer();
    const refused = await deployItem(
      item,
      { doPublish: true, ref: 'main', targetOrganizationIds: [other.tenant.paymentsId] },
      other.user.token,
      other.connectionId,
      other.workspaceId,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Only the owner or an administrator');
    // Without a ref, anyone who can see it builds the reviewed commit.
    expect((await deployItem(item, { doRelease: true, ref: 'main' })).status).toBe(422);

    const dev = await deployItem(item, { doPublish: true, ref: 'main' });
    expect(dev.status).toBe(201);
    const id = dev.body.results[0].deployment.id;
    const done = await world.settled(owner.token, id);
    expect(done).toMatchObject({ status: 'succeeded', reviewed: false, pinned_commit: pinned });
    expect(done.commit_sha).not.toBe(pinned);
    expect((await logOf(id)).split('\n')[0]).toContain('not reviewed: a dev build of main');
    const provenance = keep(
      await world.http.get<Json>(`/api/deployments/${id}/provenance`, { token: owner.token }),
    );
    expect(provenance.body.provenance.verification).toMatchObject({ ok: false, reviewed: false });
    expect(provenance.body.provenance.verification.summary).toContain(
      `not from the reviewed commit ${pinned}`,
    );
    return id;
  }
  const pushAfterReview = (repo: string) =>
    world.control.pushCommit('community', repo, {
      files: {
        'definition/gcl.yaml':
          'apiVersion: gateway.vendor/v1alpha1\nkind: Extension\nmetadata:\n  name: rate-guard\nspec:\n  properties: {}\n',
        'Cargo.toml': '[package]\nname = "rate_guard"\nversion = "3.0.0"\n',
        'src/lib.rs': PUSHED,
      },
      message: 'Not reviewed',
    });

  async function sql<T>(text: string, params: unknown[]): Promise<T[]> {
    const client = new Client({ connectionString: world.db.url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  const slugOf = async (deploymentId: string) =>
    (
      await sql<{ asset_slug: string }>(`SELECT asset_slug FROM deployments.deployments WHERE id = $1`, [
        deploymentId,
      ])
    )[0].asset_slug;

  const logOf = async (id: string) =>
    (await world.readStream(owner.readToken, id)).events.map((e) => e.data).join('\n');

  /** A file of an asset version, read from the registry as the tenant (what a gateway would fetch). */
  async function registryFile(t: Tenant, assetId: string, version: string, file: string): Promise<Buffer> {
    const platform = HttpGatewayPlatform.fromEnv(world.sandbox.adapterEnv);
    const token = platform.tokenProvider({ host: 'us', clientId: t.clientId, clientSecret: t.clientSecret });
    return HttpRegistry.fromEnv(world.sandbox.adapterEnv).readFile(
      token,
      { groupId: t.rootId, assetId, version },
      file,
    );
  }

  /** `npm run verify-provenance` in a child process (asynchronously: the system serves it from this one). */
  async function verifyCli(envelope: unknown, artifact: Buffer): Promise<{ status: number; out: string }> {
    const dir = mkdtempSync(path.join(tmp, 'v-'));
    writeFileSync(path.join(dir, 'envelope.json'), JSON.stringify(envelope));
    writeFileSync(path.join(dir, 'artifact'), artifact);
    const args = ['-r', './tools/register.js', 'tools/verify-provenance.ts'];
    args.push(path.join(dir, 'envelope.json'), path.join(dir, 'artifact'), '--api', world.system.url!);
    return new Promise((resolve) => {
      execFile(process.execPath, args, { cwd: ROOT, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ status: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
      );
    });
  }

  let released: { policy: { id: string; repo: string; commit: string }; deploymentId: string };

  it('releases the reviewed commit after a later push, and the provenance verifies', async () => {
    const policy = await publishedPolicy(owner);
    const page = keep(await world.http.get<Json>(`/api/policies/${policy.id}`));
    expect(page.body.policy.pin).toMatchObject({
      commit: policy.commit,
      content_digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      reviewed_by: world.admin.id,
      how: 'review',
    });
    await pushAfterReview(policy.repo);
    const changes = keep(await world.http.get<Json>(`/api/policies/${policy.id}/changes-since-review`));
    expect(changes.status).toBe(200);
    expect(changes.body).toMatchObject({
      pinned: true,
      source: {
        pinned_commit: policy.commit,
        ahead_by: 1,
        files: [{ path: 'src/lib.rs', status: 'modified' }],
      },
    });

    const id = await releasedReviewed(deploy(policy.id, { doRelease: true }), policy.commit);
    expect(await logOf(id)).toContain(`Building the reviewed commit ${policy.commit}`);

    // The registry's archive is a build of the pinned commit, not of the branch head.
    const slug = await slugOf(id);
    const archive = await registryFile(tenant, `${slug}-implementation`, '3.0.0', 'implementation.tar');
    expect(archive.includes(LIB)).toBe(true);
    expect(archive.includes(PUSHED)).toBe(false);

    const provenance = keep(
      await world.http.get<Json>(`/api/deployments/${id}/provenance`, { token: owner.token }),
    );
    expect(provenance.status).toBe(200);
    expect(provenance.body.provenance.verification).toMatchObject({
      ok: true,
      summary: `Built from the reviewed commit ${policy.commit}, signature verified`,
      reviewed: true,
      key_id: 'k2026',
    });
    const envelope = provenance.body.provenance.envelope;
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8'));
    expect(statement).toMatchObject({
      _type: 'https://in-toto.io/Statement/v1',
      predicateType: 'https://slsa.dev/provenance/v1',
      subject: expect.arrayContaining([
        {
          name: `${slug}-implementation/implementation.tar`,
          digest: { sha256: createHash('sha256').update(archive).digest('hex') },
        },
      ]),
      predicate: {
        buildDefinition: {
          resolvedDependencies: [
            expect.objectContaining({
              digest: { gitCommit: policy.commit },
              annotations: expect.objectContaining({ contentDigest: page.body.policy.pin.content_digest }),
            }),
          ],
          internalParameters: expect.objectContaining({ deploymentId: id }),
        },
        runDetails: { builder: { id: 'urn:policy-catalog:deployments:deployment-worker' } },
      },
    });
    // The registry keeps the same envelope beside the asset version.
    const stored = await registryFile(tenant, `${slug}-implementation`, '3.0.0', 'provenance.intoto.json');
    expect(JSON.parse(stored.toString('utf8'))).toEqual(envelope);
    // One attestation for the deployment.
    expect(
      await sql(`SELECT deployment_id FROM deployments.provenance WHERE deployment_id = $1`, [id]),
    ).toHaveLength(1);

    const cli = await verifyCli(envelope, archive);
    expect(cli.out).toContain(`✓ source: Built from the reviewed commit ${policy.commit}`);
    expect(cli.status).toBe(0);
    released = { policy, deploymentId: id };
  }, 120_000);

  it('fails verification naming what was tampered with: the artifact, the payload, the signature', async () => {
    const provenance = keep(
      await world.http.get<Json>(`/api/deployments/${released.deploymentId}/provenance`, {
        token: owner.token,
      }),
    );
    const envelope = provenance.body.provenance.envelope;
    const slug = await slugOf(released.deploymentId);
    const archive = await registryFile(tenant, `${slug}-implementation`, '3.0.0', 'implementation.tar');

    const artifact = Buffer.from(archive);
    artifact[artifact.length - 1] ^= 1;
    const a = await verifyCli(envelope, artifact);
    expect(a.status).toBe(1);
    expect(a.out).toMatch(/✗ subject: The artifact's sha256 [0-9a-f]{64} is none of the attested subjects/);

    const payload = Buffer.from(envelope.payload, 'base64');
    payload[10] ^= 1;
    const p = await verifyCli({ ...envelope, payload: payload.toString('base64') }, archive);
    expect(p.status).toBe(1);
    expect(p.out).toContain('✗ signature: The signature does not verify');

    const sig = Buffer.from(envelope.signatures[0].sig, 'base64');
    sig[0] ^= 1;
    const s = await verifyCli(
      { ...envelope, signatures: [{ ...envelope.signatures[0], sig: sig.toString('base64') }] },
      archive,
    );
    expect(s.status).toBe(1);
    expect(s.out).toContain('✗ signature: The signature does not verify');
  }, 120_000);

  it('serves every verifying key (a rotation keeps old attestations verifiable) and never a private one', async () => {
    const keys = keep(await world.http.get<Json>('/api/provenance/keys'));
    expect(keys.status).toBe(200);
    expect(keys.body.keys.map((k: Json) => k.kid)).toEqual(['k2026', 'k2025']);
    for (const k of keys.body.keys)
      expect(Object.keys(k).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x']);
  });

  it("answers 403 to another user's ref, and builds the owner's as an unreviewed dev build", async () => {
    await devBuildOfMain({ policyId: released.policy.id }, released.policy.commit);
  }, 120_000);

  it('moves the pin when a repository revision is approved', async () => {
    const { policy } = released;
    const head = (await pushAfterReview(policy.repo)).sha;
    const proposed = keep(
      await world.http.post<Json>(
        `/api/policies/${policy.id}/revisions`,
        { field: 'source_host_url', value: `${world.sandbox.urls.sourceHostWeb}/community/${policy.repo}` },
        { token: owner.token },
      ),
    );
    expect(proposed.status).toBe(201);
    const approved = keep(
      await world.http.post<Json>(
        `/api/admin/revisions/${proposed.body.revision.id}/approve`,
        {},
        { token: world.admin.token },
      ),
    );
    expect(approved.status).toBe(200);
    const page = keep(await world.http.get<Json>(`/api/policies/${policy.id}`));
    expect(page.body.policy.pin).toMatchObject({ commit: head, how: 'review' });
    const changes = keep(await world.http.get<Json>(`/api/policies/${policy.id}/changes-since-review`));
    expect(changes.body.source).toMatchObject({ ahead_by: 0, files: [] });
  }, 120_000);

  it('answers 404 for an unknown deployment and for the provenance of another user’s deployment', async () => {
    const unknown = await world.http.get<Json>(
      `/api/deployments/00000000-0000-4000-8000-000000000000/provenance`,
      {
        token: owner.token,
      },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBeDefined();
    const stranger = await world.newUser();
    const foreign = await world.http.get<Json>(`/api/deployments/${released.deploymentId}/provenance`, {
      token: stranger.token,
    });
    expect(foreign.status).toBe(404);
  });

  /** A ruleset profile; `note` changes its description, so a push after review changes the packaged file. */
  const profile = (note: string) =>
    '#%Validation Profile 1.0\nprofile: Pinned Rules\ndescription: ' +
    note +
    '\nviolation:\n  - operations-are-named\nvalidations:\n  operations-are-named:\n' +
    '    message: Name every operation.\n    targetClass: apiContract.Operation\n' +
    '    propertyConstraints:\n      core.name:\n        minCount: 1\n';
  const REVIEWED_PROFILE = profile('As reviewed.');
  const PUSHED_PROFILE = profile('Pushed after the review.');
  const rulesetFiles = (ruleset: string) => ({
    'ruleset.yaml': ruleset,
    'registry.json': JSON.stringify({ name: 'Pinned Rules', main: 'ruleset.yaml', version: '1.0.0' }),
  });

  /** A published ruleset in a repository of its own: submitted by `user`, approved by the administrator. */
  async function publishedRuleset(
    user: TestUser,
  ): Promise<{ id: string; repo: string; commit: string; submissionId: string }> {
    const repo = `pinned-rules-${randomBytes(4).toString('hex')}`;
    await world.control.createRepository({
      owner: 'governance',
      name: repo,
      files: rulesetFiles(REVIEWED_PROFILE),
    });
    const submission = await approvedSubmission(user, 'ruleset-submissions', {
      name: `Pinned ${repo}`,
      description: 'Every operation has a name, checked on every API description.',
      repoUrl: `${world.sandbox.urls.sourceHostWeb}/governance/${repo}`,
    });
    expect(submission.source_commit).toMatch(/^[0-9a-f]{40}$/);
    return { id: submission.ruleset_id, repo, commit: submission.source_commit, submissionId: submission.id };
  }

  /** The deployment `deployment` started (answered 201), once it succeeded with the reviewed `commit`: its id. */
  async function releasedReviewed(deployment: Promise<HttpResponse<Json>>, commit: string): Promise<string> {
    const res = await deployment;
    expect(res.status).toBe(201);
    const id = res.body.results[0].deployment.id as string;
    expect(await world.settled(owner.token, id)).toMatchObject({
      status: 'succeeded',
      commit_sha: commit,
      reviewed: true,
      pinned_commit: commit,
    });
    return id;
  }

  const deployRuleset = (rulesetId: string, body: Json) =>
    deployItem({ assetType: 'ruleset', rulesetId }, body);

  let releasedRuleset: { id: string; repo: string; commit: string; submissionId: string };

  it('releases the reviewed commit of a ruleset after a later push, and its provenance verifies', async () => {
    const ruleset = await publishedRuleset(owner);
    const page = keep(await world.http.get<Json>(`/api/rulesets/${ruleset.id}`));
    expect(page.body.ruleset).toMatchObject({
      owner_id: owner.id,
      pin: {
        commit: ruleset.commit,
        content_digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
        implementation_commit: null,
        reviewed_by: world.admin.id,
        how: 'review',
      },
    });
    await world.control.pushCommit('governance', ruleset.repo, {
      files: rulesetFiles(PUSHED_PROFILE),
      message: 'Not reviewed',
    });
    const changes = keep(await world.http.get<Json>(`/api/rulesets/${ruleset.id}/changes-since-review`));
    expect(changes.status).toBe(200);
    expect(changes.body).toMatchObject({
      pinned: true,
      source: {
        pinned_commit: ruleset.commit,
        ahead_by: 1,
        files: [{ path: 'ruleset.yaml', status: 'modified' }],
      },
      implementation: null,
    });

    const id = await releasedReviewed(deployRuleset(ruleset.id, { doRelease: true }), ruleset.commit);
    const log = await logOf(id);
    expect(log).toContain(`Building the reviewed commit ${ruleset.commit}`);
    expect(log).toContain(`Content digest ${page.body.ruleset.pin.content_digest} matches the review`);

    // The registry's profile is the reviewed one, not the branch head's.
    const slug = await slugOf(id);
    const shipped = await registryFile(tenant, slug, '1.0.0', 'ruleset.yaml');
    expect(shipped.toString('utf8')).toBe(REVIEWED_PROFILE);

    const provenance = keep(
      await world.http.get<Json>(`/api/deployments/${id}/provenance`, { token: owner.token }),
    );
    expect(provenance.body.provenance.verification).toMatchObject({
      ok: true,
      summary: `Built from the reviewed commit ${ruleset.commit}, signature verified`,
      reviewed: true,
    });
    const envelope = provenance.body.provenance.envelope;
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8'));
    expect(statement.subject).toContainEqual({
      name: `${slug}/ruleset.yaml`,
      digest: { sha256: createHash('sha256').update(shipped).digest('hex') },
    });
    const stored = await registryFile(tenant, slug, '1.0.0', 'provenance.intoto.json');
    expect(JSON.parse(stored.toString('utf8'))).toEqual(envelope);

    // `npm run verify-provenance` compares with the ruleset's pin, as its public page shows it.
    const cli = await verifyCli(envelope, shipped);
    expect(cli.out).toContain(`✓ source: Built from the reviewed commit ${ruleset.commit}`);
    expect(cli.status).toBe(0);
    releasedRuleset = ruleset;
  }, 120_000);

  it('moves the ruleset pin when an update of its submission (the ref validated again) is approved', async () => {
    const ruleset = releasedRuleset;
    const head = await world.control.pushCommit('governance', ruleset.repo, {
      files: rulesetFiles(profile('Reviewed again.')),
      message: 'For the next review',
    });
    const edited = keep(
      await world.http.patch<Json>(
        `/api/ruleset-submissions/${ruleset.submissionId}`,
        { sourceRef: 'main' },
        { token: owner.token },
      ),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.submission).toMatchObject({ status: 'submitted', source_commit: head.sha });
    const queue = keep(await world.http.get<Json>('/api/admin/queue', { token: world.admin.token }));
    expect(queue.body.rulesetSubmissions.find((q: Json) => q.id === ruleset.submissionId)).toMatchObject({
      source_commit: head.sha,
    });
    // Until approved, releases build the commit reviewed before.
    const before = keep(await world.http.get<Json>(`/api/rulesets/${ruleset.id}`));
    expect(before.body.ruleset.pin.commit).toBe(ruleset.commit);
    const approved = keep(
      await world.http.post<Json>(
        `/api/admin/ruleset-submissions/${ruleset.submissionId}/approve`,
        {},
        { token: world.admin.token },
      ),
    );
    expect(approved.status).toBe(200);
    const page = keep(await world.http.get<Json>(`/api/rulesets/${ruleset.id}`));
    expect(page.body.ruleset.pin).toMatchObject({ commit: head.sha, how: 'review' });
    const changes = keep(await world.http.get<Json>(`/api/rulesets/${ruleset.id}/changes-since-review`));
    expect(changes.body.source).toMatchObject({ ahead_by: 0, files: [] });
  }, 120_000);

  it('refuses the release of an unpinned published ruleset (409) until an administrator pins it', async () => {
    const ruleset = await publishedRuleset(owner);
    // As the migration leaves a ruleset published before pins whose commit is not known.
    await sql(
      `UPDATE rulesets.rulesets SET pinned_commit = NULL, pinned_content_digest = NULL, pinned_at = NULL,
         pinned_by = NULL, pinned_how = NULL WHERE id = $1`,
      [ruleset.id],
    );
    const unpinned = keep(await world.http.get<Json>(`/api/rulesets/${ruleset.id}`));
    expect(unpinned.body.ruleset.pin).toBeNull();
    const refused = await deployRuleset(ruleset.id, { doRelease: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('POST /api/rulesets/{id}/pin');

    const pinAs = (token: string, body: Json) =>
      world.http.post<Json>(`/api/rulesets/${ruleset.id}/pin`, body, { token }).then(keep);
    expect((await pinAs(owner.token, {})).status).toBe(403);
    expect((await pinAs(world.admin.token, { commit: 'main' })).status).toBe(400);
    const unknown = await pinAs(world.admin.token, { commit: 'b'.repeat(40) });
    expect(unknown.status).toBe(422);
    expect(unknown.body.details[0].message).toContain('does not exist');
    const pinned = await pinAs(world.admin.token, { commit: ruleset.commit });
    expect(pinned.status).toBe(200);
    expect(pinned.body.ruleset.pin).toMatchObject({
      commit: ruleset.commit,
      content_digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      reviewed_by: world.admin.id,
      how: 'admin',
    });

    const res = await deployRuleset(ruleset.id, { doRelease: true });
    expect(res.status).toBe(201);
    const done = await world.settled(owner.token, res.body.results[0].deployment.id);
    expect(done).toMatchObject({ status: 'succeeded', commit_sha: ruleset.commit, reviewed: true });
  }, 120_000);

  it('never shows a signing key in a response or on the bus', async () => {
    await nats.flush();
    for (const seed of seeds) {
      const needle = Buffer.from(seed);
      expect(seen.filter((b) => b.includes(needle))).toEqual([]);
    }
    expect(seen.length).toBeGreaterThan(50);
  });
});
