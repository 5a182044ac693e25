import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './tools/eslint/feature-boundaries.js';
import { repositoryQueries } from './tools/eslint/repository-queries.js';
import { transactionQueries } from './tools/eslint/transaction-queries.js';

const portal = {
  rules: { ...boundaries.rules, 'transaction-queries': transactionQueries, 'repository-queries': repositoryQueries },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
      'tools/eslint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { portal },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify plugins and test doubles are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'portal/feature-boundaries': ['error', { roots: ['apps/web/src', 'apps/server/src'] }],
      'portal/server-layers': ['error', { root: 'apps/server/src' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/server/**', '@portal/server*'], message: 'Only the server imports server code.' },
            { group: ['**/apps/web/**', '@portal/web*'], message: 'Only the web app imports web code.' },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in apps/server/src/config.ts only.' },
      ],
    },
  },
  {
    files: ['apps/server/src/config.ts', 'scripts/**', 'e2e/**', '.ci/**', 'bench/**', '**/*.config.{js,ts,mjs}'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'portal/transaction-queries': 'error' },
  },
  {
    files: ['apps/server/src/features/**/*.ts'],
    rules: { 'portal/repository-queries': ['error', { root: 'apps/server/src' }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);
