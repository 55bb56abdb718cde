import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningSandbox, startSandbox } from '@pc/sandbox';
import {
  type ConformanceTools,
  conformanceTools,
  cookieFrom,
  createTestDatabase,
  HttpClient,
  runServerConformance,
  runTool,
  type TestDatabase,
  testBus,
  TokenProxy,
} from '@pc/testing';
import { type RunningSystem, startSystem } from './system';

const EXPECTED_FAILURES = path.join(__dirname, '..', '..', 'mcp', 'conformance', 'expected-failures.yaml');
/** The scenarios that apply to this server: each must pass every one of its checks. */
const APPLICABLE = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'dns-rebinding-protection',
  // These two call the reference server's fixture tools; they pass here because an unknown tool is a
  // tool error with text content (what they check), not because this server has those tools.
  'tools-call-simple-text',
  'tools-call-error',
];

/**
 * Clients other than the project's own against the tool server of a started system, over Streamable
 * HTTP: the MCP conformance suite (through a proxy that adds a personal access token, since the suite's
 * client sends none; the proxy's origin is allowed with MCP_ALLOWED_ORIGINS, as a browser-based
 * client's would be, so the DNS-rebinding scenario sees a foreign Host/Origin refused and its own
 * accepted) and the MCP Inspector's CLI mode with a read-only token.
 */
describe('MCP clients other than ours against the tool server', () => {
  jest.setTimeout(300_000);
  let tools: ConformanceTools;
  let db: TestDatabase;
  let sandbox: RunningSandbox;
  let system: RunningSystem;
  let proxy: TokenProxy;
  let port: number;
  let outputDir: string;
  const tokens = { readWrite: '', readOnly: '' };

  beforeAll(async () => {
    tools = await conformanceTools();
    db = await createTestDatabase();
    sandbox = await startSandbox({ port: 0, seed: false });
    proxy = new TokenProxy(() => tokens.readWrite);
    port = await proxy.listen();
    system = await startSystem({
      bus: testBus('nats', 10000),
      databaseUrl: db.url,
      gatewayPort: 0,
      env: { ...sandbox.adapterEnv, MCP_ALLOWED_ORIGINS: `http://127.0.0.1:${port}` },
    });
    proxy.target = system.url!;
    const http = new HttpClient(system.url!);
    const signup = await http.post('/api/auth/signup', {
      email: `conformance-${Date.now()}@example.com`,
      password: 'password123',
      name: 'Conformance',
    });
    const cookie = cookieFrom(signup, 'sb-access-token');
    const token = async (scopes: string[]) =>
      (await http.post<{ token: string }>('/api/tokens', { name: scopes.join(' '), scopes }, { cookie })).body
        .token;
    tokens.readWrite = await token(['api:read', 'api:write']);
    tokens.readOnly = await token(['api:read']);
    outputDir = mkdtempSync(path.join(os.tmpdir(), 'pc-mcp-conformance-'));
  }, 300_000);

  afterAll(async () => {
    await proxy?.close();
    await system?.close();
    await sandbox?.close();
    await db?.drop();
    if (outputDir) rmSync(outputDir, { recursive: true, force: true });
  });

  it('the conformance suite: every scenario that applies passes; the others fail only as the baseline says, each with why', async () => {
    const result = await runServerConformance(
      tools,
      `http://127.0.0.1:${port}/mcp`,
      EXPECTED_FAILURES,
      outputDir,
    );
    if (result.code !== 0) throw new Error(`the conformance run failed:\n${result.output}`);
    expect(result.output).toContain('Baseline check passed');
    for (const scenario of APPLICABLE) {
      const checks = result.scenarios.get(scenario);
      expect({ scenario, checks: checks?.filter((c) => c.status !== 'SUCCESS') }).toEqual({
        scenario,
        checks: [],
      });
    }
  });

  it('the MCP Inspector CLI: a read-only token lists only read-only tools, and reads a resource by URI', async () => {
    const inspector = (...args: string[]) =>
      runTool(
        tools.node,
        [
          tools.inspector,
          '--cli',
          `${system.url}/mcp`,
          '--transport',
          'http',
          '--header',
          `Authorization: Bearer ${tokens.readOnly}`,
          ...args,
        ],
        os.tmpdir(),
      );
    const listed = await inspector('--method', 'tools/list');
    expect(listed.code).toBe(0);
    const { tools: listedTools } = JSON.parse(listed.stdout) as {
      tools: Array<{ name: string; annotations?: { readOnlyHint?: boolean }; outputSchema?: object }>;
    };
    expect(listedTools.length).toBeGreaterThan(5);
    for (const tool of listedTools)
      expect({ tool: tool.name, readOnly: tool.annotations?.readOnlyHint }).toEqual({
        tool: tool.name,
        readOnly: true,
      });
    expect(listedTools.map((t) => t.name)).not.toContain('submit_idea');
    expect(listedTools.every((t) => t.outputSchema)).toBe(true);

    const read = await inspector(
      '--method',
      'resources/read',
      '--uri',
      'policy-catalog://vendor-rulesets/owasp-api-top-ten',
    );
    expect(read.code).toBe(0);
    const { contents } = JSON.parse(read.stdout) as {
      contents: Array<{ mimeType: string }>;
    };
    expect(contents.map((c) => c.mimeType)).toEqual(['text/markdown', 'application/json']);
  });
});
