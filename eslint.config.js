// Lint config. The architecture of DESIGN.md §3 is enforced here as import rules:
// web → contract → domain, server → contract → domain, never web ↔ server; domain imports only
// zod, luxon and itself; contract (the API's shapes, docs/decisions/api-contract.md) imports only
// zod, domain and itself.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Import patterns each source root may not use; exported so a test can prove they bite. */
export const boundaries = {
  domain: [
    {
      group: ['**/server/**', '**/web/**', '**/contract/**', '../server', '../web', '../contract'],
      message: 'src/domain is pure: it may not import server, web or contract code (DESIGN.md §3).',
    },
    {
      regex: '^(?!zod(/|$)|luxon$|\\.{1,2}/)',
      message: 'src/domain may import only zod, luxon and itself (DESIGN.md §3).',
    },
  ],
  contract: [
    {
      group: ['**/server/**', '**/web/**', '../server', '../web'],
      message: 'src/contract is pure: it may not import server or web code (api-contract.md).',
    },
    {
      regex: '^(?!zod(/|$)|\\.{1,2}/)',
      message: 'src/contract may import only zod, src/domain and itself (api-contract.md).',
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
      message:
        'Web code may not import server code; share through src/contract or src/domain (DESIGN.md §3).',
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
    // The contract is as pure as the domain: shapes only, no clock, environment or I/O.
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: boundaries.contract }],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'src/contract has no clock.' },
        { object: 'process', property: 'env', message: 'src/contract reads no environment.' },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'src/contract has no I/O.' }],
    },
  },
  {
    files: ['src/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            boundaries.contract[0],
            { ...boundaries.contract[1], regex: '^(?!zod(/|$)|vitest$|\\.{1,2}/)' },
          ],
        },
      ],
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
