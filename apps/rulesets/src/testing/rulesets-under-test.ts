import { randomUUID } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import {
  CatalogRpc,
  type DeclareIdeasRequest,
  type Envelope,
  type IdeaDeclaration,
  type IdeaDelivery,
  IdentityRpc,
  type ListIdeaDeliveriesRequest,
  type RequestContext,
  RulesetsRpc,
  type RulesetSubmissionInput,
  type UserSummary,
  type WorkspaceMembership,
  type WorkspaceRole,
  WorkspacesRpc,
} from '@pc/contracts';
import {
  type BusConfig,
  DomainError,
  type EnvSource,
  Handles,
  loadEnv,
  type ServiceDefinition,
} from '@pc/platform';
import { ServiceUnderTest, testBus } from '@pc/testing';
import { Pool } from 'pg';
import { rulesetsService } from '../index';
import { RulesetsEnv } from '../rulesets.env';
import { type Files, MemorySourceHost } from '@pc/source-host/testing';

/** A ruleset repository that validates: one rule on operations (scopes rest-api), an icon. */
export const PROFILE = `#%Validation Profile 1.0
profile: Spec Rules
violation: [operation-summary]
validations:
  operation-summary:
    message: Every operation has a summary
    targetClass: apiContract.Operation
    propertyConstraints:
      core.name:
        minCount: 1
`;
export const RULESET_FILES: Files = { 'ruleset.yaml': PROFILE, 'icon.svg': '<svg/>' };

/** A user of the stand-in identity; `ctx` is a signed-in request of theirs. */
export interface TestUser {
  id: string;
  name: string;
  ctx: RequestContext;
}

/**
 * The other services the rulesets service asks over the bus, kept in memory: identity's user summaries
 * and the catalog's ideas (approved ones, what each ruleset declares, what was delivered).
 */
class Peers {
  readonly users = new Map<string, UserSummary>();
  readonly approvedIdeas = new Set<string>();
  readonly declared = new Map<string, IdeaDeclaration[]>();
  readonly delivered = new Set<string>();
  /** The ideas delivered (each declared idea of a resource the catalog was asked to deliver). */
  readonly deliveredIdeas = new Set<string>();
  /** Each delivery asked of the catalog, by ruleset (answered or not). */
  readonly deliveryRequests: string[] = [];
  /**
   * How the next `times` deliveries asked fail: `lost-reply` delivers, then answers TIMEOUT (the catalog
   * committed, its reply was lost); `down` answers SERVICE_UNAVAILABLE, delivering nothing.
   */
  deliveryFault: { kind: 'lost-reply' | 'down'; times: number } | null = null;
  /** Workspaces: each member's role, and whether it is archived. */
  readonly workspaces = new Map<string, { archived: boolean; roles: Map<string, WorkspaceRole> }>();
}

/**
 * The rulesets service alone on a database of its own and the in-process bus, its domain rules tested
 * through its bus contract (`request`), without the gateway: the source host is in memory
 * (`host`), identity and the catalog are stand-ins answering on the same bus (`peers`).
 */
export class RulesetsUnderTest extends ServiceUnderTest {
  private counter = 0;
  readonly host: MemorySourceHost;
  readonly peers = new Peers();
  readonly admin: TestUser = this.user(true);
  override readonly busConfig: BusConfig;
  /** The connections of `sql`, opened on first use and kept until `close`. */
  private sqlPool?: Pool;

  /**
   * `busTimeoutMs`: how long a request waits for the service. The evaluation engine's first load (in
   * start) and a validation under load outlast the bus's default.
   */
  constructor(
    busTimeoutMs = 60_000,
    /** Whether `start` loads the evaluation engine (a validation), for the tests that use it. */
    private readonly warmEngine = true,
  ) {
    const host = new MemorySourceHost();
    super('rulesets', (url, env) =>
      rulesetsService(
        loadEnv(RulesetsEnv, {
          DATABASE_URL: url,
          DB_POOL_SIZE: '5',
          EVALUATION_THREADS: '1',
          EVALUATION_NICE: '0',
          ...env,
        }),
        { sourceHost: host },
      ),
    );
    this.host = host;
    this.busConfig = testBus('in-process', busTimeoutMs);
  }

  protected override alongside(): ServiceDefinition[] {
    return [standIns(this.peers)];
  }

  override async start(env: EnvSource = {}): Promise<void> {
    await super.start(env);
    // Validation runs a profile through the evaluation engine, which a worker thread loads on first use
    // (seconds, longer on a loaded machine): loaded here, under the set-up's time limit, not a test's.
    // A file whose tests never reach the engine (rows written in SQL) says so: the load is 1.5 s of CPU.
    if (this.warmEngine) await this.request(RulesetsRpc.validate, this.admin.ctx, { repoUrl: this.repo() });
  }

  /**
   * A SQL statement on the service's database, on a connection kept for the next: a file that polls a
   * count every 20 ms (re-evaluation across a restart: about 180 polls) opened a connection for each, a
   * PostgreSQL backend started and ended every time. Statements run at once each have a connection.
   */
  override async sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    this.sqlPool ??= new Pool({ connectionString: this.db.url });
    return (await this.sqlPool.query(text, params)).rows as T[];
  }

  override async close(): Promise<void> {
    const pool = this.sqlPool;
    this.sqlPool = undefined;
    await pool?.end();
    await super.close();
  }

  /** A user identity knows (administrators review). */
  user(isAdmin = false): TestUser {
    const id = randomUUID();
    const name = `User ${++this.counter}`;
    this.peers.users.set(id, {
      id,
      name,
      username: `user${this.counter}-${id.slice(0, 6)}`,
      company: null,
      email: `user${this.counter}@example.com`,
      avatarEmailHash: null,
      avatarUrl: '',
    });
    return { id, name, ctx: as(id, isAdmin) };
  }

  /** A new ruleset repository in the in-memory host; its URL. */
  repo(files: Files = RULESET_FILES, branches: Record<string, Files> = {}): string {
    return this.host.add(files, branches);
  }

  /** A workspace of the stand-in workspaces service, `owner` its owner; its id. */
  workspace(owner: TestUser, members: Array<[TestUser, WorkspaceRole]> = []): string {
    const id = randomUUID();
    this.peers.workspaces.set(id, {
      archived: false,
      roles: new Map([[owner.id, 'owner'], ...members.map(([u, role]) => [u.id, role] as const)]),
    });
    return id;
  }

  /** An idea the catalog has approved. */
  idea(): string {
    const id = randomUUID();
    this.peers.approvedIdeas.add(id);
    return id;
  }

  /** A submission of `owner` (a valid repository of its own unless `repoUrl` is given). */
  async submit(owner: TestUser, fields: Partial<RulesetSubmissionInput> = {}) {
    return this.request(RulesetsRpc.createSubmission, owner.ctx, {
      name: `Ruleset ${++this.counter}`,
      description: 'A ruleset for the tests.',
      repoUrl: fields.repoUrl ?? this.repo(),
      ...fields,
    });
  }

  /** A submission of `owner` approved by an administrator: a published ruleset. */
  async published(owner: TestUser, fields: Partial<RulesetSubmissionInput> = {}) {
    const { submission } = await this.submit(owner, fields);
    await this.request(RulesetsRpc.approveSubmission, this.admin.ctx, { id: submission.id });
    return { submissionId: submission.id, rulesetId: submission.ruleset_id, submission };
  }
}

/**
 * Starts the rulesets service for the enclosing `describe` and stops it afterwards. `engine: false` for a
 * file that never validates nor evaluates: its start does not load the evaluation engine.
 */
export function rulesetsUnderTest(env: EnvSource = {}, { engine = true } = {}): RulesetsUnderTest {
  // A file that lets evaluations run longer (EVALUATION_TIMEOUT_MS) waits for their answers as long.
  const evaluationMs = Number(env.EVALUATION_TIMEOUT_MS ?? 0);
  const rulesets = new RulesetsUnderTest(Math.max(60_000, evaluationMs + 10_000), engine);
  beforeAll(() => rulesets.start(env), 240_000);
  afterAll(() => rulesets.close());
  return rulesets;
}

let requests = 0;

export const as = (userId: string, isAdmin = false, scopes = ['api:read', 'api:write'] as const) => ({
  requestId: `rulesets-test-${++requests}`,
  caller: { kind: 'user' as const, userId, isAdmin, scopes: [...scopes], via: 'token' as const },
});

export const anonymous = (): RequestContext => ({
  requestId: `rulesets-test-${++requests}`,
  caller: { kind: 'anonymous' },
});

export { codeOf, errorOf } from '@pc/testing';

/** Identity's user look-up and the catalog's ideas, answered from `peers` on the test's bus. */
function standIns(peers: Peers) {
  @Controller()
  class StandIns {
    @Handles(IdentityRpc.findUsers)
    findUsers({ data }: Envelope<{ ids: string[] }>) {
      return { users: data.ids.flatMap((id) => peers.users.get(id) ?? []) };
    }

    @Handles(WorkspacesRpc.list)
    listWorkspaces({ ctx }: Envelope<Record<string, never>>) {
      const userId = ctx.caller.kind === 'user' ? ctx.caller.userId : '';
      const memberships: WorkspaceMembership[] = [];
      for (const [id, workspace] of peers.workspaces) {
        const role = workspace.roles.get(userId);
        if (!role) continue;
        const at = new Date(0).toISOString();
        memberships.push({
          role,
          workspace: {
            id,
            name: `Workspace ${id.slice(0, 8)}`,
            slug: `ws-${id.slice(0, 8)}`,
            is_personal: false,
            owner_id: [...workspace.roles].find(([, r]) => r === 'owner')?.[0] ?? '',
            archived_at: workspace.archived ? at : null,
            created_at: at,
            updated_at: at,
          },
        });
      }
      return { memberships };
    }

    @Handles(CatalogRpc.checkIdeas)
    checkIdeas({ data }: Envelope<{ ideas: IdeaDeclaration[] }>) {
      check(peers, data.ideas);
      return { ok: true as const };
    }

    @Handles(CatalogRpc.declareIdeas)
    declareIdeas({ data }: Envelope<DeclareIdeasRequest>) {
      check(peers, data.ideas);
      peers.declared.set(data.resourceId, data.ideas);
      return { ok: true as const };
    }

    @Handles(CatalogRpc.deliverIdeas)
    deliverIdeas({ data }: Envelope<{ resourceId: string }>) {
      peers.deliveryRequests.push(data.resourceId);
      const fault = peers.deliveryFault;
      if (fault && --fault.times <= 0) peers.deliveryFault = null;
      if (fault?.kind === 'down') throw new DomainError('SERVICE_UNAVAILABLE', 'The catalog is unavailable');
      peers.delivered.add(data.resourceId);
      for (const declared of peers.declared.get(data.resourceId) ?? [])
        peers.deliveredIdeas.add(declared.ideaId);
      if (fault?.kind === 'lost-reply')
        throw new DomainError('TIMEOUT', 'The service did not answer in time');
      return { delivered: peers.declared.get(data.resourceId)?.length ?? 0 };
    }

    @Handles(CatalogRpc.listIdeaDeliveries)
    listIdeaDeliveries({ data }: Envelope<ListIdeaDeliveriesRequest>) {
      const deliveries: Record<string, IdeaDelivery[]> = {};
      for (const id of data.resourceIds)
        deliveries[id] = (peers.declared.get(id) ?? []).map((d) => ({
          id: d.ideaId,
          slug: `idea-${d.ideaId.slice(0, 8)}`,
          title: `Idea ${d.ideaId.slice(0, 8)}`,
          phase: peers.delivered.has(id) ? 'delivered' : 'declared',
          coverage: d.coverage ?? 'full',
          scope_note: d.scopeNote ?? null,
          completes_idea: false,
        }));
      return { deliveries };
    }
  }

  @Module({ controllers: [StandIns] })
  class StandInsModule {}

  return { name: 'stand-ins', ping: CatalogRpc.ping, module: { module: StandInsModule } };
}

/** As the catalog checks a declaration: each idea approved and visible, listed once (422). */
function check(peers: Peers, ideas: IdeaDeclaration[]): void {
  const ids = ideas.map((i) => i.ideaId);
  if (new Set(ids).size !== ids.length)
    throw new DomainError('UNPROCESSABLE', 'An idea is listed twice', [
      { field: 'deliversIdeaIds', message: 'lists an idea twice' },
    ]);
  const bad = ids.find((id) => !peers.approvedIdeas.has(id));
  if (bad)
    throw new DomainError('UNPROCESSABLE', 'An idea is not approved', [
      { field: 'deliversIdeaIds', message: `${bad} is not an approved idea` },
    ]);
}
