import { generateSigningKeyEntry, loadEnv, parseSigningKeys } from '@pc/platform';
import { WorkerEnv } from './worker.env';
import { WorkerModule } from './worker.module';

const KEYS = { PROVENANCE_SIGNING_KEYS: generateSigningKeyEntry('w1') };

describe('the deployment worker environment', () => {
  it('gives the build no network by default (an empty allow-list)', () => {
    const env = loadEnv(WorkerEnv, KEYS);
    expect(env.DEPLOY_BUILD_NETWORK).toBe('isolated');
    expect(env.DEPLOY_BUILD_ALLOWLIST).toBe('');
  });

  it('refuses a malformed DEPLOY_BUILD_ALLOWLIST at start, naming it, and accepts host[:port] entries', () => {
    expect(() => loadEnv(WorkerEnv, { ...KEYS, DEPLOY_BUILD_ALLOWLIST: 'https://mirror.example/' })).toThrow(
      /DEPLOY_BUILD_ALLOWLIST/,
    );
    const list = 'mirror.example, registry.example:443, *.packages.example';
    expect(loadEnv(WorkerEnv, { ...KEYS, DEPLOY_BUILD_ALLOWLIST: list }).DEPLOY_BUILD_ALLOWLIST).toBe(list);
  });

  it('refuses to start without signing keys, or with malformed ones, naming the variable and never the key', () => {
    expect(() => loadEnv(WorkerEnv, {})).toThrow(/PROVENANCE_SIGNING_KEYS/);
    const short = `k1:${Buffer.alloc(16, 1).toString('base64')}`;
    const attempt = () => loadEnv(WorkerEnv, { PROVENANCE_SIGNING_KEYS: short });
    expect(attempt).toThrow(/PROVENANCE_SIGNING_KEYS: must be id:base64seed/);
    expect(attempt).not.toThrow(short.split(':')[1]);
    const seed = Buffer.alloc(32, 2).toString('base64');
    // The pattern passes, the key does not (a duplicate id): the module stops the start, naming it.
    const env = loadEnv(WorkerEnv, { PROVENANCE_SIGNING_KEYS: `a:${seed},a:${seed}` });
    expect(() => WorkerModule.register(env)).toThrow(/^PROVENANCE_SIGNING_KEYS: key ids must be unique$/);
    expect(parseSigningKeys(KEYS.PROVENANCE_SIGNING_KEYS)[0].keyId).toBe('w1');
  });

  it('sandboxes builds in bubblewrap by default, with limits, and refuses malformed sandbox settings', () => {
    const env = loadEnv(WorkerEnv, KEYS);
    expect(env.buildSandbox()).toMatchObject({
      mode: 'bubblewrap',
      limits: { memoryMb: 2048, processes: 512, cpuSeconds: 600, openFiles: 1024, diskMb: 1024, tmpMb: 256 },
      uids: '200000-265535',
    });
    expect(() => loadEnv(WorkerEnv, { ...KEYS, DEPLOY_BUILD_SANDBOX: 'none' })).toThrow(
      /DEPLOY_BUILD_SANDBOX/,
    );
    expect(() => loadEnv(WorkerEnv, { ...KEYS, DEPLOY_BUILD_UIDS: '0-100' })).toThrow(/DEPLOY_BUILD_UIDS/);
    expect(() => loadEnv(WorkerEnv, { ...KEYS, DEPLOY_BUILD_READONLY_PATHS: '/usr,/' })).toThrow(
      /DEPLOY_BUILD_READONLY_PATHS/,
    );
    expect(() => loadEnv(WorkerEnv, { ...KEYS, DEPLOY_BUILD_READONLY_PATHS: '/usr,/proc' })).toThrow(
      /DEPLOY_BUILD_READONLY_PATHS/,
    );
    expect(loadEnv(WorkerEnv, { ...KEYS, DEPLOY_BUILD_SANDBOX: 'unsafe-none' }).buildSandbox().mode).toBe(
      'unsafe-none',
    );
  });
});
