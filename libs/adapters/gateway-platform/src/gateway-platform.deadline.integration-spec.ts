import { HttpGatewayPlatform } from './gateway-platform.client';
import { isPlatformError, type PlatformError } from './gateway-platform.errors';
import type { PlatformConnection } from './gateway-platform.types';
import { type AnsweringPlatform, startAnsweringPlatform } from './testing';

const connection: PlatformConnection = { host: 'us', clientId: 'client', clientSecret: 'secret' };

async function failureOf(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    if (isPlatformError(error)) return error;
    throw error;
  }
  throw new Error('expected a platform failure');
}

/** `within`: the calls of a credential check end by one deadline, none of them tried again. */
describe('HttpGatewayPlatform within a deadline', () => {
  let server: AnsweringPlatform;
  let platform: HttpGatewayPlatform;

  beforeAll(async () => {
    server = await startAnsweringPlatform();
    // Two more tries of a GET that fails, each up to 700 ms: what a call outside a deadline gets.
    platform = new HttpGatewayPlatform({ usUrl: server.url, euUrl: server.url, timeoutMs: 700, retries: 2 });
  });

  afterAll(() => server.close());

  beforeEach(() => {
    server.answers.delay = null;
    server.seen.length = 0;
  });

  it('tries a call the platform never answers once, failing with timeout at the per-call timeout', async () => {
    server.answers.delay = (seen) => (seen.path === '/accounts/api/me' ? Infinity : 0);
    const started = Date.now();
    const failure = await failureOf(platform.within(5000).findOrganization(connection, 'root'));
    expect(failure.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1200);
    expect(server.seen.map((seen) => seen.path)).toEqual(['/oauth2/token', '/accounts/api/me']);
  });

  it('fails with timeout at the deadline when every call answers within its own timeout but together they take longer', async () => {
    server.answers.delay = () => 400;
    const within = platform.within(1000);
    const started = Date.now();
    await within.getAccessToken(connection, { forceRefresh: true });
    const failure = await failureOf(within.findOrganization(connection, 'root'));
    const took = Date.now() - started;
    expect(failure.kind).toBe('timeout');
    expect(took).toBeGreaterThanOrEqual(950);
    expect(took).toBeLessThan(1300);
    // The same calls without a deadline: each answers in time, so the organization is found.
    expect(await platform.findOrganization(connection, 'root')).toMatchObject({ id: 'root' });
  });
});
