// Type-aware linting for the whole workspace, and the Nx module boundaries that keep the
// architecture honest: apps never import apps, the contracts library imports nothing of ours.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

const base = [
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts'] },
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts'] },
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts'] },
  {
    sourceTag: 'type:composition',
    onlyDependOnLibsWithTags: ['type:app', 'type:lib', 'type:contracts', 'type:testing'],
  },
];
// Tests may also use the test harness.
const forTests = base.map((c) =>
  c.sourceTag === 'type:contracts'
    ? c
    : { ...c, onlyDependOnLibsWithTags: [...new Set([...c.onlyDependOnLibsWithTags, 'type:testing'])] },
);
const testFiles = [
  '**/*.spec.ts',
  '**/*.integration-spec.ts',
  '**/*.e2e-spec.ts',
  'libs/testing/**/*.ts',
  'apps/*/src/testing/**/*.ts',
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.data', '.nx', 'coverage', '**/*.js', '**/*.mjs', '**/*.cjs'] },
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
      '@nx/enforce-module-boundaries': ['error', { allow: [], depConstraints: base }],
    },
  },
  {
    files: testFiles,
    rules: {
      '@nx/enforce-module-boundaries': ['error', { allow: [], depConstraints: forTests }],
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
    // The composition root (npm start, end-to-end tests) is the one place that puts apps together.
    files: ['apps/embedded/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [
            '@pc/gateway',
            '@pc/identity',
            '@pc/catalog',
            '@pc/connections',
            '@pc/workspaces',
            '@pc/deployments',
            '@pc/deployment-worker',
            '@pc/sandbox',
          ],
          depConstraints: forTests,
        },
      ],
    },
  },
  {
    files: ['tools/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
