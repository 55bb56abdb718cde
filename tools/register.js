// Runs TypeScript sources directly (decorator metadata and the path aliases of tsconfig.base.json
// included) so that `npm start` needs no build step. Production images run the `npm run build` output.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { threadId } = require('node:worker_threads');

const root = path.join(__dirname, '..');
process.env.SWC_NODE_PROJECT ??= path.join(root, 'tsconfig.json');

const { compilerOptions } = require(path.join(root, 'tsconfig.base.json'));
const aliases = new Map(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [alias, path.join(root, target)]),
);
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const target = aliases.get(request);
  return resolve.call(this, target ?? request, ...rest);
};

cacheTranspiledSources(path.join(root, 'node_modules', '.cache', 'swc-register'));
require('@swc-node/register');

/**
 * Keeps SWC's output on disk so that a process started again takes a file's JavaScript from there
 * instead of transpiling it (SWC was about a seventh of `npm start`'s CPU until ready). It wraps the
 * transform that @swc-node/register calls for every file, so the library's hook, options and source
 * maps stay its own: only the answer for the same input is reused. An entry is per file and options
 * (so the cache holds about one entry per source file) and is served only for the very source it was
 * made from (its digest is in the entry): a changed file is transpiled again and its entry replaced.
 * Entries are written to a file of the writer's own and renamed into place, so processes starting at
 * the same time never read a half-written one. A cache that cannot be read or written (a read-only
 * checkout) only costs the transpiling.
 */
function cacheTranspiledSources(dir) {
  // The transform @swc-node/register itself calls, and the versions that decide its output.
  const from = path.dirname(require.resolve('@swc-node/register'));
  const corePath = require.resolve('@swc-node/core', { paths: [from] });
  const core = require(corePath);
  const swcPath = require.resolve('@swc/core', { paths: [path.dirname(corePath)] });
  const tools = JSON.stringify([
    1, // this cache's own format
    packageVersion(corePath),
    packageVersion(swcPath),
  ]);
  const transformSync = core.transformSync;
  let usable = true;
  core.transformSync = function cachedTransformSync(source, filename, options) {
    // An .swcrc file's content is no part of the key: that configuration is transpiled every time.
    if (!usable || options?.swc?.swcrc) return transformSync(source, filename, options);
    const entry = path.join(
      dir,
      `${crypto.hash('sha256', `${tools}\0${filename}\0${JSON.stringify(options)}`)}.json`,
    );
    const digest = crypto.hash('sha256', source);
    try {
      const cached = JSON.parse(fs.readFileSync(entry, 'utf8'));
      if (cached.digest === digest) return cached.output;
    } catch {
      // No entry yet (or one this version cannot read): transpiled below.
    }
    const output = transformSync(source, filename, options);
    try {
      fs.mkdirSync(dir, { recursive: true });
      const temporary = `${entry}.${process.pid}.${threadId}.tmp`;
      fs.writeFileSync(temporary, JSON.stringify({ digest, output }));
      fs.renameSync(temporary, entry);
    } catch {
      usable = false;
    }
    return output;
  };
}

/** The version in the package.json nearest above a package's file. */
function packageVersion(file) {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) return JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
  }
  return undefined;
}
