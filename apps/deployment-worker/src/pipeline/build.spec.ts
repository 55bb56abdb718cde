import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { DEPLOYMENT_LIMITS } from '@pc/contracts';
import { build, BuildCancelled, BuildError } from './build';

const files = () =>
  new Map<string, Buffer>([
    ['src/lib.rs', Buffer.from('// filter\n')],
    ['Cargo.toml', Buffer.from('[package]\nversion = "1.0.0"\n')],
  ]);

const options = (over: Partial<Parameters<typeof build>[1]> = {}) => ({
  timeoutMs: 10_000,
  path: '/usr/local/bin:/usr/bin:/bin',
  cancelled: () => Promise.resolve(false),
  output: () => Promise.resolve(),
  progress: () => undefined,
  ...over,
});

describe('the build step', () => {
  it('packs the same sources into the same bytes, whose checksum it reports', async () => {
    const a = await build(files(), options());
    const b = await build(new Map([...files()].reverse()), options());
    expect(a.sha256).toBe(b.sha256);
    expect(a.archive.equals(b.archive)).toBe(true);
    expect(a.sha256).toBe(createHash('sha256').update(a.archive).digest('hex'));
    expect(a.archive.subarray(257, 262).toString()).toBe('ustar');
    expect(a.files).toBe(2);
  });

  it('runs the configured command in the sources, forwards its output and packs what it made', async () => {
    const lines: string[] = [];
    const result = await build(
      files(),
      options({
        command: 'test -f Cargo.toml && echo built && mkdir dist && echo x > dist/out.bin',
        output: (line) => Promise.resolve(void lines.push(line)),
      }),
    );
    expect(lines).toEqual(['built']);
    expect(result.files).toBe(3);
  });

  it('gives the command no credentials from the worker environment', async () => {
    process.env.PC_TEST_SECRET = 'do-not-leak';
    const lines: string[] = [];
    await build(
      files(),
      options({ command: 'echo "[$PC_TEST_SECRET]"', output: (l) => Promise.resolve(void lines.push(l)) }),
    );
    delete process.env.PC_TEST_SECRET;
    expect(lines).toEqual(['[]']);
  });

  it('stops a build that overruns its time limit', async () => {
    await expect(build(files(), options({ command: 'sleep 20', timeoutMs: 300 }))).rejects.toThrow(
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
        options({ command: `setsid sh -c 'sleep 3; echo late > ${marker}' & sleep 20`, timeoutMs: 300 }),
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
      build(files(), options({ command: 'setsid sleep 5 & sleep 20', network: 'host', timeoutMs: 300 })),
    ).rejects.toThrow(/longer than 300 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('kills the build process when the job is cancelled', async () => {
    const started = Date.now();
    await expect(
      build(files(), options({ command: 'sleep 20', cancelled: () => Promise.resolve(true) })),
    ).rejects.toThrow(BuildCancelled);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("keeps the first lines of a chatty build's output in the log, then says the rest is not shown", async () => {
    const lines: string[] = [];
    const max = DEPLOYMENT_LIMITS.buildOutputLinesMax;
    const result = await build(
      files(),
      options({ command: `seq 1 ${max + 500}`, output: (l) => Promise.resolve(void lines.push(l)) }),
    );
    expect(result.files).toBe(2);
    expect(lines).toHaveLength(max + 1);
    expect(lines.slice(0, 2)).toEqual(['1', '2']);
    expect(lines[max - 1]).toBe(String(max));
    expect(lines[max]).toMatch(/further output not shown/);
  });

  it('logs a line the command writes in two parts, or a character split between writes, as one line', async () => {
    const lines: string[] = [];
    await build(
      files(),
      options({
        // "half one" and "half two" reach the worker in separate reads; so do the two bytes of "é".
        command: `printf 'half one '; sleep 0.3; printf 'half two\\nsecond\\n'; printf '\\303'; sleep 0.3; printf '\\251t\\303\\251\\n'`,
        output: (l) => Promise.resolve(void lines.push(l)),
      }),
    );
    expect(lines).toEqual(['half one half two', 'second', 'été']);
  });

  it('fails a build whose files exceed the size an archive may have, without reading them', async () => {
    const max = DEPLOYMENT_LIMITS.buildBytesMax;
    await expect(
      build(files(), options({ command: `head -c ${max + 1} /dev/zero > big.bin` })),
    ).rejects.toThrow(new BuildError(`The build's files exceed ${max} bytes`));
  });

  it('fails on a non-zero exit code', async () => {
    await expect(build(files(), options({ command: 'exit 3' }))).rejects.toThrow(/exit code 3/);
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
      const lines: string[] = [];
      await build(
        files(),
        options({ command: probe(), path: withNode, output: (l) => Promise.resolve(void lines.push(l)) }),
      );
      expect(lines).toEqual([expect.stringMatching(/^no network: E/)]);
    });

    it("gives it the worker's network only when told to (host)", async () => {
      const lines: string[] = [];
      await build(
        files(),
        options({
          command: probe(),
          network: 'host',
          path: withNode,
          output: (l) => Promise.resolve(void lines.push(l)),
        }),
      );
      expect(lines).toEqual(['reached']);
    });

    it('refuses to run the command where no network namespace can be made, and says how to proceed', async () => {
      let ran = false;
      await expect(
        build(
          files(),
          options({
            command: 'echo ran',
            isolateWith: ['false'],
            output: () => Promise.resolve(void (ran = true)),
          }),
        ),
      ).rejects.toThrow(/cannot be cut off from the network on this host.*DEPLOY_BUILD_NETWORK=host/);
      expect(ran).toBe(false);
    });

    it('still packages without a command where no namespace can be made (it opens no connection)', async () => {
      expect((await build(files(), options({ isolateWith: ['false'] }))).files).toBe(2);
    });
  });
});
