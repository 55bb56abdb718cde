/**
 * The first process of a sandboxed build (run by the worker's own node inside bubblewrap, as
 * `node -e SUPERVISOR_SCRIPT <plan as JSON>`, so nothing but node and tar is needed in the view):
 *
 * 1. unpacks the sources (a tar archive on its stdin, written by the worker) into `/build`, the build's
 *    size-limited tmpfs;
 * 2. runs the build's program (`plan.run`: prlimit, the proxy bridge if any, `sh -c <command>`) with
 *    stdin closed and stdout/stderr going to the worker;
 * 3. watches, every 25 ms, whether `/build` or `/tmp` is full and, unless the build has a cgroup of its
 *    own (`plan.sampled` false: the kernel holds its memory and tasks, and the worker reads its counters),
 *    what rlimits alone cannot name: the tasks of the build (all of its namespace: a fork bomb) and the
 *    memory its processes hold (the resident size of all of them). Past a limit it writes why, kills
 *    every process of the build and exits;
 * 4. when the command ends, kills what it left behind (a detached process cannot change the files being
 *    packed), and, if it succeeded, packs `/build` as a tar stream on fd 4.
 *
 * Its verdict is one JSON line on fd 3: `{"kind":"ok"}`, `{"kind":"exit","code":n,"signal":s}`, or a
 * limit (`memory`, `processes`, `cpu`, `disk`, `tmp`) or `setup` with a detail. The build's processes
 * run as the same user in the sandbox and could write to fd 3 or 4 themselves: that can only change the
 * outcome of their own build (the worker takes the last verdict line, and checks the archive it reads).
 */
export const SUPERVISOR_SCRIPT = `
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const plan = JSON.parse(process.argv[1]);
const verdict = (v) => { try { fs.writeSync(3, JSON.stringify(v) + '\\n'); } catch {} };
const killAll = () => { try { process.kill(-1, 'SIGKILL'); } catch {} };
const unpack = spawnSync('tar', ['-xf', '-', '-C', '/build', '--no-same-owner', '--no-same-permissions'], {
  stdio: [0, 'ignore', 'pipe'],
});
if (unpack.status !== 0) {
  verdict({ kind: 'setup', detail: 'could not unpack the sources: ' + String(unpack.stderr || unpack.error).trim() });
  process.exit(125);
}
const full = (dir) => { try { const s = fs.statfsSync(dir); return s.bavail * s.bsize < 64 * 1024; } catch { return false; } };
const usage = () => {
  let tasks = 0; let rss = 0;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(name)) continue;
    try {
      const status = fs.readFileSync('/proc/' + name + '/status', 'utf8');
      tasks += Number((/^Threads:\\s+(\\d+)/m.exec(status) || [0, 1])[1]);
      if (name !== '1' && Number(name) !== process.pid) rss += Number((/^VmRSS:\\s+(\\d+)/m.exec(status) || [0, 0])[1]) * 1024;
    } catch {}
  }
  return { tasks, rss };
};
let stopped = false;
const stop = (v) => {
  if (stopped) return;
  stopped = true;
  killAll();
  verdict(v);
  process.exit(137);
};
const child = spawn(plan.run[0], plan.run.slice(1), { stdio: ['ignore', 'inherit', 'inherit'], cwd: '/build' });
child.on('error', (e) => { verdict({ kind: 'setup', detail: plan.run[0] + ': ' + e.message }); process.exit(125); });
let peak = 0;
let peakTasks = 0;
const watch = setInterval(() => {
  const { tasks, rss } = plan.sampled ? usage() : { tasks: 0, rss: 0 };
  peak = Math.max(peak, rss);
  peakTasks = Math.max(peakTasks, tasks);
  if (plan.sampled && tasks >= plan.limits.processes * 0.9) stop({ kind: 'processes', detail: String(tasks) });
  else if (plan.sampled && rss > plan.limits.memoryBytes) stop({ kind: 'memory', detail: String(rss) });
  else if (full('/build')) stop({ kind: 'disk' });
  else if (full('/tmp')) stop({ kind: 'tmp' });
}, 25);
child.on('exit', (code, signal) => {
  clearInterval(watch);
  if (stopped) return;
  killAll();
  if (signal === 'SIGXCPU' || code === 128 + 24) { verdict({ kind: 'cpu' }); process.exit(1); }
  if (code !== 0) {
    // A process that asked for more than its data limit failed on its own (an abort, an out-of-memory
    // error): when the build held at least half of its memory limit, that is the likely reason.
    // A shell whose own fork failed at the process limit ends with an error: the limit is the reason.
    verdict(full('/build') ? { kind: 'disk' } : full('/tmp') ? { kind: 'tmp' }
      : plan.sampled && peakTasks >= plan.limits.processes * 0.75 ? { kind: 'processes', detail: 'peak ' + peakTasks }
      : plan.sampled && peak * 2 >= plan.limits.memoryBytes ? { kind: 'memory', detail: 'peak ' + peak, code }
      : { kind: 'exit', code, signal });
    process.exit(1);
  }
  const pack = spawn('tar', ['-cf', '-', '--hard-dereference', '-C', '/build', '.'], { stdio: ['ignore', 4, 'pipe'] });
  let err = '';
  pack.stderr.on('data', (d) => (err += d));
  pack.on('exit', (c) => {
    if (c === 0) { verdict({ kind: 'ok' }); process.exit(0); }
    verdict({ kind: 'setup', detail: 'could not pack the build: ' + err.trim() });
    process.exit(125);
  });
});
`;
