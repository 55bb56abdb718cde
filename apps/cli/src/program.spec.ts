import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { CliEnv } from './cli.env';
import { run } from './program';
import { VERSION } from './version';

describe('the command line', () => {
  let env: CliEnv;
  let out: string;
  let err: string;
  beforeEach(() => {
    env = {
      url: 'http://127.0.0.1:9',
      token: 'pcat_unused',
      configDir: mkdtempSync(path.join(os.tmpdir(), 'pc-cli-program-')),
      noColor: true,
      forceColor: false,
      dumbTerminal: true,
    };
    out = '';
    err = '';
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((err += String(chunk)), true));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(env.configDir, { recursive: true, force: true });
  });
  const cli = (...args: string[]) => run(['node', 'policy-catalog', ...args], env);

  /**
   * A stand-in of the API answering with `handle` (given the request's URL), for the describe block that
   * calls it: it listens from beforeAll to afterAll, the CLI is pointed at it before each test, and
   * `requests` holds what it was asked during the test (`GET /api/...?...`).
   */
  const standInApi = (handle: (url: URL, res: ServerResponse, req: IncomingMessage) => void) => {
    const requests: string[] = [];
    const server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://api');
      requests.push(`${req.method} ${url.pathname}${url.search}`);
      handle(url, res, req);
    });
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });
    beforeEach(() => {
      requests.splice(0);
      env.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    return { server, requests };
  };

  it('prints its version with --version alone', async () => {
    expect(await run(['node', 'policy-catalog', '--version'], env)).toBe(0);
    expect(out).toBe(`${VERSION}\n`);
  });

  it('gives --version to the command named: deploy --version 1.2.0 deploys, it does not print the CLI’s version and exit 0', async () => {
    const deploy = [
      'deploy',
      '00000000-0000-4000-8000-000000000000',
      '--target',
      'org',
      '--version',
      '1.2.0',
    ];
    expect(await run(['node', 'policy-catalog', '--url', env.url!, ...deploy], env)).toBe(3);
    expect(out).not.toContain(VERSION);
    expect(err).toContain('could not be reached');
  });

  it('answers a mistyped command or a missing option in two lines that fit a terminal, naming the --help to read (exit 2)', async () => {
    expect(await cli('frobnicate')).toBe(2);
    expect(err.trim().split('\n')).toEqual([
      "error: unknown command 'frobnicate'",
      '(see `policy-catalog --help`)',
    ]);
    err = '';
    expect(await cli('deploy', 'header-injection')).toBe(2);
    expect(err.trim().split('\n')).toEqual([
      "error: required option '--target <org-id-or-name...>' not specified",
      '(see `policy-catalog deploy --help`)',
    ]);
    expect(out).toBe('');
  });

  it('says in deploy --help that a version not yet in the registry needs --release or --publish', async () => {
    expect(await cli('deploy', '--help')).toBe(0);
    const help = out.replace(/\s+/g, ' ');
    expect(help).toContain(
      '--publish publish a MAJOR.MINOR.PATCH-dev.<timestamp> version to the registry first',
    );
    expect(help).toContain(
      '--release publish the plain version and its home page to the registry first (without it or --publish, the version must be there already: a first deploy needs one of them)',
    );
  });

  it('says how to give a token when login reads none from a pipe or a closed standard input (exit 2)', async () => {
    jest.spyOn(process, 'stdin', 'get').mockReturnValue(Readable.from([]) as unknown as typeof process.stdin);
    expect(await cli('login')).toBe(2);
    expect(err).toBe(
      'error: no token on standard input: pipe one (`policy-catalog login --token-stdin < token-file`), or run login in a terminal to paste it; the dashboard (Tokens) makes one\n',
    );
  });

  describe('lists what deploy needs (against a stand-in of the API)', () => {
    const PROD = '11111111-1111-4111-8111-111111111111';
    const DEV = '22222222-2222-4222-8222-222222222222';
    const connection = (id: string, name: string) => ({
      id,
      name,
      host: 'eu',
      custom_domain: null,
      client_id: 'client',
      organization_id: 'root-1',
      owner_id: '33333333-3333-4333-8333-333333333333',
      validated_at: '2026-12-01T10:00:00.000Z',
      validation_error: null,
      created_at: '2026-12-01T10:00:00.000Z',
      updated_at: '2026-12-01T10:00:00.000Z',
    });
    const orgs = [
      { id: 'root-1', name: 'Acme', isPrimary: true, fullPath: 'Acme' },
      { id: 'pay-1', name: 'Payments', isPrimary: false, fullPath: 'Acme / Payments' },
      { id: 'eu-pay', name: 'Payments', isPrimary: false, fullPath: 'Acme / EU / Payments' },
    ];
    const deployment = (n: number) => ({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      asset_type: 'ruleset',
      asset_name: `Rules ${n}`,
      platform_org_id: 'pay-1',
      platform_org_name: 'Payments',
      version: '1.0.0',
      requested_version: null,
      status: 'succeeded',
      created_at: '2026-12-02T09:30:00.000Z',
    });
    const listed = (n: number) => ({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      name: `Item ${n}`,
      category: 'security',
    });
    const { server, requests } = standInApi((url, res) => {
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const body =
        url.pathname === '/api/connections'
          ? { connections: [connection(PROD, 'Acme prod'), connection(DEV, 'Acme dev')] }
          : url.pathname === `/api/connections/${DEV}/orgs`
            ? { orgs, truncated: false }
            : url.pathname === `/api/connections/${PROD}/orgs`
              ? { orgs: orgs.slice(0, 2), truncated: true }
              : url.pathname === '/api/deployments'
                ? {
                    deployments: Array.from({ length: limit }, (_, i) => deployment(i + 1)),
                    // Policies' deployments are all there are; rulesets' go on.
                    pagination: {
                      limit,
                      next_cursor: 'next',
                      has_more: url.searchParams.get('assetType') !== 'policy',
                    },
                  }
                : url.pathname === '/api/rollouts'
                  ? url.searchParams.get('cursor') === 'r2'
                    ? {
                        rollouts: [
                          {
                            id: '66666666-6666-4666-8666-666666666666',
                            asset_type: 'ruleset',
                            asset_name: 'Older Rules',
                            requested_version: '0.9.0',
                            status: 'completed',
                            current_step: 0,
                            steps: [{}],
                            created_at: '2026-12-01T08:00:00.000Z',
                          },
                        ],
                        hasMore: false,
                        nextCursor: null,
                      }
                    : {
                        rollouts: [
                          {
                            id: '44444444-4444-4444-8444-444444444444',
                            asset_type: 'policy',
                            asset_name: 'Rate Guard',
                            requested_version: '1.4.0',
                            status: 'halted',
                            current_step: 1,
                            steps: [{}, {}, {}],
                            created_at: '2026-12-03T08:00:00.000Z',
                          },
                        ],
                        hasMore: true,
                        nextCursor: 'r2',
                      }
                  : url.pathname === '/api/policies'
                    ? {
                        policies: [1, 2].map((n) => ({
                          ...listed(n),
                          version: '1.0.0',
                          status: 'published',
                        })),
                        hasMore: false,
                        nextCursor: null,
                      }
                    : url.pathname === '/api/rulesets'
                      ? {
                          rulesets: [1, 2].map((n) => ({
                            ...listed(n),
                            target_scopes: ['rest-api'],
                            lifecycle_status: 'published',
                          })),
                          hasMore: false,
                          nextCursor: null,
                        }
                      : url.pathname === '/api/workspaces'
                        ? {
                            memberships: [
                              { workspace: { id: PROD, name: 'Mine', slug: 'mine', is_personal: true } },
                            ],
                          }
                        : null;
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { code: 'NOT_FOUND', message: 'no such route' }));
    });

    it('lists connections as a table, and as JSON with --json', async () => {
      expect(await cli('connections', 'list')).toBe(0);
      expect(out).toMatch(/^ID +NAME +HOST +ORGANIZATION +CHECKED$/m);
      expect(out).toMatch(new RegExp(`^${PROD}  Acme prod  eu +root-1 +2026-12-01 10:00$`, 'm'));
      out = '';
      expect(await cli('--json', 'connections', 'list')).toBe(0);
      expect((JSON.parse(out) as { connections: unknown[] }).connections).toHaveLength(2);
    });

    it('lists a connection’s organizations by the connection’s name (any case); an unknown name exits 2', async () => {
      expect(await cli('organizations', 'list', '--connection', 'acme DEV')).toBe(0);
      expect(requests).toContain(`GET /api/connections/${DEV}/orgs`);
      expect(out).toMatch(/^pay-1 +Payments +Acme \/ Payments$/m);
      expect(out).toMatch(/^root-1 +Acme +Acme +yes$/m);
      expect(await cli('organizations', 'list', '--connection', 'staging')).toBe(2);
      expect(err).toContain('no connection "staging" of yours');
      expect(await cli('organizations', 'list')).toBe(2);
      expect(err).toContain('name the connection with --connection (you have 2');
    });

    it('says on stderr when the API cut a connection’s organizations, and keeps truncated in --json', async () => {
      expect(await cli('organizations', 'list', '--connection', 'Acme prod')).toBe(0);
      expect(out).toMatch(/^pay-1 +Payments +Acme \/ Payments$/m);
      expect(out).not.toContain('cut');
      expect(err).toBe(
        'The list was cut at 2 organizations: the connection reaches more than the API lists.\n',
      );
      out = '';
      err = '';
      expect(await cli('--json', 'organizations', 'list', '--connection', 'Acme prod')).toBe(0);
      expect(JSON.parse(out)).toMatchObject({ orgs: [{ id: 'root-1' }, { id: 'pay-1' }], truncated: true });
      expect(err).toBe('');
      out = '';
      expect(await cli('organizations', 'list', '--connection', 'Acme dev')).toBe(0);
      expect(out).toMatch(/^eu-pay /m);
      expect(err).toBe('');
    });

    it('lists deployments up to --limit, of one asset type, and says when there are more', async () => {
      expect(await cli('deployments', 'list', '--asset-type', 'ruleset', '--limit', '3')).toBe(0);
      expect(requests).toEqual(['GET /api/deployments?assetType=ruleset&limit=3']);
      expect(out.trim().split('\n')).toHaveLength(4);
      expect(out).toMatch(
        /^00000000-0000-4000-8000-000000000001 {2}ruleset Rules 1 {2}Payments +1\.0\.0 +succeeded +2026-12-02 09:30$/m,
      );
      expect(err).toContain('More deployments exist: raise --limit');
      expect(await cli('deployments', 'list', '--limit', '1001')).toBe(2);
      expect(await cli('deployments', 'list', '--asset-type', 'flow')).toBe(2);
    });

    it('takes --kind for the asset type, as search, show and follow spell it; --asset-type still works, out of the help', async () => {
      expect(await cli('deployments', 'list', '--kind', 'policy', '--limit', '2')).toBe(0);
      expect(await cli('deployments', 'list', '--asset-type', 'policy', '--limit', '2')).toBe(0);
      expect(requests).toEqual([
        'GET /api/deployments?assetType=policy&limit=2',
        'GET /api/deployments?assetType=policy&limit=2',
      ]);
      expect(await cli('deployments', 'list', '--kind', 'flow')).toBe(2);
      out = '';
      expect(await cli('deployments', 'list', '--help')).toBe(0);
      expect(out).toContain('--kind <kind>');
      expect(out).not.toContain('--asset-type');
    });

    it('lists roll-outs with their status and the step reached, page after page up to --limit', async () => {
      expect(await cli('rollouts', 'list')).toBe(0);
      expect(requests).toEqual(['GET /api/rollouts?limit=20', 'GET /api/rollouts?limit=20&cursor=r2']);
      expect(out).toMatch(
        /^44444444-4444-4444-8444-444444444444 {2}policy Rate Guard +1\.4\.0 +halted +2\/3 +2026-12-03 08:00$/m,
      );
      expect(out).toMatch(
        /^66666666-6666-4666-8666-666666666666 {2}ruleset Older Rules {2}0\.9\.0 +completed +1\/1 +2026-12-01 08:00$/m,
      );
      expect(err).toBe('');
      out = '';
      expect(await cli('rollouts', 'list', '--limit', '1')).toBe(0);
      expect(out).not.toContain('Older Rules');
      expect(err).toContain('More roll-outs exist: raise --limit');
      expect(await cli('rollouts', 'list', '--limit', '1001')).toBe(2);
    });

    it('says hasMore with --json on every list of a page, and the deprecated more where it said it before', async () => {
      const json = async (...args: string[]) => {
        out = '';
        expect([args, await cli('--json', ...args)]).toEqual([args, 0]);
        return JSON.parse(out) as Record<string, unknown>;
      };
      // Cut at --limit, or the API's last page.
      for (const [args, hasMore] of [
        [['deployments', 'list', '--limit', '2'], true],
        [['deployments', 'list', '--asset-type', 'policy', '--limit', '2'], false],
        [['rollouts', 'list', '--limit', '1'], true],
        [['rollouts', 'list'], false],
      ] as const) {
        const page = await json(...args);
        expect([args, page.hasMore, page.more]).toEqual([args, hasMore, hasMore]);
      }
      for (const [args, hasMore] of [
        [['policies', 'search', '--limit', '1'], true],
        [['policies', 'search', '--limit', '5'], false],
        [['rulesets', 'search', '--limit', '1'], true],
        [['rulesets', 'search', '--limit', '5'], false],
      ] as const) {
        const page = await json(...args);
        expect([args, page.hasMore, 'more' in page]).toEqual([args, hasMore, false]);
      }
      // The help says which to read.
      for (const list of ['deployments', 'rollouts']) {
        out = '';
        expect(await cli(list, 'list', '--help')).toBe(0);
        expect(out).toContain(`With --json: {"${list}": [...], "hasMore": true|false}`);
        expect(out).toContain('"more" is deprecated: the same as hasMore');
      }
    });

    it('refuses a roll-out whose --bake, --health-timeout or --step-sizes is not a number with exit 2, asking nothing', async () => {
      const start = ['rollouts', 'start', '55555555-5555-4555-8555-555555555555', '--connection', DEV];
      const refused: Array<[string[], string]> = [
        [['--step', 'pay-1', '--bake', 'soon'], 'not a whole number: soon'],
        [['--step', 'pay-1', '--bake', '-5'], 'not a whole number: -5'],
        [['--step', 'pay-1', '--health-timeout', '1.5'], 'not a positive whole number: 1.5'],
        [['--target', 'pay-1', 'eu-pay', '--step-sizes', '1,two,rest'], 'not a step size: two'],
      ];
      for (const [options, message] of refused) {
        err = '';
        expect([options, await cli(...start, ...options)]).toEqual([options, 2]);
        expect(err).toContain(message);
      }
      expect(requests).toEqual([]);
    });

    it('refuses a deploy target that names two organizations, or none, with exit 2 before planning', async () => {
      const deploy = ['deploy', '55555555-5555-4555-8555-555555555555', '--ruleset', '--connection', DEV];
      const ruleset = { id: '55555555-5555-4555-8555-555555555555', name: 'Rules' };
      server.removeAllListeners('request');
      server.on('request', (req, res) => {
        const url = new URL(req.url!, 'http://api');
        requests.push(`${req.method} ${url.pathname}`);
        const body =
          url.pathname === '/api/rulesets/55555555-5555-4555-8555-555555555555'
            ? { ruleset }
            : url.pathname === '/api/connections'
              ? { connections: [connection(DEV, 'Acme dev')] }
              : url.pathname === `/api/connections/${DEV}/orgs`
                ? { orgs }
                : {
                    memberships: [{ workspace: { id: PROD, name: 'Mine', slug: 'mine', is_personal: true } }],
                  };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
      expect(await cli(...deploy, '--target', 'Acme', 'Payments', '--yes')).toBe(2);
      expect(err).toContain('"Payments" names 2 organizations: give one id (pay-1: Acme / Payments');
      expect(await cli(...deploy, '--target', 'Billing', '--yes')).toBe(2);
      expect(err).toContain('no organization "Billing" in the connection "Acme dev"');
      expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
    });

    it('deploys to a target past the end of a cut organization list, by its id, saying it was not listed', async () => {
      const ruleset = { id: '55555555-5555-4555-8555-555555555555', name: 'Rules' };
      const past = 'team-1200';
      const bodies: Array<{ dryRun?: boolean; targetOrganizationIds: string[] }> = [];
      server.removeAllListeners('request');
      server.on('request', (req, res) => {
        const url = new URL(req.url!, 'http://api');
        let text = '';
        req.on('data', (chunk: Buffer) => (text += chunk.toString()));
        req.on('end', () => {
          const reply = (status: number, body: unknown) => {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(body));
          };
          if (url.pathname === `/api/rulesets/${ruleset.id}`) return reply(200, { ruleset });
          if (url.pathname === '/api/connections')
            return reply(200, { connections: [connection(PROD, 'Acme prod')] });
          if (url.pathname === `/api/connections/${PROD}/orgs`) return reply(200, { orgs, truncated: true });
          if (url.pathname === '/api/workspaces')
            return reply(200, {
              memberships: [{ workspace: { id: PROD, name: 'Mine', slug: 'mine', is_personal: true } }],
            });
          const body = JSON.parse(text) as { dryRun?: boolean; targetOrganizationIds: string[] };
          bodies.push(body);
          const target = { organizationId: past, organizationName: 'Team 1200' };
          if (body.dryRun)
            return reply(200, {
              dryRun: true,
              assetId: 'rules',
              targets: [{ ...target, action: 'create', from: null, to: '1.0.0', error: null }],
            });
          return reply(201, {
            status: 201,
            results: [
              {
                ...target,
                ok: true,
                error: null,
                deployment: { id: '66666666-6666-4666-8666-666666666666', status: 'queued', deduped: false },
              },
            ],
          });
        });
      });
      const deploy = ['deploy', ruleset.id, '--ruleset', '--connection', PROD, '--yes', '--no-follow'];
      expect(await cli(...deploy, '--target', past)).toBe(0);
      expect(bodies.map((b) => b.targetOrganizationIds)).toEqual([[past], [past]]);
      expect(err).toContain(
        `Not among the organizations listed for "Acme prod" (the API cut the list): ${past}, passed on as id(s) for the API to check.`,
      );
      expect(out).toContain('Team 1200: deployment 66666666-6666-4666-8666-666666666666 queued');
    });
  });

  describe('search --json (against a stand-in of GET /api/search)', () => {
    /** 250 items; a page's cursor is the position after its last item, as the API's keyset cursor is. */
    const TOTAL = 250;
    const { requests } = standInApi((url, res) => {
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const end = Math.min(TOTAL, start + limit);
      const items = Array.from({ length: end - start }, (_, i) => ({
        kind: 'policy',
        catalog: 'vendor',
        id: null,
        slug: `item-${start + i}`,
        name: `Item ${start + i}`,
        summary: '',
        category: null,
        counts: null,
        // The caller's own drafts: item-3 waits for review, item-4 was sent back.
        published: ![3, 4].includes(start + i),
        status:
          ({ 3: 'under_review', 4: 'needs_improvement' } as Record<number, string>)[start + i] ?? 'published',
      }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          items,
          match: null,
          total: TOTAL,
          facets: {
            kinds: { policy: TOTAL, ruleset: 0 },
            catalogs: { community: 0, vendor: TOTAL },
            categories: [],
          },
          countsCapped: false,
          hasMore: end < TOTAL,
          nextCursor: end < TOTAL ? String(end) : null,
        }),
      );
    });
    const search = async (...args: string[]) => {
      expect(await run(['node', 'policy-catalog', '--json', 'search', ...args], env)).toBe(0);
      return JSON.parse(out) as {
        items: Array<{ slug: string }>;
        hasMore: boolean;
        nextCursor: string | null;
      };
    };

    it('answers a cursor that resumes right after the last item printed, when --limit spans pages and cuts one', async () => {
      const found = await search('--limit', '150');
      expect(requests).toEqual([
        'GET /api/search?sort=name&limit=100',
        'GET /api/search?sort=name&limit=50&cursor=100',
      ]);
      expect(found.items.map((item) => item.slug)).toEqual(
        Array.from({ length: 150 }, (_, i) => `item-${i}`),
      );
      expect(found).toMatchObject({ hasMore: true, nextCursor: '150' });
    });

    it('resumes from --cursor: the items after it, and the cursor after them', async () => {
      const found = await search('--limit', '50', '--cursor', '150');
      expect(requests).toEqual(['GET /api/search?sort=name&limit=50&cursor=150']);
      expect(found.items.map((item) => item.slug)).toEqual(
        Array.from({ length: 50 }, (_, i) => `item-${150 + i}`),
      );
      expect(found).toMatchObject({ hasMore: true, nextCursor: '200' });
    });

    it('names the cursor of the rest under the table, and none on the last page', async () => {
      expect(await run(['node', 'policy-catalog', 'search', '--limit', '10'], env)).toBe(0);
      expect(out).toMatch(/^item-9 /m);
      expect(err).toContain('More results: --cursor 10');
      err = '';
      expect(await run(['node', 'policy-catalog', 'search', '--cursor', '240'], env)).toBe(0);
      expect(out).toMatch(/^item-249 /m);
      expect(err).not.toContain('More results');
    });

    it("says where the caller's own unpublished items stand, in the words of their pages", async () => {
      expect(await run(['node', 'policy-catalog', 'search', '--limit', '10'], env)).toBe(0);
      expect(out).toMatch(/^item-2 +policy +vendor +Item 2 +/m);
      expect(out).toMatch(/^item-3 +policy +vendor +Item 3 \(under review\) /m);
      expect(out).toMatch(/^item-4 +policy +vendor +Item 4 \(needs improvement\) /m);
    });

    it('answers no cursor when --limit reaches the last item', async () => {
      const found = await search('--limit', '300');
      expect(found.items).toHaveLength(TOTAL);
      expect(found).toMatchObject({ hasMore: false, nextCursor: null });
    });
  });

  describe('a user with no connection yet (against a stand-in of the API)', () => {
    standInApi((url, res) => {
      const id = '00000000-0000-4000-8000-000000000000';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          url.pathname === '/api/connections'
            ? { connections: [] }
            : url.pathname === '/api/workspaces'
              ? { memberships: [] }
              : { policy: { id, name: 'Header Guard' } },
        ),
      );
    });

    it('says where to create a connection, not to name one of none, when organizations list or deploy needs one', async () => {
      expect(await cli('organizations', 'list')).toBe(2);
      expect(err).toBe(
        'error: you have no platform connection yet: create one in the dashboard (Connections)\n',
      );
      err = '';
      expect(await cli('deploy', '00000000-0000-4000-8000-000000000000', '--target', 'Payments')).toBe(2);
      expect(err).toContain('you have no platform connection yet');
    });
  });

  describe('tokens (against a stand-in of the API’s tokens)', () => {
    const record = (n: number, name: string, revoked = false) => ({
      id: `77777777-7777-4777-8777-${String(n).padStart(12, '0')}`,
      name,
      token_prefix: `pcat_${n}abcdefg`,
      scopes: ['api:read', 'api:write'],
      expires_at: null,
      last_used_at: '2026-12-07T10:00:00.000Z',
      revoked_at: revoked ? '2026-12-06T10:00:00.000Z' : null,
      created_at: '2026-12-01T10:00:00.000Z',
    });
    const records = [
      record(1, 'ci'),
      record(2, 'laptop'),
      record(3, 'laptop', true),
      record(4, 'twice'),
      record(5, 'twice'),
    ];
    const { requests } = standInApi((url, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const revoked = records.find((r) => url.pathname === `/api/tokens/${r.id}`);
      res.end(JSON.stringify(revoked ? { ok: true, record: revoked } : { tokens: records }));
    });

    it('lists your tokens with their prefix, scopes and state', async () => {
      expect(await cli('tokens', 'list')).toBe(0);
      expect(out).toMatch(/^ID +NAME +PREFIX +SCOPES +LAST USED +EXPIRES +STATE$/m);
      expect(out).toMatch(
        /^77777777-7777-4777-8777-000000000002 +laptop +pcat_2abcdefg +api:read,api:write +2026-12-07 10:00 +never +active$/m,
      );
      expect(out).toMatch(/^77777777-7777-4777-8777-000000000003 +laptop .* revoked$/m);
    });

    it('revokes a token by its name (the active one of that name); a name two share or none has is refused with exit 2', async () => {
      expect(await cli('tokens', 'revoke', 'laptop')).toBe(0);
      expect(requests).toEqual([
        'GET /api/tokens',
        'DELETE /api/tokens/77777777-7777-4777-8777-000000000002',
      ]);
      expect(out).toBe('Revoked the token "laptop" (pcat_2abcdefg...).\n');
      expect(await cli('tokens', 'revoke', 'twice')).toBe(2);
      expect(err).toContain('2 active tokens are named "twice": give its id');
      expect(await cli('tokens', 'revoke', 'nobody')).toBe(2);
      expect(err).toContain('no active token of yours is named "nobody"');
    });

    it('says when the token revoked is the one the command line signs in with', async () => {
      env.token = 'pcat_1abcdefgRest';
      expect(await cli('tokens', 'revoke', '77777777-7777-4777-8777-000000000001')).toBe(0);
      expect(err).toContain('It was the token this command line uses');
    });
  });

  describe('policies search and rulesets search (against a stand-in of an empty community catalog)', () => {
    standInApi((url, res) => {
      const vendor = url.searchParams.get('source') === 'vendor';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          url.pathname === '/api/policies'
            ? {
                policies: vendor
                  ? [{ source: 'vendor', slug: 'cors', name: 'CORS', summary: '', category: 'Security' }]
                  : [],
                hasMore: false,
                nextCursor: null,
              }
            : { rulesets: [], hasMore: false, nextCursor: null },
        ),
      );
    });

    it('says an empty answer is the community’s and how to list the vendor’s, as its --help does', async () => {
      expect(await cli('policies', 'search')).toBe(0);
      expect(out).toBe(
        'No community policy found: --source vendor lists the vendor’s (`policy-catalog search`: both).\n',
      );
      out = '';
      expect(await cli('rulesets', 'search', '--scope', 'rest-api', '--source', 'vendor')).toBe(0);
      expect(out).toBe('No vendor ruleset found.\n');
      out = '';
      expect(await cli('policies', 'search', '--source', 'vendor')).toBe(0);
      expect(out).toMatch(/^cors +CORS +Security/m);
      out = '';
      expect(await cli('policies', 'search', '--help')).toBe(0);
      expect(out).toContain('community (default) or vendor');
      expect(out).not.toContain('(community and vendor)');
    });
  });

  describe('takes a community item’s slug wherever `show` takes it (against a stand-in of the API)', () => {
    const POLICY = '44444444-4444-4444-8444-444444444444';
    const RULESET = '55555555-5555-4555-8555-555555555555';
    const CONNECTION = '11111111-1111-4111-8111-111111111111';
    const community = [
      { kind: 'policy', id: POLICY, slug: 'header-guard', name: 'Header Guard' },
      { kind: 'ruleset', id: RULESET, slug: 'rest-rules', name: 'REST Rules' },
    ];
    const bodies: unknown[] = [];
    const answer = (res: ServerResponse, status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    standInApi((url, res, req) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        if (text) bodies.push(JSON.parse(text));
        const kind = url.searchParams.get('kind');
        if (url.pathname === '/api/search') {
          const items = community
            .filter((item) => !kind || item.kind === kind)
            .map((item) => ({ ...item, catalog: 'community', summary: '', category: null, published: true }));
          return answer(res, 200, { items, hasMore: false, nextCursor: null });
        }
        if (url.pathname === `/api/policies/${POLICY}`)
          return answer(res, 200, { policy: { id: POLICY, name: 'Header Guard' } });
        if (url.pathname === `/api/rulesets/${RULESET}`)
          return answer(res, 200, { ruleset: { id: RULESET, name: 'REST Rules' } });
        if (url.pathname === '/api/connections')
          return answer(res, 200, { connections: [{ id: CONNECTION, name: 'Acme' }] });
        if (url.pathname === `/api/connections/${CONNECTION}/orgs`)
          return answer(res, 200, {
            orgs: [{ id: 'pay-1', name: 'Payments', isPrimary: false, fullPath: 'Acme / Payments' }],
            truncated: false,
          });
        if (url.pathname === '/api/workspaces')
          return answer(res, 200, {
            memberships: [{ workspace: { id: 'w-1', name: 'Personal', slug: 'me', is_personal: true } }],
          });
        if (url.pathname === '/api/rollouts')
          return answer(res, 201, {
            rollout: {
              id: '66666666-6666-4666-8666-666666666666',
              asset_type: 'policy',
              asset_name: 'Header Guard',
              status: 'running',
              phase: null,
              halt_reason: null,
              steps: [],
            },
          });
        if (url.pathname === '/api/ruleset-evaluations')
          return answer(res, 200, {
            specification: { format: 'oas3.0', files: ['openapi.yaml'], digest: 'd', parsed: true },
            conforms: true,
            counts: { violation: 0, warning: 0, info: 0 },
            evaluations: [],
            durationMs: 1,
          });
        answer(res, 404, { code: 'NOT_FOUND', message: 'Not found' });
      });
    });
    beforeEach(() => bodies.splice(0));

    it('starts a roll-out of a policy given by its slug, as deploy takes it', async () => {
      expect(
        await cli('--json', 'rollouts', 'start', 'header-guard', '--step', 'Payments', '--no-follow'),
      ).toBe(0);
      expect(bodies).toEqual([
        expect.objectContaining({ policyId: POLICY, connectionId: CONNECTION, steps: [['pay-1']] }),
      ]);
    });

    it('evaluates against a community ruleset given by its slug, not only a vendor ruleset’s', async () => {
      const spec = path.join(env.configDir, 'openapi.yaml');
      writeFileSync(spec, 'openapi: 3.0.0\n');
      expect(
        await cli('evaluate', spec, '-r', 'rest-rules', 'api-documentation-basics', '--format', 'json'),
      ).toBe(0);
      expect(bodies).toEqual([
        expect.objectContaining({ rulesets: [{ id: RULESET }, { slug: 'api-documentation-basics' }] }),
      ]);
    });
  });

  describe('evaluate (against a stand-in of an evaluation with a violation and a warning)', () => {
    standInApi((url, res) => {
      const result = (severity: string) => ({
        severity,
        rule: `r-${severity}`,
        message: 'm',
        file: 'openapi.yaml',
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          specification: { format: 'oas3.0', files: ['openapi.yaml'], digest: 'd', parsed: true },
          conforms: false,
          counts: { violation: 1, warning: 1, info: 0 },
          evaluations: [{ results: [result('violation'), result('warning')] }],
          durationMs: 1,
        }),
      );
    });

    it('ends a failing evaluation with a sentence that counts what failed it against --fail-on', async () => {
      const spec = path.join(env.configDir, 'openapi.yaml');
      writeFileSync(spec, 'openapi: 3.0.0\n');
      const ruleset = '55555555-5555-4555-8555-555555555555';
      expect(await cli('evaluate', spec, '-r', ruleset, '--format', 'json')).toBe(1);
      expect(err).toBe(
        'Evaluating against 1 ruleset(s)...\nerror: 1 result at or above violation (--fail-on violation): the specification fails\n',
      );
      err = '';
      expect(await cli('evaluate', spec, '-r', ruleset, '--format', 'json', '--fail-on', 'warning')).toBe(1);
      expect(err).toContain(
        'error: 2 results at or above warning (--fail-on warning): the specification fails\n',
      );
    });
  });

  describe('submissions status (against a stand-in of both submissions lists)', () => {
    /** 130 ruleset submissions, newest first, paged as the API pages them (at most 100 a page). */
    const RULESETS = 130;
    const RULESET_SUBMISSION = '00000000-0000-4000-8000-000000000007';
    const { requests } = standInApi((url, res) => {
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const end = Math.min(RULESETS, start + Number(url.searchParams.get('limit') ?? 100));
      // One ruleset submission has an id; no policy submission does.
      if (
        url.pathname.startsWith('/api/submissions/') ||
        (url.pathname.startsWith('/api/ruleset-submissions/') && !url.pathname.endsWith(RULESET_SUBMISSION))
      ) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ code: 'NOT_FOUND', message: 'Submission not found' }));
      }
      const body =
        url.pathname === `/api/ruleset-submissions/${RULESET_SUBMISSION}`
          ? {
              submission: {
                id: RULESET_SUBMISSION,
                name: 'Rules 7',
                status: 'needs_improvement',
                review_feedback: 'Name the rules after what they check.',
              },
            }
          : url.pathname === '/api/ruleset-submissions'
            ? {
                submissions: Array.from({ length: end - start }, (_, i) => ({
                  id: `00000000-0000-4000-8000-${String(start + i + 1).padStart(12, '0')}`,
                  name: `Rules ${start + i + 1}`,
                  status: 'submitted',
                  updated_at: '2026-12-01T10:00:00.000Z',
                })),
                hasMore: end < RULESETS,
                nextCursor: end < RULESETS ? String(end) : null,
              }
            : { submissions: [], hasMore: false, nextCursor: null };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });

    it('lists every ruleset submission, following the cursor past the first page of 100', async () => {
      expect(await run(['node', 'policy-catalog', '--json', 'submissions', 'status'], env)).toBe(0);
      const { rulesets } = JSON.parse(out) as { rulesets: Array<{ name: string }> };
      expect(rulesets.map((s) => s.name)).toEqual(
        Array.from({ length: RULESETS }, (_, i) => `Rules ${i + 1}`),
      );
      expect(requests.filter((r) => r.startsWith('GET /api/ruleset-submissions'))).toEqual([
        'GET /api/ruleset-submissions?limit=100',
        'GET /api/ruleset-submissions?limit=100&cursor=100',
      ]);
    });

    it('shows a ruleset submission by the id the list printed, without --ruleset', async () => {
      expect(await cli('submissions', 'status', RULESET_SUBMISSION)).toBe(0);
      expect(out).toBe('Rules 7: needs_improvement\nfeedback: Name the rules after what they check.\n');
      expect(await cli('submissions', 'status', '00000000-0000-4000-8000-000000000999')).toBe(3);
      expect(err).toContain('Submission not found');
    });
  });

  describe('follows a log and a roll-out across a gateway replica that stops (against a stand-in of the API)', () => {
    const DEPLOYMENT = '77777777-7777-4777-8777-777777777777';
    const ROLLOUT = '88888888-8888-4888-8888-888888888888';
    const JOB = '99999999-9999-4999-8999-999999999999';
    const AT = '2026-12-04T10:00:00.000Z';
    const line = (seq: number) =>
      `id: ${JOB}:${seq}\nevent: log\ndata: ${JSON.stringify({ seq, job_id: JOB, step: 'build', level: 'info', text: `line ${seq}`, at: AT })}\n\n`;
    const change = (seq: number) =>
      `id: ${seq}\nevent: rollout\ndata: ${JSON.stringify({ seq, rollout_id: ROLLOUT, type: 'organization', status: 'running', step: 0, organization_id: `org-${seq}`, state: 'healthy', message: `org-${seq} healthy`, at: AT })}\n\n`;
    /** What a replica sends its open streams as it stops. */
    const stopping = 'event: closed\ndata: {"reason":"shutting_down"}\n\n';
    let streams: Array<string | undefined>;
    beforeEach(() => {
      streams = [];
    });
    standInApi((url, res, req) => {
      const resumed = req.headers['last-event-id'] as string | undefined;
      if (url.pathname === `/api/deployments/${DEPLOYMENT}`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ deployment: { id: DEPLOYMENT, status: 'running' } }));
      }
      streams.push(`${url.pathname} ${resumed ?? '-'}`);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (url.pathname === `/api/deployments/${DEPLOYMENT}/logs`)
        return void res.end(
          resumed === undefined
            ? `${line(1)}${line(2)}${stopping}`
            : `${line(3)}id: ${JOB}:3\nevent: end\ndata: ${JSON.stringify({ deployment_id: DEPLOYMENT, job_id: JOB, status: 'succeeded', error: null })}\n\n`,
        );
      res.end(
        resumed === undefined
          ? `${change(1)}${stopping}`
          : `${change(2)}event: end\ndata: ${JSON.stringify({ rollout_id: ROLLOUT, status: 'completed', halt_reason: null })}\n\n`,
      );
    });

    it('resumes deployments logs --follow after the last line, and exits 0 with the outcome', async () => {
      expect(await cli('deployments', 'logs', DEPLOYMENT, '--follow')).toBe(0);
      expect(out.match(/line \d/g)).toEqual(['line 1', 'line 2', 'line 3']);
      expect(out).toContain('succeeded');
      expect(err).toContain(`the gateway replica stopped; resuming after ${JOB}:2 (try 1)`);
      expect(streams).toEqual([
        `/api/deployments/${DEPLOYMENT}/logs -`,
        `/api/deployments/${DEPLOYMENT}/logs ${JOB}:2`,
      ]);
    });

    it('resumes rollouts follow after the last event, and exits 0 when the roll-out completed', async () => {
      expect(await cli('rollouts', 'follow', ROLLOUT)).toBe(0);
      expect(out.match(/org-\d healthy/g)).toEqual(['org-1 healthy', 'org-2 healthy']);
      expect(err).toContain('the gateway replica stopped; resuming after event 1 (try 1)');
      expect(streams).toEqual([`/api/rollouts/${ROLLOUT}/events -`, `/api/rollouts/${ROLLOUT}/events 1`]);
    });
  });

  describe('ends the log of a failed deployment (against a stand-in of the API)', () => {
    const DEPLOYMENT = '66666666-6666-4666-8666-666666666666';
    const JOB = '55555555-5555-4555-8555-555555555555';
    const FAILURE = 'ruleset-payments 1.2.0 has no published build or release on the registry yet';
    standInApi((url, res) => {
      if (url.pathname === `/api/deployments/${DEPLOYMENT}`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ deployment: { id: DEPLOYMENT, status: 'failed' } }));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        `id: ${JOB}:1\nevent: log\ndata: ${JSON.stringify({ seq: 1, job_id: JOB, step: 'publish', level: 'error', text: 'publish failed', at: '2026-12-04T10:00:00.000Z' })}\n\n` +
          `id: ${JOB}:1\nevent: end\ndata: ${JSON.stringify({ deployment_id: DEPLOYMENT, job_id: JOB, status: 'failed', error: FAILURE })}\n\n`,
      );
    });

    it('says why it failed once, on stderr, and exits 1', async () => {
      expect(await cli('deployments', 'logs', DEPLOYMENT)).toBe(1);
      expect(out).toContain('publish failed');
      expect(out).not.toContain(FAILURE);
      expect(err).toBe(`error: the deployment failed: ${FAILURE}\n`);
    });
  });
});
