import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  junitProblems,
  OAS3,
  OPERATION_IDS,
  sarifProblems,
  SPECTRAL_OPERATION_IDS,
  validatorFor,
} from '@pc/testing';
import { PolicyCatalog, PolicyCatalogError, type RolloutStreamEvent } from '@policy-catalog/sdk';
import { runCli, runCommand, SOURCE_CLI, stopCliRunner } from './testing/cli-run';
import { packedClients } from './testing/client-packages';
import { lockfileRegistry, machineNpmrc } from './testing/readme-clients';
import { DeploymentsWorld, type Tenant, type TestUser } from './testing/deployments-e2e';

const ROOT = path.join(__dirname, '..', '..', '..');
const cliPackage = JSON.parse(readFileSync(path.join(ROOT, 'apps', 'cli', 'package.json'), 'utf8')) as {
  version: string;
};

/**
 * The SDK and the CLI against one started system (gateway, services, NATS, PostgreSQL, the sandbox as
 * source host, registry and platform). The SDK's every answer is checked against the served OpenAPI
 * document (its fetch goes through the same validator as the other end-to-end files); the CLI runs as a
 * user runs it, a process of its own (started by a small runner process, not by this worker: see
 * `testing/cli-run.ts`): the compiled CLI of the packed package (packed once per run and shared with
 * the README test; a start takes a quarter of the sources' through SWC), and once
 * `apps/cli/bin/policy-catalog.js` (what `npx policy-catalog` starts in a clone).
 */
describe('the SDK and the CLI against a started system', () => {
  jest.setTimeout(180_000);
  const world = new DeploymentsWorld();
  const contractProblems: string[] = [];
  let user: TestUser;
  let tenant: Tenant;
  let connectionId: string;
  let workspaceId: string;
  let configDir: string;
  let sdk: PolicyCatalog;
  let cliBin: string;

  /** A fetch that holds every JSON answer to the served document, as `HttpClient` does. */
  const checkedFetch = async (request: Request): Promise<Response> => {
    const response = await fetch(request);
    if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      const text = await response.clone().text();
      const validator = await validatorFor(world.system.url!);
      contractProblems.push(
        ...(validator?.check(
          request.method,
          new URL(request.url),
          response.status,
          response.headers.get('content-type'),
          text,
        ) ?? []),
      );
    }
    return response;
  };

  /**
   * A fetch that breaks the first connection to a stream ending in `suffix` after `keep` events named
   * `event` (as a dropped network would), passing every other request through.
   */
  const cuttingFetch = (suffix: string, event: string, keep: number) => {
    let cut = false;
    return async (request: Request): Promise<Response> => {
      const response = await fetch(request);
      if (cut || !request.url.endsWith(suffix)) return response;
      cut = true;
      const reader = response.body!.getReader();
      let seen = '';
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { value, done } = await reader.read();
          if (done) return controller.close();
          seen += new TextDecoder().decode(value);
          const blocks = seen.split('\n\n');
          const named = (upTo: number) =>
            blocks.slice(0, upTo).filter((b) => b.includes(`event: ${event}`)).length;
          if (named(blocks.length) > keep) {
            const end = blocks.findIndex((_, i) => named(i + 1) === keep) + 1;
            controller.enqueue(new TextEncoder().encode(`${blocks.slice(0, end).join('\n\n')}\n\n`));
            await reader.cancel();
            return controller.error(new TypeError('terminated'));
          }
          controller.enqueue(value);
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
  };

  /** Runs the CLI as a process of its own; the gateway lives in this process, so never synchronously. */
  const cli = (
    args: string[],
    options: {
      token?: string | null;
      input?: string;
      env?: Record<string, string>;
      sources?: boolean;
      cwd?: string;
    } = {},
  ) =>
    runCli(options.sources ? SOURCE_CLI : cliBin, args, {
      cwd: options.cwd ?? os.tmpdir(),
      env: {
        POLICY_CATALOG_URL: world.system.url!,
        POLICY_CATALOG_CONFIG_DIR: configDir,
        ...(options.token === null ? {} : { POLICY_CATALOG_TOKEN: options.token ?? user.token }),
        ...options.env,
      },
      input: options.input,
    });

  beforeAll(async () => {
    // On a cold cache the CLI is packed first (tsc and npm pack, beside the system's start): about 20 s
    // on an idle machine, several minutes on a loaded one; then every file and run reuses it.
    [{ cliBin }] = await Promise.all([packedClients(ROOT, ['cli']), world.start('nats')]);
    ({ user, tenant, connectionId, workspaceId } = await world.deployer());
    configDir = mkdtempSync(path.join(os.tmpdir(), 'pc-cli-'));
    sdk = new PolicyCatalog({ baseUrl: world.system.url!, token: user.token, fetch: checkedFetch });
  }, 600_000);

  afterAll(async () => {
    await world.stop();
    await stopCliRunner();
    if (configDir) rmSync(configDir, { recursive: true, force: true });
  });

  afterEach(() => {
    expect(contractProblems.splice(0)).toEqual([]);
  });

  describe('SDK', () => {
    it('calls typed operations with a token or a session, and throws API errors with their code', async () => {
      const me = await sdk.api.me.get();
      expect(me.user.id).toBe(user.id);
      const session = await PolicyCatalog.signIn(
        { baseUrl: world.system.url!, fetch: checkedFetch },
        { email: user.email, password: 'password123' },
      );
      expect((await session.call('Me_get')).user.email).toBe(user.email);

      const missing = await sdk.api.policies
        .get({ params: { path: { id: randomUUID() } } })
        .catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(PolicyCatalogError);
      expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND', operation: 'GET /api/policies/{id}' });
      const invalid = (await sdk.api.deployments
        .create({
          body: {
            connectionId,
            workspaceId,
            targetOrganizationIds: [tenant.paymentsId],
            version: 'v1',
          },
        })
        .catch((e: unknown) => e)) as PolicyCatalogError;
      expect(invalid.status).toBe(400);
      expect(invalid.fields.map((f) => f.field)).toContain('version');
      expect(invalid.requestId).toBeTruthy();
    });

    it('walks every page of a list as one async iterator', async () => {
      const owner = await world.newUser();
      const made = [];
      for (let i = 0; i < 3; i++) made.push((await world.newDeployablePolicy(owner)).id);
      const client = new PolicyCatalog({
        baseUrl: world.system.url!,
        token: owner.token,
        fetch: checkedFetch,
      });
      const pages = [];
      for await (const page of client.pages('Submissions_list', { params: { query: { limit: 1 } } }))
        pages.push(page);
      expect(pages.map((p) => p.submissions.length)).toEqual([1, 1, 1]);
      const ids = [];
      for await (const s of client.items('Submissions_list', { params: { query: { limit: 2 } } }))
        ids.push(s.policyId);
      expect(ids.sort()).toEqual([...made].sort());
      // Started at an offset, the walk goes on by the cursor alone (an offset beside a cursor is a 400).
      const all = (await client.call('Policies_list', { params: { query: { limit: 200 } } })).policies;
      expect(all.length).toBeGreaterThanOrEqual(3);
      const walk = async () => {
        const found = [];
        for await (const policy of client.items('Policies_list', {
          params: { query: { offset: 1, limit: 1 } },
        }))
          found.push(policy);
        return found;
      };
      await expect(walk()).resolves.toEqual(all.slice(1));
    });

    it('retries a deployment whose answer was lost with the same Idempotency-Key (one deployment), then follows its log to the end', async () => {
      const { id: policyId } = await world.newDeployablePolicy(user);
      const keys: string[] = [];
      let dropped = false;
      const client = new PolicyCatalog({
        baseUrl: world.system.url!,
        token: user.token,
        retry: { baseDelayMs: 10 },
        fetch: async (request) => {
          if (request.method === 'POST') keys.push(request.headers.get('idempotency-key') ?? '');
          const response = await checkedFetch(request);
          if (request.method === 'POST' && !dropped) {
            dropped = true; // the server did the work; the answer is lost on the way back
            throw new TypeError('fetch failed');
          }
          return response;
        },
      });
      const created = await client.api.deployments.create({
        body: {
          policyId,
          connectionId,
          workspaceId,
          targetOrganizationIds: [tenant.paymentsId],
          doPublish: true,
        },
      });
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      if (!('results' in created)) throw new Error('a plan, not a deployment');
      const id = created.results[0].deployment!.id;
      const all = [];
      for await (const d of sdk.items('Deployments_list', { params: { query: { policyId } } }))
        all.push(d.id);
      expect(all).toEqual([id]);

      const events = [];
      for await (const event of sdk.followDeploymentLog(id)) events.push(event);
      const logs = events.flatMap((e) => (e.type === 'log' ? [e.chunk] : []));
      expect(logs.map((l) => l.seq)).toEqual(logs.map((_, i) => i + 1));
      expect(logs.some((l) => /^Applied /.test(l.text))).toBe(true);
      expect(events[events.length - 1]).toEqual({
        type: 'end',
        id: expect.any(String),
        end: expect.objectContaining({ deployment_id: id, status: 'succeeded', error: null }),
      });
    });

    it('resumes a log stream cut in the middle with Last-Event-ID: the same lines, none twice', async () => {
      const { id: policyId } = await world.newDeployablePolicy(user);
      const created = await sdk.api.deployments.create({
        body: { policyId, connectionId, workspaceId, targetOrganizationIds: [tenant.cardsId] },
      });
      if (!('results' in created)) throw new Error('a plan, not a deployment');
      const id = created.results[0].deployment!.id;
      await world.settled(user.token, id);
      const whole = [];
      for await (const e of sdk.followDeploymentLog(id)) if (e.type === 'log') whole.push(e.id);

      // Three lines pass, then the connection breaks.
      const cutting = new PolicyCatalog({
        baseUrl: world.system.url!,
        token: user.token,
        fetch: cuttingFetch('/logs', 'log', 3),
      });
      const reconnects: Array<string | undefined> = [];
      const resumed = [];
      for await (const e of cutting.followDeploymentLog(id, {
        onReconnect: (_, last) => reconnects.push(last),
      }))
        if (e.type === 'log') resumed.push(e.id);
      expect(reconnects).toEqual([whole[2]]);
      expect(resumed).toEqual(whole);
    });
  });

  describe('CLI', () => {
    it('is downloaded from the system itself: npm installs it from /downloads/policy-catalog-cli.tgz and it runs; the ETag answers 304', async () => {
      const url = `${world.system.url!}/downloads/policy-catalog-cli.tgz`;
      const first = await fetch(url);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('application/gzip');
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      const packed = readFileSync(
        path.join(ROOT, 'dist', 'packages', `policy-catalog-cli-${cliPackage.version}.tgz`),
      );
      expect(Buffer.from(await first.arrayBuffer()).equals(packed)).toBe(true);
      const again = await fetch(url, { headers: { 'if-none-match': etag! } });
      expect([again.status, await again.text()]).toEqual([304, '']);
      const documented = (await (await fetch(`${world.system.url!}/api/openapi.json`)).json()) as {
        'x-downloads': Record<string, unknown>;
      };
      expect(Object.keys(documented['x-downloads'])).toEqual(['/downloads/policy-catalog-cli.tgz']);

      // As the guide's CI step does it, into a prefix of its own; the dependencies from the lockfile.
      const registry = await lockfileRegistry(ROOT);
      const prefix = mkdtempSync(path.join(os.tmpdir(), 'pc-download-'));
      try {
        const env = {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          npm_config_prefix: prefix,
          npm_config_globalconfig: machineNpmrc(),
          npm_config_registry: registry.url,
          npm_config_prefer_offline: 'true',
          npm_config_audit: 'false',
          npm_config_fund: 'false',
          npm_config_update_notifier: 'false',
        };
        const install = await runCommand('npm', ['install', '--global', url], {
          cwd: prefix,
          env,
          timeoutMs: 150_000,
        });
        expect({ status: install.code, stderr: install.stderr }).toMatchObject({ status: 0 });
        const version = await runCommand(path.join(prefix, 'bin', 'policy-catalog'), ['--version'], {
          cwd: prefix,
          env,
          timeoutMs: 30_000,
        });
        expect([version.code, version.stdout.trim()]).toEqual([0, cliPackage.version]);
      } finally {
        rmSync(prefix, { recursive: true, force: true });
        await registry.close();
      }
    });

    it('lists your connections and a connection’s organizations by its name: the ids and names deploy takes', async () => {
      const listed = await cli(['--json', 'connections', 'list']);
      expect(listed.code).toBe(0);
      const { connections } = JSON.parse(listed.stdout) as {
        connections: Array<{ id: string; name: string }>;
      };
      const connection = connections.find((c) => c.id === connectionId)!;
      expect(connection).toBeDefined();
      expect((await cli(['connections', 'list'])).stdout).toContain(`${connectionId}  ${connection.name}  `);
      const orgs = await cli(['organizations', 'list', '--connection', connection.name]);
      expect(orgs.code).toBe(0);
      expect(orgs.stdout).toMatch(new RegExp(`^${tenant.paymentsId} +Payments +.*Payments`, 'm'));
      expect(orgs.stdout).toMatch(new RegExp(`^${tenant.rootId} +.* yes$`, 'm'));
      const unknown = await cli(['organizations', 'list', '--connection', 'no such connection']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('no connection "no such connection" of yours');
    });

    it('logs in with a token from stdin (stored 0600 in a 0700 folder), says who it is, logs out', async () => {
      const login = await cli(['login', '--token-stdin'], { token: null, input: `${user.token}\n` });
      expect(login).toMatchObject({ code: 0 });
      expect(login.stdout).toContain(`Signed in to ${world.system.url}`);
      const file = path.join(configDir, 'config.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(configDir).mode & 0o777).toBe(0o700);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ url: world.system.url, token: user.token });
      const whoami = await cli(['--json', 'whoami'], { token: null });
      expect(JSON.parse(whoami.stdout)).toMatchObject({ tokenSource: 'config', user: { id: user.id } });
      expect((await cli(['logout'], { token: null })).code).toBe(0);
      const after = await cli(['whoami'], { token: null });
      expect(after.code).toBe(3);
      expect(after.stderr).toContain('not signed in');
      const wrong = await cli(['login', '--token-stdin'], { token: null, input: 'pcat_not-a-token' });
      expect(wrong.code).toBe(3);
      expect(wrong.stderr).toMatch(/HTTP 401/);
    });

    it('searches and shows rulesets and policies; an unknown id prints the API’s message and exits 3', async () => {
      const search = await cli(['--json', 'rulesets', 'search', '--source', 'vendor', '--limit', '3']);
      expect(search.code).toBe(0);
      const found = JSON.parse(search.stdout) as { rulesets: Array<{ slug: string }>; hasMore: boolean };
      expect(found.rulesets).toHaveLength(3);
      // The three vendor rulesets are all there are; cut at --limit, a search says more exist: hasMore
      // with --json, a note on stderr otherwise.
      expect(found.hasMore).toBe(false);
      const two = await cli(['--json', 'rulesets', 'search', '--source', 'vendor', '--limit', '2']);
      expect(JSON.parse(two.stdout)).toMatchObject({ rulesets: found.rulesets.slice(0, 2), hasMore: true });
      const cut = await cli(['policies', 'search', '--source', 'vendor', '--limit', '2']);
      expect(cut.code).toBe(0);
      expect(cut.stdout.trim().split('\n')).toHaveLength(3);
      expect(cut.stderr).toBe('More policies match: raise --limit to see them.\n');
      const whole = await cli([
        '--json',
        'policies',
        'search',
        'rate',
        '--source',
        'vendor',
        '--limit',
        '50',
      ]);
      expect(JSON.parse(whole.stdout)).toMatchObject({ hasMore: false });
      const show = await cli(['rulesets', 'show', found.rulesets[0].slug]);
      expect(show.code).toBe(0);
      expect(show.stdout).toContain(`slug            ${found.rulesets[0].slug}`);
      const vendor = await cli(['--json', 'policies', 'search', '--source', 'vendor', '--limit', '2']);
      expect(JSON.parse(vendor.stdout).policies.map((p: { slug?: string }) => typeof p.slug)).toEqual([
        'string',
        'string',
      ]);
      const table = await cli(['policies', 'search', 'rate', '--source', 'vendor']);
      expect(table.stdout).toMatch(/^ID +NAME +CATEGORY +VERSION +STATUS\n/);
      expect(table.stdout).toMatch(/^rate-limiting +Rate Limiting +Quality of service +vendor$/m);
      const { id: policyId } = await world.newDeployablePolicy(user);
      const policy = await cli(['policies', 'show', policyId]);
      expect(policy.stdout).toMatch(/^Rate Guard /);
      const missing = await cli(['policies', 'show', randomUUID()]);
      expect(missing.code).toBe(3);
      expect(missing.stderr).toMatch(/^error: .*\(NOT_FOUND, HTTP 404\)/);
      expect(missing.stdout + missing.stderr).not.toContain('\u001b[');
    });

    it('search answers both kinds and catalogs with counts; show, follow and deploy take an id or a slug of either kind and say what they found', async () => {
      const vendorRulesets = await cli(['--json', 'search', '--kind', 'ruleset', '--catalog', 'vendor']);
      expect(vendorRulesets.code).toBe(0);
      const found = JSON.parse(vendorRulesets.stdout) as {
        items: Array<{ kind: string; catalog: string }>;
        facets: { kinds: { policy: number } };
      };
      expect(found.items.length).toBeGreaterThan(0);
      expect(found.items.every((i) => i.kind === 'ruleset' && i.catalog === 'vendor')).toBe(true);
      expect(found.facets.kinds.policy).toBeGreaterThan(0);
      const table = await cli(['search', 'spike']);
      expect(table.stdout).toMatch(/^1 found: 1 policy, 0 rulesets; 0 community, 1 vendor$/m);
      expect(table.stdout).toMatch(/^ID OR SLUG +KIND +CATALOG +NAME +CATEGORY +LIKES +DEPLOYS$/m);
      expect(table.stdout).toMatch(
        /^spike-control +policy +vendor +Spike Control +Quality of service +- +-$/m,
      );
      const unknownSort = await cli(['search', '--sort', 'popular']);
      expect(unknownSort.code).not.toBe(0);
      expect(unknownSort.stderr).toMatch(/--sort.*popular.*name, likes, deploys, newest/s);

      // A community policy whose slug is a vendor policy's: found as the community one unless --vendor.
      const { webUrl } = await world.control.createRepository({
        owner: 'community',
        name: `spike-${Date.now()}`,
        files: {
          'definition/gcl.yaml':
            'apiVersion: gateway.vendor/v1alpha1\nkind: Extension\nmetadata:\n  name: spike\n  labels:\n' +
            '    title: Spike Control\n    category: Security\nspec:\n  properties: {}\n',
          'Cargo.toml': '[package]\nname = "spike"\nversion = "1.0.0"\n\n[dependencies]\npdk = "1.4.0"\n',
          'src/lib.rs': '// the filter\n',
        },
      });
      const submitted = await world.http.post<{ submission: { policyId: string } }>(
        '/api/submissions',
        { name: 'Spike Control', description: 'Our own spike control.', sourceHostUrl: webUrl },
        { token: user.token },
      );
      expect(submitted.status).toBe(201);
      const community = await cli(['policies', 'show', 'spike-control']);
      expect(community.stdout).toMatch(/^found +community policy$/m);
      expect(community.stdout).toContain(`id              ${submitted.body.submission.policyId}`);
      const vendor = await cli(['policies', 'show', 'spike-control', '--vendor']);
      expect(vendor.stdout).toMatch(/^found +vendor policy$/m);
      const raw = await cli(['--json', 'show', 'spike-control', '--vendor']);
      expect(JSON.parse(raw.stdout)).toMatchObject({
        kind: 'policy',
        catalog: 'vendor',
        policy: { slug: 'spike-control' },
      });

      // A community ruleset by the slug of its name, with `rulesets show`, `show`, `follow` and `deploy`.
      const ruleset = await world.newDeployableRuleset(user);
      const { name } = (
        await world.http.get<{ ruleset: { name: string } }>(`/api/rulesets/${ruleset.id}`, {
          token: user.token,
        })
      ).body.ruleset;
      const slug = name
        .toLowerCase()
        .match(/[a-z0-9]+/g)!
        .join('-');
      const newest = await cli(['--json', 'search', '--sort', 'newest', '--kind', 'ruleset', '--limit', '1']);
      expect(JSON.parse(newest.stdout).items).toEqual([expect.objectContaining({ id: ruleset.id })]);
      const shown = await cli(['rulesets', 'show', slug]);
      expect(shown.code).toBe(0);
      expect(shown.stdout).toMatch(/^found +community ruleset$/m);
      expect(shown.stdout).toContain(`id              ${ruleset.id}`);
      const either = await cli(['--json', 'show', slug]);
      expect(JSON.parse(either.stdout)).toMatchObject({
        kind: 'ruleset',
        catalog: 'community',
        ruleset: { id: ruleset.id },
      });
      const followed = await cli(['follow', slug]);
      expect(followed.stdout).toBe(`Following community ruleset “${name}” (${ruleset.id}).\n`);
      const planned = await cli([
        'deploy',
        slug,
        '--target',
        tenant.paymentsId,
        '--workspace',
        workspaceId,
        '--publish',
      ]);
      expect(planned.stdout).toContain(`Found community ruleset “${name}” (${ruleset.id}).`);
      expect(planned.stdout).toContain(`deploy   ruleset ${ruleset.id}`);
      expect(planned.code).toBe(2);
      const unknown = await cli(['show', 'no-such-listing-anywhere']);
      expect(unknown.code).toBe(3);
      expect(unknown.stderr).toContain('no policy or ruleset has the id or slug no-such-listing-anywhere');
    });

    it('submit prints the findings with file and line and exits 1 for a failing repository; submits a good one', async () => {
      const { webUrl: broken } = await world.control.createRepository({
        owner: 'governance',
        name: `broken-rules-${randomUUID().slice(0, 8)}`,
        files: {
          'ruleset.yaml':
            '#%Validation Profile 1.0\nprofile: Broken\nviolation:\n  - no-such-rule\nvalidations:\n  only-target:\n    message: m\n    targetClass: apiContract.Operation\n',
        },
      });
      const failed = await cli([
        'submit',
        broken,
        '--ruleset',
        '--name',
        'Broken rules',
        '--description',
        'A profile the engine refuses.',
      ]);
      expect(failed.code).toBe(1);
      expect(failed.stdout).toMatch(/^error {4}ruleset\.yaml:\d+/m);
      expect(failed.stdout).toContain('Validation failed');
      expect(failed.stderr).toContain('did not pass validation');

      const { webUrl: badPolicy } = await world.control.createRepository({
        owner: 'community',
        name: `bad-policy-${randomUUID().slice(0, 8)}`,
        files: {
          'definition/gcl.yaml': 'apiVersion: v1\nkind: Extension\nmetadata:\n  name: x\n',
          'Cargo.toml': '[package]\nname = "x"\nversion = "one"\n',
          'src/lib.rs': '',
        },
      });
      const policy = await cli(['--json', 'submit', badPolicy, '--validate-only']);
      expect(policy.code).toBe(1);
      expect(JSON.parse(policy.stdout).validation.errors).toContain(
        'Cargo.toml: version one is not MAJOR.MINOR.PATCH',
      );

      const { webUrl: good } = await world.control.createRepository({
        owner: 'governance',
        name: `good-rules-${randomUUID().slice(0, 8)}`,
        files: { 'ruleset.yaml': OPERATION_IDS },
      });
      const ok = await cli([
        'submit',
        good,
        '--ruleset',
        '--name',
        `Operation ids ${randomUUID().slice(0, 6)}`,
        '--description',
        'Every operation has an operationId.',
      ]);
      expect(ok.stderr).toBe(
        `Validating the ruleset repository ${good}...\nSubmitting ${ok.stdout.match(/Submitted "([^"]+)"/)?.[1]}...\n`,
      );
      expect(ok.code).toBe(0);
      const id = /submission ([0-9a-f-]{36})/.exec(ok.stdout)![1];
      const status = await cli(['submissions', 'status', id, '--ruleset']);
      expect(status.stdout).toMatch(/: submitted$/m);
      const list = await cli(['--json', 'submissions', 'status']);
      expect(JSON.parse(list.stdout).rulesets.map((s: { id: string }) => s.id)).toContain(id);
    });

    it('submit --ref validates the ref it submits, not the default branch: a good ref on a broken default branch is submitted, a broken ref on a good one refused (exit 1)', async () => {
      const good = {
        'definition/gcl.yaml':
          'apiVersion: gateway.vendor/v1alpha1\nkind: Extension\nmetadata:\n  name: ref-guard\n  labels:\n' +
          '    title: Ref Guard\n    category: Security\nspec:\n  properties: {}\n',
        'Cargo.toml': '[package]\nname = "ref_guard"\nversion = "1.0.0"\n\n[dependencies]\npdk = "1.4.0"\n',
        'src/lib.rs': '// the filter\n',
      };
      const broken = { ...good, 'Cargo.toml': '[package]\nname = "ref_guard"\nversion = "one"\n' };
      const { webUrl: releasedOnBranch } = await world.control.createRepository({
        owner: 'community',
        name: `ref-guard-${randomUUID().slice(0, 8)}`,
        files: broken,
        branches: { release: good },
      });
      const submitted = await cli([
        '--json',
        'submit',
        releasedOnBranch,
        '--ref',
        'release',
        '--name',
        `Ref Guard ${randomUUID().slice(0, 6)}`,
        '--description',
        'Submitted from its release branch.',
      ]);
      expect({ code: submitted.code, stderr: submitted.stderr }).toEqual({ code: 0, stderr: '' });
      const answer = JSON.parse(submitted.stdout) as {
        validation: { ok: boolean; ref: string };
        submission: { sourceRef: string };
      };
      expect(answer.validation).toMatchObject({ ok: true, ref: 'release' });
      expect(answer.submission.sourceRef).toBe('release');

      const { webUrl: brokenOnBranch } = await world.control.createRepository({
        owner: 'community',
        name: `ref-guard-${randomUUID().slice(0, 8)}`,
        files: good,
        branches: { wip: broken },
      });
      const refused = await cli(['--json', 'submit', brokenOnBranch, '--ref', 'wip', '--validate-only']);
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stdout).validation).toMatchObject({
        ok: false,
        ref: 'wip',
        errors: expect.arrayContaining(['Cargo.toml: version one is not MAJOR.MINOR.PATCH']),
      });
    });

    it('deploy shows the API’s plan (its dry run) and applies it with --yes, following the log to the end (exit 0); a failing build and a refused target exit 1; no --yes without a TTY exits 2', async () => {
      const { id: policyId } = await world.newDeployablePolicy(user, {
        broken: { 'Cargo.toml': '[package]\nname = "x"\nversion = "one"\n' },
      });
      const target = ['--target', tenant.paymentsId, '--workspace', workspaceId];
      // A first deploy needs a build: without --publish or --release the plan says the registry holds
      // none, and nothing is applied (exit 1, before any question).
      const unbuilt = await cli(['deploy', policyId, ...target]);
      expect(unbuilt.code).toBe(1);
      expect(unbuilt.stdout).toMatch(
        new RegExp(`${tenant.paymentsId}\\)?: error +.*no published build or release on the registry yet`),
      );
      const refused = await cli(['deploy', policyId, ...target, '--publish']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('pass --yes');
      // The plan is the API's: per target what apply would do, nothing written.
      expect(refused.stdout).toMatch(new RegExp(`${tenant.paymentsId}\\)?: create `));
      const planned = [];
      for await (const d of sdk.items('Deployments_list', { params: { query: { policyId } } }))
        planned.push(d);
      expect(planned).toEqual([]);

      const ok = await cli(['deploy', policyId, ...target, '--publish', '--yes']);
      expect(ok.stdout).toContain('  mode     publish');
      expect(ok.stdout).toMatch(/ info {2}Applied /);
      expect(ok.stdout).toMatch(/^succeeded$/m);
      expect(ok.code).toBe(0);
      const deploymentId = /deployment ([0-9a-f-]{36})/.exec(ok.stdout)![1];

      // A target the connection cannot deploy to is the plan's error and is not applied; the rest is (a
      // dev build of the ref, which fails).
      const failed = await cli([
        'deploy',
        policyId,
        '--target',
        tenant.paymentsId,
        tenant.archiveId,
        '--workspace',
        workspaceId,
        '--ref',
        'broken',
        '--publish',
        '--yes',
      ]);
      expect(failed.stdout).toContain('at broken (a dev build');
      expect(failed.stdout).toMatch(new RegExp(`${tenant.paymentsId}\\)?: update `));
      expect(failed.stdout).toMatch(new RegExp(`${tenant.archiveId}\\)?: error +.*cannot deploy`));
      expect(failed.stdout).toMatch(/^failed: .*not MAJOR\.MINOR\.PATCH/m);
      expect(failed.stdout).toContain('2 of 2 target(s) did not succeed.');
      expect(failed.code).toBe(1);

      const logs = await cli(['--json', 'deployments', 'logs', deploymentId, '--follow']);
      expect(logs.code).toBe(0);
      const lines = logs.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; status?: string });
      expect(lines[lines.length - 1]).toMatchObject({
        type: 'end',
        status: 'succeeded',
        deployment_id: deploymentId,
      });
      expect(lines.filter((l) => l.type === 'log').length).toBeGreaterThan(3);
    });

    it('rollouts start a roll-out in steps; the SDK follows its events live across a cut connection (Last-Event-ID) while `rollouts follow` prints them to the end (exit 0)', async () => {
      const ruleset = await world.newDeployableRuleset(user);
      const started = await cli([
        '--json',
        'rollouts',
        'start',
        ruleset.id,
        '--ruleset',
        '--step',
        tenant.paymentsId,
        '--step',
        tenant.cardsId,
        '--version',
        '1.0.0',
        '--release',
        '--workspace',
        workspaceId,
        '--no-follow',
      ]);
      expect(started.code).toBe(0);
      const { rollout } = JSON.parse(started.stdout) as { rollout: { id: string; status: string } };
      expect(rollout.status).toBe('running');

      // Two events pass, then the connection breaks: the SDK resumes after the second.
      const cutting = new PolicyCatalog({
        baseUrl: world.system.url!,
        token: user.readToken,
        fetch: cuttingFetch('/events', 'rollout', 2),
      });
      const reconnects: Array<string | undefined> = [];
      const live: RolloutStreamEvent[] = [];
      const [follow] = await Promise.all([
        cli(['rollouts', 'follow', rollout.id]),
        (async () => {
          for await (const e of cutting.followRollout(rollout.id, {
            onReconnect: (_, last) => reconnects.push(last),
          }))
            live.push(e);
        })(),
      ]);
      const whole: RolloutStreamEvent[] = [];
      for await (const e of sdk.followRollout(rollout.id)) whole.push(e);
      const ids = (events: RolloutStreamEvent[]) =>
        events.flatMap((e) => (e.type === 'rollout' ? [e.id] : []));
      expect(ids(whole)).toEqual(ids(whole).map((_, i) => String(i + 1)));
      expect(reconnects).toEqual(['2']);
      expect(ids(live)).toEqual(ids(whole));
      expect(live.at(-1)).toEqual({
        type: 'end',
        end: { rollout_id: rollout.id, status: 'completed', halt_reason: null },
      });
      const organizations = whole.flatMap((e) =>
        e.type === 'rollout' && e.event.type === 'organization'
          ? [[e.event.organization_id, e.event.state]]
          : [],
      );
      expect(organizations).toContainEqual([tenant.paymentsId, 'healthy']);
      expect(organizations).toContainEqual([tenant.cardsId, 'healthy']);

      expect(follow.code).toBe(0);
      expect(follow.stdout).toMatch(/^completed$/m);
      const show = await cli(['rollouts', 'show', rollout.id]);
      expect(show.stdout).toContain('  status   completed');
      expect(show.stdout).toMatch(/^ {2}step 2 {3}done$/m);
      const late = await cli(['rollouts', 'pause', rollout.id]);
      expect(late.code).toBe(3);
      expect(late.stderr).toMatch(/HTTP 409/);
    });

    it.each([
      // Each engine's own column: AMF the operation's key, Spectral its value (as Spectral's CLI says).
      ['an AMF profile', { files: { 'ruleset.yaml': OPERATION_IDS } }, 5],
      [
        'a Spectral ruleset',
        { files: { '.spectral.yaml': SPECTRAL_OPERATION_IDS }, main: '.spectral.yaml' },
        10,
      ],
    ])(
      'evaluate against %s with a read-only token writes JUnit XML and SARIF that validate against their schemas, and exits 1 on violations',
      async (_, ruleset, column) => {
        const { id: rulesetId } = await world.newDeployableRuleset(user, ruleset);
        const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-eval-'));
        try {
          // Reports name the file by the path given, relative to the working directory (code scanning's).
          mkdirSync(path.join(dir, 'api'));
          writeFileSync(path.join(dir, 'api', 'petstore.yaml'), OAS3);
          const spec = 'api/petstore.yaml';
          // An evaluation changes nothing: a token with api:read alone may run it (a pipeline's token).
          const read = { token: user.readToken, cwd: dir };
          const junit = await cli(
            [
              'evaluate',
              spec,
              '--ruleset',
              rulesetId,
              '--format',
              'junit',
              '-o',
              path.join(dir, 'report.xml'),
            ],
            read,
          );
          expect(junit.stderr).toContain('Failed: 1 violation(s)');
          expect(junit.code).toBe(1);
          const xml = readFileSync(path.join(dir, 'report.xml'), 'utf8');
          expect(await junitProblems(xml)).toEqual([]);
          expect(xml).toContain(`<testcase name="operation-id-required api/petstore.yaml:13:${column}"`);

          const sarif = await cli(['evaluate', spec, '-r', rulesetId, '--format', 'sarif'], read);
          expect(sarif.code).toBe(1);
          const log = JSON.parse(sarif.stdout);
          expect(sarifProblems(log)).toEqual([]);
          const own = (log.runs[0].results as Array<{ ruleId: string }>).filter(
            (result) => result.ruleId === `${rulesetId}/operation-id-required`,
          );
          expect(own).toHaveLength(1);
          expect(own[0]).toMatchObject({
            ruleId: `${rulesetId}/operation-id-required`,
            level: 'error',
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: 'api/petstore.yaml' },
                  region: { startLine: 13, startColumn: column },
                },
              },
            ],
          });

          const text = await cli(['evaluate', spec, '-r', rulesetId, '--fail-on', 'none'], read);
          expect(text.code).toBe(0);
          expect(text.stdout).toContain(
            `  api/petstore.yaml:13:${column}  violation  operation-id-required  Every operation needs an operationId.`,
          );

          // What changes something still needs api:write.
          const write = await cli(['rollouts', 'pause', randomUUID()], read);
          expect([write.code, write.stderr]).toEqual([
            3,
            expect.stringContaining('lacks the api:write scope'),
          ]);

          writeFileSync(path.join(dir, spec), 'openapi: [unclosed');
          const unparsable = await cli(['evaluate', spec, '-r', rulesetId], { cwd: dir });
          expect(unparsable.code).toBe(1);
          expect(unparsable.stderr).toMatch(/ api\/petstore\.yaml:\d+/);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    );

    it('has --help on every command, shell completion, and colours only when asked on a non-TTY', async () => {
      // The command a clone runs (`npx policy-catalog`): the sources, through SWC.
      const help = await cli(['deployments', 'logs', '--help'], { sources: true });
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('--follow');
      const bad = await cli(['policies', 'search', '--limit', 'many']);
      expect(bad.code).toBe(2);
      const script = await cli(['completion', 'bash']);
      const completed = await runCommand(
        'bash',
        [
          '-c',
          `${script.stdout}\nCOMP_WORDS=(policy-catalog deployments lo); COMP_CWORD=2; _policy_catalog; echo "\${COMPREPLY[@]}"`,
        ],
        { cwd: os.tmpdir(), env: {} },
      );
      expect(completed.stdout.trim()).toBe('logs');
      const forced = await cli(['policies', 'show', randomUUID()], { env: { FORCE_COLOR: '1' } });
      expect(forced.stderr).toContain('\u001b[31merror');
      const noColor = await cli(['policies', 'show', randomUUID()], {
        env: { FORCE_COLOR: '1', NO_COLOR: '1' },
      });
      expect(noColor.stderr).not.toContain('\u001b[');
    });
  });
});
