import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  type ApiDashboard,
  CatalogRpc,
  type Connection,
  ConnectionsRpc,
  type CreateDeploymentRequest,
  DeploymentsRpc,
  type EvaluateRequest,
  GovernanceRpc,
  type ListApisRequest,
  IDEA_LIST_OFFSET_MAX,
  type ListIdeasRequest,
  type ListPoliciesRequest,
  type ListRulesetsRequest,
  LIST_OFFSET_MAX,
  type OrganizationList,
  type PageRequest,
  type Policy,
  type PolicySubmission,
  type Ruleset,
  RulesetEvaluationRpc,
  RulesetSchemas,
  type RulesetSubmission,
  RulesetsRpc,
  type Scope,
  type UserCaller,
  type WorkspaceConnection,
  type WorkspaceDetail,
  WORKSPACE_LIMITS,
  type WorkspaceMembership,
  WorkspacesRpc,
} from '@pc/contracts';
import {
  BusClient,
  createClientProxy,
  loadEnv,
  notFound,
  type RunningService,
  unprocessable,
  SharedBudgets,
  startService,
} from '@pc/platform';
import { answer, peerService, testBus } from '@pc/testing';
import { z } from 'zod';
import { McpEnv } from '../mcp.env';
import { AccountTools } from './account.tools';
import { DeploymentTools } from './deployments.tools';
import { GovernanceTools } from './governance.tools';
import { IdeaTools } from './ideas.tools';
import { PolicyTools } from './policies.tools';
import { RulesetTools } from './rulesets.tools';
import { type ToolDefinition, ToolKit } from './tool-kit';
import { ToolLimits } from './tool-limits';
import type { ToolSet } from './tool-set';
import { WorkspaceTools } from './workspaces.tools';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ID = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';
/** The n-th of a stand-in's rows: a UUID ending in n. */
const nth = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const WORKSPACE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const AT = '2026-12-01T10:00:00.000Z';

/** A workspace governing 55 APIs, paged by offset as the rulesets service pages them (default 50). */
function dashboard({ limit = 50, offset = 0 }: ListApisRequest): ApiDashboard {
  const apis = Array.from({ length: 55 }, (_, i) => ({ id: nth(i + 1), name: `API ${i + 1}` }));
  return {
    workspace_id: WORKSPACE,
    threshold: 70,
    totals: { apis: 55, evaluated: 0, at_risk: 0 },
    apis: apis.slice(offset, offset + limit).map((api) => ({
      ...api,
      workspace_id: WORKSPACE,
      description: null,
      tags: [],
      scope: null,
      source: null,
      conformance: null,
      previous_conformance: null,
      at_risk: false,
      last_evaluated_at: null,
      created_at: AT,
      updated_at: AT,
    })) as unknown as ApiDashboard['apis'],
    has_more: offset + limit < apis.length,
  };
}

/** The caller's 55 policy submissions, newest first, keyset-paged as the catalog pages them (default 50). */
function policySubmissions({ limit = 50, cursor }: PageRequest) {
  const all = Array.from({ length: 55 }, (_, i) => i + 1);
  const start = cursor === undefined ? 0 : Number(cursor);
  const submissions = all.slice(start, start + limit).map(
    (n): PolicySubmission =>
      ({
        id: nth(n),
        policyId: nth(100 + n),
        name: `Policy ${n}`,
        status: 'submitted',
        sourceHostUrl: 'https://source.example/p',
        feedback: null,
        reviewedAt: null,
        createdAt: AT,
        updatedAt: AT,
      }) as PolicySubmission,
  );
  const hasMore = start + submissions.length < all.length;
  return { submissions, hasMore, nextCursor: hasMore ? String(start + submissions.length) : null };
}

/**
 * The caller's 130 ruleset submissions, newest first, keyset-paged as the rulesets service pages them
 * (default and largest page 100: a caller that follows no cursor never sees the oldest 30).
 */
function rulesetSubmissions({ limit = 100, cursor }: PageRequest) {
  const all = Array.from({ length: 130 }, (_, i) => i + 1);
  const start = cursor === undefined ? 0 : Number(cursor);
  const submissions = all.slice(start, start + limit).map(
    (n): RulesetSubmission =>
      ({
        id: nth(n),
        ruleset_id: nth(1000 + n),
        name: `Ruleset ${n}`,
        status: 'submitted',
        review_feedback: null,
        reviewed_at: null,
        created_at: AT,
        updated_at: AT,
      }) as RulesetSubmission,
  );
  const hasMore = start + submissions.length < all.length;
  return { submissions, hasMore, nextCursor: hasMore ? String(start + submissions.length) : null };
}

/** A search the catalog answers with more ideas than an offset reaches (IDEA_LIST_OFFSET_MAX). */
const MANY_IDEAS = 'many';
const IDEA_COUNT = IDEA_LIST_OFFSET_MAX + 30;
const ideaTitle = (n: number) => `Idea ${String(n).padStart(5, '0')}`;
function manyIdeas({ limit = 20, offset = 0, cursor }: ListIdeasRequest) {
  const start = cursor === undefined ? offset : Number(cursor);
  const end = Math.min(start + limit, IDEA_COUNT);
  const ideas = Array.from({ length: Math.max(end - start, 0) }, (_, i) => ({
    id: nth(start + i + 1),
    title: ideaTitle(start + i + 1),
    description: 'An idea.',
    status: 'approved' as const,
    votes: 0,
    voted: false,
    submitter_id: nth(1),
    created_at: AT,
  }));
  const hasMore = end < IDEA_COUNT;
  return { ideas, hasMore, nextCursor: hasMore ? String(end) : null };
}

/** More community policies than an offset reaches (LIST_OFFSET_MAX): by name, keyset-paged past it. */
const POLICY_COUNT = LIST_OFFSET_MAX + 60;
const policyName = (n: number) => `Policy ${String(n).padStart(5, '0')}`;
function communityPolicies({ limit = 100, offset = 0, cursor }: ListPoliciesRequest) {
  const start = cursor === undefined ? offset : Number(cursor);
  const end = Math.min(start + limit, POLICY_COUNT);
  const policies = Array.from(
    { length: Math.max(end - start, 0) },
    (_, i) =>
      ({
        id: nth(start + i + 1),
        slug: `policy-${start + i + 1}`,
        name: policyName(start + i + 1),
        description: 'A policy.',
        category: 'Security',
        status: 'published',
        direction: 'inbound',
        asset_kinds: ['api'],
        likes: 0,
        owner_username: 'ada',
        published_at: AT,
      }) as unknown as Policy,
  );
  const hasMore = end < POLICY_COUNT;
  return { policies, hasMore, nextCursor: hasMore ? String(end) : null };
}

/** The caller's 25 workspaces, the personal one first, as the workspaces service lists them (all at once). */
const MEMBERSHIPS: WorkspaceMembership[] = Array.from({ length: 25 }, (_, i) => ({
  workspace: {
    id: nth(200 + i),
    name: i === 0 ? 'Personal' : `Team ${i}`,
    slug: i === 0 ? 'personal-ada' : `team-${i}`,
    is_personal: i === 0,
    owner_id: nth(1),
    archived_at: i === 24 ? AT : null,
    created_at: AT,
    updated_at: AT,
  },
  role: i === 0 ? 'owner' : i % 2 === 0 ? 'admin' : 'member',
}));

/** A secret the connection stand-in holds as credentials would be: never in a tool's answer. */
const CLIENT_ID = 'client-id-do-not-show';
/** The caller's own two connections, as the connections service answers its owner. */
const OWN_CONNECTIONS: Connection[] = [1, 2].map((n) => ({
  id: nth(300 + n),
  name: `Own ${n}`,
  host: 'us',
  custom_domain: null,
  client_id: CLIENT_ID,
  organization_id: `org-${n}`,
  owner_id: nth(1),
  validated_at: AT,
  validation_error: n === 2 ? 'The client secret was refused' : null,
  created_at: AT,
  updated_at: AT,
}));
/** What the workspace shares: one of the caller's own, another's, and another's paused. */
const SHARES: WorkspaceConnection[] = (
  [
    { id: nth(301), name: 'Own 1', host: 'us', owner_id: nth(1), is_owner: true, disabled_at: null },
    { id: nth(311), name: 'Team EU', host: 'eu', owner_id: nth(2), is_owner: false, disabled_at: null },
    { id: nth(312), name: 'Paused', host: 'us', owner_id: nth(2), is_owner: false, disabled_at: AT },
  ] as const
).map((share) => ({ ...share, shared_by: share.owner_id, shared_at: AT, disabled_reason: null }));

/**
 * The organization tree each connection reaches, as the connections service lists it (root first, depth
 * first): the caller's first connection reaches 60 (its own the root), the shared one a tree cut at 3.
 */
const TREES: Record<string, OrganizationList> = {
  [nth(301)]: {
    orgs: Array.from({ length: 60 }, (_, i) =>
      i === 0
        ? { id: 'org-1', name: 'Corp', isPrimary: true, fullPath: 'Corp' }
        : { id: `org-1-${i}`, name: `Team ${i}`, isPrimary: false, fullPath: `Corp / Team ${i}` },
    ),
    truncated: false,
  },
  [nth(311)]: {
    orgs: ['EU', 'EU / Payments', 'EU / Payments / Cards'].map((fullPath, i) => ({
      id: `org-eu-${i}`,
      name: fullPath.split(' / ').at(-1)!,
      isPrimary: i === 0,
      fullPath,
    })),
    truncated: true,
  },
};

/** A published ruleset that delivers one idea, as the rulesets service answers it (with the catalog's slug). */
const RULESET = {
  source: 'community',
  id: ID,
  name: 'Payments Rules',
  description: 'What every payments API must do.',
  category: 'Security',
  lifecycle_status: 'published',
  target_scopes: ['rest-api'],
  rule_counts: { violation: 1, warning: 0, info: 0 },
  tags: [],
  likes: 0,
  owner_username: 'ada',
  published_at: AT,
  profile_name: 'Payments',
  rule_names: ['amounts-are-decimal'],
  source_url: 'https://source.example/rules',
  source_ref: null,
  ruleset_path: 'ruleset.yaml',
  registry_asset_id: null,
  video_tutorial_url: null,
  examples_url: null,
  delivers_ideas: [
    {
      id: nth(7),
      slug: 'decimal-amounts',
      title: 'Decimal amounts',
      phase: 'delivered',
      coverage: 'full',
      scope_note: null,
      completes_idea: false,
    },
  ],
  updated_at: AT,
  engine_check: null,
} as unknown as Ruleset;

/**
 * The tool server's tools as an assistant meets them, over MCP (the SDK's client on an in-memory
 * transport) and the in-process bus: which tools a token's scopes list, what input each refuses before
 * any service is asked, and that what it lets through passes the rulesets service's own message schemas
 * (a stand-in rulesets service answers, its `@Handles` checking every message as the real one does).
 */
describe('the tool server: scopes and tool inputs', () => {
  const bus = testBus('in-process');
  let client: BusClient;
  let rulesets: RunningService;
  let catalog: RunningService;
  let deployments: RunningService;
  let workspaces: RunningService;
  let connections: RunningService;
  let limits: ToolLimits;
  /** What the workspaces stand-in lists for the caller (a test may list more). */
  let memberships = MEMBERSHIPS;
  const received: {
    list: ListRulesetsRequest[];
    evaluate: EvaluateRequest[];
    ideas: ListIdeasRequest[];
    apis: ListApisRequest[];
    submissions: PageRequest[];
    rulesetSubmissions: PageRequest[];
    plans: CreateDeploymentRequest[];
    policies: ListPoliciesRequest[];
  } = {
    list: [],
    evaluate: [],
    ideas: [],
    apis: [],
    submissions: [],
    rulesetSubmissions: [],
    plans: [],
    policies: [],
  };

  beforeAll(async () => {
    rulesets = await startService(
      peerService('rulesets', RulesetsRpc.ping, [
        answer(RulesetsRpc.list, (data) => {
          received.list.push(data);
          return { rulesets: [], hasMore: false };
        }),
        answer(RulesetEvaluationRpc.evaluate, (data) => {
          received.evaluate.push(data);
          // As the rulesets service says a repository it cannot read, by the REST field's name.
          if (data.specification.repoUrl?.endsWith('/unreadable'))
            throw unprocessable('repoUrl: the repository cannot be read (not_found: it does not exist)');
          return {
            specification: { format: 'OAS 3.0', files: ['api.yaml'], digest: 'd', parsed: true },
            conforms: true,
            counts: { violation: 0, warning: 0, info: 0 },
            evaluations: [],
            durationMs: 1,
          };
        }),
        answer(GovernanceRpc.listApis, (data) => {
          received.apis.push(data);
          return dashboard(data);
        }),
        answer(RulesetsRpc.listSubmissions, (data) => {
          received.rulesetSubmissions.push(data);
          return rulesetSubmissions(data);
        }),
        answer(RulesetsRpc.get, () => ({ ruleset: RULESET })),
        answer(RulesetsRpc.getVendorRuleset, ({ slug }) => ({
          ruleset: {
            source: 'vendor' as const,
            slug,
            name: 'OWASP-style API Security Checks',
            summary: 'Flags operations without security requirements.',
            category: 'Security',
            target_scopes: ['rest-api'],
            body_md: '## Rules\n\n- `operation-security-defined`: every operation declares security.',
            evaluable: true,
          },
        })),
        answer(RulesetsRpc.getDocs, () => ({
          tabs: [],
          completeness: { filled: 0, total: 0, ratio: 0 },
          canEdit: false,
        })),
      ]),
      bus,
    );
    // The catalog's answers the idea tools need: no ideas, and none found by id.
    catalog = await startService(
      peerService('catalog', CatalogRpc.ping, [
        answer(CatalogRpc.listIdeas, (data) => {
          received.ideas.push(data);
          return data.q === MANY_IDEAS ? manyIdeas(data) : { ideas: [], hasMore: false, nextCursor: null };
        }),
        answer(CatalogRpc.getIdea, () => {
          throw notFound('Idea');
        }),
        answer(CatalogRpc.getVendorPolicy, ({ slug }) => ({
          policy: {
            source: 'vendor' as const,
            slug,
            name: 'Rate Limiting',
            summary: 'Caps requests per window.',
            direction: 'inbound' as const,
            category: 'Quality of service',
            body_md: '## Configuration\n\nSet `maximumRequests` and `timePeriodInMilliseconds`.',
          },
        })),
        answer(CatalogRpc.listPolicies, (data) => {
          received.policies.push(data);
          return communityPolicies(data);
        }),
        answer(CatalogRpc.listSubmissions, (data) => {
          received.submissions.push(data);
          return policySubmissions(data);
        }),
      ]),
      bus,
    );
    // The deployments service's plan: each organization would get the version asked for.
    deployments = await startService(
      peerService('deployments', DeploymentsRpc.ping, [
        answer(DeploymentsRpc.plan, (data) => {
          received.plans.push(data);
          return {
            dryRun: true as const,
            assetId: `asset-${data.rulesetId ?? data.policyId}`,
            targets: data.targetOrganizationIds.map((organizationId) => ({
              organizationId,
              organizationName: null,
              action: 'create' as const,
              from: null,
              to: data.version ?? null,
              error: null,
            })),
          };
        }),
      ]),
      bus,
    );
    workspaces = await startService(
      peerService('workspaces', WorkspacesRpc.ping, [
        answer(WorkspacesRpc.list, () => ({ memberships })),
        answer(WorkspacesRpc.get, ({ id }) => {
          if (id !== WORKSPACE) throw notFound('Workspace');
          const detail = { ...MEMBERSHIPS[1].workspace, id, role: 'member', connections: SHARES };
          return { workspace: detail as WorkspaceDetail };
        }),
      ]),
      bus,
    );
    connections = await startService(
      peerService('connections', ConnectionsRpc.ping, [
        answer(ConnectionsRpc.list, () => ({ connections: OWN_CONNECTIONS })),
        answer(ConnectionsRpc.listOrgs, ({ id }) => {
          const tree = TREES[id];
          if (tree === undefined) throw notFound('Connection');
          return tree;
        }),
      ]),
      bus,
    );
    const proxy = createClientProxy(bus, 'mcp');
    await proxy.connect();
    client = new BusClient(proxy, bus);
    limits = new ToolLimits(
      loadEnv(McpEnv, { RATE_LIMIT_EVALUATIONS_PER_MINUTE: '2' }),
      new SharedBudgets(bus, 'mcp'),
    );
  });

  afterAll(async () => {
    await client?.onApplicationShutdown();
    await rulesets?.close();
    await catalog?.close();
    await deployments?.close();
    await workspaces?.close();
    await connections?.close();
  });

  /** An MCP client connected to a server with every tool set, for a new caller with these scopes. */
  async function connect(scopes: Scope[]): Promise<Client> {
    const server = new McpServer({ name: 'test', version: '1' });
    const caller: UserCaller = { kind: 'user', userId: randomUUID(), isAdmin: false, scopes, via: 'token' };
    const kit = new ToolKit(server, { requestId: 'mcp-test', caller }, limits);
    const sets: ToolSet[] = [
      IdeaTools,
      PolicyTools,
      RulesetTools,
      AccountTools,
      DeploymentTools,
      GovernanceTools,
      WorkspaceTools,
    ].map((Set) => new Set(client));
    for (const set of sets) set.register(kit);
    kit.finish();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const mcp = new Client({ name: 'test-client', version: '1' });
    await mcp.connect(clientSide);
    return mcp;
  }

  /** A tool's structured answer and its text (the call must succeed). */
  async function page(mcp: Client, name: string, args: Json): Promise<{ data: Json; text: string }> {
    const result = (await mcp.callTool({ name, arguments: args })) as Json;
    expect({ name, isError: result.isError ?? false }).toEqual({ name, isError: false });
    return { data: result.structuredContent as Json, text: result.content?.[0]?.text ?? '' };
  }

  /** The text of a tool's answer, and whether it is an error (invalid input is one, as the SDK answers it). */
  async function call(mcp: Client, name: string, args: Json): Promise<{ error: boolean; text: string }> {
    try {
      const result = (await mcp.callTool({ name, arguments: args })) as Json;
      return { error: result.isError === true, text: result.content?.[0]?.text ?? '' };
    } catch (error) {
      return { error: true, text: error instanceof Error ? error.message : String(error) };
    }
  }

  it('lists only reading tools to a read-only token, and answers a call of a writing one with the scope it needs', async () => {
    const reader = await connect(['api:read']);
    const writer = await connect(['api:read', 'api:write']);
    const readable = (await reader.listTools()).tools;
    const all = (await writer.listTools()).tools.map((t) => t.name);
    expect(readable.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    expect(readable.map((t) => t.name)).toEqual(
      expect.arrayContaining(['search_rulesets', 'get_ruleset', 'evaluate_api', 'search_policies']),
    );
    expect(all).toEqual(expect.arrayContaining(['submit_idea', 'vote_idea']));
    expect(readable.map((t) => t.name)).not.toContain('submit_idea');
    // Called all the same, a writing tool says which scope it needs, not that it does not exist.
    expect(await call(reader, 'submit_idea', { title: 'A title', description: 'A description.' })).toEqual({
      error: true,
      text:
        'Tool submit_idea needs a token with the api:write scope, and this token has api:read: ' +
        'create one with api:write in the dashboard or with POST /api/tokens',
    });
    expect(await call(reader, 'vote_idea', { id: ID })).toEqual({
      error: true,
      text: expect.stringMatching(/^Tool vote_idea needs a token with the api:write scope/),
    });
    expect(await call(reader, 'no_such_tool', {})).toEqual({
      error: true,
      text: expect.stringMatching(/Tool no_such_tool not found/),
    });
    // A token with neither scope has no tools at all.
    await expect((await connect([])).listTools()).rejects.toThrow(/Method not found/);
  });

  it('promises no list_changed notification it never sends: its lists are fixed for the life of a request', async () => {
    const notified: string[] = [];
    const mcp = await connect(['api:read', 'api:write']);
    mcp.fallbackNotificationHandler = ({ method }) => {
      notified.push(method);
      return Promise.resolve();
    };
    expect(mcp.getServerCapabilities()).toMatchObject({
      tools: { listChanged: false },
      resources: { listChanged: false },
    });
    await mcp.listTools();
    await mcp.listResources();
    expect(notified).toEqual([]);
  });

  it('says in each id argument where an assistant finds one: a tool that lists them, or the page or route', async () => {
    const writer = await connect(['api:read', 'api:write']);
    const unsaid: string[] = [];
    for (const tool of (await writer.listTools()).tools) {
      const properties = tool.inputSchema.properties as Record<string, Json>;
      for (const [name, schema] of Object.entries(properties)) {
        const isId = schema.format === 'uuid' || schema.items?.format === 'uuid';
        const where = /\b(search|list_\w+|search_\w+)\b|GET \/api\//;
        if (isId && !where.test(`${schema.description ?? ''} ${schema.items?.description ?? ''}`))
          unsaid.push(`${tool.name}.${name}`);
      }
    }
    expect(unsaid).toEqual([]);
  });

  it('plans a deployment only for a token with api:write, as the REST dry run does: a read-only token has no plan_deployment', async () => {
    const plan = {
      asset_type: 'ruleset',
      ruleset_id: ID,
      connection_id: nth(1),
      workspace_id: WORKSPACE,
      target_organization_ids: ['org-payments'],
      version: '1.2.0',
    };
    const reader = await connect(['api:read']);
    expect((await reader.listTools()).tools.map((t) => t.name)).not.toContain('plan_deployment');
    const refused = await call(reader, 'plan_deployment', plan);
    expect(refused).toMatchObject({
      error: true,
      text: expect.stringMatching(/^Tool plan_deployment needs a token with the api:write scope/),
    });
    expect(received.plans).toEqual([]);

    const writer = await connect(['api:read', 'api:write']);
    const tool = (await writer.listTools()).tools.find((t) => t.name === 'plan_deployment');
    // It changes nothing: read-only, though it needs the scope of a deployment.
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    const { data, text } = await page(writer, 'plan_deployment', plan);
    expect(data).toEqual({
      asset_id: `asset-${ID}`,
      targets: [
        {
          organization_id: 'org-payments',
          organization_name: null,
          action: 'create',
          from: null,
          to: '1.2.0',
          error: null,
        },
      ],
    });
    expect(text).toContain('org-payments: create 1.2.0');
    expect(received.plans).toHaveLength(1);
  });

  it("says what plan_deployment lacks in the tool's own argument names, and describes every argument", async () => {
    const writer = await connect(['api:read', 'api:write']);
    const tool = (await writer.listTools()).tools.find((t) => t.name === 'plan_deployment')!;
    const properties = tool.inputSchema.properties as Record<string, { description?: string }>;
    expect(Object.keys(properties).filter((name) => !properties[name].description)).toEqual([]);
    const base = {
      connection_id: nth(1),
      workspace_id: WORKSPACE,
      target_organization_ids: ['org-payments'],
    };
    const asked = received.plans.length;
    for (const [args, said] of [
      [{ ...base, asset_type: 'ruleset', policy_id: ID }, /^ruleset_id is required .*asset_type ruleset/],
      [{ ...base }, /^policy_id is required .*asset_type policy/],
      [{ ...base, policy_id: ID, ruleset_id: ID }, /^ruleset_id does not belong .*asset_type policy/],
      [{ ...base, policy_id: ID, version: '1.2' }, /must be MAJOR\.MINOR\.PATCH, e\.g\. 1\.2\.0 at version/],
    ] as const) {
      const refused = await call(writer, 'plan_deployment', args);
      expect({ args, refused }).toEqual({
        args,
        refused: { error: true, text: expect.stringMatching(said) },
      });
      expect(refused.text).not.toMatch(/policyId|rulesetId|\\d/);
    }
    expect(received.plans.length).toBe(asked);
  });

  it('refuses a forged resource cursor and a resource URI whose key is not of its kind, asking no service', async () => {
    const reader = await connect(['api:read']);
    const asked = received.list.length;
    await expect(reader.listResources({ cursor: 'forged' })).rejects.toThrow(/Invalid cursor/);
    await expect(reader.readResource({ uri: 'policy-catalog://policies/not-a-uuid' })).rejects.toThrow(
      /not found/,
    );
    await expect(reader.readResource({ uri: 'policy-catalog://rulesets/not-a-uuid' })).rejects.toThrow(
      /not found/,
    );
    expect(received.list.length).toBe(asked);
  });

  it('refuses input out of its limits before any service is asked', async () => {
    const mcp = await connect(['api:read']);
    const before = received.list.length;
    for (const args of [
      { limit: 51 },
      { limit: 0 },
      { offset: -1 },
      { q: 'q'.repeat(201) },
      { scope: 'soap' },
      { sort: 'random' },
      { source: 'partner' },
    ])
      expect([args, (await call(mcp, 'search_rulesets', args)).error]).toEqual([args, true]);
    expect(received.list.length).toBe(before);
    expect((await call(mcp, 'get_ruleset', { id: 'not-a-uuid' })).error).toBe(true);
    expect((await call(mcp, 'get_vendor_ruleset', { slug: 'Not_A_Slug' })).error).toBe(true);
    const eleven = Array.from({ length: 11 }, () => ID);
    expect((await call(mcp, 'evaluate_api', { ruleset_ids: eleven, content: 'openapi: 3.0.0' })).error).toBe(
      true,
    );
    // No ruleset, or more than ten in both lists together: said in the tool's own words, nothing sent on.
    const ten = Array.from({ length: 10 }, () => ID);
    for (const rulesets of [{}, { ruleset_ids: ten, vendor_slugs: ['owasp-api-top-ten'] }]) {
      const refused = await call(mcp, 'evaluate_api', { ...rulesets, content: 'openapi: 3.0.0' });
      expect(refused).toEqual({
        error: true,
        text: expect.stringMatching(/^Give 1 to 10 rulesets in ruleset_ids/),
      });
      expect(refused.text).not.toMatch(/\.v\d+\b/);
    }
    expect(received.evaluate).toEqual([]);
  });

  it('sends what it lets through as a message the rulesets service accepts, with the tool page defaults', async () => {
    const mcp = await connect(['api:read']);
    const found = await call(mcp, 'search_rulesets', {
      q: 'q'.repeat(200),
      category: 'Security',
      scope: 'agent-network',
      sort: 'likes',
      order: 'desc',
      limit: 50,
      offset: 1_000_000,
    });
    expect(found).toEqual({ error: false, text: 'No rulesets match.' });
    expect(await call(mcp, 'search_rulesets', {})).toEqual({ error: false, text: 'No rulesets match.' });
    expect(received.list.slice(-1)).toEqual([{ source: 'community', limit: 20, offset: 0 }]);
    const evaluated = await call(mcp, 'evaluate_api', {
      ruleset_ids: [ID],
      vendor_slugs: ['owasp-api-top-ten'],
      content: 'openapi: 3.0.0',
      filename: 'api.yaml',
    });
    expect(evaluated.error).toBe(false);
    expect(received.evaluate.slice(-1)).toEqual([
      {
        rulesets: [{ id: ID }, { slug: 'owasp-api-top-ten' }],
        specification: { content: 'openapi: 3.0.0', filename: 'api.yaml' },
      },
    ]);
  });

  it("says how evaluate_api takes the specification in the tool's own argument names", async () => {
    // A new user each call: each counts against the user's evaluations budget (2 a minute here).
    const rulesets = { vendor_slugs: ['owasp-api-top-ten'] };
    const repo = 'https://source.example/acme/payments-api';
    const asked = received.evaluate.length;
    for (const [args, said] of [
      [{ ...rulesets }, /^Give the specification as content, or as repo_url and path/],
      [{ ...rulesets, repo_url: repo }, /^path is required with repo_url/],
      [{ ...rulesets, path: 'openapi.yaml' }, /^Give the specification as content, or as repo_url and path/],
      [
        { ...rulesets, content: 'openapi: 3.0.0', repo_url: repo, path: 'openapi.yaml' },
        /^Give the specification as content, or as repo_url and path, not both/,
      ],
    ] as const) {
      const refused = await call(await connect(['api:read']), 'evaluate_api', args);
      expect({ args, refused }).toEqual({
        args,
        refused: { error: true, text: expect.stringMatching(said) },
      });
    }
    expect(received.evaluate.length).toBe(asked);
    // The service's own refusal of the repository names the tool's argument too.
    const unreadable = await call(await connect(['api:read']), 'evaluate_api', {
      ...rulesets,
      repo_url: 'https://source.example/acme/unreadable',
      path: 'openapi.yaml',
    });
    expect(unreadable).toEqual({
      error: true,
      text: 'repo_url: the repository cannot be read (not_found: it does not exist) [UNPROCESSABLE]',
    });
  });

  it("answers a vendor entry's documentation in its text too, for a client that shows its model only the text", async () => {
    const mcp = await connect(['api:read']);
    const policy = await page(mcp, 'get_vendor_policy', { slug: 'rate-limiting' });
    expect(policy.data.policy.body_md).toContain('maximumRequests');
    expect(policy.text).toContain('Set `maximumRequests` and `timePeriodInMilliseconds`.');
    const ruleset = await page(mcp, 'get_vendor_ruleset', { slug: 'owasp-api-top-ten' });
    expect(ruleset.text).toContain('`operation-security-defined`: every operation declares security.');
  });

  it('names each idea get_ruleset says the ruleset delivers by its slug too, as GET /api/rulesets/{id} does', async () => {
    const { data } = await page(await connect(['api:read']), 'get_ruleset', { id: ID });
    expect(data.ruleset.delivers_ideas).toEqual([
      { id: nth(7), slug: 'decimal-amounts', title: 'Decimal amounts', phase: 'delivered', coverage: 'full' },
    ]);
  });

  it('counts evaluate_api against the per-user evaluations budget', async () => {
    const mcp = await connect(['api:read']);
    const args = { vendor_slugs: ['owasp-api-top-ten'], content: 'openapi: 3.0.0' };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await call(mcp, 'evaluate_api', args));
    expect(answers.filter((a) => a.error).map((a) => a.text)).toEqual([
      expect.stringContaining('[RATE_LIMITED; retry after'),
    ]);
  });

  it("keeps each rulesets tool's input within the message schema the service checks", () => {
    const defined = new Map<string, ToolDefinition<z.ZodRawShape, z.ZodRawShape>>();
    const recorder = { define: (name: string, tool: never) => defined.set(name, tool), collection: () => {} };
    new RulesetTools(client).register(recorder as unknown as ToolKit);
    const input = (name: string) => z.object(defined.get(name)!.input);
    // The tool's widest input, parsed with its defaults, is a message the service accepts.
    const widest = input('search_rulesets').parse({
      source: 'vendor',
      q: 'q'.repeat(200),
      category: 'c'.repeat(120),
      scope: 'agent-network',
      sort: 'views',
      order: 'asc',
      limit: 50,
      offset: 1_000_000,
    });
    expect(RulesetSchemas.list.safeParse(widest).success).toBe(true);
    expect(RulesetSchemas.id.safeParse(input('get_ruleset').parse({ id: ID })).success).toBe(true);
    expect(
      RulesetSchemas.vendorSlug.safeParse(input('get_vendor_ruleset').parse({ slug: 'a-b' })).success,
    ).toBe(true);
    // Past the service's limits, the tool refuses first.
    for (const args of [{ q: 'q'.repeat(201) }, { category: 'c'.repeat(121) }, { offset: 1_000_001 }])
      expect([args, input('search_rulesets').safeParse(args).success]).toEqual([args, false]);
  });

  it('answers bad input with a tool error that says what is wrong, never a protocol error', async () => {
    const mcp = await connect(['api:read', 'api:write']);
    const toolError = async (name: string, args: Json = {}): Promise<string> => {
      const result = (await mcp.callTool({ name, arguments: args })) as Json;
      expect({ name, isError: result.isError }).toEqual({ name, isError: true });
      return result.content?.[0]?.text ?? '';
    };
    const asked = received.ideas.length;
    expect(await toolError('submit_idea', { title: 'ab', description: 'Long enough to pass.' })).toMatch(
      /title/,
    );
    expect(await toolError('submit_idea', { title: 'No description' })).toMatch(/description/);
    expect(
      await toolError('submit_idea', { title: 'Nul \u0000 inside', description: 'Long enough to pass.' }),
    ).toMatch(/NUL/);
    expect(await toolError('get_idea', { id: 'not-a-uuid' })).toMatch(/UUID/);
    expect(await toolError('list_ideas', { limit: 0 })).toMatch(/limit/);
    expect(await toolError('list_ideas', { status: 'lost' })).toMatch(/status/);
    expect(await toolError('search_policies', { source: 'elsewhere' })).toMatch(/source/);
    expect(await toolError('get_vendor_policy', { slug: 'Not A Slug' })).toMatch(/slug/);
    expect(await toolError('vote_idea', { id: ID, vote: 'yes' })).toMatch(/vote/);
    expect(await toolError('no_such_tool')).toMatch(/not found/);
    expect(received.ideas.length).toBe(asked);
    // A service's refusal is a tool error too, with its code.
    expect(await toolError('get_idea', { id: ID })).toMatch(/Idea not found \[NOT_FOUND\]/);
    // The connection still works after all that.
    const listed = (await mcp.callTool({ name: 'list_ideas', arguments: {} })) as Json;
    expect(listed.isError ?? false).toBe(false);
    expect(received.ideas.length).toBe(asked + 1);
  });

  it('says a missing argument is required, and a wrong one what it must be', async () => {
    const mcp = await connect(['api:read', 'api:write']);
    const said = async (name: string, args: Json) => (await call(mcp, name, args)).text;
    expect(await said('get_idea', {})).toMatch(/: is required at id$/);
    expect(await said('get_idea', { id: null })).toMatch(/: must be a UUID at id$/);
    expect(await said('get_idea', { id: 'idea-7' })).toMatch(/: must be a UUID at id$/);
    expect(await said('submit_idea', { title: 'No description' })).toMatch(/: is required at description$/);
    expect(await said('submit_idea', { title: 7, description: 'Long enough to pass.' })).toMatch(
      /: must be text at title$/,
    );
  });

  it('refuses an argument the tool does not take, naming it and the arguments the tool takes, asking no service', async () => {
    const mcp = await connect(['api:read', 'api:write']);
    const asked = received.ideas.length;
    const typo = await call(mcp, 'list_ideas', { query: 'mutual TLS', limit: 5 });
    expect(typo).toEqual({
      error: true,
      text: expect.stringMatching(
        /unknown argument query: list_ideas takes status, q, mine, sort, limit, offset, cursor$/,
      ),
    });
    const two = await call(mcp, 'get_idea', { id: ID, idea_id: ID, verbose: true });
    expect(two.text).toMatch(/unknown arguments idea_id, verbose: get_idea takes id$/);
    expect(received.ideas.length).toBe(asked);
    // The listed input schemas say so too.
    for (const tool of (await mcp.listTools()).tools)
      expect({ tool: tool.name, additionalProperties: tool.inputSchema.additionalProperties }).toEqual({
        tool: tool.name,
        additionalProperties: false,
      });
  });

  it('answers a request whose params are not of the shape its method takes with -32602 (invalid params), never an internal error', async () => {
    const mcp = await connect(['api:read', 'api:write']);
    const asked = received.ideas.length;
    const malformed: Array<{ method: string; params?: Json | null }> = [
      { method: 'tools/call', params: { name: 'list_ideas', arguments: null } },
      { method: 'tools/call', params: { name: 'list_ideas', arguments: ['limit', 5] } },
      { method: 'tools/call', params: { name: 'list_ideas', arguments: 'limit=5' } },
      { method: 'tools/call', params: { name: null } },
      { method: 'tools/call' },
      { method: 'tools/list', params: { cursor: {} } },
      { method: 'resources/read', params: { uri: 5 } },
      { method: 'resources/list', params: { cursor: 5 } },
    ];
    for (const request of malformed) {
      const answer = await mcp.request(request as never, z.unknown()).then(
        () => ({ code: 'answered' }),
        (error: { code?: number; message?: string }) => ({ code: error.code, message: error.message }),
      );
      expect({ request, answer }).toEqual({
        request,
        answer: { code: -32602, message: expect.stringMatching(/Invalid params for .+: .*expected/s) },
      });
    }
    expect(received.ideas.length).toBe(asked);
  });

  it("pages a workspace's governed APIs by offset, saying in the text where the next page starts", async () => {
    const mcp = await connect(['api:read']);
    const first = await page(mcp, 'list_governed_apis', { workspace_id: WORKSPACE });
    expect(received.apis.slice(-1)).toEqual([{ workspaceId: WORKSPACE, limit: 20, offset: 0 }]);
    expect(first.data).toMatchObject({ totals: { apis: 55 }, has_more: true, next_offset: 20 });
    expect(first.data.apis).toHaveLength(20);
    expect(first.text.split('\n').at(-1)).toBe('More: offset 20.');
    const last = await page(mcp, 'list_governed_apis', { workspace_id: WORKSPACE, limit: 50, offset: 50 });
    expect(received.apis.slice(-1)).toEqual([{ workspaceId: WORKSPACE, limit: 50, offset: 50 }]);
    expect(last.data).toMatchObject({ has_more: false, next_offset: null });
    expect(last.data.apis.map((a: Json) => a.name)).toEqual([
      'API 51',
      'API 52',
      'API 53',
      'API 54',
      'API 55',
    ]);
    expect(last.text).not.toMatch(/More/);
    for (const args of [{ limit: 51 }, { limit: 0 }, { offset: -1 }, { offset: 100_001 }])
      expect([
        args,
        (await call(mcp, 'list_governed_apis', { workspace_id: WORKSPACE, ...args })).error,
      ]).toEqual([args, true]);
  });

  it('lists your workspaces with your role, a page at a time, for the tools that take a workspace_id', async () => {
    const mcp = await connect(['api:read']);
    const first = await page(mcp, 'list_workspaces', {});
    expect(first.data).toMatchObject({ hasMore: true, nextOffset: 20 });
    expect(first.data.workspaces).toHaveLength(20);
    expect(first.data.workspaces.slice(0, 2)).toEqual([
      {
        id: nth(200),
        name: 'Personal',
        slug: 'personal-ada',
        role: 'owner',
        is_personal: true,
        archived: false,
      },
      { id: nth(201), name: 'Team 1', slug: 'team-1', role: 'member', is_personal: false, archived: false },
    ]);
    expect(first.text.split('\n')[1]).toBe(
      `- Personal (personal-ada; you are owner; personal) id ${nth(200)}`,
    );
    expect(first.text.split('\n').at(-1)).toBe('More: offset 20.');
    const rest = await page(mcp, 'list_workspaces', { offset: 20 });
    expect(rest.data).toMatchObject({ hasMore: false, nextOffset: null });
    expect(rest.data.workspaces.map((w: Json) => w.name)).toEqual(
      [20, 21, 22, 23, 24].map((n) => `Team ${n}`),
    );
    expect(rest.data.workspaces.at(-1).archived).toBe(true);
    expect(rest.text).not.toMatch(/More/);
    for (const args of [{ limit: 51 }, { offset: -1 }])
      expect([args, (await call(mcp, 'list_workspaces', args)).error]).toEqual([args, true]);
  });

  it(`pages past workspace ${WORKSPACE_LIMITS.membershipsMax} of one who belongs to archived ones besides, up to the ${WORKSPACE_LIMITS.membershipsListedMax} listed`, async () => {
    // 500 memberships that count toward the cap and 300 of archived workspaces, as the service lists them.
    memberships = Array.from({ length: 800 }, (_, i) => ({
      workspace: {
        ...MEMBERSHIPS[1].workspace,
        id: nth(1000 + i),
        name: `Team ${i}`,
        slug: `team-${i}`,
        archived_at: i < WORKSPACE_LIMITS.membershipsMax ? null : AT,
      },
      role: 'member' as const,
    }));
    try {
      const mcp = await connect(['api:read']);
      const last = await page(mcp, 'list_workspaces', { offset: 780 });
      expect(last.data).toMatchObject({ hasMore: false, nextOffset: null });
      expect(last.data.workspaces.map((w: Json) => [w.name, w.archived])).toEqual(
        Array.from({ length: 20 }, (_, i) => [`Team ${780 + i}`, true]),
      );
      expect(last.text.split('\n')[0]).toBe('800 workspace(s):');
      const end = await page(mcp, 'list_workspaces', { offset: WORKSPACE_LIMITS.membershipsListedMax });
      expect(end.data).toMatchObject({ workspaces: [], hasMore: false, nextOffset: null });
      const args = { offset: WORKSPACE_LIMITS.membershipsListedMax + 1 };
      expect([args, (await call(mcp, 'list_workspaces', args)).error]).toEqual([args, true]);
    } finally {
      memberships = MEMBERSHIPS;
    }
  });

  it('lists your connections, and with a workspace_id those you may deploy with there, never their credentials', async () => {
    const mcp = await connect(['api:read']);
    const own = await page(mcp, 'list_connections', {});
    expect(own.data).toEqual({
      connections: [
        {
          id: nth(301),
          name: 'Own 1',
          host: 'us',
          owned: true,
          organization_id: 'org-1',
          validation_error: null,
        },
        {
          id: nth(302),
          name: 'Own 2',
          host: 'us',
          owned: true,
          organization_id: 'org-2',
          validation_error: 'The client secret was refused',
        },
      ],
      hasMore: false,
      nextOffset: null,
    });
    // Yours, and those actively shared into the workspace (the paused one is not usable), each once.
    const usable = await page(mcp, 'list_connections', { workspace_id: WORKSPACE });
    expect(usable.data.connections.map((c: Json) => [c.id, c.owned])).toEqual([
      [nth(301), true],
      [nth(302), true],
      [nth(311), false],
    ]);
    expect(usable.data.connections[2]).toEqual({
      id: nth(311),
      name: 'Team EU',
      host: 'eu',
      owned: false,
      organization_id: null,
      validation_error: null,
    });
    expect(usable.text).toContain(`- Team EU (eu; shared into the workspace) id ${nth(311)}`);
    for (const answer of [own, usable]) expect(JSON.stringify(answer)).not.toContain(CLIENT_ID);
    const paged = await page(mcp, 'list_connections', { workspace_id: WORKSPACE, limit: 2 });
    expect(paged.data).toMatchObject({ hasMore: true, nextOffset: 2 });
    expect(await call(mcp, 'list_connections', { workspace_id: nth(999) })).toEqual({
      error: true,
      text: 'Workspace not found [NOT_FOUND]',
    });
  });

  it("lists the organizations a connection reaches, page by page, the ids plan_deployment's targets are", async () => {
    const mcp = await connect(['api:read']);
    const first = await page(mcp, 'list_connection_organizations', { connection_id: nth(301), limit: 50 });
    expect(first.data).toMatchObject({ truncated: false, hasMore: true, nextOffset: 50 });
    expect(first.data.organizations).toHaveLength(50);
    expect(first.data.organizations.slice(0, 2)).toEqual([
      { id: 'org-1', name: 'Corp', full_path: 'Corp', is_primary: true },
      { id: 'org-1-1', name: 'Team 1', full_path: 'Corp / Team 1', is_primary: false },
    ]);
    expect(first.text.split('\n').slice(0, 3)).toEqual([
      '60 organization(s) the connection reaches:',
      "- Corp (the connection's own) id org-1",
      '- Corp / Team 1 id org-1-1',
    ]);
    expect(first.text.split('\n').at(-1)).toBe('More: offset 50.');
    const rest = await page(mcp, 'list_connection_organizations', { connection_id: nth(301), offset: 50 });
    expect(rest.data).toMatchObject({ hasMore: false, nextOffset: null });
    expect(rest.data.organizations.map((o: Json) => o.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `org-1-${50 + i}`),
    );
    expect(rest.text).not.toMatch(/More/);
    // A tree larger than the service lists says so, in both answers.
    const cut = await page(mcp, 'list_connection_organizations', { connection_id: nth(311) });
    expect(cut.data).toMatchObject({ truncated: true, hasMore: false });
    expect(cut.text.split('\n')[0]).toMatch(
      /^3 organization\(s\) the connection reaches \(its tree has more/,
    );
    expect(await call(mcp, 'list_connection_organizations', { connection_id: nth(999) })).toEqual({
      error: true,
      text: 'Connection not found [NOT_FOUND]',
    });
    for (const args of [{ connection_id: nth(301), limit: 51 }, { connection_id: 'org-1' }, {}])
      expect([args, (await call(mcp, 'list_connection_organizations', args)).error]).toEqual([args, true]);
  });

  /**
   * Pages `tool` from `from` until an answer says no more follow, passing on what each answer names next
   * (its text's last line names what its structured answer gives); the items' `field` values, in order.
   * A cursor and an offset together are refused by the tool, as the REST lists refuse them.
   */
  async function followPages(tool: string, args: Json, from: Json, items: string, field: string) {
    const mcp = await connect(['api:read']);
    const seen: string[] = [];
    let next = from;
    for (let calls = 0; calls < 10; calls++) {
      const { data, text } = await page(mcp, tool, { ...args, ...next });
      seen.push(...data[items].map((item: Json) => item[field]));
      if (!data.hasMore) {
        expect(text).not.toMatch(/More/);
        break;
      }
      const more = /^More: (offset|cursor) (\S+)\.$/.exec(text.split('\n').at(-1)!);
      expect(more).not.toBeNull();
      next = more![1] === 'offset' ? { offset: data.nextOffset } : { cursor: data.nextCursor };
      expect(String(Object.values(next)[0])).toBe(more![2]);
    }
    expect((await call(mcp, tool, { cursor: '5', offset: 5 })).error).toBe(true);
    return seen;
  }

  it('pages ideas to the last one, past the deepest offset, following what each answer says comes next', async () => {
    const from = { offset: IDEA_LIST_OFFSET_MAX - 20 };
    expect(await followPages('list_ideas', { q: MANY_IDEAS, limit: 20 }, from, 'ideas', 'title')).toEqual(
      Array.from({ length: 50 }, (_, i) => ideaTitle(IDEA_LIST_OFFSET_MAX - 19 + i)),
    );
  });

  it('pages community policies to the last one, past the deepest offset, following what each answer says comes next', async () => {
    const from = { offset: LIST_OFFSET_MAX - 50 };
    expect(await followPages('search_policies', { limit: 50 }, from, 'policies', 'name')).toEqual(
      Array.from({ length: 110 }, (_, i) => policyName(LIST_OFFSET_MAX - 49 + i)),
    );
  });

  it("pages my policy submissions by the catalog's cursor, saying in the text which cursor brings the rest", async () => {
    const mcp = await connect(['api:read']);
    const first = await page(mcp, 'list_my_submissions', { limit: 50 });
    expect(received.submissions.slice(-1)).toEqual([{ limit: 50 }]);
    expect(first.data).toMatchObject({ hasMore: true, nextCursor: '50' });
    expect(first.data.submissions).toHaveLength(50);
    expect(first.text.split('\n').at(-1)).toBe('More: cursor 50.');
    const rest = await page(mcp, 'list_my_submissions', { cursor: '50' });
    expect(received.submissions.slice(-1)).toEqual([{ limit: 20, cursor: '50' }]);
    expect(rest.data).toMatchObject({ hasMore: false, nextCursor: null });
    expect(rest.data.submissions.map((s: Json) => s.name)).toEqual(
      [51, 52, 53, 54, 55].map((n) => `Policy ${n}`),
    );
    expect(rest.text).not.toMatch(/More/);
    expect((await call(mcp, 'list_my_submissions', { limit: 51 })).error).toBe(true);
  });

  it("pages my ruleset submissions by the rulesets service's cursor, past its 100 newest", async () => {
    const mcp = await connect(['api:read']);
    const first = await page(mcp, 'list_my_ruleset_submissions', {});
    expect(received.rulesetSubmissions.slice(-1)).toEqual([{ limit: 20 }]);
    expect(first.data).toMatchObject({ hasMore: true, nextCursor: '20' });
    expect(first.data.submissions).toHaveLength(20);
    expect(first.text.split('\n').at(-1)).toBe('More: cursor 20.');
    const names: string[] = first.data.submissions.map((s: Json) => s.name);
    let cursor: string | null = first.data.nextCursor;
    while (cursor !== null) {
      const next = await page(mcp, 'list_my_ruleset_submissions', { limit: 50, cursor });
      expect(received.rulesetSubmissions.slice(-1)).toEqual([{ limit: 50, cursor }]);
      names.push(...next.data.submissions.map((s: Json) => s.name));
      cursor = next.data.nextCursor;
      if (cursor === null) expect(next.text).not.toMatch(/More/);
    }
    expect(names).toEqual(Array.from({ length: 130 }, (_, i) => `Ruleset ${i + 1}`));
    expect((await call(mcp, 'list_my_ruleset_submissions', { limit: 51 })).error).toBe(true);
  });
});
