// Every test of the repository, as one Jest project. Tests run TypeScript through SWC (decorator
// metadata included) and resolve the tsconfig path aliases.
const fs = require('node:fs');
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace(/[/]/g, '\\/')}$`,
    path.join(__dirname, target),
  ]),
);

module.exports = {
  // A global option: end-to-end tests restart whole systems.
  testTimeout: 60000,
  // Integration and end-to-end files mostly wait on PostgreSQL, NATS, HTTP, builds and health polls:
  // measured with PC_TEST_CPU_REPORT, the whole suite used 933 s of CPU in a 1,321 s run with three
  // workers, about a third of two cores. Five keep two cores busy within PostgreSQL's default 100
  // connections (a test system holds about a dozen). `npm test -- --maxWorkers=N` overrides it.
  maxWorkers: 5,
  // How long a worker may take to exit once every file ran (Jest's default: 500 ms, then "A worker
  // process has failed to exit gracefully", which every full run printed). Measured with every worker's
  // handles logged: none was left running; each emitted 'exit' the moment Jest ended it, and the one
  // force-exited was still freeing its memory (1 GB resident after ~30 files: each file's modules,
  // 35 MB of heap apiece, kept until a major collection). At load average 8-12 a 570 MB worker was gone
  // 0.32 s after its 'exit', a 1 GB one was not at 0.5 s. A worker that a leaked handle keeps alive is
  // still reported, after this.
  workerGracefulExitTimeout: 3000,
  testSequencer: '<rootDir>/tools/jest/sequencer.js',
  globalSetup: '<rootDir>/tools/jest/global-setup.js',
  globalTeardown: '<rootDir>/tools/jest/global-teardown.js',
  // One project for every app, library and the bench (each folder with a project.json): their settings
  // are the same, and Jest keeps a transform cache, a module map and a resolver per project. With one
  // project per folder (22), a fresh clone transformed each shared source once per project that loaded
  // it; one project transforms it once. One folder's tests: `npm test -- apps/identity/`.
  rootDir: __dirname,
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/bench'],
  testEnvironment: 'node',
  runtime: path.join(__dirname, 'tools', 'jest', 'runtime.js'),
  setupFilesAfterEnv: [
    path.join(__dirname, 'tools', 'jest', 'cpu-report.js'),
    path.join(__dirname, 'tools', 'jest', 'evaluator-threads.js'),
  ],
  testMatch: ['**/*.spec.ts', '**/*.integration-spec.ts', '**/*.e2e-spec.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swcrc, swcrc: false }] },
  moduleNameMapper,
};
