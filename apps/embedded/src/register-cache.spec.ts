import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..', '..');
const REGISTER = path.join(ROOT, 'tools', 'register.js');
const CACHE = path.join(ROOT, '.cache', 'swc-register');

/** `node -r tools/register.js <file>` as `npm start` runs its sources: what the file printed (or threw). */
async function runSource(file: string): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ['-r', REGISTER, file], { cwd: ROOT }).catch(
    (error: { stdout: string; stderr: string }) => ({ stdout: error.stdout, stderr: error.stderr }),
  );
}

/**
 * Processes started from source take a file's transpiled JavaScript from a cache on disk
 * (`tools/register.js`): what they run must always be the source as it is now.
 */
describe('running TypeScript sources like npm start, with the transpile cache', () => {
  let dir: string;
  const sources: string[] = [];

  /** Writes a source file and remembers its content, so that its cache entries can be removed. */
  function write(file: string, source: string): void {
    sources.push(source);
    writeFileSync(file, source);
  }

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pc-register-'));
  });

  afterAll(() => {
    // The entries of this file's sources only (each names the digest of the source it was made from):
    // temporary files would otherwise add entries to the cache at every run.
    const digests = new Set(sources.map((s) => createHash('sha256').update(s).digest('hex')));
    for (const name of readdirSync(CACHE)) {
      const entry = path.join(CACHE, name);
      try {
        if (digests.has((JSON.parse(readFileSync(entry, 'utf8')) as { digest: string }).digest))
          rmSync(entry, { force: true });
      } catch {
        // Another process's entry being replaced: not one of ours.
      }
    }
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs an edited file as edited, even when its size and modification time stay the same', async () => {
    const file = path.join(dir, 'greeting.ts');
    const mtime = new Date('2026-01-01T00:00:00Z');
    write(file, "const word: string = 'first';\nconsole.log(word);\n");
    utimesSync(file, mtime, mtime);
    expect((await runSource(file)).stdout).toBe('first\n');
    expect((await runSource(file)).stdout).toBe('first\n');

    write(file, "const word: string = 'again';\nconsole.log(word);\n");
    utimesSync(file, mtime, mtime);
    expect((await runSource(file)).stdout).toBe('again\n');
    // Back to the first content: the entry made from it was replaced, and it is transpiled anew.
    write(file, "const word: string = 'first';\nconsole.log(word);\n");
    utimesSync(file, mtime, mtime);
    expect((await runSource(file)).stdout).toBe('first\n');
  });

  it("fails, transpiled or from the cache, with a stack trace that names the source's lines", async () => {
    const file = path.join(dir, 'fails.ts');
    // The interface is erased in JavaScript: without the source map, a trace names the transpiled lines.
    write(
      file,
      [
        'interface Order {',
        '  id: string;',
        '  total: number;',
        '}',
        "const order: Order = { id: 'o-1', total: 3 };",
        '',
        'function check(o: Order): void {',
        '  throw new Error(`order ${o.id} failed`);',
        '}',
        'check(order);',
        '',
      ].join('\n'),
    );
    const transpiled = await runSource(file);
    expect(transpiled.stderr).toContain(`Error: order o-1 failed\n    at check (${file}:8:9)\n`);
    expect(transpiled.stderr).toContain(`at Object.<anonymous> (${file}:10:1)\n`);
    expect((await runSource(file)).stderr).toBe(transpiled.stderr);
  });

  it('gives processes starting at once the same, whole answer, and leaves whole entries for the next', async () => {
    const lib = path.join(dir, 'sum.ts');
    const main = path.join(dir, 'main.ts');
    write(lib, 'export function sum(xs: number[]): number {\n  return xs.reduce((a, b) => a + b, 0);\n}\n');
    write(main, "import { sum } from './sum';\nconsole.log(sum([1, 2, 3, 4]));\n");
    const starts = await Promise.all(Array.from({ length: 6 }, () => runSource(main)));
    expect(starts.map((s) => s.stdout)).toEqual(Array(6).fill('10\n'));
    expect((await runSource(main)).stdout).toBe('10\n');
  });
});
