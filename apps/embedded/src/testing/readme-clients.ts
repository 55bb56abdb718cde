import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse } from 'yaml';
import { exitOf, runCommandSettled } from './cli-run';

/**
 * The fenced blocks of the README with the given info string (`sh walkthrough`, `yaml workflow`, ...),
 * with the heading they are under. A fence of four backticks or more is closed only by as many (as
 * Markdown renders it): a block whose fence is never closed is an error, never a silent skip.
 */
export function fencedBlocks(
  markdown: string,
  info: string,
  file = 'README.md',
): Array<{ line: number; heading: string; text: string }> {
  return allFencedBlocks(markdown, file)
    .filter((block) => block.info === info)
    .map(({ line, heading, text }) => ({ line, heading, text }));
}

/** Every fenced block of a Markdown file, with its info string; an unclosed block throws, naming it. */
export function allFencedBlocks(
  markdown: string,
  file: string,
): Array<{ line: number; heading: string; info: string; text: string }> {
  const found: Array<{ line: number; heading: string; info: string; text: string }> = [];
  const lines = markdown.split('\n');
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    if (/^#{1,6} /.test(lines[i])) heading = lines[i].replace(/^#+ /, '');
    const fence = /^(`{3,})(.*)$/.exec(lines[i].trim());
    if (!fence) continue;
    const end = lines.findIndex(
      (l, j) => j > i && l.trim().startsWith(fence[1]) && l.trim().replace(/`/g, '') === '',
    );
    if (end < 0) throw new Error(`${file}:${i + 1}: the ${fence[2].trim()} block is never closed`);
    found.push({ line: i + 1, heading, info: fence[2].trim(), text: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return found;
}

interface WorkflowStep {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
}
interface Workflow {
  jobs: Record<string, { env?: Record<string, string>; steps: WorkflowStep[] }>;
}

export interface StepResult {
  step: string;
  skipped?: 'uses' | 'earlier failure' | 'installed';
  status?: number | null;
  stdout?: string;
  stderr?: string;
}

/**
 * Runs a GitHub Actions workflow's `run` steps as the runner would (bash -eo pipefail, the job's `env`
 * with `${{ vars.X }}`/`${{ secrets.X }}` taken from `context`), in `cwd` (the harness's checkout).
 * `uses` steps are GitHub's own (checkout, setup-node, upload) and are skipped; a step after a failed
 * one runs only with `if: always()`. The first line of `install` replaces the registry packages of
 * an `npm install --global` with the given tarballs, installed into `globalPrefix`, their dependencies
 * resolved through `registry` (a `lockfileRegistry`); with `installed`, a step that only installs
 * (`npm install --global ...`) is skipped: an earlier run of the workflow installed the same packages
 * into the same `globalPrefix`.
 */
export async function runWorkflow(
  yamlText: string,
  options: {
    cwd: string;
    context: Record<string, string>;
    tarballs: Record<string, string>;
    registry: string;
    globalPrefix: string;
    env: Record<string, string | undefined>;
    installed?: boolean;
  },
): Promise<{ ok: boolean; steps: StepResult[] }> {
  const workflow = parse(yamlText) as Workflow;
  const expression = (value: string) =>
    value.replace(/\$\{\{\s*(?:vars|secrets)\.(\w+)\s*\}\}/g, (_, name: string) => {
      if (!(name in options.context))
        throw new Error(`the workflow uses ${name}, which the test does not provide`);
      return options.context[name];
    });
  const results: StepResult[] = [];
  let ok = true;
  for (const job of Object.values(workflow.jobs)) {
    const env = Object.fromEntries(Object.entries(job.env ?? {}).map(([k, v]) => [k, expression(String(v))]));
    await mkdir(path.join(options.globalPrefix, 'bin'), { recursive: true });
    for (const step of job.steps) {
      const name = step.name ?? step.uses ?? step.run ?? '';
      if (step.uses) {
        results.push({ step: name, skipped: 'uses' });
        continue;
      }
      if (!ok && step.if !== 'always()') {
        results.push({ step: name, skipped: 'earlier failure' });
        continue;
      }
      if (options.installed && /^npm install --global [^\n]+$/.test((step.run ?? '').trim())) {
        results.push({ step: name, skipped: 'installed' });
        continue;
      }
      let script = step.run ?? '';
      for (const [spec, tarball] of Object.entries(options.tarballs))
        script = script.split(spec).join(tarball);
      const run = await runCommandSettled(
        'bash',
        ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script],
        {
          cwd: options.cwd,
          env: {
            ...options.env,
            ...env,
            PATH: `${path.join(options.globalPrefix, 'bin')}:${options.env.PATH ?? ''}`,
            npm_config_prefix: options.globalPrefix,
            // npm looks for the machine's global configuration (its CA file, a proxy) under its prefix,
            // which the line above moves: without it, a registry behind an intercepting proxy fails
            // every request, retried for minutes.
            npm_config_globalconfig: machineNpmrc(),
            npm_config_registry: options.registry,
            npm_config_prefer_offline: 'true',
            npm_config_audit: 'false',
            npm_config_fund: 'false',
            // No check of npm's own latest version against the registry (a network call per run).
            npm_config_update_notifier: 'false',
          },
          timeoutMs: 120_000,
        },
      );
      results.push({ step: name, status: run.code, stdout: run.stdout, stderr: run.stderr });
      if (run.code !== 0) ok = false;
    }
  }
  return { ok, steps: results };
}

/** The global npmrc npm reads with its own prefix (npm sets the variable for the scripts it runs). */
export function machineNpmrc(): string {
  return (
    process.env.npm_config_globalconfig ??
    path.join(process.env.PREFIX ?? path.dirname(path.dirname(process.execPath)), 'etc', 'npmrc')
  );
}

interface LockEntry {
  version?: string;
  integrity?: string;
  link?: boolean;
  [field: string]: unknown;
}

/**
 * A registry standing in for npm's, for the dependencies of the packed packages: every package of the
 * repository's package-lock.json at the versions locked there, with their integrity, so that npm takes
 * their tarballs from its cache (where `npm ci` put them) and the install makes no request beyond this
 * process. With the public registry, npm fetched each dependency's document (six for the CLI) on every
 * fresh cache, and on this machine every fetch failed (the moved prefix lost the CA file), retried past
 * the step's two minutes. A tarball missing from the cache is redirected to the public registry.
 */
export async function lockfileRegistry(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const documents = new Map<string, { versions: Record<string, LockEntry>; latest: string }>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    const at = key.lastIndexOf('node_modules/');
    if (at < 0 || entry.link || !entry.version) continue;
    const name = key.slice(at + 'node_modules/'.length);
    const document = documents.get(name) ?? { versions: {}, latest: entry.version };
    document.versions[entry.version] = entry;
    documents.set(name, document);
  }
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (/\/-\/[^/]+\.tgz$/.test(url)) {
      response.writeHead(302, { location: `https://registry.npmjs.org${url}` }).end();
      return;
    }
    const name = decodeURIComponent(url.slice(1));
    const document = documents.get(name);
    if (!document) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    const base = `http://${request.headers.host}`;
    const versions = Object.fromEntries(
      Object.entries(document.versions).map(([version, entry]) => {
        const { dependencies, optionalDependencies, peerDependencies, bin, engines, os, cpu, integrity } =
          entry;
        const file = `${name.split('/').pop()}-${version}.tgz`;
        return [
          version,
          {
            ...{ name, version, dependencies, optionalDependencies, peerDependencies, bin, engines, os, cpu },
            dist: { integrity, tarball: `${base}/${name}/-/${file}` },
          },
        ];
      }),
    );
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ name, 'dist-tags': { latest: document.latest }, versions }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The type errors of one file, as `tsc -p <config> --pretty false` prints them, without checking the
 * rest of the program: the program is built from `config` (its options, its files, the types they
 * use, resolved as tsc resolves them), and only `file`'s own syntax and types are checked, with the
 * options' and the program's global errors. Its files are read as tsc reads them: JSDoc parsed only
 * where a type error can come from it (tsc's ParseForTypeErrors; parsing every comment of the SDK's
 * generated types and @types/node was a tenth of the check). Run as `node -e <this> <typescript> <config>
 * <file>`.
 */
const FILE_TYPE_CHECK = `
const ts = require(process.argv[1]);
const [config, file] = process.argv.slice(2);
const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\\n')); } };
const parsed = ts.getParsedCommandLineOfConfigFile(config, {}, host);
const compilerHost = ts.createCompilerHost(parsed.options);
compilerHost.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, configFileParsingDiagnostics: parsed.errors, host: compilerHost });
const source = program.getSourceFile(file);
if (!source) throw new Error(file + ' is not in the program of ' + config);
const diagnostics = [
  ...program.getConfigFileParsingDiagnostics(),
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...program.getSyntacticDiagnostics(source),
  ...program.getSemanticDiagnostics(source),
];
process.stdout.write(ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\\n' }));
process.exitCode = diagnostics.length > 0 ? 2 : 0;
`;

/**
 * Type-checks a TypeScript file as the repository's compiler settings would (the SDK's alias included),
 * in a child process: the caller's event loop keeps serving while it runs. The file's own errors only:
 * the SDK's sources it imports are the repository's typecheck's to check (with them, tsc spent two
 * thirds of its time on the SDK, its 1 MB of generated types included, not on the file).
 */
export async function typeProblems(root: string, file: string): Promise<string[]> {
  const config = path.join(path.dirname(file), 'tsconfig.json');
  writeFileWhole(
    config,
    JSON.stringify({
      extends: path.join(root, 'tsconfig.base.json'),
      // Type packages from the repository, as for its own files (not from beside the file); Node's
      // alone: the test runner's globals (and the 200 files of their types) are no program's to use.
      compilerOptions: {
        noEmit: true,
        types: ['node'],
        typeRoots: [path.join(root, 'node_modules', '@types')],
      },
      files: [file],
    }),
  );
  const typescript = path.join(root, 'node_modules', 'typescript');
  const run = await runCommandSettled(process.execPath, ['-e', FILE_TYPE_CHECK, typescript, config, file], {
    cwd: path.dirname(file),
    env: {},
    timeoutMs: 120_000,
  });
  const problems = `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.trim() !== '');
  if (run.code !== 0 && problems.length === 0) problems.push(`the type check ${exitOf(run)}`);
  return problems;
}

/**
 * Writes a file whole: into a file of this process's own beside it, then renamed into place, so that a
 * process reading it (another test file's run writing the same text) never sees it half-written.
 */
export function writeFileWhole(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}
