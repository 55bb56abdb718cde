import { MINUTE_MS } from '@pc/platform';
import { testBus } from '@pc/testing';
import { CatalogWorld } from './testing/catalog-world';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
let addressCounter = 0;
/** A fresh client address (TEST-NET-3), as a proxy in front of the gateway would report it. */
const newAddress = () => `203.0.113.${++addressCounter}`;

describe('rate limits at the gateway', () => {
  const world = new CatalogWorld();

  beforeAll(async () => {
    await world.start(testBus('in-process'), {
      TRUST_PROXY: '1',
      RATE_LIMIT_SIGNUPS_PER_HOUR: '3',
      RATE_LIMIT_VALIDATIONS_PER_MINUTE: '2',
      RATE_LIMIT_BRANCH_LISTINGS_PER_MINUTE: '2',
      RATE_LIMIT_DOWNLOADS_PER_MINUTE: '2',
      RATE_LIMIT_SUBMISSIONS_PER_HOUR: '2',
      RATE_LIMIT_CREDENTIAL_CHECKS_PER_MINUTE: '2',
      RATE_LIMIT_VOTES_PER_MINUTE: '2',
      RATE_LIMIT_EVALUATIONS_PER_MINUTE: '2',
      LOGIN_MAX_FAILURES: '3',
      LOGIN_ACCOUNT_MAX_FAILURES: '6',
    });
  });

  afterAll(() => world.stop());

  const signup = (address: string) =>
    world.http.post<Json>(
      '/api/auth/signup',
      { email: `${world.unique('rl')}@example.com`, password: 'password123', name: 'R' },
      from(address),
    );

  /**
   * Runs a test of per-minute (or per-hour) budgets once more when it failed across a window's end: the
   * windows are aligned to the clock, so calls that straddle one are counted in two budgets. The second
   * run starts just after that end, a minute before the next.
   */
  async function inOneWindow(run: () => Promise<void>): Promise<void> {
    const start = Date.now();
    try {
      await run();
    } catch (error) {
      if (Math.floor(start / MINUTE_MS) === Math.floor(Date.now() / MINUTE_MS)) throw error;
      await run();
    }
  }

  function expectLimited(res: { status: number; headers: Headers; body: Json }): void {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body.code).toBe('RATE_LIMITED');
  }

  it('answers 429 with Retry-After to the sign-up over the limit from one address, not to another address', () =>
    inOneWindow(async () => {
      const address = newAddress();
      for (let i = 0; i < 3; i++) expect((await signup(address)).status).toBe(201);
      expectLimited(await signup(address));
      expect((await signup(newAddress())).status).toBe(201);
    }));

  it('limits validations per user, whatever address they come from', () =>
    inOneWindow(async () => {
      const user = await world.newUser(from(newAddress()).headers);
      const repo = await world.newRepo();
      const validate = () =>
        world.http.post<Json>(
          '/api/submissions/validate',
          { sourceHostUrl: repo.webUrl },
          {
            token: user.token,
            ...from(newAddress()),
          },
        );
      expect((await validate()).status).toBe(200);
      expect((await validate()).status).toBe(200);
      expectLimited(await validate());
    }));

  it('limits submission creation, branch listing and downloads per user', () =>
    inOneWindow(async () => {
      const author = await world.newUser(from(newAddress()).headers);
      const first = await world.submit(author);
      await world.submit(author);
      const repo = await world.newRepo();
      expectLimited(
        await world.http.post<Json>('/api/submissions', world.submissionBody(repo.webUrl), {
          token: author.token,
        }),
      );

      await world.approve(first.id);
      const branches = () =>
        world.http.get<Json>(`/api/policies/${first.policyId}/branches`, { token: author.token });
      const download = () =>
        world.http.post<Json>(`/api/policies/${first.policyId}/download`, {}, { token: author.token });
      for (const call of [branches, download]) {
        expect((await call()).status).toBe(200);
        expect((await call()).status).toBe(200);
        expectLimited(await call());
      }
    }));

  const credentials = {
    host: 'us',
    clientId: 'guess',
    clientSecret: 'guessed-secret',
    organizationId: '3f1f4d3e-2f5c-4a8e-9d7b-0c6a2b1e9f00',
  };
  const checkCredentials = (token: string, address: string) =>
    world.http.post<Json>('/api/connections/validate', credentials, { token, ...from(address) });

  it('limits credential checks against the platform per user, whatever address they come from', () =>
    inOneWindow(async () => {
      const guesser = await world.newUser(from(newAddress()).headers);
      expect((await checkCredentials(guesser.token, newAddress())).status).toBe(200);
      expect((await checkCredentials(guesser.token, newAddress())).status).toBe(200);
      expectLimited(await checkCredentials(guesser.token, newAddress()));
    }));

  it('limits credential checks per address, whichever accounts they come from', () =>
    inOneWindow(async () => {
      const address = newAddress();
      for (let i = 0; i < 2; i++) {
        const guesser = await world.newUser(from(newAddress()).headers);
        expect((await checkCredentials(guesser.token, address)).status).toBe(200);
      }
      const another = await world.newUser(from(newAddress()).headers);
      expectLimited(await checkCredentials(another.token, address));
      expect((await checkCredentials(another.token, newAddress())).status).toBe(200);
    }));

  /** One POST to /mcp carrying a JSON-RPC batch of tool calls; the answers by id. */
  async function toolBatch(token: string, calls: Array<[string, Json]>): Promise<Map<number, Json>> {
    const res = await fetch(new URL('/mcp', world.system.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(
        calls.map(([name, args], i) => ({
          jsonrpc: '2.0',
          id: i + 1,
          method: 'tools/call',
          params: { name, arguments: args },
        })),
      ),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json | Json[];
    // A batch of one is answered with the one answer, not a list.
    const answers = Array.isArray(body) ? body : [body];
    expect(answers).toHaveLength(calls.length);
    return new Map(answers.map((a) => [a.id as number, a.result as Json]));
  }

  const textOf = (result: Json): string => (result.content as Json[]).map((c) => c.text as string).join('\n');

  it('counts each submit_idea of one batched MCP request against the submissions budget: the calls past it store nothing', () =>
    inOneWindow(async () => {
      const assistant = await world.newUser(from(newAddress()).headers);
      const answers = await toolBatch(
        assistant.token,
        Array.from({ length: 5 }, (_, i) => [
          'submit_idea',
          { title: `Idea ${i}`, description: 'One of a batch that should not all be stored.' },
        ]),
      );
      const results = [...answers.values()];
      expect(results.filter((r) => !r.isError)).toHaveLength(2);
      const limited = results.filter((r) => r.isError);
      expect(limited).toHaveLength(3);
      for (const r of limited) expect(textOf(r)).toMatch(/RATE_LIMITED; retry after \d+ s/);
      const listed = await toolBatch(assistant.token, [['list_ideas', { mine: true }]]);
      expect((listed.get(1)!.structuredContent as Json).ideas).toHaveLength(2);
    }));

  it('counts vote_idea calls against the votes budget per user', () =>
    inOneWindow(async () => {
      const assistant = await world.newUser(from(newAddress()).headers);
      const id = '3f1f4d3e-2f5c-4a8e-9d7b-0c6a2b1e9f00';
      const answers = await toolBatch(
        assistant.token,
        Array.from({ length: 3 }, () => ['vote_idea', { id, vote: true }]),
      );
      const texts = [...answers.values()].map(textOf);
      expect(texts.filter((t) => /RATE_LIMITED/.test(t))).toHaveLength(1);
    }));

  it('counts evaluate_api calls and REST evaluations of one user against one evaluations budget', () =>
    inOneWindow(async () => {
      const assistant = await world.newUser(from(newAddress()).headers);
      const missing = '3f1f4d3e-2f5c-4a8e-9d7b-0c6a2b1e9f00';
      // Counted before the ruleset is looked up: a missing one costs a count too (and no engine time).
      const rest = await world.http.post<Json>(
        `/api/rulesets/${missing}/evaluations`,
        { specification: { content: 'openapi: 3.0.0' } },
        { token: assistant.token, ...from(newAddress()) },
      );
      expect(rest.status).toBe(404);
      const answers = await toolBatch(
        assistant.token,
        Array.from({ length: 2 }, () => [
          'evaluate_api',
          { ruleset_ids: [missing], content: 'openapi: 3.0.0' },
        ]),
      );
      const texts = [...answers.values()].map(textOf);
      expect(texts.filter((t) => /RATE_LIMITED; retry after \d+ s/.test(t))).toHaveLength(1);
      expect(texts.filter((t) => /NOT_FOUND/.test(t))).toHaveLength(1);
    }));

  it('counts failed sign-ins by the address the nearest proxy saw, so a forged X-Forwarded-For does not reset them', async () => {
    const victim = await world.newUser(from(newAddress()).headers);
    const attacker = newAddress();
    const attempt = (forged: string) =>
      world.http.post<Json>(
        '/api/auth/login',
        { email: victim.email, password: 'wrong-password' },
        from(`${forged}, ${attacker}`),
      );
    for (let i = 0; i < 3; i++) expect((await attempt(newAddress())).status).toBe(401);
    expectLimited(await attempt(newAddress()));
  });

  it('stops guessing one account from many addresses (429), even with the right password', async () => {
    const victim = await world.newUser(from(newAddress()).headers);
    const attempt = (password: string) =>
      world.http.post<Json>('/api/auth/login', { email: victim.email, password }, from(newAddress()));
    for (let i = 0; i < 6; i++) expect((await attempt('wrong-password')).status).toBe(401);
    expectLimited(await attempt('wrong-password'));
    expectLimited(await attempt('password123'));
  });
});
