// Lint: typescript-eslint's recommended rules over every TypeScript file of the repository, and the
// browser floor (package.json's `browserslist`) over every file that ships to a browser.
import js from '@eslint/js';
import compat from 'eslint-plugin-compat';
import esx from 'eslint-plugin-es-x';
import { tsImport } from 'tsx/esm/api';
import tseslint from 'typescript-eslint';

// The floor's rules are computed by the build's own TypeScript (widget/build/), from the same list.
const { floorEsxRules, RUNTIME_NEEDS } = await tsImport('./widget/build/floor-lint.ts', import.meta.url);

/** Code that runs in a payer's or a merchant's browser, not in Node. */
const DEMO_PAGES = 'demo/{console,playground,shared,spa}/**/*.ts';
const BROWSER_FILES = ['widget/**/*.ts', DEMO_PAGES];
const NODE_FILES = ['widget/build/**', '**/vite.config.ts'];
/** Browser code that runs without canRun() (widget/internal/support.ts) before it: the side scripts, the demo. */
const UNGATED_FILES = [
  'widget/pay-page/*.ts',
  'widget/isolation/frame.ts',
  'widget/isolation/page-config.ts',
  DEMO_PAGES,
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // A request body is read only through server/http/body.ts, which applies its byte limit first.
    files: ['server/**/*.ts', 'demo/**/*.ts'],
    ignores: ['server/http/body.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.property.name='req'][property.name=/^(json|text|parseBody|arrayBuffer|formData|blob)$/]",
          message:
            'Read bodies with readBodyBytes/readFormBody or jsonBodyFirst with c.req.valid("json") (server/http/body.ts): they apply the limit.',
        },
      ],
    },
  },
  {
    // The server may import only what it and the widget must agree on: widget/shared/. The rest of
    // widget/ is shaped by the widget's byte budget, and a change made to save widget bytes must not
    // change what the server does. test/server/wiring.test.ts checks the same over the import graph.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(?:^|/)widget/(?!shared/)',
              message: 'The server imports widget code only from widget/shared/ (docs/architecture.md).',
            },
            {
              regex: '^pay-checkout(?:/|$)',
              message: 'The server imports widget code only from widget/shared/ (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // What the server imports of the widget's must bring nothing else of it along: widget/shared/ imports
    // only its own files, no Lit, no other widget folder, no package.
    files: ['widget/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./)',
              message: 'widget/shared/ imports only its own files (./x.ts): the server loads all of it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every web and JavaScript API the browser code calls, checked against the browser floor (package.json's
    // `browserslist`, the list the build's target comes from). The build lowers syntax, never APIs: one
    // missing there is a payer's broken checkout. Each one flagged gets a guard or a fallback, or, where
    // widget/internal/support.ts already refuses a browser without it, goes into its RUNTIME_NEEDS.
    files: BROWSER_FILES,
    ignores: NODE_FILES,
    ...compat.configs['flat/recommended'],
    settings: { lintAllEsApis: true, polyfills: [...RUNTIME_NEEDS] },
  },
  {
    files: UNGATED_FILES,
    ignores: NODE_FILES,
    settings: { lintAllEsApis: true, polyfills: [] },
  },
  {
    // ECMAScript built-ins and regular expressions (flags given as strings to `new RegExp` too) newer than
    // the floor runs, with es-x at the edition read from the same list (widget/build/floor-lint.ts): the
    // build passes them through as written. Type information tells it `x.replaceAll` is a string's.
    files: BROWSER_FILES,
    ignores: NODE_FILES,
    plugins: { 'es-x': esx },
    languageOptions: { parserOptions: { projectService: true } },
    rules: floorEsxRules(true),
  },
  {
    files: UNGATED_FILES,
    ignores: NODE_FILES,
    rules: floorEsxRules(false),
  },
  {
    // At the floor `#name` ships as a WeakMap and a helper call per access; `private _name` is mangled to a
    // short property by the build (vite.config.ts), for hundreds of bytes less.
    files: ['widget/**/*.ts'],
    ignores: ['widget/build/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'PrivateIdentifier',
          message: 'Use a TypeScript `private _name`: `#name` costs bytes at the floor.',
        },
      ],
    },
  },
);
