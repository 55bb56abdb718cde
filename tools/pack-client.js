#!/usr/bin/env node
// Builds or packs the publishable clients: `node tools/pack-client.js build|pack sdk|cli`.
// build: compiles the package's sources to its dist/ (the CLI together with the SDK's sources, its
// `require('@policy-catalog/sdk')` rewritten to a relative path, so the CLI package needs nothing
// unpublished). The SDK with tsc (its declarations need the program); the CLI, which ships no
// declarations, file by file with TypeScript's transpileModule and the same compiler options, as
// `npm run build` compiles the apps: the same JavaScript (the sources run through SWC file by file in a
// clone, so they compile alone), in a quarter of tsc's CPU. Types are checked by `npm run typecheck`;
// pack: `npm pack` of the package into dist/packages/ (its prepack script builds it first).
const { execFileSync } = require('node:child_process');
const { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const PACKAGES = { sdk: path.join(root, 'libs', 'sdk'), cli: path.join(root, 'apps', 'cli') };
const [action, name] = process.argv.slice(2);
const dir = PACKAGES[name];
if (!['build', 'pack'].includes(action) || !dir) {
  console.error('usage: node tools/pack-client.js build|pack sdk|cli');
  process.exit(2);
}

function tsc(project) {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', project], {
    stdio: 'inherit',
  });
}

/**
 * What tsc -p `project` emits, file by file (each source compiled alone, no program, no type check):
 * for a project without declarations. Syntax errors fail it, as they fail tsc.
 */
function transpile(project) {
  const ts = require('typescript');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    project,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const { options, fileNames } = parsed;
  if (parsed.errors.length || options.declaration || !options.rootDir || !options.outDir)
    throw new Error(`${project}: transpiled only without declarations, with a rootDir and an outDir`);
  const problems = [];
  for (const file of fileNames) {
    if (!file.endsWith('.ts') || file.endsWith('.d.ts'))
      throw new Error(`${file}: only .ts sources are transpiled; a project with others needs tsc`);
    const out = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: options,
      fileName: file,
      reportDiagnostics: true,
    });
    for (const d of out.diagnostics ?? []) {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      problems.push(
        `${path.relative(root, file)}${at ? `(${at.line + 1},${at.character + 1})` : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    }
    const target = path.join(options.outDir, path.relative(options.rootDir, file).replace(/\.ts$/, '.js'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, out.outputText);
  }
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}

function build(which) {
  const packageDir = PACKAGES[which];
  const project = path.join(packageDir, 'tsconfig.lib.json');
  rmSync(path.join(packageDir, 'dist'), { recursive: true, force: true });
  if (which === 'cli') transpile(project);
  else tsc(project);
  if (which === 'cli') {
    const sdk = path.join(packageDir, 'dist', 'libs', 'sdk', 'src', 'index.js');
    rewriteSdkImports(path.join(packageDir, 'dist', 'apps', 'cli', 'src'), sdk);
    chmodSync(path.join(packageDir, 'dist', 'apps', 'cli', 'src', 'bin.js'), 0o755);
  }
}

/** The compiled CLI requires its own copy of the SDK by a relative path instead of the alias. */
function rewriteSdkImports(dir, sdk) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) rewriteSdkImports(file, sdk);
    else if (entry.name.endsWith('.js')) {
      const relative = path.relative(dir, sdk).split(path.sep).join('/');
      const text = readFileSync(file, 'utf8');
      const rewritten = text.replace(/require\("@policy-catalog\/sdk"\)/g, `require("./${relative}")`);
      if (rewritten !== text) writeFileSync(file, rewritten);
    }
  }
}

if (action === 'build') build(name);
else {
  const destination = path.join(root, 'dist', 'packages');
  mkdirSync(destination, { recursive: true });
  execFileSync('npm', ['pack', '--pack-destination', destination], { cwd: dir, stdio: 'inherit' });
}
