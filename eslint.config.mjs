// Type-aware linting for the whole workspace, and the Nx module boundaries that keep the
// architecture honest: apps never import apps, the contracts library imports nothing of ours.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import { readFileSync } from 'node:fs';
import { plugin as pcPlugin } from './tools/eslint/feature-boundaries.mjs';

// Kinds of project (the `type:` tag) and what each may import. See docs/architecture.md for the graph.
export const byType = {
  'type:contracts': [], // the messages between services: nothing of ours
  'type:platform': ['type:platform', 'type:contracts'], // shared Nest infrastructure
  'type:adapter': ['type:adapter', 'type:platform', 'type:contracts'], // clients of external systems
  'type:service': ['type:adapter', 'type:store', 'type:kernel', 'type:platform', 'type:contracts'], // a microservice: never another app
  // the gateway, the tool server, the sandbox; the web app takes the API's types from the SDK
  'type:app': ['type:adapter', 'type:platform', 'type:contracts', 'type:sdk'],
  // one schema shared by the service that owns it and its workers (libs/deployments-store): rows, SQL, migrations
  'type:store': ['type:platform', 'type:contracts'],
  // the listings kernel (libs/listings): the life of a listing, mounted by each kind's service
  'type:kernel': ['type:adapter', 'type:platform', 'type:contracts'],
  'type:testing': ['type:platform', 'type:contracts'], // the test harness
  // The publishable clients (npm packages of their own): the SDK imports nothing of ours, the CLI only it.
  'type:sdk': [],
  'type:cli': ['type:sdk'],
  // The one composition root: puts the apps together for `npm start` and the end-to-end tests.
  'type:composition': [
    'type:app',
    'type:service',
    'type:adapter',
    'type:store',
    'type:kernel',
    'type:platform',
    'type:contracts',
    'type:testing',
    'type:sdk',
  ],
};
// Which external systems each app calls (the `scope:` tag): an adapter is imported only by the apps that
// own that outbound call. A new app adds its line (and its project.json tags).
export const adaptersOf = {
  'scope:gateway': [],
  'scope:identity': [],
  'scope:catalog': ['scope:source-host', 'scope:listings'],
  'scope:connections': ['scope:platform'],
  'scope:workspaces': [],
  // sync and dev-version ask the platform and the registry; the workers also fetch the sources. Both
  // share the deployments schema's store (which calls no external system).
  'scope:deployments': ['scope:platform', 'scope:registry', 'scope:deployments-store'],
  'scope:deployment-worker': [
    'scope:source-host',
    'scope:platform',
    'scope:registry',
    'scope:deployments-store',
  ],
  'scope:rulesets': ['scope:source-host', 'scope:listings'],
  'scope:sandbox': [],
  'scope:mcp': [],
  'scope:web': [], // the browser app: only the public API, over HTTP
  'scope:cli': [], // the command line: only the public API, through the SDK
};
export const adapterScopes = ['scope:source-host', 'scope:registry', 'scope:platform'];
// A library of one service's own (its schema), imported only by the apps whose `adaptersOf` line names it.
export const storeScopes = ['scope:deployments-store'];
// The listings kernel, imported only by the services of the kinds (catalog, rulesets).
export const kernelScopes = ['scope:listings'];
const byScope = {
  'scope:shared': ['scope:shared'],
  ...Object.fromEntries(storeScopes.map((scope) => [scope, ['scope:shared', scope]])),
  // The kernel reads the kinds' repositories through the source host adapter.
  'scope:listings': ['scope:shared', 'scope:listings', 'scope:source-host'],
  ...Object.fromEntries(adapterScopes.map((scope) => [scope, ['scope:shared', scope]])),
  ...Object.fromEntries(
    Object.entries(adaptersOf).map(([scope, adapters]) => [scope, ['scope:shared', scope, ...adapters]]),
  ),
  'scope:embedded': ['*'],
};
const constraints = (extra = {}) =>
  Object.entries({ ...byType, ...byScope }).map(([sourceTag, tags]) => ({
    sourceTag,
    onlyDependOnLibsWithTags: [...new Set([...tags, ...(extra[sourceTag] ?? [])])],
  }));
const base = constraints();
// Tests may also use the test harness (contracts excepted); the sandbox's tests drive every adapter
// against it.
const forTests = constraints({
  ...Object.fromEntries(
    Object.keys(byType)
      .filter((t) => t !== 'type:contracts')
      .map((t) => [t, ['type:testing']]),
  ),
  'scope:sandbox': adapterScopes,
});
const boundaries = (depConstraints) => [
  'error',
  { allow: [], depConstraints, banTransitiveDependencies: false, enforceBuildableLibDependency: false },
];
// Nx refuses any import of an application whatever the tags; the composition root is the one exception.
const appAliases = Object.entries(
  JSON.parse(readFileSync(new URL('./tsconfig.base.json', import.meta.url), 'utf8')).compilerOptions.paths,
)
  .filter(([, [target]]) => target.startsWith('apps/'))
  .map(([alias]) => alias);
// Services whose inside follows the module and persistence conventions (docs/architecture.md, "Inside a
// service"): SQL only in repositories, features reach each other only through their module or index.
// The deployments schema's SQL lives in its store (libs/deployments-store) and the service's repositories.
export const conventionServices = [
  'catalog',
  'identity',
  'workspaces',
  'connections',
  'rulesets',
  'deployments',
  'deployment-worker',
];
// Enforced where the features are Nest modules: all of them but the worker, whose folders are the steps of
// one pipeline, not features. The fixtures prove the rule either way.
export const featureModuleServices = conventionServices.filter((app) => app !== 'deployment-worker');
const processEnvSyntax = {
  selector:
    "VariableDeclarator[init.type='Identifier'][init.name='process'] > ObjectPattern > Property[key.name='env']",
  message: "Configuration is read once, by the app's validated schema (<app>.env.ts): take it from there.",
};
const SQL_START = '/^\\s*(SELECT|INSERT|UPDATE|DELETE|WITH|LOCK)\\s/';
const sqlMessage =
  'SQL lives in repositories only (executor first): add an intention-revealing method to the repository of the feature.';
const testFiles = [
  '**/*.spec.ts',
  '**/*.integration-spec.ts',
  '**/*.e2e-spec.ts',
  'libs/testing/**/*.ts',
  'apps/*/src/testing/**/*.ts',
];

export default tseslint.config(
  {
    // lint-fixtures hold forbidden imports on purpose: tools/check-boundaries.js lints them on their own.
    ignores: [
      'node_modules',
      'dist',
      '.data',
      '.nx',
      'coverage',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      '**/lint-fixtures/**',
      'libs/sdk/src/generated/**', // generated by `npm run openapi`
      '**/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
      '@nx/enforce-module-boundaries': boundaries(base),
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            "Configuration is read once, by the app's validated schema (<app>.env.ts, loadEnv from @pc/platform): take it from there.",
        },
      ],
      'no-restricted-syntax': ['error', processEnvSyntax],
    },
  },
  {
    // One persistence style: a service reads top to bottom as its rule; the SQL, the locks and TypeORM
    // stay in repositories, reached through the `Database` of @pc/platform (pool or transaction).
    files: [
      ...conventionServices.map((app) => `apps/${app}/src/**/*.service.ts`),
      '**/lint-fixtures/**/*.service.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'typeorm', message: sqlMessage },
            { name: 'pg', message: sqlMessage },
          ],
          patterns: [{ group: ['typeorm/*', 'pg/*'], message: sqlMessage }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        processEnvSyntax,
        { selector: `Literal[value=${SQL_START}]`, message: sqlMessage },
        { selector: `TemplateElement[value.raw=${SQL_START}]`, message: sqlMessage },
        { selector: "CallExpression[callee.property.name='query']", message: sqlMessage },
      ],
    },
  },
  {
    // A feature reaches another only through what that one exports (its index or module).
    files: [...featureModuleServices.map((app) => `apps/${app}/src/**/*.ts`), '**/lint-fixtures/src/**/*.ts'],
    ignores: testFiles,
    plugins: { pc: pcPlugin },
    rules: { 'pc/feature-boundaries': 'error' },
  },
  {
    files: testFiles,
    rules: {
      '@nx/enforce-module-boundaries': boundaries(forTests),
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The deployments service's harness runs real deployment workers beside it against the sandbox
    // (source host, registry, platform), and pins as a review would (the source host's content digest).
    files: ['apps/deployments/src/testing/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { ...boundaries(forTests)[1], allow: ['@pc/deployment-worker', '@pc/sandbox', '@pc/source-host'] },
      ],
    },
  },
  {
    // The composition root (npm start, end-to-end tests) is the one place that puts apps together; the
    // benchmark's baseline reuses the catalog's SQL from there too.
    files: ['apps/embedded/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', { ...boundaries(forTests)[1], allow: appAliases }],
    },
  },
  {
    // The configuration modules read the environment; so do the test harness, the tests (which start
    // processes), the tools and the benchmark harness.
    files: [
      '**/*.env.ts',
      'libs/platform/src/config/**/*.ts',
      'tools/**/*.ts',
      'bench/**/*.ts',
      ...testFiles,
    ],
    rules: { 'no-restricted-properties': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    files: ['tools/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // IsOptional lets an explicit null through to the service (a 500 there): the gateway's DTOs use
    // Optional() or Nullable() instead (and @Transform(toInt) for query integers).
    files: ['apps/gateway/src/**/*.dto.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'class-validator',
              importNames: ['IsOptional'],
              message: 'Use Optional() or Nullable() from http/common.dto: IsOptional lets null through.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
