import { randomBytes, randomUUID } from 'node:crypto';
import { deploymentWorker, WorkerEnv } from '@pc/deployment-worker';
import { Client } from 'pg';
import {
  CatalogRpc,
  ConnectionsRpc,
  type CreateDeploymentRequest,
  type CreateDeploymentResult,
  type CreateRolloutRequest,
  type Deployment,
  DeploymentsRpc,
  type EligibleOrgsCheckResult,
  type Policy,
  type RequestContext,
  type ReviewPin,
  type Rollout,
  type Ruleset,
  RulesetsRpc,
  type WorkspaceDetail,
  WorkspacesRpc,
} from '@pc/contracts';
import { HttpGatewayPlatform } from '@pc/gateway-platform';
import {
  type BusConfig,
  type EnvSource,
  generateSigningKeyEntry,
  loadEnv,
  notFound,
  type RunningService,
  type ServiceDefinition,
  startService,
} from '@pc/platform';
import { type RunningSandbox, SandboxControl, type SandboxTenant, startSandbox } from '@pc/sandbox';
import { HttpSourceHost } from '@pc/source-host';
import { answer, type BusKind, peerService, ServiceUnderTest, testBus, viaSession } from '@pc/testing';
import { DeploymentsEnv } from '../deployments.env';
import { deploymentsService } from '../index';

export { codeOf } from '@pc/testing';

/** A user of the stand-ins: the id and a signed-in context. */
export interface TestUser {
  id: string;
  ctx: RequestContext;
}

/** A platform tenant in the sandbox, laid out as `SandboxControl.addTestTenant` lays it out. */
export type Tenant = SandboxTenant;

/** A ruleset of the rulesets stand-in (`ruleset()`), with its repository and registry asset id. */
export type TestRuleset = Ruleset & { repo: string; assetId: string };

/** What a test deploys with: a user, a tenant, a connection of theirs to it, their workspace. */
export interface Deployer {
  user: TestUser;
  tenant: Tenant;
  connectionId: string;
  workspaceId: string;
}

interface StoredWorkspace {
  id: string;
  ownerId: string;
  members: Set<string>;
  shared: Set<string>;
  archived: boolean;
}

/**
 * What the other services would answer, held by the test: the catalog's policies and the rulesets
 * service's rulesets (each visible to its owner, or to all once published), the workspaces (owner,
 * members, shared connections), the connections (owner, tenant).
 */
class Peers {
  readonly admins = new Set<string>();
  readonly policies = new Map<string, Policy>();
  readonly rulesets = new Map<string, Ruleset>();
  readonly workspaces = new Map<string, StoredWorkspace>();
  readonly connections = new Map<string, { ownerId: string; tenant: Tenant }>();
}

/** The profile of `ruleset()`'s repositories. */
export const PROFILE =
  '#%Validation Profile 1.0\nprofile: Payments API Rules\ndescription: What every payments API must do.\n' +
  'violation:\n  - operations-are-secured\nwarning:\n  - operations-have-descriptions\nvalidations:\n' +
  '  operations-are-secured:\n    message: Secure every operation.\n    targetClass: apiContract.Operation\n    propertyConstraints:\n      core.name:\n        minCount: 1\n' +
  '  operations-have-descriptions:\n    message: Describe operations.\n    targetClass: apiContract.Operation\n    propertyConstraints:\n      core.name:\n        minCount: 1\n';

/** A policy repository's files: a definition and a Rust implementation whose version is 2.1.0. */
export const POLICY_FILES: Record<string, string> = {
  'definition/gcl.yaml':
    'apiVersion: gateway.vendor/v1alpha1\nkind: Extension\nmetadata:\n  name: rate-guard\n  labels:\n' +
    '    title: Rate Guard\n    category: Security\nspec:\n  properties: {}\n',
  'Cargo.toml': '[package]\nname = "rate_guard"\nversion = "2.1.0"\n\n[dependencies]\npdk = "1.4.0"\n',
  'src/lib.rs': '// the filter\n',
};

export interface HarnessOptions {
  /**
   * Deployment workers started beside the service, on the same bus and database, with the sandbox's
   * adapters (0: jobs stay queued, which is all the admission and cancel rules need).
   */
  workers?: number;
  /** The workers' own variables (a build command, a concurrency). */
  workerEnv?: EnvSource;
  /**
   * The bus (default in-process). Over NATS the job queue is JetStream's and each worker has its own
   * connection to it, so a worker stops and another starts on the same queue.
   */
  bus?: BusKind;
}

/**
 * The deployments service alone (`ServiceUnderTest`) on a database of its own and the in-process bus,
 * with the sandbox (source host, registry and platform, over HTTP) and, when asked, real deployment
 * workers beside it: the catalog, the rulesets service, workspaces and connections are stand-ins on the
 * same bus holding the test's data (`peers`). The connections stand-in hands out platform tokens the
 * sandbox issued for the connection's tenant, and answers its deployable organizations as eligible.
 * Builders: `user()`, `tenant()`, `deployer()`, `policy()`, `ruleset()`, `workspace()`, `member()`,
 * `share()`; requests `deploy()`, `releaseRuleset()`, `rollOut()`, `settled()`, `ended()`.
 */
export class DeploymentsUnderTest extends ServiceUnderTest {
  readonly peers = new Peers();
  readonly signingKeys: string;
  private readonly box: { sandbox?: RunningSandbox };
  control!: SandboxControl;
  private counter = 0;
  override readonly busConfig: BusConfig;

  constructor(private readonly options: HarnessOptions = {}) {
    const box: { sandbox?: RunningSandbox } = {};
    const signingKeys = generateSigningKeyEntry('service-test');
    super('deployments', (url, env) =>
      deploymentsService(
        loadEnv(DeploymentsEnv, {
          DATABASE_URL: url,
          DB_POOL_SIZE: '5',
          PROVENANCE_SIGNING_KEYS: signingKeys,
          ...box.sandbox!.adapterEnv,
          PLATFORM_TIMEOUT_MS: '5000',
          DEPLOY_MAX_ACTIVE_JOBS_PER_USER: '0',
          DEPLOY_MAX_TARGETS_PER_HOUR: '0',
          DRIFT_RECONCILE_INTERVAL_MS: '0',
          ...env,
        }),
      ),
    );
    this.box = box;
    this.signingKeys = signingKeys;
    // A deployment with a build, a roll-out's health waits: longer than the default under load.
    this.busConfig = testBus(options.bus ?? 'in-process', 30_000);
  }

  get sandbox(): RunningSandbox {
    return this.box.sandbox!;
  }

  override async start(env: EnvSource = {}): Promise<void> {
    if (!this.box.sandbox) {
      this.box.sandbox = await startSandbox({ port: 0, seed: false });
      this.control = new SandboxControl(this.box.sandbox.url);
    }
    await super.start(env);
  }

  override async close(): Promise<void> {
    await super.close();
    await this.box.sandbox?.close();
  }

  protected override alongside(): ServiceDefinition[] {
    const workers = Array.from({ length: this.options.workers ?? 0 }, () =>
      this.worker(this.options.workerEnv),
    );
    return [...standIns(this.peers, this.sandbox), ...workers];
  }

  /**
   * A deployment worker started now, beside the service (`env`: its own variables), for a test that acts
   * before any worker sees a job; the test closes it. In-process, closing it closes the queue it shares
   * with the service: no worker of the file pulls a job after that.
   */
  startWorker(env: EnvSource = {}): Promise<RunningService> {
    return startService(this.worker(env), this.busConfig);
  }

  private worker(env: EnvSource = {}): ServiceDefinition {
    return deploymentWorker(
      loadEnv(WorkerEnv, {
        DATABASE_URL: this.db.url,
        DB_POOL_SIZE: '5',
        PROVENANCE_SIGNING_KEYS: this.signingKeys,
        ...this.sandbox.adapterEnv,
        ...env,
      }),
    );
  }

  user(isAdmin = false): TestUser {
    const id = randomUUID();
    if (isAdmin) this.peers.admins.add(id);
    return { id, ctx: viaSession(id, isAdmin) };
  }

  /** A tenant of the sandbox's platform; `teams` more deployable organizations under the root. */
  tenant(teams = 0): Promise<Tenant> {
    return this.control.addTestTenant(++this.counter, teams);
  }

  /** A connection of `owner` to the tenant. */
  connection(owner: TestUser, tenant: Tenant): string {
    const id = randomUUID();
    this.peers.connections.set(id, { ownerId: owner.id, tenant });
    return id;
  }

  /** A workspace `owner` is the owner of. */
  workspace(owner: TestUser): string {
    const id = randomUUID();
    this.peers.workspaces.set(id, {
      id,
      ownerId: owner.id,
      members: new Set([owner.id]),
      shared: new Set(),
      archived: false,
    });
    return id;
  }

  member(workspaceId: string, user: TestUser): void {
    this.peers.workspaces.get(workspaceId)!.members.add(user.id);
  }

  /** The user leaves the workspace (as a member disabled by its owner). */
  removeMember(workspaceId: string, user: TestUser): void {
    this.peers.workspaces.get(workspaceId)!.members.delete(user.id);
  }

  share(workspaceId: string, connectionId: string): void {
    this.peers.workspaces.get(workspaceId)!.shared.add(connectionId);
  }

  archive(workspaceId: string): void {
    this.peers.workspaces.get(workspaceId)!.archived = true;
  }

  /** A user with a tenant (`teams` more organizations), a connection to it and a workspace. */
  async deployer(teams = 0): Promise<Deployer> {
    const user = this.user();
    const tenant = await this.tenant(teams);
    return { user, tenant, connectionId: this.connection(user, tenant), workspaceId: this.workspace(user) };
  }

  /**
   * A policy of `owner` in a repository of its own (more `branches`, `files`): under review (seen by its
   * owner and administrators), or published with the review's pin at the head of the default branch.
   */
  async policy(
    owner: TestUser,
    options: {
      published?: boolean;
      branches?: Record<string, Record<string, string>>;
      files?: Record<string, string>;
    } = {},
  ): Promise<Policy & { repo: string }> {
    const repo = `policy-${++this.counter}-${randomBytes(3).toString('hex')}`;
    const { webUrl } = await this.control.createRepository({
      owner: 'community',
      name: repo,
      files: { ...POLICY_FILES, ...options.files },
      branches: options.branches,
    });
    const now = new Date().toISOString();
    const policy: Policy = {
      id: randomUUID(),
      slug: repo,
      name: `Rate Guard ${this.counter}`,
      description: 'Limits requests per client so that one client cannot starve the others.',
      category: 'Security',
      status: options.published ? 'published' : 'under_review',
      project_type: 'unified',
      source_host_url: webUrl,
      implementation_source_host_url: null,
      source_ref: null,
      implementation_source_ref: null,
      video_tutorial_url: null,
      examples_url: null,
      icon_url: null,
      icon_disabled: false,
      liked: false,
      likes: 0,
      downloads: 0,
      deploys: 0,
      source_host_has_issues: false,
      delivers_ideas: [],
      contributors: [],
      owner_id: owner.id,
      owner_name: 'Owner',
      owner_username: null,
      owner_avatar_url: null,
      owner_avatar_email_hash: null,
      docs_summary: { tabCount: 0, completeness: { filled: 0, total: 4, ratio: 0 } },
      asset_kinds: ['api'],
      a2a_protocol_versions: [],
      direction: 'inbound',
      version: '2.1.0',
      kit_version: '1.4.0',
      pin: options.published ? await this.pinOf('community', repo) : null,
      published_at: options.published ? now : null,
      created_at: now,
      updated_at: now,
    };
    this.peers.policies.set(policy.id, policy);
    return { ...policy, repo };
  }

  /**
   * A ruleset of `owner` in a repository of its own: a profile, registry.json (asset id `assetId`,
   * `version` when given) and an icon, tag `v1.4.0` on the same content; under review, or published and
   * pinned at the head of the default branch.
   */
  async ruleset(
    owner: TestUser,
    options: {
      assetId?: string;
      version?: string;
      published?: boolean;
      files?: Record<string, string>;
    } = {},
  ): Promise<TestRuleset> {
    const repo = `ruleset-${++this.counter}-${randomBytes(3).toString('hex')}`;
    const assetId = options.assetId ?? `rules-${randomBytes(4).toString('hex')}`;
    const { webUrl } = await this.control.createRepository({
      owner: 'governance',
      name: repo,
      files: {
        'ruleset.yaml': PROFILE,
        'registry.json': JSON.stringify({
          assetId,
          name: 'Payments API Rules',
          main: 'ruleset.yaml',
          ...(options.version ? { version: options.version } : {}),
        }),
        'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
        ...options.files,
      },
      tags: { 'v1.4.0': {} },
    });
    const now = new Date().toISOString();
    const ruleset: Ruleset = {
      source: 'community',
      id: randomUUID(),
      name: `Payments Rules ${this.counter}`,
      description: 'What every payments API must do, checked on every API description.',
      category: 'API Design',
      profile_name: 'Payments API Rules',
      ruleset_format: 'amf',
      rule_counts: { violation: 1, warning: 1, info: 0 },
      target_scopes: ['rest-api'],
      tags: [],
      icon_url: null,
      registry_asset_id: assetId,
      lifecycle_status: options.published ? 'published' : 'under_review',
      published_at: options.published ? now : null,
      created_at: now,
      updated_at: now,
      likes: 0,
      views: 0,
      deploys: 0,
      comment_count: 0,
      liked: false,
      submitted_by: owner.id,
      owner_name: 'Owner',
      owner_username: null,
      submission_id: null,
      owner_id: owner.id,
      source_url: webUrl,
      source_ref: null,
      ruleset_path: 'ruleset.yaml',
      rule_names: ['operations-are-secured', 'operations-have-descriptions'],
      video_tutorial_url: null,
      examples_url: null,
      review_feedback: null,
      reviewed_at: null,
      contributors: [],
      delivers_ideas: [],
      engine_check: null,
      pin: options.published ? await this.pinOf('governance', repo) : null,
    };
    this.peers.rulesets.set(ruleset.id, ruleset);
    return { ...ruleset, repo, assetId };
  }

  /** The pin a review makes: the head of the default branch and its content digest. */
  async pinOf(owner: string, name: string, ref = 'main'): Promise<ReviewPin> {
    const { commit, digest } = await HttpSourceHost.fromEnv(this.sandbox.adapterEnv).contentDigest(
      { owner, name },
      ref,
    );
    return {
      commit,
      content_digest: digest,
      implementation_commit: null,
      implementation_content_digest: null,
      reviewed_at: new Date().toISOString(),
      reviewed_by: null,
      how: 'review',
    };
  }

  /** POST /api/deployments as `d.user`: to the payments organization unless `body` says otherwise. */
  deploy(d: Deployer, body: Partial<CreateDeploymentRequest>, as = d.user): Promise<CreateDeploymentResult> {
    return this.request(DeploymentsRpc.create, as.ctx, this.body(d, body));
  }

  /** What the plan (`dryRun`) answers for the same body. */
  plan(d: Deployer, body: Partial<CreateDeploymentRequest>, as = d.user) {
    return this.request(DeploymentsRpc.plan, as.ctx, this.body(d, body));
  }

  body(d: Deployer, body: Partial<CreateDeploymentRequest>): CreateDeploymentRequest {
    return {
      connectionId: d.connectionId,
      workspaceId: d.workspaceId,
      targetOrganizationIds: [d.tenant.paymentsId],
      ...body,
    };
  }

  /**
   * A ruleset released to one organization through `d`: `ruleset` (default a new one of `d.user`) at
   * `version` (default 1.0.0) to `organizationId` (default the payments organization). Answers the
   * ruleset and the deployment's id, without waiting for the deployment.
   */
  async releaseRuleset(
    d: Deployer,
    options: { ruleset?: TestRuleset; version?: string; organizationId?: string } = {},
  ): Promise<{ ruleset: TestRuleset; deploymentId: string }> {
    const ruleset = options.ruleset ?? (await this.ruleset(d.user));
    const res = await this.deploy(d, {
      assetType: 'ruleset',
      rulesetId: ruleset.id,
      targetOrganizationIds: [options.organizationId ?? d.tenant.paymentsId],
      doRelease: true,
      version: options.version ?? '1.0.0',
    });
    return { ruleset, deploymentId: res.results[0].deployment!.id };
  }

  rollOut(d: Deployer, body: Partial<CreateRolloutRequest>, as = d.user): Promise<{ rollout: Rollout }> {
    return this.request(DeploymentsRpc.createRollout, as.ctx, {
      connectionId: d.connectionId,
      workspaceId: d.workspaceId,
      doRelease: true,
      ...body,
    });
  }

  /** Polls the deployment until it is neither queued nor running. */
  async settled(ctx: RequestContext, id: string, timeoutMs = 30_000): Promise<Deployment> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { deployment } = await this.request(DeploymentsRpc.get, ctx, { id });
      if (!['queued', 'running'].includes(deployment.status)) return deployment;
      if (Date.now() > until) throw new Error(`deployment ${id} still ${deployment.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Polls the roll-out until `done` holds of it (default: it has ended). */
  async rollout(
    ctx: RequestContext,
    id: string,
    done: (r: Rollout) => boolean = (r) => r.finished_at !== null,
    timeoutMs = 90_000,
  ): Promise<Rollout> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { rollout } = await this.request(DeploymentsRpc.getRollout, ctx, { id });
      if (done(rollout)) return rollout;
      if (Date.now() > until) throw new Error(`roll-out ${id} still ${rollout.status}/${rollout.phase}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The version each organization runs of the asset (absent: none). */
  async versions(assetId: string): Promise<Record<string, string>> {
    const state = await this.control.platformState();
    return Object.fromEntries(
      state.organizations.flatMap((o) =>
        o.applied.filter((a) => a.assetId === assetId).map((a) => [o.id, a.version] as const),
      ),
    );
  }

  /** How many times each organization had the asset applied since the sandbox started. */
  async applyCounts(assetId: string): Promise<Record<string, number>> {
    const state = await this.control.platformState();
    return Object.fromEntries(state.organizations.map((o) => [o.id, o.applyCounts[assetId] ?? 0]));
  }

  /** The job of a deployment (one target: one job). */
  async jobOf(deploymentId: string): Promise<string> {
    const [job] = await this.sql<{ id: string }>(`SELECT id FROM deployments.jobs WHERE deployment_id = $1`, [
      deploymentId,
    ]);
    return job.id;
  }

  async jobState(jobId: string): Promise<{ status: string; error: string | null }> {
    const [job] = await this.sql<{ status: string; error: string | null }>(
      `SELECT status, error FROM deployments.jobs WHERE id = $1`,
      [jobId],
    );
    return job;
  }

  /**
   * Another worker running the job: a connection of its own holding the job's run lock (the key of
   * `JobsRepository.lockForRun`). Ending the connection is that worker dying.
   */
  async holdRunLock(jobId: string): Promise<Client> {
    const holder = new Client({ connectionString: this.db.url });
    holder.on('error', () => undefined);
    await holder.connect();
    const { rows } = await holder.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(hashtext('deployment-job'), hashtext($1)) AS locked`,
      [jobId],
    );
    if (!rows[0].locked) {
      await holder.end();
      throw new Error(`the run lock of job ${jobId} is held already`);
    }
    return holder;
  }

  async count(from: string, params: unknown[] = []): Promise<number> {
    return Number((await this.sql<{ n: string }>(`SELECT count(*) AS n FROM ${from}`, params))[0].n);
  }
}

/** The catalog, rulesets, workspaces and connections as far as the deployments service asks them. */
function standIns(peers: Peers, sandbox: RunningSandbox): ServiceDefinition[] {
  const userOf = (ctx: RequestContext) => (ctx.caller.kind === 'user' ? ctx.caller.userId : null);
  const sees = (ctx: RequestContext, ownerId: string, published: boolean) =>
    published || userOf(ctx) === ownerId || (ctx.caller.kind === 'user' && ctx.caller.isAdmin);
  const platform = HttpGatewayPlatform.fromEnv(sandbox.adapterEnv);
  const detail = (ws: StoredWorkspace, ctx: RequestContext): WorkspaceDetail => {
    const caller = userOf(ctx) ?? '';
    const at = new Date().toISOString();
    return {
      id: ws.id,
      name: 'Workspace',
      slug: ws.id,
      is_personal: false,
      owner_id: ws.ownerId,
      archived_at: ws.archived ? at : null,
      created_at: at,
      updated_at: at,
      role: ws.members.has(caller) ? (caller === ws.ownerId ? 'owner' : 'member') : null,
      is_admin: false,
      caller_id: caller,
      connections: [...ws.shared].map((id) => ({
        id,
        name: 'Shared',
        host: 'us',
        owner_id: peers.connections.get(id)!.ownerId,
        is_owner: peers.connections.get(id)!.ownerId === caller,
        shared_by: peers.connections.get(id)!.ownerId,
        shared_at: at,
        disabled_at: null,
        disabled_reason: null,
      })),
      connectionStats: {},
      installedPolicies: [],
      installedRulesets: [],
      members: [],
    };
  };
  return [
    peerService('catalog', CatalogRpc.ping, [
      answer(CatalogRpc.getPolicy, ({ id }, ctx) => {
        const policy = peers.policies.get(id);
        if (!policy || !sees(ctx, policy.owner_id, policy.status === 'published')) throw notFound('Policy');
        return { policy };
      }),
    ]),
    peerService('rulesets', RulesetsRpc.ping, [
      answer(RulesetsRpc.get, ({ id }, ctx) => {
        const ruleset = peers.rulesets.get(id);
        if (!ruleset || !sees(ctx, ruleset.owner_id, ruleset.published_at !== null))
          throw notFound('Ruleset');
        return { ruleset };
      }),
    ]),
    peerService('workspaces', WorkspacesRpc.ping, [
      answer(WorkspacesRpc.get, ({ id }, ctx) => {
        const ws = peers.workspaces.get(id);
        if (!ws || !ws.members.has(userOf(ctx) ?? '')) throw notFound('Workspace');
        return { workspace: detail(ws, ctx) };
      }),
      answer(WorkspacesRpc.list, (_, ctx) => ({
        memberships: [...peers.workspaces.values()]
          .filter((ws) => ws.members.has(userOf(ctx) ?? ''))
          .map((ws) => {
            const { role, ...workspace } = detail(ws, ctx);
            return { workspace, role: role! };
          }),
      })),
    ]),
    peerService('connections', ConnectionsRpc.ping, [
      answer(ConnectionsRpc.ownership, ({ id }, ctx) => ({
        owned: peers.connections.get(id)?.ownerId === userOf(ctx),
      })),
      answer(
        ConnectionsRpc.checkEligibleOrgs,
        ({ connectionId, organizationIds }): EligibleOrgsCheckResult => {
          const connection = peers.connections.get(connectionId);
          if (!connection) throw notFound('Connection');
          const { tenant } = connection;
          return {
            orgs: tenant.organizations
              .filter((o) => o.deployable && organizationIds.includes(o.id))
              .map((o) => ({ id: o.id, name: o.name, isPrimary: o.id === tenant.rootId, fullPath: o.name })),
          };
        },
      ),
      answer(ConnectionsRpc.platformAccess, async ({ id }) => {
        const connection = peers.connections.get(id);
        if (!connection) throw notFound('Connection');
        const { clientId, clientSecret, rootId } = connection.tenant;
        const token = platform.tokenProvider({ host: 'us', clientId, clientSecret });
        return {
          host: 'us' as const,
          custom_domain: null,
          organization_id: rootId,
          access_token: await token(),
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        };
      }),
    ]),
  ];
}
