import { randomUUID } from 'node:crypto';
import {
  type Adapters,
  type JobLog,
  type PipelineContext,
  recordPrevious,
  runDeploy,
  runRemoval,
  runRulesetDeploy,
  verifyHealth,
} from '@pc/deployment-worker';
import type { DeploymentRow, JobRow } from '@pc/deployments-store';
import { HttpGatewayPlatform } from '@pc/gateway-platform';
import { type DsseEnvelope, generateSigningKeyEntry, parseSigningKeys, signProvenance } from '@pc/platform';
import { HttpRegistry } from '@pc/registry';
import { type RunningSandbox, SandboxControl, startSandbox } from '@pc/sandbox';
import { HttpSourceHost } from '@pc/source-host';

/**
 * The deploy pipeline against the sandbox, without the queue: a job repeated from scratch (its worker
 * died after publishing, before recording) or from its saved steps does every external effect once.
 */
describe('the deploy pipeline against the sandbox', () => {
  let sandbox: RunningSandbox;
  let control: SandboxControl;
  let adapters: Adapters;
  let repoUrl: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: true });
    control = new SandboxControl(sandbox.url);
    adapters = {
      sourceHost: HttpSourceHost.fromEnv(sandbox.adapterEnv),
      registry: HttpRegistry.fromEnv(sandbox.adapterEnv),
      platform: HttpGatewayPlatform.fromEnv(sandbox.adapterEnv),
    };
    repoUrl = `${sandbox.urls.sourceHostWeb}/gateway-community/header-injection-policy`;
  });

  afterAll(() => sandbox.close());

  const signingKeys = parseSigningKeys(generateSigningKeyEntry('pipeline'));
  const attestations = new Map<string, { subjects: unknown; envelope: DsseEnvelope }>();

  function context(job: JobRow, deployment: DeploymentRow, lines: string[]): PipelineContext {
    const platform = HttpGatewayPlatform.fromEnv(sandbox.adapterEnv);
    const token = platform.tokenProvider({
      host: 'us',
      clientId: sandbox.demo.clientId,
      clientSecret: sandbox.demo.clientSecret,
    });
    const log = { line: (_step: string, text: string) => Promise.resolve(void lines.push(text)) };
    return {
      job,
      deployment,
      log: log as unknown as JobLog,
      access: {
        platform: { host: 'us', accessToken: token },
        token,
        groupId: sandbox.demo.rootOrganizationId,
      },
      save: (step, result) => {
        job.steps[step] = result;
        return Promise.resolve();
      },
      checkpoint: () => Promise.resolve(),
      cancelled: () => Promise.resolve(false),
      progress: () => undefined,
      // As the job store keeps it: one attestation per deployment while its subjects are the same.
      attest: (input) => {
        const kept = attestations.get(deployment.id);
        if (kept && JSON.stringify(kept.subjects) === JSON.stringify(input.subjects))
          return Promise.resolve(kept.envelope);
        const envelope = signProvenance(input, signingKeys[0]);
        attestations.set(deployment.id, { subjects: input.subjects, envelope });
        return Promise.resolve(envelope);
      },
    };
  }

  function records(slug: string): { job: JobRow; deployment: DeploymentRow } {
    const id = randomUUID();
    return {
      job: {
        id: randomUUID(),
        deployment_id: id,
        kind: 'deploy',
        self_heal: false,
        status: 'running',
        step: null,
        attempts: 1,
        steps: {},
        log_seq: 0,
        error: null,
        cancel_requested_at: null,
        released_at: new Date('2026-01-02T03:04:05Z'),
        created_at: new Date('2026-01-02T03:04:05Z'),
        started_at: null,
        finished_at: null,
      },
      deployment: {
        id,
        asset_type: 'policy',
        policy_id: randomUUID(),
        ruleset_id: null,
        asset_name: 'Header Injection',
        asset_slug: slug,
        connection_id: randomUUID(),
        workspace_id: randomUUID(),
        created_by: randomUUID(),
        platform_org_id: sandbox.demo.businessGroups[0].id,
        status: 'running',
        do_publish: true,
        do_release: true,
        cleanup_dev: false,
        ref: 'v1.1.0',
        implementation_ref: null,
        requested_version: null,
        source: {
          source_host_url: repoUrl,
          implementation_source_host_url: null,
          source_ref: null,
          implementation_source_ref: null,
          description: 'Adds headers.',
        },
        rollout_id: null,
        version: null,
        group_id: null,
        applied_version: null,
        dev_versions: [],
        governance_profile: null,
        governance_profile_result: null,
        platform_org_name: null,
        commit_sha: null,
        implementation_commit_sha: null,
        definition_asset_version: null,
        implementation_asset_version: null,
        rollback_pinned_at: null,
        drift: null,
        home_doc_status: null,
        error: null,
        dedupe_key: randomUUID(),
        created_at: new Date('2026-01-02T03:04:05Z'),
        updated_at: new Date('2026-01-02T03:04:05Z'),
        finished_at: null,
      },
    };
  }

  const versionsOf = async (slug: string) =>
    (await control.platformState()).registry
      .filter((r) => r.assetId.startsWith(slug))
      .map((r) => `${r.assetId}@${r.version}`)
      .sort();

  it('publishes each version once when a job is run again from scratch (its steps were not saved)', async () => {
    const slug = `hi-${randomUUID().slice(0, 8)}`;
    const { job, deployment } = records(slug);
    const first = await runDeploy(context({ ...job, steps: {} }, deployment, []), adapters, {
      timeoutMs: 10_000,
    });
    const before = await versionsOf(slug);
    const lines: string[] = [];
    const second = await runDeploy(context({ ...job, steps: {} }, deployment, lines), adapters, {
      timeoutMs: 10_000,
    });
    expect(second).toEqual(first);
    expect(await versionsOf(slug)).toEqual(before);
    expect(before).toEqual([
      `${slug}-implementation@1.1.0`,
      `${slug}-implementation@1.1.0-dev.20260102030405`,
      `${slug}@1.1.0`,
      `${slug}@1.1.0-dev.20260102030405`,
    ]);
    expect(lines.filter((l) => l.includes('already in the registry'))).toHaveLength(4);
    const applied = (await control.platformState()).organizations.find(
      (o) => o.id === deployment.platform_org_id,
    )!;
    expect(applied.applied.filter((a) => a.assetId === slug)).toEqual([
      expect.objectContaining({ version: '1.1.0' }),
    ]);
  });

  it('skips the steps a redelivered job has saved: nothing is fetched, published or logged again', async () => {
    const slug = `hi-${randomUUID().slice(0, 8)}`;
    const { job, deployment } = records(slug);
    const saved: JobRow = { ...job, steps: {} };
    const outcome = await runDeploy(context(saved, deployment, []), adapters, { timeoutMs: 10_000 });
    const lines: string[] = [];
    expect(
      await runDeploy(context({ ...job, steps: { ...saved.steps } }, deployment, lines), adapters, {
        timeoutMs: 10_000,
      }),
    ).toEqual(outcome);
    expect(lines).toEqual([]);
  });

  it("a roll-out's job records what ran before once (not what it applied, when run again) and waits for the platform's health", async () => {
    const slug = `hi-${randomUUID().slice(0, 8)}`;
    const { job, deployment } = records(slug);
    const org = deployment.platform_org_id;
    await runDeploy(context({ ...job, steps: {} }, deployment, []), adapters, { timeoutMs: 10_000 });
    // A roll-out to 2.0.0 over the 1.1.0 just applied, its item progressing for 600 ms then degraded.
    await control.setHealth(org, { health: 'degraded', delayMs: 600, assetId: slug });
    try {
      const rollout = { ...job, id: randomUUID(), steps: {} };
      const next = { ...deployment, id: randomUUID(), requested_version: '2.0.0' };
      await recordPrevious(context(rollout, next, []), adapters);
      expect(rollout.steps).toMatchObject({ previous: { kind: 'policy', version: '1.1.0' } });
      await runDeploy(context(rollout, next, []), adapters, { timeoutMs: 10_000 });
      // Run again after apply (a redelivery): the first reading stays.
      await recordPrevious(context(rollout, next, []), adapters);
      expect(rollout.steps).toMatchObject({ previous: { version: '1.1.0' }, apply: { version: '2.0.0' } });
      const lines: string[] = [];
      expect(await verifyHealth(context(rollout, next, lines), adapters, 30)).toMatchObject({
        health: 'degraded',
        timedOut: false,
      });
      expect(rollout.steps).toMatchObject({ verify: { health: 'degraded' } });
      expect(lines).toEqual([expect.stringContaining('degraded')]);

      // Not settled within the health timeout: recorded as such.
      await control.setHealth(org, { health: 'healthy', delayMs: 60_000, assetId: slug });
      await runDeploy(context({ ...rollout, steps: {} }, next, []), adapters, { timeoutMs: 10_000 });
      const late = await verifyHealth(context({ ...rollout, steps: {} }, next, []), adapters, 1);
      expect(late).toMatchObject({ health: 'progressing', timedOut: true });
    } finally {
      await control.clearHealth(org);
    }
  });

  it("resolves the ref to the tag's commit and derives the version from Cargo.toml", async () => {
    const slug = `hi-${randomUUID().slice(0, 8)}`;
    const { job, deployment } = records(slug);
    const { refs: tags } = await adapters.sourceHost.listTags({
      owner: 'gateway-community',
      name: 'header-injection-policy',
    });
    const outcome = await runDeploy(context(job, deployment, []), adapters, { timeoutMs: 10_000 });
    expect(outcome.commit_sha).toBe(tags.find((t) => t.name === 'v1.1.0')!.commitSha);
    expect(outcome).toMatchObject({
      version: '1.1.0',
      applied_version: '1.1.0',
      home_doc_status: 'published',
    });
  });

  describe('for a ruleset', () => {
    const rulesetRecords = (slug: string, overrides: Partial<DeploymentRow> = {}) => {
      const { job, deployment } = records(slug);
      return {
        job,
        deployment: {
          ...deployment,
          asset_type: 'ruleset' as const,
          policy_id: null,
          ruleset_id: randomUUID(),
          asset_name: 'REST API Best Practices',
          ref: 'v1.1.0',
          source: {
            source_host_url: `${sandbox.urls.sourceHostWeb}/api-governance/rest-api-best-practices`,
            implementation_source_host_url: null,
            source_ref: null,
            implementation_source_ref: null,
            description: 'Naming, documentation and status-code conventions.',
            ruleset_path: null,
          },
          ...overrides,
        },
      };
    };

    it('publishes one governance-ruleset asset per version once, even when run again from scratch, and applies it', async () => {
      const slug = `rs-${randomUUID().slice(0, 8)}`;
      const { job, deployment } = rulesetRecords(slug);
      const first = await runRulesetDeploy(context({ ...job, steps: {} }, deployment, []), adapters);
      const lines: string[] = [];
      const second = await runRulesetDeploy(context({ ...job, steps: {} }, deployment, lines), adapters);
      expect(second).toEqual(first);
      expect(first).toMatchObject({
        version: '1.1.0',
        applied_version: '1.1.0',
        implementation_asset_version: null,
        home_doc_status: 'published',
        governance_profile_result: {
          asset_id: slug,
          profile_path: 'ruleset.yaml',
          files: ['ruleset.yaml', 'registry.json', 'icon.svg'],
        },
      });
      expect(lines).toEqual(expect.arrayContaining(['Version 1.1.0 (from the tag v1.1.0)']));
      expect(lines.filter((l) => l.includes('already in the registry'))).toHaveLength(2);
      const state = await control.platformState();
      const assets = state.registry.filter((r) => r.assetId === slug);
      expect(assets.map((a) => `${a.version}:${(a as { classifier?: string }).classifier}`).sort()).toEqual([
        '1.1.0-dev.20260102030405:governance-ruleset',
        '1.1.0:governance-ruleset',
      ]);
      const org = state.organizations.find((o) => o.id === deployment.platform_org_id)!;
      expect(org.applied.filter((a) => a.assetId === slug)).toEqual([
        expect.objectContaining({ kind: 'ruleset', version: '1.1.0' }),
      ]);
    });

    it('takes the version from registry.json before the tag, and refuses a folder without a profile', async () => {
      const { webUrl } = await control.createRepository({
        owner: 'governance',
        name: `pipeline-${randomUUID().slice(0, 8)}`,
        files: {
          'rules/ruleset.yaml': '#%Validation Profile 1.0\nprofile: Inner\n',
          'rules/registry.json': JSON.stringify({ assetId: 'inner', main: 'ruleset.yaml', version: '2.0.1' }),
          'README.md': 'no profile here',
        },
      });
      const slug = `rs-${randomUUID().slice(0, 8)}`;
      const inner = rulesetRecords(slug, {
        ref: null,
        do_publish: false,
        source: {
          source_host_url: `${webUrl}/tree/main/rules`,
          implementation_source_host_url: null,
          source_ref: null,
          implementation_source_ref: null,
          description: 'Inner.',
        },
      });
      const lines: string[] = [];
      const outcome = await runRulesetDeploy(context(inner.job, inner.deployment, lines), adapters);
      expect(outcome).toMatchObject({ version: '2.0.1', applied_version: '2.0.1' });
      expect(lines).toEqual(expect.arrayContaining(['Version 2.0.1 (from registry.json)']));

      const root = rulesetRecords(`rs-${randomUUID().slice(0, 8)}`, {
        ref: null,
        requested_version: '1.0.0',
        source: { ...inner.deployment.source, source_host_url: webUrl },
      });
      await expect(runRulesetDeploy(context(root.job, root.deployment, []), adapters)).rejects.toThrow(
        /No validation profile at this commit/,
      );
    });

    it('unpublishes: the ruleset leaves the organization and its dev version the registry; again is harmless', async () => {
      const slug = `rs-${randomUUID().slice(0, 8)}`;
      const { job, deployment } = rulesetRecords(slug, { do_release: false });
      const outcome = await runRulesetDeploy(context(job, deployment, []), adapters);
      const removalJob: JobRow = { ...job, id: randomUUID(), kind: 'unpublish', steps: {} };
      const deployed: DeploymentRow = {
        ...deployment,
        version: outcome.version,
        group_id: outcome.group_id,
        applied_version: outcome.applied_version,
        dev_versions: outcome.dev_versions,
      };
      const removed = await runRemoval(context(removalJob, deployed, []), adapters);
      expect(removed.applied_version).toBeNull();
      const again: string[] = [];
      await runRemoval(context(removalJob, deployed, again), adapters);
      expect(again).toEqual(['Not applied any more', `Already gone: ${slug} ${outcome.dev_versions[0]}`]);
      const state = await control.platformState();
      expect(state.registry.filter((r) => r.assetId === slug)).toEqual([]);
      const org = state.organizations.find((o) => o.id === deployment.platform_org_id)!;
      expect(org.applied.filter((a) => a.assetId === slug)).toEqual([]);
    });
  });
});
