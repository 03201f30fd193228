// Lint rules for the whole monorepo. Type-aware rules catch promises nobody awaits,
// which in a controller means a reconcile error that vanishes.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      'apps/controller/src/generated/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'artifacts/**',
      '**/next-env.d.ts',
      'packages/sandbox/go/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.mjs', 'apps/controller/bin/*.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
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
            { group: ['node:*', 'fs', 'path', 'child_process', 'http', 'https', 'net', 'os'], message: 'packages/shared is pure: no Node built-ins (I/O belongs at the edges).' },
            { group: ['@kubernetes/client-node', '@prisma/*', '@opstudio/controller', '@opstudio/web', '@opstudio/sandbox'], message: 'packages/shared is pure: no clients, databases or apps.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', name: ['test', 'it', 'describe', 'suite'], package: 'node:test' }] }],
    },
  },
);
