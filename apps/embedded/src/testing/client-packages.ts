import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What the packages are built from: a change to any of these packs them again. */
const INPUTS = ['libs/sdk', 'apps/cli', 'tools/pack-client.js', 'tsconfig.base.json', 'package-lock.json'];
const OUTPUTS = new Set(['dist', 'node_modules']);
/** A lock older than this was left by a run that died: it is taken over. */
const STALE_LOCK_MS = 10 * 60_000;

export interface ClientPackages {
  /** The tarballs by the registry spec they stand in for (`@policy-catalog/cli@0.1.0`). */
  tarballs: Record<string, string>;
  /** The compiled CLI inside the packed package's build (`apps/cli/dist/.../bin.js`). */
  cliBin: string;
  /** True when an earlier file (or run) had packed these very sources. */
  reused: boolean;
}

/**
 * The SDK and the CLI packed as npm packages (`tools/pack-client.js pack`: tsc, then `npm pack`), once
 * for the sources as they are: every test file of a run that needs them (and the next run, while the
 * sources are unchanged) takes the same packages, keyed by a digest of their inputs. Files running at
 * the same time wait on one lock (a directory, made atomically). Packing runs in child processes, never
 * synchronously: the system under test lives in the calling process.
 */
export async function packedClients(root: string): Promise<ClientPackages> {
  const dir = path.join(root, 'dist', 'packages');
  mkdirSync(dir, { recursive: true });
  const release = await lock(path.join(dir, '.packing'));
  try {
    const digest = inputDigest(root);
    const stamp = path.join(dir, 'clients.digest');
    const packages = located(root, dir);
    const fresh =
      existsSync(stamp) &&
      readFileSync(stamp, 'utf8') === digest &&
      [...Object.values(packages.tarballs), packages.cliBin].every((f) => existsSync(f));
    if (fresh) return { ...packages, reused: true };
    rmSync(stamp, { force: true });
    for (const name of ['sdk', 'cli']) {
      await run(process.execPath, [path.join(root, 'tools', 'pack-client.js'), 'pack', name], {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stdout?: string; stderr?: string }) => {
        throw new Error(`packing the ${name} package failed:\n${error.stdout}\n${error.stderr}`);
      });
    }
    for (const f of [...Object.values(packages.tarballs), packages.cliBin])
      if (!existsSync(f)) throw new Error(`packing left no ${f}`);
    writeFileSync(stamp, digest);
    return { ...packages, reused: false };
  } finally {
    release();
  }
}

function located(root: string, dir: string): Omit<ClientPackages, 'reused'> {
  return {
    tarballs: {
      '@policy-catalog/sdk@0.1.0': path.join(dir, 'policy-catalog-sdk-0.1.0.tgz'),
      '@policy-catalog/cli@0.1.0': path.join(dir, 'policy-catalog-cli-0.1.0.tgz'),
    },
    cliBin: path.join(root, 'apps', 'cli', 'dist', 'apps', 'cli', 'src', 'bin.js'),
  };
}

/** sha256 over the paths and contents of every input file (build outputs left out). */
function inputDigest(root: string): string {
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
  for (const input of INPUTS) walk(input);
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
