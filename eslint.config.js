// Lint config. The architecture of DESIGN.md §3 is enforced here as import rules:
// web → domain, server → domain, never web ↔ server, and domain imports only zod, luxon and itself.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Import patterns each source root may not use; exported so a test can prove they bite. */
export const boundaries = {
  domain: [
    {
      group: ['**/server/**', '**/web/**', '../server', '../web'],
      message: 'src/domain is pure: it may not import server or web code (DESIGN.md §3).',
    },
    {
      regex: '^(?!zod(/|$)|luxon$|\\.{1,2}/)',
      message: 'src/domain may import only zod, luxon and itself (DESIGN.md §3).',
    },
  ],
  server: [
    {
      group: ['**/web/**', '../web'],
      message: 'Server code may not import web code (DESIGN.md §3).',
    },
  ],
  web: [
    {
      group: ['**/server/**', '../server'],
      message: 'Web code may not import server code; share through src/domain (DESIGN.md §3).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: boundaries.domain }],
      // The clock and the environment are injected into the domain, never read from it.
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Inject the clock; src/domain has no I/O.' },
        { object: 'process', property: 'env', message: 'src/domain reads no environment.' },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'src/domain has no I/O.' }],
    },
  },
  {
    // Tests of the domain may also use the test tools.
    files: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            boundaries.domain[0],
            {
              ...boundaries.domain[1],
              regex: '^(?!zod(/|$)|luxon$|vitest$|fast-check$|\\.{1,2}/)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.server }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: boundaries.web }],
      'no-console': 'off',
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', '.ci/**', '*.config.*'],
    rules: { 'no-console': 'off' },
  },
);
