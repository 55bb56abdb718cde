import { randomUUID } from 'node:crypto';
import {
  CatalogRpc,
  type CreateSubmissionRequest,
  type CreateSubmissionResult,
  type RequestContext,
  type RevisionField,
  type UserCaller,
  type UserSummary,
} from '@pc/contracts';
import { type EnvSource, loadEnv, type ServiceDefinition } from '@pc/platform';
import { type Files, MemorySourceHost } from '@pc/source-host/testing';
import { DEFINITION_FILES, IMPLEMENTATION_FILES, POLICY_FILES, ServiceUnderTest } from '@pc/testing';
import { CatalogEnv } from '../catalog.env';
import { catalogService } from '../index';
import { identityStandIn } from './identity-stand-in';

export { CARGO, codeOf, DEFINITION_FILES, IMPLEMENTATION_FILES, POLICY_FILES } from '@pc/testing';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  /** The user's requests, signed in with a read/write token. */
  ctx: RequestContext & { caller: UserCaller };
}

/**
 * The catalog alone, on a database of its own and the in-process bus, called through its bus contract
 * (`CatalogRpc`) without the gateway; identity's look-ups are answered from the users `newUser` made,
 * the source host is in memory (`host`: repositories, branches, faults). Policies are built as rows
 * (`publishedPolicy`, `policyUnderReview`), or submitted from a repository in `host` (`submit`).
 */
export class CatalogUnderTest extends ServiceUnderTest {
  private readonly users = new Map<string, UserSummary>();
  private counter = 0;
  readonly admin: RequestContext & { caller: UserCaller };
  readonly host: MemorySourceHost;

  constructor(env: EnvSource = {}) {
    const host = new MemorySourceHost();
    super('catalog', (url, more) =>
      catalogService(loadEnv(CatalogEnv, { DATABASE_URL: url, DB_POOL_SIZE: '10', ...env, ...more }), {
        sourceHost: host,
      }),
    );
    this.host = host;
    this.admin = as(randomUUID(), true);
  }

  /** A repository in the in-memory host (a valid unified policy unless `files` say otherwise); its URL. */
  repo = (files: Files = POLICY_FILES, branches: Record<string, Files> = {}): string =>
    this.host.add(files, branches);

  /** A submission of `user` from a new valid repository unless `fields` name one: under review. */
  submit = (
    user: { ctx: RequestContext },
    fields: Partial<CreateSubmissionRequest> = {},
  ): Promise<CreateSubmissionResult> =>
    this.request(CatalogRpc.createSubmission, user.ctx, {
      name: `Scope Guard ${this.unique()}`,
      description: DESCRIPTION,
      sourceHostUrl: fields.sourceHostUrl ?? this.repo(),
      ...fields,
    });

  /** A submission approved by the administrator: a published policy. */
  published = async (
    user: { ctx: RequestContext },
    fields: Partial<CreateSubmissionRequest> = {},
  ): Promise<{ policyId: string; submissionId: string }> => {
    const { submission } = await this.submit(user, fields);
    await this.request(CatalogRpc.approveSubmission, this.admin, { id: submission.id });
    return { policyId: submission.policyId, submissionId: submission.id };
  };

  /** A published split policy of `user`'s: its definition repository (`source`) and implementation apart. */
  publishedSplit = async (user: { ctx: RequestContext }): Promise<{ policyId: string; source: string }> => {
    const source = this.repo(DEFINITION_FILES);
    const { policyId } = await this.published(user, {
      projectType: 'split',
      sourceHostUrl: source,
      implementationSourceHostUrl: this.repo(IMPLEMENTATION_FILES),
    });
    return { policyId, source };
  };

  /** `owner` proposes that the policy's `field` becomes `value`, and the administrator approves it. */
  approvedRevision = async (
    owner: { ctx: RequestContext },
    policyId: string,
    field: RevisionField,
    value: string,
  ): Promise<void> => {
    const { revision } = await this.request(CatalogRpc.createRevision, owner.ctx, { policyId, field, value });
    await this.request(CatalogRpc.approveRevision, this.admin, { id: revision.id });
  };

  protected override alongside(): ServiceDefinition[] {
    return [identityStandIn(this.users)];
  }

  /** A number unique within the file, for names. */
  unique = (): number => ++this.counter;

  /** A user identity knows (with a username and an email), named `name` when given. */
  newUser = (name?: string): TestUser => {
    const n = this.unique();
    const id = randomUUID();
    const username = `user${n}x${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    this.users.set(id, {
      id,
      name: name ?? `User ${n}`,
      username,
      company: null,
      email,
      avatarEmailHash: null,
      avatarUrl: '',
    });
    return { id, username, email, ctx: as(id) };
  };

  /** A published policy of `ownerId`, as a row (what an approved submission leaves). */
  publishedPolicy = async (
    ownerId: string,
    fields: { projectType?: 'unified' | 'split'; name?: string } = {},
  ): Promise<string> =>
    (await this.policyRow(ownerId, 'published', fields.projectType ?? 'unified', fields.name)).id;

  /** A policy under review with its submission, as rows (what a valid submission leaves). */
  policyUnderReview = async (ownerId: string): Promise<{ policyId: string; submissionId: string }> => {
    const policy = await this.policyRow(ownerId, 'under_review', 'unified');
    const [submission] = await this.sql<{ id: string }>(
      `INSERT INTO catalog.policy_submissions (policy_id, submitted_by, status, name, description, source_host_url, validation)
       VALUES ($1, $2, 'submitted', $3, $4, $5, '{}'::jsonb) RETURNING id`,
      [policy.id, ownerId, policy.name, DESCRIPTION, policy.url],
    );
    await this.sql(
      `INSERT INTO catalog.policy_history (policy_id, actor_id, action, details) VALUES ($1, $2, 'submitted', $3)`,
      [policy.id, ownerId, JSON.stringify({ submissionId: submission.id })],
    );
    return { policyId: policy.id, submissionId: submission.id };
  };

  private async policyRow(
    ownerId: string,
    status: 'published' | 'under_review',
    projectType: 'unified' | 'split',
    named?: string,
  ): Promise<{ id: string; name: string; url: string }> {
    const n = this.unique();
    const name = named ?? `Scope Guard ${n}`;
    const url = `https://source-host.test/community/policy-${n}`;
    const [row] = await this.sql<{ id: string }>(
      `INSERT INTO catalog.policies (slug, name, description, status, owner_id, project_type, source_host_url,
         implementation_source_host_url, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $4 = 'published' THEN now() END) RETURNING id`,
      [
        `scope-guard-${n}-${Date.now().toString(36)}`,
        name,
        DESCRIPTION,
        status,
        ownerId,
        projectType,
        url,
        projectType === 'split' ? `${url}-implementation` : null,
      ],
    );
    return { id: row.id, name, url };
  }
}

const DESCRIPTION = 'Rejects requests whose OAuth token lacks the scopes an operation needs.';

let requests = 0;

/** A signed-in caller (a read/write token), an administrator with `isAdmin`. */
export function as(userId: string, isAdmin = false): RequestContext & { caller: UserCaller } {
  return {
    requestId: `catalog-test-${++requests}`,
    caller: { kind: 'user', userId, isAdmin, scopes: ['api:read', 'api:write'], via: 'token' },
  };
}

export const anonymous = (): RequestContext => ({
  requestId: `catalog-test-${++requests}`,
  caller: { kind: 'anonymous' },
});

/** Starts the catalog for the enclosing `describe` and stops it afterwards. */
export function catalogUnderTest(env: EnvSource = {}): CatalogUnderTest {
  const catalog = new CatalogUnderTest(env);
  beforeAll(() => catalog.start());
  afterAll(() => catalog.close());
  return catalog;
}
