import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { DEPLOYMENT_LIMITS } from '@pc/contracts';
import { build, BuildCancelled, BuildError } from './build';
import { DEFAULT_SANDBOX, type BuildLimits } from './sandbox/sandbox.settings';
import { buildOptions } from '../testing/build-options';

const files = () =>
  new Map<string, Buffer>([
    ['src/lib.rs', Buffer.from('// filter\n')],
    ['Cargo.toml', Buffer.from('[package]\nversion = "1.0.0"\n')],
  ]);

/** Builds the sources with these options: what it made, and every line its command printed. */
async function buildLogged(over: Partial<Parameters<typeof build>[1]>) {
  const lines: string[] = [];
  const result = await build(
    files(),
    buildOptions({ ...over, output: (line) => Promise.resolve(void lines.push(line)) }),
  );
  return { lines, result };
}

describe('the build step', () => {
  it('packs the same sources into the same bytes, whose checksum it reports', async () => {
    const a = await build(files(), buildOptions());
    const b = await build(new Map([...files()].reverse()), buildOptions());
    expect(a.sha256).toBe(b.sha256);
    expect(a.archive.equals(b.archive)).toBe(true);
    expect(a.sha256).toBe(createHash('sha256').update(a.archive).digest('hex'));
    expect(a.archive.subarray(257, 262).toString()).toBe('ustar');
    expect(a.files).toBe(2);
  });

  it('runs the configured command in the sources, forwards its output and packs what it made', async () => {
    const { lines, result } = await buildLogged({
      command: 'test -f Cargo.toml && echo built && mkdir dist && echo x > dist/out.bin',
    });
    expect(lines).toEqual(['built']);
    expect(result.files).toBe(3);
  });

  it('gives the command no credentials from the worker environment', async () => {
    process.env.PC_TEST_SECRET = 'do-not-leak';
    const { lines } = await buildLogged({ command: 'echo "[$PC_TEST_SECRET]"' });
    delete process.env.PC_TEST_SECRET;
    expect(lines).toEqual(['[]']);
  });

  it('stops a build that overruns its time limit', async () => {
    await expect(build(files(), buildOptions({ command: 'sleep 20', timeoutMs: 300 }))).rejects.toThrow(
      BuildError,
    );
  });

  it('stops at its time limit a build that left a process of its own behind (setsid), and ends that process too', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'build-spec-'));
    const marker = path.join(scratch, 'escaped');
    const started = Date.now();
    await expect(
      build(
        files(),
        buildOptions({ command: `setsid sh -c 'sleep 3; echo late > ${marker}' & sleep 20`, timeoutMs: 300 }),
      ),
    ).rejects.toThrow(/longer than 300 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(existsSync(marker)).toBe(false);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('holds its time limit on the host network too, though a detached process keeps the output open', async () => {
    const started = Date.now();
    await expect(
      build(files(), buildOptions({ command: 'setsid sleep 5 & sleep 20', network: 'host', timeoutMs: 300 })),
    ).rejects.toThrow(/longer than 300 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('kills the build process when the job is cancelled', async () => {
    const started = Date.now();
    await expect(
      build(files(), buildOptions({ command: 'sleep 20', cancelled: () => Promise.resolve(true) })),
    ).rejects.toThrow(BuildCancelled);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("keeps the first lines of a chatty build's output in the log, then says the rest is not shown", async () => {
    const max = DEPLOYMENT_LIMITS.buildOutputLinesMax;
    const { lines, result } = await buildLogged({ command: `seq 1 ${max + 500}` });
    expect(result.files).toBe(2);
    expect(lines).toHaveLength(max + 1);
    expect(lines.slice(0, 2)).toEqual(['1', '2']);
    expect(lines[max - 1]).toBe(String(max));
    expect(lines[max]).toMatch(/further output not shown/);
  });

  it('logs a line the command writes in two parts, or a character split between writes, as one line', async () => {
    const { lines } = await buildLogged({
      // "half one" and "half two" reach the worker in separate reads; so do the two bytes of "é".
      command: `printf 'half one '; sleep 0.3; printf 'half two\\nsecond\\n'; printf '\\303'; sleep 0.3; printf '\\251t\\303\\251\\n'`,
    });
    expect(lines).toEqual(['half one half two', 'second', 'été']);
  });

  it('fails a build whose files exceed the size an archive may have, without reading them', async () => {
    const max = DEPLOYMENT_LIMITS.buildBytesMax;
    await expect(
      build(files(), buildOptions({ command: `head -c ${max + 1} /dev/zero > big.bin` })),
    ).rejects.toThrow(new BuildError(`The build's files exceed ${max} bytes`));
  });

  it('fails on a non-zero exit code', async () => {
    await expect(build(files(), buildOptions({ command: 'exit 3' }))).rejects.toThrow(/exit code 3/);
  });

  it('ends the running builds of a worker that dies, killed at once', async () => {
    // The builds are started by the worker's spawner helper (sandbox/spawner.ts), which must not outlive it.
    const marker = `${Date.now() % 100000}.${process.pid % 1000}`;
    const worker = spawn(
      process.execPath,
      [
        '-r',
        path.join(__dirname, '../../../../tools/register.js'),
        '-e',
        `require(${JSON.stringify(path.join(__dirname, 'build'))}).build(new Map(), {
          command: 'echo up; sleep ${marker}', timeoutMs: 600000, path: '/usr/local/bin:/usr/bin:/bin',
          cancelled: () => Promise.resolve(false), progress: () => undefined,
          output: (line) => Promise.resolve(void console.log(line)),
        })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const running = () =>
      readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .some((pid) => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, 'utf8') === `sleep\0${marker}\0`;
          } catch {
            return false;
          }
        });
    const poll = async (until: boolean) => {
      for (let i = 0; i < 100 && running() !== until; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      return running();
    };
    try {
      await new Promise<void>((resolve) =>
        worker.stdout.on('data', (d: Buffer) => /up/.test(String(d)) && resolve()),
      );
      // The shell has printed; its sleep may not have started yet.
      expect(await poll(true)).toBe(true);
    } finally {
      worker.kill('SIGKILL');
    }
    expect(await poll(false)).toBe(false);
  });

  describe('network', () => {
    let server: Server;
    let port: number;
    // The build reaches a TCP server of the test's own on the worker's loopback, or does not.
    const probe = () =>
      `node -e "require('net').connect(${port}, '127.0.0.1').on('connect', () => { console.log('reached'); process.exit(0) }).on('error', (e) => { console.log('no network: ' + e.code); process.exit(0) })"`;
    const withNode = `${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`;

    beforeAll(async () => {
      server = createServer((socket) => socket.end());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('gives the command no network by default (its own namespace: not even the host loopback)', async () => {
      const { lines } = await buildLogged({ command: probe(), path: withNode });
      expect(lines).toEqual([expect.stringMatching(/^no network: E/)]);
    });

    it("gives it the worker's network only when told to (host)", async () => {
      const { lines } = await buildLogged({ command: probe(), network: 'host', path: withNode });
      expect(lines).toEqual(['reached']);
    });

    it('refuses to run the command where bubblewrap cannot run, and says how to proceed', async () => {
      let ran = false;
      await expect(
        build(
          files(),
          buildOptions({
            command: 'echo ran',
            sandbox: { ...DEFAULT_SANDBOX, bwrap: 'false' },
            output: () => Promise.resolve(void (ran = true)),
          }),
        ),
      ).rejects.toThrow(/cannot be sandboxed on this host.*DEPLOY_BUILD_SANDBOX=unsafe-none/);
      expect(ran).toBe(false);
    });

    it("refuses up front a view in which the sandbox's own node cannot run (the libraries left out)", async () => {
      await expect(
        build(
          files(),
          buildOptions({ command: 'echo ran', sandbox: { ...DEFAULT_SANDBOX, readonlyPaths: '/etc/ssl' } }),
        ),
      ).rejects.toThrow(/cannot be sandboxed on this host/);
    });

    it('still packages without a command where bubblewrap cannot run (nothing runs)', async () => {
      expect(
        (await build(files(), buildOptions({ sandbox: { ...DEFAULT_SANDBOX, bwrap: 'false' } }))).files,
      ).toBe(2);
    });

    describe('with the explicit unsafe-none mode (trusted repositories only)', () => {
      const unsafe = { ...DEFAULT_SANDBOX, mode: 'unsafe-none' as const };

      it('still cuts the command off from the network', async () => {
        const { lines } = await buildLogged({ command: probe(), path: withNode, sandbox: unsafe });
        expect(lines).toEqual([expect.stringMatching(/^no network: E/)]);
      });

      it('refuses to run where no network namespace can be made', async () => {
        await expect(
          build(files(), buildOptions({ command: 'echo ran', sandbox: unsafe, isolateWith: ['false'] })),
        ).rejects.toThrow(/cannot be cut off from the network on this host.*DEPLOY_BUILD_NETWORK=host/);
      });
    });
  });

  describe('the sandbox', () => {
    const run = async (command: string, limits: Partial<BuildLimits> = {}) => {
      const lines: string[] = [];
      const result = await build(
        files(),
        buildOptions({
          command,
          sandbox: { ...DEFAULT_SANDBOX, limits: { ...DEFAULT_SANDBOX.limits, ...limits } },
          output: (l) => Promise.resolve(void lines.push(l)),
        }),
      ).then(
        (built) => ({ built, error: undefined }),
        (error: Error) => ({ built: undefined, error }),
      );
      return { lines, ...result };
    };

    it("shows the build none of the host's files but the read-only toolchain, and its own writable directory", async () => {
      const scratch = mkdtempSync(path.join(tmpdir(), 'build-spec-'));
      writeFileSync(path.join(scratch, 'secret'), 'host secret');
      const { lines, built } = await run(
        `cat ${scratch}/secret; echo planted > ${scratch}/planted; echo x > /usr/planted; ` +
          `ls ${process.cwd()}/package.json; echo made > made.txt; echo "pwd=$(pwd)"`,
      );
      expect(lines.join('\n')).not.toContain('host secret');
      expect(lines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/secret: No such file or directory/),
          expect.stringMatching(/\/usr\/planted: Read-only file system/),
          expect.stringMatching(/package\.json.*No such file or directory/),
          'pwd=/build',
        ]),
      );
      expect(existsSync(path.join(scratch, 'planted'))).toBe(false);
      expect(built?.files).toBe(3);
      rmSync(scratch, { recursive: true, force: true });
    });

    it('runs it as an unprivileged user with no new privileges and a clean environment', async () => {
      process.env.PC_TEST_SECRET = 'do-not-leak';
      const marker = `sleep 7.${Date.now() % 1000}`;
      const hostUid = new Promise<number>((resolve) => {
        const look = setInterval(() => {
          for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
            try {
              if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() !== marker)
                continue;
              const status = readFileSync(`/proc/${pid}/status`, 'utf8');
              clearInterval(look);
              resolve(Number(/^Uid:\s+(\d+)/m.exec(status)![1]));
            } catch {
              /* gone */
            }
          }
        }, 50);
      });
      const { lines } = await run(
        `id -u; grep -E '^(NoNewPrivs|CapEff)' /proc/self/status; env | sort | tr '\\n' ' '; echo; ` +
          `ls /proc | grep -cE '^[0-9]+$'; ${marker} & sleep 0.5; kill %1`,
      );
      delete process.env.PC_TEST_SECRET;
      expect(lines.slice(0, 4)).toEqual([
        '1000',
        'CapEff:\t0000000000000000',
        'NoNewPrivs:\t1',
        expect.stringMatching(/^HOME=\/build LANG=C.UTF-8 PATH=\S+ PWD=\/build TMPDIR=\/tmp $/),
      ]);
      // Its own processes only (bubblewrap's init, the supervisor, prlimit's shell and the listing).
      expect(Number(lines[4])).toBeLessThan(8);
      const uid = await hostUid;
      expect(uid).not.toBe(0);
      if (process.getuid?.() === 0) expect(uid).toBeGreaterThanOrEqual(200000);
      else expect(uid).toBe(process.getuid?.());
    });

    it('stops a fork bomb at its process limit, naming it', async () => {
      // A bomb that keeps forking holds the process table: stopped and named. (A single burst that dies
      // out when its forks fail is contained by RLIMIT_NPROC alone, and may end before a sample sees it.)
      const { error } = await run('bomb() { bomb | bomb & }; while :; do bomb; done', { processes: 64 });
      expect(error?.message).toMatch(/limit of 64 processes and threads \(DEPLOY_BUILD_PROCESSES\)/);
    });

    it('stops a memory hog at its memory limit, naming it', async () => {
      // Sampling (no delegated cgroup here) sees a hog that grows as builds do, 4 MiB every 10 ms. A burst
      // past the limit between two samples ends at the per-process data limit instead, as its own exit
      // (docs/guides/security-and-limits.md): unpaced, this hog did so on a loaded machine.
      const hog =
        `node -e "const a = []; const pause = new Int32Array(new SharedArrayBuffer(4)); ` +
        `for (;;) { a.push(Buffer.alloc(4 << 20, 1)); Atomics.wait(pause, 0, 0, 10); }"`;
      const { error } = await run(`${hog}`, { memoryMb: 128 });
      expect(error?.message).toMatch(/memory limit \(128 MiB, DEPLOY_BUILD_MEMORY_MB\)/);
    });

    it('stops a process at its CPU time limit, naming it', async () => {
      const { error } = await run('while :; do :; done', { cpuSeconds: 1 });
      expect(error?.message).toMatch(/CPU time limit \(1 s, DEPLOY_BUILD_CPU_SECONDS\)/);
    });

    it('fails a build that fills its directory or its /tmp, naming which', async () => {
      const disk = await run('head -c 100000000 /dev/zero > big.bin', { diskMb: 16 });
      expect(disk.error?.message).toMatch(/filled its directory \(16 MiB, DEPLOY_BUILD_DISK_MB\)/);
      const tmp = await run('head -c 100000000 /dev/zero > /tmp/big.bin', { tmpMb: 16 });
      expect(tmp.error?.message).toMatch(/filled its \/tmp \(16 MiB, DEPLOY_BUILD_TMP_MB\)/);
    });

    it('limits the open files of each process', async () => {
      const { lines } = await run('ulimit -n', { openFiles: 77 });
      expect(lines).toEqual(['77']);
    });
  });

  /**
   * With a cgroup per build (DEPLOY_BUILD_CGROUP): on a stand-in cgroupfs (this host's memory controller
   * may be cgroup v1's), the test plays the kernel by writing the counters it would, while the build runs.
   */
  describe('the sandbox with a cgroup per build', () => {
    let root: string;
    beforeEach(() => (root = mkdtempSync(path.join(tmpdir(), 'build-cgroups-'))));
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    const run = (command: string, kernel?: (cgroup: string) => void) => {
      // The build's cgroup, once the worker made it: the "kernel" writes its counters there.
      const look = setInterval(() => {
        const made = readdirSync(root).find((n) => n.startsWith('build-'));
        if (made && existsSync(path.join(root, made, 'cgroup.procs')) && kernel) {
          clearInterval(look);
          kernel(path.join(root, made));
        }
      }, 50);
      return build(
        files(),
        buildOptions({
          command,
          timeoutMs: 20_000,
          sandbox: {
            ...DEFAULT_SANDBOX,
            limits: { ...DEFAULT_SANDBOX.limits, memoryMb: 128, processes: 64 },
            memory: { kind: 'cgroup', root },
          },
        }),
      ).finally(() => clearInterval(look));
    };

    it('runs the build inside its cgroup, given its memory and task limits', async () => {
      const result = await run('echo x > out.txt');
      expect(result.files).toBe(3);
      const [made] = readdirSync(root);
      const read = (file: string) => readFileSync(path.join(root, made, file), 'utf8').trim();
      expect([read('memory.max'), read('pids.max')]).toEqual([String(128 * 1024 * 1024), '64']);
      // The process that entered it is the sandbox (bubblewrap, by the pid the wrapper wrote).
      expect(Number(read('cgroup.procs'))).toBeGreaterThan(1);
    });

    it('names the memory limit when the kernel killed the build for it', async () => {
      const started = run('sleep 1; exit 137', (cgroup) =>
        writeFileSync(path.join(cgroup, 'memory.events'), 'oom 1\noom_kill 1\n'),
      );
      await expect(started).rejects.toThrow(
        /^The build used more than its memory limit \(128 MiB, DEPLOY_BUILD_MEMORY_MB\) and was stopped$/,
      );
    });

    it('stops the build at once when the kernel refused it a fork at its task limit, naming it', async () => {
      const started = Date.now();
      await expect(
        run('sleep 15', (cgroup) => writeFileSync(path.join(cgroup, 'pids.events'), 'max 1\n')),
      ).rejects.toThrow(/limit of 64 processes and threads \(DEPLOY_BUILD_PROCESSES\)/);
      expect(Date.now() - started).toBeLessThan(15_000);
    });

    it('stops it too when the refusal is counted before the build is listed in its cgroup', async () => {
      // The cgroup's process list is empty when the refusal is first seen (the build's shell had made the
      // file and not yet written its pid): the build is stopped once it is listed.
      const started = Date.now();
      await expect(
        run('sleep 15', (cgroup) => {
          const procs = path.join(cgroup, 'cgroup.procs');
          const listed = readFileSync(procs, 'utf8');
          writeFileSync(procs, '');
          writeFileSync(path.join(cgroup, 'pids.events'), 'max 1\n');
          setTimeout(() => writeFileSync(procs, listed), 500);
        }),
      ).rejects.toThrow(/limit of 64 processes and threads \(DEPLOY_BUILD_PROCESSES\)/);
      expect(Date.now() - started).toBeLessThan(15_000);
    });
  });
});
