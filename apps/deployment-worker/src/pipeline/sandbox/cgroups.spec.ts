import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BuildCgroup, inCgroup, setUpBuildCgroups } from './cgroups';
import { DEFAULT_BUILD_LIMITS } from './sandbox.settings';

/**
 * The worker's side of cgroup v2, on a stand-in /proc and cgroupfs (directories and plain files, as
 * the kernel's interface files read and write): which mode a host gets and why, what a build's cgroup
 * is given, what its counters say, and the wrapper that puts a build into it.
 */
describe('build cgroups', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'cgroups-spec-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A /proc whose mountinfo mounts cgroup2 (root `mountRoot`) at `<dir>/cg`, the process in `own`. */
  const host = (options: { cgroup2?: boolean; mountRoot?: string; own?: string } = {}) => {
    const proc = path.join(dir, 'proc');
    mkdirSync(path.join(proc, 'self'), { recursive: true });
    const mountPoint = path.join(dir, 'cg');
    writeFileSync(
      path.join(proc, 'self', 'mountinfo'),
      [
        `22 1 0:21 / /proc rw,nosuid - proc proc rw`,
        options.cgroup2 === false
          ? `30 25 0:26 / ${dir}/memory rw - cgroup cgroup rw,memory`
          : `30 25 0:26 ${options.mountRoot ?? '/'} ${mountPoint} rw - cgroup2 cgroup2 rw`,
        '',
      ].join('\n'),
    );
    writeFileSync(path.join(proc, 'self', 'cgroup'), `4:memory:/x\n0::${options.own ?? '/'}\n`);
    return { proc, pid: 4242 };
  };
  /** A cgroup directory as the kernel shows it. */
  const cgroupDir = (at: string, controllers: string) => {
    mkdirSync(at, { recursive: true });
    writeFileSync(path.join(at, 'cgroup.controllers'), controllers);
    writeFileSync(path.join(at, 'cgroup.subtree_control'), '');
    writeFileSync(path.join(at, 'cgroup.procs'), '');
  };

  it('samples when told to, or when no cgroup v2 is mounted, and says why', async () => {
    expect(await setUpBuildCgroups('off', host())).toEqual({
      kind: 'sampling',
      reason: 'DEPLOY_BUILD_CGROUP=off',
    });
    expect(await setUpBuildCgroups('auto', host({ cgroup2: false }))).toEqual({
      kind: 'sampling',
      reason: 'no cgroup v2 hierarchy is mounted',
    });
  });

  it('samples on a hybrid host, whose memory controller belongs to cgroup v1', async () => {
    cgroupDir(path.join(dir, 'cg'), '');
    const decided = await setUpBuildCgroups('auto', host());
    expect(decided).toEqual({
      kind: 'sampling',
      reason: `the memory and pids controllers are not available in the worker's cgroup v2 (${dir}/cg)`,
    });
  });

  it('moves itself into a leaf of its delegated cgroup and makes the builds a subtree with memory and pids', async () => {
    const own = path.join(dir, 'cg', 'container');
    cgroupDir(own, 'cpuset cpu io memory pids');
    const decided = await setUpBuildCgroups('auto', host({ own: '/container' }));
    expect(decided).toEqual({ kind: 'cgroup', root: path.join(own, 'builds') });
    expect(readFileSync(path.join(own, 'worker', 'cgroup.procs'), 'utf8')).toBe('4242');
    expect(readFileSync(path.join(own, 'cgroup.subtree_control'), 'utf8')).toBe('+memory +pids');
    expect(readFileSync(path.join(own, 'builds', 'cgroup.subtree_control'), 'utf8')).toBe('+memory +pids');
  });

  it("finds its cgroup under a mount of part of the hierarchy (a container's namespaced view)", async () => {
    const own = path.join(dir, 'cg', 'sub');
    cgroupDir(own, 'memory pids');
    const decided = await setUpBuildCgroups(
      'auto',
      host({ mountRoot: '/docker/abc', own: '/docker/abc/sub' }),
    );
    expect(decided).toEqual({ kind: 'cgroup', root: path.join(own, 'builds') });
  });

  it('refuses to start with an explicit cgroup that cannot hold builds, naming the variable', async () => {
    await expect(setUpBuildCgroups(path.join(dir, 'missing'), host())).rejects.toThrow(
      /^DEPLOY_BUILD_CGROUP=.*missing: not a cgroup v2 directory$/,
    );
    cgroupDir(path.join(dir, 'cg', 'delegated'), 'memory');
    await expect(setUpBuildCgroups(path.join(dir, 'cg', 'delegated'), host())).rejects.toThrow(
      /the pids controller is not available there/,
    );
    cgroupDir(path.join(dir, 'cg', 'ok'), 'memory pids');
    expect(await setUpBuildCgroups(path.join(dir, 'cg', 'ok'), host())).toEqual({
      kind: 'cgroup',
      root: path.join(dir, 'cg', 'ok'),
    });
  });

  it("gives a build's cgroup its memory (no swap) and task limits, the whole build killed on OOM, and reads its counters", async () => {
    const root = path.join(dir, 'builds');
    mkdirSync(root);
    // No memory.swap.max or memory.oom.group here (a kernel without them): written only where they exist.
    const build = await BuildCgroup.create(root, 'build-1', {
      ...DEFAULT_BUILD_LIMITS,
      memoryMb: 256,
      processes: 64,
    });
    const read = (file: string) => readFileSync(path.join(root, 'build-1', file), 'utf8');
    expect([read('memory.max'), read('pids.max')]).toEqual([String(256 * 1024 * 1024), '64']);
    expect(() => read('memory.swap.max')).toThrow(/ENOENT/);
    expect(await build.outcome()).toEqual({ oomKills: 0, forksRefused: 0, peakBytes: null });
    writeFileSync(
      path.join(build.dir, 'memory.events'),
      'low 0\nhigh 0\nmax 12\noom 1\noom_kill 3\noom_group_kill 1\n',
    );
    writeFileSync(path.join(build.dir, 'pids.events'), 'max 7\n');
    writeFileSync(path.join(build.dir, 'memory.peak'), '268435456\n');
    expect(await build.outcome()).toEqual({ oomKills: 3, forksRefused: 7, peakBytes: 268435456 });
  });

  it('puts the program into the cgroup before it runs, as the same process', () => {
    const root = path.join(dir, 'builds');
    mkdirSync(path.join(root, 'b'), { recursive: true });
    writeFileSync(path.join(root, 'b', 'cgroup.procs'), '');
    const cgroup = Object.assign(Object.create(BuildCgroup.prototype) as BuildCgroup, {
      dir: path.join(root, 'b'),
    });
    const { program, args } = inCgroup(cgroup, '/bin/sh', ['-c', 'echo $$'], undefined);
    const ran = spawnSync(program, args, { encoding: 'utf8' });
    expect(ran.stdout.trim()).toBe(readFileSync(path.join(root, 'b', 'cgroup.procs'), 'utf8').trim());
    // With a host user of its own, it drops to it after entering (the cgroup belongs to the worker's user).
    expect(inCgroup(cgroup, 'bwrap', ['--x'], { uid: 200001, gid: 200001 }).args.slice(3)).toEqual([
      '/usr/bin/setpriv',
      '--reuid=200001',
      '--regid=200001',
      '--clear-groups',
      '--',
      'bwrap',
      '--x',
    ]);
  });
});
