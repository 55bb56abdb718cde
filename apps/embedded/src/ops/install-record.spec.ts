import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const MODULES = path.join(ROOT, 'node_modules');

/**
 * npm keeps a record of what `npm ci` installed (node_modules/.package-lock.json) and trusts it only
 * while node_modules itself is no newer: a folder made at its top afterwards (a cache, a bundler's
 * temporary files) makes every later `npx policy-catalog ...` read the whole tree again: measured, 1.7-2.2 s
 * of CPU a call instead of 1.5-1.8 s. What `npm start` writes as it runs from source (the transpile cache, the web app's build)
 * stays out of node_modules.
 */
describe("what npm start writes, outside npm's install record", () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pc-install-record-'));
    // Where earlier versions kept them: gone, so that writing them again would show.
    rmSync(path.join(MODULES, '.cache', 'swc-register'), { recursive: true, force: true });
    if (existsSync(path.join(MODULES, '.cache')) && readdirSync(path.join(MODULES, '.cache')).length === 0)
      rmSync(path.join(MODULES, '.cache'), { recursive: true });
    rmSync(path.join(MODULES, '.vite-temp'), { recursive: true, force: true });
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('transpiles a source and builds the web app without touching the top of node_modules', async () => {
    const before = { mtime: statSync(MODULES).mtimeMs, entries: readdirSync(MODULES).sort() };
    // A source never run before: its transpiled JavaScript is written to the cache.
    const source = path.join(dir, `fresh-${process.pid}-${Date.now()}.ts`);
    writeFileSync(source, `const seen: number = ${Date.now()};\nconsole.log(typeof seen);\n`);
    const ran = await run(process.execPath, ['-r', path.join(ROOT, 'tools', 'register.js'), source], {
      cwd: ROOT,
    });
    expect(ran.stdout).toBe('number\n');
    await run(process.execPath, [path.join(ROOT, 'tools', 'build-web.js'), path.join(dir, 'web')], {
      cwd: ROOT,
    });
    expect(existsSync(path.join(dir, 'web', 'index.html'))).toBe(true);
    expect({ mtime: statSync(MODULES).mtimeMs, entries: readdirSync(MODULES).sort() }).toEqual(before);
  });
});
