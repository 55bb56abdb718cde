#!/usr/bin/env node
// Proves that the module boundaries (and the rule that keeps `process.env` in the config modules) are enforced: lints fixtures (`<project>/lint-fixtures/*.ts`, kept
// out of the normal lint and of the Nx graph) and expects @nx/enforce-module-boundaries to refuse each
// forbidden import and to accept the allowed one. Run after the project graph is computed
// (`npm run lint` does that first); fails if the rule was skipped for want of a graph.
const { ESLint } = require('eslint');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const RULE = '@nx/enforce-module-boundaries'; // unless a case names another rule
const cases = [
  { file: 'libs/contracts/lint-fixtures/imports-platform.ts', forbidden: true },
  { file: 'apps/catalog/lint-fixtures/imports-identity.ts', forbidden: true },
  { file: 'apps/identity/lint-fixtures/imports-source-host.ts', forbidden: true },
  { file: 'apps/gateway/lint-fixtures/imports-testing.ts', forbidden: true },
  { file: 'apps/catalog/lint-fixtures/imports-source-host.ts', forbidden: false },
  // The listings kernel: the services of the kinds only.
  { file: 'apps/identity/lint-fixtures/imports-listings.ts', forbidden: true },
  // The deployments schema's store: the service and its workers only.
  { file: 'apps/catalog/lint-fixtures/imports-deployments-store.ts', forbidden: true },
  { file: 'apps/deployment-worker/lint-fixtures/imports-deployments-store.ts', forbidden: false },
  {
    file: 'apps/gateway/lint-fixtures/reads-process-env.ts',
    forbidden: true,
    rule: 'no-restricted-properties',
  },
  // Inside a service: SQL and TypeORM only in repositories; features through each other's index/module.
  { file: 'apps/catalog/lint-fixtures/sql-in.service.ts', forbidden: true, rule: 'no-restricted-syntax' },
  {
    file: 'apps/catalog/lint-fixtures/typeorm-in.service.ts',
    forbidden: true,
    rule: 'no-restricted-imports',
  },
  {
    file: 'apps/workspaces/lint-fixtures/src/members/imports-shares-repository.ts',
    forbidden: true,
    rule: 'pc/feature-boundaries',
  },
  {
    file: 'apps/workspaces/lint-fixtures/src/members/imports-shares-index.ts',
    forbidden: false,
    rule: 'pc/feature-boundaries',
  },
];

/** Every project carries one `type:` tag the rule knows and one `scope:` tag with constraints of its own. */
async function checkTags() {
  const { byType, adaptersOf, adapterScopes, storeScopes, kernelScopes } = await import(
    path.join(root, 'eslint.config.mjs')
  );
  const scopes = new Set([
    'scope:shared',
    'scope:embedded',
    ...adapterScopes,
    ...storeScopes,
    ...kernelScopes,
    ...Object.keys(adaptersOf),
  ]);
  const failures = [];
  const walk = (dir, depth) => {
    if (depth > 3 || !fs.existsSync(dir)) return;
    const file = path.join(dir, 'project.json');
    if (fs.existsSync(file)) {
      const { tags = [] } = JSON.parse(fs.readFileSync(file, 'utf8'));
      const types = tags.filter((t) => t.startsWith('type:'));
      const scope = tags.filter((t) => t.startsWith('scope:'));
      const where = path.relative(root, file);
      if (types.length !== 1 || !(types[0] in byType))
        failures.push(`${where}: needs one type: tag of ${Object.keys(byType).join(', ')}`);
      if (scope.length !== 1 || !scopes.has(scope[0]))
        failures.push(
          `${where}: needs one scope: tag with constraints (a new app adds its line to adaptersOf in eslint.config.mjs)`,
        );
      return;
    }
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(path.join(dir, entry.name), depth + 1);
  };
  walk(path.join(root, 'apps'), 0);
  walk(path.join(root, 'libs'), 0);
  return failures;
}

async function main() {
  const eslint = new ESLint({ cwd: root, ignore: false });
  const write = process.stdout.write.bind(process.stdout);
  let skipped = false;
  // The rule reports a missing graph on stdout, not as a lint message.
  process.stdout.write = (chunk, ...rest) => {
    if (String(chunk).includes('No cached ProjectGraph')) skipped = true;
    return write(chunk, ...rest);
  };
  const results = await eslint.lintFiles(cases.map((c) => path.join(root, c.file)));
  process.stdout.write = write;
  const failures = await checkTags();
  if (skipped) failures.push(`${RULE} was skipped: no project graph (run \`npx nx show projects\` first)`);
  for (const c of cases) {
    const result = results.find((r) => r.filePath === path.join(root, c.file));
    const rule = c.rule ?? RULE;
    const messages = result.messages.filter((m) => m.ruleId === rule);
    const others = result.messages.filter((m) => m.ruleId !== rule);
    if (others.length)
      failures.push(`${c.file}: unexpected ${others.map((m) => `${m.ruleId}: ${m.message}`).join('; ')}`);
    if (messages.length) console.log(`check-boundaries: ${c.file}: ${messages[0].message.split('\n')[0]}`);
    if (c.forbidden && messages.length === 0)
      failures.push(`${c.file}: the forbidden import was not refused`);
    if (!c.forbidden && messages.length > 0) failures.push(`${c.file}: refused: ${messages[0].message}`);
  }
  if (failures.length) {
    for (const f of failures) console.error(`check-boundaries: ${f}`);
    process.exit(1);
  }
  console.log(
    `check-boundaries: ${cases.filter((c) => c.forbidden).length} forbidden cases refused, ${cases.filter((c) => !c.forbidden).length} allowed ones accepted`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
