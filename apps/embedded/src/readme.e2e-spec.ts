import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTestDatabase, sarifProblems, type TestDatabase } from '@pc/testing';
import { exitOf, runCommandSettled, stopCliRunner } from './testing/cli-run';
import { packedClients } from './testing/client-packages';
import { npmStartEnvironment } from './testing/npm-start';
import {
  allFencedBlocks,
  fencedBlocks,
  lockfileRegistry,
  runWorkflow,
  type StepResult,
  typeProblems,
  writeFileWhole,
} from './testing/readme-clients';

const ROOT = path.join(__dirname, '..', '..', '..');
const ADMIN = { email: 'readme-admin@example.com', password: 'readme-admin-password' };

interface Walkthrough {
  file: string;
  title: string;
  line: number;
  script: string;
}

/** The README and every guide (docs/guides/*.md), the documents whose blocks the tests run. */
const DOCUMENTS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs', 'guides'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/guides/${name}`),
].map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));

/** Every fenced block whose info string is exactly `sh walkthrough`, in document order. */
function walkthroughs(): Walkthrough[] {
  return DOCUMENTS.flatMap(({ file, text }) =>
    fencedBlocks(text, 'sh walkthrough', file).map((b) => ({
      file,
      title: b.heading,
      line: b.line,
      script: b.text,
    })),
  );
}

/** The one block of the documents with this info string (the clients' examples). */
function theBlock(info: string): { file: string; line: number; text: string } {
  const found = DOCUMENTS.flatMap(({ file, text }) =>
    fencedBlocks(text, info, file).map((b) => ({ file, line: b.line, text: b.text })),
  );
  if (found.length !== 1)
    throw new Error(`${found.length} blocks \`${info}\` in the README and guides: one expected`);
  return found[0];
}

/** What the walk-throughs are given, as a reader gives it after "Before you start" (docs/guides). */
const WALKTHROUGH_VARIABLES = ['B', 'S', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'];

/**
 * The shell blocks of the guides the test does not run: every one must be a walk-through, or the
 * `sh setup` block that exports exactly the variables the test gives the walk-throughs.
 */
function unrunShellBlocks(): string[] {
  const problems: string[] = [];
  for (const { file, text } of DOCUMENTS.filter((d) => d.file.startsWith('docs/guides/'))) {
    for (const block of allFencedBlocks(text, file)) {
      const language = block.info.split(/\s+/)[0];
      if (!['sh', 'bash', 'shell', 'console', 'zsh'].includes(language) || block.info === 'sh walkthrough')
        continue;
      const exported = block.text
        .split('\n')
        .flatMap((line) => [...line.matchAll(/(?:^export |\s)([A-Z_]+)=/g)].map((m) => m[1]));
      const onlyExports = block.text.split('\n').every((line) => line.startsWith('export ') || line === '');
      if (
        block.info === 'sh setup' &&
        onlyExports &&
        exported.sort().join() === [...WALKTHROUGH_VARIABLES].sort().join()
      )
        continue;
      problems.push(`${file}:${block.line}: a \`${block.info}\` block the tests do not run`);
    }
  }
  return problems;
}

/**
 * The command of package.json's `start` script, its `node` this test's: what `npm start` runs, without
 * npm's own start-up (about 1.4 s of CPU; the shutdown and start-up tests run `npm start` itself).
 */
function npmStartCommand(): { command: string; args: string[] } {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...args] = scripts.start.split(/\s+/);
  if (node !== 'node') throw new Error(`package.json's start script no longer starts node: ${scripts.start}`);
  return { command: process.execPath, args };
}

/** `npm start` in a child process, on free ports, a test database and a data directory of its own. */
async function startLikeNpmStart(
  databaseUrl: string,
  dataDir: string,
): Promise<{ child: ChildProcess; B: string; S: string; output: string; log: () => string }> {
  const { command, args } = npmStartCommand();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...npmStartEnvironment(dataDir),
      DATABASE_URL: databaseUrl,
      BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      // Every walk-through runs twice, three at a time, from one address: more sign-ups, submissions,
      // validations, evaluations, credential checks and drift refreshes than one person makes in an hour
      // (the budgets count per address as well as per user; no guide shows their 429s).
      RATE_LIMIT_SIGNUPS_PER_HOUR: '200',
      RATE_LIMIT_SUBMISSIONS_PER_HOUR: '200',
      RATE_LIMIT_VALIDATIONS_PER_MINUTE: '100',
      RATE_LIMIT_EVALUATIONS_PER_MINUTE: '100',
      RATE_LIMIT_CREDENTIAL_CHECKS_PER_MINUTE: '100',
      RATE_LIMIT_REFRESHES_PER_MINUTE: '100',
      // Evaluations at the event loop's priority: beside the rest of the suite on two cores, a niced
      // evaluator thread waited past the evaluation's time limit (a 422 naming EVALUATION_TIMEOUT_MS in
      // "Evaluating an API specification").
      EVALUATION_NICE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start did not print its banner:\n${output}`)),
      60_000,
    );
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const api = /^ {2}API: +(http\S+)\/api$/m.exec(output);
      const sandbox = /^Sandbox .*: (http\S+)$/m.exec(output);
      if (api && sandbox) {
        clearTimeout(timer);
        resolve({ child, B: api[1], S: sandbox[1], output, log: () => output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}):\n${output}`));
    });
  });
}

/** Walk-throughs running at once against the one system. */
const WALKTHROUGH_CONCURRENCY = 3;

/** package.json's `bin`: the commands `npx` runs in a clone. */
function packageBins(): Record<string, string> {
  return (
    JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> }
  ).bin;
}

/**
 * A folder holding an `npx` that runs this package's own commands (package.json's `bin`) the way npx
 * resolves them in a clone, and hands anything else to the real npx: the walk-throughs run with it
 * first in their PATH. npm loads the project's whole tree before it runs a local bin, about 2.5 s of CPU
 * a call (nine calls a pass of the walk-throughs); a test checks that the real npx runs the very same
 * file, with the same output and exit status, and that anything else reaches the real npx.
 */
function localBinNpx(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-npx-'));
  const cases = Object.entries(packageBins()).map(
    ([name, file]) => `  ${name}) shift; exec "${process.execPath}" "${path.join(ROOT, file)}" "$@" ;;`,
  );
  writeFileSync(
    path.join(dir, 'npx'),
    // Anything else: the npx the PATH has after this folder.
    [
      '#!/usr/bin/env bash',
      'case "$1" in',
      ...cases,
      'esac',
      `PATH="\${PATH#${dir}:}" exec npx "$@"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  return dir;
}

/** Runs `fn`s at most `n` at a time, in the order they were given. */
function limit(n: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (fn) => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await fn();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

const blocks = walkthroughs();

/** A new user's personal access token, through the API as the walk-throughs get theirs. */
async function newToken(B: string, scopes: string[]): Promise<string> {
  const email = `readme-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const signup = await fetch(`${B}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse', name: 'Readme' }),
  });
  const cookie = signup.headers
    .getSetCookie()
    .find((c) => c.startsWith('sb-access-token='))!
    .split(';')[0];
  const created = await fetch(`${B}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'readme', scopes }),
  });
  return ((await created.json()) as { token: string }).token;
}

/** Work started now and awaited later, by a test: never rejects (no unhandled rejection meanwhile). */
function settled<T>(work: Promise<T>): Promise<() => T> {
  return work.then(
    (value) => () => value,
    (error: unknown) => () => {
      throw error;
    },
  );
}

const workflowBlock = theBlock('yaml workflow');
const sdkExample = theBlock('ts sdk-example');
const EXAMPLES = path.join(
  ROOT,
  'libs',
  'vendor-index',
  'data',
  'rulesets',
  'examples',
  'api-documentation-basics',
);

interface WorkflowRun {
  ok: boolean;
  steps: StepResult[];
  /** governance.sarif as the run left it in the checkout. */
  sarif?: string;
}
interface WorkflowRuns {
  passing: WorkflowRun;
  failing: WorkflowRun;
}

/**
 * The README's workflow, run twice by one runner with the packed CLI: on a conforming specification,
 * then (the CLI installed by the first run) on one with violations. Throws when the first run fails.
 */
async function workflowRuns(B: string): Promise<WorkflowRuns> {
  const { tarballs } = await packedClients(ROOT, ['cli']);
  // A read-only token, as the workflow's comment says: evaluating changes nothing.
  const token = await newToken(B, ['api:read']);
  const registry = await lockfileRegistry(ROOT);
  const work = mkdtempSync(path.join(os.tmpdir(), 'pc-workflow-'));
  try {
    const globalPrefix = path.join(work, 'global');
    const run = async (spec: string, installed = false): Promise<WorkflowRun> => {
      const checkout = mkdtempSync(path.join(work, 'checkout-'));
      mkdirSync(path.join(checkout, 'api'));
      copyFileSync(spec, path.join(checkout, 'api', 'openapi.yaml'));
      const result = await runWorkflow(workflowBlock.text, {
        cwd: checkout,
        context: { POLICY_CATALOG_URL: B, POLICY_CATALOG_TOKEN: token },
        tarballs,
        registry: registry.url,
        globalPrefix,
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        installed,
      });
      const sarif = path.join(checkout, 'governance.sarif');
      return { ...result, sarif: existsSync(sarif) ? readFileSync(sarif, 'utf8') : undefined };
    };
    const passing = await run(path.join(EXAMPLES, 'conforming', 'documented.yaml'));
    if (!passing.ok)
      throw new Error(
        `${workflowBlock.file}:${workflowBlock.line}: the workflow failed\n${JSON.stringify(passing.steps, null, 2)}`,
      );
    const failing = await run(path.join(EXAMPLES, 'non-conforming', 'undocumented.yaml'), true);
    return { passing, failing };
  } finally {
    rmSync(work, { recursive: true, force: true });
    await registry.close();
  }
}

interface SdkExampleRun {
  problems: string[];
  /** The example run with the URL and a token in its environment (once it type-checks). */
  run?: { stdout: string; stderr: string };
}

/**
 * The README's SDK example, type-checked with tsc, then run (as `node -r tools/register.js`). The file
 * lives at a path named by its text's digest and is kept for the next run: tools/register.js keeps SWC's
 * output per path, so at a new path every run it loaded SWC and TypeScript to transpile the one file
 * (about 0.3 s of CPU) and left one more entry in its cache. Files written whole (renamed into place):
 * runs at the same time write the same text.
 */
async function sdkExampleRun(B: string): Promise<SdkExampleRun> {
  const digest = createHash('sha256').update(sdkExample.text).digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), `pc-sdk-example-${digest}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'pipeline-step.ts');
  writeFileWhole(file, sdkExample.text);
  const problems = await typeProblems(ROOT, file);
  if (problems.length > 0) return { problems };
  const register = path.join(ROOT, 'tools', 'register.js');
  const run = await runCommandSettled(process.execPath, ['-r', register, file], {
    cwd: dir,
    env: { POLICY_CATALOG_URL: B, POLICY_CATALOG_TOKEN: await newToken(B, ['api:read', 'api:write']) },
    timeoutMs: 60_000,
  });
  return { problems, run };
}

describe('the walk-throughs of the README and the guides, against a system started like npm start', () => {
  let db: TestDatabase;
  let dataDir: string;
  let npxDir: string;
  let system: { child: ChildProcess; B: string; S: string; output: string; log: () => string };

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-readme-'));
    npxDir = localBinNpx();
    system = await startLikeNpmStart(db.url, dataDir);
  }, 90_000);

  afterAll(async () => {
    if (system?.child.exitCode === null) {
      const exited = new Promise((resolve) => system.child.once('exit', resolve));
      system.child.kill('SIGTERM');
      await exited;
    }
    await stopCliRunner();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (npxDir) rmSync(npxDir, { recursive: true, force: true });
  }, 30_000);

  it('prints the ready banner without a log line per route or module', () => {
    expect(system.output).toContain('Policy Catalog is running');
    expect(system.output).not.toMatch(/Mapped \{|dependencies initialized/);
  });

  it("runs the same CLI file through the real npx and through the walk-throughs' npx, with the same output and exit status, and hands it anything else", async () => {
    // Every node started records the file it runs (npm's own, then the CLI's under the real npx).
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'pc-npx-probe-'));
    const probe = path.join(scratch, 'probe.js');
    writeFileSync(
      probe,
      "const fs = require('node:fs');\nif (process.argv[1]) fs.appendFileSync(process.env.PC_NPX_PROBE, `${fs.realpathSync(process.argv[1])}\\n`);\n",
    );
    // What the clients guide runs through npx: a command against the system, with options, the URL and
    // a token from the environment, a report on stdout and exit 1 (the specification has a violation).
    const spec = path.join(scratch, 'openapi.yaml');
    copyFileSync(path.join(EXAMPLES, 'non-conforming', 'undocumented.yaml'), spec);
    const token = await newToken(system.B, ['api:read']);
    const npx = async (name: string, args: string[], pathVariable: string | undefined) => {
      const files = path.join(scratch, `${name}.files`);
      const run = await runCommandSettled('npx', args, {
        cwd: ROOT,
        env: {
          PATH: pathVariable,
          NODE_OPTIONS: `--require ${probe}`,
          PC_NPX_PROBE: files,
          POLICY_CATALOG_URL: system.B,
          POLICY_CATALOG_TOKEN: token,
          POLICY_CATALOG_CONFIG_DIR: path.join(scratch, 'config'),
        },
        timeoutMs: 60_000,
      });
      return { run, files: existsSync(files) ? readFileSync(files, 'utf8').trim().split('\n') : [] };
    };
    const shimmed = `${npxDir}:${process.env.PATH ?? ''}`;
    const evaluate = ['policy-catalog', 'evaluate', spec, '-r', 'api-documentation-basics'];
    try {
      const [real, local, realVersion, localVersion] = await Promise.all([
        npx('real', evaluate, process.env.PATH),
        npx('local', evaluate, shimmed),
        npx('real-version', ['--version'], process.env.PATH),
        npx('local-version', ['--version'], shimmed),
      ]);
      // The walk-throughs' npx starts one node, on the bin; the real npx starts npm (the file its own
      // `npx --version` runs), then that very bin, and nothing else.
      const bin = realpathSync(path.join(ROOT, packageBins()['policy-catalog']));
      const npm = realVersion.files;
      expect(npm).toHaveLength(1);
      expect(local.files).toEqual([bin]);
      expect([...new Set(real.files)].sort()).toEqual([bin, ...npm].sort());
      // The same report and the same exit status either way.
      expect(real.run.code).toBe(1);
      expect(real.run.stdout).toContain('api-documentation-basics');
      expect(local.run).toEqual(real.run);
      // Anything else is the real npx's: npm's own file, the same answer.
      expect(realVersion.run.code).toBe(0);
      expect(localVersion.run).toEqual(realVersion.run);
      expect(localVersion.files).toEqual(npm);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('finds the walk-throughs in the README and the guides', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
  });

  it('runs every shell block of the guides: none is shown that the tests do not run', () => {
    expect(unrunShellBlocks()).toEqual([]);
  });

  /**
   * Each walk-through runs twice (re-runnable: unique names, nothing left behind that a second reader
   * trips on), and the walk-throughs run WALKTHROUGH_CONCURRENCY at a time: they are independent by
   * design, and most of their time is waiting on builds, health and the platform's latency. The clients
   * section's work (packing and installing the CLI, the workflow's runs, type-checking and running the
   * SDK example) starts beside them, one piece after the other: it is mostly CPU where they mostly wait.
   * Tests await these outcomes, which never reject.
   */
  let outcomes: Map<Walkthrough, Promise<string | undefined>>;
  let clients: {
    workflow: Promise<() => WorkflowRuns>;
    sdkExample: Promise<() => SdkExampleRun>;
  };
  beforeAll(() => {
    const workflow = settled(workflowRuns(system.B));
    clients = { workflow, sdkExample: workflow.then(() => settled(sdkExampleRun(system.B))) };
    const slots = limit(WALKTHROUGH_CONCURRENCY);
    outcomes = new Map(
      blocks.map((block) => [
        block,
        slots(async () => {
          for (const attempt of ['first', 'second']) {
            const run = await runCommandSettled('bash', ['-euo', 'pipefail', '-c', block.script], {
              cwd: os.tmpdir(),
              env: {
                PATH: `${npxDir}:${process.env.PATH ?? ''}`,
                B: system.B,
                S: system.S,
                ADMIN_EMAIL: ADMIN.email,
                ADMIN_PASSWORD: ADMIN.password,
                ROOT,
              },
              timeoutMs: 180_000,
            });
            if (run.code !== 0) {
              return `${block.file}:${block.line}, ${attempt} run, ${exitOf(run)}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
            }
          }
          return undefined;
        }),
      ]),
    );
  });

  it.each(blocks.map((b) => [`"${b.title}" (${b.file}:${b.line})`, b] as const))(
    'runs %s, then runs it again',
    async (_, block) => {
      const failure = await outcomes.get(block);
      if (failure) throw new Error(failure);
    },
    600_000,
  );

  describe('the clients section', () => {
    it('runs the GitHub Actions workflow with the packed CLI: passes on a conforming specification, fails on violations with the SARIF written', async () => {
      expect(workflowBlock).toBeDefined();
      const { passing, failing } = (await clients.workflow)();
      expect(passing.steps.map((s) => s.skipped ?? s.status)).toEqual(['uses', 'uses', 0, 0, 'uses']);
      expect(sarifProblems(JSON.parse(passing.sarif!))).toEqual([]);

      // The same runner again, the CLI installed by the run above (one install per test).
      expect(failing.steps[2]).toMatchObject({ skipped: 'installed' });
      expect(failing.ok).toBe(false);
      expect(failing.steps[3]).toMatchObject({ status: 1 });
      const sarif = JSON.parse(failing.sarif!);
      expect(sarifProblems(sarif)).toEqual([]);
      expect(sarif.runs[0].results.length).toBeGreaterThan(0);
    }, 300_000);

    it('type-checks and runs the SDK example with a token in the environment', async () => {
      expect(sdkExample).toBeDefined();
      const { problems, run } = (await clients.sdkExample)();
      expect(problems).toEqual([]);
      expect(run!.stderr).toBe('');
      expect(run!.stdout).toMatch(
        /^readme-.*: [1-9]\d* rulesets, conforms: (true|false)\nno such policy: NOT_FOUND\n$/,
      );
    }, 300_000);

    it('connects an MCP client with the assistant configuration shown, a token put in its place', async () => {
      const config = theBlock('json mcp-config');
      const server = (
        JSON.parse(config.text) as {
          mcpServers: Record<string, { type: string; url: string; headers: Record<string, string> }>;
        }
      ).mcpServers['policy-catalog'];
      expect(server.type).toBe('http');
      const token = await newToken(system.B, ['api:read']);
      const headers = Object.fromEntries(
        Object.entries(server.headers).map(([k, v]) => [k, v.replace(/pcat_\.\.\./, token)]),
      );
      const client = new Client({ name: 'readme', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(new URL(server.url).pathname, system.B), {
          requestInit: { headers },
        }),
      );
      try {
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toContain('search_rulesets');
        expect(tools.every((t) => t.annotations?.readOnlyHint)).toBe(true);
      } finally {
        await client.close();
      }
    });
  });

  it('keeps the provenance signing key in DATA_DIR (0600) and out of every log line', () => {
    const file = path.join(dataDir, 'provenance-signing-keys');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const seed = readFileSync(file, 'utf8').trim().split(':')[1];
    expect(seed).toHaveLength(44);
    // The walk-throughs above deployed and verified: the whole output of the system is scanned.
    expect(system.log()).toContain('Policy Catalog is running');
    expect(system.log()).not.toContain(seed);
  });

  it('keeps the webhook secrets key in DATA_DIR (0600), out of every log line, and the audit outbox there', () => {
    const file = path.join(dataDir, 'webhooks-encryption-keys');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = readFileSync(file, 'utf8').trim().split(':')[1];
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(system.log()).not.toContain(key);
    expect(statSync(path.join(dataDir, 'audit-outbox')).isDirectory()).toBe(true);
  });
});
