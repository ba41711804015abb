// Lint config. The architecture of docs/design/stack.md is enforced here as import rules:
// web → contract → domain, server → contract → domain, never web ↔ server; domain imports only
// zod, luxon and itself; contract (the API's shapes, docs/decisions/api-contract.md) imports only
// zod, domain and itself. Inside src/server the module shape of docs/decisions/module-boundaries.md
// is the project's own rule (lint-rules/); import cycles are checked by tests/lint/no-cycles.test.ts.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import forkful from './lint-rules/index.js';

/** Packages that only run on the server: the browser bundle may not import them. */
const serverOnlyPackages = [
  'pg',
  'pg-.*',
  'drizzle-orm',
  'drizzle-kit',
  'fastify',
  'fastify-.*',
  '@fastify/.*',
  'pino',
  'sharp',
  'nodemailer',
  'openid-client',
  'zipcodes',
  '@node-rs/.*',
  '@electric-sql/.*',
  'node:.*',
  ...builtinModules.filter((m) => !m.startsWith('_')),
];
const serverOnlyRegex = `^(${serverOnlyPackages.join('|')})(/|$)`;

/**
 * Modules whose own files the module-shape rule does not check. Empty: every module has the shape
 * (the placement path's modules joined last, issue 10). Kept so a test can see it stays empty.
 */
export const untilPlacementRewriteLands = [];

/** The clock is injected into the pure roots: every way of reading "now" is refused there. */
const clockReads = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'new Date() reads the clock: inject the time; the pure roots have no I/O.',
  },
  {
    selector: "CallExpression[callee.name='Date']",
    message: 'Date() reads the clock: inject the time; the pure roots have no I/O.',
  },
  {
    selector:
      "CallExpression[callee.object.name='DateTime'][callee.property.name=/^(local|utc)$/][arguments.length=0]",
    message: 'DateTime.local()/utc() without arguments read the clock: inject the time.',
  },
];

/** Import patterns each source root may not use; exported so a test can prove they bite. */
export const boundaries = {
  domain: [
    {
      group: ['**/server/**', '**/web/**', '**/contract/**', '../server', '../web', '../contract'],
      message:
        'src/domain is pure: it may not import server, web or contract code (docs/design/stack.md).',
    },
    {
      regex: '^(?!zod(/|$)|luxon$|\\.{1,2}/)',
      message: 'src/domain may import only zod, luxon and itself (docs/design/stack.md).',
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
      message: 'Server code may not import web code (docs/design/stack.md).',
    },
  ],
  web: [
    {
      group: ['**/server/**', '../server'],
      message:
        'Web code may not import server code; share through src/contract or src/domain (docs/design/stack.md).',
    },
    {
      regex: serverOnlyRegex,
      message: 'A server-only package (database, HTTP server, Node built-in) in browser code.',
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
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.domain }] },
  },
  {
    // The pure roots: the clock and the environment are injected, never read, and no code is
    // loaded at run time.
    files: ['src/domain/**/*.ts', 'src/contract/**/*.ts'],
    plugins: { forkful },
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: 'Inject the clock; the pure roots have no I/O.',
        },
        {
          object: 'DateTime',
          property: 'now',
          message: 'Inject the clock; the pure roots have no I/O.',
        },
        { object: 'performance', property: 'now', message: 'The pure roots read no clock.' },
        { object: 'process', property: 'env', message: 'The pure roots read no environment.' },
      ],
      'no-restricted-syntax': ['error', ...clockReads],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The pure roots have no I/O.' },
        { name: 'process', message: 'The pure roots read no environment or process state.' },
      ],
      'forkful/dynamic-import': ['error', { forbidAll: true }],
    },
  },
  {
    // The contract is as pure as the domain (the pure-roots block above): shapes only.
    files: ['src/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.contract }] },
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
    // Tests of the domain (and the inputs they share, *.testkit.ts) may also use the test tools.
    files: ['src/domain/**/*.test.ts', 'src/domain/**/*.testkit.ts'],
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
    plugins: { forkful },
    rules: {
      'no-restricted-imports': ['error', { patterns: boundaries.server }],
      'forkful/dynamic-import': ['error', { forbiddenRoots: ['src/web'] }],
      'forkful/module-shape': ['error', { exempt: untilPlacementRewriteLands }],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read environment variables only in src/server/config.ts (checked there).',
        },
      ],
    },
  },
  {
    // The one place that reads the environment, and tests that set it up.
    files: ['src/server/config.ts', 'src/server/**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { forkful },
    rules: {
      'no-restricted-imports': ['error', { patterns: boundaries.web }],
      'forkful/dynamic-import': [
        'error',
        { forbiddenRoots: ['src/server'], forbiddenPackages: serverOnlyRegex },
      ],
      'no-restricted-globals': [
        'error',
        {
          name: 'process',
          message: 'Browser code has no process; configuration comes from the server.',
        },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', '.ci/**', '*.config.*'],
    rules: { 'no-console': 'off' },
  },
);
