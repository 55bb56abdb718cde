import { inOneWindow, newClientAddress, testBus } from '@pc/testing';
import { CatalogWorld } from './testing/catalog-world';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

/**
 * The budgets the tool server (MCP) counts, shared with the gateway: a batch of tool calls past its
 * budget stores nothing in the real services, and REST and tool evaluations share one budget. The
 * gateway's own budgets and sign-in throttle are its gateway-tier spec's
 * (apps/gateway/src/http/rate-limits.integration-spec.ts).
 */
describe('rate limits shared by the tool server and the gateway', () => {
  const world = new CatalogWorld();

  beforeAll(async () => {
    await world.start(testBus('in-process'), {
      TRUST_PROXY: '1',
      RATE_LIMIT_SUBMISSIONS_PER_HOUR: '2',
      RATE_LIMIT_VOTES_PER_MINUTE: '2',
      RATE_LIMIT_EVALUATIONS_PER_MINUTE: '2',
    });
  });

  afterAll(() => world.stop());

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
      const assistant = await world.newUser(from(newClientAddress()).headers);
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
      const assistant = await world.newUser(from(newClientAddress()).headers);
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
      const assistant = await world.newUser(from(newClientAddress()).headers);
      const missing = '3f1f4d3e-2f5c-4a8e-9d7b-0c6a2b1e9f00';
      // Counted before the ruleset is looked up: a missing one costs a count too (and no engine time).
      const rest = await world.http.post<Json>(
        `/api/rulesets/${missing}/evaluations`,
        { specification: { content: 'openapi: 3.0.0' } },
        { token: assistant.token, ...from(newClientAddress()) },
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
});
