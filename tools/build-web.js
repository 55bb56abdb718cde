#!/usr/bin/env node
// Builds the web app (apps/web) into dist/web, or the folder given as the first argument, and
// measures its first load: the JavaScript index.html loads before the first page shows (its module
// script and the chunks it preloads), gzipped. Fails when that is over the budget.
// The build goes to a temporary folder renamed into place, so a reader never sees half a build.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const root = path.join(__dirname, '..');
const WEB = path.join(root, 'apps', 'web');
/** First-load JavaScript, gzipped (issue 17: under 200 kB). */
const FIRST_LOAD_BUDGET = 200 * 1024;

/** The JavaScript files index.html loads at once, with their raw and gzipped sizes. */
function firstLoad(dir) {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]);
  const files = [...new Set(urls)].map((url) => {
    const body = fs.readFileSync(path.join(dir, url.replace(/^\//, '')));
    return { url, bytes: body.length, gzipBytes: zlib.gzipSync(body).length };
  });
  return {
    files,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    budget: FIRST_LOAD_BUDGET,
  };
}

/** The newest modification time of the web app's sources (to tell a stale build). */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  walk(WEB);
  return newest;
}

/** True when `dir` holds a build at least as new as every source file. */
function isCurrent(dir) {
  const index = path.join(dir, 'index.html');
  return fs.existsSync(index) && fs.statSync(index).mtimeMs >= newestSource();
}

async function buildWeb(outDir = path.join(root, 'dist', 'web'), { quiet = false } = {}) {
  const { build } = await import('vite');
  const target = path.resolve(outDir);
  const temporary = `${target}.tmp-${process.pid}-${Date.now()}`;
  await build({
    configFile: path.join(WEB, 'vite.config.mjs'),
    // Imported as it is (plain ESM): Vite's default bundles it into node_modules/.vite-temp, which made
    // npm distrust its install record (apps/embedded/src/ops/install-record.spec.ts).
    configLoader: 'native',
    logLevel: quiet ? 'warn' : 'info',
    build: { outDir: temporary },
  });
  const size = firstLoad(temporary);
  fs.writeFileSync(path.join(temporary, 'build-size.json'), `${JSON.stringify(size, null, 2)}\n`);
  fs.rmSync(target, { recursive: true, force: true });
  try {
    fs.renameSync(temporary, target);
  } catch (error) {
    // Another build (a parallel test) put its copy there first: same sources, keep that one.
    fs.rmSync(temporary, { recursive: true, force: true });
    if (!fs.existsSync(path.join(target, 'index.html'))) throw error;
  }
  if (size.gzipBytes > FIRST_LOAD_BUDGET) {
    throw new Error(
      `first-load JavaScript is ${kb(size.gzipBytes)} gzipped, over the ${kb(FIRST_LOAD_BUDGET)} budget`,
    );
  }
  return { dir: target, size };
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

module.exports = { buildWeb, firstLoad, isCurrent, FIRST_LOAD_BUDGET };

if (require.main === module) {
  buildWeb(process.argv[2])
    .then(({ dir, size }) => {
      process.stdout.write(
        `web app built in ${path.relative(root, dir) || dir}: first-load JavaScript ${kb(size.gzipBytes)} gzipped ` +
          `(${kb(size.bytes)} raw, ${size.files.length} file(s); budget ${kb(FIRST_LOAD_BUDGET)})\n`,
      );
    })
    .catch((error) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
