import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

type PackageName = 'sdk' | 'cli';
const COMMON = ['tools/pack-client.js', 'tsconfig.base.json', 'package-lock.json'];
/** What each package is built from (the CLI carries its own compiled SDK): a change packs it again. */
const INPUTS: Record<PackageName, string[]> = {
  sdk: ['libs/sdk', ...COMMON],
  cli: ['apps/cli', 'libs/sdk', ...COMMON],
};
const TARBALLS: Record<PackageName, [spec: string, file: string]> = {
  sdk: ['@policy-catalog/sdk@0.1.0', 'policy-catalog-sdk-0.1.0.tgz'],
  cli: ['@policy-catalog/cli@0.1.0', 'policy-catalog-cli-0.1.0.tgz'],
};
const OUTPUTS = new Set(['dist', 'node_modules']);
/** A lock older than this was left by a run that died: it is taken over. */
const STALE_LOCK_MS = 10 * 60_000;

export interface ClientPackages {
  /** The tarballs asked for, by the registry spec they stand in for (`@policy-catalog/cli@0.1.0`). */
  tarballs: Record<string, string>;
  /** The compiled CLI inside the packed package's build (`apps/cli/dist/.../bin.js`), when packed. */
  cliBin: string;
  /** True when an earlier file (or run) had packed these very sources. */
  reused: boolean;
}

/** A package's tarball and the compiled file a test runs (the CLI's bin; the SDK's index). */
function outputs(root: string, name: PackageName): string[] {
  const built =
    name === 'cli'
      ? path.join(root, 'apps', 'cli', 'dist', 'apps', 'cli', 'src', 'bin.js')
      : path.join(root, 'libs', 'sdk', 'dist', 'index.js');
  return [path.join(root, 'dist', 'packages', TARBALLS[name][1]), built];
}

/**
 * The SDK and the CLI packed as npm packages (`tools/pack-client.js pack`: tsc, then `npm pack`), once
 * for the sources as they are: every test file of a run that needs them (and the next run, while the
 * sources are unchanged) takes the same packages, keyed by a digest of their inputs. Files running at
 * the same time wait on one lock (a directory, made atomically). Packing runs in child processes, never
 * synchronously: the system under test lives in the calling process.
 */
export async function packedClients(
  root: string,
  names: PackageName[] = ['sdk', 'cli'],
): Promise<ClientPackages> {
  const dir = path.join(root, 'dist', 'packages');
  mkdirSync(dir, { recursive: true });
  const release = await lock(path.join(dir, '.packing'));
  try {
    let reused = true;
    for (const name of names) {
      const digest = inputDigest(root, INPUTS[name]);
      const stamp = path.join(dir, `${name}.digest`);
      const fresh =
        existsSync(stamp) &&
        readFileSync(stamp, 'utf8') === digest &&
        outputs(root, name).every((f) => existsSync(f));
      if (fresh) continue;
      reused = false;
      rmSync(stamp, { force: true });
      await run(process.execPath, [path.join(root, 'tools', 'pack-client.js'), 'pack', name], {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stdout?: string; stderr?: string }) => {
        throw new Error(`packing the ${name} package failed:\n${error.stdout}\n${error.stderr}`);
      });
      for (const f of outputs(root, name)) if (!existsSync(f)) throw new Error(`packing left no ${f}`);
      writeFileSync(stamp, digest);
    }
    return {
      tarballs: Object.fromEntries(names.map((n) => [TARBALLS[n][0], outputs(root, n)[0]])),
      cliBin: outputs(root, 'cli')[1],
      reused,
    };
  } finally {
    release();
  }
}

/** sha256 over the paths and contents of every input file (build outputs left out). */
function inputDigest(root: string, inputs: string[]): string {
  const hash = createHash('sha256');
  const walk = (relative: string): void => {
    const absolute = path.join(root, relative);
    if (statSync(absolute).isDirectory()) {
      for (const name of readdirSync(absolute).sort())
        if (!OUTPUTS.has(name)) walk(path.join(relative, name));
      return;
    }
    hash.update(`${relative}\0`);
    hash.update(readFileSync(absolute));
    hash.update('\0');
  };
  for (const input of inputs) walk(input);
  return hash.digest('hex');
}

async function lock(at: string): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(at);
      return () => rmSync(at, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(at, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(at, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
