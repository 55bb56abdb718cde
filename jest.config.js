// One Jest project per app and library (each folder with a project.json). Tests run TypeScript
// through SWC (decorator metadata included) and resolve the tsconfig path aliases.
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

function projectDirs() {
  const dirs = [];
  const walk = (dir, depth) => {
    if (depth > 3 || !fs.existsSync(dir)) return;
    if (fs.existsSync(path.join(dir, 'project.json'))) {
      dirs.push(dir);
      return;
    }
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(path.join(dir, entry.name), depth + 1);
    }
  };
  walk(path.join(__dirname, 'apps'), 0);
  walk(path.join(__dirname, 'libs'), 0);
  walk(path.join(__dirname, 'bench'), 0);
  return dirs;
}

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
  projects: projectDirs().map((dir) => ({
    displayName: JSON.parse(fs.readFileSync(path.join(dir, 'project.json'), 'utf8')).name,
    rootDir: dir,
    testEnvironment: 'node',
    runtime: path.join(__dirname, 'tools', 'jest', 'runtime.js'),
    setupFilesAfterEnv: [path.join(__dirname, 'tools', 'jest', 'cpu-report.js')],
    testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.integration-spec.ts', '<rootDir>/**/*.e2e-spec.ts'],
    transform: { '^.+\\.ts$': ['@swc/jest', { ...swcrc, swcrc: false }] },
    moduleNameMapper,
  })),
};
