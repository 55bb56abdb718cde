import { DeploymentsEvents, DeploymentsRpc, type Rollout } from '@pc/contracts';
import { RemoteError } from '@pc/platform';
import { serviceUnderTest } from '@pc/testing';
import { codeOf, type Deployer, DeploymentsUnderTest, POLICY_FILES } from '../testing/deployments-under-test';

jest.setTimeout(120_000);

const DRIFT_INTERVAL_MS = 500;

/**
 * Progressive delivery in the service, with two deployment workers beside it and the sandbox's platform:
 * a plan before apply that apply keeps to, roll-outs in steps gated on the platform's health (a halt
 * restores what ran before, a rollback pins it), their validation and state machine, and drift found by
 * the reconcile and healed. The routes, the event stream over HTTP and a worker killed mid-step are the
 * end-to-end file's (rollouts.e2e-spec.ts).
 */
describe('progressive delivery', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 2 }), {
    DEPLOY_QUEUE_SLOTS_PER_USER: '8',
    ROLLOUT_TICK_MS: '100',
    DRIFT_RECONCILE_INTERVAL_MS: String(DRIFT_INTERVAL_MS),
  });
  let d: Deployer;
  /** Ten organizations: step 1 one, step 2 three, step 3 six. */
  let ten: string[];

  beforeAll(async () => {
    d = await service.deployer(12);
    ten = [d.tenant.paymentsId, d.tenant.cardsId, ...d.tenant.teamIds.slice(0, 8)];
  });

  const deploy = async (rulesetId: string, orgs: string[], version: string) => {
    const res = await service.deploy(d, {
      assetType: 'ruleset',
      rulesetId,
      targetOrganizationIds: orgs,
      doRelease: true,
      version,
    });
    for (const r of res.results.filter((x) => x.ok))
      expect((await service.settled(d.user.ctx, r.deployment!.id)).status).toBe('succeeded');
    return res;
  };
  const rollOut = (rulesetId: string, body: Parameters<typeof service.rollOut>[1]) =>
    service.rollOut(d, { assetType: 'ruleset', rulesetId, ...body });
  const act = (id: string, action: 'pause' | 'resume' | 'abort' | 'rollback', as = d.user) =>
    service.request(DeploymentsRpc.rolloutAction, as.ctx, { id, action });
  const ended = (id: string) => service.rollout(d.user.ctx, id);
  const states = (r: Rollout, step: number) => r.steps[step].organizations.map((o) => o.state);

  describe('a plan before apply', () => {
    it('says per target what apply would do, writes nothing, and apply then does exactly that', async () => {
      const ruleset = await service.ruleset(d.user);
      await deploy(ruleset.id, [d.tenant.paymentsId], '1.0.0');
      const rows = await service.count('deployments.deployments');
      const jobs = await service.count('deployments.jobs');
      const before = await service.versions(ruleset.assetId);

      const targets = [d.tenant.paymentsId, d.tenant.cardsId, d.tenant.archiveId];
      const body = { assetType: 'ruleset' as const, rulesetId: ruleset.id, doRelease: true };
      const plan = await service.plan(d, { ...body, targetOrganizationIds: targets, version: '1.1.0' });
      expect(plan).toEqual({
        dryRun: true,
        assetId: ruleset.assetId,
        targets: [
          expect.objectContaining({
            organizationId: d.tenant.paymentsId,
            action: 'update',
            from: '1.0.0',
            to: '1.1.0',
          }),
          expect.objectContaining({
            organizationId: d.tenant.cardsId,
            action: 'create',
            from: null,
            to: '1.1.0',
          }),
          expect.objectContaining({
            organizationId: d.tenant.archiveId,
            action: 'error',
            error: expect.stringContaining('cannot deploy to this organization'),
          }),
        ],
      });
      const same = await service.plan(d, { ...body, version: '1.0.0' });
      expect(same.targets[0]).toMatchObject({ action: 'unchanged', from: '1.0.0', to: '1.0.0' });
      // The real request's checks run first: its errors are the plan's.
      expect(
        await codeOf(service.plan(d, { ...body, rulesetId: '00000000-0000-4000-8000-000000000000' })),
      ).toBe('NOT_FOUND');
      expect(await codeOf(service.plan(d, { ...body, version: 'v1' }))).toBe('BAD_REQUEST');
      expect(await service.count('deployments.deployments')).toBe(rows);
      expect(await service.count('deployments.jobs')).toBe(jobs);
      expect(await service.versions(ruleset.assetId)).toEqual(before);

      const apply = await deploy(ruleset.id, targets, '1.1.0');
      expect(apply.status).toBe(207);
      expect(apply.results.map((r) => r.ok)).toEqual(plan.targets.map((t) => t.action !== 'error'));
      const after = await service.versions(ruleset.assetId);
      for (const target of plan.targets)
        expect(after[target.organizationId]).toBe(
          target.action === 'error' ? before[target.organizationId] : target.to,
        );
    });
    it('knows the version a release of the reviewed commit gives: unchanged where it already runs', async () => {
      const ruleset = await service.ruleset(d.user, { published: true, version: '3.2.0' });
      const release = {
        assetType: 'ruleset' as const,
        rulesetId: ruleset.id,
        doPublish: true,
        doRelease: true,
      };
      // Never built: registry.json's version is the build's to read, so the plan cannot say it yet.
      const first = await service.plan(d, release);
      expect(first.targets[0]).toMatchObject({ action: 'create', from: null, to: null });
      const res = await service.deploy(d, release);
      expect((await service.settled(d.user.ctx, res.results[0].deployment!.id)).version).toBe('3.2.0');

      const again = await service.plan(d, {
        ...release,
        targetOrganizationIds: [d.tenant.paymentsId, d.tenant.cardsId],
      });
      expect(again.targets).toEqual([
        expect.objectContaining({ action: 'unchanged', from: '3.2.0', to: '3.2.0' }),
        expect.objectContaining({ action: 'create', from: null, to: '3.2.0' }),
      ]);
      // A publish without a release leaves a dev version the build names.
      const dev = await service.plan(d, { ...release, doRelease: false });
      expect(dev.targets[0]).toMatchObject({ action: 'update', from: '3.2.0', to: null });

      // A policy's listing names the version of its reviewed commit before anything is built.
      const policy = await service.policy(d.user, { published: true });
      const releasePolicy = { policyId: policy.id, doPublish: true, doRelease: true };
      const plan = await service.plan(d, releasePolicy);
      expect(plan.targets[0]).toMatchObject({ action: 'create', to: '2.1.0' });
      const built = await service.deploy(d, releasePolicy);
      expect((await service.settled(d.user.ctx, built.results[0].deployment!.id)).version).toBe('2.1.0');
      expect((await service.plan(d, releasePolicy)).targets[0]).toMatchObject({
        action: 'unchanged',
        to: '2.1.0',
      });
      // A revision moves the pin to a commit of version 2.2.0; the listing still says 2.1.0 (a revision
      // does not read the version), so the plan does not trust it: the build will say, never `unchanged`.
      await service.control.pushCommit('community', policy.repo, {
        files: { ...POLICY_FILES, 'Cargo.toml': '[package]\nname = "rate_guard"\nversion = "2.2.0"\n' },
      });
      service.peers.policies.set(policy.id, {
        ...policy,
        pin: await service.pinOf('community', policy.repo),
      });
      expect((await service.plan(d, releasePolicy)).targets[0]).toMatchObject({
        action: 'update',
        from: '2.1.0',
        to: null,
      });
    });
  });

  /** Left by the rollback test for the drift test: a rolled-back, pinned organization. */
  let pinned: { assetId: string; org: string; deploymentId: string };

  describe('roll-outs', () => {
    it('refuses bad steps, creating nothing', async () => {
      const ruleset = await service.ruleset(d.user);
      const { paymentsId, cardsId, archiveId } = d.tenant;
      const cases: Array<[Parameters<typeof service.rollOut>[1], string, string]> = [
        [{ steps: [[paymentsId], [cardsId, paymentsId]] }, 'BAD_REQUEST', 'named twice'],
        [
          { steps: [[paymentsId], [archiveId]] },
          'DEPLOYMENTS.ROLLOUT_ORGANIZATIONS_UNREACHABLE',
          'cannot be deployed',
        ],
        [{ steps: [[paymentsId], []] }, 'BAD_REQUEST', 'empty'],
        [{ steps: [[paymentsId]], bakeSeconds: 86_401 }, 'BAD_REQUEST', 'bakeSeconds'],
        [{ steps: [[paymentsId]], healthTimeoutSeconds: 0 }, 'BAD_REQUEST', 'healthTimeoutSeconds'],
        [{ targetOrganizationIds: ten, stepSizes: [1, 3] }, 'BAD_REQUEST', 'cover'],
      ];
      for (const [body, code, words] of cases) {
        const error = await rollOut(ruleset.id, { version: '1.0.0', ...body }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(RemoteError);
        expect([(error as RemoteError).payload.code, JSON.stringify((error as RemoteError).payload)]).toEqual(
          [code, expect.stringContaining(words)],
        );
      }
      expect(await service.count('deployments.rollouts')).toBe(0);
    });

    it('holds one active roll-out per item and organization, shows it to workspace members only, pauses, resumes and aborts it', async () => {
      const ruleset = await service.ruleset(d.user);
      // Its first step stays progressing: the platform reports the item healthy only after a minute; so
      // does the later roll-out on Cards, active until the test aborts it (it could complete first).
      await service.control.setHealth(d.tenant.paymentsId, { health: 'healthy', delayMs: 60_000 });
      await service.control.setHealth(d.tenant.cardsId, { health: 'healthy', delayMs: 60_000 });
      try {
        const { rollout: first } = await rollOut(ruleset.id, {
          version: '1.0.0',
          steps: [[d.tenant.paymentsId], [d.tenant.cardsId]],
        });
        const second = rollOut(ruleset.id, { version: '1.0.1', steps: [[d.tenant.cardsId]] });
        await expect(second).rejects.toMatchObject({
          payload: { code: 'DEPLOYMENTS.ROLLOUT_HELD', message: expect.stringContaining(first.id) },
        });
        expect(await service.count('deployments.rollouts WHERE ruleset_id = $1', [ruleset.id])).toBe(1);

        // Others do not see it; a workspace member does, and its deployments and their logs too.
        const stranger = service.user();
        const member = service.user();
        service.member(d.workspaceId, member);
        expect(await codeOf(service.request(DeploymentsRpc.getRollout, stranger.ctx, { id: first.id }))).toBe(
          'NOT_FOUND',
        );
        expect(await codeOf(act(first.id, 'pause', stranger))).toBe('NOT_FOUND');
        expect(
          (await service.request(DeploymentsRpc.getRollout, member.ctx, { id: first.id })).rollout.id,
        ).toBe(first.id);
        const started = await service.rollout(
          d.user.ctx,
          first.id,
          (r) => r.steps[0].organizations[0].deployment_id !== null,
        );
        const deploymentId = started.steps[0].organizations[0].deployment_id!;
        const opened = await service.request(DeploymentsRpc.get, member.ctx, { id: deploymentId });
        expect(opened.deployment.rollout_id).toBe(first.id);
        await service.request(DeploymentsRpc.history, member.ctx, { id: deploymentId });
        await service.request(DeploymentsRpc.logsAfter, member.ctx, { id: deploymentId });
        // Changing them stays the author's.
        expect(await codeOf(service.request(DeploymentsRpc.cancel, member.ctx, { id: deploymentId }))).toBe(
          'FORBIDDEN',
        );
        expect(await codeOf(service.request(DeploymentsRpc.get, stranger.ctx, { id: deploymentId }))).toBe(
          'NOT_FOUND',
        );

        expect((await act(first.id, 'pause')).rollout.status).toBe('paused');
        expect(await codeOf(act(first.id, 'pause'))).toBe('DEPLOYMENTS.ROLLOUT_ACTION_NOT_ALLOWED');
        // A workspace member may act on it too (the event says who).
        expect((await act(first.id, 'resume', member)).rollout.status).toBe('running');
        const { events } = await service.request(DeploymentsRpc.rolloutEventsAfter, d.user.ctx, {
          id: first.id,
        });
        expect(events.map((e) => e.message)).toEqual(
          expect.arrayContaining(['Paused by its author', 'Resumed by a workspace member']),
        );
        expect((await act(first.id, 'abort')).rollout.status).toBe('aborted');
        for (const action of ['pause', 'resume', 'abort', 'rollback'] as const)
          await expect(act(first.id, action)).rejects.toMatchObject({
            payload: {
              code: 'DEPLOYMENTS.ROLLOUT_ACTION_NOT_ALLOWED',
              message: expect.stringContaining('ended'),
            },
          });
        // Its organizations are free again.
        const { rollout: again } = await rollOut(ruleset.id, {
          version: '1.0.1',
          steps: [[d.tenant.cardsId]],
        });
        // Its author, removed from the workspace, loses it: membership is asked before authorship.
        const begun = await service.rollout(
          d.user.ctx,
          again.id,
          (r) => r.steps[0].organizations[0].deployment_id !== null,
        );
        const itsDeployment = begun.steps[0].organizations[0].deployment_id!;
        service.removeMember(d.workspaceId, d.user);
        try {
          expect(await codeOf(service.request(DeploymentsRpc.getRollout, d.user.ctx, { id: again.id }))).toBe(
            'NOT_FOUND',
          );
          expect(
            await codeOf(service.request(DeploymentsRpc.rolloutEventsAfter, d.user.ctx, { id: again.id })),
          ).toBe('NOT_FOUND');
          for (const action of ['pause', 'abort', 'rollback'] as const)
            expect([action, await codeOf(act(again.id, action))]).toEqual([action, 'NOT_FOUND']);
          expect(await codeOf(service.request(DeploymentsRpc.get, d.user.ctx, { id: itsDeployment }))).toBe(
            'NOT_FOUND',
          );
          expect(
            await codeOf(service.request(DeploymentsRpc.cancel, d.user.ctx, { id: itsDeployment })),
          ).toBe('NOT_FOUND');
          // The members who stay keep it.
          expect(
            (await service.request(DeploymentsRpc.getRollout, member.ctx, { id: again.id })).rollout.id,
          ).toBe(again.id);
        } finally {
          service.member(d.workspaceId, d.user);
        }
        await act(again.id, 'abort');
      } finally {
        await service.control.clearHealth(d.tenant.paymentsId);
        await service.control.clearHealth(d.tenant.cardsId);
      }
    });

    it('halts when the step-2 organizations go degraded, restores steps 1 and 2, leaves step 3 untouched', async () => {
      const ruleset = await service.ruleset(d.user);
      // Every organization but one of step 2 runs 1.0.0 before the roll-out.
      await deploy(
        ruleset.id,
        ten.filter((_, i) => i !== 2),
        '1.0.0',
      );
      for (const org of ten.slice(1, 4))
        await service.control.setHealth(org, { health: 'degraded', delayMs: 200 });
      const counts = await service.applyCounts(ruleset.assetId);

      const { rollout: created } = await rollOut(ruleset.id, {
        version: '1.1.0',
        targetOrganizationIds: ten,
        stepSizes: [1, 3, 'rest'],
        bakeSeconds: 0,
        healthTimeoutSeconds: 60,
      });
      expect(created.steps.map((s) => s.organizations.length)).toEqual([1, 3, 6]);
      const rollout = await ended(created.id);
      expect(rollout.status).toBe('halted');
      expect(rollout.halt_reason).toMatch(/degraded/);
      expect(states(rollout, 0)).toEqual(['restored']);
      expect(states(rollout, 1).sort()).toEqual(['removed', 'restored', 'restored']);
      // The step it halted in says so, never `done`; the step before it was restored.
      expect(rollout.steps.map((s) => s.state)).toEqual(['rolled_back', 'halted', 'skipped']);
      expect(
        rollout.steps[2].organizations.every((o) => o.state === 'skipped' && o.deployment_id === null),
      ).toBe(true);

      const now = await service.versions(ruleset.assetId);
      for (const org of ten.slice(0, 4)) expect(now[org]).toBe(org === ten[2] ? undefined : '1.0.0');
      const after = await service.applyCounts(ruleset.assetId);
      // Step 3 untouched; steps 1 and 2 applied once and restored once (the one that ran none: removed).
      for (const org of ten.slice(4)) expect(after[org]).toBe(counts[org]);
      for (const org of ten.slice(0, 4)) expect(after[org] - counts[org]).toBe(org === ten[2] ? 1 : 2);

      // Each change is an ordinary deployment, linked, rolled back and pinned: a sync leaves it so.
      const changed = rollout.steps[0].organizations[0].deployment_id!;
      const { deployment } = await service.request(DeploymentsRpc.get, d.user.ctx, { id: changed });
      expect(deployment).toMatchObject({ rollout_id: created.id, status: 'removed', rollback_pinned: true });
      const sync = await service.request(DeploymentsRpc.sync, d.user.ctx, { id: changed });
      expect(sync.status).toBe('removed');
      expect((await service.versions(ruleset.assetId))[ten[0]]).toBe('1.0.0');

      // Its events tell it all, numbered in order, the last one the halt.
      const { events } = await service.request(DeploymentsRpc.rolloutEventsAfter, d.user.ctx, {
        id: created.id,
      });
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      expect(events.at(-1)!.message).toMatch(/degraded|[Hh]alt/);
      const rest = await service.request(DeploymentsRpc.rolloutEventsAfter, d.user.ctx, {
        id: created.id,
        afterSeq: 3,
      });
      expect(rest.events[0].seq).toBe(4);
      for (const org of ten.slice(1, 4)) await service.control.clearHealth(org);
    });

    it('completes the same roll-out with no fault, each organization applied once', async () => {
      const ruleset = await service.ruleset(d.user);
      const counts = await service.applyCounts(ruleset.assetId);
      const { rollout: created } = await rollOut(ruleset.id, {
        version: '2.0.0',
        targetOrganizationIds: ten,
        stepSizes: [1, 3, 'rest'],
      });
      const rollout = await ended(created.id);
      expect(rollout.status).toBe('completed');
      expect(rollout.steps.map((s) => s.state)).toEqual(['done', 'done', 'done']);
      const now = await service.versions(ruleset.assetId);
      const after = await service.applyCounts(ruleset.assetId);
      for (const org of ten) {
        expect(now[org]).toBe('2.0.0');
        expect(after[org] - counts[org]).toBe(1);
      }
    });

    it('ends a bake only with every organization healthy: one progressing at its end is waited for, then halts', async () => {
      const ruleset = await service.ruleset(d.user);
      const { paymentsId, cardsId } = d.tenant;
      const { rollout: created } = await rollOut(ruleset.id, {
        version: '1.0.0',
        steps: [[paymentsId], [cardsId]],
        bakeSeconds: 3,
        healthTimeoutSeconds: 3,
      });
      await service.rollout(d.user.ctx, created.id, (r) => r.phase === 'baking');
      // During the bake the platform starts the item again: Payments reports `progressing` for a minute.
      await service.control.setHealth(paymentsId, { health: 'healthy', delayMs: 60_000 });
      try {
        const item = (await service.control.platformState()).organizations
          .find((o) => o.id === paymentsId)!
          .applied.find((a) => a.assetId === ruleset.assetId)!;
        await service.control.restoreApplied(paymentsId, item);

        const rollout = await ended(created.id);
        expect(rollout.status).toBe('halted');
        expect(rollout.halt_reason).toContain('not healthy within 3 s (progressing)');
        expect(states(rollout, 1)).toEqual(['skipped']);
        expect((await service.versions(ruleset.assetId))[cardsId]).toBeUndefined();
      } finally {
        await service.control.clearHealth(paymentsId);
      }
    });
    it('rolls back by hand: the changed organization gets what it ran before, pinned against sync', async () => {
      const ruleset = await service.ruleset(d.user);
      const [nine, tenth] = [d.tenant.teamIds[9], d.tenant.teamIds[10]];
      await deploy(ruleset.id, [nine], '1.0.0');
      const { rollout: created } = await rollOut(ruleset.id, {
        version: '1.2.0',
        steps: [[nine], [tenth]],
        bakeSeconds: 600,
      });
      await service.rollout(d.user.ctx, created.id, (r) => r.phase === 'baking');
      expect((await service.versions(ruleset.assetId))[nine]).toBe('1.2.0');
      expect((await act(created.id, 'rollback')).rollout.status).toBe('rolling_back');
      const rollout = await ended(created.id);
      expect(rollout.status).toBe('rolled_back');
      expect(rollout.steps.map((s) => s.organizations[0].state)).toEqual(['restored', 'skipped']);
      expect(rollout.steps.map((s) => s.state)).toEqual(['rolled_back', 'skipped']);
      expect(await service.versions(ruleset.assetId)).toEqual({ [nine]: '1.0.0' });
      const changed = rollout.steps[0].organizations[0].deployment_id!;
      const history = await service.request(DeploymentsRpc.history, d.user.ctx, { id: changed });
      expect(history.jobs.map((j) => j.kind).sort()).toEqual(['deploy', 'restore']);
      expect((await service.request(DeploymentsRpc.sync, d.user.ctx, { id: changed })).status).toBe(
        'removed',
      );
      expect(
        (await service.request(DeploymentsRpc.get, d.user.ctx, { id: changed })).deployment,
      ).toMatchObject({
        status: 'removed',
        rollback_pinned: true,
      });
      expect(await service.versions(ruleset.assetId)).toEqual({ [nine]: '1.0.0' });
      pinned = { assetId: ruleset.assetId, org: nine, deploymentId: changed };
    });

    it('names the organization a rollback could not restore, never saying that every one runs what it ran before', async () => {
      const ruleset = await service.ruleset(d.user);
      const [eighth, tenth] = [d.tenant.teamIds[8], d.tenant.teamIds[10]];
      await deploy(ruleset.id, [eighth], '1.0.0');
      const { rollout: created } = await rollOut(ruleset.id, {
        version: '1.3.0',
        steps: [[eighth], [tenth]],
        bakeSeconds: 600,
      });
      await service.rollout(d.user.ctx, created.id, (r) => r.phase === 'baking');
      // From now on the platform fails every request about that organization: its restore cannot succeed.
      await service.control.injectFault({ system: 'platform', organizationId: eighth, kind: 'error' });
      try {
        expect((await act(created.id, 'rollback')).rollout.status).toBe('rolling_back');
        const rollout = await ended(created.id);
        expect(rollout.steps[0].organizations[0]).toMatchObject({
          state: 'failed',
          error: expect.stringContaining('Restore failed'),
        });
        expect(rollout.halt_reason).toMatch(new RegExp(`not restored: .*${eighth}`));
        const { events } = await service.request(DeploymentsRpc.rolloutEventsAfter, d.user.ctx, {
          id: created.id,
        });
        expect(events.at(-1)!.message).not.toContain('every changed organization runs what it ran before');
        expect(events.at(-1)!.message).toContain(eighth);
      } finally {
        await service.control.clearFaults();
      }
      // What it says is what runs there: the roll-out's version, not pinned.
      expect((await service.versions(ruleset.assetId))[eighth]).toBe('1.3.0');
    });

    it('aborts at once: the deployments not started are cancelled with the answer and change nothing', async () => {
      const ruleset = await service.ruleset(d.user);
      const counts = await service.applyCounts(ruleset.assetId);
      // Slow platform calls: of one step's ten jobs, the two workers (two each) hold four at a time.
      await service.control.setPlatformLatency(300);
      try {
        const { rollout: created } = await rollOut(ruleset.id, { version: '4.0.0', steps: [ten] });
        await service.rollout(d.user.ctx, created.id, (r) =>
          r.steps[0].organizations.every((o) => o.deployment_id !== null),
        );
        const { rollout: aborted } = await act(created.id, 'abort');
        expect(aborted.status).toBe('aborted');
        const orgs = aborted.steps[0].organizations;
        const skipped = orgs.filter((o) => o.state === 'skipped');
        expect(skipped.length).toBeGreaterThan(0);
        const settled = new Map<string, string>();
        for (const o of orgs)
          settled.set(
            o.organization_id,
            (await service.settled(d.user.ctx, o.deployment_id!, 60_000)).status,
          );
        const after = await service.applyCounts(ruleset.assetId);
        // Those not started at the answer: cancelled, nothing applied; the others at most once.
        for (const o of skipped) {
          expect(settled.get(o.organization_id)).toBe('cancelled');
          expect(after[o.organization_id] - counts[o.organization_id]).toBe(0);
        }
        for (const o of orgs) {
          expect(after[o.organization_id] - counts[o.organization_id]).toBeLessThanOrEqual(1);
          if (after[o.organization_id] > counts[o.organization_id])
            expect(settled.get(o.organization_id)).toBe('succeeded');
        }
      } finally {
        await service.control.setPlatformLatency(0);
      }
    });

    it('follows a deployment still running at the abort to its end: its organization says what it did', async () => {
      const ruleset = await service.ruleset(d.user);
      const { paymentsId, cardsId } = d.tenant;
      // Slow platform calls: the first step's deployment is still running when the abort comes.
      await service.control.setPlatformLatency(1000);
      try {
        const { rollout: created } = await rollOut(ruleset.id, {
          version: '5.0.0',
          steps: [[paymentsId], [cardsId]],
        });
        const started = await service.rollout(
          d.user.ctx,
          created.id,
          (r) => r.steps[0].organizations[0].deployment_id !== null,
        );
        const deploymentId = started.steps[0].organizations[0].deployment_id!;
        for (let i = 0; ; i++) {
          const { deployment } = await service.request(DeploymentsRpc.get, d.user.ctx, { id: deploymentId });
          if (deployment.status === 'running') break;
          if (i > 300) throw new Error(`deployment ${deploymentId} never ran (${deployment.status})`);
          await new Promise((r) => setTimeout(r, 50));
        }
        const { rollout: aborted } = await act(created.id, 'abort');
        expect(aborted.steps[0].organizations[0].state).toBe('deploying');

        // It finishes after the answer (what it applies stays): the roll-out says so, and no longer
        // shows it deploying; the step never started stays skipped.
        expect((await service.settled(d.user.ctx, deploymentId, 60_000)).status).toBe('succeeded');
        const after = await service.rollout(
          d.user.ctx,
          created.id,
          (r) => r.steps[0].organizations[0].state !== 'deploying',
          15_000,
        );
        expect(after.status).toBe('aborted');
        expect(states(after, 0)).toEqual(['applied']);
        expect(states(after, 1)).toEqual(['skipped']);
        expect((await service.versions(ruleset.assetId))[paymentsId]).toBe('5.0.0');
        const { events } = await service.request(DeploymentsRpc.rolloutEventsAfter, d.user.ctx, {
          id: created.id,
        });
        expect(events.at(-1)).toMatchObject({
          organization_id: paymentsId,
          state: 'applied',
          message: expect.stringContaining('after the abort'),
        });
      } finally {
        await service.control.setPlatformLatency(0);
      }
    });
  });

  describe('drift', () => {
    it('finds an item removed and one replaced within an interval, tells the author once, and self-heal repairs it, leaving a pinned rollback alone', async () => {
      const ruleset = await service.ruleset(d.user);
      const [removedIn, replacedIn] = [d.tenant.teamIds[11], d.tenant.rootId];
      const ids = (await deploy(ruleset.id, [removedIn, replacedIn], '1.0.0')).results.map(
        (r) => r.deployment!.id,
      );
      const item = (await service.control.platformState()).organizations
        .find((o) => o.id === replacedIn)!
        .applied.find((a) => a.assetId === ruleset.assetId)!;
      await service.control.removeApplied(removedIn, ruleset.assetId);
      await service.control.restoreApplied(replacedIn, {
        ...item,
        version: '0.9.0',
        configuration: { mode: 'strict' },
      });
      // The pinned rollback's organization drifts too (its item removed): nothing re-applies it.
      await service.control.removeApplied(pinned.org, pinned.assetId);

      const drifted = async (id: string) => {
        for (let i = 0; ; i++) {
          const { deployment } = await service.request(DeploymentsRpc.get, d.user.ctx, { id });
          if (deployment.drifted) return deployment;
          // Within a few intervals (and the sweep's own time).
          if (i > (6 * DRIFT_INTERVAL_MS) / 100) throw new Error(`deployment ${id} not found drifted`);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      expect((await drifted(ids[0])).drift!.differences).toEqual([
        { field: 'presence', expected: '1.0.0', actual: null },
      ]);
      expect((await drifted(ids[1])).drift!.differences).toEqual([
        { field: 'version', expected: '1.0.0', actual: '0.9.0' },
        { field: 'configuration.mode', expected: null, actual: 'strict' },
      ]);
      // Told once per drift (one durable event each, which identity turns into a notification),
      // however many sweeps saw it.
      await new Promise((r) => setTimeout(r, 3 * DRIFT_INTERVAL_MS));
      const told = await service.sql<{ id: string }>(
        `SELECT payload->>'deployment_id' AS id FROM deployments.outbox WHERE pattern = $1`,
        [DeploymentsEvents.deploymentDrifted.pattern],
      );
      expect(told.map((t) => t.id).sort()).toEqual([...ids].sort());

      // Self-heal, opted into by the workspace: both are applied again and lose their drift.
      const settings = await service.request(DeploymentsRpc.putWorkspaceSettings, d.user.ctx, {
        workspaceId: d.workspaceId,
        selfHeal: true,
      });
      expect(settings).toEqual({ settings: { workspace_id: d.workspaceId, self_heal: true } });
      for (let i = 0; ; i++) {
        const now = await service.versions(ruleset.assetId);
        const clean = await Promise.all(
          ids.map(
            async (id) => (await service.request(DeploymentsRpc.get, d.user.ctx, { id })).deployment.drifted,
          ),
        );
        if (now[removedIn] === '1.0.0' && now[replacedIn] === '1.0.0' && clean.every((x) => x === false))
          break;
        if (i > 600) throw new Error(`not healed: ${JSON.stringify(now)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const healed = (await service.control.platformState()).organizations
        .find((o) => o.id === replacedIn)!
        .applied.find((a) => a.assetId === ruleset.assetId)!;
      expect(healed.configuration).toEqual({});
      // The pinned rollback stays as it was left: nothing applied there again, no job on its deployment.
      expect((await service.versions(pinned.assetId))[pinned.org]).toBeUndefined();
      expect(await service.count('deployments.jobs WHERE deployment_id = $1', [pinned.deploymentId])).toBe(2);
    });
  });
});
