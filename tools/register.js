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

const INLINE_MAP = '//# sourceMappingURL=data:application/json;base64,';

// Beside node_modules, not in it: npm trusts its record of the install (node_modules/.package-lock.json)
// only while node_modules is no newer, and a folder made there sent every later `npx` of the project
// through a read of the whole tree (a fifth more CPU a call) (apps/embedded/src/ops/install-record.spec.ts).
registerCached(path.join(root, '.cache', 'swc-register'));

/**
 * @swc-node/register, with SWC's output kept on disk: a process started again takes a file's
 * JavaScript from there instead of transpiling it, and loads neither the library's tsconfig reading
 * (the whole `typescript` package) nor SWC until a file is missing. SWC was a seventh of `npm start`'s
 * CPU until ready, `typescript`'s load and tsconfig another tenth. The hook is installed as the
 * library's `register()` installs it (pirates, the same extensions, source-map-support), and a missing
 * file is transpiled by the library's own `compile()` with the options `register()` would pass, so
 * what runs is what the library would run. An entry is per file (so the cache holds about one entry
 * per source file) and is served only for the very source it was made from (its digest is in the
 * entry): a changed file is transpiled again and its entry replaced. Its name also covers the
 * library's versions, tsconfig.json, tsconfig.base.json and the variables the library reads; with
 * another tsconfig (SWC_NODE_PROJECT, TS_NODE_PROJECT) or an .swcrc (SWCRC), nothing is cached.
 * Entries are written to a file of the writer's own and renamed into place, so processes starting at
 * the same time never read a half-written one. A cache that cannot be written (a read-only checkout)
 * only costs the transpiling.
 */
function registerCached(dir) {
  const from = path.dirname(require.resolve('@swc-node/register'));
  const within = (name) => require.resolve(name, { paths: [from] });
  // @swc-node/register's DEFAULT_EXTENSIONS (lib/register.js, 1.11.1), hooked by pirates outside
  // node_modules: an upgrade of the library (pinned in package.json) checks this list.
  const extensions = ['.js', '.ts', '.jsx', '.tsx', '.mjs', '.mts', '.cjs', '.cts', '.es6', '.es'];
  const project = path.join(root, 'tsconfig.json');
  const cacheable =
    process.env.SWC_NODE_PROJECT === project && !process.env.TS_NODE_PROJECT && !process.env.SWCRC;
  const settings = JSON.stringify([
    1, // this cache's own format
    packageVersion(require.resolve('@swc-node/register')),
    packageVersion(within('@swc-node/core')),
    packageVersion(require.resolve('@swc/core', { paths: [path.dirname(within('@swc-node/core'))] })),
    fs.readFileSync(project, 'utf8'),
    fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'),
    ['SWC_NODE_INLINE_SOURCE_MAP', 'SWC_NODE_IGNORE_DYNAMIC'].map((name) => process.env[name] ?? null),
  ]);

  let library; // loaded on the first file that is not in the cache
  const transpile = (source, filename) => {
    if (!library) {
      const { compile } = require(within('@swc-node/register/register'));
      const { readDefaultTsConfig } = require(within('@swc-node/register/read-default-tsconfig'));
      const options = readDefaultTsConfig();
      options.module = require(within('typescript')).ModuleKind.CommonJS; // as register() sets it
      library = { compile, options };
    }
    return library.compile(source, filename, library.options);
  };

  const sourceMaps = require(within('@swc-node/sourcemap-support'));
  sourceMaps.installSourceMapSupport();
  // SWC's map is inline in the code it returns, which source-map-support never sees (it reads the
  // .ts file from disk): without this, a stack trace named the transpiled line, not the source's. The
  // map is kept as bytes (a slice of the code would keep the whole code alive) and read as text only
  // when a trace through the file is formatted: about 4 MB for npm start's files. Only these maps:
  // the library's own lookup read and parsed the map files of node_modules whenever a trace passed
  // through a dependency (nats formats one at each close), about 45 ms of CPU in a process that just
  // connects and closes; a dependency's frames name its JavaScript, as Node's own traces do.
  const inlineMaps = new Map();
  require(require.resolve('source-map-support', { paths: [within('@swc-node/sourcemap-support')] })).install({
    overrideRetrieveSourceMap: true,
    retrieveSourceMap(file) {
      const map = inlineMaps.get(file);
      return map === undefined ? null : { url: file, map: map.toString('utf8') };
    },
  });
  const keepMap = (filename, code) => {
    const at = code.lastIndexOf(INLINE_MAP);
    if (at !== -1)
      inlineMaps.set(filename, Buffer.from(code.slice(at + INLINE_MAP.length).trimEnd(), 'base64'));
    return code;
  };
  let usable = cacheable;
  require(within('pirates')).addHook(
    (source, filename) => {
      if (!usable) return keepMap(filename, transpile(source, filename));
      const entry = path.join(dir, `${crypto.hash('sha256', `${settings}\0${filename}`)}.json`);
      const digest = crypto.hash('sha256', source);
      try {
        const cached = JSON.parse(fs.readFileSync(entry, 'utf8'));
        if (cached.digest === digest) return keepMap(filename, cached.code);
      } catch {
        // No entry yet (or one this version cannot read): transpiled below.
      }
      const code = keepMap(filename, transpile(source, filename));
      // A map the library keeps apart (none with tsconfig's inline maps) would be lost from the cache.
      if (sourceMaps.SourcemapMap.has(filename)) return code;
      try {
        fs.mkdirSync(dir, { recursive: true });
        const temporary = `${entry}.${process.pid}.${threadId}.tmp`;
        fs.writeFileSync(temporary, JSON.stringify({ digest, code }));
        fs.renameSync(temporary, entry);
      } catch {
        usable = false;
      }
      return code;
    },
    { exts: extensions },
  );
}

/** The version in the package.json nearest above a package's file. */
function packageVersion(file) {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) return JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
  }
  return undefined;
}
