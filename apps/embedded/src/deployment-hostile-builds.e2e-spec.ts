import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tarArchive } from '@pc/deployment-worker';
import { type Deployer, DeploymentsWorld, type Json } from './testing/deployments-e2e';

jest.setTimeout(240_000);

const ROOT = path.join(__dirname, '..', '..', '..');

/**
 * Builds that attack the worker, as a user who deploys their own repository would: the worker runs
 * `sh ./build.sh` from the repository (DEPLOY_BUILD_COMMAND) in its sandbox (DEPLOY_BUILD_SANDBOX=
 * bubblewrap, the default). Each attack fails or is stopped, the job's log says why, nothing of the
 * worker's reaches the log, and a build running beside the attacker publishes exactly its own files.
 * Run twice: by the worker embedded in the system (npm start's), and by a worker process of its own.
 */
const LIMITS = {
  DEPLOY_BUILD_COMMAND: 'sh ./build.sh',
  DEPLOY_BUILD_TIMEOUT_MS: '8000',
  DEPLOY_BUILD_MEMORY_MB: '256',
  DEPLOY_BUILD_PROCESSES: '64',
  DEPLOY_BUILD_CPU_SECONDS: '5',
  DEPLOY_BUILD_DISK_MB: '32',
  DEPLOY_BUILD_TMP_MB: '16',
  DEPLOY_WORKER_CONCURRENCY: '4',
};

describe.each(['embedded worker', 'worker process'] as const)('hostile builds (%s)', (mode) => {
  const world = new DeploymentsWorld();
  const canary = `canary-${randomBytes(8).toString('hex')}`;
  // What `npm start` keeps in DATA_DIR: the connections key and the PostgreSQL passwords.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostile-data-'));
  const dataSecret = `data-secret-${randomBytes(8).toString('hex')}`;
  let workerPid = process.pid;
  let deployer: Deployer;

  beforeAll(async () => {
    writeFileSync(path.join(dataDir, 'connections-encryption-keys'), `k1:${dataSecret}\n`, { mode: 0o600 });
    writeFileSync(path.join(dataDir, 'postgres.credentials.json'), JSON.stringify({ password: dataSecret }), {
      mode: 0o600,
    });
    if (mode === 'embedded worker') {
      process.env.HOSTILE_CANARY = canary;
      await world.start('in-process', LIMITS);
    } else {
      await world.start('nats', {}, { deploymentWorkers: 0 });
      const started = await world.startWorkerProcess({ ...LIMITS, HOSTILE_CANARY: canary });
      workerPid = started.process.pid!;
      // It says at start how builds' memory and tasks are held here (a cgroup v2 each, or sampling).
      expect(started.startup).toMatch(
        /build limits: (a cgroup v2 per build|memory and tasks sampled every 25 ms, with per-process limits)/,
      );
    }
    deployer = await world.deployer();
  });

  afterAll(async () => {
    delete process.env.HOSTILE_CANARY;
    await world.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.join(ROOT, 'planted-by-build'), { force: true });
  });

  /** Deploys a repository whose build.sh is `script`; the deployment's id. */
  const deploy = async (script: string, files: Record<string, string> = {}): Promise<string> => {
    const { id: policyId } = await world.newDeployablePolicy(
      deployer.user,
      {},
      { 'build.sh': script, ...files },
    );
    return world.deployedPolicy(deployer, policyId, { version: '1.0.0', doPublish: true });
  };

  /** The deployment once ended, and its log (each line with the time it was written). */
  const outcome = async (id: string): Promise<{ status: string; lines: string[]; chunks: Json[] }> => {
    const { status } = (await world.settled(deployer.user.token, id, 60_000)) as { status: string };
    const stream = await world.readStream(deployer.user.token, id);
    const chunks = stream.events.filter((e) => e.event === 'log').map((e) => JSON.parse(e.data) as Json);
    return { status, lines: chunks.map((c) => c.text as string), chunks };
  };
  const at = (chunks: Json[], text: string): number => {
    const chunk = chunks.find((c) => c.text === text);
    if (!chunk) throw new Error(`no log line "${text}" in ${JSON.stringify(chunks.map((c) => c.text))}`);
    return Date.parse(chunk.at as string);
  };

  it("reads nothing of the worker's: DATA_DIR, its environment, its /proc, the checkout; writes nothing outside its directory", async () => {
    const targets = [
      `${dataDir}/connections-encryption-keys`,
      `${dataDir}/postgres.credentials.json`,
      `/proc/${workerPid}/environ`,
      `${ROOT}/package.json`,
      `${ROOT}/.env`,
    ];
    const script = [
      'stolen=0',
      ...targets.map(
        (t) => `if cat '${t}' 2>/dev/null; then stolen=1; echo "READ ${t}"; else echo "cannot read ${t}"; fi`,
      ),
      'env | sort',
      "cat /proc/[0-9]*/environ 2>/dev/null | tr '\\0' '\\n'",
      `for d in '${ROOT}' '${dataDir}' /usr /etc; do if echo planted > "$d/planted-by-build" 2>/dev/null; then stolen=1; echo "WROTE $d"; else echo "cannot write $d"; fi; done`,
      'exit $((1 - stolen))',
    ].join('\n');
    const { status, lines } = await outcome(await deploy(script));
    const log = lines.join('\n');
    expect(status).toBe('failed');
    for (const t of targets) expect(lines).toContain(`cannot read ${t}`);
    for (const d of [ROOT, dataDir, '/usr', '/etc']) expect(lines).toContain(`cannot write ${d}`);
    expect(lines).toContain('Failed: The build command failed (exit code 1)');
    for (const secret of [canary, dataSecret, world.db.url, '"name": "policy-catalog"'])
      expect(log).not.toContain(secret);
    expect(log).not.toMatch(/DATABASE_URL|NATS_URL|HOSTILE_CANARY/);
    expect(existsSync(path.join(ROOT, 'planted-by-build'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'planted-by-build'))).toBe(false);
  });

  it('neither reads nor plants into another build running at once, whose artifact is exactly its own (digest checked)', async () => {
    const secret = `victim-private-${randomBytes(6).toString('hex')}`;
    // Both are deployed at once, so the worker takes them together whatever the load. Each measures its
    // own sandbox's age (from its first process, against the clock since boot): the victim builds until
    // 7 s, the attacker attacks in rounds until 5.5 s (both inside the 8 s limit). The log's times show
    // rounds of the attack while the victim was building.
    const age =
      'age() { echo $(( $(cut -d" " -f1 /proc/uptime | tr -d .) - $(cut -d" " -f22 /proc/1/stat) * 100 / $(getconf CLK_TCK) )); }';
    const victimScript = [
      'echo victim building',
      age,
      'while [ "$(age)" -lt 700 ]; do sleep 0.1; done',
      'echo victim finishing',
      'mkdir -p dist; echo "victim artifact" > dist/out.bin',
      '',
    ].join('\n');
    const attackerScript = [
      age,
      'while [ "$(age)" -lt 550 ]; do',
      '  echo attack round',
      '  for f in /tmp/pc-build-*/private.txt /tmp/pc-sandbox-*/* /proc/[0-9]*/root/build/private.txt $(find / -xdev -name private.txt 2>/dev/null); do cat "$f" 2>/dev/null; done',
      '  for d in /tmp/pc-build-* /tmp/pc-sandbox-* /proc/[0-9]*/root/build; do echo planted > "$d/planted.txt" 2>/dev/null && echo "planted in $d"; done',
      '  sleep 0.3',
      'done',
      'echo attacker done',
    ].join('\n');
    const [victim, attackerId] = await Promise.all([
      deploy(victimScript, { 'private.txt': `${secret}\n` }),
      deploy(attackerScript),
    ]);
    const attacker = await outcome(attackerId);
    expect(attacker.status).toBe('succeeded');
    expect(attacker.lines).toContain('attacker done');
    expect(attacker.lines.join('\n')).not.toContain(secret);
    expect(attacker.lines.filter((l) => l.startsWith('planted in') && !l.includes('/proc/'))).toEqual([]);

    const { status, lines, chunks } = await outcome(victim);
    expect(status).toBe('succeeded');
    // They ran at once: rounds of the attack fell between the victim's first and last lines.
    const [from, to] = [at(chunks, 'victim building'), at(chunks, 'victim finishing')];
    const during = attacker.chunks
      .filter((c) => c.text === 'attack round')
      .map((c) => Date.parse(c.at as string))
      .filter((t) => t >= from && t <= to);
    expect(during.length).toBeGreaterThanOrEqual(2);
    const expected = tarArchive(
      new Map([
        [
          'Cargo.toml',
          Buffer.from('[package]\nname = "rate_guard"\nversion = "2.1.0"\n\n[dependencies]\npdk = "1.4.0"\n'),
        ],
        ['build.sh', Buffer.from(victimScript)],
        ['dist/out.bin', Buffer.from('victim artifact\n')],
        ['private.txt', Buffer.from(`${secret}\n`)],
        ['src/lib.rs', Buffer.from('// the filter\n')],
      ]),
    );
    expect(lines).toContain(
      `Archive of 5 files, ${expected.archive.length} bytes, sha256 ${expected.sha256}`,
    );
  });

  it('stops a fork bomb, a memory hog and a disk filler, each with the limit it hit in the log', async () => {
    const [bomb, hog, filler] = await Promise.all(
      [
        'bomb() { bomb | bomb & }; while :; do bomb; done',
        `node -e "const a = []; for (;;) a.push(Buffer.alloc(4 << 20, 1))"`,
        'head -c 200000000 /dev/zero > big.bin; sleep 30',
      ].map(async (script) => outcome(await deploy(script))),
    );
    expect(bomb).toMatchObject({ status: 'failed' });
    expect(bomb.lines).toContain(
      'Failed: The build reached its limit of 64 processes and threads (DEPLOY_BUILD_PROCESSES) and was stopped',
    );
    expect(hog).toMatchObject({ status: 'failed' });
    expect(hog.lines.at(-1)).toMatch(/^Failed: The build .*memory limit \(256 MiB, DEPLOY_BUILD_MEMORY_MB\)/);
    expect(filler).toMatchObject({ status: 'failed' });
    expect(filler.lines).toContain(
      'Failed: The build filled its directory (32 MiB, DEPLOY_BUILD_DISK_MB) and was stopped',
    );
  });

  it('kills at the time limit a build that tries to outlive it, with what it left behind', async () => {
    const marker = `sleep 41.${Math.floor(Math.random() * 1000)}`;
    const { status, lines } = await outcome(
      await deploy(`setsid sh -c '${marker}; echo late' & nohup ${marker} & sleep 60`),
    );
    expect(status).toBe('failed');
    expect(lines).toContain('Failed: The build took longer than 8000 ms and was stopped');
    await new Promise((r) => setTimeout(r, 500));
    const left = readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').includes(marker);
        } catch {
          return false;
        }
      });
    expect(left).toEqual([]);
  });
});
