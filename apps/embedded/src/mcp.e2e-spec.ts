import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { type RunningSandbox, SandboxControl, startSandbox } from '@pc/sandbox';
import {
  cookieFrom,
  createTestDatabase,
  E2E_BUSES,
  HttpClient,
  OAS3,
  OPERATION_IDS,
  RAML,
  SPECTRAL_OPERATION_IDS,
  testBus,
  type TestDatabase,
} from '@pc/testing';
import { Client as PgClient } from 'pg';
import { PROTECTED_RESOURCE_METADATA_SCHEMA } from './testing/protected-resource-metadata.schema';
import { PROFILE, REGISTRY } from './testing/rulesets-e2e';
import { type RunningSystem, startSystem } from './system';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ADMIN = { email: 'root@example.com', password: 'admin-password-1' };
const ALLOWED_ORIGIN = 'http://assistant.example';

const READ_TOOLS = [
  'search',
  'list_ideas',
  'get_idea',
  'search_policies',
  'get_policy',
  'get_vendor_policy',
  'get_policy_docs',
  'list_policy_comments',
  'list_my_submissions',
  'list_my_notifications',
  'search_rulesets',
  'get_ruleset',
  'get_vendor_ruleset',
  'list_my_ruleset_submissions',
  'evaluate_api',
  'list_governed_apis',
  'get_api_conformance',
  'list_workspaces',
  'list_connections',
  'list_connection_organizations',
];
/** Tools that change nothing but need api:write, as the REST route they are the dry run of does. */
const DRY_RUN_TOOLS = ['plan_deployment'];
const WRITE_TOOLS = ['submit_idea', 'vote_idea'];

const GCL = `apiVersion: gateway.vendor/v1alpha1
kind: Extension
metadata:
  name: header-guard
  labels:
    title: Header Guard
    category: Security
spec:
  properties: {}
`;
const CARGO = '[package]\nname = "header_guard"\nversion = "0.3.0"\n\n[dependencies]\npdk = "1.4.0"\n';

/** What `submittedRuleset` submits: the repository's files and the submission's fields. */
interface RulesetSubmission {
  slug: string;
  /** The repository's files: the payments profile and its registry.json unless given. */
  files?: Record<string, string>;
  name: string;
  description: string;
  docTabs?: Json[];
  approve: boolean;
}

/** The tool server through the gateway's port, driven by the SDK's own client over Streamable HTTP. */
describe.each(E2E_BUSES)('the tool server (MCP) over the %s bus', (kind) => {
  let db: TestDatabase;
  let sandbox: RunningSandbox;
  let control: SandboxControl;
  let system: RunningSystem;
  let http: HttpClient;
  let admin: string;
  let counter = 0;
  const clients: Client[] = [];
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  /** Each tool's output schema (as a full-scope token lists it), compiled with Ajv on first use. */
  let outputSchemas: Map<string, ValidateFunction> | undefined;
  /** The tools whose results a test has checked against their output schema. */
  const validated = new Set<string>();

  beforeAll(async () => {
    db = await createTestDatabase();
    sandbox = await startSandbox({ port: 0, seed: false });
    control = new SandboxControl(sandbox.url);
    system = await startSystem({
      bus: testBus(kind, 10000),
      databaseUrl: db.url,
      gatewayPort: 0,
      // Nothing here builds a deployment: no worker polling for jobs beside the services.
      deploymentWorkers: 0,
      env: {
        ...sandbox.adapterEnv,
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        MCP_ALLOWED_ORIGINS: ALLOWED_ORIGIN,
      },
    });
    http = new HttpClient(system.url!);
    admin = cookieFrom(await http.post<Json>('/api/auth/login', ADMIN), 'sb-access-token')!;
  });

  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    await system?.close();
    await sandbox?.close();
    await db?.drop();
  });

  async function newUser(): Promise<{
    id: string;
    email: string;
    cookie: string;
    token: string;
    readToken: string;
  }> {
    const n = ++counter;
    const email = `mcp${n}-${Date.now()}@example.com`;
    const signup = await http.post<Json>('/api/auth/signup', {
      email,
      password: 'password123',
      name: `Assistant User ${n}`,
    });
    expect(signup.status).toBe(201);
    const cookie = cookieFrom(signup, 'sb-access-token')!;
    const token = async (scopes: string[]): Promise<string> =>
      (await http.post<Json>('/api/tokens', { name: `t${n}`, scopes }, { cookie })).body.token;
    return {
      id: signup.body.user.id,
      email,
      cookie,
      token: await token(['api:read', 'api:write']),
      readToken: await token(['api:read']),
    };
  }

  async function connect(token: string): Promise<Client> {
    const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', system.url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  /** Calls a tool; the SDK client checks structured content against the tool's output schema. */
  async function call(client: Client, name: string, args: Json = {}): Promise<CallToolResult> {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  }

  const textOf = (result: CallToolResult): string =>
    result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

  async function toolsOf(token: string): Promise<Tool[]> {
    return (await (await connect(token)).listTools()).tools;
  }

  /**
   * Calls a tool that must succeed, and checks its structured content against the output schema the
   * server lists for it, with Ajv (independently of the SDK client's own check).
   */
  async function ok(client: Client, name: string, args: Json = {}): Promise<Json> {
    const result = await call(client, name, args);
    expect({ name, isError: result.isError ?? false, text: textOf(result) }).toMatchObject({
      isError: false,
    });
    expect(textOf(result).length).toBeGreaterThan(0);
    outputSchemas ??= new Map(
      (await toolsOf((await newUser()).token)).map((t) => [t.name, ajv.compile(t.outputSchema!)]),
    );
    const validate = outputSchemas.get(name)!;
    expect({ name, valid: validate(result.structuredContent), errors: validate.errors ?? null }).toEqual({
      name,
      valid: true,
      errors: null,
    });
    validated.add(name);
    return result.structuredContent as Json;
  }

  async function toolError(client: Client, name: string, args: Json = {}): Promise<string> {
    const result = await call(client, name, args);
    expect(result.isError).toBe(true);
    return textOf(result);
  }

  /** A raw JSON-RPC POST to /mcp, to see HTTP statuses and headers the SDK client hides. */
  function rawPost(headers: Record<string, string>, body: unknown = initialize()): Promise<Response> {
    return fetch(new URL('/mcp', system.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  function initialize(): Json {
    return {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
  }

  /** Every resource, page by page as a client follows nextCursor, checking each page's bound. */
  async function allResources(client: Client): Promise<{ uris: string[]; pages: number }> {
    const uris: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.listResources(cursor === undefined ? {} : { cursor });
      expect(page.resources.length).toBeGreaterThan(0);
      expect(page.resources.length).toBeLessThanOrEqual(10);
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined && pages < 100);
    expect(cursor).toBeUndefined();
    return { uris, pages };
  }

  async function publishedPolicy(token: string, extra: Json = {}): Promise<{ policyId: string }> {
    const n = ++counter;
    const { webUrl } = await control.createRepository({
      owner: 'community',
      name: `mcp-policy-${n}`,
      files: { 'definition/gcl.yaml': GCL, 'Cargo.toml': CARGO, 'src/lib.rs': '// filter\n' },
      hasIssues: true,
    });
    const submitted = await http.post<Json>(
      '/api/submissions',
      {
        name: `Header Guard ${n}`,
        description: 'Refuses requests that carry headers the API does not accept.',
        sourceHostUrl: webUrl,
        category: 'Security',
        docTabs: [{ key: 'configuration', title: 'Configuration', bodyMd: 'List the `allowed` headers.' }],
        ...extra,
      },
      { token },
    );
    expect(submitted.status).toBe(201);
    const { submission } = submitted.body;
    const approved = await http.post(
      `/api/admin/submissions/${submission.id}/approve`,
      {},
      { cookie: admin },
    );
    expect(approved.status).toBe(200);
    return { policyId: submission.policyId };
  }

  /**
   * A ruleset submitted with `token` from a new sandbox repository `mcp-<slug>-<n>` of `files`, named
   * `<name> <n>`; approved by the admin when `approve` says so. Returns its submission.
   */
  async function submittedRuleset(
    token: string,
    {
      slug,
      files = { 'ruleset.yaml': PROFILE, 'registry.json': REGISTRY },
      name,
      approve,
      ...fields
    }: RulesetSubmission,
  ): Promise<{ id: string; ruleset_id: string }> {
    const n = ++counter;
    const { webUrl } = await control.createRepository({
      owner: 'governance',
      name: `mcp-${slug}-${n}`,
      files,
    });
    const submitted = await http.post<Json>(
      '/api/ruleset-submissions',
      { name: `${name} ${n}`, ...fields, repoUrl: webUrl },
      { token },
    );
    expect(submitted.status).toBe(201);
    const { submission } = submitted.body;
    if (approve) {
      const approved = await http.post(
        `/api/admin/ruleset-submissions/${submission.id}/approve`,
        {},
        { cookie: admin },
      );
      expect(approved.status).toBe(200);
    }
    return submission;
  }

  it('lists every tool with input and output schemas and truthful annotations; a read-only token no tool that writes', async () => {
    const user = await newUser();
    const tools = await toolsOf(user.token);
    expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS, ...DRY_RUN_TOOLS, ...WRITE_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(ajv.validateSchema(tool.outputSchema!)).toBe(true);
      expect(tool.annotations).toMatchObject({
        readOnlyHint: READ_TOOLS.includes(tool.name) || DRY_RUN_TOOLS.includes(tool.name),
        destructiveHint: false,
        // Only evaluate_api (a repository on the source host), plan_deployment and
        // list_connection_organizations (the gateway platform) read an outside system.
        openWorldHint: ['evaluate_api', 'plan_deployment', 'list_connection_organizations'].includes(
          tool.name,
        ),
      });
      expect(typeof tool.annotations?.idempotentHint).toBe('boolean');
    }
    const readable = await toolsOf(user.readToken);
    expect(readable.map((t) => t.name).sort()).toEqual([...READ_TOOLS].sort());
    expect(readable.filter((t) => t.annotations?.readOnlyHint !== true)).toEqual([]);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.submit_idea.annotations?.idempotentHint).toBe(false);
    expect(byName.vote_idea.annotations?.idempotentHint).toBe(true);
    expect(byName.list_ideas.annotations?.idempotentHint).toBe(true);
    expect(byName.submit_idea.inputSchema.required).toEqual(['title', 'description']);
    // The instructions a client hands its model name what the tools do, all of it.
    const instructions = (await connect(user.token)).getInstructions() ?? '';
    for (const what of [
      'evaluate an API specification',
      'governed APIs',
      'list your workspaces, the connections you may deploy with and the organizations a connection reaches',
      'plan a deployment',
    ])
      expect({ what, named: instructions.includes(what) }).toEqual({ what, named: true });
  });

  it('answers 401 with WWW-Authenticate naming the protected resource metadata without a token, with a malformed one and with a revoked one', async () => {
    const metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', system.url).href;
    const none = await rawPost({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe(
      `Bearer realm="policy-catalog", resource_metadata="${metadataUrl}"`,
    );
    expect(((await none.json()) as Json).error.message).toMatch(/Authentication required/);

    const malformed = await rawPost({ authorization: 'Bearer pcat_not-a-real-token' });
    expect(malformed.status).toBe(401);
    expect(malformed.headers.get('www-authenticate')).toMatch(
      new RegExp(
        `^Bearer realm="policy-catalog", resource_metadata="${metadataUrl}", error="invalid_token", error_description="[^"]+"$`,
      ),
    );

    const user = await newUser();
    const client = await connect(user.token);
    await ok(client, 'list_ideas');
    const records = (await http.get<Json>('/api/tokens', { cookie: user.cookie })).body.tokens as Json[];
    for (const record of records)
      expect((await http.delete(`/api/tokens/${record.id}`, { cookie: user.cookie })).status).toBe(200);
    // The revocation is broadcast: the tool server forgets the cached look-up at once.
    let status = 0;
    for (let i = 0; i < 40 && status !== 401; i++) {
      status = (await rawPost({ authorization: `Bearer ${user.token}` })).status;
      if (status !== 401) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
    await expect(client.callTool({ name: 'list_ideas', arguments: {} })).rejects.toThrow(/revoked/);
    await expect(connect('pcat_bogus')).rejects.toThrow();
  });

  it('serves the protected resource metadata (RFC 9728) at the well-known path, valid and naming /mcp', async () => {
    const validate = ajv.compile(PROTECTED_RESOURCE_METADATA_SCHEMA);
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ]) {
      const response = await fetch(new URL(path, system.url));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const document = (await response.json()) as Json;
      expect({ valid: validate(document), errors: validate.errors ?? null }).toEqual({
        valid: true,
        errors: null,
      });
      // RFC 9728 §3.3: the resource is the URL the client uses, so it can check it was sent here.
      expect(document).toEqual({
        resource: new URL('/mcp', system.url).href,
        resource_name: 'Policy Catalog tool server',
        bearer_methods_supported: ['header'],
        scopes_supported: ['api:read', 'api:write'],
      });
    }
    // The URL in the 401 is the one served.
    const challenge = (await rawPost({})).headers.get('www-authenticate')!;
    const url = /resource_metadata="([^"]+)"/.exec(challenge)![1];
    expect((await fetch(url)).status).toBe(200);
  });

  it('refuses a browser Origin it does not know with 403, serves an allowed one, and answers GET with 405', async () => {
    const { token } = await newUser();
    const auth = { authorization: `Bearer ${token}` };
    const foreign = await rawPost({ ...auth, origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as Json).error.message).toMatch(
      /Origin http:\/\/evil.example is not allowed/,
    );
    const allowed = await rawPost({ ...auth, origin: ALLOWED_ORIGIN });
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as Json).result.serverInfo.name).toBe('policy-catalog');
    const get = await fetch(new URL('/mcp', system.url), {
      headers: { ...auth, accept: 'text/event-stream' },
    });
    expect(get.status).toBe(405);
    const garbage = await rawPost(auth, '{"jsonrpc":');
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as Json).error.code).toBe(-32700);
    // A body over 1 MiB: 413 from the HTTP layer, still as a JSON-RPC error a client reads.
    const large = await rawPost(auth, { ...initialize(), padding: 'x'.repeat(1024 * 1024) });
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: expect.stringMatching(/^Payload Too Large: .* 1048576 bytes/) },
      id: null,
    });
    // Params not of the method's shape: invalid params (-32602) naming the field, not an internal error.
    const malformed = await rawPost(auth, {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'list_ideas', arguments: null },
    });
    expect(malformed.status).toBe(200);
    expect(((await malformed.json()) as Json).error).toEqual({
      code: -32602,
      message: expect.stringContaining('Invalid params for tools/call: params.arguments'),
    });
  });

  // A read-only token's tools (the writing ones do not exist for it) are tested against the tool server
  // alone (apps/mcp/src/tools/tools.spec.ts), and with real tokens in the first test of this file.
  // Bad input to each tool (a tool error saying what is wrong, never a protocol error) is tested against
  // the tool server alone: apps/mcp/src/tools/tools.spec.ts.
  it('takes an idea from submission through review, votes and delivery by a policy to its submitter', async () => {
    const author = await newUser();
    const maker = await newUser();
    const voters = await Promise.all([1, 2].map(() => newUser()));
    const assistant = await connect(author.token);

    const submitted = await ok(assistant, 'submit_idea', {
      title: 'Mutual TLS for agents',
      description: 'A policy that checks client certificates of agents calling the API.',
    });
    const ideaId = submitted.idea.id as string;
    expect(submitted.idea).toMatchObject({ status: 'pending', votes: 0, submitter_id: author.id });

    // Pending: in the administrator's review queue, hidden from others.
    const queue = await http.get<Json>('/api/admin/queue', { cookie: admin });
    expect(queue.body.ideas.map((i: Json) => i.id)).toContain(ideaId);
    const stranger = await connect(maker.token);
    expect(await toolError(stranger, 'get_idea', { id: ideaId })).toMatch(/NOT_FOUND/);
    expect(await toolError(assistant, 'vote_idea', { id: ideaId })).toMatch(/Only approved ideas take votes/);
    expect((await ok(assistant, 'list_ideas', { status: 'pending' })).ideas.map((i: Json) => i.id)).toEqual([
      ideaId,
    ]);

    expect((await http.post(`/api/admin/ideas/${ideaId}/approve`, {}, { cookie: admin })).status).toBe(200);
    expect((await ok(stranger, 'get_idea', { id: ideaId })).idea.status).toBe('approved');

    // One vote per user (exact under concurrent votes: apps/catalog/src/ideas/ideas.service.integration-spec.ts).
    const voterClients = await Promise.all(voters.map((v) => connect(v.token)));
    for (const c of voterClients) await ok(c, 'vote_idea', { id: ideaId, vote: true });
    expect((await ok(voterClients[0], 'vote_idea', { id: ideaId, vote: true })).idea).toMatchObject({
      votes: 2,
      voted: true,
    });
    const withdrawn = await ok(voterClients[0], 'vote_idea', { id: ideaId, vote: false });
    expect(withdrawn.idea).toMatchObject({ votes: 1, voted: false });
    expect((await ok(voterClients[1], 'get_idea', { id: ideaId })).idea.voted).toBe(true);
    const found = await ok(stranger, 'list_ideas', { q: 'mutual tls', status: 'approved' });
    expect(found.ideas).toEqual([expect.objectContaining({ id: ideaId, votes: 1 })]);

    // Declared by a policy submission; delivered when the administrator approves it.
    const { policyId } = await publishedPolicy(maker.token, { deliversIdeaIds: [ideaId] });
    const policy = (await ok(stranger, 'get_policy', { id: policyId })).policy;
    expect(policy.delivers_ideas).toEqual([expect.objectContaining({ id: ideaId, phase: 'delivered' })]);
    expect((await ok(stranger, 'get_idea', { id: ideaId })).idea.status).toBe('delivered');

    // The submitter is notified, over REST and through the tool server.
    let notifications: Json[] = [];
    for (let i = 0; i < 60 && notifications.length === 0; i++) {
      notifications = (await ok(assistant, 'list_my_notifications')).notifications;
      if (notifications.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(notifications).toEqual([
      expect.objectContaining({
        kind: 'idea_delivered',
        data: { ideaId, resourceType: 'policy', resourceId: policyId },
      }),
    ]);
    const inbox = await http.get<Json>('/api/me/notifications', { token: author.token });
    expect(inbox.body.notifications).toHaveLength(1);
  });

  it('pages your notifications past the first page, says when older ones follow, and refuses a forged cursor', async () => {
    const user = await newUser();
    const pg = new PgClient({ connectionString: db.url });
    await pg.connect();
    try {
      await pg.query(
        `INSERT INTO identity.notifications (user_id, event_id, kind, title, body, data, created_at)
         SELECT $1, gen_random_uuid(), 'review_decided', 'Notification ' || i, 'Body ' || i, '{}',
                timestamptz '2026-03-01T00:00:00Z' + make_interval(secs => i * 0.00025)
           FROM generate_series(1, 55) AS i`,
        [user.id],
      );
    } finally {
      await pg.end();
    }
    const client = await connect(user.readToken);
    const first = await call(client, 'list_my_notifications');
    expect(first.structuredContent).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    expect((first.structuredContent as Json).notifications).toHaveLength(20);
    expect(textOf(first)).toContain(`Older ones: cursor ${(first.structuredContent as Json).nextCursor}.`);

    const titles: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await ok(client, 'list_my_notifications', { limit: 50, ...(cursor ? { cursor } : {}) });
      titles.push(...page.notifications.map((n: Json) => n.title as string));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(titles).toEqual(Array.from({ length: 55 }, (_, i) => `Notification ${55 - i}`));
    // The same as over REST.
    const rest = await http.get<Json>('/api/me/notifications', { token: user.readToken });
    expect(rest.body.notifications.map((n: Json) => n.title)).toEqual(titles);

    expect(await toolError(client, 'list_my_notifications', { cursor: 'forged' })).toMatch(/cursor/i);
  });

  it('answers the catalog tools with the same data and visibility as the REST API', async () => {
    const owner = await newUser();
    const reader = await newUser();
    const { policyId } = await publishedPolicy(owner.token);
    expect(
      (
        await http.post(
          `/api/policies/${policyId}/comments`,
          { body: 'Works well.' },
          { token: reader.token },
        )
      ).status,
    ).toBe(201);
    const client = await connect(reader.readToken);

    const community = await ok(client, 'search_policies', { q: 'headers', category: 'Security', limit: 50 });
    expect(community.policies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'community', id: policyId, status: 'published' }),
      ]),
    );
    const rest = await http.get<Json>('/api/policies?q=headers&category=Security&limit=50');
    expect(community.policies.map((p: Json) => p.id)).toEqual(rest.body.policies.map((p: Json) => p.id));

    // The search across kinds and catalogs answers as GET /api/search does, page by page.
    const across = await ok(client, 'search', { q: 'headers', limit: 50 });
    const wire = await http.get<Json>('/api/search?q=headers&limit=50');
    expect(across).toEqual(wire.body);
    expect(across.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'policy', catalog: 'community', id: policyId }),
      ]),
    );
    const firstPage = await ok(client, 'search', { catalog: 'vendor', limit: 2 });
    expect(firstPage.items.map((i: Json) => i.catalog)).toEqual(['vendor', 'vendor']);
    const secondPage = await ok(client, 'search', {
      catalog: 'vendor',
      limit: 2,
      cursor: firstPage.nextCursor,
    });
    const all = await http.get<Json>('/api/search?catalog=vendor&limit=4');
    expect([...firstPage.items, ...secondPage.items]).toEqual(all.body.items);
    expect(await toolError(client, 'search', { cursor: 'forged' })).toMatch(/cursor/);
    // In the order of a sort, as the wire answers it.
    const newest = await ok(client, 'search', { sort: 'newest', limit: 5 });
    expect(newest).toEqual((await http.get<Json>('/api/search?sort=newest&limit=5')).body);
    expect(newest.items[0]).toMatchObject({ catalog: 'community', id: policyId });
    expect(await toolError(client, 'search', { sort: 'popular' })).toMatch(/sort/);

    const vendor = await ok(client, 'search_policies', { source: 'vendor', limit: 1 });
    expect(vendor.policies).toHaveLength(1);
    expect(vendor.policies[0].source).toBe('vendor');
    expect(vendor.nextOffset).toBe(vendor.hasMore ? 1 : null);
    const { slug } = vendor.policies[0];
    expect((await ok(client, 'get_vendor_policy', { slug })).policy).toMatchObject({
      slug,
      source: 'vendor',
    });
    expect(await toolError(client, 'get_vendor_policy', { slug: 'no-such-vendor-policy' })).toMatch(
      /NOT_FOUND/,
    );

    const { policy } = await ok(client, 'get_policy', { id: policyId });
    expect(policy).toMatchObject({ id: policyId, category: 'Security', status: 'published', liked: false });
    const docs = await ok(client, 'get_policy_docs', { id: policyId });
    expect(docs.tabs.map((t: Json) => t.key)).toEqual(expect.arrayContaining(['overview', 'configuration']));
    const { comments } = await ok(client, 'list_policy_comments', { policyId });
    expect(comments).toEqual([
      expect.objectContaining({ body: 'Works well.', parentId: null, deleted: false }),
    ]);
    // A page at a time, saying more follow: the first page is not the whole list.
    for (const body of ['Second.', 'Third.']) {
      const posted = await http.post(`/api/policies/${policyId}/comments`, { body }, { token: reader.token });
      expect(posted.status).toBe(201);
    }
    const commentsAnswer = await call(client, 'list_policy_comments', { policyId, limit: 2 });
    const firstComments = commentsAnswer.structuredContent as Json;
    expect(firstComments).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    expect(firstComments.comments.map((c: Json) => c.body)).toEqual(['Works well.', 'Second.']);
    expect(textOf(commentsAnswer)).toContain(`More: cursor ${firstComments.nextCursor}.`);
    const lastComments = await ok(client, 'list_policy_comments', {
      policyId,
      limit: 2,
      cursor: firstComments.nextCursor,
    });
    expect(lastComments).toMatchObject({ hasMore: false, nextCursor: null });
    expect(lastComments.comments.map((c: Json) => c.body)).toEqual(['Third.']);
    const restComments = await http.get<Json>(`/api/policies/${policyId}/comments`);
    expect([...firstComments.comments, ...lastComments.comments].map((c: Json) => c.id)).toEqual(
      restComments.body.comments.map((c: Json) => c.id),
    );
    expect(await toolError(client, 'list_policy_comments', { policyId, cursor: 'forged' })).toMatch(/cursor/);

    // The owner's own submissions, with their status; nobody else's.
    const ownClient = await connect(owner.readToken);
    const mine = await ok(ownClient, 'list_my_submissions');
    expect(mine.submissions).toEqual([expect.objectContaining({ policyId, status: 'approved' })]);
    expect((await ok(client, 'list_my_submissions')).submissions).toEqual([]);

    // A policy under review is the owner's alone, as over REST.
    const { webUrl } = await control.createRepository({
      owner: 'community',
      name: `mcp-pending-${++counter}`,
      files: { 'definition/gcl.yaml': GCL, 'Cargo.toml': CARGO, 'src/lib.rs': '// filter\n' },
    });
    const pending = await http.post<Json>(
      '/api/submissions',
      { name: 'Pending Guard', description: 'Waits for its review to finish.', sourceHostUrl: webUrl },
      { token: owner.token },
    );
    const pendingId = pending.body.submission.policyId as string;
    expect((await ok(ownClient, 'get_policy', { id: pendingId })).policy.status).toBe('under_review');
    expect(await toolError(client, 'get_policy', { id: pendingId })).toMatch(/NOT_FOUND/);
    expect((await ok(ownClient, 'list_my_submissions')).submissions[0]).toMatchObject({
      policyId: pendingId,
      status: 'submitted',
    });
  });
  it('answers the ruleset tools: search, a ruleset with its documentation tabs, vendor rulesets, my submissions', async () => {
    const owner = await newUser();
    const reader = await newUser();
    const submission = await submittedRuleset(owner.token, {
      slug: 'ruleset',
      name: 'Payments Rules',
      description: 'What every payments API must do, checked on every API description.',
      docTabs: [{ key: 'rules', title: 'Rules', bodyMd: 'Secure every operation.' }],
      approve: true,
    });
    const rulesetId = submission.ruleset_id;

    const client = await connect(reader.readToken);
    const found = await ok(client, 'search_rulesets', { q: 'payments', scope: 'rest-api' });
    expect(found.rulesets).toEqual([expect.objectContaining({ source: 'community', id: rulesetId })]);
    const rest = await http.get<Json>('/api/rulesets?q=payments&scope=rest-api');
    expect(found.rulesets.map((r: Json) => r.id)).toEqual(rest.body.rulesets.map((r: Json) => r.id));

    const detail = await ok(client, 'get_ruleset', { id: rulesetId });
    expect(detail.ruleset).toMatchObject({ id: rulesetId, lifecycle_status: 'published' });
    expect(detail.ruleset.rule_names).toEqual(expect.arrayContaining(['operations-are-secured']));
    expect(detail.tabs).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'rules', bodyMd: 'Secure every operation.' })]),
    );
    expect(await toolError(client, 'get_ruleset', { id: '3f1f4d3e-2f5c-4a8e-9d7b-0c6a2b1e9f00' })).toMatch(
      /NOT_FOUND/,
    );

    const vendor = await ok(client, 'search_rulesets', { source: 'vendor', limit: 1 });
    expect(vendor.rulesets).toHaveLength(1);
    const { slug } = vendor.rulesets[0];
    expect((await ok(client, 'get_vendor_ruleset', { slug })).ruleset).toMatchObject({
      slug,
      source: 'vendor',
    });

    // The same report as POST /api/ruleset-evaluations, read-only, for a vendor ruleset.
    const evaluated = await ok(client, 'evaluate_api', {
      vendor_slugs: ['api-documentation-basics'],
      content: RAML,
      filename: 'api.raml',
    });
    expect(evaluated.report).toMatchObject({
      specification: { format: 'RAML 1.0' },
      evaluations: [
        expect.objectContaining({ ruleset: expect.objectContaining({ slug: 'api-documentation-basics' }) }),
      ],
    });

    const mine = await ok(await connect(owner.readToken), 'list_my_ruleset_submissions');
    expect(mine.submissions).toEqual([expect.objectContaining({ id: submission.id, status: 'approved' })]);
    expect((await ok(client, 'list_my_ruleset_submissions')).submissions).toEqual([]);
  });

  it('evaluates an API against a Spectral ruleset of the catalog: its own rule with the line, column and pointer', async () => {
    const owner = await newUser();
    const { ruleset_id: rulesetId } = await submittedRuleset(owner.token, {
      slug: 'spectral',
      files: { '.spectral.yaml': SPECTRAL_OPERATION_IDS },
      name: 'Spectral Operation Ids',
      description: 'The recommended OpenAPI rules, and an operationId on every operation.',
      approve: true,
    });

    const client = await connect((await newUser()).readToken);
    const { report } = await ok(client, 'evaluate_api', {
      ruleset_ids: [rulesetId],
      content: OAS3,
      filename: 'openapi.yaml',
    });
    expect(report.conforms).toBe(false);
    expect(report.evaluations[0].results).toContainEqual(
      expect.objectContaining({
        rule: 'operation-id-required',
        severity: 'violation',
        file: 'openapi.yaml',
        line: 13,
        column: 10,
        pointer: '#/paths/~1pets/post',
      }),
    );
  });

  it('plans a deployment, changing nothing: what each organization would get, the same as a dry run over REST (api:write as there)', async () => {
    const owner = await newUser();
    const submission = await submittedRuleset(owner.token, {
      slug: 'plan',
      name: 'Plan Rules',
      description: 'What every payments API must do, checked on every API description.',
      approve: false,
    });
    const tenant = { clientId: `mcp-plan-${counter}`, clientSecret: `secret-${counter}-plan` };
    const [root, team] = [`mcp-root-${counter}`, `mcp-team-${counter}`];
    await control.addTenant({
      ...tenant,
      organizations: [
        { id: root, name: 'Corp' },
        { id: team, name: 'Team', parentId: root },
      ],
    });
    const connection = await http.post<Json>(
      '/api/connections',
      { name: 'Plan', host: 'us', ...tenant, organizationId: root },
      { token: owner.token },
    );
    expect(connection.status).toBe(200);
    const workspace = await http.post<Json>(
      '/api/workspaces',
      { name: `Plan ${counter}` },
      { token: owner.token },
    );
    // The ids the plan takes, found with the tools (a read-only token lists them), never a credential.
    const reader = await connect(owner.readToken);
    const { workspaces } = await ok(reader, 'list_workspaces');
    expect(workspaces).toEqual([
      expect.objectContaining({ role: 'owner', is_personal: true }),
      expect.objectContaining({ id: workspace.body.workspace.id, role: 'owner', is_personal: false }),
    ]);
    const usable = await ok(reader, 'list_connections', { workspace_id: workspace.body.workspace.id });
    expect(usable.connections).toEqual([
      {
        id: connection.body.connection.id,
        name: 'Plan',
        host: 'us',
        owned: true,
        organization_id: root,
        validation_error: null,
      },
    ]);
    expect(JSON.stringify(usable)).not.toContain(tenant.clientId);
    // The organizations the connection reaches, as GET /api/connections/{id}/orgs answers them: the
    // target ids of the plan.
    const orgs = await ok(reader, 'list_connection_organizations', {
      connection_id: connection.body.connection.id,
    });
    expect(orgs).toEqual({
      organizations: [
        { id: root, name: 'Corp', full_path: 'Corp', is_primary: true },
        { id: team, name: 'Team', full_path: 'Corp / Team', is_primary: false },
      ],
      truncated: false,
      hasMore: false,
      nextOffset: null,
    });
    const restOrgs = await http.get<Json>(`/api/connections/${connection.body.connection.id}/orgs`, {
      token: owner.readToken,
    });
    expect(orgs.organizations.map((o: Json) => o.id)).toEqual(restOrgs.body.orgs.map((o: Json) => o.id));
    expect(JSON.stringify(orgs)).not.toContain(tenant.clientId);
    expect(JSON.stringify(orgs)).not.toContain(tenant.clientSecret);
    // A member sees the connection once it is shared into the workspace, as not theirs.
    const member = await newUser();
    const memberTools = await connect(member.readToken);
    const ws = workspace.body.workspace.id as string;
    // Not a member yet: the workspace is not found, as over REST.
    expect(await toolError(memberTools, 'list_connections', { workspace_id: ws })).toMatch(/not found/i);
    const theirs = { connection_id: connection.body.connection.id };
    expect(await toolError(memberTools, 'list_connection_organizations', theirs)).toMatch(/not found/i);
    const added = await http.post(
      `/api/workspaces/${ws}/members`,
      { email: member.email, role: 'member' },
      { token: owner.token },
    );
    expect(added.status).toBe(200);
    const shared = await http.post(
      `/api/workspaces/${ws}/connections`,
      { connection_id: connection.body.connection.id },
      { token: owner.token },
    );
    expect(shared.status).toBe(200);
    expect((await ok(memberTools, 'list_connections', { workspace_id: ws })).connections).toEqual([
      {
        id: connection.body.connection.id,
        name: 'Plan',
        host: 'us',
        owned: false,
        organization_id: null,
        validation_error: null,
      },
    ]);
    // Shared into a workspace of theirs: they may read where it deploys to, as over REST.
    expect((await ok(memberTools, 'list_connection_organizations', theirs)).organizations).toEqual(
      orgs.organizations,
    );
    const request = {
      assetType: 'ruleset',
      rulesetId: submission.ruleset_id,
      connectionId: connection.body.connection.id,
      workspaceId: workspace.body.workspace.id,
      targetOrganizationIds: [team],
      version: '1.0.0',
      doRelease: true,
    };
    const planned = await ok(await connect(owner.token), 'plan_deployment', {
      asset_type: 'ruleset',
      ruleset_id: request.rulesetId,
      connection_id: request.connectionId,
      workspace_id: request.workspaceId,
      target_organization_ids: [team],
      version: '1.0.0',
      do_release: true,
    });
    expect(planned.targets).toEqual([
      {
        organization_id: team,
        organization_name: 'Team',
        action: 'create',
        from: null,
        to: '1.0.0',
        error: null,
      },
    ]);
    const rest = await http.post<Json>(
      '/api/deployments',
      { ...request, dryRun: true },
      { token: owner.token },
    );
    expect(rest.body.assetId).toBe(planned.asset_id);
    expect((await http.get<Json>('/api/deployments', { token: owner.token })).body.deployments).toEqual([]);
  });

  it('serves policies and rulesets as resources: listed page by page with a cursor, read by URI', async () => {
    const owner = await newUser();
    const { policyId } = await publishedPolicy(owner.token);
    const { ruleset_id: rulesetId } = await submittedRuleset(owner.token, {
      slug: 'resource',
      name: 'Resource Rules',
      description: 'Rules an assistant attaches.',
      approve: false,
    });
    const client = await connect((await newUser()).readToken);

    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      'policy-catalog://policies/{key}',
      'policy-catalog://rulesets/{key}',
      'policy-catalog://vendor-policies/{key}',
      'policy-catalog://vendor-rulesets/{key}',
    ]);

    // Every page bounded, the cursor carries on across kinds of entry, nothing twice.
    const { uris, pages } = await allResources(client);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(uris).size).toBe(uris.length);
    expect(uris).toContain(`policy-catalog://policies/${policyId}`);
    const vendorPolicies = (await http.get<Json>('/api/policies?source=vendor&limit=100')).body.policies;
    for (const { slug } of vendorPolicies) expect(uris).toContain(`policy-catalog://vendor-policies/${slug}`);
    const vendorRulesets = (await http.get<Json>('/api/rulesets?source=vendor&limit=100')).body.rulesets;
    for (const { slug } of vendorRulesets) expect(uris).toContain(`policy-catalog://vendor-rulesets/${slug}`);
    // Under review: the owner's alone, as over REST.
    expect(uris).not.toContain(`policy-catalog://rulesets/${rulesetId}`);
    const own = await allResources(await connect(owner.readToken));
    expect(own.uris).toContain(`policy-catalog://rulesets/${rulesetId}`);

    const read = await client.readResource({ uri: `policy-catalog://policies/${policyId}` });
    expect(read.contents.map((c) => c.mimeType)).toEqual(['text/markdown', 'application/json']);
    const [markdown, json] = read.contents.map((c) => ('text' in c ? c.text : ''));
    expect(markdown).toMatch(/^# Header Guard \d+\n/);
    expect(markdown).toContain('## Configuration\n\nList the `allowed` headers.');
    expect(JSON.parse(json)).toMatchObject({ policy: { id: policyId, status: 'published' } });

    const ownRead = await (
      await connect(owner.readToken)
    ).readResource({
      uri: `policy-catalog://rulesets/${rulesetId}`,
    });
    expect(JSON.parse((ownRead.contents[1] as Json).text)).toMatchObject({
      ruleset: { id: rulesetId, lifecycle_status: 'under_review' },
    });
    const vendor = await client.readResource({
      uri: `policy-catalog://vendor-rulesets/${vendorRulesets[0].slug}`,
    });
    expect((vendor.contents[0] as Json).text).toMatch(new RegExp(`^# ${vendorRulesets[0].name}`));

    await expect(client.readResource({ uri: `policy-catalog://rulesets/${rulesetId}` })).rejects.toThrow(
      /not found/,
    );
    // A forged cursor and a key of the wrong kind: apps/mcp/src/tools/tools.spec.ts.
  });

  it("reads a workspace's governed APIs and an API's conformance history, as its members see them", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const submission = await submittedRuleset(owner.token, {
      slug: 'op-ids',
      files: { 'ruleset.yaml': OPERATION_IDS },
      name: 'Operation ids',
      description: 'Every operation has an operationId.',
      approve: true,
    });
    const ws = (await http.post<Json>('/api/workspaces', { name: `Gov ${counter}` }, { token: owner.token }))
      .body.workspace.id as string;
    await http.post(
      `/api/workspaces/${ws}/governance-profiles`,
      { name: 'All', rulesets: [{ rulesetId: submission.ruleset_id }] },
      { token: owner.token },
    );
    const registered = await http.post<Json>(
      `/api/workspaces/${ws}/governed-apis`,
      { name: 'Pets API', document: { content: OAS3 } },
      { token: owner.token },
    );
    const apiId = registered.body.api.id as string;
    expect(
      (await http.post(`/api/governed-apis/${apiId}/evaluations`, {}, { token: owner.token })).status,
    ).toBe(201);

    const client = await connect(owner.readToken);
    const listed = await ok(client, 'list_governed_apis', { workspace_id: ws });
    expect(listed).toMatchObject({ threshold: 70, totals: { apis: 1, at_risk: 1 } });
    expect(listed.apis).toEqual([expect.objectContaining({ id: apiId, conformance: 0, at_risk: true })]);
    const history = await ok(client, 'get_api_conformance', { api_id: apiId });
    expect(history.evaluations).toEqual([
      expect.objectContaining({ trigger: 'manual', conformance: 0, passed_rules: 0, applicable_rules: 1 }),
    ]);
    expect(
      await toolError(await connect(stranger.readToken), 'get_api_conformance', { api_id: apiId }),
    ).toMatch(/not found/i);
  });

  // Runs last: every test above checks each successful result against its output schema.
  it('has checked a result of every tool against its output schema', () => {
    expect([...validated].sort()).toEqual([...READ_TOOLS, ...DRY_RUN_TOOLS, ...WRITE_TOOLS].sort());
  });
});
