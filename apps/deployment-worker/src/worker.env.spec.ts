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

  it('sandboxes builds in bubblewrap by default, with limits, and refuses malformed sandbox settings', () => {
    const env = loadEnv(WorkerEnv, {});
    expect(env.buildSandbox()).toMatchObject({
      mode: 'bubblewrap',
      limits: { memoryMb: 2048, processes: 512, cpuSeconds: 600, openFiles: 1024, diskMb: 1024, tmpMb: 256 },
      uids: '200000-265535',
    });
    expect(() => loadEnv(WorkerEnv, { DEPLOY_BUILD_SANDBOX: 'none' })).toThrow(/DEPLOY_BUILD_SANDBOX/);
    expect(() => loadEnv(WorkerEnv, { DEPLOY_BUILD_UIDS: '0-100' })).toThrow(/DEPLOY_BUILD_UIDS/);
    expect(() => loadEnv(WorkerEnv, { DEPLOY_BUILD_READONLY_PATHS: '/usr,/' })).toThrow(
      /DEPLOY_BUILD_READONLY_PATHS/,
    );
    expect(() => loadEnv(WorkerEnv, { DEPLOY_BUILD_READONLY_PATHS: '/usr,/proc' })).toThrow(
      /DEPLOY_BUILD_READONLY_PATHS/,
    );
    expect(loadEnv(WorkerEnv, { DEPLOY_BUILD_SANDBOX: 'unsafe-none' }).buildSandbox().mode).toBe(
      'unsafe-none',
    );
  });
});
