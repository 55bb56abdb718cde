import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { testEnv } from '@pc/testing';

const run = promisify(execFile);
const root = path.join(__dirname, '..');

/**
 * The benchmark at tiny sizes, so that the harness cannot rot: it must start the system and the
 * baseline, load both, and write every figure. The figures themselves are not judged here.
 */
describe('npm run bench (smoke run at tiny sizes)', () => {
  it('writes every figure: ratios warm and cold, fixed-rate latencies, auth ratio, 304s, read after write, the mix, idle memory and plans', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
    const json = path.join(dir, 'results.json');
    const env = testEnv();
    await run(
      process.execPath,
      [
        '-r',
        path.join(root, 'tools/register.js'),
        path.join(root, 'bench/run.ts'),
        ...['--from-source', '--policies', '300', '--rounds', '1', '--connections', '2'],
        ...['--no-markdown', '--json', json, '--port', '0', '--nats', env.natsUrl],
        ...['--postgres', env.postgresUrl, '--writes', '10'],
        // Every figure, none judged: loads of half a second (some requests each, even on a loaded
        // machine), no warm-up, the idle memory after 1 s instead of 30.
        ...['--seconds', '0.5', '--warmup-seconds', '0', '--idle-seconds', '1'],
        // The mix for a second, with writes enough that some reads after a write are checked.
        ...['--mix-seconds', '1', '--mix-write-share', '0.2'],
      ],
      { cwd: root, timeout: 360_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const result = JSON.parse(readFileSync(json, 'utf8')) as {
      throughput: Array<{
        name: string;
        ratio: number;
        errors: number;
        systemCpuUs: number;
        baselineCpuUs: number;
      }>;
      fixedRate: Array<{ p50: number }>;
      auth: { ratio: number };
      revalidation: { busRequests: number; requests: number; cpuUs: number };
      readAfterWrite: { samples: number; p99: number };
      scan: { ids: number };
      mix: {
        ratio: number;
        stale: number;
        checked: number;
        rounds: Array<Record<'system' | 'baseline', { reads: number; writes: number; errors: number }>>;
      };
      startMb: Record<string, number>;
      idleMb: Record<string, number>;
      plans: Record<string, string>;
    };
    // Five requests, each on the replica with its cache warm (anonymous and with a token) and on the
    // one with it off.
    expect(result.throughput.map((t) => t.name)).toHaveLength(15);
    for (const t of result.throughput) {
      expect(t.ratio).toBeGreaterThan(0);
      expect(t.errors).toBe(0);
      expect(t.systemCpuUs).toBeGreaterThan(0);
      expect(t.baselineCpuUs).toBeGreaterThan(0);
    }
    expect(result.fixedRate).toHaveLength(2);
    expect(result.auth.ratio).toBeGreaterThan(0);
    expect(result.revalidation.requests).toBeGreaterThan(0);
    expect(result.revalidation.busRequests).toBe(0);
    expect(result.revalidation.cpuUs).toBeGreaterThan(0);
    expect(result.readAfterWrite.samples).toBe(10);
    expect(result.readAfterWrite.p99).toBeGreaterThan(0);
    expect(result.scan.ids).toBe(300);
    // The realistic mix ran on both sides, without errors, and every read after a write showed it.
    expect(result.mix.rounds).toHaveLength(1);
    for (const side of ['system', 'baseline'] as const) {
      expect(result.mix.rounds[0][side].reads).toBeGreaterThan(0);
      expect(result.mix.rounds[0][side].errors).toBe(0);
    }
    expect(result.mix.ratio).toBeGreaterThan(0);
    expect(result.mix.checked).toBeGreaterThan(0);
    expect(result.mix.stale).toBe(0);
    expect(Object.keys(result.idleMb).sort()).toEqual([
      'catalog',
      'connections',
      'deployments',
      'gateway',
      'gatewayCold',
      'identity',
      'rulesets',
      'workspaces',
    ]);
    expect(Object.keys(result.startMb).sort()).toEqual(Object.keys(result.idleMb).sort());
    expect(Object.keys(result.plans)).toHaveLength(8);
    expect(Object.values(result.plans).every((plan) => /Execution Time/.test(plan))).toBe(true);
  }, 420_000);
});
