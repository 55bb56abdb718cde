// Child processes of the benches: the system started as `npm start` starts it, from the sources.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.join(__dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One child process: `apps/<main>` from source, its output kept, resolved when `ready` appears.
 * `BENCH_NODE_ARGS` (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) is given to every child's node, to
 * profile the system and its workers during a bench.
 */
export function startProcess(
  main: string,
  env: Record<string, string | undefined>,
  ready: RegExp,
): Promise<{ child: ChildProcess; output: () => string }> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...nodeArgs, '-r', path.join(root, 'tools/register.js'), path.join(root, main)];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${main} did not start:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${main} exited (${String(code)}):\n${output}`));
    });
  });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
