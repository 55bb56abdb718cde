#!/usr/bin/env node
// The compile step of `npm run build`: every TypeScript file of the apps, libraries and tools (as
// tsconfig.build.json includes them) to CommonJS in dist/, with SWC, the compiler the tests and
// `npm start` run the same sources through (.swcrc: decorators and their metadata), and the tsconfig
// path aliases (@pc/...) rewritten to relative requires. Types are checked by `npm run typecheck`, not
// here: a build takes seconds, not a minute.
const fs = require('node:fs');
const path = require('node:path');
const swc = require('@swc/core');

const root = path.join(__dirname, '..');
const dist = path.join(root, 'dist');
const { compilerOptions } = require('../tsconfig.base.json');
const build = require('../tsconfig.build.json');
const swcrc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8'));

const TOP = ['apps', 'libs', 'tools'];
const excluded = (rel) =>
  rel.endsWith('.d.ts') ||
  /\.(spec|integration-spec|e2e-spec)\.ts$/.test(rel) ||
  rel.startsWith('apps/web/') ||
  rel.startsWith('libs/testing/') ||
  rel.startsWith('tools/jest/') ||
  rel.startsWith('tools/openapi-client-check/') ||
  rel.includes('/lint-fixtures/') ||
  /^apps\/[^/]+\/src\/testing\//.test(rel);

function sources(dir, found = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, found);
    else if (entry.name.endsWith('.ts') && !excluded(path.relative(root, full).split(path.sep).join('/')))
      found.push(full);
  }
  return found;
}

async function main() {
  if (build.compilerOptions.outDir !== 'dist') throw new Error('tsconfig.build.json: outDir must be dist');
  const options = {
    ...swcrc,
    swcrc: false,
    sourceMaps: true,
    jsc: { ...swcrc.jsc, baseUrl: root, paths: compilerOptions.paths },
  };
  const files = TOP.flatMap((top) => sources(path.join(root, top)));
  await Promise.all(
    files.map(async (file) => {
      const rel = path.relative(root, file);
      const out = path.join(dist, rel.replace(/\.ts$/, '.js'));
      const { code, map } = await swc.transformFile(file, {
        ...options,
        filename: file,
        sourceFileName: path.relative(path.dirname(out), file),
        outputPath: out,
      });
      await fs.promises.mkdir(path.dirname(out), { recursive: true });
      await fs.promises.writeFile(out, `${code}\n//# sourceMappingURL=${path.basename(out)}.map\n`);
      if (map) await fs.promises.writeFile(`${out}.map`, map);
    }),
  );
  console.log(`compiled ${files.length} files to ${path.relative(root, dist)}/`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
