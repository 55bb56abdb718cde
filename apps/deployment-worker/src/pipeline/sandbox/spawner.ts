import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { Readable, type Writable } from 'node:stream';

/**
 * Starts the worker's build processes from a small helper process instead of the worker itself.
 *
 * Starting a process from Node.js is a fork and an exec, synchronous on the event loop: the fork copies
 * the page tables of the whole forking process, and the worker's (about 150 MB) took 5-10 ms per
 * build, so 20 builds started at once held the worker's loop for 45-145 ms of each 100 ms and delayed
 * every log line meanwhile (docs/benchmarks.md, "Build processes started from a helper"). The helper
 * (`node -e SPAWNER_SCRIPT`, started once by the worker, a few MB of heap) receives spawn requests over
 * its IPC channel, starts the process with exactly the options the worker gave (program, arguments,
 * directory, environment, uid and gid, a session and process group of its own, the same stdio), and
 * sends the worker its end of each stdio pipe as a handle (a unix socket pair, as Node.js makes a
 * child's pipes on Linux): the worker reads and writes them as it would a child it started itself, and
 * kills the build's process group by its pid as before. The helper reports the exit; when the worker's
 * channel closes or the worker is gone (it ended, however, even in the middle of taking a build's pipes),
 * it kills every process group it started and exits.
 */
export const SPAWNER_SCRIPT = `
const { spawn } = require('node:child_process');
const groups = new Map();
const parent = process.ppid;
const end = () => {
  for (const pid of groups.values()) { try { process.kill(-pid, 'SIGKILL'); } catch {} }
  process.exit(0);
};
// A message that cannot reach the worker (it is gone) ends the helper as well.
const send = (message, handle) => { try { process.send(message, handle, (error) => error && end()); } catch { end(); } };
process.on('message', (m) => {
  let child;
  try {
    child = spawn(m.program, m.args, {
      cwd: m.cwd, env: m.env, uid: m.uid, gid: m.gid, detached: true,
      stdio: [m.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe', ...Array.from({ length: m.extraFds }, () => 'pipe')],
    });
  } catch (error) {
    send({ id: m.id, error: String(error && error.message || error) });
    return;
  }
  const fds = [];
  child.stdio.forEach((stream, fd) => { if (stream) fds.push(fd); });
  // The pipes go to the worker one acknowledgement after another, and until then the helper must not
  // touch them: it never reads its end of an output pipe (Node.js starts reading a child's pipes at once),
  // and the stdin is not destroyed at the process's exit (Node.js does so). What it read would be lost to
  // the worker, and a pipe closed before it was sent goes without its handle, the worker then waiting for
  // it for ever.
  for (const stream of child.stdio) if (stream && stream.readable && stream._handle) stream._handle.readStop();
  child.stdin = null;
  if (child.pid) groups.set(m.id, child.pid);
  send({ id: m.id, pid: child.pid, fds });
  for (const fd of fds) send({ id: m.id, fd }, child.stdio[fd]);
  child.on('error', (error) => { groups.delete(m.id); send({ id: m.id, error: error.message }); });
  child.on('exit', (code, signal) => { groups.delete(m.id); send({ id: m.id, exit: true, code, signal }); });
});
process.on('disconnect', end);
// Node.js holds 'disconnect' back while a pipe sent to the worker awaits its acknowledgement, and never
// emits it if the worker died meanwhile (the helper then lived on with its builds, their sources never
// written): a closed channel, or a new parent (the worker gone, however), ends the helper too.
setInterval(() => { if (!process.connected || process.ppid !== parent) end(); }, 200).unref();
`;

/** A process to start: what it runs, where, with which environment and as whom. */
export interface ProcessLaunch {
  program: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Runs the process as this host user and group (the worker must be root). */
  uid?: number;
  gid?: number;
}

export interface SpawnRequest extends ProcessLaunch {
  /** A pipe on stdin (else none). */
  stdin: boolean;
  /** Pipes on fds 3, 4, ... */
  extraFds: number;
}

/** A process the helper started: its pipes as the worker's own, its exit, or why it did not start. */
export interface SpawnedProcess {
  /** Unset when the process could not be started (`ended` then answers `error`). */
  pid?: number;
  stdin?: Writable;
  stdout: Readable;
  stderr: Readable;
  /** fds 3, 4, ... */
  extra: Readable[];
  /** The exit code and signal once the process exited and its output pipes closed, or the start's error. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null } | { error: string }>;
}

type Reply =
  | { id: number; pid?: number; fds: number[] }
  | { id: number; fd: number }
  | { id: number; error: string }
  | { id: number; exit: true; code: number | null; signal: NodeJS.Signals | null };

interface Pending {
  pid?: number;
  expected?: number[];
  sockets: Map<number, Socket>;
  started: (value: { pid?: number; sockets: Map<number, Socket> } | { error: string }) => void;
  exited: (value: { code: number | null; signal: NodeJS.Signals | null } | { error: string }) => void;
}

let helper: { child: ChildProcess; pending: Map<number, Pending> } | undefined;
let nextId = 1;

function startHelper(): { child: ChildProcess; pending: Map<number, Pending> } {
  // Nothing of the worker's node flags (a preload, a profiler): the helper is its own small program.
  const child = spawn(process.execPath, ['-e', SPAWNER_SCRIPT], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
  });
  const pending = new Map<number, Pending>();
  const current = { child, pending };
  child.on('message', (reply: Reply, handle?: Socket) => {
    const p = pending.get(reply.id);
    if (!p) {
      handle?.destroy();
      return;
    }
    if ('exit' in reply) {
      pending.delete(reply.id);
      idle();
      p.exited({ code: reply.code, signal: reply.signal });
    } else if ('error' in reply) {
      pending.delete(reply.id);
      idle();
      p.started({ error: reply.error });
      p.exited({ error: reply.error });
    } else if ('fds' in reply) {
      p.pid = reply.pid;
      p.expected = reply.fds;
    } else if (handle) {
      p.sockets.set(reply.fd, handle);
      if (p.expected && p.expected.every((fd) => p.sockets.has(fd)))
        p.started({ pid: p.pid, sockets: p.sockets });
    }
  });
  const lost = () => {
    if (helper === current) helper = undefined;
    // Whatever the helper had started ends with it (bubblewrap dies with its parent); a process that
    // would not is killed here by its group, and its build ends as killed.
    for (const [id, p] of pending) {
      pending.delete(id);
      if (p.pid) killGroup(p.pid);
      p.started({ error: 'the process helper ended' });
      p.exited({ code: null, signal: 'SIGKILL' });
    }
  };
  child.on('exit', lost);
  child.on('error', lost);
  child.unref();
  child.channel?.unref();
  return current;
}

/** The channel keeps the worker alive only while a process of it runs (a test's process may end). */
function idle(): void {
  if (helper && helper.pending.size === 0) helper.child.channel?.unref();
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

/** Starts a process through the helper (started on first use); see `SPAWNER_SCRIPT`. */
export async function spawnThroughHelper(request: SpawnRequest): Promise<SpawnedProcess> {
  helper ??= startHelper();
  const { child, pending } = helper;
  const id = nextId++;
  let exited!: Pending['exited'];
  const exit = new Promise<Parameters<Pending['exited']>[0]>((resolve) => (exited = resolve));
  const start = await new Promise<Parameters<Pending['started']>[0]>((started) => {
    pending.set(id, { sockets: new Map(), started, exited });
    child.channel?.ref();
    child.send({ id, ...request }, (error) => {
      if (!error) return;
      pending.delete(id);
      idle();
      started({ error: error.message });
      exited({ error: error.message });
    });
  });
  if ('error' in start) {
    // As a child whose start failed: its output streams end at once.
    return {
      stdout: Readable.from([]),
      stderr: Readable.from([]),
      extra: Array.from({ length: request.extraFds }, () => Readable.from([])),
      closed: exit,
    };
  }
  const { pid, sockets } = start;
  const output = [...sockets].filter(([fd]) => fd > 0).map(([, socket]) => socket);
  const closed = Promise.all([
    exit,
    ...output.map(
      (socket) =>
        new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve()))),
    ),
  ]).then(([result]) => result);
  return {
    pid,
    stdin: sockets.get(0),
    stdout: sockets.get(1)!,
    stderr: sockets.get(2)!,
    extra: Array.from({ length: request.extraFds }, (_, i) => sockets.get(3 + i)!),
    closed,
  };
}
