// Lint rules for the whole monorepo. Type-aware rules catch promises nobody awaits,
// which in a controller means a reconcile error that vanishes.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// Dependencies run one way. import-x/no-cycle follows value imports only (it skips `import type`
// by design), so a cycle made of type imports needs a zone: live/ is where services publish, and
// it may take their payload types (`types.ts`) but nothing else of theirs.
const liveIsALeaf = {
  target: 'apps/controller/src/live',
  from: 'apps/controller/src',
  except: ['./live', './history/types.ts', './install/types.ts', './resources/types.ts'],
  message:
    'live/ is imported by the services that publish into it: it may take their types.ts only (move a payload type there or to @opstudio/shared).',
};
// Test support lives outside the production trees (apps/controller/testing, and shared's
// src/testing which the package's tests share); only tests, bench/ and tests/e2e import it.
const testSupportIsForTests = {
  target: ['apps/controller/src', 'apps/controller/bin', 'apps/web', 'packages/shared/src', 'packages/sandbox/src'],
  from: ['apps/controller/testing', 'packages/shared/src/testing'],
  message: 'test support is for *.test.ts files, bench/ and tests/e2e: production code must not depend on it.',
};
const testFiles = [
  '**/*.test.ts',
  'apps/controller/testing/**',
  'packages/shared/src/testing/**',
  'tests/**',
  'bench/**',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      'apps/controller/src/generated/**',
      'apps/controller/dist/**',
      'bench/vs-go/dist/**',
      '.tmp-*/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'artifacts/**',
      '**/next-env.d.ts',
      'packages/sandbox/go/**',
      'packages/cel/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.mjs',
            'scripts/lib/*.mjs',
            'apps/controller/bin/*.js',
            'apps/controller/src/operators/planner-thread.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // resolves relative imports without extensions and the workspace packages (@opstudio/shared/*) to their sources
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'tsconfig.json',
            'apps/controller/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/shared/tsconfig.json',
            'packages/sandbox/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // within one workspace package: an import of another (@opstudio/shared from the controller) cannot close a
      // cycle, as shared imports no app (rule below), and not following it cuts this rule's time by two thirds
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [liveIsALeaf, testSupportIsForTests] },
      ],
    },
  },
  {
    files: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [liveIsALeaf] }] },
  },
  {
    // nothing imports a test, so no cycle runs through one; the modules it imports are checked on their own (a third of lint time)
    files: ['**/*.test.ts', '**/*.spec.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // packages/shared runs in the browser and in Node: it must stay pure (no I/O),
    // so the generators and the reconciler's desired state stay testable alone.
    files: ['packages/shared/**/*.ts'],
    ignores: ['packages/shared/**/*.test.ts', 'packages/shared/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'child_process', 'http', 'https', 'net', 'os'],
              message: 'packages/shared is pure: no Node built-ins (I/O belongs at the edges).',
            },
            {
              group: [
                '@kubernetes/client-node',
                '@prisma/*',
                '@opstudio/controller',
                '@opstudio/web',
                '@opstudio/sandbox',
              ],
              message: 'packages/shared is pure: no clients, databases or apps.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', name: ['test', 'it', 'describe', 'suite'], package: 'node:test' },
          ],
        },
      ],
    },
  },
);
