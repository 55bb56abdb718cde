#!/usr/bin/env node
// Fails when a policy-side file and a ruleset-side file share a clone of 10 or more lines: the life of a
// listing is written once, in the listings kernel (libs/listings), and each kind plugs in only what is its
// own (docs/architecture.md, "Listings: one kernel, two kinds"). The clones are found by jscpd (exact
// token runs, TypeScript and the web's TSX, everything under apps/ but committed migrations); a file is on
// the ruleset side when its path names a ruleset, on the policy side when it names the catalog or a
// policy. Clones within one side are left to review (`duplicates` in the development environment lists
// them).
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.join(__dirname, '..');
const MIN_LINES = 10;

function sideOf(file) {
  if (/ruleset/i.test(file)) return 'ruleset';
  if (/catalog|polic/i.test(file)) return 'policy';
  return null;
}

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'check-twins-'));
try {
  execFileSync(
    process.execPath,
    [
      require.resolve('jscpd/run-jscpd.js'),
      '--min-lines',
      String(MIN_LINES),
      '--format',
      'typescript,tsx',
      '--ignore',
      '**/migrations/**,**/node_modules/**,**/dist/**,**/*.d.ts,**/generated/**',
      '--reporters',
      'json',
      '--output',
      out,
      'apps',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const { duplicates } = JSON.parse(fs.readFileSync(path.join(out, 'jscpd-report.json'), 'utf8'));
  const twins = duplicates.filter((clone) => {
    const sides = [sideOf(clone.firstFile.name), sideOf(clone.secondFile.name)];
    return sides.includes('policy') && sides.includes('ruleset');
  });
  for (const clone of twins) {
    const where = (f) => `apps/${f.name}:${f.start}-${f.end}`;
    console.error(
      `check-twins: ${clone.lines} lines in ${where(clone.firstFile)} and ${where(clone.secondFile)}`,
    );
  }
  if (twins.length > 0) {
    console.error(
      `check-twins: ${twins.length} clone(s) of ${MIN_LINES}+ lines between a policy-side and a ruleset-side file: ` +
        'write it once (libs/listings, or a shared helper) and let each kind plug in what is its own',
    );
    process.exit(1);
  }
  console.log(`check-twins: no clone of ${MIN_LINES}+ lines between policy-side and ruleset-side files`);
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
