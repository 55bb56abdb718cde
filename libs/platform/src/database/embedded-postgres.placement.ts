import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../logging/logger';
import { type DatabaseUser, EmbeddedPostgresSetupError } from './embedded-postgres.server';

const log = createLogger('embedded-postgres');

/** As root: copies of binaries the database user cannot reach where they are, one per package version. */
export const DEFAULT_BINARIES_CACHE_DIR = '/var/cache/policy-catalog/embedded-postgres';
/** As root: PostgreSQL data directories the database user cannot reach where DATA_DIR is. */
export const DEFAULT_RELOCATED_DATA_DIR = '/var/lib/policy-catalog/embedded-postgres';
const DATABASE_USER = 'postgres';
const ADVICE = 'set DATABASE_URL to a PostgreSQL of your own, or run as a user other than root';

export interface PlacementOptions {
  /** The PostgreSQL binaries (a folder with bin/, lib/, share/): default the npm package's. */
  binaries?: string;
  /** Root only: where binaries the database user cannot reach are copied. */
  cacheDir?: string;
  /** Root only: where a data directory the database user cannot reach is placed instead. */
  relocatedDataDir?: string;
}

export interface Placement {
  /** The folder of `initdb` and `postgres`. */
  binDir: string;
  /** The data directory PostgreSQL is given (the real path, never through a closed directory). */
  dataDir: string;
  /** Set when this process is root: the user PostgreSQL runs as. */
  user?: DatabaseUser;
}

/**
 * Where the embedded PostgreSQL runs from. Not as root: the package's binaries and `databaseDir`, as
 * they are. As root, PostgreSQL runs as the `postgres` user (created when missing), which must reach
 * both without this process opening anything of the user's (a checkout in a home directory of mode
 * 0700 stays closed):
 * - binaries it cannot reach are copied once into a root-owned, world-readable cache keyed by the
 *   package's version (copied aside, then renamed into place: two starts never see half a copy);
 * - a data directory it cannot reach is created under DEFAULT_RELOCATED_DATA_DIR instead, with a
 *   symbolic link at `databaseDir`, so restarts find it and the credentials stay in DATA_DIR (0600).
 *   A DATA_DIR it can reach but for DATA_DIR itself (created 0700) is opened for traversal only.
 * What cannot work throws an EmbeddedPostgresSetupError saying what to change.
 */
export function placeEmbeddedPostgres(databaseDir: string, options: PlacementOptions = {}): Placement {
  const binaries = options.binaries ? path.resolve(options.binaries) : packagedBinaries();
  const runAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!runAsRoot) {
    mkdirSync(path.dirname(databaseDir), { recursive: true });
    return { binDir: path.join(binaries, 'bin'), dataDir: databaseDir };
  }
  const user = databaseUser();
  return {
    binDir: path.join(placeBinaries(binaries, user, options.cacheDir ?? DEFAULT_BINARIES_CACHE_DIR), 'bin'),
    dataDir: placeData(databaseDir, user, options.relocatedDataDir ?? DEFAULT_RELOCATED_DATA_DIR),
    user,
  };
}

/** The native folder of the `@embedded-postgres/<platform>-<arch>` package `embedded-postgres` installs. */
export function packagedBinaries(): string {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    // The package's entry point (an ES module, resolved, never loaded) is dist/index.js.
    return path.join(path.dirname(require.resolve(name)), '..', 'native');
  } catch {
    throw new EmbeddedPostgresSetupError(
      `No PostgreSQL binaries for this machine (${name} is not installed): run npm ci, or ` +
        'set DATABASE_URL to a PostgreSQL of your own',
    );
  }
}

/** The `postgres` user, created (a system user with no home or shell) when missing. */
function databaseUser(): DatabaseUser {
  const found = lookupUser(DATABASE_USER);
  if (found) return found;
  const groupExists = spawnSync('getent', ['group', DATABASE_USER]).status === 0;
  const attempts: [string, string[]][] = [
    [
      'useradd',
      [
        '--system',
        ...(groupExists ? ['--gid', DATABASE_USER] : ['--user-group']),
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        DATABASE_USER,
      ],
    ],
    ['adduser', ['-S', '-D', '-H', DATABASE_USER]],
  ];
  const failures: string[] = [];
  for (const [command, args] of attempts) {
    const result = spawnSync(command, args, { encoding: 'utf8' });
    if (result.status === 0) {
      const created = lookupUser(DATABASE_USER);
      if (created) {
        log.info({ user: DATABASE_USER }, 'created the user the embedded PostgreSQL runs as');
        return created;
      }
    }
    failures.push(`${command}: ${(result.error?.message ?? result.stderr ?? '').trim()}`);
  }
  throw new EmbeddedPostgresSetupError(
    `PostgreSQL refuses to run as root and there is no "${DATABASE_USER}" user to run it as, nor could one ` +
      `be created (${failures.join('; ')}): create it (useradd --system ${DATABASE_USER}), or ${ADVICE}`,
  );
}

function lookupUser(name: string): DatabaseUser | undefined {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * The first directory on the way to `dir` (itself included) that `user` may not traverse, from its
 * mode bits (a child started with a uid and gid has no supplementary groups); undefined when none.
 */
export function closedTo(user: DatabaseUser, dir: string): string | undefined {
  const chain: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    chain.unshift(d);
    if (d === path.dirname(d)) break;
  }
  for (const d of chain) {
    const stat = statSync(d);
    const bit = stat.uid === user.uid ? 0o100 : stat.gid === user.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return d;
  }
  return undefined;
}

function placeBinaries(source: string, user: DatabaseUser, cacheDir: string): string {
  const closed = closedTo(user, source);
  if (!closed && runsAs(user, source)) return source;
  const cached = cachedCopy(source, cacheDir, user, closed ?? source);
  if (!runsAs(user, cached)) {
    throw new EmbeddedPostgresSetupError(
      `The "${user.name}" user cannot run PostgreSQL from ${cached} (a mount without exec?): ` +
        `remove it and make ${path.dirname(cached)} a local directory, or ${ADVICE}`,
    );
  }
  return cached;
}

/** Whether `user` can run the binaries (a failure to start, e.g. EACCES, is `false`, never thrown). */
function runsAs(user: DatabaseUser, native: string): boolean {
  const result = spawnSync(path.join(native, 'bin', 'postgres'), ['--version'], {
    uid: user.uid,
    gid: user.gid,
    cwd: '/',
    encoding: 'utf8',
    timeout: 10_000,
  });
  return result.status === 0 && /postgres/i.test(result.stdout);
}

function cachedCopy(source: string, cacheDir: string, user: DatabaseUser, closed: string): string {
  const target = path.join(cacheDir, cacheKey(source));
  const cannot = (why: string) =>
    new EmbeddedPostgresSetupError(
      `PostgreSQL runs as the "${user.name}" user (it refuses to run as root), which cannot reach its ` +
        `binaries in ${source} (${closed} is closed to other users), and they cannot be copied to ` +
        `${cacheDir}: ${why}. Make ${cacheDir} a directory that root alone can write and every user can ` +
        `reach, or ${ADVICE}.`,
    );
  try {
    ownDirectory(cacheDir);
  } catch (error) {
    if (error instanceof EmbeddedPostgresSetupError) throw cannot(error.message);
    throw cannot((error as Error).message);
  }
  const closedCache = closedTo(user, cacheDir);
  if (closedCache) throw cannot(`${closedCache} is closed to other users`);
  if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
  const scratch = mkdtempSync(path.join(cacheDir, `.${path.basename(target)}-`));
  try {
    cpSync(source, scratch, { recursive: true, verbatimSymlinks: true });
    readableByAll(scratch);
    renameSync(scratch, target);
    log.info(
      { from: source, to: target },
      'copied the PostgreSQL binaries where the postgres user reaches them',
    );
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    // Another start copied them first: theirs is complete (a rename is atomic).
    if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
    throw cannot((error as Error).message);
  }
  return target;
}

/** `<package>-<version>` of the binaries' package (e.g. linux-x64-18.4.0-beta.17); else a hash of the folder. */
function cacheKey(source: string): string {
  const manifest = path.join(source, '..', 'package.json');
  if (existsSync(manifest)) {
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      name?: string;
      version?: string;
    };
    if (name && version)
      return `${name.replace(/^@embedded-postgres\//, '')}-${version}`.replace(/[^\w.-]/g, '_');
  }
  return `binaries-${createHash('sha256').update(realpathSync(source)).digest('hex').slice(0, 16)}`;
}

/** Directories 0755, files readable by all (executable by all when executable by their owner). */
function readableByAll(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      readableByAll(entryPath);
      continue;
    }
    const mode = statSync(entryPath).mode & 0o777;
    chmodSync(entryPath, (mode & 0o100 ? 0o755 : 0o644) | (mode & 0o200));
  }
}

/** A directory of root's (created 0755 when missing, whatever the umask) that nobody else can write. */
function ownDirectory(dir: string): void {
  const created = mkdirSync(dir, { recursive: true, mode: 0o755 });
  if (created) {
    for (let d = path.resolve(dir); d.length >= created.length; d = path.dirname(d)) chmodSync(d, 0o755);
  }
  const stat = statSync(dir);
  if (stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new EmbeddedPostgresSetupError(
      `${dir} must belong to root and be writable by root alone (owner ${stat.uid}, mode ${(stat.mode & 0o777).toString(8)})`,
    );
  }
  if ((stat.mode & 0o555) !== 0o555) chmodSync(dir, 0o755);
}

function placeData(databaseDir: string, user: DatabaseUser, relocatedRoot: string): string {
  const existing = lstatOrUndefined(databaseDir);
  if (existing?.isSymbolicLink()) {
    if (existsSync(databaseDir)) {
      const real = realpathSync(databaseDir);
      const closed = closedTo(user, path.dirname(real));
      if (closed) {
        throw new EmbeddedPostgresSetupError(
          `${databaseDir} leads to ${real}, which the "${user.name}" user cannot reach (${closed} is closed ` +
            `to other users): move that data directory somewhere it can, or ${ADVICE}`,
        );
      }
      return real;
    }
    log.warn({ link: databaseDir }, 'the data directory this link led to is gone: creating a new one');
    unlinkSync(databaseDir);
  }
  const parent = path.dirname(databaseDir);
  mkdirSync(parent, { recursive: true });
  const closedAbove = closedTo(user, path.dirname(parent));
  if (!closedAbove) {
    openForTraversal(parent, user);
    return databaseDir;
  }
  if (existing?.isDirectory()) {
    if (existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      throw new EmbeddedPostgresSetupError(
        `${databaseDir} holds a PostgreSQL data directory the "${user.name}" user cannot reach ` +
          `(${closedAbove} is closed to other users): set DATA_DIR to a directory outside ${closedAbove} ` +
          `and move ${parent}'s contents there, or ${ADVICE}`,
      );
    }
    if (readdirSync(databaseDir).length > 0) {
      throw new EmbeddedPostgresSetupError(
        `${databaseDir} is in the way (not a PostgreSQL data directory, and not empty): remove it`,
      );
    }
    rmdirSync(databaseDir);
  }
  try {
    ownDirectory(relocatedRoot);
  } catch (error) {
    throw new EmbeddedPostgresSetupError(
      `The "${user.name}" user PostgreSQL runs as cannot reach ${databaseDir} (${closedAbove} is closed to ` +
        `other users), and a data directory cannot be made for it in ${relocatedRoot}: ` +
        `${(error as Error).message}. Set DATA_DIR to a directory outside ${closedAbove}, or ${ADVICE}.`,
    );
  }
  const closedRoot = closedTo(user, relocatedRoot);
  if (closedRoot) {
    throw new EmbeddedPostgresSetupError(
      `The "${user.name}" user cannot reach ${relocatedRoot} (${closedRoot} is closed to other users): ` +
        `set DATA_DIR to a directory outside ${closedAbove}, or ${ADVICE}`,
    );
  }
  const slug = parent
    .replace(/^\/+/, '')
    .replace(/[^\w.-]+/g, '-')
    .slice(-60);
  const real = path.join(relocatedRoot, `${slug}-${randomBytes(4).toString('hex')}`);
  mkdirSync(real, { mode: 0o700 });
  chownSync(real, user.uid, user.gid);
  symlinkSync(real, databaseDir);
  log.info(
    { link: databaseDir, dataDir: real, closed: closedAbove },
    'the postgres user cannot reach DATA_DIR: its PostgreSQL data lives outside it, linked from there',
  );
  return real;
}

/**
 * A DATA_DIR created with mode 0700 whose parents the database user reaches is opened for traversal
 * only (o+x: nothing in it can be listed, and its files keep their own modes).
 */
function openForTraversal(dir: string, user: DatabaseUser): void {
  if (!closedTo(user, dir)) return;
  const mode = statSync(dir).mode & 0o777;
  chmodSync(dir, mode | 0o001);
  log.info({ dir, mode: (mode | 0o001).toString(8) }, 'opened for traversal by the postgres user');
}

function lstatOrUndefined(file: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}
