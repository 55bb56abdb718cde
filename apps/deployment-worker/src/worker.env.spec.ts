import { loadEnv } from '@pc/platform';
import { WorkerEnv } from './worker.env';

describe('the deployment worker environment', () => {
  it('gives the build no network by default (an empty allow-list)', () => {
    const env = loadEnv(WorkerEnv, {});
    expect(env.DEPLOY_BUILD_NETWORK).toBe('isolated');
    expect(env.DEPLOY_BUILD_ALLOWLIST).toBe('');
  });

  it('refuses a malformed DEPLOY_BUILD_ALLOWLIST at start, naming it, and accepts host[:port] entries', () => {
    expect(() => loadEnv(WorkerEnv, { DEPLOY_BUILD_ALLOWLIST: 'https://mirror.example/' })).toThrow(
      /DEPLOY_BUILD_ALLOWLIST/,
    );
    const list = 'mirror.example, registry.example:443, *.packages.example';
    expect(loadEnv(WorkerEnv, { DEPLOY_BUILD_ALLOWLIST: list }).DEPLOY_BUILD_ALLOWLIST).toBe(list);
  });
});
