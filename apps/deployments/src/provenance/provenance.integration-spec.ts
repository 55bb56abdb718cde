import { createHash } from 'node:crypto';
import { DeploymentsRpc } from '@pc/contracts';
import { generateSigningKeyEntry } from '@pc/platform';
import { serviceUnderTest } from '@pc/testing';
import { codeOf, type Deployer, DeploymentsUnderTest, PROFILE } from '../testing/deployments-under-test';

jest.setTimeout(120_000);

/**
 * What was reviewed is what ships, in the service with a deployment worker beside it and the sandbox:
 * a release builds the pinned commit and carries a signed statement naming it; another ref is a dev
 * build that says it is not reviewed; a source host that rewrote the pinned commit fails the job
 * before anything is published; the keys that verify are served, public halves only. The CLI check,
 * the registry's copy read as a tenant, and the key scan of the bus are provenance.e2e-spec.ts's.
 */
describe('pinned releases and their provenance', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 1 }));
  let d: Deployer;

  beforeAll(async () => {
    d = await service.deployer();
  });

  const provenanceOf = (id: string) => service.request(DeploymentsRpc.provenance, d.user.ctx, { id });
  /** Deploys a dev build of `ref` of the ruleset and returns the deployment's id. */
  const deployDevBuild = async (rulesetId: string, ref: string): Promise<string> => {
    const res = await service.deploy(d, { assetType: 'ruleset', rulesetId, doPublish: true, ref });
    return res.results[0].deployment!.id;
  };

  it('releases the pinned commit after a later push, with a signed statement of the reviewed commit and the artifact', async () => {
    const ruleset = await service.ruleset(d.user, { published: true, version: '1.0.0' });
    const pin = ruleset.pin!;
    await service.control.pushCommit('governance', ruleset.repo, {
      files: { 'ruleset.yaml': 'pushed after the review', 'registry.json': '{}' },
      message: 'Not reviewed',
    });
    const res = await service.deploy(d, { assetType: 'ruleset', rulesetId: ruleset.id, doRelease: true });
    const id = res.results[0].deployment!.id;
    expect(await service.settled(d.user.ctx, id)).toMatchObject({
      status: 'succeeded',
      commit_sha: pin.commit,
      reviewed: true,
      pinned_commit: pin.commit,
    });
    const { logs } = await service.request(DeploymentsRpc.history, d.user.ctx, { id });
    expect(logs.map((l) => l.text)).toEqual(
      expect.arrayContaining([
        `Building the reviewed commit ${pin.commit}`,
        `Content digest ${pin.content_digest} matches the review`,
      ]),
    );

    const { provenance } = await provenanceOf(id);
    expect(provenance.verification).toMatchObject({
      ok: true,
      summary: `Built from the reviewed commit ${pin.commit}, signature verified`,
      reviewed: true,
      key_id: 'service-test',
    });
    const statement = JSON.parse(Buffer.from(provenance.envelope.payload, 'base64').toString('utf8'));
    expect(statement).toMatchObject({
      _type: 'https://in-toto.io/Statement/v1',
      predicateType: 'https://slsa.dev/provenance/v1',
      subject: expect.arrayContaining([
        {
          name: `${ruleset.assetId}/ruleset.yaml`,
          digest: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
        },
      ]),
      predicate: {
        buildDefinition: {
          resolvedDependencies: [
            expect.objectContaining({
              digest: { gitCommit: pin.commit },
              annotations: expect.objectContaining({ contentDigest: pin.content_digest }),
            }),
          ],
          internalParameters: expect.objectContaining({ deploymentId: id }),
        },
        runDetails: { builder: { id: 'urn:policy-catalog:deployments:deployment-worker' } },
      },
    });
    // The subject is the reviewed profile, not the branch head's.
    const reviewed = (
      await service.sql<{ governance_profile_result: { files: string[] } }>(
        'SELECT governance_profile_result FROM deployments.deployments WHERE id = $1',
        [id],
      )
    )[0];
    expect(reviewed.governance_profile_result.files).toContain('ruleset.yaml');
    expect(statement.subject[0].digest.sha256).not.toBe(
      createHash('sha256').update('pushed after the review').digest('hex'),
    );
    // One attestation for the deployment.
    expect(await service.count('deployments.provenance WHERE deployment_id = $1', [id])).toBe(1);
  });

  it('builds the owner’s other ref as a dev build whose provenance says it is not the reviewed commit', async () => {
    const ruleset = await service.ruleset(d.user, { published: true, version: '1.0.0' });
    const pin = ruleset.pin!;
    await service.control.pushCommit('governance', ruleset.repo, {
      files: {
        'ruleset.yaml': PROFILE.replace('What every payments API must do.', 'Pushed after the review.'),
        'registry.json': JSON.stringify({ assetId: ruleset.assetId, main: 'ruleset.yaml', version: '1.0.1' }),
      },
    });
    const id = await deployDevBuild(ruleset.id, 'main');
    const done = await service.settled(d.user.ctx, id);
    expect(done).toMatchObject({ status: 'succeeded', reviewed: false, pinned_commit: pin.commit });
    expect(done.commit_sha).not.toBe(pin.commit);
    const { logs } = await service.request(DeploymentsRpc.history, d.user.ctx, { id });
    expect(logs[0].text).toContain('not reviewed: a dev build of main');
    const { provenance } = await provenanceOf(id);
    expect(provenance.verification).toMatchObject({ ok: false, reviewed: false });
    expect(provenance.verification.summary).toContain(`not from the reviewed commit ${pin.commit}`);
  });

  it.each(['policy', 'ruleset'] as const)(
    'fails a %s release before publishing when the source host rewrote the pinned commit',
    async (kind) => {
      const fresh = await service.deployer();
      const item =
        kind === 'policy'
          ? await service.policy(d.user, { published: true })
          : await service.ruleset(d.user, { published: true, version: '1.0.0' });
      await service.control.rewriteCommit(
        kind === 'policy' ? 'community' : 'governance',
        item.repo,
        item.pin!.commit,
      );
      const res = await service.deploy(fresh, {
        ...(kind === 'policy'
          ? { policyId: item.id }
          : { assetType: 'ruleset' as const, rulesetId: item.id }),
        doRelease: true,
      });
      const done = await service.settled(fresh.user.ctx, res.results[0].deployment!.id);
      expect(done.status).toBe('failed');
      expect(done.error).toContain('the source host rewrote history; nothing was built or published');
      const state = await service.control.platformState();
      expect(state.registry.filter((r) => r.groupId === fresh.tenant.rootId)).toEqual([]);
    },
  );

  it('answers NOT_FOUND for the provenance of an unknown deployment and of another user’s', async () => {
    expect(await codeOf(provenanceOf('00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');
    const ruleset = await service.ruleset(d.user);
    const id = await deployDevBuild(ruleset.id, 'v1.4.0');
    await service.settled(d.user.ctx, id);
    const stranger = service.user();
    expect(await codeOf(service.request(DeploymentsRpc.provenance, stranger.ctx, { id }))).toBe('NOT_FOUND');
  });

  it('serves every verifying key, in the order given (a rotation keeps old attestations verifiable), never a private part', async () => {
    const old = generateSigningKeyEntry('k2025');
    await service.restart({ PROVENANCE_SIGNING_KEYS: `${service.signingKeys},${old}` });
    const { keys } = await service.request(DeploymentsRpc.provenanceKeys, d.user.ctx, {});
    expect(keys.map((k) => k.kid)).toEqual(['service-test', 'k2025']);
    for (const k of keys) expect(Object.keys(k).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x']);
    expect(JSON.stringify(keys)).not.toContain(old.split(':')[1]);
  });
});
