import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandRunner, type Command } from './command-runner';

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
const sh = (script: string, more: Partial<Command> = {}): Command => ({
  program: 'sh',
  args: ['-c', script],
  env,
  timeoutMs: 10_000,
  maxOutputBytes: 1024 * 1024,
  ...more,
});

describe('CommandRunner', () => {
  const runner = new CommandRunner();
  afterAll(() => runner.close());

  it('runs a command from its own process, with its input, answering its exit code and output', async () => {
    const result = await runner.run(
      sh('cat; echo "parent $PPID"; echo warned >&2; exit 3', { input: Buffer.from([104, 105, 10]) }),
    );
    expect(result).toMatchObject({ code: 3, stderr: 'warned\n', timedOut: false });
    const [input, parent] = result.stdout.toString('utf8').split('\n');
    expect(input).toBe('hi');
    // Started by the runner, not by this (large) process.
    expect(parent).toMatch(/^parent \d+$/);
    expect(parent).not.toBe(`parent ${process.pid}`);
  });

  it('gives each command only the environment and directory it was given', async () => {
    const result = await runner.run(
      sh('echo "$ONLY:$HOME:$(pwd)"', { env: { ...env, ONLY: 'x' }, cwd: '/' }),
    );
    expect(result.stdout.toString('utf8')).toBe('x::/\n');
  });

  it('runs commands side by side, each answered with its own output', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => runner.run(sh(`sleep 0.${5 - n}; echo ${n}`))),
    );
    expect(results.map((r) => r.stdout.toString('utf8'))).toEqual(['1\n', '2\n', '3\n', '4\n', '5\n']);
  });

  it('kills a command past its time limit and one whose output grows past its bound', async () => {
    const slow = await runner.run(sh('sleep 5', { timeoutMs: 200 }));
    expect(slow).toMatchObject({ timedOut: true, code: null });
    const loud = await runner.run(sh('yes', { maxOutputBytes: 64 * 1024 }));
    expect(loud.code).toBeNull();
    expect(loud.stdout.length).toBeLessThanOrEqual(64 * 1024);
  });

  it('refuses a program that does not exist, and runs the next command', async () => {
    await expect(runner.run(sh('', { program: 'no-such-program-here', args: [] }))).rejects.toThrow(/ENOENT/);
    expect((await runner.run(sh('echo ok'))).stdout.toString('utf8')).toBe('ok\n');
  });

  it('kills what it still runs when stopped (the command fails), is gone once stop resolves, and starts again on the next command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runner-'));
    const running = runner.run(sh(`echo $PPID > ${dir}/runner; echo $$ > ${dir}/pid; exec sleep 30`));
    while (!existsSync(join(dir, 'pid'))) await new Promise((resolve) => setTimeout(resolve, 20));
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    const runnerPid = Number(readFileSync(join(dir, 'runner'), 'utf8'));
    await runner.stop();
    // Stopped is exited and reaped: no process is left of the runner.
    expect(existsSync(`/proc/${runnerPid}`)).toBe(false);
    await expect(running).rejects.toThrow('the command runner stopped');
    // Gone, or dead and not yet reaped by whoever inherited it.
    const state = () =>
      existsSync(`/proc/${pid}`) ? readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] : 'gone';
    for (let i = 0; i < 50 && !['gone', 'Z'].includes(state()); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(['gone', 'Z']).toContain(state());
    expect((await runner.run(sh('echo again'))).stdout.toString('utf8')).toBe('again\n');
  });
});
